//! The C structs and constants of DDS 2.9.0's `dll.h`, with identical
//! names, field order and layout.
#![allow(non_camel_case_types, non_snake_case)]

use std::os::raw::{c_char, c_int, c_uint};

/// Version 2.9.0 (major * 10000 + minor * 100 + patch).
pub const DDS_VERSION: c_int = 20900;
/// Number of hands.
pub const DDS_HANDS: usize = 4;
/// Number of suits.
pub const DDS_SUITS: usize = 4;
/// Number of strains (suits plus no trump).
pub const DDS_STRAINS: usize = 5;
/// Most boards in one batch call.
pub const MAXNOOFBOARDS: usize = 200;
/// Most deals in one `CalcAllTables` call.
pub const MAXNOOFTABLES: usize = 40;

// The table arrays below are written with 200 slots.
const _: () = assert!(MAXNOOFTABLES * DDS_STRAINS == 200);

/// Success.
pub const RETURN_NO_FAULT: c_int = 1;
/// Text of `RETURN_NO_FAULT` (what `ErrorMessage` writes).
pub const TEXT_NO_FAULT: &str = "Success";
/// General error (fopen failed, board counts differ, ...).
pub const RETURN_UNKNOWN_FAULT: c_int = -1;
/// Text of `RETURN_UNKNOWN_FAULT` (what `ErrorMessage` writes).
pub const TEXT_UNKNOWN_FAULT: &str = "General error";
/// No cards in the deal.
pub const RETURN_ZERO_CARDS: c_int = -2;
/// Text of `RETURN_ZERO_CARDS` (what `ErrorMessage` writes).
pub const TEXT_ZERO_CARDS: &str = "Zero cards";
/// Target exceeds the tricks remaining.
pub const RETURN_TARGET_TOO_HIGH: c_int = -3;
/// Text of `RETURN_TARGET_TOO_HIGH` (what `ErrorMessage` writes).
pub const TEXT_TARGET_TOO_HIGH: &str = "Target exceeds number of tricks";
/// A card appears twice.
pub const RETURN_DUPLICATE_CARDS: c_int = -4;
/// Text of `RETURN_DUPLICATE_CARDS` (what `ErrorMessage` writes).
pub const TEXT_DUPLICATE_CARDS: &str = "Cards duplicated";
/// Target below -1.
pub const RETURN_TARGET_WRONG_LO: c_int = -5;
/// Text of `RETURN_TARGET_WRONG_LO` (what `ErrorMessage` writes).
pub const TEXT_TARGET_WRONG_LO: &str = "Target is less than -1";
/// Target above 13.
pub const RETURN_TARGET_WRONG_HI: c_int = -7;
/// Text of `RETURN_TARGET_WRONG_HI` (what `ErrorMessage` writes).
pub const TEXT_TARGET_WRONG_HI: &str = "Target is higher than 13";
/// Solutions below 1.
pub const RETURN_SOLNS_WRONG_LO: c_int = -8;
/// Text of `RETURN_SOLNS_WRONG_LO` (what `ErrorMessage` writes).
pub const TEXT_SOLNS_WRONG_LO: &str = "Solutions parameter is less than 1";
/// Solutions above 3.
pub const RETURN_SOLNS_WRONG_HI: c_int = -9;
/// Text of `RETURN_SOLNS_WRONG_HI` (what `ErrorMessage` writes).
pub const TEXT_SOLNS_WRONG_HI: &str = "Solutions parameter is higher than 3";
/// More than 52 cards.
pub const RETURN_TOO_MANY_CARDS: c_int = -10;
/// Text of `RETURN_TOO_MANY_CARDS` (what `ErrorMessage` writes).
pub const TEXT_TOO_MANY_CARDS: &str = "Too many cards";
/// Bad `currentTrickSuit` / `currentTrickRank` (or holding values).
pub const RETURN_SUIT_OR_RANK: c_int = -12;
/// Text of `RETURN_SUIT_OR_RANK` (what `ErrorMessage` writes).
pub const TEXT_SUIT_OR_RANK: &str = "currentTrickSuit or currentTrickRank has wrong data";
/// A card in the current trick is still held.
pub const RETURN_PLAYED_CARD: c_int = -13;
/// Text of `RETURN_PLAYED_CARD` (what `ErrorMessage` writes).
pub const TEXT_PLAYED_CARD: &str = "Played card also remains in a hand";
/// Hands hold inconsistent numbers of cards.
pub const RETURN_CARD_COUNT: c_int = -14;
/// Text of `RETURN_CARD_COUNT` (what `ErrorMessage` writes).
pub const TEXT_CARD_COUNT: &str = "Wrong number of remaining cards in a hand";
/// Thread index out of range.
pub const RETURN_THREAD_INDEX: c_int = -15;
/// Text of `RETURN_THREAD_INDEX` (what `ErrorMessage` writes).
pub const TEXT_THREAD_INDEX: &str = "Thread index is not 0 .. maximum";
/// Mode below 0.
pub const RETURN_MODE_WRONG_LO: c_int = -16;
/// Text of `RETURN_MODE_WRONG_LO` (what `ErrorMessage` writes).
pub const TEXT_MODE_WRONG_LO: &str = "Mode parameter is less than 0";
/// Mode above 2.
pub const RETURN_MODE_WRONG_HI: c_int = -17;
/// Text of `RETURN_MODE_WRONG_HI` (what `ErrorMessage` writes).
pub const TEXT_MODE_WRONG_HI: &str = "Mode parameter is higher than 2";
/// Trump not in 0..=4.
pub const RETURN_TRUMP_WRONG: c_int = -18;
/// Text of `RETURN_TRUMP_WRONG` (what `ErrorMessage` writes).
pub const TEXT_TRUMP_WRONG: &str = "Trump is not in 0 .. 4";
/// First not in 0..=3.
pub const RETURN_FIRST_WRONG: c_int = -19;
/// Text of `RETURN_FIRST_WRONG` (what `ErrorMessage` writes).
pub const TEXT_FIRST_WRONG: &str = "First is not in 0 .. 2";
/// Bad play trace in the AnalysePlay family.
pub const RETURN_PLAY_FAULT: c_int = -98;
/// Text of `RETURN_PLAY_FAULT` (what `ErrorMessage` writes).
pub const TEXT_PLAY_FAULT: &str = "AnalysePlay input error";
/// Bad PBN string.
pub const RETURN_PBN_FAULT: c_int = -99;
/// Text of `RETURN_PBN_FAULT` (what `ErrorMessage` writes).
pub const TEXT_PBN_FAULT: &str = "PBN string error";
/// More than `MAXNOOFBOARDS` boards.
pub const RETURN_TOO_MANY_BOARDS: c_int = -101;
/// Text of `RETURN_TOO_MANY_BOARDS` (what `ErrorMessage` writes).
pub const TEXT_TOO_MANY_BOARDS: &str = "Too many boards requested";
/// Threads could not be created.
pub const RETURN_THREAD_CREATE: c_int = -102;
/// Text of `RETURN_THREAD_CREATE` (what `ErrorMessage` writes).
pub const TEXT_THREAD_CREATE: &str = "Could not create threads";
/// Waiting for threads failed.
pub const RETURN_THREAD_WAIT: c_int = -103;
/// Text of `RETURN_THREAD_WAIT` (what `ErrorMessage` writes).
pub const TEXT_THREAD_WAIT: &str = "Something failed waiting for thread to end";
/// Threading back-end not present.
pub const RETURN_THREAD_MISSING: c_int = -104;
/// Text of `RETURN_THREAD_MISSING` (what `ErrorMessage` writes).
pub const TEXT_THREAD_MISSING: &str = "Multi-threading system not present";
/// `trumpFilter` excludes every strain.
pub const RETURN_NO_SUIT: c_int = -201;
/// Text of `RETURN_NO_SUIT` (what `ErrorMessage` writes).
pub const TEXT_NO_SUIT: &str = "Denomination filter vector has no entries";
/// Too many tables requested.
pub const RETURN_TOO_MANY_TABLES: c_int = -202;
/// Text of `RETURN_TOO_MANY_TABLES` (what `ErrorMessage` writes).
pub const TEXT_TOO_MANY_TABLES: &str = "Too many DD tables requested";
/// Chunk size below 1 (no longer returned).
pub const RETURN_CHUNK_SIZE: c_int = -301;
/// Text of `RETURN_CHUNK_SIZE` (what `ErrorMessage` writes).
pub const TEXT_CHUNK_SIZE: &str = "Chunk size is less than 1";

