//! The value of a small eye space by search: the eye space is played out
//! as a little game of Go between its owner (the defender) and the
//! opponent (the attacker), and the eyes left at the end are counted.
//!
//! The model:
//! - the nodes are the points of the eye space, plus the empty points
//!   outside it that sit diagonally to one of its points and where the
//!   attacker can play without being in atari (they decide whether an
//!   eye point is proper, half or false);
//! - the defender's stones are connected to the surrounding wall and
//!   never captured; a defender stone in the eye space just removes the
//!   point (it may split the space in two), but it may not be played
//!   where it has no neighbour outside the space and, after its
//!   captures, only attacker stones around it (suicide);
//! - an attacker string inside lives when it holds a point that was an
//!   empty open point at the start (a marginal point, or one next to a
//!   point outside that is not a lively defender stone): it has a way
//!   out. Any other attacker string is captured once the defender fills
//!   its last liberty inside the space, and an attacker move without a
//!   liberty is illegal (the attacker cannot capture the wall);
//! - after two passes, dead attacker stones are taken first: in each
//!   connected part of the points not taken by the defender that holds
//!   dead attacker stones and no living ones, the defender fills the
//!   empty points and the stones are removed, and play goes on with the
//!   attacker to move (it may throw in again);
//! - the game ends after two passes with nothing to take. Each connected
//!   part of the points not taken by the defender is then one eye,
//!   unless it holds a living attacker string, or all its points are
//!   false by the topological rule of [`super::eyes`] (diagonal sum of 4 or more;
//!   diagonal nodes count 2 when the attacker holds them, 0 when the
//!   defender does, 1 when empty). An enemy string on a diagonal that
//!   the reader can both capture and save is represented by its attack
//!   point, as a node of the same kind.
//!
//! Eye counts are capped at 2. The defender's stones never being
//! captured makes the search finite: between two defender moves the
//! attacker can only add stones.

use std::collections::HashMap;

use super::board::{Color, Position};
use super::eyes::EyeValue;
use super::worms::Worms;
use crate::key_hash::KeyBuild;

/// The largest eye space searched (points).
pub const MAX_POINTS: usize = 9;

/// The most diagonal nodes outside the eye space taken into the search.
const MAX_OUTSIDE: usize = 4;

/// What the search needs to know about the strings around an eye space:
/// GNU Go's worm data ([`Worms`]) or the owl's cheaper look at one node.
pub trait Surroundings {
    /// True when the owner's stone at `q` is a solid part of the wall
    /// (a point next to any other outside point is open).
    fn wall(&self, pos: &Position, q: usize) -> bool;
    /// The tactical state of the enemy string at `q`.
    fn enemy(&self, pos: &Position, q: usize) -> EnemyString;
}

/// The tactical state of an enemy string next to an eye space.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EnemyString {
    /// It cannot be captured.
    Safe,
    /// It is captured with no defence.
    Dead,
    /// It can be captured and saved; the fight is decided at this point.
    Contested(Option<usize>),
}

impl Surroundings for Worms {
    fn wall(&self, pos: &Position, q: usize) -> bool {
        super::domains::lively(pos, self, q)
    }

    fn enemy(&self, _pos: &Position, q: usize) -> EnemyString {
        let w = self.at(q);
        if w.attack_code == 0 {
            EnemyString::Safe
        } else if w.defense_code == 0 {
            EnemyString::Dead
        } else {
            EnemyString::Contested(w.attack_point)
        }
    }
}

/// The value of an eye space with its vital points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShapeValue {
    /// Eye counts (GNU Go's `eyevalue`).
    pub value: EyeValue,
    /// The attacker's best move when it changes the result (`b < c`).
    pub attack: Option<usize>,
    /// The defender's best move when it changes the result (`b < c`).
    pub defense: Option<usize>,
}

/// The most nodes of a graph: the eye space and its outside diagonals.
const MAX_NODES: usize = MAX_POINTS + MAX_OUTSIDE;

