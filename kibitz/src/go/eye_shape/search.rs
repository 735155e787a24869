//! Minimax over the eye-space game of a [`Graph`], memoised by the
//! state.
//!
//! When the graph has weak walls, stones are really captured: the
//! defender's stones in the eye space can be taken, the attacker may
//! play without a liberty when it captures, and taking a weak wall
//! string ends the game with no eye. A capture of one stone that could
//! be taken straight back is a ko capture; each search gives all kos to
//! one side (the other may not make a ko capture), and a state met again
//! on the way goes to that side too.

use super::graph::{nodes, Graph, KoWinner, State, ATTACKER, DEFENDER, EMPTY, MAX_NODES};

/// The memo is a flat table of one byte per state and flags: 3^13 states
/// times four at most (6 377 292 bytes), several times faster than a
/// hash map on the largest graphs.
const _FLAT_FITS: () = assert!(MAX_NODES <= 13);

/// A memo entry of the flat table not filled yet.
const UNKNOWN: u8 = u8::MAX;

/// A memo entry whose search is under way (met again: a cycle).
const BUSY: u8 = u8::MAX - 1;

/// The outcome of one move.
pub(super) enum Move {
    /// The move may not be played.
    Illegal,
    /// The state after it.
    To(State),
    /// The attacker captured a weak wall string: no eye.
    Kill,
}

/// Minimax over the eye-space game, memoised by the state in base 3 and
/// the two flags.
pub(super) struct Search<'a> {
    graph: &'a Graph,
    /// Who wins the kos.
    winner: KoWinner,
    /// The memo, indexed by the key: values, or with `by_threshold`
    /// the threshold answers (per threshold t, bit `2(t-1)` known and
    /// bit `2(t-1)+1` the answer).
    flat: Vec<u8>,
    /// True when the game cannot repeat a state (no weak walls): values
    /// then come from two threshold searches, which stop at the first
    /// move that proves or refutes, and the order of moves is free.
    by_threshold: bool,
    /// Set when a threshold search met a state on its own line after
    /// all: the search then starts again as a plain one.
    cycle: bool,
    /// The order the threshold searches try moves in: the points with
    /// the most neighbours in the space first, then the most diagonal
    /// ones (fewest states measured).
    order: Vec<usize>,
    /// The masks below are in the bit numbering of [`Bits`] (a node's
    /// place in `order`). Per place, the node's neighbours in the eye
    /// space (16 slots: a place masked by 15 needs no bounds check).
    adj_mask: [u16; 16],
    /// All nodes of the graph.
    all_mask: u16,
    /// The eye-space nodes (the others are outside nodes).
    inner_mask: u16,
    /// The open eye-space nodes.
    open_mask: u16,
    /// The eye-space nodes with no board neighbour outside the space.
    enclosed: u16,
    /// Per place: the fixed part of the node's diagonal sum, and the
    /// places of its diagonal nodes (one node may stand for two
    /// diagonals), at most four.
    diag_base: [u8; 16],
    diag_places: [([u8; 4], u8); 16],
    /// See [`powers_of_three`].
    pow3: &'static [u32],
}

/// The threshold memo's mark of a state whose search is under way.
const ON_LINE: u8 = 1 << 4;

/// A state as two bit sets, for the threshold searches: the attacker's
/// stones and the defender's. Bit `k` is the `k`-th node of the search's
/// move order, so the free nodes come out in that order by bit scans;
/// strings are found by mask operations and the memo key by two table
/// look-ups.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Bits {
    att: u16,
    def: u16,
}

/// For each set of nodes, the sum of 3^i over its nodes `i`: a state's
/// base-3 code is that of its attacker stones plus twice that of its
/// defender stones.
fn powers_of_three() -> &'static [u32] {
    static TABLE: std::sync::OnceLock<Vec<u32>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = vec![0u32; 1 << MAX_NODES];
        for m in 1..t.len() {
            let low = m.trailing_zeros();
            t[m] = t[m & (m - 1)] + 3u32.pow(low);
        }
        t
    })
}

