//! The eye space as a graph of nodes (its points, the empty points
//! diagonal to them, the last outside liberties of weak wall strings)
//! and the questions the search asks about a state of it.

use super::{EnemyString, Surroundings, MAX_OUTSIDE, MAX_POINTS};
use crate::go::board::{Color, Position};

/// The most nodes of a graph: the eye space and its outside nodes.
pub(super) const MAX_NODES: usize = MAX_POINTS + MAX_OUTSIDE;

/// A search state: what each node holds (nodes past the graph's own
/// stay [`EMPTY`]).
pub(super) type State = [u8; MAX_NODES];

/// What one node holds.
pub(super) const EMPTY: u8 = 0;
pub(super) const ATTACKER: u8 = 1;
pub(super) const DEFENDER: u8 = 2;

/// Who wins the kos of one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum KoWinner {
    Attacker,
    Defender,
}

/// A diagonal node standing for an enemy string whose fight is a ko.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum KoNode {
    /// The owner captures it only through a ko: the attacker holds the
    /// node when it wins the kos.
    CapturedByKo,
    /// The enemy saves it only through a ko: the defender holds the node
    /// when it wins the kos.
    SavedByKo,
}

/// A string of the owner next to the eye space with at most one
/// liberty outside it: filling the eye space may capture it.
pub(super) struct WeakWall {
    /// The eye-space nodes next to its stones (a bit per node).
    pub touch: u16,
    /// The node of its one outside liberty, if it has one.
    pub lib: Option<usize>,
}

/// A connected group of defender stones: stones in the eye space and
/// weak wall strings.
pub(super) struct Group {
    /// Its eye-space stones (a bit per node).
    pub stones: u16,
    /// Its weak wall strings (a bit per wall).
    pub walls: u16,
    /// Its empty nodes next to it (a bit per node).
    pub libs: u16,
    /// True when it touches the solid wall or an outside liberty that is
    /// not a node, or the defender holds a weak wall's liberty.
    pub safe: bool,
}

/// The eye space as a graph, ready for the search.
pub(super) struct Graph {
    /// Board points of the nodes; the eye space first, then outside.
    pub vertex: Vec<usize>,
    /// The number of eye-space nodes (the rest are outside nodes).
    pub inner: usize,
    /// Orthogonal neighbours among the eye-space nodes.
    pub adj: Vec<Vec<usize>>,
    /// Open eye-space nodes: an attacker stone there has a way out.
    pub open: Vec<bool>,
    /// Eye-space nodes with a board neighbour outside the eye space.
    pub outside: Vec<bool>,
    /// Per eye-space node: the fixed part of its diagonal sum.
    pub base: Vec<u8>,
    /// Per eye-space node: its diagonal nodes (outside or inside).
    pub diag: Vec<Vec<usize>>,
    /// The weak wall strings; none means the wall is never captured.
    pub walls: Vec<WeakWall>,
    /// Per eye-space node: a defender stone there is connected to the
    /// solid wall or to an outside liberty that is not a node.
    pub solid: Vec<bool>,
    /// Diagonal nodes whose fight is a ko.
    kos: Vec<(usize, KoNode)>,
}

impl Graph {
    /// True when the search must be run once per ko winner.
    pub fn has_kos(&self) -> bool {
        !self.kos.is_empty() || !self.walls.is_empty()
    }

    /// The starting state when `winner` wins the kos.
    pub fn start(&self, pos: &Position, owner: Color, winner: KoWinner) -> State {
        let mut start: State = [EMPTY; MAX_NODES];
        for (i, &v) in self.vertex.iter().enumerate() {
            start[i] = match pos.get(v) {
                Some(c) if i < self.inner && c != owner => ATTACKER,
                Some(_) if i < self.inner => DEFENDER,
                _ => EMPTY,
            };
        }
        let fixed: Vec<usize> = self
            .kos
            .iter()
            .filter(|&&(n, kind)| {
                kind == KoNode::SavedByKo
                    && (0..self.inner)
                        .any(|i| self.diag[i].contains(&n) && self.quarter_sum(&start, i) <= 8)
            })
            .map(|k| k.0)
            .collect();
        for &(n, kind) in &self.kos {
            match (kind, winner) {
                (KoNode::CapturedByKo, KoWinner::Attacker) => start[n] = ATTACKER,
                (KoNode::SavedByKo, KoWinner::Defender) => start[n] = DEFENDER,
                // GNU Go's topological sum counts a ko the attacker must
                // win as 3/4 and one the defender must win as 5/4: an eye
                // point whose sum stays at 2 or less is proper, so there
                // the attacker does not get the ko.
                (KoNode::SavedByKo, KoWinner::Attacker) if fixed.contains(&n) => {
                    start[n] = DEFENDER
                }
                _ => {}
            }
        }
        start
    }

