//! Candidate moves built on superstrings ([`super::superstring`]) and
//! on the points next to a liberty the attacker cannot hold: filling
//! the superstring's outer liberties (or backfilling first) to attack,
//! taking them or attacking the superstring's weak surrounding strings
//! to defend, and the defender's moves behind a liberty where an
//! attacker stone would be short of liberties.

use super::search::Reader;
use crate::go::board::Color;

/// Appends `p` to `v` unless present.
fn push(v: &mut Vec<usize>, p: usize) {
    if !v.contains(&p) {
        v.push(p);
    }
}

impl Reader {
    /// The superstring's liberties that are not liberties of the string
    /// at `s` itself (members with at most `cap` liberties, at most five
    /// liberties in all): for the attacker those it can fill keeping two
    /// liberties, or else the backfilling point that prepares them; for
    /// the defender those the attacker could fill, and the rescue points
    /// next to them.
    pub fn superstring_moves(&mut self, s: usize, cap: usize, attack: bool, v: &mut Vec<usize>) {
        let color = self.board().color(s).expect("a stone");
        let attacker = color.other();
        let ss = self.superstring(s, cap, false, false);
        if ss.libs.len() > 5 {
            return;
        }
        let own = self.board_mut().libs(s);
        for l in ss.libs {
            if own.contains(&l) {
                continue;
            }
            let alibs = self.libs_list_after(attacker, l, 3);
            if alibs.len() >= 2 {
                push(v, l);
            } else if alibs.len() == 1 && attack {
                let x = alibs[0];
                if self.board().is_empty(x) && self.plain_libs(attacker, x, 3) >= 3 {
                    push(v, x);
                }
            }
            if !attack {
                self.special_rescue(s, l, v);
            }
        }
    }

    /// Attacks on the weak strings around the superstring of `s` (not
    /// those next to `s`): captures, efficient ataris on two-liberty
    /// strings, and the liberties of hemmed-in three-liberty strings.
    pub fn superstring_break_chain(&mut self, s: usize, v: &mut Vec<usize>) {
        let color = self.board().color(s).expect("a stone");
        let attacker = color.other();
        let ss = self.superstring(s, 4, true, true);
        for e in ss.links {
            let el = self.board_mut().libs(e);
            match el.len() {
                1 => push(v, el[0]),
                2 => self.break_chain2_efficient(s, e, v),
                3 => {
                    let room: Vec<usize> = el
                        .iter()
                        .map(|&l| self.plain_libs(attacker, l, 4))
                        .collect();
                    let open: Vec<usize> = (0..3).filter(|&k| room[k] >= 4).collect();
                    match open.len() {
                        0 => el.iter().for_each(|&l| push(v, l)),
                        1 => push(v, el[open[0]]),
                        _ => {}
                    }
                }
                _ => {}
            }
        }
    }

    /// Moves that capture the two-liberty opponent string at `e` (next
    /// to the defender's string at `s` or its superstring) before it can
    /// escape: with exactly one defender string in atari next to `e`
    /// (and `s` holding three liberties or more), saving that string;
    /// else, when no defender string next to `e` is in atari, the
    /// liberty of `e` whose partner gives the attacker at most two
    /// liberties, and the clamp from the second line when `e`'s
    /// liberties are diagonal with one on the edge.
    pub fn break_chain2_efficient(&mut self, s: usize, e: usize, v: &mut Vec<usize>) {
        let color = self.board().color(s).expect("a stone");
        let attacker = color.other();
        let mut in_atari = Vec::new();
        for f in self.board_mut().adjacent_strings(e) {
            if self.board_mut().count_libs(f, 2) == 1 {
                in_atari.push(f);
            }
        }
        if let [f] = in_atari[..] {
            if self.board_mut().count_libs(s, 3) > 2 {
                self.save_in_atari(f, color, v);
                return;
            }
        }
        if in_atari.len() > 1 {
            return;
        }
        let el = self.board_mut().libs_max(e, 2);
        for k in 0..2 {
            let held = self.plain_libs(attacker, el[k], 3) <= 2;
            if held && self.libs_after(color, el[1 - k], 2) >= 2 {
                push(v, el[1 - k]);
            }
        }
        self.edge_clamp_chain2(e, color, &el, v);
    }

    /// The clamp against a two-liberty opponent string `e` whose
    /// liberties `el` are diagonal neighbours, one of them on the edge,
    /// with a stone of `e` between them and the other point between
    /// them on the edge: the liberty off the edge, unless a self-atari.
    pub fn edge_clamp_chain2(&mut self, e: usize, color: Color, el: &[usize], v: &mut Vec<usize>) {
        let (a, b) = (el[0].min(el[1]), el[0].max(el[1]));
        if !self.board().diagonals(a).contains(&b) {
            return;
        }
        let stride = self.board().stride();
        let (p1, p2) = (b - stride, a + stride);
        let e_stones = self.board_mut().stones(e);
        let fits = |x: usize, y: usize, r: &Reader| e_stones.contains(&x) && r.board().is_edge(y);
        if !fits(p1, p2, self) && !fits(p2, p1, self) {
            return;
        }
        for (k, &l) in el.iter().enumerate() {
            let other = el[1 - k];
            if self.board().is_edge(l) && self.libs_after(color, other, 2) >= 2 {
                push(v, other);
            }
        }
    }

    /// The empty points next to the liberty `lib` of the string at `s`
    /// when an attacker stone on `lib` would have at most two liberties
    /// (stricter for strings with four liberties: two neighbours of the
    /// point must be such weak points for the attacker).
    pub fn special_rescue(&mut self, s: usize, lib: usize, v: &mut Vec<usize>) {
        let color = self.board().color(s).expect("a stone");
        let attacker = color.other();
        let otherlib = self.plain_libs(attacker, lib, 3);
        if otherlib > 2 {
            return;
        }
        let four = self.board_mut().count_libs(s, 4) > 3;
        for q in self.board().around(lib) {
            if !self.board().is_empty(q) {
                continue;
            }
            if self.libs_after(color, q, 2) < 2 && otherlib > 1 {
                continue;
            }
            if four {
                let protected = self
                    .board()
                    .around(q)
                    .into_iter()
                    .filter(|&r| self.board().is_empty(r))
                    .collect::<Vec<_>>()
                    .into_iter()
                    .filter(|&r| self.plain_libs(attacker, r, 3) < 3)
                    .count();
                if protected < 2 {
                    continue;
                }
            }
            push(v, q);
        }
    }

    /// The liberties (at most `max`) a stone of `color` at empty `p`
    /// would have, after captures; empty when the move is illegal (a legal
    /// stone always has one).
    pub fn libs_list_after(&mut self, color: Color, p: usize, max: usize) -> Vec<usize> {
        self.board().libs_list_after_move(color, p, max).to_vec()
    }
}