impl<'a> Search<'a> {
    /// A search over `graph` with an empty memo, kos won by `winner`.
    pub fn new(graph: &'a Graph, winner: KoWinner) -> Search<'a> {
        let n = graph.vertex.len();
        let by_threshold = graph.walls.is_empty();
        let mut search = Search {
            graph,
            winner,
            flat: vec![if by_threshold { 0 } else { UNKNOWN }; 3usize.pow(n as u32) * 4],
            by_threshold,
            cycle: false,
            order: {
                let mut o: Vec<usize> = (0..n).collect();
                let degree = |i: usize| {
                    let diag = (0..graph.inner)
                        .filter(|&j| graph.diag[j].contains(&i))
                        .count();
                    if i < graph.inner {
                        4 * graph.adj[i].len() + diag
                    } else {
                        diag
                    }
                };
                o.sort_by_key(|&i| std::cmp::Reverse(degree(i)));
                o
            },
            adj_mask: [0; 16],
            all_mask: ((1u32 << n) - 1) as u16,
            inner_mask: 0,
            open_mask: 0,
            enclosed: 0,
            diag_base: [0; 16],
            diag_places: [([0; 4], 0); 16],
            pow3: powers_of_three(),
        };
        let mut place = [0usize; MAX_NODES];
        for (k, &i) in search.order.iter().enumerate() {
            place[i] = k;
        }
        for (k, &i) in search.order.iter().enumerate() {
            if i >= graph.inner {
                continue;
            }
            let bit = 1u16 << k;
            search.inner_mask |= bit;
            search.adj_mask[k] = graph.adj[i].iter().fold(0, |m, &j| m | 1 << place[j]);
            search.diag_base[k] = graph.base[i];
            for &j in graph.diag[i].iter().take(4) {
                let (list, len) = &mut search.diag_places[k];
                list[usize::from(*len)] = place[j] as u8;
                *len += 1;
            }
            if graph.open[i] {
                search.open_mask |= bit;
            }
            if !graph.outside[i] {
                search.enclosed |= bit;
            }
        }
        search
    }

    /// The bit sets of state `s` (see [`Bits`]).
    fn bits(&self, s: &State) -> Bits {
        let mut b = Bits { att: 0, def: 0 };
        for (k, &i) in self.order.iter().enumerate() {
            match s[i] {
                ATTACKER => b.att |= 1 << k,
                DEFENDER => b.def |= 1 << k,
                _ => {}
            }
        }
        b
    }

    /// The state of bit sets `b`.
    #[cfg(test)]
    fn state(&self, b: Bits) -> State {
        let mut s = [EMPTY; MAX_NODES];
        for (k, &i) in self.order.iter().enumerate() {
            if b.att >> k & 1 == 1 {
                s[i] = ATTACKER;
            } else if b.def >> k & 1 == 1 {
                s[i] = DEFENDER;
            }
        }
        s
    }

    /// The memoised value of `key`, if any.
    fn recall(&self, key: u64) -> Option<u8> {
        Some(self.flat[key as usize]).filter(|&v| v != UNKNOWN)
    }

    /// Memoises the value of `key`.
    fn remember(&mut self, key: u64, v: u8) {
        self.flat[key as usize] = v;
    }

    /// The value of the move at node `i` by one side in state `s`, the
    /// other side (or, with `again`, the same side) to move next; `None`
    /// when it may not be played.
    pub fn after(&mut self, s: &State, i: usize, defender: bool, again: bool) -> Option<u8> {
        match self.child(s, i, defender) {
            Move::Illegal => None,
            Move::Kill => Some(0),
            Move::To(t) => Some(self.value(&t, defender == again, false)),
        }
    }

    /// True when the move at node `i` by one side in state `s` leaves
    /// the defender at least `t` eyes, the other side (or, with `again`,
    /// the same side) to move next; `None` when it may not be played.
    /// One threshold search where [`Search::after`] needs two.
    pub fn after_reaches(
        &mut self,
        s: &State,
        i: usize,
        defender: bool,
        again: bool,
        t: u8,
    ) -> Option<bool> {
        match self.child(s, i, defender) {
            Move::Illegal => None,
            Move::Kill => Some(t == 0),
            Move::To(next) => Some(self.at_least(&next, defender == again, t)),
        }
    }

    /// True when the defender gets at least `t` eyes with best play from
    /// state `s`, `defender` to move.
    fn at_least(&mut self, s: &State, defender: bool, t: u8) -> bool {
        if t == 0 {
            return true;
        }
        if self.by_threshold {
            let yes = self.reaches(s, defender, false, t);
            if !self.cycle {
                return yes;
            }
        }
        self.value(s, defender, false) >= t
    }

    /// The outcome of one side playing at node `i` in state `s`.
    pub fn child(&self, s: &State, i: usize, defender: bool) -> Move {
        let g = self.graph;
        if s[i] != EMPTY {
            return Move::Illegal;
        }
        if !g.walls.is_empty() {
            return self.child_strict(s, i, defender);
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
                return Move::Illegal;
            }
        } else {
            t[i] = ATTACKER;
            let (_, liberty, alive) = g.string(&t, i);
            if !liberty && !alive {
                return Move::Illegal;
            }
        }
        Move::To(t)
    }

