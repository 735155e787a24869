//! Attacker moves away from the target's liberties: when both liberties
//! of a two-liberty string are self-ataris for the attacker, the
//! attacker may first shorten a defender string that threatens the
//! attacker's own short string holding one of those liberties.

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
        let short: Vec<usize> = self
            .board_mut()
            .adjacent_strings(s)
            .into_iter()
            .filter(|&e| self.board_mut().count_libs(e, 3) == 2)
            .collect();
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
}
