//! The reader's state: the board, the limits, the node count, a result
//! cache, and the ko rules of the search.
//!
//! Ko rule (a komaster scheme): while nobody owns the ko fight, either
//! side may take a ko, and a side may even retake a ko the board forbids
//! (it is assumed to play a ko threat first) if the search is not deeper
//! than [`ReadingLimits::ko_depth`]. Whoever takes a ko first becomes the
//! komaster; from then on only the komaster may take kos. A success that
//! needs a ko capture is worth at most [`Code::KoA`]; one that needs a
//! retake after a threat at most [`Code::KoB`].

use std::collections::HashMap;

use super::board::ReadBoard;
use super::limits::ReadingLimits;
use super::Code;
use crate::go::board::{Color, Position};

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
            MoveKind::KoTaken => c.min(Code::KoA),
            MoveKind::KoAfterThreat => c.min(Code::KoB),
        }
    }
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
    komaster: Option<Color>,
    saved: Vec<Option<Color>>,
    last_captured: usize,
    cache: HashMap<u64, (Code, Option<usize>)>,
}

impl Reader {
    /// A reader on `pos`.
    pub fn new(pos: &Position, limits: &ReadingLimits) -> Reader {
        Reader {
            b: ReadBoard::new(pos),
            limits: *limits,
            nodes: 0,
            komaster: None,
            saved: Vec::new(),
            last_captured: 0,
            cache: HashMap::new(),
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

    /// The number of moves on the search stack.
    pub fn depth(&self) -> usize {
        self.b.depth()
    }

    /// Counts a visited position; false when the node budget is spent.
    pub fn visit(&mut self) -> bool {
        self.nodes += 1;
        self.nodes <= self.limits.nodes
    }

    /// Plays `color` at `p` under the ko rules; `None` when not allowed.
    /// A played move must be taken back with [`Reader::pop`].
    pub fn try_move(&mut self, color: Color, p: usize) -> Option<MoveKind> {
        if !self.b.is_empty(p) {
            return None;
        }
        let other_owns = self.komaster == Some(color.other());
        let forbidden = self.b.ko() == Some(p) && self.b.is_ko_capture(color, p);
        let kind = if forbidden {
            if other_owns || self.depth() >= self.limits.ko_depth {
                return None;
            }
            MoveKind::KoAfterThreat
        } else if self.b.is_ko_capture(color, p) && self.b.is_legal(color, p) {
            if other_owns {
                return None;
            }
            MoveKind::KoTaken
        } else {
            MoveKind::Plain
        };
        let played = self.b.play(color, p, kind == MoveKind::KoAfterThreat)?;
        self.last_captured = played.captured;
        self.saved.push(self.komaster);
        if kind != MoveKind::Plain {
            self.komaster = Some(color);
        }
        Some(kind)
    }

    /// The number of stones the last [`Reader::try_move`] captured.
    pub fn last_captured(&self) -> usize {
        self.last_captured
    }

    /// Takes back the last [`Reader::try_move`].
    pub fn pop(&mut self) {
        self.b.undo();
        self.komaster = self.saved.pop().expect("pop with no move");
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
        match self.try_move(color, p) {
            None => Code::Lose,
            Some(kind) => {
                let c = f(self);
                self.pop();
                kind.cap(c)
            }
        }
    }

    fn key(&self, routine: Routine, s: usize) -> u64 {
        let km = match self.komaster {
            None => 0,
            Some(Color::Black) => 1,
            Some(Color::White) => 2,
        };
        let tag = ((routine as u64) << 40)
            | ((km as u64) << 32)
            | ((self.depth() as u64) << 16)
            | s as u64;
        self.b.hash() ^ tag.wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    /// A cached result of `routine` on the string at `s` here.
    pub fn cached(&self, routine: Routine, s: usize) -> Option<(Code, Option<usize>)> {
        self.cache.get(&self.key(routine, s)).copied()
    }

    /// Records a result of `routine` on the string at `s` here.
    pub fn store(&mut self, routine: Routine, s: usize, res: (Code, Option<usize>)) {
        let k = self.key(routine, s);
        self.cache.insert(k, res);
    }
}
