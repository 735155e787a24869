//! Move generation and ordering for the attacker and the defender of a
//! string.
//!
//! Attacker: the string's liberties, then (within the depth limits) its
//! second-order liberties (approach moves, loose ladders, nets; against
//! three liberties only up to one move past the four-liberty depth,
//! deeper only the capping points of GNU Go's `find_cap`), the
//! liberty of any attacker string next to it in atari, against two
//! liberties back-captures (`back_captures`), and against three
//! liberties the points where the defender could atari two surrounding
//! strings at once. Defender, first batch: the liberties and captures
//! of adjacent strings in atari (for two liberties also GNU Go's
//! efficient attacks on adjacent two-liberty strings, and edge clamps;
//! for three liberties the edge clamp against an adjacent two-liberty
//! string and, within the second backfill depth, hanes that block an
//! attacker stone next to the string);
//! second batch: the liberties of adjacent two-liberty strings
//! (counter-ataris, without the self-ataris GNU Go's break-chain moves
//! leave out), near the root also of
//! adjacent three- and four-liberty strings (break-chain moves), the
//! liberties of short friendly strings next to its liberties,
//! second-order liberties of two-liberty strings, and for three
//! liberties the points next to a liberty where an opponent stone would
//! be short of liberties (eye-making and self-atari-forcing moves).
//! Beyond the main depth (ladders) the defender still plays safe
//! counter-ataris and the attacker still saves its strings in atari.
//! An edge liberty of a two- or three-liberty string is dropped from the
//! first batch when crawling along the edge is hopeless ([`super::edge`]).
//! Each candidate is tried once to drop useless moves (self-ataris that
//! capture nothing, ladder-breaking moves beyond the depth limit); the
//! rest are ordered by GNU Go's move scores ([`super::ordering`]).

use super::board::Points;
use super::ordering::selection_sort;
use super::search::Reader;
use crate::go::board::Color;

/// The moves of `scored` best first, by GNU Go's selection sort; a
/// killer among two or more moves gains 50.
fn sorted(mut scored: Scored, killer: Option<usize>, mut out: Vec<usize>) -> Vec<usize> {
    if scored.len() >= 2 {
        for (score, m) in scored.iter_mut() {
            if Some(*m) == killer {
                *score += 50;
            }
        }
    }
    selection_sort(&mut scored);
    out.clear();
    out.extend(scored.iter().map(|&(_, m)| m));
    out
}

/// From this depth on, a three-liberty string's break-chain moves against
/// a three-liberty neighbour are only its escape points (see
/// [`Reader::escape_or_all`]); nearer the root all its liberties.
const ESCAPE_TEST_DEPTH: usize = 4;

/// Candidates with their scores, on the stack for the usual few.
type Scored = smallvec::SmallVec<[(i32, usize); 16]>;

/// Appends `p` to `v` unless present.
fn push(v: &mut Vec<usize>, p: usize) {
    if !v.contains(&p) {
        v.push(p);
    }
}

/// Appends the empty neighbours of each of `libs` to `v`.
fn second_order(r: &Reader, libs: &[usize], v: &mut Vec<usize>) {
    for &l in libs {
        for q in r.board().around(l) {
            if r.board().is_empty(q) {
                push(v, q);
            }
        }
    }
}

/// Appends the capping points of `libs` to `v`: for two liberties on
/// diagonal neighbours, the empty one of the two points next to both,
/// the one on the second liberty's row first (GNU Go's `find_cap`).
fn cap_points(r: &Reader, libs: &[usize], v: &mut Vec<usize>) {
    let b = r.board();
    for (i, &a) in libs.iter().enumerate() {
        for &c in &libs[i + 1..] {
            if !b.diagonals(a).contains(&c) {
                continue;
            }
            let mut both: Vec<usize> = b
                .around(a)
                .into_iter()
                .filter(|q| b.around(c).contains(q))
                .collect();
            both.sort_by_key(|&q| q.abs_diff(c) != 1);
            if let Some(&q) = both.iter().find(|&&q| b.is_empty(q)) {
                push(v, q);
            }
        }
    }
}

