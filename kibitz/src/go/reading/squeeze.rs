//! Squeeze moves: a liberty of the string the attacker cannot play leads
//! through a chain of such points to a point where an attacker stone
//! would be in atari; playing there first (for either side) changes the
//! liberty count of the fight.

use super::board::Points;
use super::search::Reader;
use crate::go::board::Color;

/// The most liberties any count here needs.
const MANY: usize = 400;

impl Reader {
    /// The squeeze points for the string at `s` (colour `color`, at most
    /// four liberties): from each liberty that is suicide for the
    /// attacker and where a defender stone would keep the string's
    /// liberty count, follow the points beyond it that are suicide for
    /// the attacker (a defender stone there having two liberties) to the
    /// first point where an attacker stone would be in atari; it counts
    /// when a defender stone on the attacker's remaining liberty would
    /// have fewer than three liberties, and fewer than on that point.
    pub fn squeeze_moves(&mut self, s: usize, color: Color, v: &mut Vec<usize>) {
        let attacker = color.other();
        let libs = self.board_mut().libs_max(s, 5);
        if libs.len() > 4 {
            return;
        }
        for &l in &libs {
            if !self.board_mut().is_suicide(attacker, l) {
                continue;
            }
            let around = self.plain_libs_list(color, l);
            if around.len().min(4) != libs.len() {
                continue;
            }
            let Some(mut p) = around.iter().copied().find(|q| !libs.contains(q)) else {
                continue;
            };
            let mut prev = l;
            let mut lost = false;
            while self.board_mut().is_suicide(attacker, p) {
                let next = self.plain_libs_list(color, p);
                if next.len() != 2 {
                    lost = true;
                    break;
                }
                let q = if next[0] == prev { next[1] } else { next[0] };
                prev = p;
                p = q;
                if libs.contains(&p) {
                    lost = true;
                    break;
                }
            }
            if lost || self.libs_after(attacker, p, 2) > 1 {
                continue;
            }
            let Some(&q) = self.plain_libs_list(attacker, p).first() else {
                continue;
            };
            let at_q = self.plain_libs(color, q, MANY);
            if at_q < 3 && at_q < self.plain_libs(color, p, MANY) && !v.contains(&p) {
                v.push(p);
            }
        }
    }

    /// The liberties a stone of `color` at empty `p` would have, before
    /// any capture (GNU Go's approximate liberties).
    pub fn plain_libs_list(&mut self, color: Color, p: usize) -> Points {
        let b = self.board_mut();
        let mut libs = Points::new();
        for q in b.around(p) {
            if b.is_empty(q) {
                if !libs.contains(&q) {
                    libs.push(q);
                }
            } else if b.color(q) == Some(color) {
                for l in b.libs(q) {
                    if l != p && !libs.contains(&l) {
                        libs.push(l);
                    }
                }
            }
        }
        libs
    }
}
