//! The owl search: attacker and defender alternate on a copy of the
//! position, each trying a short list of moves (see [`Owl::attack_moves`]
//! and [`Owl::defense_moves`]); every node first looks at the dragon
//! statically ([`super::life`]).
//!
//! The attack succeeds when the string at the target is captured, or when
//! the dragon can make neither two eyes nor eat anything nor run even if
//! it moves first (not judged at the root). It fails when the dragon has
//! two sure eyes or room to run (liberties of order 4) below the root,
//! and also when the depth or the node budget is spent (life is assumed,
//! as GNU Go does).

use std::collections::HashMap;

use crate::key_hash::KeyBuild;

use super::goal::grow;
use super::ko::KoState;
use super::life::{analyze, components, expand_goal, Life};
use super::trace;
use super::OwlLimits;
use crate::go::board::{Color, Position};
use crate::go::dragons::{Dragons, ESCAPE_ALIVE};
use crate::go::eye_shape::ShapeCache;
use crate::go::liberties::liberties_by_order;
use crate::go::reading::{self, Code, ReadingLimits};
use crate::go::worms::Worms;

/// One owl question in progress.
pub struct Owl {
    /// The limits in force.
    pub limits: OwlLimits,
    /// Positions visited.
    pub nodes: u64,
    /// The target stone (the attack wins when it is captured).
    target: usize,
    /// The dragon's colour.
    color: Color,
    /// Results of finished nodes: position key and side to move (true for
    /// the attacker) to the result and the depth it was found at.
    cache: HashMap<(u64, bool, u64), (NodeResult, usize), KeyBuild>,
    /// Eye-space values found so far (a value depends only on its key, so
    /// the caller may carry them from one question to the next).
    shapes: ShapeCache,
    /// The move that led to the node being read (`None` at the root).
    last: Option<usize>,
    /// Static looks taken so far, by position key, dragon mask and the
    /// reader's start depth: the ranking of a node's moves looks at the
    /// positions its children then read.
    looks: HashMap<(u64, u64, usize), Life, KeyBuild>,
    /// The root's big eye spaces and the empty points around them, when
    /// the defender moving first makes two eyes (see [`big_spaces`]).
    root_space: Vec<usize>,
    /// The node count at which the running probe gives up, if one runs.
    probe_end: Option<u64>,
    /// The running probe reached its node count.
    probe_hit: bool,
}

/// A hash of the stones and the ko point of `pos`.
fn key(pos: &Position) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for v in 0..pos.area() {
        let c = match pos.get(v) {
            None => 0u64,
            Some(Color::Black) => 1,
            Some(Color::White) => 2,
        };
        h = (h ^ c).wrapping_mul(0x0100_0000_01b3);
    }
    h ^ pos
        .ko_point()
        .map_or(0, |k| k as u64 + 1)
        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// A hash of the points marked in `mask`.