/// What an attacker's move does next to the string read about.
struct Effect {
    /// The string's liberties after it (counted to 6).
    left: usize,
    /// The liberties of the attacker's new stone (counted to 4).
    own: usize,
    /// True when it captures stones.
    took: bool,
}

/// The defender's second batch of moves as far as the first batch's
/// generators found them (see [`Reader::order_later`]).
pub struct Later {
    moves: Vec<usize>,
    /// The first batch, unordered (the second leaves its moves out).
    first: Points,
    /// The first batch's captures (a capture may stay in atari).
    captures: Points,
}

impl Reader {
    /// The attacker's moves against the string at `s` (colour `color`,
    /// `n` liberties), best first.
    pub fn attack_moves(
        &mut self,
        s: usize,
        color: Color,
        n: usize,
        killer: Option<usize>,
    ) -> Vec<usize> {
        let libs = self.board_mut().libs(s);
        let d = self.depth();
        let ladder_only = d > self.limits.depth;
        // Room for the usual number of candidates: growing costs more.
        let mut moves = Vec::with_capacity(24);
        moves.extend_from_slice(&libs);
        if !ladder_only {
            // Against three liberties every approach move is tried only
            // within the second backfill depth, where GNU Go's attacker
            // still works on the surrounding strings; deeper, up to the
            // backfill depth, only the capping points remain.
            let backfill = d <= self.limits.backfill_depth;
            let wide = n == 2 || (n == 3 && d <= self.limits.backfill2_depth);
            if wide {
                second_order(self, &libs, &mut moves);
            } else if n == 3 && backfill {
                cap_points(self, &libs, &mut moves);
            }
            if n == 2 && backfill {
                self.back_captures(s, color, &mut moves);
            }
            if n >= 3 {
                for &l in &libs {
                    self.edge_closing_backfill(color, l, &mut moves);
                }
            }
            if n >= 3 {
                let more = d <= self.limits.superstring_depth;
                self.double_atari_points(s, color, more, &mut moves);
            }
            for e in self.board_mut().adjacent_with_libs(s, 1) {
                let el = self.board_mut().libs_max(e, 1);
                push(&mut moves, el[0]);
                // Or take the stones that put it in atari.
                for f in self.board_mut().adjacent_with_libs(e, 1) {
                    let fl = self.board_mut().libs_max(f, 1);
                    push(&mut moves, fl[0]);
                }
            }
        }
        if ladder_only {
            // Ladder-deep, the attacker still saves its own strings that
            // a counter-atari put in atari.
            for e in self.board_mut().adjacent_with_libs(s, 1) {
                let l = self.board_mut().libs_max(e, 1)[0];
                push(&mut moves, l);
            }
        }
        self.order_attack_moves(s, color, n, &libs, moves, killer)
    }

    /// Drops the useless ones among the attacker's `moves` against the
    /// string at `s` (`libs` its liberties) and orders the rest by GNU
    /// Go's move scores.
    pub fn order_attack_moves(
        &mut self,
        s: usize,
        color: Color,
        n: usize,
        libs: &[usize],
        moves: Vec<usize>,
        killer: Option<usize>,
    ) -> Vec<usize> {
        let ladder_only = self.depth() > self.limits.depth;
        let attacker = color.other();
        let mut scored = Scored::new();
        let mut rescues = Points::new();
        for e in self.board_mut().adjacent_with_libs(s, 1) {
            rescues.push(self.board_mut().libs_max(e, 1)[0]);
        }
        for &m in &moves {
            if !self.board().is_empty(m) {
                continue;
            }
            let Some(after) = self.attack_move_effect(s, color, m) else {
                continue;
            };
            let useless = after.is_some_and(|a| {
                let is_lib = libs.contains(&m);
                let rescue = rescues.contains(&m);
                (a.own <= 1 && !is_lib && !a.took)
                    || (ladder_only && a.left >= 2 && !rescue)
                    || a.left > n
            });
            if !useless {
                let score = self.move_score(m, attacker, s, n);
                scored.push((score, m));
            }
        }
        sorted(scored, killer, moves)
    }

