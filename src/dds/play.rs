//! DDS 2.9.0's play analysis: `AnalysePlayBin`, `AnalysePlayPBN` and the
//! batch versions `AnalyseAllPlaysBin` / `AnalyseAllPlaysPBN`.
//!
//! Only conversion, validation and DDS's bookkeeping of `number` happen
//! here; the analysis is `kibitz::bridge::play`'s. DDS's quirks kept:
//! - `number` in the answer is `play.number + 1`, but the last trick is
//!   never analysed (a 52-card play gives 49 values), and cards of a trick
//!   in progress at the start count towards `play.number` as if they were
//!   part of the play (so `number` is reduced by them, and can be 0 or
//!   negative for a very short play);
//! - only the cards actually analysed are checked (-98 if one is not held
//!   by the player on turn; following suit is not checked); on that error
//!   `number` is 0 and the values before the faulty card are written;
//! - a binary play's `number` is not range-checked (a PBN play's is);
//! - the batches keep a failed board's answer slot untouched.
#![allow(non_snake_case)]

use std::os::raw::c_int;

use super::types::*;
use super::{board_from_deal, holdings_from_pbn};
use crate::boundary::boundary;
use kibitz::bridge::batch::{fan_out, parallel_map};
use kibitz::bridge::cards::rank_from_char;
use kibitz::bridge::dds::resources::{thread_count, with_thread_solver};
use kibitz::bridge::play::{analyse_play, PlayError};
use kibitz::bridge::{Board, Card, Solver, Suit};

/// A card of a binary play; an impossible suit or rank becomes a card that
/// nobody holds (rank 0), which the analysis reports as not held.
fn card_from_bin(suit: c_int, rank: c_int) -> Card {
    match (Suit::from_index(suit as usize), u8::try_from(rank)) {
        (Some(suit), Ok(rank)) if (2..=14).contains(&rank) => Card { suit, rank },
        _ => Card {
            suit: Suit::Spades,
            rank: 0,
        },
    }
}

/// DDS's count of the cards to analyse and the `number` it reports, from
/// the play's `number`, the tricks left and the cards already in the
/// current trick (DDS's arithmetic, overflow wrapping like C in practice).
fn play_extent(number: c_int, tricks_left: i32, in_trick: i32) -> (usize, c_int) {
    let mut last_trick = number.wrapping_add(3) / 4;
    let mut last_card = number.wrapping_add(3) % 4 + 1;
    if last_trick >= tricks_left {
        last_trick = tricks_left - 1;
        last_card = 4;
    }
    let reported = (4i32.wrapping_mul(last_trick))
        .wrapping_add(last_card)
        .wrapping_sub(3 + in_trick);
    let analysed = if last_trick >= 1 {
        (4 * (last_trick - 1) + last_card - in_trick).max(0) as usize
    } else {
        0
    };
    (analysed, reported)
}

/// One `AnalysePlayBin` after the thread check: the return code, with the
/// answer written to `out` as far as DDS writes it (nothing on an invalid
/// deal).
fn analyse_bin(solver: &mut Solver, dl: &deal, play: &playTraceBin, out: &mut solvedPlay) -> c_int {
    let board: Board = match board_from_deal(dl, -1, 1, 1) {
        Ok(b) => b,
        Err(code) => return code,
    };
    let in_trick = board.trick.len() as i32;
    let tricks_left = (board.deal.len() as i32 + in_trick) / 4;
    let (analysed, reported) = play_extent(play.number, tricks_left, in_trick);
    let cards: Vec<Card> = (0..analysed.min(52))
        .map(|k| card_from_bin(play.suit[k], play.rank[k]))
        .collect();
    let (code, values, number) = match analyse_play(solver, &board, &cards) {
        Ok(v) => (RETURN_NO_FAULT, v, reported),
        Err(PlayError::NotHeld { tricks, .. }) => (RETURN_PLAY_FAULT, tricks, 0),
    };
    out.number = number;
    for (slot, v) in out.tricks.iter_mut().zip(values) {
        *slot = v;
    }
    code
}