    /// GNU Go's topological sum of eye-space node `i` in state `s`, in
    /// quarters, with an empty ko node worth 3 or 5.
    fn quarter_sum(&self, s: &State, i: usize) -> usize {
        let mut sum = 4 * usize::from(self.base[i]);
        for &n in &self.diag[i] {
            sum += match s[n] {
                ATTACKER if n >= self.inner || self.string(s, n).2 => 8,
                EMPTY if n >= self.inner => match self.kos.iter().find(|k| k.0 == n) {
                    Some((_, KoNode::CapturedByKo)) => 5,
                    Some((_, KoNode::SavedByKo)) => 3,
                    None => 4,
                },
                _ => 0,
            };
        }
        sum
    }

    /// Everything the search depends on, as one list of numbers: the
    /// graph's structure by node index and the stones on its nodes, not
    /// where it lies on the board, so the same shape anywhere (or in
    /// another position) has the same key.
    pub fn key(&self, pos: &Position, owner: Color) -> Vec<u16> {
        let small = |x: usize| x as u16;
        let mut k = vec![small(self.inner), small(self.vertex.len())];
        for (i, &v) in self.vertex.iter().enumerate() {
            k.push(match pos.get(v) {
                Some(c) if i < self.inner && c != owner => 1,
                Some(_) if i < self.inner => 2,
                _ => 0,
            });
        }
        for adj in &self.adj {
            k.push(small(adj.len()));
            k.extend(adj.iter().map(|&m| small(m)));
        }
        for i in 0..self.inner {
            k.push(u16::from(self.open[i]) << 8 | u16::from(self.base[i]));
            k.push(u16::from(self.solid[i]) << 1 | u16::from(self.outside[i]));
            k.push(small(self.diag[i].len()));
            k.extend(self.diag[i].iter().map(|&m| small(m)));
        }
        for w in &self.walls {
            k.push(w.touch);
            k.push(w.lib.map_or(0, |l| small(l + 1)));
        }
        for &(n, kind) in &self.kos {
            k.push(small(n * 2 + usize::from(kind == KoNode::SavedByKo)));
        }
        k
    }

