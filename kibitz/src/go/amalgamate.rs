//! Amalgamation: the joining rules of [`super::dragons`]' module docs
//! applied to a position's strings, and the scope an analysis may be
//! limited to when only some dragons are asked about.
//!
//! A scope is a colour and, optionally, the points its rules could ever
//! join with one stone ([`Scope::around`]): every rule is assumed to
//! fire that could (link shapes whatever their cutting points, every
//! cut read as failing, any shared liberty). No join leaves such a set,
//! and every fact a join inside it depends on (the sets and effective
//! sizes of its strings) stays inside it, so its dragons come out as the
//! whole analysis gives them with none of the reading outside.

use super::board::{Color, Position};
use super::connect::checker::Checker;
use super::cut_shapes::{cut_points, MARK_REACH};
use super::double_cut::double_cut_points;
use super::link_shapes::{
    cut_holds, edge_pairs, fragile_jumps, fragile_triples, link_pairs, EMPTY_REACH,
};
use super::reading::{Code, ReadingLimits, WIN};
use super::worms::Worms;

/// The reading depth change for the connection reader's check on
/// eye-space and shape links: measured with the eye-space check alone,
/// -2 gave the full depth's connection.tst answers in 40% of the time
/// (61 s against 155 s), -4 lost four oracle dragons.
const LINK_CHECK_DEPTH: isize = -2;

/// The strings an analysis joins.
#[derive(Clone, Debug, Default)]
pub(super) struct Scope {
    /// Only strings of this colour (every rule joins one colour's).
    color: Option<Color>,
    /// Only strings on these points.
    points: Option<Vec<bool>>,
}

impl Scope {
    /// Every string.
    pub(super) fn all() -> Scope {
        Scope::default()
    }

    /// The strings that the rules could join, through any chain of
    /// joins, with the string at `v` (a stone).
    pub(super) fn around(pos: &Position, worms: &Worms, v: usize) -> Scope {
        let color = pos.get(v).expect("a stone");
        let mut sets = UnionFind::new(pos.area());
        let mut join = |a: usize, b: usize| {
            if pos.get(a) == Some(color) {
                sets.union(a, b);
            }
        };
        for p in 0..pos.area() {
            if pos.get(p).is_some() {
                join(p, worms.at(p).origin);
            }
            if let Some((&f, rest)) = common_enemy_joins(pos, worms, p).split_first() {
                rest.iter().for_each(|&q| join(f, q));
            }
        }
        for (a, b) in link_pairs(pos, |_, _| false)
            .into_iter()
            .chain(edge_pairs(pos))
        {
            if safe(worms, a) && safe(worms, b) {
                join(a, b);
            }
        }
        for [b, c, d] in fragile_triples(pos, |_, _| true) {
            join(c, b);
            join(c, d);
        }
        for [_, _, _, _, e, f, g] in fragile_jumps(pos, |_, _| true) {
            join(f, e);
            join(f, g);
        }
        for (a, b, _) in shared_liberty_pairs(pos, worms) {
            if pair_ok(worms, a, b) {
                join(a, b);
            }
        }
        for l in shape_links(pos, worms) {
            join(l.a, l.b);
        }
        let root = sets.find(v);
        let points = (0..pos.area())
            .map(|p| pos.get(p) == Some(color) && sets.find(p) == root)
            .collect();
        Scope {
            color: Some(color),
            points: Some(points),
        }
    }

    /// True when the stone at `v` is in the scope (any stone when the
    /// scope is not limited to some points).
    pub(super) fn covers(&self, v: usize) -> bool {
        self.points.as_ref().map_or(true, |p| p[v])
    }

    /// The points within `steps` of a stone of the scope, along the
    /// lines (every point when the scope is not limited to some points).
    fn near(&self, pos: &Position, steps: usize) -> Vec<bool> {
        let Some(points) = &self.points else {
            return vec![true; pos.area()];
        };
        let mut near = points.clone();
        for _ in 0..steps {
            let last = near.clone();
            for v in (0..pos.area()).filter(|&v| last[v]) {
                for q in pos.neighbors(v) {
                    near[q] = true;
                }
            }
        }
        near
    }

    /// True when the stone at `v` is in the scope.
    pub(super) fn holds(&self, pos: &Position, v: usize) -> bool {
        pos.get(v)
            .is_some_and(|c| self.color.map_or(true, |s| s == c))
            && self.covers(v)
    }
}

