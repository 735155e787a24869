//! Cube decisions as gnubg 1.07 makes them: the 21 values of its
//! `cubedecision` with its wording, the choice among no double,
//! double/take and double/pass (`FindBestCubeDecision`), and the 0-ply
//! cube analysis of a set of probabilities.

use super::cube::{CubeInfo, Probabilities};
use super::janowski;
use super::met::MatchEquityTable;

/// gnubg's `cubedecision`; the number is gnubg's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CubeDecision {
    /// Double, take.
    DoubleTake = 0,
    /// Double, pass.
    DoublePass = 1,
    /// No double, take.
    NoDoubleTake = 2,
    /// Too good to double, take.
    TooGoodTake = 3,
    /// Too good to double, pass.
    TooGoodPass = 4,
    /// Double, beaver.
    DoubleBeaver = 5,
    /// No double, beaver.
    NoDoubleBeaver = 6,
    /// Redouble, take.
    RedoubleTake = 7,
    /// Redouble, pass.
    RedoublePass = 8,
    /// No redouble, take.
    NoRedoubleTake = 9,
    /// Too good to redouble, take.
    TooGoodRedoubleTake = 10,
    /// Too good to redouble, pass.
    TooGoodRedoublePass = 11,
    /// No redouble, beaver.
    NoRedoubleBeaver = 12,
    /// Never double (dead cube, match play).
    NoDoubleDeadCube = 13,
    /// Never redouble (dead cube, match play).
    NoRedoubleDeadCube = 14,
    /// The cube is not available to the player on roll.
    NotAvailable = 15,
    /// Optional double, take.
    OptionalDoubleTake = 16,
    /// Optional redouble, take.
    OptionalRedoubleTake = 17,
    /// Optional double, beaver.
    OptionalDoubleBeaver = 18,
    /// Optional double, pass.
    OptionalDoublePass = 19,
    /// Optional redouble, pass.
    OptionalRedoublePass = 20,
}

impl CubeDecision {
    /// All decisions, in gnubg's order.
    pub const ALL: [CubeDecision; 21] = [
        CubeDecision::DoubleTake,
        CubeDecision::DoublePass,
        CubeDecision::NoDoubleTake,
        CubeDecision::TooGoodTake,
        CubeDecision::TooGoodPass,
        CubeDecision::DoubleBeaver,
        CubeDecision::NoDoubleBeaver,
        CubeDecision::RedoubleTake,
        CubeDecision::RedoublePass,
        CubeDecision::NoRedoubleTake,
        CubeDecision::TooGoodRedoubleTake,
        CubeDecision::TooGoodRedoublePass,
        CubeDecision::NoRedoubleBeaver,
        CubeDecision::NoDoubleDeadCube,
        CubeDecision::NoRedoubleDeadCube,
        CubeDecision::NotAvailable,
        CubeDecision::OptionalDoubleTake,
        CubeDecision::OptionalRedoubleTake,
        CubeDecision::OptionalDoubleBeaver,
        CubeDecision::OptionalDoublePass,
        CubeDecision::OptionalRedoublePass,
    ];

    /// gnubg's number of the decision.
    pub fn number(self) -> i32 {
        self as i32
    }

    /// The decision of gnubg number `n`.
    pub fn from_number(n: i32) -> Option<CubeDecision> {
        usize::try_from(n)
            .ok()
            .and_then(|i| Self::ALL.get(i).copied())
    }

    /// gnubg 1.07's wording (`GetCubeRecommendation`).
    pub fn text(self) -> &'static str {
        use CubeDecision::*;
        match self {
            DoubleTake => "Double, take",
            DoublePass => "Double, pass",
            NoDoubleTake => "No double, take",
            TooGoodTake => "Too good to double, take",
            TooGoodPass => "Too good to double, pass",
            DoubleBeaver => "Double, beaver",
            NoDoubleBeaver => "No double, beaver",
            RedoubleTake => "Redouble, take",
            RedoublePass => "Redouble, pass",
            NoRedoubleTake => "No redouble, take",
            TooGoodRedoubleTake => "Too good to redouble, take",
            TooGoodRedoublePass => "Too good to redouble, pass",
            NoRedoubleBeaver => "No redouble, beaver",
            NoDoubleDeadCube => "Never double, take (dead cube)",
            NoRedoubleDeadCube => "Never redouble, take (dead cube)",
            NotAvailable => "Unknown cube decision",
            OptionalDoubleTake => "Optional double, take",
            OptionalRedoubleTake => "Optional redouble, take",
            OptionalDoubleBeaver => "Optional double, beaver",
            OptionalDoublePass => "Optional double, pass",
            OptionalRedoublePass => "Optional redouble, pass",
        }
    }
}

