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