/// A search state: what each node holds (nodes past the graph's own
/// stay [`EMPTY`]).
type State = [u8; MAX_NODES];

/// What one node holds.
const EMPTY: u8 = 0;
const ATTACKER: u8 = 1;
const DEFENDER: u8 = 2;

/// The eye space as a graph, ready for the search.
struct Graph {
    /// Board points of the nodes; the eye space first, then outside.
    vertex: Vec<usize>,
    /// The number of eye-space nodes (the rest are outside diagonals).
    inner: usize,
    /// Orthogonal neighbours among the eye-space nodes.
    adj: Vec<Vec<usize>>,
    /// Open eye-space nodes: an attacker stone there has a way out.
    open: Vec<bool>,
    /// Eye-space nodes with a board neighbour outside the eye space.
    outside: Vec<bool>,
    /// Per eye-space node: the fixed part of its diagonal sum.
    base: Vec<u8>,
    /// Per eye-space node: its diagonal nodes (outside or inside).
    diag: Vec<Vec<usize>>,
}

/// Values found by [`evaluate_shape_cached`], keyed by everything the
/// search looks at (the graph and its starting state).
#[derive(Default)]
pub struct ShapeCache {
    values: HashMap<Vec<usize>, ShapeValue, KeyBuild>,
}

impl ShapeCache {
    /// The number of eye spaces held.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// True when nothing is held.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
}

/// Evaluates the eye space `points` (sorted) of `owner`; `marginal`
/// says which of its points are marginal. `None` when it is too big to
/// search.
pub fn evaluate_shape(
    pos: &Position,
    worms: &impl Surroundings,
    owner: Color,
    points: &[usize],
    marginal: impl Fn(usize) -> bool,
) -> Option<ShapeValue> {
    evaluate_shape_cached(
        pos,
        worms,
        owner,
        points,
        marginal,
        &mut ShapeCache::default(),
    )
}

/// [`evaluate_shape`] through `cache`: an eye space whose graph and
/// stones were searched before is not searched again.
pub fn evaluate_shape_cached(
    pos: &Position,
    worms: &impl Surroundings,
    owner: Color,
    points: &[usize],
    marginal: impl Fn(usize) -> bool,
    cache: &mut ShapeCache,
) -> Option<ShapeValue> {
    if points.is_empty() || points.len() > MAX_POINTS {
        return None;
    }
    let graph = Graph::build(pos, worms, owner, points, marginal);
    let key = graph.key(pos, owner);
    if let Some(&v) = cache.values.get(&key) {
        return Some(v);
    }
    let v = search_graph(pos, owner, &graph);
    cache.values.insert(key, v);
    Some(v)
}

/// The search proper over a built graph.
fn search_graph(pos: &Position, owner: Color, graph: &Graph) -> ShapeValue {
    let mut start: State = [EMPTY; MAX_NODES];
    for (i, &v) in graph.vertex.iter().enumerate() {
        start[i] = match pos.get(v) {
            Some(c) if i < graph.inner && c != owner => ATTACKER,
            Some(_) if i < graph.inner => DEFENDER,
            _ => EMPTY,
        };
    }
    let mut search = Search::new(graph);
    let b = search.value(&start, false, false);
    let c = search.value(&start, true, false);
    let after = |search: &mut Search, defender: bool, next_defender: bool| -> Vec<(usize, u8)> {
        search
            .moves(&start, defender)
            .into_iter()
            .map(|(node, s)| (node, search.value(&s, next_defender, false)))
            .collect()
    };
    // Two moves in a row by one side.
    let a = after(&mut search, false, false)
        .iter()
        .map(|m| m.1)
        .fold(b, u8::min);
    let d = after(&mut search, true, true)
        .iter()
        .map(|m| m.1)
        .fold(c, u8::max);
    let mut shape = ShapeValue {
        value: EyeValue { a, b, c, d },
        attack: None,
        defense: None,
    };
    if b < c {
        let kills: Vec<usize> = after(&mut search, false, true)
            .iter()
            .filter(|m| m.1 == b)
            .map(|m| m.0)
            .collect();
        let saves: Vec<usize> = after(&mut search, true, false)
            .iter()
            .filter(|m| m.1 == c)
            .map(|m| m.0)
            .collect();
        let pick = |own: &[usize], other: &[usize]| {
            own.iter()
                .copied()
                .find(|n| other.contains(n))
                .or_else(|| own.first().copied())
                .map(|n| graph.vertex[n])
        };
        shape.attack = pick(&kills, &saves);
        shape.defense = pick(&saves, &kills);
    }
    shape
}