/// The answer of `SolveBoard`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct futureTricks {
    /// Search nodes visited.
    pub nodes: c_int,
    /// Number of cards returned.
    pub cards: c_int,
    /// Suit of each card.
    pub suit: [c_int; 13],
    /// Rank of each card (2..=14).
    pub rank: [c_int; 13],
    /// Equivalent lower cards (holding bits).
    pub equals: [c_int; 13],
    /// Tricks for the side to play.
    pub score: [c_int; 13],
}

/// A position in binary form.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct deal {
    /// Trump 0..=3, or 4 for no trump.
    pub trump: c_int,
    /// Leader of the current trick.
    pub first: c_int,
    /// Suits of the cards already in the current trick.
    pub currentTrickSuit: [c_int; 3],
    /// Ranks (2..=14) of the cards in the current trick, 0 for none.
    pub currentTrickRank: [c_int; 3],
    /// Remaining cards, `[hand][suit]`, holding bits.
    pub remainCards: [[c_uint; DDS_SUITS]; DDS_HANDS],
}

/// A position with the cards as a PBN string.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct dealPBN {
    /// Trump 0..=3, or 4 for no trump.
    pub trump: c_int,
    /// Leader of the current trick.
    pub first: c_int,
    /// Suits of the cards already in the current trick.
    pub currentTrickSuit: [c_int; 3],
    /// Ranks of the cards in the current trick, 0 for none.
    pub currentTrickRank: [c_int; 3],
    /// PBN deal text, NUL-terminated.
    pub remainCards: [c_char; 80],
}