    /// The defender's moves for the string at `s` (colour `color`, `n`
    /// liberties) in two batches: the liberties and captures, best first,
    /// then the break-chain moves against surrounding strings and the
    /// moves near the liberties (to be ordered by [`Reader::order_later`]).
    pub fn defense_moves(
        &mut self,
        s: usize,
        color: Color,
        n: usize,
        killer: Option<usize>,
    ) -> (Vec<usize>, Later) {
        let libs = self.board_mut().libs(s);
        let d = self.depth();
        let ladder_only = d > self.limits.depth;
        // Room for the usual number of candidates: growing costs more.
        let mut moves = Vec::with_capacity(16);
        moves.extend_from_slice(&libs);
        let mut later = Vec::new();
        let mut captures = Points::new();
        let backfill = !ladder_only && d <= self.limits.backfill_depth;
        let break_chain = !ladder_only && d <= self.limits.break_chain_depth;
        for e in self.board_mut().adjacent_strings(s) {
            let el = self.board_mut().libs_max(e, 5);
            let take_libs = match el.len() {
                1 => {
                    captures.push(el[0]);
                    true
                }
                // A string in atari is not saved by a move that neither
                // gives it a liberty nor captures, so only neighbours in
                // atari count for it (as in GNU Go's defend1).
                _ if n == 1 => false,
                // Beyond the backfill depth, not a string that has a
                // neighbour in atari itself (GNU Go's break_chain2 rule).
                2 => {
                    // Asked at most once: the clamp and the depth rule
                    // below both need it.
                    let asked =
                        n == 3 || (n <= 3 && !ladder_only && d > self.limits.backfill_depth);
                    let atari_next = asked && self.has_neighbour_in_atari(e);
                    if n == 2 {
                        self.break_chain2_efficient(s, e, &mut moves);
                    } else if n == 3 && !atari_next {
                        // The clamp only: the other efficient moves are
                        // the sure counter-ataris below, and rescuing a
                        // string in atari next to `e` (GNU Go's defend3
                        // does) finds a false defence in reading.tst 181.
                        self.edge_clamp_chain2(e, color, &el, &mut moves);
                    }
                    n <= 3 && !ladder_only && (d <= self.limits.backfill_depth || !atari_next)
                }
                3 => (n <= 2 && backfill) || (n <= 3 && break_chain) || (n == 4 && backfill),
                4 => n <= 2 && break_chain,
                _ => false,
            };
            if el.len() == 2 && n <= 2 && ladder_only {
                self.safe_counter_atari(e, color, &el, &mut later);
            }
            if take_libs {
                let count = el.len();
                // Against three liberties the escape test is made for a
                // two-liberty string past the break-chain depth and for a
                // three-liberty one from the fourth move on: made nearer
                // the root, or for four liberties, it loses reading.tst
                // and ld_owl.tst cases (GNU Go makes it everywhere).
                let apply = count == 4
                    || (count == 3 && n == 2 && d > self.limits.break_chain_depth)
                    || (count == 3 && n == 3 && d >= ESCAPE_TEST_DEPTH);
                let targets = if apply {
                    self.escape_or_all(color.other(), el)
                } else {
                    el
                };
                for l in targets {
                    match count {
                        1 => push(&mut moves, l),
                        2 if self.unsafe_break_chain2(color, l, backfill) => {}
                        _ => push(&mut later, l),
                    }
                }
            }
        }
        if n == 2 || n == 3 {
            let b = self.board();
            let edge_libs: Points = libs.iter().copied().filter(|&l| b.is_edge(l)).collect();
            for l in edge_libs {
                if self.hopeless_crawl(color, l) {
                    moves.retain(|&m| m != l);
                }
            }
            self.edge_clamps(s, color, &mut moves);
        }
        if backfill && n == 2 {
            self.rescue_holders(s, color, &libs, &mut moves);
        }
        if n == 3 && !ladder_only && d <= self.limits.backfill2_depth {
            self.hane_rescues(s, color, &libs, &mut moves);
        }
        if !ladder_only {
            self.sure_counter_atari(s, color, n, &mut moves);
        }
        let later = Later {
            moves: later,
            first: Points::from_slice(&moves),
            captures,
        };
        let first = self.order_defense_moves(s, color, &later.captures, moves, killer);
        (first, later)
    }

