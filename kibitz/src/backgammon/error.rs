//! Errors of the backgammon core.

use std::fmt;

/// Why a board, an ID, a match state, dice or a move was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BgError {
    /// A side has more than 15 chequers.
    TooManyChequers,
    /// Both sides have chequers on the same point.
    SharedPoint,
    /// Both sides are on the bar while both home boards are closed.
    BothClosedOut,
    /// An ID has the wrong number of characters.
    IdLength,
    /// An ID has a character outside the Base64 alphabet.
    IdCharacter,
    /// A die outside 1..=6.
    Dice,
    /// A match-state field is out of range (the field's name).
    MatchState(&'static str),
    /// A move that cannot be played on the board.
    IllegalMove,
}

impl fmt::Display for BgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BgError::TooManyChequers => write!(f, "a side has more than 15 chequers"),
            BgError::SharedPoint => write!(f, "both sides have chequers on the same point"),
            BgError::BothClosedOut => {
                write!(f, "both sides are on the bar against closed home boards")
            }
            BgError::IdLength => write!(f, "the ID has the wrong length"),
            BgError::IdCharacter => write!(f, "the ID has a character outside Base64"),
            BgError::Dice => write!(f, "a die is outside 1..6"),
            BgError::MatchState(field) => write!(f, "match state field '{field}' is out of range"),
            BgError::IllegalMove => write!(f, "the move cannot be played on this board"),
        }
    }
}

impl std::error::Error for BgError {}
