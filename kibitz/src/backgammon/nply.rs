//! gnubg 1.07's n-ply cubeful evaluation (`EvaluatePositionCubeful4`):
//! for each of the 21 rolls the best move by 0-ply cubeful equity, the
//! opponent's position evaluated recursively for every cube state in play
//! (each side may double at every node below the root), the results
//! averaged and turned back to the mover's view, and at each node the
//! better of no double and double (take or pass). Leaves use the caller's
//! evaluator, except finished games (exact), one-sided bearoffs (the
//! one-sided database, as gnubg) and two-sided bearoffs (the exact
//! database; in money play these are never expanded).

use super::bearoff::two_sided_equities;
use super::bearoff_one_sided::one_sided_probabilities;
use super::board::{Board, CHEQUERS};
use super::classify::PositionClass;
use super::cube::{money_equity, CubeInfo, Probabilities};
use super::cube_decision::{best_decision, CubeEval};
use super::cube_efficiency::{cube_efficiency, TWO_SIDED_X};
use super::janowski::{cubeful_match, cubeful_money};
use super::met::MatchEquityTable;

/// A position evaluator: gnubg's five outputs for the player on roll
/// (side 1) of a board, or `None` when it cannot evaluate it.
pub type Evaluator<'a> = dyn FnMut(&Board) -> Option<Probabilities> + 'a;

/// Why an n-ply evaluation failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NplyError {
    /// The caller's evaluator declined a position.
    Evaluator,
}

/// The recursion's fixed parts.
struct Ctx<'e, 'a> {
    met: &'e MatchEquityTable,
    eval: &'e mut Evaluator<'a>,
}

/// Outputs of a finished game for the player on roll (gnubg's `EvalOver`):
/// the side with no chequers left has won, a gammon if the loser has
/// borne off none, a backgammon if the loser also has a chequer on the
/// bar or in the winner's home board.
fn game_over(board: &Board) -> Probabilities {
    let lost_outputs = |loser: usize| -> (f32, f32) {
        let side = board.side(loser);
        let gammon = board.chequers(loser) == CHEQUERS;
        let backgammon = gammon && side[18..25].iter().any(|&c| c > 0);
        (f32::from(u8::from(gammon)), f32::from(u8::from(backgammon)))
    };
    if board.chequers(1) == 0 {
        let (g, bg) = lost_outputs(0);
        [1.0, g, bg, 0.0, 0.0]
    } else {
        let (g, bg) = lost_outputs(1);
        [0.0, 0.0, 0.0, g, bg]
    }
}

/// The probabilities of a board and, for two-sided bearoffs, the exact
/// money equities.
fn static_eval(
    ctx: &mut Ctx,
    board: &Board,
) -> Result<(Probabilities, Option<[f32; 4]>), NplyError> {
    match board.class() {
        PositionClass::Over => Ok((game_over(board), None)),
        PositionClass::Bearoff2 => {
            let eq = two_sided_equities(board).expect("a two-sided bearoff");
            Ok(([(eq[0] + 1.0) / 2.0, 0.0, 0.0, 0.0, 0.0], Some(eq)))
        }
        PositionClass::Bearoff1 => {
            let p = one_sided_probabilities(board).expect("a one-sided bearoff");
            Ok((p, None))
        }
        _ => (ctx.eval)(board)
            .map(|p| (p, None))
            .ok_or(NplyError::Evaluator),
    }
}

/// The leaf value of one cube state: money per unit of its cube, match MWC.
fn leaf_value(
    p: &Probabilities,
    exact: Option<&[f32; 4]>,
    s: &CubeInfo,
    x: f32,
    met: &MatchEquityTable,
) -> f32 {
    let for_owner = |eq: &[f32; 4], ci: &CubeInfo| match ci.owner {
        None => eq[2],
        Some(o) if o == ci.mover => eq[1],
        Some(_) => eq[3],
    };
    match (exact, s.is_money()) {
        (Some(eq), true) => for_owner(eq, s),
        (None, true) => cubeful_money(p, s, x, met),
        (Some(eq), false) => {
            let money = CubeInfo {
                owner: s.owner,
                mover: s.mover,
                ..CubeInfo::money(false, false)
            };
            // The efficiency that makes Janowski's money formula give the
            // exact money value, within 0..x.
            let (cl, cf) = (eq[0], cubeful_money(p, &money, 1.0, met));
            let implied = if (cl - cf).abs() > 0.0001 {
                (for_owner(eq, &money) - cl) / (cf - cl)
            } else {
                x
            };
            cubeful_match(p, s, implied.clamp(0.0, x), met)
        }
        (None, false) => cubeful_match(p, s, x, met),
    }
}

/// gnubg's `GetECF3`: the value of state `s` from its no-double value and,
/// when the mover may double, the double/take value of the doubled state.
fn best_of(s: &CubeInfo, nd: f32, dt: Option<f32>, met: &MatchEquityTable) -> f32 {
    let Some(dt) = dt else {
        return nd;
    };
    let dt = if s.is_money() { 2.0 * dt } else { dt };
    let (_, dp) = s.double_pass(met);
    if dt >= nd && dp >= nd {
        if dt >= dp {
            dp
        } else {
            dt
        }
    } else {
        nd
    }
}

/// The cube states below `states` (gnubg's `MakeCubePos`): each state,
/// and after it its doubled state when the mover may double (never at the
/// root).
fn expand(states: &[Option<CubeInfo>], top: bool, met: &MatchEquityTable) -> Vec<Option<CubeInfo>> {
    let mut out = Vec::with_capacity(2 * states.len());
    for s in states {
        out.push(*s);
        out.push(
            s.filter(|s| !top && s.double_pass(met).0)
                .map(|s| s.doubled()),
        );
    }
    out
}

