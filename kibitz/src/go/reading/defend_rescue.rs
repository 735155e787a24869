//! Defender moves that save a neighbouring friendly string: when a
//! liberty of a two-liberty string is a suicide point for the attacker,
//! the friendly strings around that point hold it, and keeping them alive
//! keeps the liberty. Likewise a two-liberty attacker string next to the
//! target is short of room while a single friendly string next to it is
//! in atari: saving that string keeps the attacker string weak. Also the
//! defender's backfills next to liberties where an attacker stone would
//! be short of liberties. And the hane beside a liberty that blocks an
//! attacker stone next to the string.

use super::search::Reader;
use crate::go::board::Color;

/// Appends `p` to `v` unless present.
fn push(v: &mut Vec<usize>, p: usize) {
    if !v.contains(&p) {
        v.push(p);
    }
}

impl Reader {
    /// For each liberty in `libs` of the string at `s` (colour `color`)
    /// where an attacker stone would be suicide: each other friendly
    /// string next to it gets up to four of its liberties that are no
    /// self-atari, the last liberties of attacker strings in atari
    /// around it, the efficient attacks on two-liberty attacker strings
    /// around it and its edge clamps.
    pub fn rescue_holders(&mut self, s: usize, color: Color, libs: &[usize], v: &mut Vec<usize>) {
        let own = self.board_mut().stones(s);
        for &l in libs {
            if !self.board_mut().is_suicide(color.other(), l) {
                continue;
            }
            for q in self.board().around(l) {
                if self.board().color(q) != Some(color) || own.contains(&q) {
                    continue;
                }
                for m in self.board_mut().libs_max(q, 4) {
                    if self.libs_after(color, m, 2) >= 2 {
                        push(v, m);
                    }
                }
                for e in self.board_mut().adjacent_strings(q) {
                    match self.board_mut().libs_max(e, 3)[..] {
                        [m] => push(v, m),
                        [_, _] => self.break_chain2_efficient(q, e, v),
                        _ => {}
                    }
                }
                self.edge_clamps(q, color, v);
            }
        }
    }

    /// Capturing-race moves for a string of colour `color` with two or
    /// three liberties `libs`: for each attacker string next to a
    /// liberty that shares two liberties with it and has at most one
    /// more, its outside liberties that are no self-atari; when it has no
    /// more liberties than `s`, also saving the defender strings in atari
    /// next to it (their liberty, captures around them).
    pub fn race_moves(&mut self, color: Color, libs: &[usize], v: &mut Vec<usize>) {
        let attacker = color.other();
        let n = libs.len();
        let mut seen: Vec<usize> = Vec::new();
        for &a in libs {
            for b in self.board().around(a) {
                if self.board().color(b) != Some(attacker) {
                    continue;
                }
                let stones = self.board_mut().stones(b);
                if seen.iter().any(|x| stones.contains(x)) {
                    continue;
                }
                seen.push(b);
                let blibs = self.board_mut().libs_max(b, n + 2);
                if blibs.len() > n + 1 || blibs.iter().filter(|l| libs.contains(l)).count() < 2 {
                    continue;
                }
                for &m in blibs.iter().take(4) {
                    if !libs.contains(&m) && self.libs_after(color, m, 2) >= 2 {
                        push(v, m);
                    }
                }
                if blibs.len() > n {
                    continue;
                }
                for e in self.board_mut().adjacent_with_libs(b, 1) {
                    let c = self.board_mut().libs_max(e, 1)[0];
                    for f in self.board_mut().adjacent_with_libs(e, 1) {
                        let m = self.board_mut().libs_max(f, 1)[0];
                        push(v, m);
                    }
                    if self.libs_after(color, c, 2) >= 2 {
                        push(v, c);
                    }
                }
            }
        }
    }

    /// For each attacker string with two liberties next to the string at
    /// `s` (colour `color`, at least three liberties) that has exactly one
    /// friendly string in atari next to it: the captures of attacker
    /// strings in atari next to that friendly string, and its liberty
    /// unless extending there is a self-atari.
    pub fn save_chain_neighbour(&mut self, s: usize, color: Color, v: &mut Vec<usize>) {
        for e in self.board_mut().adjacent_strings(s) {
            if self.board_mut().count_libs(e, 3) != 2 {
                continue;
            }
            let short = self.board_mut().adjacent_with_libs(e, 1);
            let [f] = short[..] else {
                continue;
            };
            self.save_in_atari(f, color, v);
        }
    }

