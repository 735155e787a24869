//! The reader's state: the board, the limits, the node count, a result
//! cache, and the ko rules of the search.
//!
//! Ko rule (a komaster scheme with GNU Go 3.8's rules): legal ko
//! captures are free while nobody owns the ko fight. A side may also
//! retake a ko the board forbids (a conditional ko capture: it is assumed
//! to play a ko threat first) if the search is not deeper than
//! [`ReadingLimits::ko_depth`] and nothing better was found yet; that
//! side becomes the komaster, its success is worth at most
//! [`Code::KoB`], the opponent may no longer retake that ko, and the
//! komaster may only take kos nested in it. A side that takes another
//! ko against the komaster makes the fight "gray" (no more ko captures);
//! two ko captures in a row make it "weak" (only nested kos). Once the
//! contested ko is filled or no longer a ko, the fight is over. A
//! [`Code::KoA`] result comes from the opponent's conditional retake.

use std::collections::HashMap;

use crate::key_hash::KeyBuild;

use super::board::ReadBoard;
use super::limits::ReadingLimits;
use super::Code;
use crate::go::board::{Color, Position};

/// Room for this many results when a reader starts: most questions store
/// a few hundred, and growing the table step by step costs more.
const CACHE_START: usize = 256;

/// How a move of the search was played, for the ko cap of its result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// An ordinary move.
    Plain,
    /// A legal ko capture.
    KoTaken,
    /// A ko retake the board forbids, after an assumed threat.
    KoAfterThreat,
}

impl MoveKind {
    /// The best result a line starting with this move may claim.
    pub fn cap(self, c: Code) -> Code {
        match self {
            MoveKind::Plain => c,
            MoveKind::KoTaken => c,
            MoveKind::KoAfterThreat => c.min(Code::KoB),
        }
    }
}

/// Who owns the ko fight of the search (GNU Go's komaster states).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Komaster {
    /// Nobody: any ko capture is allowed.
    Empty,
    /// This side took a ko after a threat.
    Owner(Color),
    /// The opponent of this former owner took another ko: no more ko
    /// captures.
    Gray(Color),
    /// Two ko captures in a row: only nested kos.
    Weak,
}

/// Which routine a cache entry belongs to.
#[derive(Clone, Copy, Debug)]
pub enum Routine {
    /// [`Reader::attack`].
    Attack = 1,
    /// [`Reader::defend`].
    Defend = 2,
}

/// The reader: one per question (or per series of questions on one
/// position).
#[derive(Debug)]
pub struct Reader {
    b: ReadBoard,
    /// The limits in force.
    pub limits: ReadingLimits,
    /// Positions visited so far.
    pub nodes: u64,
    komaster: Komaster,
    kom_pos: usize,
    saved: Vec<(Komaster, usize)>,
    last_captured: usize,
    /// Results with the depth left when they were read (see
    /// [`Reader::cached`]).
    cache: HashMap<u64, (Code, Option<usize>, i64), KeyBuild>,
    /// The move that refuted the previous sibling line, handed to the
    /// next [`Reader::attack`] or [`Reader::defend`] call (which takes it
    /// at once) to be tried first.
    pub(super) next_killer: Option<usize>,
}

impl Reader {
    /// A reader on `pos`.
    pub fn new(pos: &Position, limits: &ReadingLimits) -> Reader {
        Reader {
            b: ReadBoard::new(pos),
            limits: *limits,
            nodes: 0,
            komaster: Komaster::Empty,
            kom_pos: 0,
            saved: Vec::new(),
            last_captured: 0,
            cache: HashMap::with_capacity_and_hasher(CACHE_START, KeyBuild::default()),
            next_killer: None,
        }
    }

    /// The board.
    pub fn board(&self) -> &ReadBoard {
        &self.b
    }

    /// The board, for queries that use its mark array.
    pub fn board_mut(&mut self) -> &mut ReadBoard {
        &mut self.b
    }

    /// The number of moves on the search stack (with those before the
    /// question, [`ReadingLimits::start_depth`]).
    pub fn depth(&self) -> usize {
        self.b.depth() + self.limits.start_depth
    }

    /// True when the string of `libs` liberties is read along one line
    /// here (see [`ReadingLimits::branch_depth`]).
    pub fn narrow(&self, libs: usize) -> bool {
        libs >= 3 && self.depth() >= self.limits.branch_depth
    }