    /// The graph of the eye space `points` (sorted) of `owner`.
    pub fn build(
        pos: &Position,
        worms: &impl Surroundings,
        owner: Color,
        points: &[usize],
        marginal: impl Fn(usize) -> bool,
    ) -> Graph {
        let enemy = owner.other();
        let inner = points.len();
        let mut vertex = points.to_vec();
        let index = |vertex: &[usize], v: usize| vertex.iter().position(|&x| x == v);
        let wall = |q: usize| pos.get(q) == Some(owner) && worms.wall(pos, q);
        let adj = points
            .iter()
            .map(|&p| {
                pos.neighbors(p)
                    .filter_map(|q| points.binary_search(&q).ok())
                    .collect()
            })
            .collect();
        let outside = points
            .iter()
            .map(|&p| pos.neighbors(p).any(|q| points.binary_search(&q).is_err()))
            .collect();
        let open = points
            .iter()
            .map(|&p| {
                pos.get(p).is_none()
                    && (marginal(p)
                        || pos
                            .neighbors(p)
                            .any(|q| points.binary_search(&q).is_err() && !wall(q)))
            })
            .collect();
        let mut base = Vec::with_capacity(inner);
        let mut diag = Vec::with_capacity(inner);
        let mut kos = Vec::new();
        for &p in points {
            let mut fixed = 0u8;
            let mut off = 0u8;
            let mut nodes = Vec::new();
            for d in 4..8 {
                let Some(q) = pos.step(p, d) else {
                    let half = pos.step(p, d - 4).is_some() || pos.step(p, (d - 3) % 4).is_some();
                    off += u8::from(half);
                    continue;
                };
                if let Some(i) = index(&vertex[..inner], q) {
                    nodes.push(i);
                    continue;
                }
                match pos.get(q) {
                    Some(c) if c == enemy => {
                        let (a, ko) = match worms.enemy(pos, q) {
                            EnemyString::Safe => {
                                fixed += 2;
                                continue;
                            }
                            EnemyString::Dead => continue,
                            EnemyString::Contested(a) => (a, None),
                            EnemyString::CapturedByKo(a) => (a, Some(KoNode::CapturedByKo)),
                            EnemyString::SavedByKo(a) => (a, Some(KoNode::SavedByKo)),
                        };
                        // Contested: the fight is decided at its attack
                        // point.
                        match a.filter(|&a| pos.get(a).is_none()) {
                            Some(a) if points.binary_search(&a).is_err() => {
                                let i = outside_node(&mut vertex, inner, a);
                                add_outside(i, ko, &mut nodes, &mut kos, &mut fixed);
                            }
                            _ => fixed += 1,
                        }
                    }
                    Some(_) => {}
                    None => {
                        // A one-point eye takes its value from the
                        // topological rule, where GNU Go counts a ko
                        // capture on a diagonal; its shapes of more
                        // points do not see it.
                        let claim = claim_for(pos, q, enemy);
                        let ko = match claim {
                            Claim::Safe => None,
                            Claim::KoCapture if inner == 1 => Some(KoNode::SavedByKo),
                            _ => continue,
                        };
                        let i = outside_node(&mut vertex, inner, q);
                        add_outside(i, ko, &mut nodes, &mut kos, &mut fixed);
                    }
                }
            }
            base.push(fixed + off.min(2));
            diag.push(nodes);
        }
        let (walls, weak) = if worms.weak_walls() && inner <= WEAK_WALL_SPACE {
            weak_walls(pos, owner, points, &mut vertex)
        } else {
            (Vec::new(), Vec::new())
        };
        let solid = points
            .iter()
            .map(|&p| {
                pos.neighbors(p).any(|q| {
                    points.binary_search(&q).is_err()
                        && match pos.get(q) {
                            None => true,
                            Some(c) => c == owner && !weak.contains(&q),
                        }
                })
            })
            .collect();
        Graph {
            vertex,
            inner,
            adj,
            open,
            outside,
            base,
            diag,
            walls,
            solid,
            kos,
        }
    }

    /// The attacker string through eye-space node `i` (a bit per node),
    /// with whether it has a liberty (an empty neighbour) and whether it
    /// lives (holds an open node).
    pub fn string(&self, s: &State, i: usize) -> (u16, bool, bool) {
        let (members, libs, alive) = self.string_libs(s, i);
        (members, libs != 0, alive)
    }

    /// [`Graph::string`] with the liberties as a bit set.
    pub fn string_libs(&self, s: &State, i: usize) -> (u16, u16, bool) {
        let mut members = 1u16 << i;
        let mut todo = members;
        let (mut libs, mut alive) = (0u16, false);
        while todo != 0 {
            let n = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            alive |= self.open[n];
            for &m in &self.adj[n] {
                match s[m] {
                    EMPTY => libs |= 1 << m,
                    ATTACKER if members & (1 << m) == 0 => {
                        members |= 1 << m;
                        todo |= 1 << m;
                    }
                    _ => {}
                }
            }
        }
        (members, libs, alive)
    }

