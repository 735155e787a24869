//! The backgammon cube C interface: match equity tables (`bg_met`), the
//! cube state (`bg_cube_info`), gammon prices and MWC/equity conversions,
//! Janowski's 0-ply cubeful equities with gnubg's cube decisions, and the
//! cube efficiency of a position (evaluations: [`super::eval`]). A NULL `bg_met` means the default
//! table (Kazaross XG2, extended to 64 points as gnubg 1.07 does).

use std::os::raw::{c_char, c_int, c_uint};

use super::{guard, read_board, BG_ERR_BUFFER, BG_ERR_MATCH_STATE, BG_ERR_NULL};
use crate::boundary::boundary;
use crate::c_string::write_c_string_raw;
use kibitz::backgammon::{
    cube_efficiency, cubeful_0ply, met_from_xml, money_equity, mwc, CubeDecision, CubeInfo,
    MatchEquityTable, Probabilities,
};

/// A match equity table file is malformed (see the error text it gave).
pub const BG_ERR_MET: c_int = -12;
/// Probabilities are not finite numbers in 0..1.
pub const BG_ERR_PROBABILITIES: c_int = -13;
/// A number is out of range (cube efficiency, decision code, away value).
pub const BG_ERR_VALUE: c_int = -14;
/// The longest match a table covers (gnubg's MAXSCORE).
pub const BG_MET_MAX_AWAY: c_int = 64;
/// Longest text of a cube decision, with its NUL.
pub const BG_CUBE_DECISION_TEXT_LEN: c_int = 40;

/// gnubg's cube decision: double, take.
pub const BG_DOUBLE_TAKE: c_int = 0;
/// Double, pass.
pub const BG_DOUBLE_PASS: c_int = 1;
/// No double, take.
pub const BG_NODOUBLE_TAKE: c_int = 2;
/// Too good to double, take.
pub const BG_TOOGOOD_TAKE: c_int = 3;
/// Too good to double, pass.
pub const BG_TOOGOOD_PASS: c_int = 4;
/// Double, beaver.
pub const BG_DOUBLE_BEAVER: c_int = 5;
/// No double, beaver.
pub const BG_NODOUBLE_BEAVER: c_int = 6;
/// Redouble, take.
pub const BG_REDOUBLE_TAKE: c_int = 7;
/// Redouble, pass.
pub const BG_REDOUBLE_PASS: c_int = 8;
/// No redouble, take.
pub const BG_NO_REDOUBLE_TAKE: c_int = 9;
/// Too good to redouble, take.
pub const BG_TOOGOODRE_TAKE: c_int = 10;
/// Too good to redouble, pass.
pub const BG_TOOGOODRE_PASS: c_int = 11;
/// No redouble, beaver.
pub const BG_NO_REDOUBLE_BEAVER: c_int = 12;
/// Never double, take (dead cube, match play).
pub const BG_NODOUBLE_DEADCUBE: c_int = 13;
/// Never redouble, take (dead cube, match play).
pub const BG_NO_REDOUBLE_DEADCUBE: c_int = 14;
/// The cube is not available to the player on roll.
pub const BG_NOT_AVAILABLE: c_int = 15;
/// Optional double, take.
pub const BG_OPTIONAL_DOUBLE_TAKE: c_int = 16;
/// Optional redouble, take.
pub const BG_OPTIONAL_REDOUBLE_TAKE: c_int = 17;
/// Optional double, beaver.
pub const BG_OPTIONAL_DOUBLE_BEAVER: c_int = 18;
/// Optional double, pass.
pub const BG_OPTIONAL_DOUBLE_PASS: c_int = 19;
/// Optional redouble, pass.
pub const BG_OPTIONAL_REDOUBLE_PASS: c_int = 20;

/// An opaque match equity table.
pub struct bg_met {
    table: MatchEquityTable,
}

