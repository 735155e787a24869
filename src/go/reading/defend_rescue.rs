//! Defender moves that save a neighbouring friendly string: when a
//! liberty of a two-liberty string is a suicide point for the attacker,
//! the friendly strings around that point hold it, and keeping them alive
//! keeps the liberty. Also the defender's backfills next to liberties
//! where an attacker stone would be short of liberties.

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
    /// self-atari, and the last liberties of attacker strings in atari
    /// around it.
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
                    if let [m] = self.board_mut().libs_max(e, 2)[..] {
                        push(v, m);
                    }
                }
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
                for e in self.board_mut().adjacent_strings(b) {
                    let [c] = self.board_mut().libs_max(e, 2)[..] else {
                        continue;
                    };
                    for f in self.board_mut().adjacent_strings(e) {
                        if let [m] = self.board_mut().libs_max(f, 2)[..] {
                            push(v, m);
                        }
                    }
                    if self.libs_after(color, c, 2) >= 2 {
                        push(v, c);
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
}
