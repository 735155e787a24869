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
//!
//! Two refinements (in `search.rs` and `graph.rs`):
//! - kos: an enemy string on a diagonal that one side wins only through
//!   a ko, and for a one-point eye an empty diagonal where the attacker's
//!   move is a ko capture, make the graph searched twice, every ko won by
//!   the attacker and then by the defender; each count is the mean of
//!   the two, rounded towards the side that moves first;
//! - weak walls (when [`Surroundings::weak_walls`] says so, in spaces of
//!   up to 5 points): wall strings of 3 or more stones with no liberty
//!   outside the space, or one the attacker can fill, may be captured;
//!   then the defender's stones are real strings that can be taken too,
//!   single-stone retakes are kos, and the search guards against
//!   repeated states.

mod graph;
mod search;

use std::collections::HashMap;
use std::sync::Mutex;

use super::board::{Color, Position};
use super::eyes::EyeValue;
use super::reading::WIN;
use super::worms::Worms;
use crate::key_hash::KeyBuild;
use graph::{Graph, KoWinner};
use search::Search;

/// The largest eye space searched (points).
pub const MAX_POINTS: usize = 9;

/// The most nodes outside the eye space taken into the search.
const MAX_OUTSIDE: usize = 4;

/// What the search needs to know about the strings around an eye space:
/// GNU Go's worm data ([`Worms`]) or the owl's cheaper look at one node.
pub trait Surroundings {
    /// True when the owner's stone at `q` is a solid part of the wall
    /// (a point next to any other outside point is open).
    fn wall(&self, pos: &Position, q: usize) -> bool;
    /// The tactical state of the enemy string at `q`.
    fn enemy(&self, pos: &Position, q: usize) -> EnemyString;
    /// True when wall strings short of outside liberties may be captured
    /// in the search (in spaces of up to 5 points, see the module docs).
    fn weak_walls(&self) -> bool {
        false
    }
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
    /// It is captured only through a ko, and saved outright, at this point.
    CapturedByKo(Option<usize>),
    /// It is captured outright, and saved only through a ko, at this point.
    SavedByKo(Option<usize>),
}

impl Surroundings for Worms {
    fn wall(&self, pos: &Position, q: usize) -> bool {
        super::domains::lively(pos, self, q)
    }

    fn enemy(&self, _pos: &Position, q: usize) -> EnemyString {
        let w = self.at(q);
        match (w.attack_code, w.defense_code) {
            (0, _) => EnemyString::Safe,
            (_, 0) => EnemyString::Dead,
            (WIN, WIN) => EnemyString::Contested(w.attack_point),
            (_, WIN) => EnemyString::CapturedByKo(w.attack_point),
            (WIN, _) => EnemyString::SavedByKo(w.attack_point),
            _ => EnemyString::Contested(w.attack_point),
        }
    }

    fn weak_walls(&self) -> bool {
        true
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
    /// The attacker's vital point for the owl and the dragon status:
    /// like [`ShapeValue::attack`], but the most central of the points
    /// (the smallest sum of distances to the space's points).
    pub vital_attack: Option<usize>,
    /// The defender's vital point for the owl and the dragon status.
    pub vital_defense: Option<usize>,
}

/// A [`ShapeValue`] with its points as node indices of the graph, so
/// that it holds for the same shape wherever it lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct NodeValue {
    value: EyeValue,
    attack: Option<u8>,
    defense: Option<u8>,
    vital_attack: Option<u8>,
    vital_defense: Option<u8>,
}

impl NodeValue {
    /// The value on the board, through the graph's node points.
    fn on_board(self, graph: &Graph) -> ShapeValue {
        let at = |n: Option<u8>| n.map(|n| graph.vertex[usize::from(n)]);
        ShapeValue {
            value: self.value,
            attack: at(self.attack),
            defense: at(self.defense),
            vital_attack: at(self.vital_attack),
            vital_defense: at(self.vital_defense),
        }
    }
}

/// The searched shapes shared by every caller in the process: the same
/// few shapes come back across owl nodes, dragons and positions. The
/// values depend on the key alone, so sharing changes no answer.
static SHARED: Mutex<Option<HashMap<Vec<u16>, NodeValue, KeyBuild>>> = Mutex::new(None);

/// The shared table is emptied when it reaches this many shapes (a few
/// megabytes).
const SHARED_LIMIT: usize = 1 << 16;