/// GNU Go's connection patterns never join stones that can be attacked:
/// the link shapes join only strings the reader cannot capture.
fn safe(worms: &Worms, v: usize) -> bool {
    worms.at(v).attack_code == 0
}

/// The shared-liberty and shape rules join two safe strings, or two
/// strings captured with no defense, never a contested one.
fn pair_ok(worms: &Worms, a: usize, b: usize) -> bool {
    let class = |v: usize| {
        let w = worms.at(v);
        (w.attack_code != 0, w.defense_code != 0)
    };
    class(a) == class(b) && class(a) != (true, true)
}

/// The stones next to the string at `v` that capturing it joins: when
/// it is in atari (not by a ko), all of them; when the reader captures
/// it with no defense, those that cannot be captured. Empty otherwise.
fn common_enemy_joins(pos: &Position, worms: &Worms, v: usize) -> Vec<usize> {
    let Some(color) = pos.get(v) else {
        return Vec::new();
    };
    let w = worms.at(v);
    let in_atari = w.liberties == 1 && w.attack_code == WIN;
    if !in_atari && (w.attack_code == 0 || w.defense_code != 0) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for s in pos.string(v) {
        for q in pos.neighbors(s) {
            if pos.get(q) == Some(color.other()) && (in_atari || safe(worms, q)) {
                out.push(q);
            }
        }
    }
    out
}

/// Disjoint sets over the points.
pub(super) struct UnionFind {
    parent: Vec<usize>,
}

impl UnionFind {
    pub(super) fn new(n: usize) -> UnionFind {
        UnionFind {
            parent: (0..n).collect(),
        }
    }

    pub(super) fn find(&mut self, mut v: usize) -> usize {
        while self.parent[v] != v {
            self.parent[v] = self.parent[self.parent[v]];
            v = self.parent[v];
        }
        v
    }

    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.parent[ra.max(rb)] = ra.min(rb);
        }
    }
}

/// A candidate shape link between two strings and the empty points the
/// opponent would have to take to cut it.
struct Link {
    a: usize,
    b: usize,
    through: Vec<usize>,
}