fn mask_key(mask: &[bool]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for (v, _) in mask.iter().enumerate().filter(|(_, &m)| m) {
        h = (h ^ v as u64).wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// A node the static look leaves open.
struct Open {
    /// The dragon's stones.
    mask: Vec<bool>,
    /// Its static look.
    life: Life,
    /// A goal that replaces the search's (see [`Owl::fresh_look`]).
    goal: Option<Vec<usize>>,
    /// The moves of a probe past a "looks dead" exit (see
    /// [`PROBE_NODES`]), when the node is one.
    probe: Option<Vec<usize>>,
}

/// The result of a node: the code for the side to move and its move.
pub type NodeResult = (Code, Option<usize>);

/// Conditional ko captures are tried only up to this depth.
const KO_DEPTH: usize = 8;

/// The owl moves that do not shorten the tactical reading below them
/// (see [`Owl::reading_at`]): counting every move loses owl.tst 196
/// (and 262); from the third on, no regression case changes.
const FREE_PLIES: usize = 2;

impl Owl {
    /// A search for the dragon holding `target` (of colour `color`),
    /// starting from the eye-space values in `shapes`.
    pub fn new(target: usize, color: Color, limits: &OwlLimits, shapes: ShapeCache) -> Owl {
        Owl {
            limits: *limits,
            nodes: 0,
            target,
            color,
            cache: HashMap::default(),
            shapes,
            last: None,
            looks: HashMap::default(),
            root_space: Vec::new(),
            probe_end: None,
            probe_hit: false,
        }
    }

    /// The eye-space values found, for the next question.
    pub fn into_shapes(self) -> ShapeCache {
        self.shapes
    }

    /// The tactical reader's limits at a node `depth` moves below the
    /// root: the owl's moves past the first [`FREE_PLIES`] count towards
    /// the reader's depths, as GNU Go's whole move stack does, so deep
    /// nodes read their strings less deeply.
    fn reading_at(&self, depth: usize) -> ReadingLimits {
        ReadingLimits {
            start_depth: self.limits.reading.start_depth + depth.saturating_sub(FREE_PLIES),
            ..self.limits.reading
        }
    }

    /// The goal after the defender's move `m` at a node `depth` moves
    /// below the root (see [`grow`]): empty diagonals link only down to
    /// [`DIAGONAL_LINK_DEPTH`].
    fn grown(
        &self,
        before: &Position,
        after: &Position,
        m: usize,
        goal: &[usize],
        mask: &[bool],
        depth: usize,
    ) -> Vec<usize> {
        let limits = self.reading_at(depth + 1);
        grow(
            before,
            after,
            m,
            goal,
            mask,
            &limits,
            depth <= DIAGONAL_LINK_DEPTH,
        )
    }

    fn life(&mut self, pos: &Position, goal: &[bool], depth: usize) -> Life {
        let limits = self.reading_at(depth);
        let k = (key(pos), mask_key(goal), limits.start_depth);
        if let Some(life) = self.looks.get(&k) {
            return life.clone();
        }
        let life = analyze(pos, goal, self.color, &limits, &mut self.shapes);
        self.looks.insert(k, life.clone());
        life
    }

    /// True when the dragon is alive for sure: two eyes with the attacker
    /// to move, or room to run (liberties of order 4) of at least `bar`.
    fn looks_alive(life: &Life, bar: usize) -> bool {
        life.eyes.b >= 2 || life.escape >= bar
    }

    /// True when the dragon cannot live even moving twice: fewer than two
    /// eyes after two defender moves, nothing to eat, no room to run.
    fn looks_dead(life: &Life) -> bool {
        life.eyes.d < 2 && !life.live_lunch && !life.open && life.escape < 2
    }

    /// The attacker to move: can it kill the dragon whose stones are
    /// `goal`?
    pub fn attack(&mut self, pos: &Position, goal: &[usize], depth: usize) -> NodeResult {
        self.cached(pos, goal, depth, true, KoState::default())
    }

    /// The defender to move: can it save the dragon?
    pub fn defend(&mut self, pos: &Position, goal: &[usize], depth: usize) -> NodeResult {
        self.cached(pos, goal, depth, false, KoState::default())
    }

    /// A node through the cache: a result found at the same depth or
    /// nearer the root (so with at least as much depth left) is reused;
    /// results cut by the node budget are not kept.
    fn cached(
        &mut self,
        pos: &Position,
        goal: &[usize],
        depth: usize,
        attacker: bool,
        kom: KoState,
    ) -> NodeResult {
        let k = (key(pos), attacker, kom.key());
        if let Some(&(res, at)) = self.cache.get(&k) {
            if at <= depth {
                return res;
            }
        }
        let res = self.node(pos, goal, depth, attacker, kom);
        // Results cut short by a probe's count are not kept either.
        if self.nodes <= self.limits.nodes && !self.probe_hit {
            self.cache.insert(k, (res, depth));
        }
        res
    }

    /// The static part of a node: the result when the search stops here,
    /// else the dragon's mask and its static look.
    fn settle(
        &mut self,
        pos: &Position,
        goal: &[usize],
        depth: usize,
        attacker: bool,
        kom: KoState,
    ) -> Result<Open, bool> {
        if pos.get(self.target) != Some(self.color) {
            trace::settled(depth, "captured");
            return Err(false);
        }
        self.nodes += 1;
        if depth >= self.limits.depth || self.nodes > self.limits.nodes {
            trace::settled(depth, "limit");
            return Err(true);
        }
        if self.probe_end.is_some_and(|end| self.nodes > end) {
            self.probe_hit = true;
            trace::settled(depth, "probe limit");
            return Err(true);
        }
        let mask = expand_goal(pos, goal);
        let life = self.life(pos, &mask, depth);
        if depth == 0 {
            self.root_space = if life.eyes.c >= 2 {
                big_spaces(pos, &life)
            } else {
                Vec::new()
            };
        }
        // At the root two eyes by the static look do not end the search:
        // the attacker still tries its moves, and the defender asks the
        // attacker first (see `node`). Room to run does not end the
        // search at the root either: the defender still looks for its
        // move, as GNU Go does (owl.tst owl_defend +103 +153 +209), and
        // the attacker may still close the way out (the liberties of
        // order 4 count open points it can block: owl.tst owl_attack
        // +151 +222 +256).
        let root = depth == 0;
        let retake = self
            .ko_retake_near(pos, &mask, kom, depth, attacker)
            .is_some();
        let short = SHORT_LIBERTY_DEPTHS.contains(&depth) && short_of_liberties(pos, &mask, &life);
        // A defender's stone just played whose capture would be a ko: the
        // static look cannot see the ko, so the attacker reads on.
        let ko_stone = || {
            self.last
                .is_some_and(|l| pos.get(l) == Some(self.color) && pos.is_ko_point(l))
        };
        let shaky = attacker && (life.in_atari || retake || short || ko_stone());
        let mut life = life;
        // Inside a probe only eyes count: it reads the fight for the eye
        // space, and room to run there was already judged too little.
        let bar = if self.probe_end.is_some() {
            usize::MAX
        } else {
            escape_bar(depth)
        };
        if Self::looks_alive(&life, bar) && !shaky && !root {
            // Room to run is no life when the attacker, to move, captures
            // one of the dragon's strings (a net): it reads on from there.
            let net = if attacker && life.eyes.b < 2 {
                netted(pos, &mask, &self.reading_at(depth))
            } else {
                None
            };
            let Some(m) = net else {
                trace::ended(pos, depth, attacker, &life, "looks alive");
                return Err(true);
            };
            life.attack_points.insert(0, m);
        }
        // At the root the defender still tries its moves: the static look
        // misses eyes made by captures, connections and ko.
        let mut probe = None;
        if depth > 0 && Self::looks_dead(&life) && !retake {
            // At its first replies (HIDDEN_LUNCH_DEPTHS) the defender
            // still tries to eat a small enemy string of three liberties
            // that the look does not count, the attacker's stone just
            // played included (GNU Go's owl has no "looks dead" exit: its
            // defender reads its lunches).
            let hidden = if HIDDEN_LUNCH_DEPTHS.contains(&depth) && !attacker {
                hidden_lunches(pos, &mask, &self.reading_at(depth))
            } else {
                Vec::new()
            };
            // At the first reply below either root it also runs where one
            // stone on a liberty would have ample room (the attacker, to
            // move, then blocks there).
            let runs = if depth == 1 {
                hidden_runs(pos, &mask, self.color)
            } else {
                Vec::new()
            };
            if hidden.is_empty() && runs.is_empty() {
                // The attacker's first stone inside a big eye space of the
                // root: the look cannot judge the fight against it, so a
                // probe reads it (see `node`).
                let intruder = self.last.filter(|l| {
                    depth == 1 && !attacker && self.root_space.contains(l) && pos.get(*l).is_some()
                });
                let Some(l) = intruder else {
                    if let Some((stones, mask, fresh)) =
                        self.fresh_look(pos, &mask, depth, attacker)
                    {
                        return Ok(Open {
                            mask,
                            life: fresh,
                            goal: Some(stones),
                            probe: None,
                        });
                    }
                    trace::ended(pos, depth, attacker, &life, "looks dead");
                    return Err(false);
                };
                probe = Some(pos.liberties(l).into_iter().collect());
            }
            life.lunches.extend(hidden);
            if attacker {
                life.attack_points.extend(runs);
            } else {
                life.defense_points.extend(runs);
            }
        }
        Ok(Open {
            mask,
            life,
            goal: None,
            probe,
        })
    }

    /// At the defender's first reply below a defender's root, a dragon
    /// that looks dead may have grown past the search's goal: a fresh
    /// dragon analysis around the target, when it holds more stones and
    /// they do not look dead, gives the node its goal, mask and look.
    fn fresh_look(
        &mut self,
        pos: &Position,
        mask: &[bool],
        depth: usize,
        attacker: bool,
    ) -> Option<(Vec<usize>, Vec<bool>, Life)> {
        if attacker || depth != FRESH_LOOK_DEPTH {
            return None;
        }
        let worms = Worms::analyze(pos);
        let stones = Dragons::analyze_groups_around(pos, &worms, self.target).stones(self.target);
        if stones.iter().all(|&s| mask[s]) {
            return None;
        }
        let fresh_mask = expand_goal(pos, &stones);
        let fresh = self.life(pos, &fresh_mask, depth);
        (!Self::looks_dead(&fresh)).then_some((stones, fresh_mask, fresh))
    }

    /// One node, the attacker or the defender to move. A move that
    /// retakes a ko (illegal on the board) is tried as a conditional ko
    /// capture (the mover is taken to have found a threat first) when the
    /// komaster rules allow it ([`KoState`]: the owner of a ko keeps it)
    /// and nothing better was found; success then
    /// is only [`Code::KoB`]. An answer that succeeds through a ko turns
    /// the mover's result into the other ko code.
    fn node(
        &mut self,
        pos: &Position,
        goal: &[usize],
        depth: usize,
        attacker: bool,
        kom: KoState,
    ) -> NodeResult {
        let Open {
            mask,
            life,
            goal: fresh_goal,
            probe,
        } = match self.settle(pos, goal, depth, attacker, kom) {
            Ok(x) => x,
            Err(lives) => {
                let win = lives != attacker;
                return (if win { Code::Win } else { Code::Lose }, None);
            }
        };
        let goal = fresh_goal.as_deref().unwrap_or(goal);
        let Some(moves) = probe else {
            return self.expand(pos, goal, depth, attacker, kom, &mask, &life, None);
        };
        // A probe: the defender answers the intruder at its liberties with
        // a few nodes; unless that settles it, the "looks dead" verdict
        // stands.
        self.probe_end = Some(self.nodes + PROBE_NODES);
        let res = self.expand(pos, goal, depth, attacker, kom, &mask, &life, Some(moves));
        self.probe_end = None;
        if std::mem::take(&mut self.probe_hit) {
            trace::ended(pos, depth, attacker, &life, "looks dead (probe)");
            return (Code::Lose, None);
        }
        res
    }

    /// The moves of a node the static look left open: `only` replaces
    /// the candidate list when given.
    #[allow(clippy::too_many_arguments)]
    fn expand(
        &mut self,
        pos: &Position,
        goal: &[usize],
        depth: usize,
        attacker: bool,
        kom: KoState,
        mask: &[bool],
        life: &Life,
        only: Option<Vec<usize>>,
    ) -> NodeResult {
        let mut alive_as_is = false;
        if depth == 0 && !attacker && Self::looks_alive(life, ESCAPE_ALIVE) {
            // Alive as it stands unless the attacker, moving first, kills.
            // No move is needed (a pass) only with two eyes that two
            // attacker moves cannot spoil; otherwise (room to run, or
            // eyes the attacker could reduce) the defender's move that
            // keeps the dragon alive is still looked for, as GNU Go's
            // stricter static look makes it do, and a pass answered only
            // when none is found.
            let (a, _) = self.cached(pos, goal, 0, true, kom);
            if a == Code::Lose {
                if life.eyes.a >= 2 {
                    return (Code::Win, None);
                }
                alive_as_is = true;
            }
        }
        let mover = if attacker {
            self.color.other()
        } else {
            self.color
        };
        let mut moves = if let Some(only) = only {
            only
        } else if attacker {
            self.attack_moves(pos, mask, life, depth)
        } else {
            self.defense_moves(pos, mask, life, depth)
        };
        // A ko next to the dragon the mover may retake is tried last,
        // beyond the width (only when nothing else worked).
        if let Some(k) = self.ko_retake_near(pos, mask, kom, depth, attacker) {
            if !moves.contains(&k) {
                moves.push(k);
            }
        }
        trace::node(pos, depth, attacker, life, &moves);
        let mut best: NodeResult = (Code::Lose, None);
        let mut plain_tried = 0;
        for m in moves {
            let may_retake = best.0 == Code::Lose && depth <= KO_DEPTH;
            let Some(played) = kom.play(pos, mover, m, may_retake) else {
                continue;
            };
            let (p, next, conditional) = (played.pos, played.ko, played.conditional);
            plain_tried += usize::from(!conditional);
            let g = if attacker {
                goal.to_vec()
            } else {
                self.grown(pos, &p, m, goal, mask, depth)
            };
            let before = self.last.replace(m);
            let (reply, _) = self.cached(&p, &g, depth + 1, !attacker, next);
            self.last = before;
            trace::tried(pos, depth, m, reply.reverse(), self.nodes);
            if conditional {
                if reply != Code::Win && best.0 == Code::Lose {
                    best = (Code::KoB, Some(m));
                }
            } else {
                let code = reply.reverse();
                if code == Code::Win {
                    return (code, Some(m));
                }
                if code > best.0 {
                    best = (code, Some(m));
                }
            }
            if self.nodes > self.limits.nodes || self.probe_hit {
                break;
            }
        }
        if alive_as_is {
            return (Code::Win, None);
        }
        // Only a ko retake was tried and it wins: as GNU Go does, the
        // attacker asks whether the dragon could live even if the ko
        // were given up (the defender moving here); if not, it is dead
        // (below the root, where the defender asks the attacker first).
        if attacker && depth > 0 && plain_tried == 0 && best.0 == Code::KoB {
            let (d, _) = self.cached(pos, goal, depth, false, kom);
            if d == Code::Lose {
                return (Code::Win, None);
            }
        }
        best
    }

    /// The ko next to the dragon `mask` that the side to move (the
    /// attacker when `attacker`) may retake, conditionally: the static
    /// look does not end the search then (the retake may spoil an eye
    /// or save the dragon), and the retake is tried.
    fn ko_retake_near(
        &self,
        pos: &Position,
        mask: &[bool],
        kom: KoState,
        depth: usize,
        attacker: bool,
    ) -> Option<usize> {
        let k = pos.ko_point()?;
        let mover = if attacker {
            self.color.other()
        } else {
            self.color
        };
        let near = pos
            .neighbors(k)
            .any(|q| mask[q] || pos.neighbors(q).any(|r| mask[r]));
        let allowed = is_ko_retake(pos, mover, k) && kom.play(pos, mover, k, true).is_some();
        (depth <= KO_DEPTH && near && allowed).then_some(k)
    }

    /// How many moves a node at `depth` may try.
    fn width(&self, depth: usize) -> usize {
        if depth < self.limits.branch_depth {
            self.limits.width
        } else {
            self.limits.narrow_width
        }
    }

    /// The attacker's moves: vital points (its own, then the defender's),
    /// captures of the dragon's weak strings, rescues of stones the dragon
    /// could eat (extending from atari, or the reader's defence of a
    /// lunch), the eye space and its margins (where the dragon would
    /// run or grow eyes), and attacks on weak stones that wall an eye.
    pub fn attack_moves(
        &mut self,
        pos: &Position,
        goal: &[bool],
        life: &Life,
        depth: usize,
    ) -> Vec<usize> {
        let attacker = self.color.other();
        let mut out: Vec<usize> = Vec::new();
        let add = |out: &mut Vec<usize>, m: usize| {
            if pos.get(m).is_none()
                && !out.contains(&m)
                && (pos.is_legal(attacker, m) || is_ko_retake(pos, attacker, m))
            {
                out.push(m);
            }
        };
        for &m in &life.attack_points {
            add(&mut out, m);
        }
        // The defender's vital points are often the attacker's too (a
        // stone placed inside next to where the attacker pushes in).
        for &m in &life.defense_points {
            add(&mut out, m);
        }
        for s in strings(pos, goal) {
            let libs = pos.liberties(s);
            if libs.len() <= 2 {
                for &l in &libs {
                    add(&mut out, l);
                }
            }
        }
        for &(e, _) in &life.lunches {
            let libs = pos.liberties(e);
            if libs.len() == 1 {
                add(&mut out, libs[0]);
            }
        }
        // Saving a lunch the dragon could still eat takes away an eye.
        for &m in &life.lunch_saves {
            add(&mut out, m);
        }
        for m in eye_space_by_score(pos, goal, life) {
            add(&mut out, m);
        }
        // Last, the liberties of weak stones of the dragon's colour that
        // bound its eye spaces.
        for &m in &life.weak_walls {
            add(&mut out, m);
        }
        self.rank(pos, goal, &mut out, attacker, depth);
        let extra = if depth == 0 { ROOT_ATTACK_EXTRA } else { 0 };
        out.truncate(self.width(depth) + extra);
        out
    }

    /// The defender's moves: vital points, captures of adjacent enemy
    /// strings, saving its own strings in atari, then the eye space and
    /// the margins.
    pub fn defense_moves(
        &mut self,
        pos: &Position,
        goal: &[bool],
        life: &Life,
        depth: usize,
    ) -> Vec<usize> {
        let color = self.color;
        let mut out: Vec<usize> = Vec::new();
        let add = |out: &mut Vec<usize>, m: usize| {
            if pos.get(m).is_some() || out.contains(&m) {
                return;
            }
            let mut p = pos.clone();
            let captured = match p.play(color, m) {
                Ok(n) => n,
                Err(_) if is_ko_retake(pos, color, m) => p.force_play(color, m),
                Err(_) => return,
            };
            // No self-atari, except at the root one whose capture would
            // be a ko: the dragon may live through the ko (ld_owl.tst 158,
            // 178; deeper, such moves overrun the node budget).
            if captured == 0 && p.count_liberties(m) < 2 && !(depth == 0 && p.is_ko_point(m)) {
                return;
            }
            out.push(m);
        };
        for &m in &life.defense_points {
            add(&mut out, m);
        }
        for &(_, m) in &life.lunches {
            add(&mut out, m);
        }
        for s in strings(pos, goal) {
            let libs = pos.liberties(s);
            if libs.len() == 1 {
                add(&mut out, libs[0]);
            }
        }
        for m in eye_space_by_score(pos, goal, life) {
            add(&mut out, m);
        }
        self.rank(pos, goal, &mut out, color, depth);
        out.truncate(self.width(depth));
        if depth == 0 {
            // At the root every lunch's capture is tried, past the width:
            // a big dragon's eye-space moves can crowd them out (random
            // dragons: owl_defend codes equal on critical ones +10).
            for &(_, m) in &life.lunches {
                add(&mut out, m);
            }
            // Last, at the root, the ataris on a two-liberty lunch from
            // either side (the reader names one capturing move; the other
            // may start a ko: owl.tst +205).
            for &(e, _) in &life.lunches {
                let libs = pos.liberties(e);
                if libs.len() == 2 {
                    for &l in &libs {
                        add(&mut out, l);
                    }
                }
            }
        }
        out
    }

    /// Orders the candidates `moves` of `mover` before the width cut, at
    /// the nodes above [`RANK_DEPTH`]: by the static look after each move
    /// (stable, so the list's own order breaks ties). The attacker's moves
    /// that capture the target or leave the fewest eyes come first, the
    /// defender's that leave the most; ko retakes come last.
    fn rank(
        &mut self,
        pos: &Position,
        goal: &[bool],
        moves: &mut [usize],
        mover: Color,
        depth: usize,
    ) {
        if depth >= RANK_DEPTH || moves.len() <= 1 {
            return;
        }
        let attacker = mover != self.color;
        let stones: Vec<usize> = (0..pos.area()).filter(|&v| goal[v]).collect();
        let mut keyed: Vec<(i32, usize)> = Vec::with_capacity(moves.len());
        for (i, &m) in moves.iter().enumerate() {
            let mut p = pos.clone();
            let key = if p.play(mover, m).is_err() {
                LAST
            } else if p.get(self.target) != Some(self.color) {
                -LAST
            } else {
                let g = if attacker {
                    stones.clone()
                } else {
                    self.grown(pos, &p, m, &stones, goal, depth)
                };
                let life = self.life(&p, &expand_goal(&p, &g), depth + 1);
                life_key(&life, attacker)
            };
            keyed.push((key, i));
        }
        keyed.sort();
        let old = moves.to_vec();
        for (slot, (_, i)) in moves.iter_mut().zip(keyed) {
            *slot = old[i];
        }
    }
}

/// The attacker's root tries this many candidates beyond the width: a
/// failed attack asks for them only once every other candidate failed
/// (owl.tst +197, about 2% more time; 4 or more extra: no further case).
const ROOT_ATTACK_EXTRA: usize = 2;

/// A defender stone joins the goal through an empty diagonal only when
/// played at this depth or above: deeper, the static look trusts the
/// stones so joined too much. Measured: to depth 1, owl.tst +46 +48 +257
/// and ld_owl.tst -303 (a false defence at Q1); to depth 2 also owl.tst
/// +133 +255, -196 and ld_owl.tst -502; at every depth ld_owl.tst -2 -506.
const DIAGONAL_LINK_DEPTH: usize = 1;

/// The candidates are ranked by the static look after them at the nodes
/// shallower than this (measured: 1 gave ld_owl.tst +9/-4 against no
/// ranking, 2 gave +10/-3 and owl.tst +19/-13; 4 no better than 2 and
/// slower).
const RANK_DEPTH: usize = 2;

/// The rank key of a move that cannot be judged (a ko retake): last.
const LAST: i32 = 500;

/// The rank key of the look `life` after a move, lower first: for the
/// attacker the fewer eyes the dragon has with itself to move (then with
/// the attacker to move), for the defender the more eyes with the
/// attacker to move (then with itself to move); sure life, room to run
/// and a lunch still to eat weigh as well.
fn life_key(life: &Life, attacker: bool) -> i32 {
    let e = &life.eyes;
    let alive = i32::from(Owl::looks_alive(life, ESCAPE_ALIVE)) * 100;
    let extra = life.escape.min(ESCAPE_ALIVE) as i32 + i32::from(life.live_lunch);
    if attacker {
        alive + i32::from(e.c + e.d) * 8 + i32::from(e.b) * 4 + extra
    } else {
        -(alive + i32::from(e.b + e.c) * 8 + i32::from(e.a) * 4 + extra)
    }
}

/// The eye-space points and margins of `life`, best `score` first: the
/// last candidates of both sides.
fn eye_space_by_score(pos: &Position, goal: &[bool], life: &Life) -> Vec<usize> {
    let mut rest: Vec<usize> = life
        .region_points
        .iter()
        .chain(life.margins.iter())
        .copied()
        .collect();
    rest.sort_by_key(|&p| std::cmp::Reverse(score(pos, p, goal)));
    rest
}

/// The depths of the attacker's first reply (1 below a defender's root,
/// 2 below an attacker's) at which a dragon short of liberties does not
/// "look alive": its eyes are read on (`shaky` counts only the
/// attacker's nodes). Measured: depth 2 gained ld_owl.tst 324, 326 and
/// owl.tst 117, 187, 208; depth 1 as well ld_owl.tst 520, owl.tst 140,
/// -107, random dragons' owl_defend codes equal on dead dragons +8, on
/// alive and critical ones -3 each; from 3 on without a bound lost
/// owl.tst 27 and 80 (the 1000-node budget runs out).
const SHORT_LIBERTY_DEPTHS: [usize; 2] = [1, 2];

/// True when a string of the dragon `goal` has at most two liberties, one
/// of them inside its eye space: the attacker may then shorten its
/// liberties from outside and spoil an eye the static look counts.
fn short_of_liberties(pos: &Position, goal: &[bool], life: &Life) -> bool {
    strings(pos, goal).into_iter().any(|s| {
        let libs = pos.liberties(s);
        libs.len() <= 2 && libs.iter().any(|l| life.region_points.contains(l))
    })
}

/// How much more room to run than [`ESCAPE_ALIVE`] ends the search at
/// the first reply below the root (depth 1). GNU Go's owl never ends the
/// attacker's node on room to run and ends the defender's only from its
/// third move on: room to run counted right after the defender's first
/// move is often overestimated (the attacker blocks it or kills the part
/// that cannot run). Measured: a margin of 2 gained ld_owl.tst 502 and
/// owl.tst 149, 169 and 191, nothing lost; no escape exit at depth 1 at
/// all (or at depths 1 and 2) gained the same but lost owl.tst 200 (the
/// defender's D7 runs with liberties of order 4 of 7, and our defender
/// lacks GNU Go's eye-shape answer C8 to the block D8), and depths 1 and
/// 2 also lost owl.tst 170; a margin of 1 loses owl.tst 169 again (6
/// after C7) and 3 loses 200 (7 after D7).
const FIRST_REPLY_ESCAPE_MARGIN: usize = 2;

/// The room to run (liberties of order 4) from which a node at `depth`
/// below the root ends the search as alive: [`ESCAPE_ALIVE`], raised by
/// [`FIRST_REPLY_ESCAPE_MARGIN`] at the first reply.
fn escape_bar(depth: usize) -> usize {
    if depth <= 1 {
        ESCAPE_ALIVE + FIRST_REPLY_ESCAPE_MARGIN
    } else {
        ESCAPE_ALIVE
    }
}

/// The strings of more liberties than this are not read for a net.
const NET_LIBERTIES: usize = 4;

/// The capturing move of a string of the dragon `goal` with at most
/// [`NET_LIBERTIES`] liberties that the tactical reader captures, the
/// attacker moving first. Measured on the random dragons: `owl_attack`
/// codes equal to GNU Go's on critical dragons 393 -> 409, `owl_defend`
/// on dead ones 683 -> 692, nothing lost; no case of the regression
/// suites changes. For dragons with eyes as well: ld_owl.tst -2, owl.tst
/// +186, the random dragons unchanged.
fn netted(pos: &Position, goal: &[bool], limits: &ReadingLimits) -> Option<usize> {
    strings(pos, goal).into_iter().find_map(|s| {
        if pos.count_liberties(s) > NET_LIBERTIES {
            return None;
        }
        let a = reading::attack(pos, s, limits)?;
        (a.code == Code::Win).then_some(a.point).flatten()
    })
}

/// The liberties of the dragon `goal` (of colour `color`) where a stone
/// would have the room to run of a first reply ([`escape_bar`] at depth
/// 1): the static look counts only the room of the stones as they stand.
/// Measured at depth 1: random dragons' owl_attack codes equal on alive
/// dragons 1100 -> 1114, critical and dead -1 each (kills GNU Go does not
/// confirm, or a dragon it calls dead that runs); at depths 1 to 3 also
/// owl.tst -262; with a bar of [`ESCAPE_ALIVE`], alive +25, critical -12.
/// At the attacker's first reply below a defender's root as well:
/// owl_defend codes equal on critical dragons 392 -> 393, nothing else
/// changes (the attacker's node at depth 2 as well: no further change).
fn hidden_runs(pos: &Position, goal: &[bool], color: Color) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::new();
    for v in (0..pos.area()).filter(|&v| goal[v]) {
        for l in pos.neighbors(v) {
            if pos.get(l).is_some() || out.contains(&l) {
                continue;
            }
            let mut p = pos.clone();
            if p.play(color, l).is_ok() && liberties_by_order(&p, l)[3] >= escape_bar(1) {
                out.push(l);
            }
        }
    }
    out
}

/// The depth of [`Owl::fresh_look`]: the defender's first reply below a
/// defender's root. Measured on the random dragons: owl_defend codes
/// equal to GNU Go's on alive dragons 1188 -> 1192, on critical ones 393
/// -> 398, dead unchanged; owl.tst +254, ld_owl.tst -314 (the node budget
/// runs out before the defence P18 and the assumed life names T16); the
/// oracle run 10% slower. At depth 1 as well (below an attacker's root):
/// owl_attack +1 alive, -1 critical, one kill GNU Go's reading confirms
/// lost. Only for a fresh look with two eyes or room to run: owl.tst 254
/// not gained.
const FRESH_LOOK_DEPTH: usize = 2;

/// The nodes a probe may spend: the defender's answers to an attacker's
/// first stone inside a big eye space of the root, where the static look
/// says "looks dead" (see [`big_spaces`]); inside a probe only eyes make
/// life. Measured on the random dragons: owl_attack codes equal to GNU
/// Go's on alive dragons 1114 -> 1116 (our kills GNU Go does not find 78
/// -> 76), nothing else changes; 60 nodes the same. With room to run as
/// life inside a probe: alive 1118, but a kill GNU Go's own reading
/// confirms is lost; 150 nodes then: critical -3; 100 nodes with every
/// defender candidate instead of the stone's liberties: alive +11,
/// critical -8.
const PROBE_NODES: u64 = 25;

/// Eye spaces of at least this many points are big enough for a probe.
/// 5: owl.tst -14, no gain (a stone on the vital point of a small space
/// is judged better by the look than by a short probe).
const BIG_SPACE: usize = 7;

/// The regions of `life` of at least [`BIG_SPACE`] points and the empty
/// points next to them.
fn big_spaces(pos: &Position, life: &Life) -> Vec<usize> {
    let mut pts = life.region_points.clone();
    pts.sort_unstable();
    let mut out = Vec::new();
    for part in components(pos, &pts) {
        if part.len() >= BIG_SPACE {
            for &p in &part {
                out.push(p);
                out.extend(pos.neighbors(p).filter(|&q| pos.get(q).is_none()));
            }
        }
    }
    out
}

/// The most stones of a string [`hidden_lunches`] takes.
const HIDDEN_LUNCH_STONES: usize = 2;

/// The defender's depths at which a dragon that looks dead still reads
/// its [`hidden_lunches`]. The attacker's stone just played counts too
/// (measured against leaving it out: ld_owl.tst +1 -4, owl.tst +6 -1,
/// random dragons' attack codes equal to GNU Go's +19 alive, -7
/// critical); depth 3 alone changes no case, with it owl.tst +1. Depth 2
/// (the first reply below a defender's root): random dragons' defend
/// codes equal +2 alive, +5 critical; ld_owl.tst +314, -502 (a budget
/// spent sooner: a false defence by assumed life).
const HIDDEN_LUNCH_DEPTHS: [usize; 3] = [1, 2, 3];

/// Enemy strings of three liberties and at most [`HIDDEN_LUNCH_STONES`]
/// stones, next to the dragon `goal` or one or two empty points away
/// (two: owl.tst +84, random dragons +1), that the tactical reader
/// captures, with the capturing move.
fn hidden_lunches(pos: &Position, goal: &[bool], limits: &ReadingLimits) -> Vec<(usize, usize)> {
    let Some(color) = (0..pos.area()).find(|&v| goal[v]).and_then(|v| pos.get(v)) else {
        return Vec::new();
    };
    let mut seen = vec![false; pos.area()];
    let mut out = Vec::new();
    // The dragon's liberties and the empty points next to them: a string
    // touching one of these is near enough to make an eye once eaten.
    let mut zone: Vec<usize> = (0..pos.area())
        .filter(|&v| goal[v])
        .flat_map(|v| pos.neighbors(v))
        .collect();
    let second: Vec<usize> = zone
        .iter()
        .filter(|&&q| pos.get(q).is_none())
        .flat_map(|&q| pos.neighbors(q))
        .filter(|&r| pos.get(r).is_none())
        .collect();
    zone.extend(second);
    let near = zone.into_iter().flat_map(|q| {
        let around: Vec<usize> = if pos.get(q).is_none() {
            pos.neighbors(q).collect()
        } else {
            Vec::new()
        };
        std::iter::once(q).chain(around)
    });
    for q in near {
        if seen[q] || pos.get(q) != Some(color.other()) {
            continue;
        }
        let stones = pos.string(q);
        for &s in &stones {
            seen[s] = true;
        }
        if stones.len() > HIDDEN_LUNCH_STONES || pos.count_liberties(q) != 3 {
            continue;
        }
        let a = reading::attack(pos, q, limits).expect("a stone");
        if let (true, Some(m)) = (a.code != Code::Lose, a.point) {
            out.push((q, m));
        }
    }
    out
}

/// True when `color` at `m` would retake the ko the board forbids now.
pub(super) fn is_ko_retake(pos: &Position, color: Color, m: usize) -> bool {
    pos.ko_point() == Some(m) && pos.is_ko(m, color)
}

/// One stone of each string of the dragon.
fn strings(pos: &Position, goal: &[bool]) -> Vec<usize> {
    let mut seen = vec![false; pos.area()];
    let mut out = Vec::new();
    for v in 0..pos.area() {
        if goal[v] && !seen[v] {
            for s in pos.string(v) {
                seen[s] = true;
            }
            out.push(v);
        }
    }
    out
}

/// An ordering score for a point near the dragon: empty neighbours and
/// dragon neighbours count.
fn score(pos: &Position, p: usize, goal: &[bool]) -> i32 {
    pos.neighbors(p)
        .map(|q| {
            if pos.get(q).is_none() {
                2
            } else if goal[q] {
                1
            } else {
                0
            }
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// After black takes a ko, white's retake is illegal on the board and
    /// is a ko retake for white only; once the ko is gone (a pass), the
    /// retake is a plain legal move.
    #[test]
    fn ko_retake_is_recognised() {
        let mut p = crate::go::board::ko_fixture();
        let at = |r: usize, c: usize| r * 5 + c;
        p.play(Color::Black, at(1, 2)).expect("a ko capture");
        assert!(!p.is_legal(Color::White, at(1, 1)));
        assert!(is_ko_retake(&p, Color::White, at(1, 1)));
        assert!(!is_ko_retake(&p, Color::Black, at(1, 1)));
        p.pass();
        assert!(!is_ko_retake(&p, Color::White, at(1, 1)));
    }

    /// The white string C1-C3 has two liberties, B1 and D1; it is short
    /// of liberties only when one of them is in the eye space the static
    /// look counts.
    #[test]
    fn short_of_liberties_needs_a_liberty_in_the_eye_space() {
        use crate::go::worms::tests::{diagram, vertex};
        let p = diagram(&[
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "..X......",
            ".XOX.....",
            ".XOX.....",
            "..O......",
        ]);
        let v = |s: &str| vertex(&p, s);
        let mut goal = vec![false; p.area()];
        for s in ["C3", "C2", "C1"] {
            goal[v(s)] = true;
        }
        let mut life = Life::default();
        assert!(!short_of_liberties(&p, &goal, &life));
        life.region_points = vec![v("A1")];
        assert!(!short_of_liberties(&p, &goal, &life));
        life.region_points = vec![v("A1"), v("B1")];
        assert!(short_of_liberties(&p, &goal, &life));
    }

    /// Regions of at least seven points count for a probe, with the empty
    /// points next to them; smaller ones do not.
    #[test]
    fn only_big_regions_are_spaces_for_a_probe() {
        use crate::go::worms::tests::{diagram, vertex};
        let p = diagram(&["........."; 9]);
        let v = |s: &str| vertex(&p, s);
        let mut life = Life::default();
        let big = ["A1", "B1", "C1", "D1", "E1", "F1", "G1"];
        let small = ["A4", "B4"];
        life.region_points = big.iter().chain(small.iter()).map(|s| v(s)).collect();
        let mut got = big_spaces(&p, &life);
        got.sort_unstable();
        got.dedup();
        let mut want: Vec<usize> = big.iter().map(|s| v(s)).collect();
        want.extend(["A2", "B2", "C2", "D2", "E2", "F2", "G2", "H1"].map(v));
        want.sort_unstable();
        assert_eq!(got, want);
        life.region_points = big[..6].iter().map(|s| v(s)).collect();
        assert!(big_spaces(&p, &life).is_empty());
    }

    /// Black's D8-D7 under White's wall on the top edge: White's C6
    /// nets them (Black's C7 is captured at B7 or C8), though after C7
    /// Black has room to run by the count of liberties of order 4 (GNU
    /// Go 3.8 answers `owl_attack` with the net, H16 on the 19x19
    /// `net3.sgf` this corner is taken from).
    #[test]
    fn room_to_run_is_no_life_in_a_net() {
        use crate::go::owl::OwlLimits;
        use crate::go::worms::tests::{diagram, vertex};
        let p = diagram(&[
            "..OOOOO..",
            "...XOX...",
            "...XOX...",
            "....O....",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ]);
        let d8 = vertex(&p, "D8");
        let dragon = p.string(d8);
        let mut owl = Owl::new(
            d8,
            Color::Black,
            &OwlLimits::default(),
            ShapeCache::default(),
        );
        assert_eq!(
            owl.attack(&p, &dragon, 0),
            (Code::Win, Some(vertex(&p, "C6")))
        );
        let mut q = p.clone();
        q.play(Color::White, vertex(&q, "C6")).unwrap();
        q.play(Color::Black, vertex(&q, "C7")).unwrap();
        let mut goal = vec![false; q.area()];
        for s in q.string(d8) {
            goal[s] = true;
        }
        let m = netted(&q, &goal, &ReadingLimits::default()).unwrap();
        assert!(["B7", "C8"].map(|v| vertex(&q, v)).contains(&m));
    }

    /// White's E1 between Black's D1 and F1 has no room of its own, but
    /// E2 opens the board to it; under a Black wall on the third line E2
    /// leads nowhere.
    #[test]
    fn a_liberty_with_room_to_run_is_a_hidden_run() {
        use crate::go::worms::tests::{diagram, vertex};
        let runs = |rows: &[&str]| {
            let p = diagram(rows);
            let mut goal = vec![false; p.area()];
            goal[vertex(&p, "E1")] = true;
            (hidden_runs(&p, &goal, Color::White), vertex(&p, "E2"))
        };
        let mut rows = vec![".........".to_string(); 9];
        rows[8] = "...XOX...".to_string();
        let open: Vec<&str> = rows.iter().map(|r| r.as_str()).collect();
        let (found, e2) = runs(&open);
        assert_eq!(found, vec![e2]);
        rows[6] = "..XXXXX..".to_string();
        rows[7] = "..X...X..".to_string();
        let walled: Vec<&str> = rows.iter().map(|r| r.as_str()).collect();
        assert_eq!(runs(&walled).0, Vec::<usize>::new());
    }

    /// Room to run ends a node as alive from liberties of order 4 of
    /// [`ESCAPE_ALIVE`] (5) from depth 2 on, but only from 7 at the first
    /// reply (depth 1).
    #[test]
    fn room_to_run_counts_later_at_the_first_reply() {
        assert_eq!(ESCAPE_ALIVE, 5);
        assert_eq!((escape_bar(1), escape_bar(2), escape_bar(5)), (7, 5, 5));
        let mut life = Life::default();
        for (escape, first, later) in [(4, false, false), (5, false, true), (6, false, true)] {
            life.escape = escape;
            let free = |depth| Owl::looks_alive(&life, escape_bar(depth));
            assert_eq!((free(1), free(2)), (first, later));
        }
        life.escape = 7;
        assert!(Owl::looks_alive(&life, escape_bar(1)) && Owl::looks_alive(&life, escape_bar(3)));
    }
}