    /// Counts a visited position; false when the node budget is spent.
    pub fn visit(&mut self) -> bool {
        self.nodes += 1;
        self.nodes <= self.limits.nodes
    }

    /// The komaster state.
    pub fn komaster(&self) -> Komaster {
        self.komaster
    }

    /// Plays `color` at `p` under the ko rules; `None` when not allowed.
    /// Conditional ko captures are allowed down to the ko depth. A played
    /// move must be taken back with [`Reader::pop`].
    pub fn try_move(&mut self, color: Color, p: usize) -> Option<MoveKind> {
        let conditional = self.depth() <= self.limits.ko_depth;
        self.try_move_ko(color, p, conditional)
    }

    /// [`Reader::try_move`] with conditional ko captures allowed only
    /// when `conditional`.
    pub fn try_move_ko(&mut self, color: Color, p: usize, conditional: bool) -> Option<MoveKind> {
        if !self.b.is_empty(p) {
            return None;
        }
        let other = color.other();
        let (km, kp) = (self.komaster, self.kom_pos);
        let kpos = self.ko_stone(color, p);
        if let Some(k) = kpos {
            let nested = self.b.diagonals(k).contains(&kp);
            let refused = match km {
                Komaster::Owner(c) if c == other => p == kp,
                Komaster::Owner(_) => !nested,
                Komaster::Gray(_) => true,
                Komaster::Weak => self.b.ko() != Some(p) && !nested,
                Komaster::Empty => false,
            };
            if refused {
                return None;
            }
        }
        let previous_ko = self.b.ko();
        let (played, kind) = match self.b.play(color, p, false) {
            Some(pl) => (
                pl,
                if kpos.is_some() {
                    MoveKind::KoTaken
                } else {
                    MoveKind::Plain
                },
            ),
            None if conditional && kpos.is_some() => {
                (self.b.play(color, p, true)?, MoveKind::KoAfterThreat)
            }
            None => return None,
        };
        self.last_captured = played.captured;
        self.saved.push((km, kp));
        let set = |r: &mut Reader, k: Komaster, pos: usize| {
            r.komaster = k;
            r.kom_pos = pos;
        };
        let k = kpos.unwrap_or(0);
        if kind == MoveKind::KoAfterThreat && matches!(km, Komaster::Empty | Komaster::Weak) {
            set(self, Komaster::Owner(color), k);
        } else if kind == MoveKind::Plain {
            let mine = km == Komaster::Owner(color) || km == Komaster::Gray(color);
            if (mine && self.ko_resolved(kp, other)) || km == Komaster::Weak {
                set(self, Komaster::Empty, 0);
            }
        } else if km == Komaster::Owner(other) {
            set(self, Komaster::Gray(other), kp);
        } else if km == Komaster::Owner(color) {
            set(self, km, k);
        } else if let Some(prev) = previous_ko {
            set(self, Komaster::Weak, prev);
        }
        Some(kind)
    }

    /// The stone a ko capture by `color` at empty `p` would take, if it
    /// is one.
    fn ko_stone(&mut self, color: Color, p: usize) -> Option<usize> {
        if !self.b.is_ko_capture(color, p) {
            return None;
        }
        self.b
            .around(p)
            .into_iter()
            .find(|&q| self.b.color(q) == Some(color.other()) && self.b.count_libs(q, 2) == 1)
    }

    /// True when the ko at `kp` no longer needs fighting: filled, or no
    /// longer a ko and suicide for `other`.
    fn ko_resolved(&mut self, kp: usize, other: Color) -> bool {
        !self.b.is_empty(kp) || (!self.b.is_ko_capture(other, kp) && self.b.is_suicide(other, kp))
    }

    /// The number of stones the last [`Reader::try_move`] captured.
    pub fn last_captured(&self) -> usize {
        self.last_captured
    }

    /// Takes back the last [`Reader::try_move`].
    pub fn pop(&mut self) {
        self.b.undo();
        (self.komaster, self.kom_pos) = self.saved.pop().expect("pop with no move");
    }

    /// Runs `f` after `color` plays at `p` (then takes the move back);
    /// [`Code::Lose`] when the move is not allowed. The result is capped
    /// by the move's ko kind.
    pub fn after_move(
        &mut self,
        color: Color,
        p: usize,
        f: impl FnOnce(&mut Reader) -> Code,
    ) -> Code {
        let conditional = self.depth() <= self.limits.ko_depth;
        self.after_move_ko(color, p, conditional, f)
    }