/// Applies every amalgamation rule of the dragon module's docs to the
/// strings within `scope`.
pub(super) fn amalgamate(pos: &Position, worms: &Worms, sets: &mut UnionFind, scope: &Scope) {
    let in_scope = |c: Color| scope.color.map_or(true, |s| s == c);
    let stone_in_scope = |v: usize| scope.holds(pos, v);
    for v in 0..pos.area() {
        if pos.get(v).is_some() {
            sets.union(v, worms.at(v).origin);
        }
    }
    let safe = |v: usize| safe(worms, v);
    let pair_ok = |a: usize, b: usize| pair_ok(worms, a, b);
    let limits = ReadingLimits::default().shifted(LINK_CHECK_DEPTH);
    // One checker for every pair: the reading board is built once and
    // tactical results carry over from pair to pair.
    let mut checker = Checker::new(pos, &limits);
    let mut cannot_cut = |a: usize, b: usize| checker.disconnect(a, b).code == Code::Lose;
    // Points of a double cut join nothing (see `super::double_cut`).
    let doubles = [Color::Black, Color::White].map(|c| double_cut_points(pos, c));
    let double = |p: usize| doubles.iter().any(|d| d.contains(&p));
    // Cutting shapes (see `super::cut_shapes`): their points join nothing
    // of the colour they cut. The rules ask about cutting points within
    // EMPTY_REACH of their strings' stones, and a shape marks points
    // within MARK_REACH of its cutting point.
    let look = scope.near(pos, EMPTY_REACH + MARK_REACH);
    let shape_cuts = [Color::Black, Color::White].map(|c| {
        if in_scope(c) {
            cut_points(pos, worms, c, &limits, |v| look[v])
        } else {
            vec![false; pos.area()]
        }
    });
    let shape_cut =
        |color: Option<Color>, p: usize| color.is_some_and(|c| shape_cuts[c as usize][p]);
    for (c, cuts) in shape_cuts.iter().enumerate() {
        for p in (0..pos.area()).filter(|&p| cuts[p]) {
            trace_join(
                pos,
                p,
                p,
                if c == 0 {
                    "black cutting point"
                } else {
                    "white cutting point"
                },
            );
        }
    }
    // GNU Go 3.8's stone-to-stone link shapes (see `super::link_shapes`;
    // it has no eye-space joins): both strings safe, no cutting point on
    // the shape, and the connection reader cannot cut them apart.
    for (a, b) in link_pairs(pos, |c, e| double(e) || shape_cut(Some(c), e)) {
        if stone_in_scope(a)
            && safe(a)
            && safe(b)
            && sets.find(a) != sets.find(b)
            && cannot_cut(a, b)
        {
            trace_join(pos, a, b, "link shape");
            sets.union(a, b);
        }
    }
    // Two-point jumps on the third line with open space to the edge join
    // without reading (GNU Go's static edge patterns).
    for (a, b) in edge_pairs(pos) {
        if stone_in_scope(a) && safe(a) && safe(b) && sets.find(a) != sets.find(b) {
            trace_join(pos, a, b, "edge link");
            sets.union(a, b);
        }
    }
    // A fragile double connection joins its middle stone with the flank
    // of the larger dragon (effective sizes), unless one flank already
    // holds it.
    for [b, c, d] in fragile_triples(pos, |c, e| shape_cut(Some(c), e)) {
        if !stone_in_scope(c) || sets.find(b) == sets.find(c) || sets.find(c) == sets.find(d) {
            continue;
        }
        let flank = if effective_size(pos, worms, sets, b) >= effective_size(pos, worms, sets, d) {
            b
        } else {
            d
        };
        trace_join(pos, flank, c, "fragile double connection");
        sets.union(flank, c);
    }
    for pts in fragile_jumps(pos, |c, e| shape_cut(Some(c), e)) {
        let [_, _, _, _, e, f, g] = pts;
        if !stone_in_scope(f) {
            continue;
        }
        let color = pos.get(f).expect("a stone");
        let flank = if cut_holds(pos, color, pts, &limits) {
            e
        } else if sets.find(e) == sets.find(f) || sets.find(f) == sets.find(g) {
            continue;
        } else if effective_size(pos, worms, sets, e) >= effective_size(pos, worms, sets, g) {
            e
        } else {
            g
        };
        trace_join(pos, flank, f, "fragile double connection across a jump");
        sets.union(flank, f);
    }
    for v in 0..pos.area() {
        let joined = common_enemy_joins(pos, worms, v);
        if let Some((&f, rest)) = joined.split_first() {
            if stone_in_scope(f) {
                for &q in rest {
                    trace_join(pos, f, q, "common enemy in atari");
                    sets.union(f, q);
                }
            }
        }
    }
    let links = shape_links(pos, worms);
    let mut pairs: Vec<Vec<(usize, usize)>> = vec![Vec::new(); pos.area()];
    for l in &links {
        let pair = (worms.at(l.a).origin, worms.at(l.b).origin);
        let pair = (pair.0.min(pair.1), pair.0.max(pair.1));
        for &t in &l.through {
            if !pairs[t].contains(&pair) {
                pairs[t].push(pair);
            }
        }
    }
    let cutting: Vec<bool> = pairs
        .iter()
        .enumerate()
        .map(|(t, p)| {
            double(t)
                || p.len() >= 2 && {
                    let color = pos.get(worms.at(p[0].0).origin).expect("a stone");
                    pos.is_safe_move(color.other(), t)
                }
        })
        .collect();
    let cut_for = |color: Option<Color>, t: usize| cutting[t] || shape_cut(color, t);
    shared_liberties(pos, worms, cut_for, sets, |a, b| {
        stone_in_scope(a) && pair_ok(a, b)
    });
    let attackable = |v: usize| worms.at(v).attack_code != 0;
    // A cutting point of `color`'s links: two of them pass through it.
    let own_cut = |t: usize, color: Option<Color>| {
        double(t)
            || shape_cut(color, t)
            || pairs[t].iter().filter(|p| pos.get(p.0) == color).count() >= 2
    };
    for l in &links {
        // Strings already in one dragon need no reading.
        if !stone_in_scope(l.a) || sets.find(l.a) == sets.find(l.b) {
            continue;
        }
        // A diagonal between two strings that can both be captured holds
        // them together: the owl reads them as one (GNU Go 3.8 joins
        // them without reading, connection.tst same_dragon 8 and 9).
        let diagonal = l.through.len() == 2;
        let weak_pair = diagonal
            && attackable(l.a)
            && attackable(l.b)
            && l.through.iter().all(|&t| !own_cut(t, pos.get(l.a)));
        let cut_free = l.through.iter().all(|&t| !cut_for(pos.get(l.a), t));
        if weak_pair || (cut_free && pair_ok(l.a, l.b) && cannot_cut(l.a, l.b)) {
            trace_join(pos, l.a, l.b, "shape link");
            sets.union(l.a, l.b);
        }
    }
}