impl Graph {
    /// Everything the search depends on, as one list of numbers.
    fn key(&self, pos: &Position, owner: Color) -> Vec<usize> {
        let mut k = vec![pos.size(), self.inner, self.vertex.len()];
        for (i, &v) in self.vertex.iter().enumerate() {
            let stone = match pos.get(v) {
                Some(c) if i < self.inner && c != owner => 1,
                Some(_) if i < self.inner => 2,
                _ => 0,
            };
            k.push(v * 4 + stone);
        }
        for i in 0..self.inner {
            k.push(usize::from(self.open[i]) * 256 + usize::from(self.base[i]));
            k.push(self.diag[i].len());
            k.extend(self.diag[i].iter().copied());
        }
        k
    }

    fn build(
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
                    Some(c) if c == enemy => match worms.enemy(pos, q) {
                        EnemyString::Safe => fixed += 2,
                        EnemyString::Dead => {}
                        // Contested: the fight is decided at its attack
                        // point.
                        EnemyString::Contested(a) => match a.filter(|&a| pos.get(a).is_none()) {
                            Some(a) if points.binary_search(&a).is_err() => {
                                match outside_node(&mut vertex, inner, a) {
                                    Some(i) => nodes.push(i),
                                    None => fixed += 1,
                                }
                            }
                            _ => fixed += 1,
                        },
                    },
                    Some(_) => {}
                    None => {
                        // A one-point eye takes its value from the
                        // topological rule, where GNU Go counts a ko
                        // capture on a diagonal; its shapes of more
                        // points do not see it.
                        if !safe_for(pos, q, enemy, inner == 1) {
                            continue;
                        }
                        match outside_node(&mut vertex, inner, q) {
                            Some(i) => nodes.push(i),
                            None => fixed += 1,
                        }
                    }
                }
            }
            base.push(fixed + off.min(2));
            diag.push(nodes);
        }
        Graph {
            vertex,
            inner,
            adj,
            open,
            outside,
            base,
            diag,
        }
    }

    /// The attacker string through eye-space node `i` (a bit per node),
    /// with whether it has a liberty (an empty neighbour) and whether it
    /// lives (holds an open node).
    fn string(&self, s: &State, i: usize) -> (u16, bool, bool) {
        let mut members = 1u16 << i;
        let mut todo = members;
        let (mut liberty, mut alive) = (false, false);
        while todo != 0 {
            let n = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            alive |= self.open[n];
            for &m in &self.adj[n] {
                match s[m] {
                    EMPTY => liberty = true,
                    ATTACKER if members & (1 << m) == 0 => {
                        members |= 1 << m;
                        todo |= 1 << m;
                    }
                    _ => {}
                }
            }
        }
        (members, liberty, alive)
    }

    /// The diagonal sum of eye-space node `i` in state `s`.
    fn diagonal_sum(&self, s: &State, i: usize) -> u8 {
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
    fn captured(&self, s: &State) -> Option<State> {
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
    fn eyes(&self, s: &State) -> u8 {
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
fn nodes(mut set: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let n = set.trailing_zeros() as usize;
            set &= set - 1;
            n
        })
    })
}

/// Graphs of up to this many nodes keep their memo in a flat table
/// (3^12 states times the two flags: 2 125 764 bytes, measured faster
/// than a hash map); larger ones in a hash map.
const FLAT_NODES: usize = 12;

