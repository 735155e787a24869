//! Defender moves that save a neighbouring friendly string: when a
//! liberty of a two-liberty string is a suicide point for the attacker,
//! the friendly strings around that point hold it, and keeping them alive
//! keeps the liberty.

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
}
