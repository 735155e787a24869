//! gnubg 1.07's 0-ply cube analysis of two-sided bearoff positions, from
//! the exact database ([`super::bearoff`]) instead of Janowski's formula:
//! money play takes the database's cubeful equity for the cube owner;
//! match play derives an effective cube efficiency from the money values
//! and applies the match formula with it (see [`super::nply`]'s leaves).

use super::bearoff::two_sided_equities;
use super::board::Board;
use super::cube::CubeInfo;
use super::cube_decision::CubeEval;
use super::met::MatchEquityTable;
use super::nply::evaluate_cubeful;

/// The 0-ply cube analysis of `board` (side 1 = the mover of `ci`) from
/// the exact two-sided database; `None` unless both sides have at most 6
/// chequers, all home.
pub fn bearoff_cube_eval(board: &Board, ci: &CubeInfo, met: &MatchEquityTable) -> Option<CubeEval> {
    two_sided_equities(board)?;
    // A 0-ply evaluation of a bearoff never calls the evaluator.
    evaluate_cubeful(board, ci, met, 0, &mut |_| None)
        .ok()
        .map(|(_, e)| e)
}