/// A memo entry of the flat table not filled yet.
const UNKNOWN: u8 = u8::MAX;

/// Minimax over the eye-space game, memoised by the state in base 3 and
/// the two flags.
struct Search<'a> {
    graph: &'a Graph,
    /// The flat memo (small graphs), indexed by the key.
    flat: Vec<u8>,
    /// The memo of larger graphs.
    memo: HashMap<u64, u8, KeyBuild>,
}

impl<'a> Search<'a> {
    /// A search over `graph` with an empty memo.
    fn new(graph: &'a Graph) -> Search<'a> {
        let n = graph.vertex.len();
        let flat = if n <= FLAT_NODES {
            vec![UNKNOWN; 3usize.pow(n as u32) * 4]
        } else {
            Vec::new()
        };
        Search {
            graph,
            flat,
            memo: HashMap::default(),
        }
    }

    /// The memoised value of `key`, if any.
    fn recall(&self, key: u64) -> Option<u8> {
        if self.flat.is_empty() {
            self.memo.get(&key).copied()
        } else {
            Some(self.flat[key as usize]).filter(|&v| v != UNKNOWN)
        }
    }

    /// Memoises the value of `key`.
    fn remember(&mut self, key: u64, v: u8) {
        if self.flat.is_empty() {
            self.memo.insert(key, v);
        } else {
            self.flat[key as usize] = v;
        }
    }
}

impl Search<'_> {
    /// The legal moves of one side in state `s`: (node, next state).
    fn moves(&self, s: &State, defender: bool) -> Vec<(usize, State)> {
        (0..self.graph.vertex.len())
            .filter_map(|i| Some((i, self.child(s, i, defender)?)))
            .collect()
    }

    /// The state after one side plays at node `i`; `None` when it may
    /// not (occupied, or an attacker stone with no liberty that does not
    /// live).
    fn child(&self, s: &State, i: usize, defender: bool) -> Option<State> {
        let g = self.graph;
        if s[i] != EMPTY {
            return None;
        }
        let mut t = *s;
        if i >= g.inner {
            t[i] = if defender { DEFENDER } else { ATTACKER };
        } else if defender {
            t[i] = DEFENDER;
            for &m in &g.adj[i] {
                if t[m] == ATTACKER {
                    let (members, liberty, alive) = g.string(&t, m);
                    if !liberty && !alive {
                        for n in nodes(members) {
                            t[n] = EMPTY;
                        }
                    }
                }
            }
            // A stone cut off from the wall, with no liberty, is suicide.
            if !g.outside[i] && g.adj[i].iter().all(|&m| t[m] == ATTACKER) {
                return None;
            }
        } else {
            t[i] = ATTACKER;
            let (_, liberty, alive) = g.string(&t, i);
            if !liberty && !alive {
                return None;
            }
        }
        Some(t)
    }

    /// The eyes with best play from state `s`, `defender` to move;
    /// `passed` when the last move was a pass.
    fn value(&mut self, s: &State, defender: bool, passed: bool) -> u8 {
        let code = s.iter().rev().fold(0u64, |acc, &x| acc * 3 + u64::from(x));
        let key = code << 2 | u64::from(defender) << 1 | u64::from(passed);
        if let Some(v) = self.recall(key) {
            return v;
        }
        let mut best = if passed {
            match self.graph.captured(s) {
                // The defender takes the dead stones; the attacker may
                // throw in again.
                Some(t) => self.value(&t, false, false),
                None => self.graph.eyes(s),
            }
        } else {
            self.value(s, !defender, true)
        };
        // Eye counts lie in 0..=2: once a side reaches its bound no move
        // can do better.
        let bound = if defender { 2 } else { 0 };
        for i in 0..self.graph.vertex.len() {
            if best == bound {
                break;
            }
            let Some(t) = self.child(s, i, defender) else {
                continue;
            };
            let v = self.value(&t, !defender, false);
            best = if defender { best.max(v) } else { best.min(v) };
        }
        self.remember(key, best);
        best
    }
}