    /// [`Search::child`] when the wall may be captured.
    fn child_strict(&self, s: &State, i: usize, defender: bool) -> Move {
        let g = self.graph;
        let mut t = *s;
        if defender {
            t[i] = DEFENDER;
            if i >= g.inner {
                return Move::To(t);
            }
            let mut taken = 0u16;
            for &m in &g.adj[i] {
                if t[m] == ATTACKER {
                    let (members, libs, alive) = g.string_libs(&t, m);
                    if libs == 0 && !alive {
                        taken |= members;
                        for n in nodes(members) {
                            t[n] = EMPTY;
                        }
                    }
                }
            }
            let own = g.group(&t, 1 << i, 0);
            if !own.safe && own.libs == 0 {
                return Move::Illegal;
            }
            let ko = taken.count_ones() == 1
                && own.stones == 1 << i
                && own.walls == 0
                && !own.safe
                && own.libs == taken;
            if ko && self.winner == KoWinner::Attacker {
                return Move::Illegal;
            }
            return Move::To(t);
        }
        t[i] = ATTACKER;
        // Defender groups next to the stone (stones and weak walls).
        let mut stones = 0u16;
        let mut walls = 0u16;
        if i < g.inner {
            for &m in &g.adj[i] {
                if t[m] == DEFENDER {
                    stones |= 1 << m;
                }
            }
        }
        for (k, w) in g.walls.iter().enumerate() {
            if w.touch & (1 << i) != 0 || w.lib == Some(i) {
                walls |= 1 << k;
            }
        }
        let mut taken = 0u16;
        let mut done = (0u16, 0u16);
        for (s0, w0) in nodes(stones)
            .map(|n| (1u16 << n, 0u16))
            .chain(nodes(walls).map(|k| (0u16, 1u16 << k)))
        {
            if done.0 & s0 != 0 || done.1 & w0 != 0 {
                continue;
            }
            let grp = g.group(&t, s0, w0);
            done.0 |= grp.stones;
            done.1 |= grp.walls;
            if grp.safe || grp.libs != 0 {
                continue;
            }
            if grp.walls != 0 {
                return Move::Kill;
            }
            taken |= grp.stones;
            for n in nodes(grp.stones) {
                t[n] = EMPTY;
            }
        }
        if i >= g.inner {
            return Move::To(t);
        }
        let (members, libs, alive) = g.string_libs(&t, i);
        if libs == 0 && !alive {
            return Move::Illegal;
        }
        let ko = taken.count_ones() == 1 && members == 1 << i && libs == taken;
        if ko && self.winner == KoWinner::Defender {
            return Move::Illegal;
        }
        Move::To(t)
    }

    /// The memo key of state `s` with its two flags.
    fn key(s: &State, defender: bool, passed: bool) -> u64 {
        let code = s.iter().rev().fold(0u64, |acc, &x| acc * 3 + u64::from(x));
        code << 2 | u64::from(defender) << 1 | u64::from(passed)
    }

    /// True when the defender gets at least `t` eyes (1 or 2) with best
    /// play from state `s`, `defender` to move; `passed` when the last
    /// move was a pass. Only for games that cannot repeat a state: the
    /// defender's stones are never captured and every move adds one, so
    /// no line meets a state twice and any move order gives the same
    /// answer.
    fn reaches(&mut self, s: &State, defender: bool, passed: bool, t: u8) -> bool {
        self.reaches_bits(self.bits(s), defender, passed, t)
    }