/// `ci` with the other player on roll.
fn flipped(ci: &CubeInfo) -> CubeInfo {
    CubeInfo {
        mover: 1 - ci.mover,
        ..*ci
    }
}

/// Probabilities and cubeful values (per state; `None` for absent states)
/// of `board` for the player on roll, `plies` deep.
fn node(
    ctx: &mut Ctx,
    board: &Board,
    states: &[Option<CubeInfo>],
    plies: u32,
    top: bool,
    ci_move: &CubeInfo,
) -> Result<(Probabilities, Vec<Option<f32>>), NplyError> {
    let class = board.class();
    let exact_leaf = class == PositionClass::Bearoff2 && ci_move.is_money();
    let expanded = expand(states, top, ctx.met);
    let values: Vec<Option<f32>>;
    let p: Probabilities;
    if class != PositionClass::Over && plies > 0 && !exact_leaf {
        let below: Vec<Option<CubeInfo>> =
            expanded.iter().map(|s| s.map(|s| flipped(&s))).collect();
        let opp = flipped(ci_move);
        let mut acc_p = [0.0f32; 5];
        let mut acc_v = vec![0.0f32; expanded.len()];
        for d0 in 1..=6u8 {
            for d1 in 1..=d0 {
                let w: f32 = if d0 == d1 { 1.0 } else { 2.0 };
                let child = best_move(ctx, board, d0, d1, ci_move)?.swapped();
                let (cp, cv) = node(ctx, &child, &below, plies - 1, false, &opp)?;
                for (a, v) in acc_p.iter_mut().zip(cp) {
                    *a += w * v;
                }
                for (a, v) in acc_v.iter_mut().zip(&cv) {
                    if let Some(v) = v {
                        *a += w * v;
                    }
                }
            }
        }
        p = [
            1.0 - acc_p[0] / 36.0,
            acc_p[3] / 36.0,
            acc_p[4] / 36.0,
            acc_p[1] / 36.0,
            acc_p[2] / 36.0,
        ];
        values = expanded
            .iter()
            .zip(acc_v)
            .map(|(s, v)| {
                s.map(|s| {
                    if s.is_money() {
                        -v / 36.0
                    } else {
                        1.0 - v / 36.0
                    }
                })
            })
            .collect();
    } else {
        let (probs, exact) = static_eval(ctx, board)?;
        let x = if class == PositionClass::Bearoff2 {
            TWO_SIDED_X
        } else {
            cube_efficiency(board)
        };
        values = expanded
            .iter()
            .map(|s| s.map(|s| leaf_value(&probs, exact.as_ref(), &s, x, ctx.met)))
            .collect();
        p = probs;
    }
    let result = states
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let s = (*s)?;
            let nd = values[2 * i]?;
            Some(best_of(&s, nd, values[2 * i + 1], ctx.met))
        })
        .collect();
    Ok((p, result))
}

/// The board after the best move for dice `d0`, `d1` (not swapped) by
/// gnubg's 0-ply cubeful score for `ci_move`, cubeless money equity
/// breaking ties; the board itself when no move is possible.
fn best_move(
    ctx: &mut Ctx,
    board: &Board,
    d0: u8,
    d1: u8,
    ci_move: &CubeInfo,
) -> Result<Board, NplyError> {
    let moves = board.legal_moves(d0, d1);
    let opp = flipped(ci_move);
    let mut best: Option<(f32, f32, Board)> = None;
    for m in &moves {
        let child = m.result.swapped();
        let (cp, cv) = node(ctx, &child, &[Some(opp)], 0, false, &opp)?;
        let v = cv[0].expect("a present state has a value");
        let score = if ci_move.is_money() {
            -v
        } else {
            ci_move.mwc2eq(1.0 - v, ctx.met)
        };
        let score2 = -if opp.is_money() {
            money_equity(&cp)
        } else {
            opp.utility(&cp, ctx.met)
        };
        if best.map_or(true, |(s, s2, _)| score > s || (score == s && score2 > s2)) {
            best = Some((score, score2, m.result));
        }
    }
    Ok(best.map_or(*board, |(_, _, b)| b))
}

/// gnubg's n-ply cube analysis of `board` (side 1 = the mover of `ci`)
/// with `eval` at the leaves: the probabilities at the root and no
/// double, double/take, double/pass, optimum and decision as
/// [`super::cubeful_0ply`] reports them (0 plies gives the same numbers).
pub fn evaluate_cubeful(
    board: &Board,
    ci: &CubeInfo,
    met: &MatchEquityTable,
    plies: u32,
    eval: &mut Evaluator,
) -> Result<(Probabilities, CubeEval), NplyError> {
    let mut ctx = Ctx { met, eval };
    let states = [Some(*ci), Some(ci.doubled())];
    let (p, v) = node(&mut ctx, board, &states, plies, true, ci)?;
    let nd = v[0].expect("root state");
    let dt = v[1].expect("root doubled state");
    let (_, dp) = ci.double_pass(met);
    let (nd, dt, dp) = if ci.is_money() {
        (nd, 2.0 * dt, dp)
    } else {
        (ci.mwc2eq(nd, met), ci.mwc2eq(dt, met), ci.mwc2eq(dp, met))
    };
    let (decision, optimal) = best_decision(nd, dt, dp, p[1], ci, met);
    Ok((
        p,
        CubeEval {
            no_double: nd,
            double_take: dt,
            double_pass: dp,
            optimal,
            decision,
        },
    ))
}
