//! Checking one given move: does it attack or defend a string, with GNU Go
//! 3.8's meaning of `does_attack` / `does_defend`.
//!
//! A move "attacks" only when it improves on doing nothing: a string that
//! can be captured and not saved is already dead, so no move attacks it.
//! After the move, the defender's best defence from before is also tried
//! (one ply deeper) and must not save the string. Likewise a move
//! "defends" only a string that can be attacked, when afterwards no attack
//! works, not even the attack point from before.

use super::search::Reader;
use super::Code;
use crate::go::board::Color;

impl Reader {
    /// The attacker's code for the move at `m` against the string at `s`
    /// (padded points); [`Code::Lose`] when it does not improve the attack.
    pub fn does_attack(&mut self, m: usize, s: usize) -> Code {
        let Some(color) = self.board().color(s) else {
            return Code::Lose;
        };
        let (acode, _) = self.attack(s);
        let (dcode, spos) = if acode == Code::Lose {
            (Code::Win, None)
        } else {
            self.defend(s)
        };
        if acode != Code::Lose && dcode == Code::Lose {
            return Code::Lose;
        }
        let result = self.after_move(color.other(), m, |r| {
            let mut result = if r.board().color(s) != Some(color) {
                Code::Win
            } else {
                r.defend(s).0.reverse()
            };
            if result != Code::Lose {
                if let Some(sp) = spos {
                    let again = r.deeper(|r| {
                        r.after_plain_move(color, sp, |r| {
                            if r.board().color(s) == Some(color) {
                                r.attack(s).0
                            } else {
                                Code::Win
                            }
                        })
                    });
                    result = result.min(again.unwrap_or(Code::Win));
                }
            }
            result
        });
        if result < acode {
            Code::Lose
        } else {
            result
        }
    }

    /// True when the move at `m` saves the string at `s` (padded points):
    /// the string can be attacked now and cannot after the move.
    pub fn does_defend(&mut self, m: usize, s: usize) -> bool {
        let Some(color) = self.board().color(s) else {
            return false;
        };
        let (acode, apos) = self.attack(s);
        let Some(apos) = apos.filter(|_| acode != Code::Lose) else {
            return false;
        };
        let attacker: Color = color.other();
        self.after_move(color, m, |r| {
            if r.attack(s).0 != Code::Lose {
                return Code::Lose;
            }
            let refuted = r.deeper(|r| {
                r.after_plain_move(attacker, apos, |r| {
                    r.board().color(s) != Some(color) || r.defend(s).0 == Code::Lose
                })
            });
            if refuted == Some(true) {
                Code::Lose
            } else {
                Code::Win
            }
        }) == Code::Win
    }

    /// Runs `f` after `color` plays at `p` by the board's rules (no ko
    /// retakes), then takes the move back; `None` when it is illegal.
    fn after_plain_move<T>(
        &mut self,
        color: Color,
        p: usize,
        f: impl FnOnce(&mut Reader) -> T,
    ) -> Option<T> {
        if !self.board_mut().is_legal(color, p) {
            return None;
        }
        self.try_move(color, p)?;
        let out = f(self);
        self.pop();
        Some(out)
    }

    /// Runs `f` with every depth limit one higher.
    fn deeper<T>(&mut self, f: impl FnOnce(&mut Reader) -> T) -> T {
        let saved = self.limits;
        self.limits = saved.shifted(1);
        let out = f(self);
        self.limits = saved;
        out
    }
}
