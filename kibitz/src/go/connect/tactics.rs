//! The tactical and shape questions of the connection reader: captures
//! through the tactical reader (attack, defence, simple ladders), moves
//! that can be caught, strings that cannot escape, self-atari moves worth
//! trying, and the vulnerable points two links share. GNU Go 3.8's
//! helpers of `readconnect.c` (facts only, own code).

use super::search::Res;
use super::state::Conn;
use crate::go::board::Color;
use crate::go::reading::search::Reader;
use crate::go::reading::Code;

/// The [`Conn::remembered`] question of [`Conn::simple_ladder`].
const LADDER: u64 = 1;
/// The [`Conn::remembered`] question of [`Conn::no_escape_from_ladder`].
const NO_ESCAPE: u64 = 2;

impl Conn {
    /// Runs one tactical question with its own node budget, counting the
    /// call and its nodes in the statistics.
    fn tactical(&mut self, question: impl FnOnce(&mut Reader) -> Res) -> Res {
        self.r.nodes = 0;
        self.calls += 1;
        let res = question(&mut self.r);
        self.tnodes += self.r.nodes;
        res
    }

    /// The tactical attack on the string at `s` (own node budget).
    pub fn attack(&mut self, s: usize) -> Res {
        self.tactical(|r| r.attack(s))
    }

    /// The tactical defence of the string at `s` (own node budget).
    pub fn defend(&mut self, s: usize) -> Res {
        self.tactical(|r| r.defend(s))
    }

    /// A simple ladder on the two-liberty string at `s`.
    pub fn simple_ladder(&mut self, s: usize) -> Res {
        self.tactical(|r| r.ladder_attack(s))
    }

    /// Can the string at `s` be taken at once (one liberty, read
    /// tactically) or in a simple ladder (two liberties)?
    pub fn ladder_capture(&mut self, s: usize) -> Res {
        match self.countlib(s) {
            1 => self.attack(s),
            2 => self.remembered(LADDER, s, |c| c.simple_ladder(s)),
            _ => (Code::Lose, None),
        }
    }

    /// Can a `color` stone played at `p` be captured at once or in a
    /// ladder? True too when the move is illegal.
    pub fn ladder_capturable(&mut self, p: usize, color: Color) -> bool {
        self.after_move(color, p, true, |c| c.ladder_capture(p).0 == Code::Win)
    }

    /// Plays `color` at `mv`, answers `test` there and takes the move
    /// back; `illegal` when the move cannot be played.
    fn after_move(
        &mut self,
        color: Color,
        mv: usize,
        illegal: bool,
        test: impl FnOnce(&mut Conn) -> bool,
    ) -> bool {
        if !self.trymove(mv, color) {
            return illegal;
        }
        let res = test(self);
        self.undo();
        res
    }

    /// Does a `color` move at `mv` make an opponent move at `p` self
    /// atari?
    pub fn does_secure(&mut self, color: Color, mv: usize, p: usize) -> bool {
        self.after_move(color, mv, false, |c| c.is_self_atari(p, color.other()))
    }

    /// Does a `color` move at `mv` make an opponent move at `p` self
    /// atari or ladder-capturable?
    pub fn does_secure_through_ladder(&mut self, color: Color, mv: usize, p: usize) -> bool {
        self.after_move(color, mv, false, |c| c.ladder_capturable(p, color.other()))
    }

    /// A string in atari that cannot get a second liberty: its liberty
    /// gives at most one and it has no enemy neighbour in atari.
    pub fn no_escape_from_atari(&mut self, s: usize) -> bool {
        let libs = self.libs(s);
        if libs.len() != 1 {
            return false;
        }
        let color = self.color(s).expect("a stone");
        if self.accuratelib(libs[0], color, 2) > 1 {
            return false;
        }
        self.chainlinks2(s, 1).is_empty()
    }

    /// A string that cannot escape: in atari and not defendable, or with
    /// two liberties each a dead end, ladder-capturable, not defendable.
    pub fn no_escape_from_ladder(&mut self, s: usize) -> bool {
        let res = self.remembered(NO_ESCAPE, s, |c| {
            let doomed = c.doomed_in_ladder(s);
            (if doomed { Code::Win } else { Code::Lose }, None)
        });
        res.0 == Code::Win
    }

    /// [`Conn::no_escape_from_ladder`] read out.
    fn doomed_in_ladder(&mut self, s: usize) -> bool {
        let n = self.countlib(s);
        if n == 1 && self.defend(s).0 == Code::Lose {
            return true;
        }
        if n == 2 && self.chainlinks2(s, 1).is_empty() {
            let color = self.color(s).expect("a stone");
            let libs = self.libs(s);
            if self.approxlib_count(libs[0], color, 2) == 1
                && self.approxlib_count(libs[1], color, 2) == 1
                && self.ladder_capture(s).0 != Code::Lose
                && self.defend(s).0 == Code::Lose
            {
                return true;
            }
        }
        false
    }

    /// Is a move by `color` at `p` worth trying though it may be self
    /// atari: not self atari, a ko capture, or a lone stone whose one
    /// liberty the opponent cannot safely take?
    pub fn check_self_atari(&mut self, p: usize, color: Color) -> bool {
        if !self.is_self_atari(p, color) || self.is_ko(p, color) {
            return true;
        }
        let other = color.other();
        if let Some(&lib) = self.approxlib(p, color, 1).first() {
            if self.approxlib_count(lib, other, 3) <= 2
                && self.ladder_capturable(lib, other)
                && !self.around(p).iter().any(|&q| self.color(q) == Some(color))
            {
                return true;
            }
        }
        false
    }

    /// True when `a` and `b` are the same point, or both liberties of a
    /// `color` string with at most three liberties next to `a`.
    pub fn common_vulnerability(
        &mut self,
        a: Option<usize>,
        b: Option<usize>,
        color: Color,
    ) -> bool {
        let (Some(a), Some(b)) = (a, b) else {
            return false;
        };
        if a == b {
            return true;
        }
        for q in self.around(a) {
            if self.color(q) == Some(color) && self.countlib(q) <= 3 && self.liberty_of(b, q) {
                return true;
            }
        }
        false
    }

    /// Any overlap between the vulnerable pairs `(a1, a2)` and `(b1, b2)`.
    pub fn common_vulnerabilities(
        &mut self,
        a: [Option<usize>; 2],
        b: [Option<usize>; 2],
        color: Color,
    ) -> bool {
        a.iter()
            .any(|&x| b.iter().any(|&y| self.common_vulnerability(x, y, color)))
    }
}