/// The node of the outside point `q` in `vertex` (`inner` eye-space
/// nodes first), added when new and there is room; `None` when the
/// graph is full.
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

/// True when `color` may play at the empty point `q` and is not in atari
/// there, or, with `capture_counts`, captures there (a ko capture).
fn safe_for(pos: &Position, q: usize, color: Color, capture_counts: bool) -> bool {
    let mut p = pos.clone();
    match p.play(color, q) {
        Ok(captured) => (capture_counts && captured > 0) || p.count_liberties(q) >= 2,
        Err(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::worms::tests::diagram;

    fn shape(rows: &[&str], owner: Color, points: &[usize]) -> ShapeValue {
        let p = diagram(rows);
        let w = Worms::analyze(&p);
        evaluate_shape(&p, &w, owner, points, |_| false).expect("small")
    }

    /// The straight three in the corner: the middle point is vital for
    /// both sides (1122); the straight four is two eyes whoever starts,
    /// one after two attacker moves in a row (1222).
    #[test]
    fn straight_three_and_four() {
        let rows = [
            "...XO..", "XXXXO..", "OOOOO..", ".......", ".......", ".......", ".......",
        ];
        let s = shape(&rows, Color::Black, &[0, 1, 2]);
        assert_eq!(s.value.digits(), "1122");
        assert_eq!((s.attack, s.defense), (Some(1), Some(1)));
        let rows = [
            "....XO.", "XXXXXO.", "OOOOOO.", ".......", ".......", ".......", ".......",
        ];
        assert_eq!(
            shape(&rows, Color::Black, &[0, 1, 2, 3]).value.digits(),
            "1222"
        );
    }

    /// Three points on the edge with dead white stones at both ends:
    /// white cannot play the middle (no liberty), black captures both
    /// there, so two eyes whoever starts; two black moves in a row do
    /// not add a third.
    #[test]
    fn dead_stones_at_both_ends() {
        let rows = [
            "OXXXX..", ".XXXX..", "OX.....", "XX.....", ".......", ".......", ".......",
        ];
        let s = shape(&rows, Color::Black, &[0, 7, 14]);
        assert_eq!((s.value.b, s.value.c), (2, 2));
        assert_eq!(s.attack, None);
    }

    /// A marginal point next to a one-point eye: an attacker stone there
    /// lives, so whoever plays it first decides (0 or 1 eye).
    #[test]
    fn marginal_point_decides() {
        let rows = [
            "..X....", "XXX....", ".......", ".......", ".......", ".......", ".......",
        ];
        let p = diagram(&rows);
        let w = Worms::analyze(&p);
        let s = evaluate_shape(&p, &w, Color::Black, &[0, 1], |_| false).expect("small");
        assert_eq!((s.value.b, s.value.c), (1, 1));
        let s = evaluate_shape(&p, &w, Color::Black, &[0, 1], |v| v == 1).expect("small");
        assert_eq!(s.value.digits(), "0011");
        assert_eq!((s.attack, s.defense), (Some(1), Some(1)));
    }

    /// The cache gives back what the search found, and a second look at
    /// the same eye space is answered from it.
    #[test]
    fn cache_returns_the_searched_value() {
        let rows = [
            "...XO..", "XXXXO..", "OOOOO..", ".......", ".......", ".......", ".......",
        ];
        let p = diagram(&rows);
        let w = Worms::analyze(&p);
        let plain = evaluate_shape(&p, &w, Color::Black, &[0, 1, 2], |_| false);
        let mut cache = ShapeCache::default();
        for _ in 0..2 {
            let cached =
                evaluate_shape_cached(&p, &w, Color::Black, &[0, 1, 2], |_| false, &mut cache);
            assert_eq!(cached, plain);
        }
        assert_eq!(cache.values.len(), 1);
    }
}
