//! DDS 2.9.0's batch solving functions: `SolveAllBoards`,
//! `SolveAllBoardsBin` and the `SolveAllChunks*` aliases (up to 200
//! boards).
//!
//! Only conversion, validation and error mapping happen here; the work is
//! spread over threads by `kibitz::bridge::batch`, with as many threads as
//! `SetMaxThreads`/`SetResources` configured (default: one per core). The
//! functions are re-entrant: concurrent calls each get their own threads
//! and solvers.
//!
//! Where several boards of one batch are invalid, DDS returns the error of
//! whichever its threads met last; we return the error of the first
//! invalid board (in board order), and solve the valid ones.
#![allow(non_snake_case)]

use std::os::raw::c_int;

use super::solve::future_tricks_to_c;
use super::types::*;
use super::{board_from_deal, holdings_from_pbn};
use crate::boundary::boundary;
use kibitz::bridge::batch::{solve_boards, BoardJob};
use kibitz::bridge::dds::resources::batch_workers;

/// The body of `SolveAllBoardsBin`: every board's `SolveBoard` answer, or
/// the first board's error code. All 200 answers get `cards = 0` first.
fn solve_all(bo: &boards, solved: &mut solvedBoards) -> c_int {
    if bo.noOfBoards > MAXNOOFBOARDS as c_int {
        return RETURN_TOO_MANY_BOARDS;
    }
    for fut in solved.solvedBoard.iter_mut() {
        fut.cards = 0;
    }
    let n = bo.noOfBoards.max(0) as usize;
    let mut error = None;
    let mut jobs = Vec::with_capacity(n);
    let mut slots = Vec::with_capacity(n);
    for k in 0..n {
        let (target, solutions, mode) = (bo.target[k], bo.solutions[k], bo.mode[k]);
        match board_from_deal(&bo.deals[k], target, solutions, mode) {
            Ok(board) => {
                jobs.push(BoardJob {
                    board,
                    target,
                    solutions,
                    mode,
                });
                slots.push(k);
            }
            Err(code) => {
                error.get_or_insert(code);
            }
        }
    }
    for (k, ft) in slots.into_iter().zip(solve_boards(&jobs, batch_workers())) {
        solved.solvedBoard[k] = future_tricks_to_c(&ft);
    }
    solved.noOfBoards = bo.noOfBoards;
    error.unwrap_or(RETURN_NO_FAULT)
}

/// The binary boards of a PBN batch, or `RETURN_PBN_FAULT`.
fn boards_from_pbn(bop: &boardsPBN) -> Result<Box<boards>, c_int> {
    // SAFETY: all-zero bytes are a valid `boards` (plain integers).
    let mut bo: Box<boards> = unsafe { Box::new(std::mem::zeroed()) };
    bo.noOfBoards = bop.noOfBoards;
    if bo.noOfBoards > MAXNOOFBOARDS as c_int {
        return Err(RETURN_TOO_MANY_BOARDS);
    }
    for k in 0..bop.noOfBoards.max(0) as usize {
        let d = &bop.deals[k];
        bo.mode[k] = bop.mode[k];
        bo.solutions[k] = bop.solutions[k];
        bo.target[k] = bop.target[k];
        bo.deals[k] = deal {
            trump: d.trump,
            first: d.first,
            currentTrickSuit: d.currentTrickSuit,
            currentTrickRank: d.currentTrickRank,
            remainCards: holdings_from_pbn(&d.remainCards)?,
        };
    }
    Ok(bo)
}

/// Shared body of the PBN batch functions.
///
/// # Safety
/// Both pointers must be NULL or valid (`bop` readable, `solvedp` writable).
unsafe fn solve_all_pbn(bop: *const boardsPBN, solvedp: *mut solvedBoards) -> c_int {
    // SAFETY: NULL is checked; validity is the caller's contract.
    let (Some(bop), Some(solved)) = (unsafe { bop.as_ref() }, unsafe { solvedp.as_mut() }) else {
        return RETURN_UNKNOWN_FAULT;
    };
    match boards_from_pbn(bop) {
        Ok(bo) => solve_all(&bo, solved),
        Err(code) => code,
    }
}