/// A cube state, as gnubg's `cubeinfo`: equities are for player `move`,
/// who is on roll (the board's side 1).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct bg_cube_info {
    /// Cube value: 1, 2, 4, ... 32768.
    pub cube: c_int,
    /// Cube owner: -1 centred, 0 or 1.
    pub cube_owner: c_int,
    /// The player on roll, whose equities are computed (0 or 1).
    pub r#move: c_int,
    /// Match length (1..64), 0 for money play.
    pub match_to: c_int,
    /// Scores of players 0 and 1 (below `match_to`; 0 for money play).
    pub score: [c_int; 2],
    /// 1 in the Crawford game (a player 1-away), else 0.
    pub crawford: c_int,
    /// 1 if the Jacoby rule is on (money play), else 0.
    pub jacoby: c_int,
    /// 1 if beavers are allowed (money play), else 0.
    pub beavers: c_int,
}

/// A 0-ply cube analysis: equities per unit of the current cube (money)
/// or normalised money equities (match play, gnubg's EMG), as gnubg
/// shows them, and gnubg's decision (one of the BG_* decision codes).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct bg_cube_eval {
    /// No double.
    pub no_double: f32,
    /// Double, take.
    pub double_take: f32,
    /// Double, pass.
    pub double_pass: f32,
    /// The equity of the best cube action.
    pub optimal: f32,
    /// gnubg's cube decision (BG_DOUBLE_TAKE ... BG_OPTIONAL_REDOUBLE_PASS).
    pub decision: c_int,
}

/// The table of a C handle (NULL: the default).
///
/// # Safety
/// `met` is NULL or a live handle.
pub(super) unsafe fn table<'a>(met: *const bg_met) -> &'a MatchEquityTable {
    match met.as_ref() {
        Some(m) => &m.table,
        None => MatchEquityTable::default_table(),
    }
}

/// Reads and checks a C cube state.
///
/// # Safety
/// `ci` is NULL or points to a `bg_cube_info`.
pub(super) unsafe fn read_cube_info(ci: *const bg_cube_info) -> Result<CubeInfo, c_int> {
    let c = ci.as_ref().ok_or(BG_ERR_NULL)?;
    let flag = |v: c_int| match v {
        0 => Ok(false),
        1 => Ok(true),
        _ => Err(BG_ERR_MATCH_STATE),
    };
    let count = |v: c_int| u32::try_from(v).map_err(|_| BG_ERR_MATCH_STATE);
    let owner = match c.cube_owner {
        -1 => None,
        0 | 1 => Some(c.cube_owner as usize),
        _ => return Err(BG_ERR_MATCH_STATE),
    };
    if !(0..=1).contains(&c.r#move) {
        return Err(BG_ERR_MATCH_STATE);
    }
    CubeInfo {
        cube: count(c.cube)?,
        owner,
        mover: c.r#move as usize,
        match_to: count(c.match_to)?,
        score: [count(c.score[0])?, count(c.score[1])?],
        crawford: flag(c.crawford)?,
        jacoby: flag(c.jacoby)?,
        beavers: flag(c.beavers)?,
    }
    .validated()
    .map_err(|_| BG_ERR_MATCH_STATE)
}

/// Reads and checks five probabilities.
///
/// # Safety
/// `p` is NULL or points to 5 floats.
unsafe fn read_probabilities(p: *const f32) -> Result<Probabilities, c_int> {
    if p.is_null() {
        return Err(BG_ERR_NULL);
    }
    let mut out: Probabilities = [0.0; 5];
    out.copy_from_slice(std::slice::from_raw_parts(p, 5));
    if out.iter().all(|v| v.is_finite() && (0.0..=1.0).contains(v)) {
        Ok(out)
    } else {
        Err(BG_ERR_PROBABILITIES)
    }
}

/// Runs `f` behind the panic boundary, giving NaN on an error or a panic.
fn guard_f32(f: impl FnOnce() -> Result<f32, c_int>) -> f32 {
    boundary(f32::NAN, || f().unwrap_or(f32::NAN))
}

/// The default match equity table: Kazaross XG2 (© 2011 Neil Kazaross),
/// extended to 64 points as gnubg 1.07 extends it. Never NULL; do not free.
#[no_mangle]
pub extern "C" fn bg_met_default() -> *const bg_met {
    // The same table as MatchEquityTable::default_table, in a handle.
    static DEFAULT: once_cell::sync::Lazy<bg_met> = once_cell::sync::Lazy::new(|| bg_met {
        table: MatchEquityTable::default_table().clone(),
    });
    boundary(std::ptr::null(), || &*DEFAULT as *const bg_met)
}