    /// [`Search::reaches`] on a state's bit sets.
    fn reaches_bits(&mut self, b: Bits, defender: bool, passed: bool, t: u8) -> bool {
        let code = self.pow3[b.att as usize] + 2 * self.pow3[b.def as usize];
        let key = (code as usize) << 2 | usize::from(defender) << 1 | usize::from(passed);
        let shift = 2 * (t - 1);
        let m = self.flat[key];
        if m & ON_LINE != 0 {
            self.cycle = true;
            return false;
        }
        if m >> shift & 1 == 1 {
            return m >> (shift + 1) & 1 == 1;
        }
        // Two eyes imply one; no eye rules out two.
        if t == 1 && m & 0b1100 == 0b1100 {
            return true;
        }
        if t == 2 && m & 0b11 == 0b01 {
            return false;
        }
        self.flat[key] |= ON_LINE;
        let mut yes = !defender;
        let mut free = self.all_mask & !(b.att | b.def);
        while free != 0 {
            let k = free.trailing_zeros() as usize;
            free &= free - 1;
            let Some(next) = self.child_bits(b, k, defender) else {
                continue;
            };
            if self.reaches_bits(next, !defender, false, t) == defender {
                yes = defender;
                break;
            }
        }
        if yes != defender {
            // No move settled it: the pass decides.
            yes = if passed {
                match self.captured_bits(b) {
                    Some(next) => self.reaches_bits(next, false, false, t),
                    None => self.eyes_bits(b) >= t,
                }
            } else {
                self.reaches_bits(b, !defender, true, t)
            };
        }
        self.flat[key] = (self.flat[key] & !ON_LINE) | (1 | u8::from(yes) << 1) << shift;
        yes
    }

    /// [`Search::child`] on bit sets (the move at place `i` of the move
    /// order), for graphs without weak walls; `None` when the move may not
    /// be played.
    fn child_bits(&self, b: Bits, i: usize, defender: bool) -> Option<Bits> {
        let bit = 1u16 << i;
        if (b.att | b.def) & bit != 0 {
            return None;
        }
        let mut t = b;
        if self.inner_mask & bit == 0 {
            if defender {
                t.def |= bit;
            } else {
                t.att |= bit;
            }
            return Some(t);
        }
        let adj = self.adj_mask[i & 15];
        if defender {
            t.def |= bit;
            let mut near = adj & t.att;
            while near != 0 {
                let m = near.trailing_zeros() as usize;
                let (members, libs) = self.string_bits(t, m);
                near &= !members;
                if libs == 0 && members & self.open_mask == 0 {
                    t.att &= !members;
                }
            }
            // A stone cut off from the wall, with no liberty, is suicide.
            if self.enclosed & bit != 0 && adj & !t.att == 0 {
                return None;
            }
        } else {
            t.att |= bit;
            let (members, libs) = self.string_bits(t, i);
            if libs == 0 && members & self.open_mask == 0 {
                return None;
            }
        }
        Some(t)
    }

    /// The eye-space nodes in `within` connected to `start` through them.
    fn flood(&self, start: u16, within: u16) -> u16 {
        let mut part = start;
        let mut todo = start;
        while todo != 0 {
            let k = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let new = self.adj_mask[k & 15] & within & !part;
            part |= new;
            todo |= new;
        }
        part
    }