/// DDS's `ConvertPlayFromPBN`: `number` 0..=52, then `number` cards as a
/// suit letter and a rank character each (case-insensitive), or
/// `RETURN_PLAY_FAULT`.
fn play_from_pbn(play: &playTracePBN) -> Result<playTraceBin, c_int> {
    let n = play.number;
    if !(0..=52).contains(&n) {
        return Err(RETURN_PLAY_FAULT);
    }
    let mut bin = playTraceBin {
        number: n,
        suit: [0; 52],
        rank: [0; 52],
    };
    for k in 0..n as usize {
        let letter = |i: usize| (play.cards[i] as u8) as char;
        let suit = Suit::from_letter(letter(2 * k)).ok_or(RETURN_PLAY_FAULT)?;
        let rank = rank_from_char(letter(2 * k + 1)).ok_or(RETURN_PLAY_FAULT)?;
        bin.suit[k] = suit.index() as c_int;
        bin.rank[k] = c_int::from(rank);
    }
    Ok(bin)
}

/// The binary deal of a PBN deal, or `RETURN_PBN_FAULT`.
fn deal_from_pbn(d: &dealPBN) -> Result<deal, c_int> {
    Ok(deal {
        trump: d.trump,
        first: d.first,
        currentTrickSuit: d.currentTrickSuit,
        currentTrickRank: d.currentTrickRank,
        remainCards: holdings_from_pbn(&d.remainCards)?,
    })
}

/// `AnalysePlayBin`'s body: thread check, analysis, NULL check.
///
/// # Safety
/// `solvedp` must be NULL or valid for writing one `solvedPlay`.
unsafe fn analyse_play_c(
    dl: &deal,
    play: &playTraceBin,
    solvedp: *mut solvedPlay,
    thread_index: c_int,
) -> c_int {
    if thread_index < 0 || thread_index as usize >= thread_count() {
        return RETURN_THREAD_INDEX;
    }
    if let Err(code) = board_from_deal(dl, -1, 1, 1) {
        return code;
    }
    // SAFETY: NULL is checked; validity is the caller's contract.
    let Some(out) = (unsafe { solvedp.as_mut() }) else {
        return RETURN_UNKNOWN_FAULT;
    };
    with_thread_solver(thread_index, |s| analyse_bin(s, dl, play, out)).unwrap_or_else(|e| e.code())
}

/// Analyses a played hand (binary deal and play) with the solver of
/// `thrId`: `solvedp->tricks[k]` = tricks for declarer's side (the side
/// not on lead at the start) from the start of the current trick, after
/// `k` cards; `solvedp->number` = cards analysed + 1 (the last trick is
/// never analysed). Returns 1 on success. Errors: -15 bad thread index;
/// the deal errors of `SolveBoard` (-18, -19, -12, -2, -10, -14, -13, -4);
/// -98 a card is not held by the player on turn (`number` 0, the values
/// before it written); -1 `solvedp` is NULL or an internal error.
///
/// # Safety
/// `solvedp` must be NULL or point to a writable `solvedPlay`.
#[no_mangle]
pub unsafe extern "C" fn AnalysePlayBin(
    dl: deal,
    play: playTraceBin,
    solvedp: *mut solvedPlay,
    thrId: c_int,
) -> c_int {
    // SAFETY: solvedp's contract is the caller's.
    boundary(RETURN_UNKNOWN_FAULT, || unsafe {
        analyse_play_c(&dl, &play, solvedp, thrId)
    })
}