/// Reads a match equity table in gnubg's XML format (the text of a
/// `met/*.xml` file; explicit tables and `zadeh` parametric ones). Returns
/// a table to free with `bg_met_free`, or NULL on error with a message
/// (truncated to fit) and its NUL in `err` if `err` is not NULL and
/// `errlen` > 0.
///
/// # Safety
/// `xml` is NULL or a NUL-terminated string; `err` is NULL or points to
/// `errlen` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn bg_met_from_xml(
    xml: *const c_char,
    err: *mut c_char,
    errlen: c_int,
) -> *mut bg_met {
    let result = boundary(Err("internal error".to_string()), || {
        if xml.is_null() {
            return Err("the XML text is NULL".to_string());
        }
        let text = std::ffi::CStr::from_ptr(xml)
            .to_str()
            .map_err(|_| "the XML text is not UTF-8".to_string())?;
        met_from_xml(text).map_err(|e| e.0)
    });
    match result {
        Ok(table) => Box::into_raw(Box::new(bg_met { table })),
        Err(msg) => {
            if errlen > 0 {
                write_c_string_raw(err, errlen as usize, &msg);
            }
            std::ptr::null_mut()
        }
    }
}

/// Frees a table from `bg_met_from_xml`; NULL and the default table are
/// ignored.
///
/// # Safety
/// `met` is NULL, the default table, or a live handle from
/// `bg_met_from_xml`, not used again.
#[no_mangle]
pub unsafe extern "C" fn bg_met_free(met: *mut bg_met) {
    if !met.is_null() && !std::ptr::eq(met, bg_met_default()) {
        boundary((), || drop(Box::from_raw(met)));
    }
}

/// Pre-Crawford match winning chance of a player `away0` points from
/// winning against an opponent `away1` away (1..64 each). Returns NaN if
/// an away value is outside 1..64.
///
/// # Safety
/// `met` is NULL (the default) or a live handle.
#[no_mangle]
pub unsafe extern "C" fn bg_met_pre(met: *const bg_met, away0: c_int, away1: c_int) -> f32 {
    guard_f32(|| {
        let ok = 1..=BG_MET_MAX_AWAY;
        if !ok.contains(&away0) || !ok.contains(&away1) {
            return Err(BG_ERR_VALUE);
        }
        Ok(table(met).pre(away0, away1))
    })
}

/// Post-Crawford match winning chance of player 0 `away` points from
/// winning (1..64) against an opponent 1-away. Returns NaN if `away` is
/// outside 1..64.
///
/// # Safety
/// `met` is NULL (the default) or a live handle.
#[no_mangle]
pub unsafe extern "C" fn bg_met_post(met: *const bg_met, away: c_int) -> f32 {
    guard_f32(|| {
        if !(1..=BG_MET_MAX_AWAY).contains(&away) {
            return Err(BG_ERR_VALUE);
        }
        Ok(table(met).post(0, away))
    })
}

/// gnubg's gammon prices for the cube state, from player 0's view:
/// `out` = {gammon price 0, gammon price 1, backgammon price 0,
/// backgammon price 1} (money: all 1, or all 0 under Jacoby with a centred
/// cube). Returns 0, or BG_ERR_NULL / BG_ERR_MATCH_STATE with nothing
/// written.
///
/// # Safety
/// `ci` is NULL or points to a `bg_cube_info`; `met` is NULL or a live
/// handle; `out` is NULL or points to 4 writable floats.
#[no_mangle]
pub unsafe extern "C" fn bg_gammon_prices(
    ci: *const bg_cube_info,
    met: *const bg_met,
    out: *mut f32,
) -> c_int {
    guard(|| {
        let ci = read_cube_info(ci)?;
        if out.is_null() {
            return Err(BG_ERR_NULL);
        }
        let gp = ci.gammon_prices(table(met));
        std::ptr::copy_nonoverlapping(gp.as_ptr(), out, 4);
        Ok(())
    })
}