    /// The defender group holding the eye-space stones `stones` and the
    /// weak walls `walls` (bit sets), in state `s`.
    pub fn group(&self, s: &State, stones: u16, walls: u16) -> Group {
        let mut g = Group {
            stones,
            walls,
            libs: 0,
            safe: false,
        };
        let (mut todo_s, mut todo_w) = (stones, walls);
        loop {
            if todo_s != 0 {
                let n = todo_s.trailing_zeros() as usize;
                todo_s &= todo_s - 1;
                g.safe |= self.solid[n];
                for &m in &self.adj[n] {
                    match s[m] {
                        EMPTY => g.libs |= 1 << m,
                        DEFENDER if g.stones & (1 << m) == 0 => {
                            g.stones |= 1 << m;
                            todo_s |= 1 << m;
                        }
                        _ => {}
                    }
                }
                for (k, w) in self.walls.iter().enumerate() {
                    if w.touch & (1 << n) != 0 && g.walls & (1 << k) == 0 {
                        g.walls |= 1 << k;
                        todo_w |= 1 << k;
                    }
                }
            } else if todo_w != 0 {
                let k = todo_w.trailing_zeros() as usize;
                todo_w &= todo_w - 1;
                let w = &self.walls[k];
                for n in nodes(w.touch) {
                    match s[n] {
                        EMPTY => g.libs |= 1 << n,
                        DEFENDER if g.stones & (1 << n) == 0 => {
                            g.stones |= 1 << n;
                            todo_s |= 1 << n;
                        }
                        _ => {}
                    }
                }
                if let Some(l) = w.lib {
                    match s[l] {
                        EMPTY => g.libs |= 1 << l,
                        DEFENDER => g.safe = true,
                        _ => {}
                    }
                }
            } else {
                return g;
            }
        }
    }

    /// The diagonal sum of eye-space node `i` in state `s`.
    pub fn diagonal_sum(&self, s: &State, i: usize) -> u8 {
        let mut sum = self.base[i];
        for &n in &self.diag[i] {
            sum += match s[n] {
                ATTACKER if n >= self.inner => 2,
                ATTACKER => 2 * u8::from(self.string(s, n).2),
                EMPTY if n >= self.inner => 1,
                _ => 0,
            };
        }
        sum
    }

    /// State `s` after the defender captures every dead attacker string:
    /// in each part of the non-defender nodes holding dead attacker
    /// stones and no living ones, the empty nodes are filled and the
    /// stones removed. `None` when there is nothing to capture.
    pub fn captured(&self, s: &State) -> Option<State> {
        let mut t = *s;
        let mut any = false;
        let mut seen = 0u16;
        for start in 0..self.inner {
            if seen & (1 << start) != 0 || s[start] != ATTACKER {
                continue;
            }
            let part = self.part(s, start);
            seen |= part;
            if nodes(part).any(|n| s[n] == ATTACKER && self.string(s, n).2) {
                continue;
            }
            any = true;
            for n in nodes(part) {
                t[n] = if s[n] == ATTACKER { EMPTY } else { DEFENDER };
            }
        }
        any.then_some(t)
    }

    /// The connected part of the non-defender eye-space nodes through
    /// `start` (a bit per node).
    fn part(&self, s: &State, start: usize) -> u16 {
        let mut part = 1u16 << start;
        let mut todo = part;
        while todo != 0 {
            let n = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            for &m in &self.adj[n] {
                if part & (1 << m) == 0 && s[m] != DEFENDER {
                    part |= 1 << m;
                    todo |= 1 << m;
                }
            }
        }
        part
    }

    /// The eyes at the end of the game in state `s` (capped at 2).
    pub fn eyes(&self, s: &State) -> u8 {
        let mut seen = 0u16;
        let mut eyes = 0u8;
        for start in 0..self.inner {
            if seen & (1 << start) != 0 || s[start] == DEFENDER {
                continue;
            }
            let part = self.part(s, start);
            seen |= part;
            // Attacker stones left here live (dead ones were taken first).
            if nodes(part).any(|n| s[n] == ATTACKER) {
                continue;
            }
            if nodes(part).any(|n| self.diagonal_sum(s, n) < 4) {
                eyes += 1;
            }
        }
        eyes.min(2)
    }
}

/// The nodes of a bit set, lowest first.
pub(super) fn nodes(mut set: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let n = set.trailing_zeros() as usize;
            set &= set - 1;
            n
        })
    })
}

/// The liberties of the string at `q` outside the eye space `points`.
fn outside_liberties(pos: &Position, points: &[usize], q: usize) -> Vec<usize> {
    pos.liberties(q)
        .into_iter()
        .filter(|l| points.binary_search(l).is_err())
        .collect()
}

