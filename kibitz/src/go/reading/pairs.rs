//! Two strings of one colour at once: can the opponent take at least one
//! of them, and can their owner save both?

use super::search::Reader;
use super::Code;

impl Reader {
    /// The opponent's best result at capturing the string at `a` or the
    /// one at `b` (same colour), moving first.
    pub fn attack_either(&mut self, a: usize, b: usize) -> Code {
        let Some(color) = self.board().color(a) else {
            return Code::Win;
        };
        if self.board().color(b) != Some(color) {
            return Code::Win;
        }
        let mut best = self.attack(a).0.max(self.attack(b).0);
        if best == Code::Win || self.depth() > self.limits.depth || !self.visit() {
            return best;
        }
        let mut moves = self.board_mut().libs_max(a, 4).to_vec();
        for l in self.board_mut().libs_max(b, 4) {
            if !moves.contains(&l) {
                moves.push(l);
            }
        }
        for m in moves {
            let c = self.after_move(color.other(), m, |r| r.defend_both(a, b).reverse());
            best = best.max(c);
            if best == Code::Win {
                break;
            }
        }
        best
    }

    /// The owner's best result at saving both strings at `a` and `b`
    /// (same colour), moving first.
    pub fn defend_both(&mut self, a: usize, b: usize) -> Code {
        let (Some(color), Some(cb)) = (self.board().color(a), self.board().color(b)) else {
            return Code::Lose;
        };
        if cb != color {
            return Code::Lose;
        }
        let (ca, cb) = (self.attack(a).0, self.attack(b).0);
        if ca == Code::Lose && cb == Code::Lose {
            return Code::Win;
        }
        if self.depth() > self.limits.depth || !self.visit() {
            return ca.max(cb).reverse();
        }
        let mut moves = Vec::new();
        for s in [a, b] {
            let n = self.board_mut().count_libs(s, 5);
            if n < 5 {
                let (first, second) = self.defense_moves(s, color, n, None);
                let second = self.order_later(s, color, n, second, None);
                for m in first.into_iter().chain(second) {
                    if !moves.contains(&m) {
                        moves.push(m);
                    }
                }
            }
        }
        let mut best = Code::Lose;
        for m in moves {
            let c = self.after_move(color, m, |r| r.attack_either(a, b).reverse());
            best = best.max(c);
            if best == Code::Win {
                break;
            }
        }
        best
    }
}