/// Values found by [`evaluate_shape_cached`], keyed by everything the
/// search looks at (the graph's structure and its starting state).
#[derive(Default)]
pub struct ShapeCache {
    values: HashMap<Vec<u16>, NodeValue, KeyBuild>,
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
        return Some(v.on_board(&graph));
    }
    let v = shared_lookup(&key).unwrap_or_else(|| {
        let v = search_graph(pos, owner, &graph);
        shared_insert(&key, v);
        v
    });
    cache.values.insert(key, v);
    Some(v.on_board(&graph))
}

/// The shared table, locked. A panic elsewhere while the lock was held
/// leaves a consistent table (every entry is written whole).
fn shared() -> std::sync::MutexGuard<'static, Option<HashMap<Vec<u16>, NodeValue, KeyBuild>>> {
    SHARED.lock().unwrap_or_else(|e| e.into_inner())
}

/// The shared value of `key`, if any.
fn shared_lookup(key: &[u16]) -> Option<NodeValue> {
    shared().as_ref().and_then(|t| t.get(key).copied())
}

/// Records the value of `key` in the shared table.
fn shared_insert(key: &[u16], v: NodeValue) {
    let mut guard = shared();
    let t = guard.get_or_insert_with(HashMap::default);
    if t.len() >= SHARED_LIMIT {
        t.clear();
    }
    t.insert(key.to_vec(), v);
}

/// What one search (one ko winner) finds from the starting state.
struct Outcome {
    /// Eyes with the attacker, or the defender, to move.
    b: u8,
    c: u8,
    /// Eyes after two attacker, or two defender, moves in a row.
    a: u8,
    d: u8,
    /// Per node: the eyes after the attacker's move there, the defender
    /// to move (a pass when it may not play there).
    attack: Vec<Option<u8>>,
    /// Per node: the eyes after the defender's move there.
    defense: Vec<Option<u8>>,
}

/// The search from the starting state when `winner` wins the kos.
fn outcome(pos: &Position, owner: Color, graph: &Graph, winner: KoWinner) -> Outcome {
    let start = graph.start(pos, owner, winner);
    let mut search = Search::new(graph, winner);
    let b = search.value(&start, false, false);
    let c = search.value(&start, true, false);
    let n = graph.vertex.len();
    let mut a = b;
    let mut d = c;
    let mut attack = vec![None; n];
    let mut defense = vec![None; n];
    for i in 0..n {
        if let Some(v) = search.after(&start, i, false, true) {
            a = a.min(v);
        }
        if let Some(v) = search.after(&start, i, true, true) {
            d = d.max(v);
        }
        attack[i] = search.after(&start, i, false, false);
        defense[i] = search.after(&start, i, true, false);
    }
    Outcome {
        b,
        c,
        a,
        d,
        attack,
        defense,
    }
}

/// The search proper over a built graph. A graph with kos is searched
/// twice, once with every ko won by the attacker and once by the
/// defender; each count is then their mean, rounded towards the side
/// that moves first (down for `a` and `b`, up for `c` and `d`).
fn search_graph(pos: &Position, owner: Color, graph: &Graph) -> NodeValue {
    if !graph.has_kos() {
        return search_without_kos(pos, owner, graph);
    }
    let first = outcome(pos, owner, graph, KoWinner::Attacker);
    let second = outcome(pos, owner, graph, KoWinner::Defender);
    let down = |x: u8, y: u8| (x + y) / 2;
    let up = |x: u8, y: u8| (x + y).div_ceil(2);
    let b = down(first.b, second.b);
    let c = up(first.c, second.c);
    let a = down(first.a, second.a).min(b);
    let d = up(first.d, second.d).max(c);
    let (mut kills, mut saves) = (Vec::new(), Vec::new());
    if b < c {
        // A move illegal under one ko winner counts as a pass there.
        let merged =
            |x: &[Option<u8>], y: &[Option<u8>], pass: (u8, u8), round: fn(u8, u8) -> u8| {
                x.iter()
                    .zip(y)
                    .map(|(&p, &q)| match (p, q) {
                        (None, None) => None,
                        _ => Some(round(p.unwrap_or(pass.0), q.unwrap_or(pass.1))),
                    })
                    .collect::<Vec<_>>()
            };
        kills = merged(
            &first.attack,
            &second.attack,
            (first.c, second.c),
            |x, y| (x + y) / 2,
        )
        .iter()
        .enumerate()
        .filter(|m| *m.1 == Some(b))
        .map(|m| m.0)
        .collect();
        saves = merged(
            &first.defense,
            &second.defense,
            (first.b, second.b),
            |x, y| (x + y).div_ceil(2),
        )
        .iter()
        .enumerate()
        .filter(|m| *m.1 == Some(c))
        .map(|m| m.0)
        .collect();
    }
    node_value(graph, EyeValue { a, b, c, d }, &kills, &saves)
}

