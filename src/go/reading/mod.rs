//! Tactical reading: can a string be captured, and how can it be saved.
//!
//! The reader is a depth-first minimax over the moves near the string
//! (its liberties, second-order liberties, captures of the strings around
//! it), dispatched on the liberty count as GNU Go's reader is: strings
//! with five or more liberties are safe, four-liberty strings are read
//! only near the root ([`ReadingLimits::fourlib_depth`]), three-liberty
//! strings down to [`ReadingLimits::depth`], and strings with one or two
//! liberties (ladders) as deep as [`ReadingLimits::max_depth`]. Kos follow
//! a komaster rule ([`search`]) and give GNU Go's ko result codes.
//!
//! Files: [`board`] (make/undo board), [`limits`] (depth and node
//! budgets), [`search`] (reader state, ko rules, cache), [`candidates`]
//! (move generation and ordering), [`attack`], [`defend`], [`ladder`]
//! (simple ladders), [`pairs`] (two strings at once), [`verify`] (does a
//! given move attack or defend).

pub mod attack;
pub mod board;
pub mod candidates;
pub mod defend;
pub mod ladder;
pub mod limits;
pub mod pairs;
pub mod search;
pub mod verify;

pub use limits::ReadingLimits;

use super::board::Position;
use search::Reader;

/// GNU Go's internal code for an unconditional success.
pub const WIN: i32 = 5;
/// GNU Go's internal code for a success through a ko the mover takes first.
pub const KO_A: i32 = 4;
/// GNU Go's internal code for a success through a ko after a threat.
pub const KO_B: i32 = 1;
/// GNU Go's internal code for a failure.
pub const LOSE: i32 = 0;

/// A reading result, GNU Go's codes: who wins and whether a ko is needed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Code {
    /// The side to move fails.
    Lose,
    /// Success through a ko in which the mover must first find a threat.
    KoB,
    /// Success through a ko in which the mover takes first.
    KoA,
    /// Unconditional success.
    Win,
}

impl Code {
    /// GNU Go's internal number (`WIN=5, KO_A=4, KO_B=1, LOSE=0`), as
    /// `worm_data` prints it.
    pub fn gnugo(self) -> i32 {
        match self {
            Code::Lose => LOSE,
            Code::KoB => KO_B,
            Code::KoA => KO_A,
            Code::Win => WIN,
        }
    }

    /// The number GTP's tactical commands print (`0` fails, `1` wins,
    /// `2` ko taken first, `3` ko after a threat).
    pub fn gtp(self) -> i32 {
        match self {
            Code::Lose => 0,
            Code::Win => 1,
            Code::KoA => 2,
            Code::KoB => 3,
        }
    }

    /// The result for the other side when this is the opponent's best
    /// answer: a win becomes a loss and the two ko codes swap.
    pub fn reverse(self) -> Code {
        match self {
            Code::Lose => Code::Win,
            Code::KoB => Code::KoA,
            Code::KoA => Code::KoB,
            Code::Win => Code::Lose,
        }
    }
}

/// A reading answer: the code and the move that achieves it (`None` when
/// the code is [`Code::Lose`] or when no move is needed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The result code.
    pub code: Code,
    /// The move, as a row-major vertex.
    pub point: Option<usize>,
}

impl Outcome {
    fn from_padded(r: &Reader, (code, p): (Code, Option<usize>)) -> Outcome {
        Outcome {
            code,
            point: p.map(|p| r.board().to_plain(p)),
        }
    }
}

/// The shape of [`attack`] and [`find_defense`].
pub type Question = fn(&Position, usize, &ReadingLimits) -> Option<Outcome>;
/// The shape of [`attack_either`] and [`defend_both`].
pub type PairQuestion = fn(&Position, usize, usize, &ReadingLimits) -> Option<Code>;

/// Can the string at vertex `v` be captured, its opponent moving first?
/// `None` when `v` is empty.
pub fn attack(pos: &Position, v: usize, limits: &ReadingLimits) -> Option<Outcome> {
    pos.get(v)?;
    let mut r = Reader::new(pos, limits);
    let s = r.board().to_padded(v);
    let res = r.attack(s);
    Some(Outcome::from_padded(&r, res))
}

/// Can the string at vertex `v` be saved, its owner moving first? Strings
/// with five or more liberties give [`Code::Win`] with no move; otherwise
/// the first move after which the string cannot be captured. `None` when
/// `v` is empty.
pub fn find_defense(pos: &Position, v: usize, limits: &ReadingLimits) -> Option<Outcome> {
    pos.get(v)?;
    let mut r = Reader::new(pos, limits);
    let s = r.board().to_padded(v);
    let res = r.defend(s);
    Some(Outcome::from_padded(&r, res))
}

/// Does the opponent's move at `mv` capture the string at `v`, better
/// than doing nothing (GNU Go's `does_attack`, see [`verify`])? The
/// attacker's code; [`Code::Lose`] also when `mv` is illegal or the string
/// is already dead. `None` when `v` is empty.
pub fn does_attack(pos: &Position, mv: usize, v: usize, limits: &ReadingLimits) -> Option<Code> {
    pos.get(v)?;
    let mut r = Reader::new(pos, limits);
    let (s, m) = (r.board().to_padded(v), r.board().to_padded(mv));
    Some(r.does_attack(m, s))
}

/// Does the owner's move at `mv` save the string at `v`, which could be
/// captured before (GNU Go's `does_defend`, see [`verify`])? `None` when
/// `v` is empty.
pub fn does_defend(pos: &Position, mv: usize, v: usize, limits: &ReadingLimits) -> Option<bool> {
    pos.get(v)?;
    let mut r = Reader::new(pos, limits);
    let (s, m) = (r.board().to_padded(v), r.board().to_padded(mv));
    Some(r.does_defend(m, s))
}

/// A simple ladder on the two-liberty string at `v`: the attacker only
/// plays ataris, the defender only extends or captures. `None` when `v`
/// is empty or the string does not have exactly two liberties.
pub fn ladder_attack(pos: &Position, v: usize, limits: &ReadingLimits) -> Option<Outcome> {
    pos.get(v)?;
    if pos.count_liberties(v) != 2 {
        return None;
    }
    let mut r = Reader::new(pos, limits);
    let s = r.board().to_padded(v);
    let res = r.ladder_attack(s);
    Some(Outcome::from_padded(&r, res))
}

/// Can the opponent capture at least one of the strings at `a` and `b`
/// (same colour)? `None` when a point is empty or the colours differ.
pub fn attack_either(pos: &Position, a: usize, b: usize, limits: &ReadingLimits) -> Option<Code> {
    if pos.get(a)?.other() == pos.get(b)? {
        return None;
    }
    let mut r = Reader::new(pos, limits);
    let (a, b) = (r.board().to_padded(a), r.board().to_padded(b));
    Some(r.attack_either(a, b))
}

/// Can the owner save both strings at `a` and `b` (same colour), moving
/// first? `None` when a point is empty or the colours differ.
pub fn defend_both(pos: &Position, a: usize, b: usize, limits: &ReadingLimits) -> Option<Code> {
    if pos.get(a)?.other() == pos.get(b)? {
        return None;
    }
    let mut r = Reader::new(pos, limits);
    let (a, b) = (r.board().to_padded(a), r.board().to_padded(b));
    Some(r.defend_both(a, b))
}