/// The largest eye space whose wall strings may be captured in the
/// search: bigger ones keep a solid wall, as GNU Go's eye-shape database
/// does (it does not look at liberties).
const WEAK_WALL_SPACE: usize = 5;

/// The fewest stones of a wall string whose capture destroys the eyes.
const MIN_WEAK_WALL: usize = 3;

/// The owner's strings next to the eye space `points` with no liberty
/// outside it, or one where the attacker may play safely (that liberty
/// becomes a node; a string whose liberty finds no room is left out),
/// with their stones.
fn weak_walls(
    pos: &Position,
    owner: Color,
    points: &[usize],
    vertex: &mut Vec<usize>,
) -> (Vec<WeakWall>, Vec<usize>) {
    let inner = points.len();
    let mut seen: Vec<usize> = Vec::new();
    let mut walls = Vec::new();
    let mut weak = Vec::new();
    for &p in points {
        for q in pos.neighbors(p) {
            if pos.get(q) != Some(owner) || points.binary_search(&q).is_ok() {
                continue;
            }
            let stones = pos.string(q);
            let origin = stones.iter().copied().min().unwrap_or(q);
            if seen.contains(&origin) {
                continue;
            }
            seen.push(origin);
            // Taking a small string only enlarges the eye space.
            if stones.len() < MIN_WEAK_WALL {
                continue;
            }
            let libs = outside_liberties(pos, points, q);
            let lib = match libs[..] {
                [] => None,
                [l] if safe_for(pos, l, owner.other()) => match outside_node(vertex, inner, l) {
                    Some(n) => Some(n),
                    None => continue,
                },
                _ => continue,
            };
            let touch = points
                .iter()
                .enumerate()
                .filter(|&(_, &x)| pos.neighbors(x).any(|r| stones.contains(&r)))
                .fold(0u16, |acc, (n, _)| acc | 1 << n);
            walls.push(WeakWall { touch, lib });
            weak.extend(stones);
        }
    }
    (walls, weak)
}

/// The node of the outside point `q` in `vertex` (`inner` eye-space
/// nodes first), added when new and there is room; `None` when the
/// graph is full.
/// Adds the outside diagonal node `i` (from [`outside_node`]) to a
/// point's diagonal nodes, with the ko it carries if any; without room
/// for it in the graph, the diagonal counts as fixed instead.
fn add_outside(
    i: Option<usize>,
    ko: Option<KoNode>,
    nodes: &mut Vec<usize>,
    kos: &mut Vec<(usize, KoNode)>,
    fixed: &mut u8,
) {
    let Some(i) = i else {
        *fixed += 1;
        return;
    };
    nodes.push(i);
    if let Some(kind) = ko {
        if !kos.iter().any(|&(n, _)| n == i) {
            kos.push((i, kind));
        }
    }
}

fn outside_node(vertex: &mut Vec<usize>, inner: usize, q: usize) -> Option<usize> {
    if let Some(i) = vertex.iter().position(|&x| x == q) {
        return Some(i);
    }
    if vertex.len() < inner + MAX_OUTSIDE {
        vertex.push(q);
        return Some(vertex.len() - 1);
    }
    None
}

/// What a move of one side at an empty point outside the eye space
/// gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Claim {
    /// The stone is not in atari.
    Safe,
    /// The stone is in atari but captures (a ko capture).
    KoCapture,
    /// The move is illegal or a plain self-atari.
    Nothing,
}

/// What `color` gets by playing at the empty point `q`.
fn claim_for(pos: &Position, q: usize, color: Color) -> Claim {
    let mut p = pos.clone();
    match p.play(color, q) {
        Ok(_) if p.count_liberties(q) >= 2 => Claim::Safe,
        Ok(captured) if captured > 0 => Claim::KoCapture,
        _ => Claim::Nothing,
    }
}

/// True when `color` may play at the empty point `q` and is not in atari
/// there.
fn safe_for(pos: &Position, q: usize, color: Color) -> bool {
    claim_for(pos, q, color) == Claim::Safe
}