    /// The connected parts of the eye-space nodes `within` that hold a
    /// node of `starts` (a subset of `within`), one bit set each.
    fn parts(&self, mut starts: u16, within: u16) -> impl Iterator<Item = u16> + '_ {
        std::iter::from_fn(move || {
            (starts != 0).then(|| {
                let part = self.flood(1 << starts.trailing_zeros(), within);
                starts &= !part;
                part
            })
        })
    }

    /// [`Graph::captured`] on bit sets: in each part of the non-defender
    /// eye-space nodes holding attacker stones, none of them on an open
    /// node (so every string there is dead), the stones are taken and the
    /// empty nodes filled.
    fn captured_bits(&self, b: Bits) -> Option<Bits> {
        let nondef = self.inner_mask & !b.def;
        let mut t = b;
        for part in self.parts(b.att & self.inner_mask, nondef) {
            if part & b.att & self.open_mask == 0 {
                t.att &= !part;
                t.def |= part & !b.att;
            }
        }
        (t != b).then_some(t)
    }

    /// [`Graph::eyes`] on bit sets.
    fn eyes_bits(&self, b: Bits) -> u8 {
        let nondef = self.inner_mask & !b.def;
        let mut eyes = 0u8;
        for part in self.parts(nondef, nondef) {
            // Attacker stones left here live (dead ones were taken first).
            if part & b.att == 0 && nodes(part).any(|n| self.diagonal_sum_bits(b, n) < 4) {
                eyes += 1;
            }
        }
        eyes.min(2)
    }

    /// [`Graph::diagonal_sum`] of the eye-space node at place `n`.
    fn diagonal_sum_bits(&self, b: Bits, n: usize) -> u8 {
        let outside = self.all_mask & !self.inner_mask;
        let (list, len) = &self.diag_places[n & 15];
        let mut sum = self.diag_base[n & 15];
        for &m in &list[..usize::from(*len)] {
            let bit = 1u16 << m;
            sum += if b.att & bit == 0 {
                u8::from(outside & bit != 0 && b.def & bit == 0)
            } else if outside & bit != 0
                || self.string_bits(b, usize::from(m)).0 & self.open_mask != 0
            {
                2
            } else {
                0
            };
        }
        sum
    }

    /// The attacker string through the eye-space node at place `i` and its
    /// liberties.
    fn string_bits(&self, b: Bits, i: usize) -> (u16, u16) {
        let empty = !(b.att | b.def);
        let mut members = 1u16 << i;
        let mut todo = members;
        let mut libs = 0u16;
        while todo != 0 {
            let n = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let adj = self.adj_mask[n & 15];
            libs |= adj & empty;
            let new = adj & b.att & !members;
            members |= new;
            todo |= new;
        }
        (members, libs)
    }

    /// The eyes with best play from state `s`, `defender` to move;
    /// `passed` when the last move was a pass.
    pub fn value(&mut self, s: &State, defender: bool, passed: bool) -> u8 {
        if self.by_threshold {
            let v = if defender {
                if self.reaches(s, defender, passed, 2) {
                    2
                } else if self.reaches(s, defender, passed, 1) {
                    1
                } else {
                    0
                }
            } else if !self.reaches(s, defender, passed, 1) {
                0
            } else if self.reaches(s, defender, passed, 2) {
                2
            } else {
                1
            };
            if !self.cycle {
                return v;
            }
            self.by_threshold = false;
            self.flat.iter_mut().for_each(|m| *m = UNKNOWN);
        }
        let key = Self::key(s, defender, passed);
        match self.recall(key) {
            // A state met again on the way: the ko winner's.
            Some(BUSY) => {
                return match self.winner {
                    KoWinner::Attacker => 0,
                    KoWinner::Defender => 2,
                }
            }
            Some(v) => return v,
            None => {}
        }
        self.remember(key, BUSY);
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
            let Some(v) = self.after(s, i, defender, false) else {
                continue;
            };
            best = if defender { best.max(v) } else { best.min(v) };
        }
        self.remember(key, best);
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::board::Color;
    use crate::go::worms::tests::diagram;
    use crate::go::worms::Worms;

    /// The bit-set moves, captures and eye counts of the threshold
    /// searches agree with the per-node ones on every state of a
    /// six-point space with one open point (where an attacker string
    /// lives).
    #[test]
    fn bit_sets_agree_with_states() {
        let rows = [
            ".O.X...", "...X...", "XX.X...", "XXXX...", ".......", ".......", ".......",
        ];
        let p = diagram(&rows);
        let w = Worms::analyze(&p);
        let g = Graph::build(&p, &w, Color::Black, &[0, 1, 2, 7, 8, 9], |_| false);
        assert!(g.walls.is_empty());
        let search = Search::new(&g, KoWinner::Attacker);
        assert_ne!(search.open_mask, 0);
        let n = g.vertex.len();
        for code in 0..3usize.pow(n as u32) {
            let mut s = [EMPTY; MAX_NODES];
            let mut c = code;
            for x in s.iter_mut().take(n) {
                *x = (c % 3) as u8;
                c /= 3;
            }
            let b = search.bits(&s);
            assert_eq!(search.state(b), s);
            let taken = search.captured_bits(b).map(|t| search.state(t));
            assert_eq!(taken, g.captured(&s), "state {code}");
            assert_eq!(search.eyes_bits(b), g.eyes(&s), "state {code}");
            for i in 0..n {
                let place = search.order.iter().position(|&x| x == i).unwrap();
                for defender in [false, true] {
                    let want = match search.child(&s, i, defender) {
                        Move::Illegal => None,
                        Move::To(t) => Some(t),
                        Move::Kill => unreachable!("no weak walls"),
                    };
                    let got = search
                        .child_bits(b, place, defender)
                        .map(|t| search.state(t));
                    assert_eq!(got, want, "state {code}, node {i}, defender {defender}");
                }
            }
        }
    }
}
