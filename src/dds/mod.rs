//! DDS 2.9.0's C interface (`include/dds/dll.h`): its structs, codes and
//! texts in [`types`], and its 30 functions, one file per family.
//!
//! Each entry point converts its C input, runs DDS's checks and the solver
//! of the safe crate (`kibitz::bridge` and `kibitz::bridge::dds`) and maps
//! the result to DDS's return codes, behind the crate's panic boundary.
#![allow(non_snake_case)]

pub mod batch;
pub mod par;
pub mod play;
pub mod resources;
pub mod solve;
pub mod tables;
#[cfg(test)]
mod test_deals;
pub mod types;

pub use batch::*;
pub use par::*;
pub use play::*;
pub use resources::*;
pub use solve::*;
pub use tables::*;
pub use types::*;

use std::os::raw::{c_char, c_int, c_uint};

use kibitz::bridge::dds::{self as rules, DdsError, RawBoard};
use kibitz::bridge::{Board, Deal};

/// The plain form of a DDS `deal`, for the safe crate's checks.
pub(crate) fn raw_board(dl: &deal) -> RawBoard {
    RawBoard {
        trump: dl.trump,
        first: dl.first,
        trick_suits: dl.currentTrickSuit,
        trick_ranks: dl.currentTrickRank,
        holdings: dl.remainCards,
    }
}

/// All of `SolveBoard`'s input checks, in DDS's order; the board to solve
/// or DDS's return code.
pub(crate) fn board_from_deal(
    dl: &deal,
    target: c_int,
    solutions: c_int,
    mode: c_int,
) -> Result<Board, c_int> {
    raw_board(dl)
        .board(target, solutions, mode)
        .map_err(DdsError::code)
}

/// DDS's `ConvertFromPBN`: holdings `[hand][suit]`, or `RETURN_PBN_FAULT`.
pub(crate) fn holdings_from_pbn(
    text: &[c_char; 80],
) -> Result<[[c_uint; DDS_SUITS]; DDS_HANDS], c_int> {
    rules::holdings_from_pbn(&text.map(|c| c as u8)).map_err(DdsError::code)
}

/// `CalcDDtable`'s checks; the deal to tabulate or DDS's return code.
pub(crate) fn table_deal_checked(cards: &[[c_uint; DDS_SUITS]; DDS_HANDS]) -> Result<Deal, c_int> {
    rules::table_deal(cards).map_err(DdsError::code)
}