    /// [`Reader::after_move`] with conditional ko captures allowed only
    /// when `conditional`.
    pub fn after_move_ko(
        &mut self,
        color: Color,
        p: usize,
        conditional: bool,
        f: impl FnOnce(&mut Reader) -> Code,
    ) -> Code {
        match self.try_move_ko(color, p, conditional) {
            None => Code::Lose,
            Some(kind) => {
                let c = f(self);
                self.pop();
                kind.cap(c)
            }
        }
    }

    /// The cache key of `routine` on `s` and the depth still to read
    /// ([`ReadingLimits::depth`] less the stack, negative past it): a
    /// result read with at least as much depth left answers again, as in
    /// GNU Go's table.
    fn key(&self, routine: Routine, s: usize) -> (u64, i64) {
        let left = self.limits.depth as i64 - self.depth() as i64;
        let tag = ((routine as u64) << 60) | s as u64;
        if left >= 0 {
            (self.position_key(tag), left)
        } else {
            (self.state_key(tag), 0)
        }
    }

    /// A hash of the reader's state (position, ko fight, depth) and of
    /// `tag` (below bit 32 or from bit 60 on), for caches of questions
    /// asked of the reader.
    pub fn state_key(&self, tag: u64) -> u64 {
        self.hash_with(tag | ((self.depth() as u64) << 16))
    }

    /// As [`Reader::state_key`] without the depth, and never equal to a
    /// key that has it.
    fn position_key(&self, tag: u64) -> u64 {
        self.hash_with(tag | (0xffff << 16))
    }

    /// The position's hash mixed with the ko fight state and `tag`.
    fn hash_with(&self, tag: u64) -> u64 {
        let km = match self.komaster {
            Komaster::Empty => 0u64,
            Komaster::Owner(Color::Black) => 1,
            Komaster::Owner(Color::White) => 2,
            Komaster::Gray(Color::Black) => 3,
            Komaster::Gray(Color::White) => 4,
            Komaster::Weak => 5,
        };
        let km = km | (self.kom_pos as u64) << 3;
        self.b.hash() ^ (tag | (km << 32)).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    /// A cached result of `routine` on the string at `s` here, read with
    /// at least the depth left now.
    pub fn cached(&self, routine: Routine, s: usize) -> Option<(Code, Option<usize>)> {
        let (k, left) = self.key(routine, s);
        self.cache
            .get(&k)
            .filter(|e| e.2 >= left)
            .map(|e| (e.0, e.1))
    }

    /// Records a result of `routine` on the string at `s` here.
    pub fn store(&mut self, routine: Routine, s: usize, res: (Code, Option<usize>)) {
        let (k, left) = self.key(routine, s);
        let entry = (res.0, res.1, left);
        let kept = self.cache.entry(k).or_insert(entry);
        if kept.2 <= left {
            *kept = entry;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::worms::tests::diagram;
    use crate::go::worms::tests::vertex as at;

    /// A result read with more depth left answers a question asked deeper
    /// in the search, not one asked nearer the root; past the main depth
    /// only the same depth answers.
    #[test]
    fn cached_results_keep_the_depth_left() {
        let e = ".....";
        let p = diagram(&[e, ".XO..", e, e, e]);
        let mut r = Reader::new(&p, &ReadingLimits::default());
        let s = r.board().to_padded(at(&p, "B4"));
        let res = (Code::Win, Some(s));
        r.limits.start_depth = 4;
        r.store(Routine::Attack, s, res);
        assert_eq!(r.cached(Routine::Attack, s), Some(res));
        assert_eq!(r.cached(Routine::Defend, s), None);
        r.limits.start_depth = 6;
        assert_eq!(r.cached(Routine::Attack, s), Some(res));
        r.limits.start_depth = 2;
        assert_eq!(r.cached(Routine::Attack, s), None);
        let deep = r.limits.depth + 2;
        r.limits.start_depth = deep;
        r.store(Routine::Defend, s, res);
        assert_eq!(r.cached(Routine::Defend, s), Some(res));
        r.limits.start_depth = deep + 1;
        assert_eq!(r.cached(Routine::Defend, s), None);
    }
}