/// Cubeless money equity of gnubg's five probabilities (win, win gammon,
/// win backgammon, lose gammon, lose backgammon), gammons and backgammons
/// at face value. Returns NaN for NULL or probabilities outside 0..1.
///
/// # Safety
/// `p` is NULL or points to 5 floats.
#[no_mangle]
pub unsafe extern "C" fn bg_money_equity(p: *const f32) -> f32 {
    guard_f32(|| Ok(money_equity(&read_probabilities(p)?)))
}

/// Cubeless match winning chance of player `move` with probabilities `p`
/// at the cube state (money play: the cubeless equity with the state's
/// gammon prices). Returns NaN on a NULL pointer or invalid input.
///
/// # Safety
/// `p` is NULL or points to 5 floats; `ci` is NULL or points to a
/// `bg_cube_info`; `met` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn bg_mwc(p: *const f32, ci: *const bg_cube_info, met: *const bg_met) -> f32 {
    guard_f32(|| {
        let p = read_probabilities(p)?;
        let ci = read_cube_info(ci)?;
        Ok(mwc(&p, &ci, table(met)))
    })
}

/// Converts a normalised money equity of player `move` (±1 = winning or
/// losing the current cube) to a match winning chance (gnubg's eq2mwc).
/// Returns NaN for money play, a NULL `ci` or an invalid state.
///
/// # Safety
/// `ci` is NULL or points to a `bg_cube_info`; `met` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn bg_eq2mwc(eq: f32, ci: *const bg_cube_info, met: *const bg_met) -> f32 {
    guard_f32(|| {
        let ci = read_cube_info(ci)?;
        if ci.is_money() {
            return Err(BG_ERR_MATCH_STATE);
        }
        Ok(ci.eq2mwc(eq, table(met)))
    })
}

/// Converts a match winning chance of player `move` to normalised money
/// equity (gnubg's mwc2eq, "EMG"). Returns NaN for money play, a NULL
/// `ci` or an invalid state.
///
/// # Safety
/// `ci` is NULL or points to a `bg_cube_info`; `met` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn bg_mwc2eq(mwc: f32, ci: *const bg_cube_info, met: *const bg_met) -> f32 {
    guard_f32(|| {
        let ci = read_cube_info(ci)?;
        if ci.is_money() {
            return Err(BG_ERR_MATCH_STATE);
        }
        Ok(ci.mwc2eq(mwc, table(met)))
    })
}

/// gnubg 1.07's 0-ply cube analysis (Janowski) of probabilities `p` for
/// player `move` with cube efficiency `x` (0..1; see
/// `bg_cube_efficiency`): no double, double/take, double/pass, the best of
/// them and gnubg's decision, in `out`. Returns 0, or BG_ERR_NULL,
/// BG_ERR_PROBABILITIES, BG_ERR_MATCH_STATE or BG_ERR_VALUE (x) with
/// nothing written.
///
/// # Safety
/// `p` is NULL or points to 5 floats; `ci` is NULL or points to a
/// `bg_cube_info`; `met` is NULL or a live handle; `out` is NULL or points
/// to a writable `bg_cube_eval`.
#[no_mangle]
pub unsafe extern "C" fn bg_cubeful_0ply(
    p: *const f32,
    x: f32,
    ci: *const bg_cube_info,
    met: *const bg_met,
    out: *mut bg_cube_eval,
) -> c_int {
    guard(|| {
        let p = read_probabilities(p)?;
        let ci = read_cube_info(ci)?;
        if out.is_null() {
            return Err(BG_ERR_NULL);
        }
        if !(0.0..=1.0).contains(&x) {
            return Err(BG_ERR_VALUE);
        }
        *out = to_c_eval(&cubeful_0ply(&p, x, &ci, table(met)));
        Ok(())
    })
}

