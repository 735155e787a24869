//! gnubg 1.07's 0-ply cube analysis of two-sided bearoff positions, from
//! the exact database ([`super::bearoff`]) instead of Janowski's formula:
//! money play takes the database's cubeful equity for the cube owner;
//! match play derives an effective cube efficiency from the money values
//! and applies the match formula with it.

use super::bearoff::two_sided_equities;
use super::board::Board;
use super::cube::CubeInfo;
use super::cube_decision::{analysis, CubeEval};
use super::cube_efficiency::TWO_SIDED_X;
use super::janowski::{cubeful_match, cubeful_money};
use super::met::MatchEquityTable;

/// The database equity for the cube owner of `ci` (gnubg's `CFMONEY`).
fn for_owner(eq: &[f32; 4], ci: &CubeInfo) -> f32 {
    match ci.owner {
        None => eq[2],
        Some(o) if o == ci.mover => eq[1],
        Some(_) => eq[3],
    }
}

/// The 0-ply cube analysis of `board` (side 1 = the mover of `ci`) from
/// the exact two-sided database; `None` unless both sides have at most 6
/// chequers, all home.
pub fn bearoff_cube_eval(board: &Board, ci: &CubeInfo, met: &MatchEquityTable) -> Option<CubeEval> {
    let eq = two_sided_equities(board)?;
    let p = [eq[0] / 2.0 + 0.5, 0.0, 0.0, 0.0, 0.0];
    Some(analysis(ci, met, p[1], |state| {
        if state.is_money() {
            return for_owner(&eq, state);
        }
        // The efficiency that makes Janowski's money formula give the
        // exact money value, within 0..0.6.
        let money = CubeInfo {
            owner: state.owner,
            mover: state.mover,
            ..CubeInfo::money(false, false)
        };
        let cl = eq[0];
        let cf = cubeful_money(&p, &money, 1.0, met);
        let x = if (cl - cf).abs() > 0.0001 {
            (for_owner(&eq, &money) - cl) / (cf - cl)
        } else {
            TWO_SIDED_X
        };
        cubeful_match(&p, state, x.clamp(0.0, TWO_SIDED_X), met)
    }))
}