/// A batch of binary boards.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct boards {
    /// Number of boards used.
    pub noOfBoards: c_int,
    /// The positions.
    pub deals: [deal; MAXNOOFBOARDS],
    /// Target per board.
    pub target: [c_int; MAXNOOFBOARDS],
    /// Solutions per board.
    pub solutions: [c_int; MAXNOOFBOARDS],
    /// Mode per board.
    pub mode: [c_int; MAXNOOFBOARDS],
}

/// A batch of PBN boards.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct boardsPBN {
    /// Number of boards used.
    pub noOfBoards: c_int,
    /// The positions.
    pub deals: [dealPBN; MAXNOOFBOARDS],
    /// Target per board.
    pub target: [c_int; MAXNOOFBOARDS],
    /// Solutions per board.
    pub solutions: [c_int; MAXNOOFBOARDS],
    /// Mode per board.
    pub mode: [c_int; MAXNOOFBOARDS],
}

/// Answers of a batch.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct solvedBoards {
    /// Number of boards answered.
    pub noOfBoards: c_int,
    /// One answer per board.
    pub solvedBoard: [futureTricks; MAXNOOFBOARDS],
}

/// A full deal for a DD table, binary.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct ddTableDeal {
    /// Cards, `[hand][suit]`, holding bits.
    pub cards: [[c_uint; DDS_SUITS]; DDS_HANDS],
}

/// Several deals for `CalcAllTables`.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct ddTableDeals {
    /// Number of deals used.
    pub noOfTables: c_int,
    /// The deals (`MAXNOOFTABLES * DDS_STRAINS` = 200 slots; cbindgen
    /// cannot print a product as an array length).
    pub deals: [ddTableDeal; 200],
}

/// A full deal for a DD table, PBN.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ddTableDealPBN {
    /// PBN deal text, NUL-terminated.
    pub cards: [c_char; 80],
}

/// Several PBN deals for `CalcAllTablesPBN`.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct ddTableDealsPBN {
    /// Number of deals used.
    pub noOfTables: c_int,
    /// The deals (`MAXNOOFTABLES * DDS_STRAINS` = 200 slots).
    pub deals: [ddTableDealPBN; 200],
}

/// A DD table: declarer's tricks, `[strain][hand]`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ddTableResults {
    /// Declarer's tricks per strain (S H D C NT) and declarer (N E S W).
    pub resTable: [[c_int; DDS_HANDS]; DDS_STRAINS],
}

