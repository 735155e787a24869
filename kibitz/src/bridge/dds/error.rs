//! DDS 2.9's error codes and texts.

use std::fmt;

/// An error DDS 2.9 reports: its return code with [`DdsError::code`], its
/// text (what `ErrorMessage` writes) with [`DdsError::text`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DdsError {
    /// `RETURN_UNKNOWN_FAULT` (-1): "General error".
    UnknownFault,
    /// `RETURN_ZERO_CARDS` (-2): "Zero cards".
    ZeroCards,
    /// `RETURN_TARGET_TOO_HIGH` (-3): "Target exceeds number of tricks".
    TargetTooHigh,
    /// `RETURN_DUPLICATE_CARDS` (-4): "Cards duplicated".
    DuplicateCards,
    /// `RETURN_TARGET_WRONG_LO` (-5): "Target is less than -1".
    TargetWrongLo,
    /// `RETURN_TARGET_WRONG_HI` (-7): "Target is higher than 13".
    TargetWrongHi,
    /// `RETURN_SOLNS_WRONG_LO` (-8): "Solutions parameter is less than 1".
    SolnsWrongLo,
    /// `RETURN_SOLNS_WRONG_HI` (-9): "Solutions parameter is higher than 3".
    SolnsWrongHi,
    /// `RETURN_TOO_MANY_CARDS` (-10): "Too many cards".
    TooManyCards,
    /// `RETURN_SUIT_OR_RANK` (-12): "currentTrickSuit or currentTrickRank has wrong data".
    SuitOrRank,
    /// `RETURN_PLAYED_CARD` (-13): "Played card also remains in a hand".
    PlayedCard,
    /// `RETURN_CARD_COUNT` (-14): "Wrong number of remaining cards in a hand".
    CardCount,
    /// `RETURN_THREAD_INDEX` (-15): "Thread index is not 0 .. maximum".
    ThreadIndex,
    /// `RETURN_MODE_WRONG_LO` (-16): "Mode parameter is less than 0".
    ModeWrongLo,
    /// `RETURN_MODE_WRONG_HI` (-17): "Mode parameter is higher than 2".
    ModeWrongHi,
    /// `RETURN_TRUMP_WRONG` (-18): "Trump is not in 0 .. 4".
    TrumpWrong,
    /// `RETURN_FIRST_WRONG` (-19): "First is not in 0 .. 2".
    FirstWrong,
    /// `RETURN_PLAY_FAULT` (-98): "AnalysePlay input error".
    PlayFault,
    /// `RETURN_PBN_FAULT` (-99): "PBN string error".
    PbnFault,
    /// `RETURN_TOO_MANY_BOARDS` (-101): "Too many boards requested".
    TooManyBoards,
    /// `RETURN_THREAD_CREATE` (-102): "Could not create threads".
    ThreadCreate,
    /// `RETURN_THREAD_WAIT` (-103): "Something failed waiting for thread to end".
    ThreadWait,
    /// `RETURN_THREAD_MISSING` (-104): "Multi-threading system not present".
    ThreadMissing,
    /// `RETURN_NO_SUIT` (-201): "Denomination filter vector has no entries".
    NoSuit,
    /// `RETURN_TOO_MANY_TABLES` (-202): "Too many DD tables requested".
    TooManyTables,
    /// `RETURN_CHUNK_SIZE` (-301): "Chunk size is less than 1".
    ChunkSize,
}

impl DdsError {
    /// Every error, in DDS's order of codes (-1 down to -301).
    pub const ALL: [DdsError; 26] = [
        DdsError::UnknownFault,
        DdsError::ZeroCards,
        DdsError::TargetTooHigh,
        DdsError::DuplicateCards,
        DdsError::TargetWrongLo,
        DdsError::TargetWrongHi,
        DdsError::SolnsWrongLo,
        DdsError::SolnsWrongHi,
        DdsError::TooManyCards,
        DdsError::SuitOrRank,
        DdsError::PlayedCard,
        DdsError::CardCount,
        DdsError::ThreadIndex,
        DdsError::ModeWrongLo,
        DdsError::ModeWrongHi,
        DdsError::TrumpWrong,
        DdsError::FirstWrong,
        DdsError::PlayFault,
        DdsError::PbnFault,
        DdsError::TooManyBoards,
        DdsError::ThreadCreate,
        DdsError::ThreadWait,
        DdsError::ThreadMissing,
        DdsError::NoSuit,
        DdsError::TooManyTables,
        DdsError::ChunkSize,
    ];

