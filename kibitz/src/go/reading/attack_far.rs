//! Attacker moves away from the target's liberties: when both liberties
//! of a two-liberty string are self-ataris for the attacker, the
//! attacker may first shorten a defender string that threatens the
//! attacker's own short string holding one of those liberties. And on
//! the edge, next to a first-line liberty under a defender stone, the
//! attacker may close the edge one point further out first (an
//! edge-closing backfill). And the attacker fills the points where the
//! defender would atari two surrounding strings at once.

use super::board::BORDER;
use super::search::Reader;
use crate::go::board::Color;

/// Appends `p` to `v` unless present.
fn push(v: &mut Vec<usize>, p: usize) {
    if !v.contains(&p) {
        v.push(p);
    }
}

impl Reader {
    /// Against the two-liberty string at `s` (colour `color`) whose
    /// liberties the attacker cannot fill safely: for an attacker string
    /// with two liberties sharing one of them, a liberty of each defender
    /// string next to it (two liberties, or three with one shared) that
    /// the attacker can take without self-atari and where the defender
    /// cannot answer on another liberty with more room.
    pub fn shorten_rescuer(&mut self, s: usize, color: Color, v: &mut Vec<usize>) {
        let attacker = color.other();
        let libs = self.board_mut().libs(s);
        if libs.len() != 2 || libs.iter().any(|&l| self.libs_after(attacker, l, 2) >= 2) {
            return;
        }
        let own = self.board_mut().stones(s);
        let short = self.board_mut().adjacent_with_libs(s, 2);
        for &a in &libs {
            let Some(&b) = short
                .iter()
                .find(|&&e| self.board_mut().libs_max(e, 3).contains(&a))
            else {
                continue;
            };
            let blibs = self.board_mut().libs_max(b, 3);
            for c in self.board_mut().adjacent_strings(b) {
                if own.contains(&c) {
                    continue;
                }
                let clibs = self.board_mut().libs_max(c, 4);
                if clibs.len() < 2 || clibs.len() > 3 {
                    continue;
                }
                let common = clibs.iter().any(|l| blibs.contains(l));
                if clibs.len() == 3 && !common {
                    continue;
                }
                for &d in &clibs {
                    if self.libs_after(attacker, d, 2) < 2 {
                        continue;
                    }
                    let dl = self.plain_libs(attacker, d, 3);
                    let ok = clibs.iter().filter(|&&e| e != d).all(|&e| {
                        let el = self.plain_libs(color, e, 4);
                        el <= 3 && (common || el <= dl)
                    });
                    if ok {
                        push(v, d);
                    }
                }
            }
        }
    }

    /// GNU Go's edge-closing backfill for the liberty `lib` of a string
    /// of `color`: when `lib` is on the first line with a `color` stone
    /// above it, and beside `lib` lies an empty point `t` (the other side
    /// being the edge or a `color` stone) under an attacker stone, the
    /// attacker plays `t` unless the two points beyond `t` and its upper
    /// neighbour hold more attacker than defender stones.
    pub fn edge_closing_backfill(&self, color: Color, lib: usize, v: &mut Vec<usize>) {
        let b = self.board();
        let off = |p: usize| b.at(p) == BORDER;
        let around = b.around(lib);
        let Some(up) = (0..4).find(|&k| off(around[(k + 2) % 4])) else {
            return;
        };
        if b.color(around[up]) != Some(color) {
            return;
        }
        let ok = |r: usize| {
            let o = around[(r + 2) % 4];
            b.is_empty(around[r]) && (off(o) || b.color(o) == Some(color))
        };
        let Some(r) = [(up + 1) % 4, (up + 3) % 4].into_iter().find(|&r| ok(r)) else {
            return;
        };
        let t = around[r];
        let t_up = b.around(t)[up];
        if b.color(t_up) != Some(color.other()) {
            return;
        }
        let (far_up, far) = (b.around(t_up)[r], b.around(t)[r]);
        if off(far_up) {
            return;
        }
        let count = |c: Color| {
            [far_up, far]
                .iter()
                .filter(|&&p| b.color(p) == Some(c))
                .count()
        };
        if count(color.other()) <= count(color) {
            push(v, t);
        }
    }

    /// The points where the owner (`color`) of the string at `s` would
    /// put two surrounding two-liberty strings in atari at once and not
    /// be in atari itself; with `more`, also a liberty shared by a
    /// surrounding two-liberty string and a three-liberty one.
    pub fn double_atari_points(&mut self, s: usize, color: Color, more: bool, v: &mut Vec<usize>) {
        let around = self.board_mut().adjacent_strings(s);
        let mut seen: Vec<usize> = Vec::new();
        let mut doubled: Vec<usize> = Vec::new();
        for &e in &around {
            let el = self.board_mut().libs_max(e, 3);
            if el.len() != 2 {
                continue;
            }
            for l in el {
                if !seen.contains(&l) {
                    seen.push(l);
                } else if !doubled.contains(&l) {
                    doubled.push(l);
                    if self.libs_after(color, l, 2) >= 2 {
                        push(v, l);
                    }
                }
            }
        }
        if !more {
            return;
        }
        for &e in &around {
            let el = self.board_mut().libs_max(e, 4);
            if el.len() != 3 {
                continue;
            }
            for l in el {
                if seen.contains(&l) && !doubled.contains(&l) {
                    doubled.push(l);
                    if self.libs_after(color, l, 2) >= 2 {
                        push(v, l);
                    }
                }
            }
        }
    }
}