/// Shared body of the binary batch functions.
///
/// # Safety
/// Both pointers must be NULL or valid (`bop` readable, `solvedp` writable).
unsafe fn solve_all_bin(bop: *const boards, solvedp: *mut solvedBoards) -> c_int {
    // SAFETY: NULL is checked; validity is the caller's contract.
    match (unsafe { bop.as_ref() }, unsafe { solvedp.as_mut() }) {
        (Some(bo), Some(solved)) => solve_all(bo, solved),
        _ => RETURN_UNKNOWN_FAULT,
    }
}

/// Solves up to 200 PBN boards (`SolveBoard` on each, in parallel).
/// Returns 1, `RETURN_TOO_MANY_BOARDS` (-101) past 200 boards,
/// `RETURN_PBN_FAULT` (-99) for a bad PBN string, the first invalid board's
/// `SolveBoard` error code (the other boards are still solved), or
/// `RETURN_UNKNOWN_FAULT` (-1) for a NULL pointer.
///
/// # Safety
/// `bop` must be NULL or point to a readable `boardsPBN`, `solvedp` NULL or
/// to a writable `solvedBoards`.
#[no_mangle]
pub unsafe extern "C" fn SolveAllBoards(bop: *mut boardsPBN, solvedp: *mut solvedBoards) -> c_int {
    // SAFETY: forwarded contract.
    boundary(RETURN_UNKNOWN_FAULT, || unsafe {
        solve_all_pbn(bop, solvedp)
    })
}

/// `SolveAllBoards` for binary boards (DDS 2.9's development builds export
/// it; endplay calls it). Returns as `SolveAllBoards` (no -99).
///
/// # Safety
/// As `SolveAllBoards`.
#[no_mangle]
pub unsafe extern "C" fn SolveAllBoardsBin(bop: *mut boards, solvedp: *mut solvedBoards) -> c_int {
    // SAFETY: forwarded contract.
    boundary(RETURN_UNKNOWN_FAULT, || unsafe {
        solve_all_bin(bop, solvedp)
    })
}

/// Historical alias of `SolveAllBoards`. As in DDS 2.9, `chunkSize` is
/// only checked: below 1 it returns `RETURN_CHUNK_SIZE` (-301) before
/// anything else; otherwise returns as `SolveAllBoards`.
///
/// # Safety
/// As `SolveAllBoards`.
#[no_mangle]
pub unsafe extern "C" fn SolveAllChunks(
    bop: *mut boardsPBN,
    solvedp: *mut solvedBoards,
    chunkSize: c_int,
) -> c_int {
    if chunkSize < 1 {
        return RETURN_CHUNK_SIZE;
    }
    // SAFETY: forwarded contract.
    boundary(RETURN_UNKNOWN_FAULT, || unsafe {
        solve_all_pbn(bop, solvedp)
    })
}

/// Historical alias of `SolveAllBoards`. As in DDS 2.9, `chunkSize` is
/// only checked: below 1 it returns `RETURN_CHUNK_SIZE` (-301) before
/// anything else; otherwise returns as `SolveAllBoards`.
///
/// # Safety
/// As `SolveAllBoards`.
#[no_mangle]
pub unsafe extern "C" fn SolveAllChunksPBN(
    bop: *mut boardsPBN,
    solvedp: *mut solvedBoards,
    chunkSize: c_int,
) -> c_int {
    if chunkSize < 1 {
        return RETURN_CHUNK_SIZE;
    }
    // SAFETY: forwarded contract.
    boundary(RETURN_UNKNOWN_FAULT, || unsafe {
        solve_all_pbn(bop, solvedp)
    })
}

/// Historical alias of `SolveAllBoardsBin`. As in DDS 2.9, `chunkSize`
/// is only checked: below 1 it returns `RETURN_CHUNK_SIZE` (-301) before
/// anything else; otherwise returns as `SolveAllBoardsBin`.
///
/// # Safety
/// As `SolveAllBoards`.
#[no_mangle]
pub unsafe extern "C" fn SolveAllChunksBin(
    bop: *mut boards,
    solvedp: *mut solvedBoards,
    chunkSize: c_int,
) -> c_int {
    if chunkSize < 1 {
        return RETURN_CHUNK_SIZE;
    }
    // SAFETY: forwarded contract.
    boundary(RETURN_UNKNOWN_FAULT, || unsafe {
        solve_all_bin(bop, solvedp)
    })
}
