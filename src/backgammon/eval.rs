//! The backgammon evaluation C interface: gnubg's bearoff evaluations
//! from Kibitz's databases and the n-ply cubeful search with a caller's
//! evaluator at the leaves.

use std::os::raw::{c_int, c_uint, c_void};

use super::cube::{bg_cube_eval, bg_cube_info, bg_met, read_cube_info, table, to_c_eval};
use super::cube::{BG_ERR_PROBABILITIES, BG_ERR_VALUE};
use super::{guard, read_board, BG_ERR_NULL};
use kibitz::backgammon::{
    bearoff_cube_eval, bearoff_probabilities, evaluate_cubeful, Board, Probabilities,
};

/// The position is not in the built-in bearoff database (both sides need
/// 1..6 chequers, all on their six home points).
pub const BG_ERR_NOT_BEAROFF: c_int = -15;
/// The evaluator failed (returned non-zero), or a position needed one and
/// none was given.
pub const BG_ERR_EVALUATOR: c_int = -16;

/// The deepest `bg_evaluate_cubeful` search.
pub const BG_MAX_PLIES: c_int = 4;

/// A position evaluator for `bg_evaluate_cubeful`: writes gnubg's five
/// outputs (win, win gammon, win backgammon, lose gammon, lose backgammon)
/// for the player on roll of `board` (side 1) to `p` and returns 0, or
/// returns non-zero to abort. `user` is passed through.
pub type bg_evaluator = Option<
    unsafe extern "C" fn(board: *const [c_uint; 25], p: *mut f32, user: *mut c_void) -> c_int,
>;

/// gnubg's five outputs (win, win gammon, win backgammon, lose gammon,
/// lose backgammon) for the player on roll of a bearoff position, from
/// Kibitz's databases (built at first use, a few seconds; the same
/// numbers as gnubg's `gnubg_ts0.bd` and `gnubg_os0.bd`): the two-sided
/// one when both sides have at most 6 chequers, else the one-sided one;
/// all chequers of both sides must be on their six home points. Usable
/// as an evaluator of such positions. Returns 0, or BG_ERR_NULL, a board
/// error or BG_ERR_NOT_BEAROFF with nothing written.
///
/// # Safety
/// `board` is NULL or points to `unsigned int [2][25]`; `p` is NULL or
/// points to 5 writable floats.
#[no_mangle]
pub unsafe extern "C" fn bg_evaluate_bearoff(board: *const [c_uint; 25], p: *mut f32) -> c_int {
    guard(|| {
        let b = read_board(board)?;
        if p.is_null() {
            return Err(BG_ERR_NULL);
        }
        let out = bearoff_probabilities(&b).ok_or(BG_ERR_NOT_BEAROFF)?;
        std::ptr::copy_nonoverlapping(out.as_ptr(), p, 5);
        Ok(())
    })
}

/// gnubg 1.07's 0-ply cube analysis of a two-sided bearoff position (side
/// 1 = player `move` of `ci`) from the exact database: money play uses its
/// cubeful equities, match play Janowski's match formula with the cube
/// efficiency they imply, as gnubg does. Returns 0, or BG_ERR_NULL, a
/// board error, BG_ERR_MATCH_STATE or BG_ERR_NOT_BEAROFF with nothing
/// written.
///
/// # Safety
/// `board` is NULL or points to `unsigned int [2][25]`; `ci` is NULL or
/// points to a `bg_cube_info`; `met` is NULL or a live handle; `out` is
/// NULL or points to a writable `bg_cube_eval`.
#[no_mangle]
pub unsafe extern "C" fn bg_bearoff_cube_eval(
    board: *const [c_uint; 25],
    ci: *const bg_cube_info,
    met: *const bg_met,
    out: *mut bg_cube_eval,
) -> c_int {
    guard(|| {
        let b = read_board(board)?;
        let ci = read_cube_info(ci)?;
        if out.is_null() {
            return Err(BG_ERR_NULL);
        }
        let e = bearoff_cube_eval(&b, &ci, table(met)).ok_or(BG_ERR_NOT_BEAROFF)?;
        *out = to_c_eval(&e);
        Ok(())
    })
}

/// gnubg 1.07's n-ply cube analysis of `board` (side 1 = player `move` of
/// `ci`), `plies` deep (0..BG_MAX_PLIES): for each roll the best move by
/// 0-ply cubeful equity, both players' cube actions at every node below
/// the root, `eval` for the leaves, except finished games (exact) and
/// bearoffs (Kibitz's databases, as gnubg; two-sided ones are never
/// expanded in money play). `eval` may be NULL when no leaf needs it
/// (bearoff positions). 0 plies gives
/// `bg_cubeful_0ply` with gnubg's cube efficiency. Returns 0, or
/// BG_ERR_NULL, a board error, BG_ERR_MATCH_STATE, BG_ERR_VALUE (plies),
/// BG_ERR_EVALUATOR or BG_ERR_PROBABILITIES (the evaluator's output is
/// not in 0..1) with nothing written.
///
/// # Safety
/// `board` is NULL or points to `unsigned int [2][25]`; `ci` is NULL or
/// points to a `bg_cube_info`; `met` is NULL or a live handle; `eval` is
/// NULL or a function safe to call with boards and `user`; `out` is NULL
/// or points to a writable `bg_cube_eval`.
#[no_mangle]
pub unsafe extern "C" fn bg_evaluate_cubeful(
    board: *const [c_uint; 25],
    ci: *const bg_cube_info,
    met: *const bg_met,
    plies: c_int,
    eval: bg_evaluator,
    user: *mut c_void,
    out: *mut bg_cube_eval,
) -> c_int {
    guard(|| {
        let b = read_board(board)?;
        let ci = read_cube_info(ci)?;
        if out.is_null() {
            return Err(BG_ERR_NULL);
        }
        if !(0..=BG_MAX_PLIES).contains(&plies) {
            return Err(BG_ERR_VALUE);
        }
        let mut failure = BG_ERR_EVALUATOR;
        let mut call = |pos: &Board| -> Option<Probabilities> {
            let f = eval?;
            let counts = pos.to_counts();
            let mut p = [0.0f32; 5];
            if f(counts.as_ptr(), p.as_mut_ptr(), user) != 0 {
                failure = BG_ERR_EVALUATOR;
                return None;
            }
            if !p.iter().all(|v| v.is_finite() && (0.0..=1.0).contains(v)) {
                failure = BG_ERR_PROBABILITIES;
                return None;
            }
            Some(p)
        };
        let result = evaluate_cubeful(&b, &ci, table(met), plies as u32, &mut call);
        match result {
            Ok((_, e)) => {
                *out = to_c_eval(&e);
                Ok(())
            }
            Err(_) => Err(failure),
        }
    })
}