    /// The liberties `el` of an opponent (`owner`) string with three or
    /// four of them, to attack it from: none when it would get one more
    /// liberty than it has by extending at two of them (it runs away
    /// whatever is played), only that one when at one, all otherwise (GNU
    /// Go's chain-breaking moves against three and four liberties).
    fn escape_or_all(&mut self, owner: Color, el: Points) -> Points {
        let enough = el.len() + 1;
        let mut runs = Points::new();
        for &l in &el {
            if self.plain_libs(owner, l, enough) >= enough {
                runs.push(l);
                if runs.len() == 2 {
                    return Points::new();
                }
            }
        }
        if runs.is_empty() {
            el
        } else {
            runs
        }
    }

    /// The second batch of [`Reader::defense_moves`] for the string at `s`
    /// (colour `color`, `n` liberties), best first: completed and ordered
    /// only when the first batch did not settle the node.
    pub fn order_later(
        &mut self,
        s: usize,
        color: Color,
        n: usize,
        mut later: Later,
        killer: Option<usize>,
    ) -> Vec<usize> {
        let libs = self.board_mut().libs(s);
        let d = self.depth();
        let ladder_only = d > self.limits.depth;
        let backfill = !ladder_only && d <= self.limits.backfill_depth;
        let v = &mut later.moves;
        if !ladder_only && n == 2 && d <= self.limits.backfill_depth {
            second_order(self, &libs, v);
        } else if !ladder_only && n <= 3 {
            self.rescue_behind_weak_points(color, &libs, 4 - n, v);
        }
        if backfill && n <= 3 {
            self.neighbour_rescue(s, color, &libs, v);
        }
        if n >= 3 {
            self.save_chain_neighbour(s, color, v);
        }
        if !ladder_only && n == 2 {
            self.backfill_defenses(color, &libs, v);
        }
        if backfill && (n == 2 || n == 3) {
            self.race_moves(color, &libs, v);
        }
        v.retain(|m| !later.first.contains(m));
        self.order_defense_moves(s, color, &later.captures, later.moves, killer)
    }

    /// Drops the defender's `moves` for the string at `s` that leave it
    /// in atari (unless they capture, `captures`) and orders the rest by
    /// GNU Go's move scores.
    pub fn order_defense_moves(
        &mut self,
        s: usize,
        color: Color,
        captures: &[usize],
        moves: Vec<usize>,
        killer: Option<usize>,
    ) -> Vec<usize> {
        let mut scored = Scored::new();
        let n = self.board_mut().count_libs(s, 6);
        for &m in &moves {
            if !self.board().is_empty(m) {
                continue;
            }
            let Some(left) = self.libs_left_after_defense(s, color, n, m) else {
                continue;
            };
            if left <= 1 && !captures.contains(&m) {
                continue;
            }
            let score = self.move_score(m, color, s, n);
            scored.push((score, m));
        }
        sorted(scored, killer, moves)
    }