/// A cube analysis: the three equities (money per unit of the current
/// cube, match play normalised money equity), the best of them, and
/// gnubg's decision.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CubeEval {
    /// No double.
    pub no_double: f32,
    /// Double, take.
    pub double_take: f32,
    /// Double, pass.
    pub double_pass: f32,
    /// The equity of the best decision.
    pub optimal: f32,
    /// gnubg's decision.
    pub decision: CubeDecision,
}

/// Whether two equities are equal to gnubg's 1e-5 ("optional").
fn optional(a: f32, b: f32) -> bool {
    (a - b).abs() <= 1.0e-5
}

/// gnubg's `FindBestCubeDecision` for ND, DT, DP (normalised), the
/// mover's gammon chance `wg` and the cube state; `(decision, optimal)`.
pub fn best_decision(
    nd: f32,
    dt: f32,
    dp: f32,
    wg: f32,
    ci: &CubeInfo,
    met: &MatchEquityTable,
) -> (CubeDecision, f32) {
    use CubeDecision::*;
    let centred = ci.owner.is_none();
    let pick = |a, b| if centred { a } else { b };
    let gammon = wg > 0.0;
    let money = ci.is_money();
    if !ci.double_pass(met).0 {
        let own = ci.owner.is_none() || ci.owner == Some(ci.mover);
        let d = if !money && own {
            pick(NoDoubleDeadCube, NoRedoubleDeadCube)
        } else {
            NotAvailable
        };
        return (d, nd);
    }
    let beaver_range = money && (-2.0..=0.0).contains(&dt) && ci.beavers;
    if dt >= nd && dp >= nd {
        if dp > dt {
            let opt = optional(dt, nd);
            let d = if beaver_range {
                if dt * 2.0 < nd {
                    NoDoubleBeaver
                } else if opt {
                    OptionalDoubleBeaver
                } else {
                    DoubleBeaver
                }
            } else if opt {
                pick(OptionalDoubleTake, OptionalRedoubleTake)
            } else {
                pick(DoubleTake, RedoubleTake)
            };
            return (d, dt);
        }
        let opt = optional(nd, dp) && gammon && (!money || !centred || !ci.jacoby);
        let d = if opt {
            pick(OptionalDoublePass, OptionalRedoublePass)
        } else {
            pick(DoublePass, RedoublePass)
        };
        return (d, dp);
    }
    let too_good_pass = if gammon {
        pick(TooGoodPass, TooGoodRedoublePass)
    } else {
        pick(DoublePass, RedoublePass)
    };
    let d = if nd > dt {
        if dt > dp {
            too_good_pass
        } else if nd > dp {
            if gammon {
                pick(TooGoodTake, TooGoodRedoubleTake)
            } else {
                pick(NoDoubleTake, NoRedoubleTake)
            }
        } else if beaver_range {
            pick(NoDoubleBeaver, NoRedoubleBeaver)
        } else {
            pick(NoDoubleTake, NoRedoubleTake)
        }
    } else {
        too_good_pass
    };
    (d, nd)
}

/// The 0-ply cube analysis of probabilities `p` (for the mover of `ci`)
/// with cube efficiency `x`, as gnubg's `cfevaluate` reports it.
pub fn cubeful_0ply(p: &Probabilities, x: f32, ci: &CubeInfo, met: &MatchEquityTable) -> CubeEval {
    analysis(ci, met, p[1], |state| janowski::cubeful(p, state, x, met))
}

/// A cube analysis from the cubeful value of a cube state (money per unit
/// of its cube, match MWC) and the mover's gammon chance `wg`: no double
/// is the state itself, double/take the doubled cube owned by the
/// opponent (money ×2), double/pass gnubg's `GetDPEq`; match play values
/// normalised to the current cube.
pub(crate) fn analysis(
    ci: &CubeInfo,
    met: &MatchEquityTable,
    wg: f32,
    value: impl Fn(&CubeInfo) -> f32,
) -> CubeEval {
    let nd = value(ci);
    let dt = value(&ci.doubled());
    let (_, dp) = ci.double_pass(met);
    let (nd, dt, dp) = if ci.is_money() {
        (nd, 2.0 * dt, dp)
    } else {
        (ci.mwc2eq(nd, met), ci.mwc2eq(dt, met), ci.mwc2eq(dp, met))
    };
    let (decision, optimal) = best_decision(nd, dt, dp, wg, ci, met);
    CubeEval {
        no_double: nd,
        double_take: dt,
        double_pass: dp,
        optimal,
        decision,
    }
}
