//! Simple ladders: the attacker only plays ataris on a two-liberty string,
//! the defender only extends or captures a string in atari next to it.

use super::search::Reader;
use super::Code;

impl Reader {
    /// A simple-ladder attack on the two-liberty string at padded point
    /// `s`: the code and the first atari that works.
    pub fn ladder_attack(&mut self, s: usize) -> (Code, Option<usize>) {
        let Some(color) = self.board().color(s) else {
            return (Code::Win, None);
        };
        if self.board_mut().count_libs(s, 3) != 2
            || self.depth() > self.limits.max_depth
            || !self.visit()
        {
            return (Code::Lose, None);
        }
        let libs = self.board_mut().libs_max(s, 2);
        let mut best = (Code::Lose, None);
        for m in libs {
            let c = self.after_move(color.other(), m, |r| {
                if r.board().color(s) != Some(color) {
                    Code::Win
                } else if r.board_mut().count_libs(s, 2) != 1 {
                    Code::Lose
                } else {
                    r.ladder_escape(s).reverse()
                }
            });
            if c > best.0 {
                best = (c, Some(m));
                if c == Code::Win {
                    break;
                }
            }
        }
        best
    }

    /// The defender's best answer to a ladder atari on the string at `s`.
    fn ladder_escape(&mut self, s: usize) -> Code {
        let color = self.board().color(s).expect("a stone");
        let mut moves = self.board_mut().libs_max(s, 1);
        for e in self.board_mut().adjacent_with_libs(s, 1) {
            let l = self.board_mut().libs_max(e, 1)[0];
            if !moves.contains(&l) {
                moves.push(l);
            }
        }
        let mut best = Code::Lose;
        for m in moves {
            let c = self.after_move(color, m, |r| match r.board_mut().count_libs(s, 3) {
                0 | 1 => Code::Lose,
                2 => r.ladder_attack(s).0.reverse(),
                _ => Code::Win,
            });
            best = best.max(c);
            if best == Code::Win {
                break;
            }
        }
        best
    }
}
