//! gnubg 1.07's cube efficiency `x` of a position (`EvalEfficiency`), the
//! weight of the live-cube equity in Janowski's formula.

use super::board::Board;
use super::classify::PositionClass;

/// Cube efficiency of contact positions (gnubg's `rContactX`).
pub const CONTACT_X: f32 = 0.68;
/// Cube efficiency of crashed positions (`rCrashedX`).
pub const CRASHED_X: f32 = 0.68;
/// Cube efficiency of one-sided bearoffs (`rOSCubeX`).
pub const ONE_SIDED_X: f32 = 0.6;
/// Cube efficiency of two-sided bearoffs in match play (`rTSCubeX`).
pub const TWO_SIDED_X: f32 = 0.6;
/// Race efficiency per pip of the player on roll (`rRaceFactorX`).
pub const RACE_FACTOR_X: f32 = 0.00125;
/// Race efficiency at 0 pips (`rRaceCoefficientX`).
pub const RACE_COEFFICIENT_X: f32 = 0.55;
/// Largest race efficiency (`rRaceMax`).
pub const RACE_MAX_X: f32 = 0.7;
/// Smallest race efficiency (`rRaceMin`).
pub const RACE_MIN_X: f32 = 0.6;

/// The cube efficiency gnubg 1.07 uses for `board` (side 1 on roll).
pub fn cube_efficiency(board: &Board) -> f32 {
    match board.class() {
        PositionClass::Over => 0.0,
        PositionClass::Hypergammon1 | PositionClass::Hypergammon2 | PositionClass::Hypergammon3 => {
            0.6
        }
        PositionClass::Bearoff1 | PositionClass::BearoffOs => ONE_SIDED_X,
        PositionClass::Bearoff2 | PositionClass::BearoffTs => TWO_SIDED_X,
        PositionClass::Race => {
            let pips = board.pip_count()[1] as f32;
            let x = pips * RACE_FACTOR_X + RACE_COEFFICIENT_X;
            x.clamp(RACE_MIN_X, RACE_MAX_X)
        }
        PositionClass::Crashed => CRASHED_X,
        PositionClass::Contact => CONTACT_X,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_examples() {
        let x = |id: &str| cube_efficiency(&Board::from_position_id(id).unwrap());
        // race87, race54, race165, opening, bearoff1 (reference notes).
        assert_eq!(x("2MY5BwDs7swAAA"), 87.0 * 0.00125 + 0.55);
        assert_eq!(x("bXcXAADb3Q0AAA"), 54.0 * 0.00125 + 0.55);
        assert_eq!(x("AL7vAwAAvu8DAA"), 0.7);
        assert_eq!(x("4HPwATDgc/ABMA"), 0.68);
        assert_eq!(x("bXcPAADb7g4AAA"), 0.6);
    }
}