    /// What the attacker's move at empty `m` does to the string at `s`
    /// (colour `color`): `None` when not allowed, `Some(None)` when it
    /// captures the string. Counted without playing unless `m` takes a
    /// ko.
    fn attack_move_effect(&mut self, s: usize, color: Color, m: usize) -> Option<Option<Effect>> {
        let attacker = color.other();
        if !self.board_mut().is_ko_capture(attacker, m) {
            let own = self.board().libs_after_move(attacker, m, 4);
            if own == 0 {
                return None;
            }
            let b = self.board_mut();
            let mut took = false;
            let mut is_lib = false;
            for q in b.around(m) {
                if b.color(q) == Some(color) {
                    let in_atari = b.count_libs(q, 2) == 1;
                    took |= in_atari;
                    if b.same_string(q, s) {
                        if in_atari {
                            return Some(None);
                        }
                        is_lib = true;
                    }
                }
            }
            let left = b.count_libs(s, 7) - usize::from(is_lib);
            let left = left.min(6);
            return Some(Some(Effect { left, own, took }));
        }
        self.try_move(attacker, m)?;
        let took = self.last_captured() > 0;
        let b = self.board_mut();
        let res = (b.color(s) == Some(color)).then(|| Effect {
            left: b.count_libs(s, 6),
            own: b.count_libs(m, 4),
            took,
        });
        self.pop();
        Some(res)
    }

    /// The liberties (counted to 2) of the string at `s` (`n` liberties)
    /// once its owner `color` plays at empty `m`; `None` when the move is
    /// not allowed. Counted without playing unless `m` takes a ko or the
    /// string is in atari away from `m` (a capture might free it).
    fn libs_left_after_defense(
        &mut self,
        s: usize,
        color: Color,
        n: usize,
        m: usize,
    ) -> Option<usize> {
        let joins = self
            .board()
            .around(m)
            .into_iter()
            .any(|q| self.board().same_string(q, s));
        if (joins || n >= 2) && !self.board_mut().is_ko_capture(color, m) {
            let own = self.board().libs_after_move(color, m, 2);
            return match own {
                0 => None,
                _ if joins => Some(own),
                _ => Some(n.min(2)),
            };
        }
        self.try_move(color, m)?;
        let left = self.board_mut().count_libs(s, 2);
        self.pop();
        Some(left)
    }

    /// True when the liberty `l` of a two-liberty opponent string is a
    /// break-chain move GNU Go leaves out: a self-atari for the defender
    /// (colour `color`) that is no ko capture and, within the backfill
    /// depth (`backfill`), would give an opponent stone five liberties.
    fn unsafe_break_chain2(&mut self, color: Color, l: usize, backfill: bool) -> bool {
        self.libs_after(color, l, 2) < 2
            && !self.board_mut().is_ko_capture(color, l)
            && !(backfill && self.plain_libs(color.other(), l, 5) < 5)
    }

    /// Moves that strengthen a friendly string next to one of the
    /// liberties of `s`, so that the liberty becomes a connection: the
    /// liberties of such a string with few liberties.
    fn neighbour_rescue(&mut self, s: usize, color: Color, libs: &[usize], v: &mut Vec<usize>) {
        let own = self.board_mut().stones(s);
        for &l in libs {
            for q in self.board().around(l) {
                if self.board().color(q) != Some(color) || own.contains(&q) {
                    continue;
                }
                let ql = self.board_mut().libs_max(q, 4);
                if ql.len() <= 3 {
                    for m in ql {
                        push(v, m);
                    }
                }
            }
        }
    }

    /// The empty neighbours of each liberty where an opponent stone would
    /// have at most `weak` liberties: playing next to such a point makes
    /// the opponent's move there a self-atari or sets up an eye.
    fn rescue_behind_weak_points(
        &mut self,
        color: Color,
        libs: &[usize],
        weak: usize,
        v: &mut Vec<usize>,
    ) {
        for &l in libs {
            if self.board().libs_after_move(color.other(), l, 3) <= weak {
                for q in self.board().around(l) {
                    if self.board().is_empty(q) {
                        push(v, q);
                    }
                }
            }
        }
    }