/// Writes gnubg 1.07's wording of cube decision `decision` (e.g. "No
/// double, take"; BG_NOT_AVAILABLE gives "Unknown cube decision") and a
/// NUL to `buf` of `len` bytes (BG_CUBE_DECISION_TEXT_LEN suffices).
/// Returns 0, or BG_ERR_NULL, BG_ERR_VALUE (unknown decision) or
/// BG_ERR_BUFFER with nothing written.
///
/// # Safety
/// `buf` is NULL or points to `len` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn bg_cube_decision_text(
    decision: c_int,
    buf: *mut c_char,
    len: c_int,
) -> c_int {
    guard(|| {
        let d = CubeDecision::from_number(decision).ok_or(BG_ERR_VALUE)?;
        if buf.is_null() {
            return Err(BG_ERR_NULL);
        }
        let text = d.text();
        if usize::try_from(len).map_or(true, |l| l < text.len() + 1) {
            return Err(BG_ERR_BUFFER);
        }
        write_c_string_raw(buf, text.len() + 1, text);
        Ok(())
    })
}

/// gnubg 1.07's cube efficiency of `board` (side 1 on roll) for
/// Janowski's formula: 0.68 contact and crashed, 0.6 bearoffs, races
/// 0.55 + 0.00125 × pips of the player on roll within 0.6..0.7, 0 when the
/// game is over. Returns NaN for NULL or an invalid board.
///
/// # Safety
/// `board` is NULL or points to `unsigned int [2][25]`.
#[no_mangle]
pub unsafe extern "C" fn bg_cube_efficiency(board: *const [c_uint; 25]) -> f32 {
    guard_f32(|| Ok(cube_efficiency(&read_board(board)?)))
}

/// The C form of a cube analysis.
pub(super) fn to_c_eval(e: &kibitz::backgammon::CubeEval) -> bg_cube_eval {
    bg_cube_eval {
        no_double: e.no_double,
        double_take: e.double_take,
        double_pass: e.double_pass,
        optimal: e.optimal,
        decision: e.decision.number(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CStr;

    #[test]
    fn met_handles() {
        unsafe {
            assert_eq!(bg_met_pre(std::ptr::null(), 1, 2), 0.67736);
            assert_eq!(bg_met_pre(bg_met_default(), 2, 1), 0.32264);
            assert!(bg_met_pre(std::ptr::null(), 0, 1).is_nan());
            assert!(bg_met_post(std::ptr::null(), 65).is_nan());
            let mut err = [0 as c_char; 64];
            let bad = CStr::from_bytes_with_nul(b"<met>\0").unwrap();
            let m = bg_met_from_xml(bad.as_ptr(), err.as_mut_ptr(), 64);
            assert!(m.is_null());
            let msg = CStr::from_ptr(err.as_ptr()).to_str().unwrap();
            assert_eq!(msg, "the file ends inside <met>");
            bg_met_free(bg_met_default() as *mut bg_met);
            bg_met_free(std::ptr::null_mut());
        }
    }

    #[test]
    fn cube_analysis_of_the_opening() {
        // Reference notes: opening, money, Jacoby, x = 0.68.
        let p = [0.5215138f32, 0.1539212, 0.0075633, 0.1298473, 0.0075457];
        let ci = bg_cube_info {
            cube: 1,
            cube_owner: -1,
            jacoby: 1,
            ..Default::default()
        };
        let mut out = bg_cube_eval::default();
        let rc = unsafe { bg_cubeful_0ply(p.as_ptr(), 0.68, &ci, std::ptr::null(), &mut out) };
        assert_eq!(rc, 0);
        assert!((out.no_double - 0.0843765).abs() < 1e-6);
        assert!((out.double_take + 0.1911321).abs() < 1e-6);
        assert_eq!(out.decision, BG_NODOUBLE_TAKE);
        let mut buf = [0 as c_char; 40];
        let rc = unsafe { bg_cube_decision_text(out.decision, buf.as_mut_ptr(), 40) };
        assert_eq!(rc, 0);
        let text = unsafe { CStr::from_ptr(buf.as_ptr()) };
        assert_eq!(text.to_str().unwrap(), "No double, take");
        let bad = bg_cube_info { cube: 3, ..ci };
        let rc = unsafe { bg_cubeful_0ply(p.as_ptr(), 0.68, &bad, std::ptr::null(), &mut out) };
        assert_eq!(rc, BG_ERR_MATCH_STATE);
        assert_eq!(
            unsafe { bg_cube_decision_text(21, buf.as_mut_ptr(), 40) },
            BG_ERR_VALUE
        );
    }
}
