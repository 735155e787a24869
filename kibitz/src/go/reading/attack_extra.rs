//! The attacker's second batch of moves, tried only when the first batch
//! (liberties, approach moves, rescuing its own strings in atari) found
//! no sure capture: strengthening the attacker's own short strings that
//! surround the target (the defender would otherwise win the capturing
//! race by taking them), the outer liberties of its superstring, and
//! backfilling before a capture that fails as a snapback or a ko or
//! before an atari that would be a self-atari.

use super::search::Reader;
use crate::go::board::Color;

/// Appends `p` to `v` unless present.
fn push(v: &mut Vec<usize>, p: usize) {
    if !v.contains(&p) {
        v.push(p);
    }
}

impl Reader {
    /// The liberties a `color` stone played at `lib` would have (before
    /// captures), when it can be played and has at most five: the points
    /// to backfill before that stone is captured or played.
    pub(super) fn breathing_points(&mut self, color: Color, lib: usize) -> Option<Vec<usize>> {
        let around = self.libs_list_after(color, lib, 6);
        (!around.is_empty() && around.len() <= 5).then_some(around)
    }

    /// The attacker's second-batch moves against the string at `s`
    /// (colour `color`, `n` liberties), not yet ordered, and its squeeze
    /// moves (self-ataris on purpose, see [`Reader::squeeze_moves`]).
    pub fn attack_extra_moves(
        &mut self,
        s: usize,
        color: Color,
        n: usize,
    ) -> (Vec<usize>, Vec<usize>) {
        let d = self.depth();
        let lim = self.limits;
        let mut moves = Vec::new();
        let mut squeeze = Vec::new();
        if d > lim.depth {
            return (moves, squeeze);
        }
        if n == 1 && d <= lim.backfill_depth {
            self.backfill_lone_liberty(s, color, &mut moves);
        }
        if n == 2 && d <= lim.backfill_depth {
            self.backfill_short_liberty(s, color, &mut moves);
            self.shorten_rescuer(s, color, &mut moves);
        }
        if n == 3 && d <= lim.backfill2_depth {
            self.save_short_boundary(s, color, &mut moves);
            self.superstring_moves(s, 3, true, &mut moves);
            self.squeeze_moves(s, color, &mut squeeze);
        }
        if n == 2 && d <= lim.backfill_depth {
            let libs = self.board_mut().libs(s);
            let atari_possible = libs
                .iter()
                .any(|&l| self.libs_after(color.other(), l, 2) >= 2);
            if d <= lim.superstring_depth || !atari_possible {
                let cap = if d <= lim.backfill2_depth { 3 } else { 2 };
                self.superstring_moves(s, cap, true, &mut moves);
                self.squeeze_moves(s, color, &mut squeeze);
            }
        }
        (moves, squeeze)
    }

    /// When taking the last liberty fails (a snapback or a ko), the
    /// points a defender stone on that liberty would breathe through (at
    /// most five): filling one first may make the capture work.
    fn backfill_lone_liberty(&mut self, s: usize, color: Color, v: &mut Vec<usize>) {
        let lib = self.board_mut().libs(s)[0];
        let Some(around) = self.breathing_points(color, lib) else {
            return;
        };
        for p in around {
            if self.libs_after(color.other(), p, 2) >= 2 {
                push(v, p);
            }
        }
    }

    /// For each liberty of the two-liberty string at `s` where an
    /// attacker stone would have a single liberty (before captures), that
    /// liberty: filling it first makes the atari possible.
    fn backfill_short_liberty(&mut self, s: usize, color: Color, v: &mut Vec<usize>) {
        let attacker = color.other();
        for l in self.board_mut().libs(s) {
            if self.plain_libs(attacker, l, 2) != 1 {
                continue;
            }
            if let [p] = self.libs_list_after(attacker, l, 2)[..] {
                push(v, p);
            }
        }
    }

    /// Back-captures against the two-liberty string at `s`: for each
    /// liberty where an attacker stone would have a single liberty (not
    /// counting captures), the liberty of a defender string in atari next
    /// to each attacker string around that backfilling point (the first
    /// such string found): taking it gives the backfilling stone room.
    pub(super) fn back_captures(&mut self, s: usize, color: Color, v: &mut Vec<usize>) {
        let attacker = color.other();
        for l in self.board_mut().libs(s) {
            let [p] = self.plain_libs_list(attacker, l)[..] else {
                continue;
            };
            for q in self.board().around(p) {
                if self.board().color(q) != Some(attacker) {
                    continue;
                }
                for e in self.board_mut().adjacent_strings(q) {
                    if let [m] = self.board_mut().libs_max(e, 2)[..] {
                        push(v, m);
                        break;
                    }
                }
            }
        }
    }

    /// Moves saving an attacker string with two liberties next to the
    /// target: its liberties (unless both already lead to safety),
    /// captures of defender strings in atari next to it, and ataris on
    /// its two-liberty defender neighbours wherever the attacker's stone
    /// is no self-atari (or takes a ko).
    fn save_short_boundary(&mut self, s: usize, color: Color, v: &mut Vec<usize>) {
        let attacker = color.other();
        for e in self.board_mut().adjacent_with_libs(s, 2) {
            let el = self.board_mut().libs_max(e, 2);
            let roomy = el.iter().all(|&l| self.libs_after(attacker, l, 4) > 3);
            if roomy {
                continue;
            }
            for f in self.board_mut().adjacent_strings(e) {
                let fl = self.board_mut().libs_max(f, 3);
                if fl.len() == 1 {
                    push(v, fl[0]);
                } else if fl.len() == 2 {
                    for l in fl {
                        if self.libs_after(attacker, l, 2) >= 2
                            || self.board_mut().is_ko_capture(attacker, l)
                        {
                            push(v, l);
                        }
                    }
                }
            }
            for l in el {
                push(v, l);
            }
        }
    }

    /// The liberties a stone of `color` at empty `p` would have (counted
    /// to `max`), or 0 when the move is illegal.
    pub fn libs_after(&mut self, color: Color, p: usize, max: usize) -> usize {
        self.board().libs_after_move(color, p, max)
    }
}
