//! The `score` functions of the extension: chess-engine search scores on
//! a scale (`(mate, max_ply, known_win, eval_limit)`), their UCI text and
//! band, transposition-table form, draw scores, packing, integrated
//! values and the MTD(f) and target drivers over a Python callable.

use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};

use kibitz::score::ibv::{ibv_force_exact, ibv_force_lower};
use kibitz::score::{
    eg, ibv_exact, ibv_kind, ibv_lower, ibv_upper, ibv_value, make_pair, mg, mtdf, target_search,
    BitField, DrawRule, IbvKind, Score, ScoreScale, Side,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// A scale's four numbers.
type ScaleTuple = (i32, i32, i32, i32);

/// The scale of four numbers, if they follow the rules of `ScoreScale`.
fn scale(t: ScaleTuple) -> PyResult<ScoreScale> {
    ScoreScale::new(t.0, t.1, t.2, t.3)
        .map_err(|e| PyValueError::new_err(format!("bad scale: {e}")))
}

/// A bit field of `bits` bits (2 to 32).
fn field(bits: i64) -> PyResult<BitField> {
    u32::try_from(bits)
        .ok()
        .and_then(BitField::new)
        .ok_or_else(|| {
            PyValueError::new_err(format!("bad field width {bits} (expected 2 to 32 bits)"))
        })
}

/// Checks a scale.
#[pyfunction]
fn score_check_scale(sc: ScaleTuple) -> PyResult<()> {
    scale(sc).map(|_| ())
}

/// `mate - ply`, `ply` saturated to `0..=max_ply`.
#[pyfunction]
fn score_mate_in(sc: ScaleTuple, ply: i32) -> PyResult<i32> {
    Ok(scale(sc)?.mate_in(ply).get())
}

/// `-mate + ply`, `ply` saturated to `0..=max_ply`.
#[pyfunction]
fn score_mated_in(sc: ScaleTuple, ply: i32) -> PyResult<i32> {
    Ok(scale(sc)?.mated_in(ply).get())
}

/// Stockfish's table-base win found at `ply`.
#[pyfunction]
fn score_tb_win_in(sc: ScaleTuple, ply: i32) -> PyResult<i32> {
    Ok(scale(sc)?.tb_win_in(ply).get())
}

/// Stockfish's table-base loss found at `ply`.
#[pyfunction]
fn score_tb_loss_in(sc: ScaleTuple, ply: i32) -> PyResult<i32> {
    Ok(scale(sc)?.tb_loss_in(ply).get())
}

/// A recognised win `known_win + bonus`, saturated into its band.
#[pyfunction]
fn score_known_win_by(sc: ScaleTuple, bonus: i32) -> PyResult<i32> {
    Ok(scale(sc)?.known_win_by(bonus).get())
}

/// A heuristic value saturated to `±eval_limit`.
#[pyfunction]
fn score_eval(sc: ScaleTuple, v: i32) -> PyResult<i32> {
    Ok(scale(sc)?.eval(v).get())
}

/// `(is_mate, is_win, is_loss, is_known_win)` of a score.
#[pyfunction]
fn score_kinds(sc: ScaleTuple, s: i32) -> PyResult<(bool, bool, bool, bool)> {
    let sc = scale(sc)?;
    let s = Score::new(s);
    Ok((
        sc.is_mate(s),
        sc.is_win(s),
        sc.is_loss(s),
        sc.is_known_win(s),
    ))
}

/// The UCI `mate N` of a mate score, `None` for other scores.
#[pyfunction]
fn score_mate_moves(sc: ScaleTuple, s: i32) -> PyResult<Option<i32>> {
    Ok(scale(sc)?.mate_moves(Score::new(s)))
}

/// The UCI text of a score (`None` beyond `±mate`) and its band, as
/// `kibitz score show` prints them; `pawn` is at least 1.
#[pyfunction]
fn score_show(sc: ScaleTuple, s: i32, pawn: i32) -> PyResult<(i32, Option<String>, String)> {
    let sc = scale(sc)?;
    let s = Score::new(s);
    Ok((s.get(), sc.to_uci(s, pawn), sc.band(s).to_string()))
}

/// The value a transposition table stores for `s` found at `ply`.
#[pyfunction]
fn score_to_tt(sc: ScaleTuple, s: i32, ply: i32) -> PyResult<i32> {
    Ok(scale(sc)?.to_tt(Score::new(s), ply).get())
}

/// The score read back from table value `s` at `ply`, `rule50` plies
/// after the last capture or pawn move (negative: no 50-move guard).
#[pyfunction]
fn score_from_tt(sc: ScaleTuple, s: i32, ply: i32, rule50: i32) -> PyResult<i32> {
    Ok(scale(sc)?.from_tt(Score::new(s), ply, rule50).get())
}

/// The score of a draw `ply` plies from the root for the side to move
/// there (the root side or its opponent), with contempt, and with Cray
/// Blitz's ply bonus when `by_ply`.
#[pyfunction]
fn score_draw(sc: ScaleTuple, ply: i32, contempt: i32, root: bool, by_ply: bool) -> PyResult<i32> {
    let rule = if by_ply {
        DrawRule::Ply(contempt)
    } else if contempt == 0 {
        DrawRule::Zero
    } else {
        DrawRule::Contempt(contempt)
    };
    let side = if root { Side::Root } else { Side::Opponent };
    Ok(scale(sc)?.draw(rule, ply, side).get())
}

/// Stockfish 15.1's draw jitter of a node counter: -1 or +1.
#[pyfunction]
fn score_draw_jitter(nodes: u64) -> i32 {
    kibitz::score::draw::draw_jitter(nodes).get()
}

/// `s` rounded to a multiple of `2^bits`, decisive scores unchanged.
#[pyfunction]
fn score_grain(sc: ScaleTuple, s: i32, bits: i32) -> PyResult<i32> {
    Ok(scale(sc)?.grain(Score::new(s), bits).get())
}

/// The window narrowed by mate distance at `ply`.
#[pyfunction]
fn score_mate_distance_window(
    sc: ScaleTuple,
    alpha: i32,
    beta: i32,
    ply: i32,
) -> PyResult<(i32, i32)> {
    let (a, b) = scale(sc)?.mate_distance_window(Score::new(alpha), Score::new(beta), ply);
    Ok((a.get(), b.get()))
}

/// `v` saturated into a two's complement field of `bits` bits.
#[pyfunction]
fn score_pack(v: i32, bits: i64) -> PyResult<u32> {
    Ok(field(bits)?.pack(v))
}

/// The sign-extended value of a `bits`-bit field.
#[pyfunction]
fn score_unpack(u: u32, bits: i64) -> PyResult<i32> {
    Ok(field(bits)?.unpack(u))
}

/// `v` saturated and stored with offset `2^(bits-1)`.
#[pyfunction]
fn score_pack_offset(v: i32, bits: i64) -> PyResult<u32> {
    Ok(field(bits)?.pack_offset(v))
}

/// The value of an offset field of `bits` bits.
#[pyfunction]
fn score_unpack_offset(u: u32, bits: i64) -> PyResult<i32> {
    Ok(field(bits)?.unpack_offset(u))
}

/// Stockfish's packed midgame/endgame pair.
#[pyfunction]
fn score_make_pair(mg_half: i32, eg_half: i32) -> i32 {
    make_pair(mg_half, eg_half)
}

/// The halves `(mg, eg)` of a packed pair.
#[pyfunction]
fn score_split_pair(pair: i32) -> (i32, i32) {
    (mg(pair), eg(pair))
}

/// Beal's integrated value of `n` of a kind: exact, lower or upper.
#[pyfunction]
fn score_ibv(kind: &str, n: i32) -> PyResult<i32> {
    match kind {
        "exact" => Ok(ibv_exact(n)),
        "lower" => Ok(ibv_lower(n)),
        "upper" => Ok(ibv_upper(n)),
        _ => Err(PyValueError::new_err(format!(
            "bad bound kind '{kind}' (expected exact, lower or upper)"
        ))),
    }
}

/// What an integrated value says: its value and kind (`None` for `4n+2`).
#[pyfunction]
fn score_ibv_read(x: i32) -> (i32, Option<&'static str>) {
    let kind = match ibv_kind(x) {
        IbvKind::Exact => Some("exact"),
        IbvKind::Lower => Some("lower"),
        IbvKind::Upper => Some("upper"),
        IbvKind::Invalid => None,
    };
    (ibv_value(x), kind)
}

/// Beal's `forceExact` and `forceLB` of an integrated value.
#[pyfunction]
fn score_ibv_force(x: i32) -> (i32, i32) {
    (ibv_force_exact(x), ibv_force_lower(x))
}

/// The unwinding payload that ends a driver when the callable raised.
struct CallableFailed;

/// Runs a driver that calls Python; the first exception of the callable
/// stops the driver at once (by unwinding, which no panic hook sees) and
/// is raised.
fn drive<T>(run: impl FnOnce(&mut dyn FnMut(PyErr)) -> T) -> PyResult<T> {
    let mut failure: Option<PyErr> = None;
    let result = catch_unwind(AssertUnwindSafe(|| {
        run(&mut |e: PyErr| {
            failure = Some(e);
            resume_unwind(Box::new(CallableFailed));
        })
    }));
    match result {
        Ok(v) => Ok(v),
        Err(payload) => match failure {
            Some(e) => Err(e),
            None => resume_unwind(payload),
        },
    }
}

/// MTD(f) from `first_guess` over the zero-window search `zw(beta)`;
/// `(value, passes)`.
#[pyfunction]
fn score_mtdf(
    py: Python<'_>,
    first_guess: i32,
    step_bonus: i32,
    zw: PyObject,
) -> PyResult<(i32, u32)> {
    let m = drive(|fail| {
        mtdf(first_guess, step_bonus, |beta| {
            let g = zw.call1(py, (beta,)).and_then(|g| g.extract::<i32>(py));
            match g {
                Ok(g) => g,
                Err(e) => {
                    // `fail` unwinds: this value is never used.
                    fail(e);
                    beta
                }
            }
        })
    })?;
    Ok((m.value, m.passes))
}

/// The value in `0..=n` from the yes/no test `reaches(target)`, targets
/// stepping from `first_guess`; `(value, tests)`.
#[pyfunction]
fn score_target_search(
    py: Python<'_>,
    n: u32,
    first_guess: u32,
    reaches: PyObject,
) -> PyResult<(u32, u32)> {
    let t = drive(|fail| {
        target_search(n, first_guess, |target| {
            let yes = reaches
                .call1(py, (target,))
                .and_then(|r| r.bind(py).is_truthy());
            match yes {
                Ok(yes) => yes,
                Err(e) => {
                    // `fail` unwinds: this value is never used.
                    fail(e);
                    false
                }
            }
        })
    })?;
    Ok((t.value, t.tests))
}

/// Adds the score functions to the extension.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(score_check_scale, m)?)?;
    m.add_function(wrap_pyfunction!(score_mate_in, m)?)?;
    m.add_function(wrap_pyfunction!(score_mated_in, m)?)?;
    m.add_function(wrap_pyfunction!(score_tb_win_in, m)?)?;
    m.add_function(wrap_pyfunction!(score_tb_loss_in, m)?)?;
    m.add_function(wrap_pyfunction!(score_known_win_by, m)?)?;
    m.add_function(wrap_pyfunction!(score_eval, m)?)?;
    m.add_function(wrap_pyfunction!(score_kinds, m)?)?;
    m.add_function(wrap_pyfunction!(score_mate_moves, m)?)?;
    m.add_function(wrap_pyfunction!(score_show, m)?)?;
    m.add_function(wrap_pyfunction!(score_to_tt, m)?)?;
    m.add_function(wrap_pyfunction!(score_from_tt, m)?)?;
    m.add_function(wrap_pyfunction!(score_draw, m)?)?;
    m.add_function(wrap_pyfunction!(score_draw_jitter, m)?)?;
    m.add_function(wrap_pyfunction!(score_grain, m)?)?;
    m.add_function(wrap_pyfunction!(score_mate_distance_window, m)?)?;
    m.add_function(wrap_pyfunction!(score_pack, m)?)?;
    m.add_function(wrap_pyfunction!(score_unpack, m)?)?;
    m.add_function(wrap_pyfunction!(score_pack_offset, m)?)?;
    m.add_function(wrap_pyfunction!(score_unpack_offset, m)?)?;
    m.add_function(wrap_pyfunction!(score_make_pair, m)?)?;
    m.add_function(wrap_pyfunction!(score_split_pair, m)?)?;
    m.add_function(wrap_pyfunction!(score_ibv, m)?)?;
    m.add_function(wrap_pyfunction!(score_ibv_read, m)?)?;
    m.add_function(wrap_pyfunction!(score_ibv_force, m)?)?;
    m.add_function(wrap_pyfunction!(score_mtdf, m)?)?;
    m.add_function(wrap_pyfunction!(score_target_search, m)?)?;
    Ok(())
}