/// `AnalysePlayBin` for a PBN deal and a PBN play (`"SAH2..."`: suit
/// letter and rank per card, case-insensitive; `number` 0..=52). Returns
/// 1 on success. Errors: -99 bad PBN deal (checked first); -98 bad play
/// text or `number` (checked next); then the errors of `AnalysePlayBin`.
///
/// # Safety
/// `solvedp` must be NULL or point to a writable `solvedPlay`.
#[no_mangle]
pub unsafe extern "C" fn AnalysePlayPBN(
    dlPBN: dealPBN,
    playPBN: playTracePBN,
    solvedp: *mut solvedPlay,
    thrId: c_int,
) -> c_int {
    boundary(RETURN_UNKNOWN_FAULT, || {
        let dl = match deal_from_pbn(&dlPBN) {
            Ok(d) => d,
            Err(code) => return code,
        };
        let play = match play_from_pbn(&playPBN) {
            Ok(p) => p,
            Err(code) => return code,
        };
        // SAFETY: solvedp's contract is the caller's.
        unsafe { analyse_play_c(&dl, &play, solvedp, thrId) }
    })
}

/// The batch body: every board analysed in parallel; a board's answer is
/// written only if it succeeds; the first failing board's code (in board
/// order) is returned.
fn analyse_all(bo: &boards, plays: &playTracesBin, solved: &mut solvedPlays) -> c_int {
    if bo.noOfBoards > MAXNOOFBOARDS as c_int {
        return RETURN_TOO_MANY_BOARDS;
    }
    if bo.noOfBoards != plays.noOfBoards {
        return RETURN_UNKNOWN_FAULT;
    }
    let n = bo.noOfBoards.max(0) as usize;
    let items: Vec<usize> = (0..n).collect();
    let results = parallel_map(
        &items,
        thread_count(),
        |&k| {
            fan_out(&kibitz::bridge::dds::deal_from_holdings(
                &bo.deals[k].remainCards,
            ))
        },
        |solver, &k| {
            let mut out = solvedPlay {
                number: 0,
                tricks: [0; 53],
            };
            let code = analyse_bin(solver, &bo.deals[k], &plays.plays[k], &mut out);
            (code, out)
        },
    );
    let mut error = None;
    for (k, (code, out)) in results.into_iter().enumerate() {
        if code == RETURN_NO_FAULT {
            solved.solved[k] = out;
        } else {
            error.get_or_insert(code);
        }
    }
    solved.noOfBoards = bo.noOfBoards;
    error.unwrap_or(RETURN_NO_FAULT)
}

/// Analyses up to 200 played hands (binary), in parallel on the configured
/// threads; `target`, `solutions`, `mode` and `chunkSize` are ignored.
/// Returns 1 on success. Errors: -101 more than 200 boards; -1 the board
/// and play counts differ, a pointer is NULL, or an internal error;
/// otherwise the first failing board's `AnalysePlayBin` error (its answer
/// is left untouched, the others are written).
///
/// # Safety
/// Each pointer must be NULL or valid (`bop`, `plp` readable, `solvedp`
/// writable).
#[no_mangle]
pub unsafe extern "C" fn AnalyseAllPlaysBin(
    bop: *mut boards,
    plp: *mut playTracesBin,
    solvedp: *mut solvedPlays,
    chunkSize: c_int,
) -> c_int {
    let _ = chunkSize;
    boundary(RETURN_UNKNOWN_FAULT, || {
        // SAFETY: NULL is checked; validity is the caller's contract.
        let (Some(bo), Some(pl), Some(out)) =
            (unsafe { bop.as_ref() }, unsafe { plp.as_ref() }, unsafe {
                solvedp.as_mut()
            })
        else {
            return RETURN_UNKNOWN_FAULT;
        };
        analyse_all(bo, pl, out)
    })
}

/// The binary boards and plays of a PBN batch, in DDS's order of checks:
/// -101 more than 200 boards, -99 a bad deal, -98 a bad play.
fn batch_from_pbn(
    bop: &boardsPBN,
    plp: &playTracesPBN,
) -> Result<(Box<boards>, Box<playTracesBin>), c_int> {
    if bop.noOfBoards > MAXNOOFBOARDS as c_int {
        return Err(RETURN_TOO_MANY_BOARDS);
    }
    // SAFETY: all-zero bytes are valid for these plain-integer structs.
    let mut bo: Box<boards> = unsafe { Box::new(std::mem::zeroed()) };
    // SAFETY: as above.
    let mut pl: Box<playTracesBin> = unsafe { Box::new(std::mem::zeroed()) };
    bo.noOfBoards = bop.noOfBoards;
    for k in 0..bop.noOfBoards.max(0) as usize {
        bo.deals[k] = deal_from_pbn(&bop.deals[k])?;
    }
    pl.noOfBoards = plp.noOfBoards;
    for k in 0..(plp.noOfBoards.max(0) as usize).min(MAXNOOFBOARDS) {
        pl.plays[k] = play_from_pbn(&plp.plays[k])?;
    }
    Ok((bo, pl))
}