    /// The moves saving the `color` string `f` in atari: the captures of
    /// the strings in atari around it, and its liberty unless extending
    /// there is a self-atari.
    pub fn save_in_atari(&mut self, f: usize, color: Color, v: &mut Vec<usize>) {
        for g in self.board_mut().adjacent_strings(f) {
            if let [m] = self.board_mut().libs_max(g, 2)[..] {
                push(v, m);
            }
        }
        let lib = self.board_mut().libs_max(f, 1)[0];
        if self.libs_after(color, lib, 2) >= 2 {
            push(v, lib);
        }
    }

    /// Counter-ataris that the attacker cannot escape: for each attacker
    /// string with two liberties next to the string at `s` (colour
    /// `color`, `n` liberties) with no friendly string in atari next to
    /// it (one is allowed when `n` is 2), each liberty whose partner
    /// would leave the attacker at most two liberties when extended,
    /// unless the atari is a self-atari.
    pub fn sure_counter_atari(&mut self, s: usize, color: Color, n: usize, v: &mut Vec<usize>) {
        let attacker = color.other();
        for e in self.board_mut().adjacent_strings(s) {
            let el = self.board_mut().libs_max(e, 3);
            if el.len() != 2 {
                continue;
            }
            let in_atari = self.board_mut().adjacent_with_libs(e, 1).len();
            if in_atari > 1 || (in_atari == 1 && n > 2) {
                continue;
            }
            for k in 0..2 {
                let (run, atari) = (el[k], el[1 - k]);
                if self.plain_libs(attacker, run, 3) <= 2 && self.libs_after(color, atari, 2) >= 2 {
                    push(v, atari);
                }
            }
        }
    }

    /// Hane rescues of the string at `s` (colour `color`, liberties
    /// `libs`): for a liberty `a` next to a stone `b` of the string, the
    /// empty point `c` beside `a` whose neighbour beside `b` is an
    /// attacker stone with no more liberties than the string has, and no
    /// more than a defender stone at `c` would have (GNU Go's defend3
    /// tries these with its first moves).
    pub fn hane_rescues(&mut self, s: usize, color: Color, libs: &[usize], v: &mut Vec<usize>) {
        let stride = self.board().stride();
        let n = libs.len();
        for &a in libs {
            for (step, cross) in [(1, stride), (stride, 1)] {
                for b in [a + step, a - step] {
                    if !self.board().same_string(b, s) {
                        continue;
                    }
                    for (c, d) in [(a + cross, b + cross), (a - cross, b - cross)] {
                        if !self.board().is_empty(c) || self.board().color(d) != Some(color.other())
                        {
                            continue;
                        }
                        let dlibs = self.board_mut().count_libs(d, n + 1);
                        if dlibs <= n && self.libs_after(color, c, dlibs) >= dlibs {
                            push(v, c);
                        }
                    }
                }
            }
        }
    }

    /// Backfilling defences of a two-liberty string (GNU Go's defend2
    /// backfills): where an attacker stone on a liberty would be in atari,
    /// the points a defender stone there would breathe through (next to a
    /// friendly stone and no self-atari); where an attacker stone would
    /// have at most two liberties (not counting captures), those liberties
    /// when they are no self-atari for the defender.
    pub fn backfill_defenses(&mut self, color: Color, libs: &[usize], v: &mut Vec<usize>) {
        let attacker = color.other();
        for &l in libs {
            if self.libs_after(attacker, l, 2) <= 1 {
                for p in self.plain_libs_list(color, l) {
                    let b = self.board();
                    let friendly = b.around(p).iter().any(|&q| b.color(q) == Some(color));
                    if friendly && self.libs_after(color, p, 2) >= 2 {
                        push(v, p);
                    }
                }
            }
            let theirs = self.plain_libs_list(attacker, l);
            if theirs.len() <= 2 {
                for p in theirs {
                    if self.libs_after(color, p, 2) >= 2 {
                        push(v, p);
                    }
                }
            }
        }
    }

    /// Counter-ataris on the two-liberty attacker string `e` (liberties
    /// `el`) that a ladder-deep defender of `color` still tries: an atari
    /// that is no self-atari (or takes a ko), unless a friendly string
    /// next to `e` is already in atari.
    pub fn safe_counter_atari(&mut self, e: usize, color: Color, el: &[usize], v: &mut Vec<usize>) {
        let in_atari = self
            .board_mut()
            .adjacent_strings(e)
            .into_iter()
            .any(|f| self.board_mut().count_libs(f, 2) == 1);
        if in_atari {
            return;
        }
        for &l in el {
            if self.libs_after(color, l, 2) >= 2 || self.board_mut().is_ko_capture(color, l) {
                push(v, l);
            }
        }
    }
}
