//! The connection search proper: connecting and cutting moves tried in
//! turn by the two sides (mutual recursion), with quick exits (strings
//! joined or captured, a common liberty, a tactically capturable common
//! neighbour, a string taken in a ladder), ko captures under the
//! tactical reader's komaster rules, a result cache, a node budget and a
//! depth limit. When a side finds no move, the distance between the
//! strings decides (the cutter may also pass once). GNU Go 3.8's
//! `recursive_connect2` and `recursive_disconnect2` (`readconnect.c`,
//! facts only, own code).

use super::state::{fp, Conn, Side};
use crate::go::reading::Code;

/// A result: the code and its move (`None` when no move is needed).
pub type Res = (Code, Option<usize>);

impl Conn {
    /// Is `stackp` within the cache depth?
    fn cacheable(&self) -> bool {
        self.stackp() <= self.limits().depth
    }

    /// A common liberty of the strings, or the attack on a capturable
    /// enemy string touching both.
    fn trivial_connection(&mut self, s1: usize, s2: usize) -> Option<usize> {
        if let Some(l) = self.common_lib(s1, s2) {
            return Some(l);
        }
        for e in self.chainlinks(s1) {
            if self.adjacent_strings(e, s2) {
                let (c, m) = self.attack(e);
                if c == Code::Win {
                    return m;
                }
            }
        }
        None
    }

    /// Plays each of `moves` for `color` in turn (ko captures as the
    /// tactical reader allows them) and asks `reply` for the other side's
    /// result. `Ok` with the first move the reply loses to; otherwise
    /// `Err` with the best result seen (a win through ko at best) and how
    /// many moves could be played.
    fn try_moves(
        &mut self,
        color: crate::go::board::Color,
        moves: &[usize],
        reply: impl Fn(&mut Conn) -> Res,
    ) -> Result<Res, (Res, usize)> {
        let mut saved: Res = (Code::Lose, None);
        let mut tried = 0;
        for &m in moves {
            let conditional = self.stackp() <= self.limits().ko_depth && saved.0 == Code::Lose;
            let Some(kind) = self.r.try_move_ko(color, m, conditional) else {
                continue;
            };
            tried += 1;
            let answer = reply(self).0;
            self.r.pop();
            if kind == crate::go::reading::search::MoveKind::KoAfterThreat {
                if answer != Code::Win {
                    saved = (Code::KoB, Some(m));
                }
            } else if answer == Code::Lose {
                return Ok((Code::Win, Some(m)));
            } else if answer.reverse() > saved.0 {
                saved = (answer.reverse(), Some(m));
            }
        }
        Err((saved, tried))
    }

    /// Can the owner of `s1` and `s2`, to move, join them?
    pub fn connect2(&mut self, s1: usize, s2: usize, has_passed: bool) -> Res {
        self.nodes += 1;
        let (Some(color), Some(c2)) = (self.color(s1), self.color(s2)) else {
            return (Code::Lose, None);
        };
        if c2 != color {
            return (Code::Lose, None);
        }
        if self.same_string(s1, s2) {
            return (Code::Win, None);
        }
        if self.nodes > self.node_limit || self.stackp() > self.max_depth {
            return (Code::Lose, None);
        }
        let (s1, s2) = (self.origin(s1), self.origin(s2));
        if self.cacheable() && !has_passed {
            if let Some(r) = self.cached(Side::Connect, s1, s2) {
                return r;
            }
        }
        if let Some(m) = self.trivial_connection(s1, s2) {
            return self.store(Side::Connect, s1, s2, (Code::Win, Some(m)));
        }
        let (moves, distance) = self.string_connection_moves(s1, s2, color);
        if self.trace {
            self.trace_moves("connect", &moves, distance);
        }
        let (saved, tried) =
            match self.try_moves(color, &moves, |c| c.disconnect2(s1, s2, has_passed)) {
                Ok(win) => return self.store(Side::Connect, s1, s2, win),
                Err(best) => best,
            };
        if tried == 0 && distance < fp(1.0) {
            return self.store(Side::Connect, s1, s2, (Code::Win, None));
        }
        self.store(Side::Connect, s1, s2, saved)
    }

    /// Can the opponent of the owner of `s1` and `s2`, to move, keep them
    /// apart (or capture one)?
    pub fn disconnect2(&mut self, s1: usize, s2: usize, has_passed: bool) -> Res {
        self.nodes += 1;
        let (Some(color), Some(c2)) = (self.color(s1), self.color(s2)) else {
            return (Code::Win, None);
        };
        if c2 != color {
            return (Code::Win, None);
        }
        if self.same_string(s1, s2) {
            return (Code::Lose, None);
        }
        if self.nodes > self.node_limit || self.stackp() > self.max_depth {
            return (Code::Win, None);
        }
        let other = color.other();
        let (s1, s2) = (self.origin(s1), self.origin(s2));
        let a1 = self.attack(s1);
        if a1.0 == Code::Win {
            return a1;
        }
        let a2 = self.attack(s2);
        if a2.0 == Code::Win {
            return a2;
        }
        if self.cacheable() {
            if let Some(r) = self.cached(Side::Disconnect, s1, s2) {
                return r;
            }
        }
        for s in [s1, s2] {
            let (c, m) = self.ladder_capture(s);
            if c == Code::Win {
                return self.store(Side::Disconnect, s1, s2, (Code::Win, m));
            }
        }
        let (mut moves, distance) = self.string_connection_moves(s1, s2, other);
        if self.trace {
            self.trace_moves("disconnect", &moves, distance);
        }
        for a in [a1, a2] {
            if let (c, Some(m)) = a {
                if c != Code::Lose && !moves.contains(&m) {
                    moves.push(m);
                }
            }
        }
        let (saved, tried) = match self.try_moves(other, &moves, |c| c.connect2(s1, s2, has_passed))
        {
            Ok(win) => return self.store(Side::Disconnect, s1, s2, win),
            Err(best) => best,
        };
        if tried == 0
            && distance >= fp(1.0)
            && (has_passed || self.connect2(s1, s2, true).0 == Code::Lose)
        {
            return self.store(Side::Disconnect, s1, s2, (Code::Win, None));
        }
        self.store(Side::Disconnect, s1, s2, saved)
    }
}