/// [`search_graph`] for a graph searched once (no kos, no weak walls):
/// past `b` and `c` every question is whether a move reaches a known
/// count, one threshold search each.
fn search_without_kos(pos: &Position, owner: Color, graph: &Graph) -> NodeValue {
    let start = graph.start(pos, owner, KoWinner::Attacker);
    let mut search = Search::new(graph, KoWinner::Attacker);
    let b = search.value(&start, false, false);
    let c = search.value(&start, true, false);
    let nodes = 0..graph.vertex.len();
    let mut a = b;
    while a > 0
        && nodes
            .clone()
            .any(|i| search.after_reaches(&start, i, false, true, a) == Some(false))
    {
        a -= 1;
    }
    let mut d = c;
    while d < 2
        && nodes
            .clone()
            .any(|i| search.after_reaches(&start, i, true, true, d + 1) == Some(true))
    {
        d += 1;
    }
    let (mut kills, mut saves) = (Vec::new(), Vec::new());
    if b < c {
        // No attacker move leaves fewer than `b` eyes, nor a defender
        // move more than `c`.
        kills = nodes
            .clone()
            .filter(|&i| search.after_reaches(&start, i, false, false, b + 1) == Some(false))
            .collect();
        saves = nodes
            .filter(|&i| search.after_reaches(&start, i, true, false, c) == Some(true))
            .collect();
    }
    node_value(graph, EyeValue { a, b, c, d }, &kills, &saves)
}

/// The shape value `value` with its points from the nodes that kill
/// (reach `b`) and save (reach `c`); none when both lists are empty.
fn node_value(graph: &Graph, value: EyeValue, kills: &[usize], saves: &[usize]) -> NodeValue {
    let pick = |own: &[usize], other: &[usize]| {
        own.iter()
            .copied()
            .find(|n| other.contains(n))
            .or_else(|| own.first().copied())
            .map(|n| n as u8)
    };
    NodeValue {
        value,
        attack: pick(kills, saves),
        defense: pick(saves, kills),
        vital_attack: vital(graph, kills, saves).map(|n| n as u8),
        vital_defense: vital_defense(graph, saves, kills).map(|n| n as u8),
    }
}

/// The vital point among the nodes `own` (the moves that reach the
/// mover's best result), the nodes in `other` (the opponent's) first:
/// the most central one, by the sum of its distances to the eye-space
/// nodes (outside nodes last), the first in board order among equals.
/// `eval_eye` keeps the first in board order, as GNU Go's optics
/// answers do; the owl and the dragon status take this one, the point
/// that both kills and saves from the middle of the shape.
fn vital(graph: &Graph, own: &[usize], other: &[usize]) -> Option<usize> {
    let both: Vec<usize> = own.iter().copied().filter(|n| other.contains(n)).collect();
    let from = if both.is_empty() { own } else { &both };
    from.iter()
        .copied()
        .min_by_key(|&n| (remoteness(graph, n), n))
}

/// The defender's vital point among the nodes `saves`: [`vital`], unless
/// that is an open end of the space (one neighbour in it, and an
/// attacker stone there has a way out: the mouth of the space), where
/// the attacker pushes in from outside; then the defender makes its
/// shape inside, at the most central save that is not open (GNU Go's
/// eye patterns mark such a mouth as the attacker's marginal point and
/// put the defence inside).
fn vital_defense(graph: &Graph, saves: &[usize], kills: &[usize]) -> Option<usize> {
    let first = vital(graph, saves, kills)?;
    let inner = |m: &&usize| **m < graph.inner;
    let mouth = first < graph.inner
        && graph.open[first]
        && graph.adj[first].iter().filter(inner).count() <= 1;
    if !mouth {
        return Some(first);
    }
    let closed: Vec<usize> = saves
        .iter()
        .copied()
        .filter(|&n| n < graph.inner && !graph.open[n])
        .collect();
    vital(graph, &closed, kills).or(Some(first))
}

