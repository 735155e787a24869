//! The attacker's side of the search: capture the string at a point.

use super::search::{Reader, Routine};
use super::Code;

impl Reader {
    /// The best attack on the string at padded point `s`, its opponent to
    /// move: the code and the first move reaching it. Strings with five or
    /// more liberties (four beyond the four-liberty depth, three beyond
    /// the main depth) cannot be attacked; a spent node budget or the
    /// maximum depth also make the attack fail.
    pub fn attack(&mut self, s: usize) -> (Code, Option<usize>) {
        let Some(color) = self.board().color(s) else {
            return (Code::Win, None);
        };
        let libs = self.board_mut().libs_max(s, 5);
        let n = libs.len();
        let d = self.depth();
        let lim = self.limits;
        if n >= 5 || (n == 4 && d > lim.fourlib_depth) || (n == 3 && d > lim.depth) {
            return (Code::Lose, None);
        }
        if d > lim.max_depth || !self.visit() {
            return (Code::Lose, None);
        }
        if let Some(res) = self.cached(Routine::Attack, s) {
            return res;
        }
        let res = if n == 1 {
            let c = self.after_move(color.other(), libs[0], |_| Code::Win);
            (c, (c != Code::Lose).then_some(libs[0]))
        } else {
            self.attack_by_moves(s, n)
        };
        self.store(Routine::Attack, s, res);
        res
    }

    fn attack_by_moves(&mut self, s: usize, n: usize) -> (Code, Option<usize>) {
        let color = self.board().color(s).expect("a stone");
        let mut best = (Code::Lose, None);
        for m in self.attack_moves(s, color, n) {
            let floor = best.0;
            let c = self.after_move(color.other(), m, |r| {
                if r.board().color(s) != Some(color) {
                    return Code::Win;
                }
                let c = r.defend(s).0.reverse();
                // No defence found: the string must still be capturable
                // with the defender passing, or the move did nothing.
                if c > floor && r.attack(s).0 == Code::Lose {
                    Code::Lose
                } else {
                    c
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
}
