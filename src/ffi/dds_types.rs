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

/// Success.
pub const RETURN_NO_FAULT: c_int = 1;
/// General error (fopen failed, board counts differ, ...).
pub const RETURN_UNKNOWN_FAULT: c_int = -1;
/// No cards in the deal.
pub const RETURN_ZERO_CARDS: c_int = -2;
/// Target exceeds the tricks remaining.
pub const RETURN_TARGET_TOO_HIGH: c_int = -3;
/// A card appears twice.
pub const RETURN_DUPLICATE_CARDS: c_int = -4;
/// Target below -1.
pub const RETURN_TARGET_WRONG_LO: c_int = -5;
/// Target above 13.
pub const RETURN_TARGET_WRONG_HI: c_int = -7;
/// Solutions below 1.
pub const RETURN_SOLNS_WRONG_LO: c_int = -8;
/// Solutions above 3.
pub const RETURN_SOLNS_WRONG_HI: c_int = -9;
/// More than 52 cards.
pub const RETURN_TOO_MANY_CARDS: c_int = -10;
/// Bad `currentTrickSuit` / `currentTrickRank` (or holding values).
pub const RETURN_SUIT_OR_RANK: c_int = -12;
/// A card in the current trick is still held.
pub const RETURN_PLAYED_CARD: c_int = -13;
/// Hands hold inconsistent numbers of cards.
pub const RETURN_CARD_COUNT: c_int = -14;
/// Thread index out of range.
pub const RETURN_THREAD_INDEX: c_int = -15;
/// Mode below 0.
pub const RETURN_MODE_WRONG_LO: c_int = -16;
/// Mode above 2.
pub const RETURN_MODE_WRONG_HI: c_int = -17;
/// Trump not in 0..=4.
pub const RETURN_TRUMP_WRONG: c_int = -18;
/// First not in 0..=3.
pub const RETURN_FIRST_WRONG: c_int = -19;
/// Bad play trace in the AnalysePlay family.
pub const RETURN_PLAY_FAULT: c_int = -98;
/// Bad PBN string.
pub const RETURN_PBN_FAULT: c_int = -99;
/// More than `MAXNOOFBOARDS` boards.
pub const RETURN_TOO_MANY_BOARDS: c_int = -101;
/// Threads could not be created.
pub const RETURN_THREAD_CREATE: c_int = -102;
/// Waiting for threads failed.
pub const RETURN_THREAD_WAIT: c_int = -103;
/// Threading back-end not present.
pub const RETURN_THREAD_MISSING: c_int = -104;
/// `trumpFilter` excludes every strain.
pub const RETURN_NO_SUIT: c_int = -201;
/// Too many tables requested.
pub const RETURN_TOO_MANY_TABLES: c_int = -202;
/// Chunk size below 1 (no longer returned).
pub const RETURN_CHUNK_SIZE: c_int = -301;

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
    /// The deals.
    pub deals: [ddTableDeal; MAXNOOFTABLES * DDS_STRAINS],
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
    /// The deals.
    pub deals: [ddTableDealPBN; MAXNOOFTABLES * DDS_STRAINS],
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
    /// One table per deal.
    pub results: [ddTableResults; MAXNOOFTABLES * DDS_STRAINS],
}

/// Par result in `Par`'s text form.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct parResults {
    /// "NS <score>" and "EW <score>".
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