/// `AnalyseAllPlaysBin` for PBN deals and plays. Returns 1 on success.
/// Errors: -101 more than 200 boards; -99 a bad PBN deal; -98 a bad play
/// text or `number`; then the errors of `AnalyseAllPlaysBin`.
///
/// # Safety
/// Each pointer must be NULL or valid (`bopPBN`, `plpPBN` readable,
/// `solvedp` writable).
#[no_mangle]
pub unsafe extern "C" fn AnalyseAllPlaysPBN(
    bopPBN: *mut boardsPBN,
    plpPBN: *mut playTracesPBN,
    solvedp: *mut solvedPlays,
    chunkSize: c_int,
) -> c_int {
    let _ = chunkSize;
    boundary(RETURN_UNKNOWN_FAULT, || {
        // SAFETY: NULL is checked; validity is the caller's contract.
        let (Some(bop), Some(plp), Some(out)) = (
            unsafe { bopPBN.as_ref() },
            unsafe { plpPBN.as_ref() },
            unsafe { solvedp.as_mut() },
        ) else {
            return RETURN_UNKNOWN_FAULT;
        };
        match batch_from_pbn(bop, plp) {
            Ok((bo, pl)) => analyse_all(&bo, &pl, out),
            Err(code) => code,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::raw::c_char;

    #[test]
    fn extent_follows_dds_arithmetic() {
        // Full deal (13 tricks), nothing in the current trick.
        assert_eq!(play_extent(0, 13, 0), (0, 1));
        assert_eq!(play_extent(1, 13, 0), (1, 2));
        assert_eq!(play_extent(45, 13, 0), (45, 46));
        assert_eq!(play_extent(48, 13, 0), (48, 49));
        assert_eq!(play_extent(52, 13, 0), (48, 49));
        assert_eq!(play_extent(500, 13, 0), (48, 49));
        // Two cards already in the trick: they count towards `number`.
        assert_eq!(play_extent(0, 13, 2), (0, -1));
        assert_eq!(play_extent(2, 13, 2), (0, 1));
        assert_eq!(play_extent(3, 13, 2), (1, 2));
        assert_eq!(play_extent(52, 13, 2), (46, 47));
        // Negative numbers: nothing analysed, `number` = n + 1.
        assert_eq!(play_extent(-1, 13, 0), (0, 0));
        assert_eq!(play_extent(-7, 13, 0), (0, -6));
        // Last trick: nothing to analyse.
        assert_eq!(play_extent(4, 1, 0), (0, 1));
    }

    #[test]
    fn pbn_play_text() {
        let mut p = playTracePBN {
            number: 2,
            cards: [0; 106],
        };
        for (i, b) in b"sah2".iter().enumerate() {
            p.cards[i] = *b as c_char;
        }
        let bin = play_from_pbn(&p).unwrap();
        assert_eq!(
            (bin.suit[0], bin.rank[0], bin.suit[1], bin.rank[1]),
            (0, 14, 1, 2)
        );
        p.number = 3;
        assert_eq!(play_from_pbn(&p).err(), Some(RETURN_PLAY_FAULT));
        p.number = 53;
        assert_eq!(play_from_pbn(&p).err(), Some(RETURN_PLAY_FAULT));
        p.number = -1;
        assert_eq!(play_from_pbn(&p).err(), Some(RETURN_PLAY_FAULT));
    }
}