/// The sum of the worms' effective sizes in the set of `v`.
fn effective_size(pos: &Position, worms: &Worms, sets: &mut UnionFind, v: usize) -> f32 {
    let r = sets.find(v);
    let mut sum = 0.0;
    for w in worms.all() {
        if w.color.stone().is_some() && w.origin < pos.area() && sets.find(w.origin) == r {
            sum += w.effective_size;
        }
    }
    sum
}

/// Prints a join of the strings at `a` and `b` by `rule` on stderr when
/// `KIBITZ_DRAGON_TRACE` is set (read once, as `KIBITZ_CONN_TRACE`: every
/// dragon analysis makes many joins).
fn trace_join(pos: &Position, a: usize, b: usize, rule: &str) {
    static TRACE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    if *TRACE.get_or_init(|| std::env::var_os("KIBITZ_DRAGON_TRACE").is_some()) {
        let name = |v| super::coord::to_gtp(pos.size(), v);
        eprintln!("dragon join {} {}: {rule}", name(a), name(b));
    }
}

/// Joins strings sharing two liberties, or one the opponent cannot fill
/// safely, cutting points not counted, when `pair_ok` accepts the pair.
fn shared_liberties(
    pos: &Position,
    worms: &Worms,
    cutting: impl Fn(Option<Color>, usize) -> bool,
    sets: &mut UnionFind,
    pair_ok: impl Fn(usize, usize) -> bool,
) {
    for (a, b, common) in shared_liberty_pairs(pos, worms) {
        if !pair_ok(a, b) {
            continue;
        }
        let color = pos.get(a);
        let enemy = color.expect("a stone").other();
        let shared: Vec<usize> = common.into_iter().filter(|&l| !cutting(color, l)).collect();
        let unsafe_fill = shared.iter().any(|&l| !pos.is_safe_move(enemy, l));
        if shared.len() >= 2 || unsafe_fill {
            trace_join(pos, a, b, "shared liberties");
            sets.union(a, b);
        }
    }
}

/// Each pair of strings of one colour (origins, in board order) that
/// share liberties, with those liberties in the first one's order.
fn shared_liberty_pairs(pos: &Position, worms: &Worms) -> Vec<(usize, usize, Vec<usize>)> {
    let origins: Vec<usize> = worms
        .all()
        .iter()
        .filter(|w| w.color.stone().is_some())
        .map(|w| w.origin)
        .collect();
    let libs: Vec<Vec<usize>> = origins.iter().map(|&o| pos.liberties(o)).collect();
    let mut out = Vec::new();
    for i in 0..origins.len() {
        for j in i + 1..origins.len() {
            if pos.get(origins[i]) != pos.get(origins[j]) {
                continue;
            }
            let common: Vec<usize> = libs[i]
                .iter()
                .copied()
                .filter(|l| libs[j].contains(l))
                .collect();
            if !common.is_empty() {
                out.push((origins[i], origins[j], common));
            }
        }
    }
    out
}

/// The diagonal and one-point-jump links between different strings of
/// one colour.
fn shape_links(pos: &Position, worms: &Worms) -> Vec<Link> {
    let mut out = Vec::new();
    for v in 0..pos.area() {
        let Some(color) = pos.get(v) else { continue };
        let enemy = color.other();
        let other_string =
            |q: usize| pos.get(q) == Some(color) && worms.at(q).origin != worms.at(v).origin;
        // Diagonals to the south-east and south-west (each pair once).
        for (d, sides) in [(7usize, [0usize, 3usize]), (4, [0, 1])] {
            let Some(q) = pos.step(v, d) else { continue };
            if !other_string(q) {
                continue;
            }
            let cross: Vec<usize> = sides.iter().filter_map(|&s| pos.step(v, s)).collect();
            if cross.iter().all(|&c| pos.get(c).is_none()) {
                out.push(Link {
                    a: v,
                    b: q,
                    through: cross,
                });
            }
        }
        // One-point jumps to the south and the east.
        for (d, flanks) in [(0usize, [1usize, 3usize]), (3, [0, 2])] {
            let Some(m) = pos.step(v, d) else { continue };
            let Some(q) = pos.step(m, d) else { continue };
            if pos.get(m).is_some() || !other_string(q) {
                continue;
            }
            let flanked = flanks
                .iter()
                .all(|&f| pos.step(m, f).map_or(true, |x| pos.get(x) == Some(enemy)));
            if !flanked {
                out.push(Link {
                    a: v,
                    b: q,
                    through: vec![m],
                });
            }
        }
    }
    out
}
