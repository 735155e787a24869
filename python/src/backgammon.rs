//! The backgammon functions of the extension: gnubg's position and match
//! IDs, legal moves, the 0-ply cube analysis from given probabilities,
//! the bearoff databases and `kibitz bg eval`'s cube analysis.
//!
//! Boards cross as gnubg's `[[u32; 25]; 2]` (`[0]` the opponent, `[1]` the
//! player on roll, index 24 the bar).

use kibitz::backgammon::{
    bearoff_cube_eval, bearoff_probabilities, cube_efficiency, cubeful_0ply, evaluate_cubeful,
    money_equity, two_sided_equities, BgError, Board, CubeEval, CubeInfo, GameState,
    MatchEquityTable, MatchState, PositionClass, Probabilities,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// gnubg's board: `[opponent, on roll]`, 25 counts each.
type Sides = [[u32; 25]; 2];

/// A match state as Python's `MatchState` fields: cube, owner (-1
/// centred), dice owner, Crawford, game state code, turn, doubled,
/// resigned, dice, match length, score, Jacoby.
type MatchTuple = (
    u32,
    i32,
    u8,
    bool,
    u32,
    u8,
    bool,
    u8,
    [u8; 2],
    u32,
    [u32; 2],
    bool,
);

/// A cube state as Python's `CubeInfo` fields: cube, owner (-1 centred),
/// mover, match length, score, Crawford, Jacoby, beavers.
type CubeTuple = (u32, i32, usize, u32, [u32; 2], bool, bool, bool);

/// A legal move: gnubg's text, its steps `(from, to)` and the board after
/// it with the opponent on roll.
type PlayTuple = (String, Vec<(u8, u8)>, Sides);

/// A cube analysis: no double, double/take, double/pass, optimum, gnubg's
/// decision number and its text.
type EvalTuple = (f32, f32, f32, f32, i32, &'static str);

fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

/// The board of counts given directly (not through an ID).
fn board(sides: &Sides) -> PyResult<Board> {
    Board::from_counts(sides).map_err(|e| value_error(format!("bad board: {e}")))
}

/// The board of a position ID, with the command line's message.
fn board_of_id(id: &str) -> PyResult<Board> {
    Board::from_position_id(id).map_err(|e| value_error(format!("bad position ID '{id}': {e}")))
}

/// The match state of a match ID, with the command line's message.
fn state_of_id(id: &str) -> PyResult<MatchState> {
    MatchState::from_match_id(id).map_err(|e| value_error(format!("bad match ID '{id}': {e}")))
}

fn to_tuple(s: &MatchState) -> MatchTuple {
    (
        s.cube,
        s.cube_owner.map_or(-1, i32::from),
        s.dice_owner,
        s.crawford,
        s.game_state as u32,
        s.turn,
        s.doubled,
        s.resigned,
        s.dice,
        s.match_length,
        s.score,
        s.jacoby,
    )
}

fn from_tuple(t: MatchTuple) -> PyResult<MatchState> {
    let bad = |field: &'static str| value_error(BgError::MatchState(field).to_string());
    let cube_owner = match t.1 {
        -1 => None,
        0 | 1 => Some(t.1 as u8),
        _ => return Err(bad("cube_owner")),
    };
    Ok(MatchState {
        cube: t.0,
        cube_owner,
        dice_owner: t.2,
        crawford: t.3,
        game_state: GameState::from_code(t.4).ok_or_else(|| bad("game_state"))?,
        turn: t.5,
        doubled: t.6,
        resigned: t.7,
        dice: t.8,
        match_length: t.9,
        score: t.10,
        jacoby: t.11,
    })
}

/// A checked cube state; `what` prefixes the message (the command line
/// names the match ID the state came from).
fn cube_info(t: CubeTuple, what: &str) -> PyResult<CubeInfo> {
    let owner = match t.1 {
        -1 => None,
        0 | 1 => Some(t.1 as usize),
        _ => {
            return Err(value_error(format!(
                "{what}{}",
                BgError::MatchState("cube_owner")
            )))
        }
    };
    CubeInfo {
        cube: t.0,
        owner,
        mover: t.2,
        match_to: t.3,
        score: t.4,
        crawford: t.5,
        jacoby: t.6,
        beavers: t.7,
    }
    .validated()
    .map_err(|e| value_error(format!("{what}{e}")))
}

/// The cube state `kibitz bg eval` derives from a match state: beavers
/// in money play.
fn cube_of_state(s: &MatchState) -> CubeTuple {
    (
        s.cube,
        s.cube_owner.map_or(-1, i32::from),
        usize::from(s.dice_owner),
        s.match_length,
        s.score,
        s.crawford,
        s.jacoby,
        s.is_money(),
    )
}

fn eval_tuple(e: &CubeEval) -> EvalTuple {
    (
        e.no_double,
        e.double_take,
        e.double_pass,
        e.optimal,
        e.decision.number(),
        e.decision.text(),
    )
}

/// Five probabilities, each finite and in 0..1 (as the C API checks).
fn probabilities(p: [f32; 5]) -> PyResult<Probabilities> {
    if p.iter().all(|v| v.is_finite() && (0.0..=1.0).contains(v)) {
        Ok(p)
    } else {
        Err(value_error(
            "bad probabilities: win, win gammon, win backgammon, lose gammon and lose \
             backgammon must each be 0 to 1",
        ))
    }
}

/// gnubg's position ID of a board.
#[pyfunction]
fn bg_position_id(sides: Sides) -> PyResult<String> {
    Ok(board(&sides)?.position_id())
}

/// The board of a position ID.
#[pyfunction]
fn bg_board_from_position_id(id: &str) -> PyResult<Sides> {
    Ok(board_of_id(id)?.to_counts())
}

/// Checks a board; returns it unchanged.
#[pyfunction]
fn bg_check_board(sides: Sides) -> PyResult<Sides> {
    Ok(board(&sides)?.to_counts())
}

/// gnubg's 10-byte position key.
#[pyfunction]
fn bg_position_key(sides: Sides) -> PyResult<[u8; 10]> {
    Ok(board(&sides)?.key())
}

/// The board of a 10-byte position key.
#[pyfunction]
fn bg_board_from_key(key: Vec<u8>) -> PyResult<Sides> {
    let key: [u8; 10] = key
        .try_into()
        .map_err(|_| value_error("bad position key: 10 bytes expected"))?;
    Board::from_key(&key)
        .map(|b| b.to_counts())
        .map_err(|e| value_error(format!("bad position key: {e}")))
}

/// Pip counts `[opponent, on roll]`.
#[pyfunction]
fn bg_pip_count(sides: Sides) -> PyResult<[u32; 2]> {
    Ok(board(&sides)?.pip_count())
}

/// gnubg's position class: its number and name.
#[pyfunction]
fn bg_classify(sides: Sides) -> PyResult<(i32, &'static str)> {
    let c = board(&sides)?.class();
    Ok((c.number(), c.name()))
}

/// gnubg 1.07's cube efficiency of a board (Janowski's x).
#[pyfunction]
fn bg_cube_efficiency(sides: Sides) -> PyResult<f32> {
    Ok(cube_efficiency(&board(&sides)?))
}

/// gnubg's match ID of a match state.
#[pyfunction]
fn bg_match_id(state: MatchTuple) -> PyResult<String> {
    from_tuple(state)?
        .match_id()
        .map_err(|e| value_error(e.to_string()))
}

/// The match state of a match ID.
#[pyfunction]
fn bg_match_from_id(id: &str) -> PyResult<MatchTuple> {
    Ok(to_tuple(&state_of_id(id)?))
}

/// The cube state of a match ID as `kibitz bg eval` takes it.
#[pyfunction]
fn bg_cube_info_from_match_id(id: &str) -> PyResult<CubeTuple> {
    let state = state_of_id(id)?;
    let t = cube_of_state(&state);
    cube_info(t, &format!("match ID '{id}': "))?;
    Ok(t)
}

/// Every distinct legal move of the player on roll for dice `d0`, `d1`:
/// gnubg's text, its steps `(from, to)` and the board after it with the
/// opponent on roll.
#[pyfunction]
fn bg_legal_moves(sides: Sides, d0: u8, d1: u8) -> PyResult<Vec<PlayTuple>> {
    let b = board(&sides)?;
    let list = b
        .try_legal_moves(d0, d1)
        .map_err(|e| value_error(e.to_string()))?;
    Ok(list
        .iter()
        .map(|m| {
            let steps = m.play.steps().iter().map(|s| (s.from, s.to)).collect();
            (m.play.text(&b), steps, m.result.swapped().to_counts())
        })
        .collect())
}

/// gnubg 1.07's 0-ply cube analysis (Janowski) of probabilities `p` with
/// cube efficiency `x` under a cube state.
#[pyfunction]
fn bg_cubeful_0ply(p: [f32; 5], x: f32, cube: CubeTuple) -> PyResult<EvalTuple> {
    let p = probabilities(p)?;
    if !(0.0..=1.0).contains(&x) {
        return Err(value_error(format!(
            "bad cube efficiency {x} (expected 0 to 1)"
        )));
    }
    let ci = cube_info(cube, "")?;
    let met = MatchEquityTable::default_table();
    Ok(eval_tuple(&cubeful_0ply(&p, x, &ci, met)))
}

/// gnubg's gammon prices `[gp0, gp1, bgp0, bgp1]` of a cube state.
#[pyfunction]
fn bg_gammon_prices(cube: CubeTuple) -> PyResult<[f32; 4]> {
    let ci = cube_info(cube, "")?;
    Ok(ci.gammon_prices(MatchEquityTable::default_table()))
}

/// Normalised equity to match winning chances, or back with `to_equity`
/// (match play only, as gnubg's `eq2mwc` / `mwc2eq`).
#[pyfunction]
fn bg_convert(value: f32, cube: CubeTuple, to_equity: bool) -> PyResult<f32> {
    let ci = cube_info(cube, "")?;
    if ci.is_money() {
        return Err(value_error(
            "match winning chances need a match: the match length is 0 (money play)",
        ));
    }
    let met = MatchEquityTable::default_table();
    Ok(if to_equity {
        ci.mwc2eq(value, met)
    } else {
        ci.eq2mwc(value, met)
    })
}

/// Cubeless money equity of five probabilities.
#[pyfunction]
fn bg_money_equity(p: [f32; 5]) -> PyResult<f32> {
    Ok(money_equity(&probabilities(p)?))
}

/// The message for a board that is not in the bearoff databases.
fn not_bearoff(b: &Board) -> PyErr {
    value_error(format!(
        "position {} ({}) is not a bearoff: all chequers of both sides must be on their six \
         home points",
        b.position_id(),
        b.class().name()
    ))
}

/// The bearoff databases' five probabilities of a board and, for a
/// two-sided bearoff (at most 6 chequers a side), its exact money
/// equities: cubeless, on roll owns the cube, centred, opponent owns.
#[pyfunction]
fn bg_bearoff(py: Python<'_>, sides: Sides) -> PyResult<(Probabilities, Option<[f32; 4]>)> {
    let b = board(&sides)?;
    // The databases are built at first use, which takes a few seconds.
    py.allow_threads(|| {
        let p = bearoff_probabilities(&b).ok_or_else(|| not_bearoff(&b))?;
        Ok((p, two_sided_equities(&b)))
    })
}

/// gnubg's 0-ply cube analysis of a two-sided bearoff from the exact
/// database.
#[pyfunction]
fn bg_bearoff_cube(py: Python<'_>, sides: Sides, cube: CubeTuple) -> PyResult<EvalTuple> {
    let b = board(&sides)?;
    let ci = cube_info(cube, "")?;
    let met = MatchEquityTable::default_table();
    py.allow_threads(|| bearoff_cube_eval(&b, &ci, met))
        .map(|e| eval_tuple(&e))
        .ok_or_else(|| {
            value_error(format!(
                "position {} ({}) is not a two-sided bearoff: both sides need at most 6 \
                 chequers, all home",
                b.position_id(),
                b.class().name()
            ))
        })
}

/// What `kibitz bg eval` reports: the probabilities, the cubeless equity
/// (money equity, or EMG in match play), the evaluator's name and the
/// cube analysis.
type Evaluation = (Probabilities, f32, &'static str, EvalTuple);

/// `kibitz bg eval`: the cube analysis of a position under a match ID,
/// `plies` deep. Without `evaluator` only bearoffs and finished games
/// can be evaluated, as on the command line; with it, `evaluator(sides)`
/// gives the five probabilities of the other positions.
#[pyfunction]
#[pyo3(signature = (position_id, match_id, plies, evaluator=None))]
fn bg_evaluate(
    py: Python<'_>,
    position_id: &str,
    match_id: &str,
    plies: i64,
    evaluator: Option<PyObject>,
) -> PyResult<Evaluation> {
    if !(0..=2).contains(&plies) {
        return Err(value_error(format!("bad --plies '{plies}' (0-2)")));
    }
    let b = board_of_id(position_id)?;
    let state = state_of_id(match_id)?;
    let ci = cube_info(cube_of_state(&state), &format!("match ID '{match_id}': "))?;
    let class = b.class();
    let met = MatchEquityTable::default_table();
    let built_in = matches!(
        class,
        PositionClass::Bearoff2 | PositionClass::Bearoff1 | PositionClass::Over
    );
    let needs_evaluator = || {
        value_error(format!(
            "position {position_id} ({}) needs an evaluator: Kibitz evaluates only bearoffs \
             (all chequers of both sides home) by itself; bg_evaluate_cubeful in the C library \
             takes your evaluator",
            class.name()
        ))
    };
    let result = match evaluator {
        None if !built_in => return Err(needs_evaluator()),
        None => py
            .allow_threads(|| evaluate_cubeful(&b, &ci, met, plies as u32, &mut |_| None))
            .map_err(|_| needs_evaluator())?,
        Some(f) => {
            // The first error of the evaluator ends the search and is raised.
            let mut failure: Option<PyErr> = None;
            let mut call = |pos: &Board| -> Option<Probabilities> {
                let got = f
                    .call1(py, (pos.to_counts(),))
                    .and_then(|r| r.extract::<[f32; 5]>(py))
                    .and_then(probabilities);
                got.map_err(|e| failure = Some(e)).ok()
            };
            let r = evaluate_cubeful(&b, &ci, met, plies as u32, &mut call);
            if let Some(e) = failure {
                return Err(e);
            }
            r.map_err(|_| needs_evaluator())?
        }
    };
    let (p, e) = result;
    let cubeless = if ci.is_money() {
        money_equity(&p)
    } else {
        ci.utility(&p, met)
    };
    let evaluator = match class {
        PositionClass::Bearoff2 => "exact two-sided bearoff database",
        PositionClass::Bearoff1 => "one-sided bearoff database",
        PositionClass::Over => "game over",
        _ => "your evaluator",
    };
    Ok((p, cubeless, evaluator, eval_tuple(&e)))
}

/// Adds the backgammon functions to the extension.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(bg_position_id, m)?)?;
    m.add_function(wrap_pyfunction!(bg_board_from_position_id, m)?)?;
    m.add_function(wrap_pyfunction!(bg_check_board, m)?)?;
    m.add_function(wrap_pyfunction!(bg_position_key, m)?)?;
    m.add_function(wrap_pyfunction!(bg_board_from_key, m)?)?;
    m.add_function(wrap_pyfunction!(bg_pip_count, m)?)?;
    m.add_function(wrap_pyfunction!(bg_classify, m)?)?;
    m.add_function(wrap_pyfunction!(bg_cube_efficiency, m)?)?;
    m.add_function(wrap_pyfunction!(bg_match_id, m)?)?;
    m.add_function(wrap_pyfunction!(bg_match_from_id, m)?)?;
    m.add_function(wrap_pyfunction!(bg_cube_info_from_match_id, m)?)?;
    m.add_function(wrap_pyfunction!(bg_legal_moves, m)?)?;
    m.add_function(wrap_pyfunction!(bg_cubeful_0ply, m)?)?;
    m.add_function(wrap_pyfunction!(bg_gammon_prices, m)?)?;
    m.add_function(wrap_pyfunction!(bg_convert, m)?)?;
    m.add_function(wrap_pyfunction!(bg_money_equity, m)?)?;
    m.add_function(wrap_pyfunction!(bg_bearoff, m)?)?;
    m.add_function(wrap_pyfunction!(bg_bearoff_cube, m)?)?;
    m.add_function(wrap_pyfunction!(bg_evaluate, m)?)?;
    Ok(())
}