/// The sum of the distances from node `n` to the eye-space nodes over
/// their adjacency (an unreachable node counts as far as there are
/// nodes); outside nodes are the most remote.
fn remoteness(graph: &Graph, n: usize) -> usize {
    let inner = graph.inner;
    if n >= inner {
        return usize::MAX;
    }
    let mut dist = vec![usize::MAX; inner];
    dist[n] = 0;
    let mut queue = std::collections::VecDeque::from([n]);
    while let Some(i) = queue.pop_front() {
        for &m in &graph.adj[i] {
            if m < inner && dist[m] == usize::MAX {
                dist[m] = dist[i] + 1;
                queue.push_back(m);
            }
        }
    }
    dist.iter()
        .map(|&d| if d == usize::MAX { inner } else { d })
        .sum()
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
    /// one after two attacker moves in a row (1222). Their walls have
    /// liberties outside.
    #[test]
    fn straight_three_and_four() {
        let rows = [
            "...XO..", "XXXX...", "OO.OO..", ".......", ".......", ".......", ".......",
        ];
        let s = shape(&rows, Color::Black, &[0, 1, 2]);
        assert_eq!(s.value.digits(), "1122");
        assert_eq!((s.attack, s.defense), (Some(1), Some(1)));
        let rows = [
            "....XO.", "XXXXX..", "OO.OOO.", ".......", ".......", ".......", ".......",
        ];
        assert_eq!(
            shape(&rows, Color::Black, &[0, 1, 2, 3]).value.digits(),
            "1222"
        );
    }

    /// The straight three whose wall has no liberty outside: after the
    /// attacker's move in the middle the wall is short of liberties and
    /// is taken (0022).
    #[test]
    fn straight_three_without_outside_liberties() {
        let rows = [
            "...XO..", "XXXXO..", "OOOOO..", ".......", ".......", ".......", ".......",
        ];
        let s = shape(&rows, Color::Black, &[0, 1, 2]);
        assert_eq!(s.value.digits(), "0022");
        assert_eq!((s.attack, s.defense), (Some(1), Some(1)));
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

    /// The bent four in the corner, its wall with no liberty outside:
    /// after the attacker's move at the bend's neighbour on the long leg
    /// the defender lives only through a ko, which the two ko searches
    /// split into one eye (GNU Go's 1122); the defender's move there
    /// makes two eyes.
    #[test]
    fn bent_four_in_the_corner() {
        let rows = [
            "..XO...", ".XXO...", ".XOO...", "XXO....", "OOO....", ".......", ".......",
        ];
        let s = shape(&rows, Color::Black, &[0, 1, 7, 14]);
        assert_eq!((s.value.b, s.value.c), (1, 2));
        assert_eq!((s.attack, s.defense), (Some(7), Some(7)));
    }

    /// The owl's vital point is the most central of the candidates (the
    /// first in board order among equals), those good for both sides
    /// first: on the straight four the ends are the most remote.
    #[test]
    fn vital_point_is_the_most_central() {
        let rows = [
            "....XO.", "XXXXX..", "OO.OOO.", ".......", ".......", ".......", ".......",
        ];
        let p = diagram(&rows);
        let w = Worms::analyze(&p);
        let g = Graph::build(&p, &w, Color::Black, &[0, 1, 2, 3], |_| false);
        assert_eq!(g.vertex[..4], [0, 1, 2, 3]);
        let far: Vec<usize> = (0..4).map(|n| remoteness(&g, n)).collect();
        assert_eq!(far, [6, 4, 4, 6]);
        assert_eq!(vital(&g, &[0, 1, 2, 3], &[]), Some(1));
        assert_eq!(vital(&g, &[0, 2, 3], &[3]), Some(3));
        assert_eq!(vital(&g, &[], &[1]), None);
    }

    /// A space in the corner whose mouth (the far end, open to the
    /// outside) is where the attacker pushes in and the defender
    /// blocks: `eval_eye` answers the mouth for both; the owl's
    /// defence is inside, at the most central closed save.
    #[test]
    fn defence_inside_when_the_mouth_decides() {
        let rows = [
            ".......", "..XOO..", "..XO...", ".XXO...", ".XOO...", ".OO....", ".......",
        ];
        let p = diagram(&rows);
        let w = Worms::analyze(&p);
        let pts = [0, 1, 2, 7, 8, 14, 15, 21, 28];
        let s = evaluate_shape(&p, &w, Color::Black, &pts, |_| false).expect("small");
        assert_eq!(s.value.digits(), "1122");
        assert_eq!((s.attack, s.defense), (Some(28), Some(28)));
        assert_eq!((s.vital_attack, s.vital_defense), (Some(28), Some(7)));
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