/// Several DD tables.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct ddTablesRes {
    /// Number of strain-boards solved (4 per strain and deal).
    pub noOfBoards: c_int,
    /// One table per deal (`MAXNOOFTABLES * DDS_STRAINS` = 200 slots).
    pub results: [ddTableResults; 200],
}

/// Par result in `Par`'s text form.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct parResults {
    /// `"NS <score>"` and `"EW <score>"`.
    pub parScore: [[c_char; 16]; 2],
    /// "NS:..." and "EW:..." contract lists.
    pub parContractsString: [[c_char; 128]; 2],
}

/// Par results of several tables.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct allParResults {
    /// One per table.
    pub presults: [parResults; MAXNOOFTABLES],
}

/// Par result of `DealerPar`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct parResultsDealer {
    /// Number of contracts.
    pub number: c_int,
    /// Par score, NS view.
    pub score: c_int,
    /// Contract texts.
    pub contracts: [[c_char; 10]; 10],
}

/// One par contract in binary form.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct contractType {
    /// 0 = makes, 1..=13 = sacrifice down this many.
    pub underTricks: c_int,
    /// Overtricks 0..=3.
    pub overTricks: c_int,
    /// Level 1..=7.
    pub level: c_int,
    /// 0 = NT, 1 = S, 2 = H, 3 = D, 4 = C.
    pub denom: c_int,
    /// 0..=3 = N E S W, 4 = NS, 5 = EW.
    pub seats: c_int,
}

/// Par result in binary form.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct parResultsMaster {
    /// Par score, NS view.
    pub score: c_int,
    /// Number of contracts.
    pub number: c_int,
    /// The contracts.
    pub contracts: [contractType; 10],
}

/// Par result texts of `ConvertToSidesTextFormat`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct parTextResults {
    /// One text per side.
    pub parText: [[c_char; 128]; 2],
    /// True when it does not matter who starts the bidding.
    pub equal: bool,
}

/// A played card sequence, binary.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct playTraceBin {
    /// Number of cards.
    pub number: c_int,
    /// Suits.
    pub suit: [c_int; 52],
    /// Ranks.
    pub rank: [c_int; 52],
}

/// A played card sequence, text ("SAH2...").
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct playTracePBN {
    /// Number of cards.
    pub number: c_int,
    /// Suit letter and rank character per card.
    pub cards: [c_char; 106],
}

/// Tricks after each card of a play.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct solvedPlay {
    /// Number of values.
    pub number: c_int,
    /// Declarer's side tricks after k cards.
    pub tricks: [c_int; 53],
}

/// Several binary plays.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct playTracesBin {
    /// Number of plays.
    pub noOfBoards: c_int,
    /// The plays.
    pub plays: [playTraceBin; MAXNOOFBOARDS],
}

/// Several text plays.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct playTracesPBN {
    /// Number of plays.
    pub noOfBoards: c_int,
    /// The plays.
    pub plays: [playTracePBN; MAXNOOFBOARDS],
}

/// Several play analyses.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct solvedPlays {
    /// Number of plays.
    pub noOfBoards: c_int,
    /// The analyses.
    pub solved: [solvedPlay; MAXNOOFBOARDS],
}

/// Library information filled by `GetDDSInfo`.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct DDSInfo {
    /// Major version (2).
    pub major: c_int,
    /// Minor version (9).
    pub minor: c_int,
    /// Patch version (0).
    pub patch: c_int,
    /// "2.9.0".
    pub versionString: [c_char; 10],
    /// 0 unknown, 1 Windows, 2 Cygwin, 3 Linux, 4 Apple.
    pub system: c_int,
    /// 32 or 64.
    pub numBits: c_int,
    /// 0 unknown, 1 MSVC, 2 mingw, 3 g++, 4 clang.
    pub compiler: c_int,
    /// 0 none, 1 DllMain, 2 Unix-style.
    pub constructor: c_int,
    /// Cores detected.
    pub numCores: c_int,
    /// Threading back-end code.
    pub threading: c_int,
    /// Threads configured.
    pub noOfThreads: c_int,
    /// Thread memory sizes, e.g. "LL".
    pub threadSizes: [c_char; 128],
    /// Human-readable description.
    pub systemString: [c_char; 1024],
}