    /// DDS's return code (negative).
    pub const fn code(self) -> i32 {
        match self {
            DdsError::UnknownFault => -1,
            DdsError::ZeroCards => -2,
            DdsError::TargetTooHigh => -3,
            DdsError::DuplicateCards => -4,
            DdsError::TargetWrongLo => -5,
            DdsError::TargetWrongHi => -7,
            DdsError::SolnsWrongLo => -8,
            DdsError::SolnsWrongHi => -9,
            DdsError::TooManyCards => -10,
            DdsError::SuitOrRank => -12,
            DdsError::PlayedCard => -13,
            DdsError::CardCount => -14,
            DdsError::ThreadIndex => -15,
            DdsError::ModeWrongLo => -16,
            DdsError::ModeWrongHi => -17,
            DdsError::TrumpWrong => -18,
            DdsError::FirstWrong => -19,
            DdsError::PlayFault => -98,
            DdsError::PbnFault => -99,
            DdsError::TooManyBoards => -101,
            DdsError::ThreadCreate => -102,
            DdsError::ThreadWait => -103,
            DdsError::ThreadMissing => -104,
            DdsError::NoSuit => -201,
            DdsError::TooManyTables => -202,
            DdsError::ChunkSize => -301,
        }
    }

    /// DDS's text for the code.
    pub const fn text(self) -> &'static str {
        match self {
            DdsError::UnknownFault => "General error",
            DdsError::ZeroCards => "Zero cards",
            DdsError::TargetTooHigh => "Target exceeds number of tricks",
            DdsError::DuplicateCards => "Cards duplicated",
            DdsError::TargetWrongLo => "Target is less than -1",
            DdsError::TargetWrongHi => "Target is higher than 13",
            DdsError::SolnsWrongLo => "Solutions parameter is less than 1",
            DdsError::SolnsWrongHi => "Solutions parameter is higher than 3",
            DdsError::TooManyCards => "Too many cards",
            DdsError::SuitOrRank => "currentTrickSuit or currentTrickRank has wrong data",
            DdsError::PlayedCard => "Played card also remains in a hand",
            DdsError::CardCount => "Wrong number of remaining cards in a hand",
            DdsError::ThreadIndex => "Thread index is not 0 .. maximum",
            DdsError::ModeWrongLo => "Mode parameter is less than 0",
            DdsError::ModeWrongHi => "Mode parameter is higher than 2",
            DdsError::TrumpWrong => "Trump is not in 0 .. 4",
            DdsError::FirstWrong => "First is not in 0 .. 2",
            DdsError::PlayFault => "AnalysePlay input error",
            DdsError::PbnFault => "PBN string error",
            DdsError::TooManyBoards => "Too many boards requested",
            DdsError::ThreadCreate => "Could not create threads",
            DdsError::ThreadWait => "Something failed waiting for thread to end",
            DdsError::ThreadMissing => "Multi-threading system not present",
            DdsError::NoSuit => "Denomination filter vector has no entries",
            DdsError::TooManyTables => "Too many DD tables requested",
            DdsError::ChunkSize => "Chunk size is less than 1",
        }
    }

    /// The error with DDS return code `code`, if it is one.
    pub fn from_code(code: i32) -> Option<DdsError> {
        DdsError::ALL.into_iter().find(|e| e.code() == code)
    }
}

impl fmt::Display for DdsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

impl std::error::Error for DdsError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_are_distinct() {
        for e in DdsError::ALL {
            assert_eq!(DdsError::from_code(e.code()), Some(e));
        }
        assert_eq!(DdsError::from_code(1), None);
        assert_eq!(DdsError::from_code(-6), None);
        assert_eq!(DdsError::PbnFault.code(), -99);
        assert_eq!(DdsError::ChunkSize.to_string(), "Chunk size is less than 1");
    }
}
