//! Many disconnection questions on one position (dragon building asks
//! one for every candidate pair of strings): one reading board and one
//! tactical reader serve them all, so the board is built once and the
//! tactical results (captures of the same strings in the same positions)
//! carry over from one pair to the next. Each question still starts with
//! a fresh connection cache and node count, as a lone question does, and
//! a pair asked twice is answered from a memo.

use std::collections::HashMap;

use super::state::Conn;
use super::{answer, ends, reader, Connection, DISCONNECT_FACTOR};
use crate::go::board::Position;
use crate::go::reading::{Code, ReadingLimits};

/// Disconnection questions on one position.
pub struct Checker {
    c: Conn,
    memo: HashMap<(usize, usize), Connection>,
}

impl Checker {
    /// A checker on `pos` reading with `limits`.
    pub fn new(pos: &Position, limits: &ReadingLimits) -> Checker {
        Checker {
            c: reader(pos, limits, DISCONNECT_FACTOR),
            memo: HashMap::new(),
        }
    }

    /// [`super::disconnect`] on the checker's position: can the opponent
    /// of the stones at `a` and `b` (to move) cut them apart or capture
    /// one?
    pub fn disconnect(&mut self, a: usize, b: usize) -> Connection {
        let c = &mut self.c;
        let Some((s1, s2)) = ends(c, a, b) else {
            return Connection {
                code: Code::Win,
                point: None,
            };
        };
        if let Some(&known) = self.memo.get(&(s1, s2)) {
            return known;
        }
        c.fresh_question();
        let res = c.disconnect2(s1, s2, false);
        if c.trace {
            c.trace_stats();
        }
        let res = answer(c, res);
        self.memo.insert((s1, s2), res);
        res
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::connect::disconnect;
    use crate::go::coord::from_gtp;
    use crate::go::sgf::{load, Until};

    /// One checker asked about several pairs of GNU Go's trevor_15
    /// position (each pair twice, in both orders) answers as a fresh
    /// reader per question does.
    #[test]
    fn same_answers_as_lone_questions() {
        let text = include_str!("../../../../tests/data/go/regress/games/trevor/trevor_15.sgf");
        let board = load(text, &Until::End).expect("a record").board;
        let p = board.position();
        let limits = ReadingLimits::default().shifted(-2);
        let at = |v: &str| from_gtp(p.size(), v).expect("a vertex");
        let pairs = [("D7", "F7"), ("D7", "G6"), ("F7", "G6"), ("G6", "D7")];
        let mut checker = Checker::new(p, &limits);
        for _ in 0..2 {
            for (a, b) in pairs {
                let alone = disconnect(p, at(a), at(b), &limits);
                assert_eq!(checker.disconnect(at(a), at(b)), alone, "{a} {b}");
            }
        }
    }
}