    /// Whether the string at `s` touches an opponent string in atari.
    fn has_neighbour_in_atari(&mut self, s: usize) -> bool {
        !self.board_mut().adjacent_with_libs(s, 1).is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::board::Color::{Black, White};
    use crate::go::coord::from_gtp;
    use crate::go::reading::{attack, Code, ReadingLimits};
    use crate::go::sgf::{load, Until};
    use crate::go::worms::tests::diagram;
    use crate::go::worms::tests::vertex as at;

    /// The default limits with `start_depth` moves already on the stack.
    fn stacked(start_depth: usize) -> ReadingLimits {
        ReadingLimits {
            start_depth,
            ..ReadingLimits::default()
        }
    }

    /// The capping point of two diagonal liberties is the empty point
    /// next to both, the one on the second liberty's row when both are
    /// empty; liberties that are not diagonal give none.
    #[test]
    fn capping_points() {
        let e = ".....";
        let p = diagram(&[e, ".X...", e, e, e]);
        let r = Reader::new(&p, &ReadingLimits::default());
        let pad = |v: &str| r.board().to_padded(at(&p, v));
        let caps = |libs: &[&str]| {
            let mut v = Vec::new();
            cap_points(&r, &libs.iter().map(|l| pad(l)).collect::<Vec<_>>(), &mut v);
            v
        };
        assert_eq!(caps(&["A4", "B3"]), vec![pad("A3")]);
        assert_eq!(caps(&["C3", "D2"]), vec![pad("C2")]);
        assert_eq!(caps(&["D2", "C3"]), vec![pad("D3")]);
        assert_eq!(caps(&["A3", "C3", "D5"]), Vec::<usize>::new());
    }

    /// A black stone in atari at B3 next to a two-liberty white stone
    /// (A3) and two three-liberty ones: only its liberty is a candidate,
    /// not the liberties of the strings around it, since a move that
    /// neither frees nor captures leaves it to be taken at once.
    #[test]
    fn string_in_atari_takes_no_break_chain_moves() {
        let e = ".....";
        let p = diagram(&[e, e, "OXO..", ".O...", e]);
        let mut r = Reader::new(&p, &ReadingLimits::default());
        let pad = |v: &str| r.board().to_padded(at(&p, v));
        let (b3, b4) = (pad("B3"), pad("B4"));
        let (first, later) = r.defense_moves(b3, Black, 1, None);
        assert_eq!(first, vec![b4]);
        assert_eq!(later.moves, Vec::<usize>::new());
    }

    /// The black string C2-C3 (liberties C4, D2, C1) is saved by the hane
    /// at D4 against the white stone at D3, which has no more liberties
    /// than it: tried with the first moves within the second backfill
    /// depth, not deeper.
    #[test]
    fn hane_rescue_is_a_first_move_against_three_liberties() {
        let e = ".....";
        let p = diagram(&[e, e, ".OXO.", ".OX..", e]);
        let first_at = |start_depth| {
            let limits = stacked(start_depth);
            let mut r = Reader::new(&p, &limits);
            let c3 = r.board().to_padded(at(&p, "C3"));
            let mut v = Vec::new();
            let libs = r.board_mut().libs(c3);
            r.hane_rescues(c3, Black, &libs, &mut v);
            let hanes: Vec<usize> = v.iter().map(|&q| r.board().to_plain(q)).collect();
            let (first, _) = r.defense_moves(c3, Black, 3, None);
            let first: Vec<usize> = first.iter().map(|&q| r.board().to_plain(q)).collect();
            (hanes, first.contains(&at(&p, "D4")))
        };
        let limits = ReadingLimits::default();
        assert_eq!(first_at(0), (vec![at(&p, "D4")], true));
        assert_eq!(
            first_at(limits.backfill2_depth + 1),
            (vec![at(&p, "D4")], false)
        );
    }

    /// The white string B2-C2 (liberties B3, B1, C1) next to the black
    /// stone D2, whose liberties E2 and D1 lie diagonally with D1 on the
    /// edge: the clamp at E2 is one of the first moves.
    #[test]
    fn edge_clamp_against_a_two_liberty_neighbour_of_three_liberties() {
        let e = "......";
        let p = diagram(&[e, e, "..XXX.", "X.XOO.", "XOOX..", e]);
        let mut r = Reader::new(&p, &ReadingLimits::default());
        let c2 = r.board().to_padded(at(&p, "C2"));
        let (first, _) = r.defense_moves(c2, White, 3, None);
        let first: Vec<usize> = first.iter().map(|&q| r.board().to_plain(q)).collect();
        assert!(first.contains(&at(&p, "E2")), "{first:?}");
    }

    /// The lone black stone C3 (three liberties) next to the lone white
    /// stone D3 (three liberties, two of them, D4 and E3, escapes): near
    /// the root all of D3's liberties are break-chain moves, from the
    /// escape-test depth on none.
    #[test]
    fn break_chain_moves_against_a_neighbour_that_escapes() {
        let e = ".......";
        let p = diagram(&[e, e, e, e, "..XO...", e, e]);
        let later_at = |start_depth| {
            let limits = stacked(start_depth);
            let mut r = Reader::new(&p, &limits);
            let c3 = r.board().to_padded(at(&p, "C3"));
            let (_, later) = r.defense_moves(c3, Black, 3, None);
            let mut m: Vec<usize> = later.moves.iter().map(|&q| r.board().to_plain(q)).collect();
            m.sort_unstable();
            m
        };
        let mut all: Vec<usize> = ["D4", "E3", "D2"].iter().map(|v| at(&p, v)).collect();
        all.sort_unstable();
        assert_eq!(later_at(ESCAPE_TEST_DEPTH - 1), all);
        assert_eq!(later_at(ESCAPE_TEST_DEPTH), Vec::<usize>::new());
    }

    /// Against three liberties (the black string B2-B3: B4, C2, B1) the
    /// attacker's approach moves such as C4 are tried within the second
    /// backfill depth; deeper only the liberties and the capping point C1.
    #[test]
    fn approach_moves_against_three_liberties_stop_at_backfill2_depth() {
        let e = ".....";
        let p = diagram(&[e, e, "OXO..", "OX...", e]);
        let moves_at = |start_depth| {
            let limits = stacked(start_depth);
            let mut r = Reader::new(&p, &limits);
            let b3 = r.board().to_padded(at(&p, "B3"));
            let mut m: Vec<usize> = r
                .attack_moves(b3, Black, 3, None)
                .into_iter()
                .map(|q| r.board().to_plain(q))
                .collect();
            m.sort_unstable();
            m
        };
        let named = |vs: &[&str]| {
            let mut m: Vec<usize> = vs.iter().map(|v| at(&p, v)).collect();
            m.sort_unstable();
            m
        };
        let limits = ReadingLimits::default();
        let near = moves_at(limits.backfill2_depth);
        assert!(near.contains(&at(&p, "C4")), "{near:?}");
        let deep = moves_at(limits.backfill2_depth + 1);
        assert_eq!(deep, named(&["B4", "C2", "B1", "C1"]));
    }

    /// incident169 move 210 after black K3, white K2, black H2, white
    /// J3, black K4, white G2, black H1, white G1, black G3, white J1:
    /// the white string at J2 (liberties H1, H2, K1) can be captured when
    /// eight moves are on the stack, at H2 as GNU Go 3.8 answers, but no
    /// longer with nine or ten. Connection.tst 103 turns on this: the
    /// white cut at J2 must hold two moves into the connection search.
    #[test]
    fn deep_three_liberty_attack() {
        let text = include_str!("../../../../tests/data/go/regress/games/incident169.sgf");
        let mut board = load(text, &Until::Move(210)).expect("a record").board;
        let moves = ["K3", "K2", "H2", "J3", "K4", "G2", "H1", "G1", "G3", "J1"];
        for (i, m) in moves.iter().enumerate() {
            let color = if i % 2 == 0 { Black } else { White };
            let v = from_gtp(19, m).expect("a vertex");
            board.play(color, Some(v)).expect("legal");
        }
        let p = board.position();
        let at_depth = |start_depth| {
            let limits = stacked(start_depth);
            let o = attack(p, at(p, "J2"), &limits).expect("a stone");
            (o.code, o.point)
        };
        assert_eq!(at_depth(8), (Code::Win, Some(at(p, "H2"))));
        assert_eq!(at_depth(9), (Code::Lose, None));
        assert_eq!(at_depth(10), (Code::Lose, None));
    }
}
