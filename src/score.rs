//! The C interface of `kibitz::score` (`include/kibitz/score.h`, prefix
//! `score_`). Scores are `int`s from the side to move's point of view;
//! every function is defined for every input: numbers saturate as
//! documented, invalid choices (a bad side, a bad width, a NULL pointer)
//! give the error value each function names. Nothing here panics across
//! the boundary: each body runs behind the crate's panic boundary.

use std::os::raw::{c_char, c_int, c_void};

use crate::boundary::boundary;
use crate::c_string::write_c_string_raw;
use kibitz::score::value::ScoreScale as Scale;
use kibitz::score::{ibv, pair, BitField, DrawRule, IbvKind, Score, Side};

/// `VALUE_MATE` of the default (Stockfish 15.1) scale: mate now.
pub const SCORE_MATE: c_int = 32000;
/// `MAX_PLY` of the default scale.
pub const SCORE_MAX_PLY: c_int = 246;
/// `VALUE_MATE_IN_MAX_PLY`: the lowest mate score.
pub const SCORE_MATE_IN_MAX_PLY: c_int = 31754;
/// `VALUE_TB_WIN_IN_MAX_PLY`: the lowest decisive (table-base) win.
pub const SCORE_TB_WIN_IN_MAX_PLY: c_int = 31508;
/// `VALUE_KNOWN_WIN`: the lowest recognised win.
pub const SCORE_KNOWN_WIN: c_int = 10000;
/// Heuristic values saturate at this magnitude (30 pawns in centipawns).
pub const SCORE_EVAL_LIMIT: c_int = 3000;
/// `VALUE_INFINITE`.
pub const SCORE_INFINITE: c_int = 32001;
/// `VALUE_NONE`: "no score"; also the error value of the functions that
/// return a score.
pub const SCORE_NONE: c_int = 32002;
/// The draw score.
pub const SCORE_DRAW: c_int = 0;
/// Internal value of a pawn in Stockfish 15.1 (`NormalizeToPawnValue`),
/// for `score_to_uci`.
pub const SCORE_SF15_PAWN: c_int = 361;

/// `score_draw`: the root side is to move at the drawn node.
pub const SCORE_SIDE_ROOT: c_int = 0;
/// `score_draw`: the opponent is to move at the drawn node.
pub const SCORE_SIDE_OPPONENT: c_int = 1;
/// `score_draw`: OR into `side` for Cray Blitz's ply-based draw score.
pub const SCORE_DRAW_BY_PLY: c_int = 2;

/// `score_ibv_kind`: an exact value.
pub const SCORE_IBV_EXACT: c_int = 0;
/// `score_ibv_kind`: a lower bound ("at least").
pub const SCORE_IBV_LOWER: c_int = 1;
/// `score_ibv_kind`: an upper bound ("at most").
pub const SCORE_IBV_UPPER: c_int = 2;
/// `score_ibv_kind`: not an integrated value (`4n + 2`).
pub const SCORE_IBV_INVALID: c_int = -1;

/// Error: a NULL pointer.
pub const SCORE_ERR_NULL: c_int = -1;
/// Error: the output buffer is too small.
pub const SCORE_ERR_SPACE: c_int = -2;
/// Error: a value out of its documented range (or an invalid scale).
pub const SCORE_ERR_RANGE: c_int = -3;
/// Error: an internal fault (a caught panic).
pub const SCORE_ERR_INTERNAL: c_int = -4;

/// `score_pack` / `score_pack_offset` with a width outside 2..32 (never a
/// valid field of a narrower width).
pub const SCORE_PACK_ERROR: u32 = 0xFFFF_FFFF;
/// `score_unpack` / `score_unpack_offset` with a width outside 2..32, and
/// the error value of `score_mtdf` (never a field value below 32 bits).
pub const SCORE_INT_ERROR: i32 = -0x7FFF_FFFF - 1;

/// A score scale (see `score_scale_stockfish`): mate now is `mate`, mates
/// take `mate - max_ply ..= mate`, table-base wins the `max_ply` scores
/// below, recognised wins start at `known_win`, heuristic values saturate
/// at `eval_limit`. Valid when `1 <= max_ply`, `1 <= eval_limit <
/// known_win < mate - 2 * max_ply` and `mate <= 32000`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoreScale {
    /// `VALUE_MATE`.
    pub mate: i32,
    /// `MAX_PLY`.
    pub max_ply: i32,
    /// `VALUE_KNOWN_WIN`.
    pub known_win: i32,
    /// Largest heuristic magnitude.
    pub eval_limit: i32,
}

impl From<Scale> for ScoreScale {
    fn from(s: Scale) -> ScoreScale {
        ScoreScale {
            mate: s.mate(),
            max_ply: s.max_ply(),
            known_win: s.known_win(),
            eval_limit: s.eval_limit(),
        }
    }
}

/// The default scale.
const SF: Scale = Scale::STOCKFISH;

/// The scale behind a C pointer, if it is non-NULL and valid.
///
/// # Safety
/// `p` must be NULL or point to a readable `ScoreScale`.
unsafe fn scale(p: *const ScoreScale) -> Option<Scale> {
    // SAFETY: the caller's contract.
    let s = unsafe { p.as_ref() }?;
    Scale::new(s.mate, s.max_ply, s.known_win, s.eval_limit).ok()
}

// ---------------------------------------------------------------------------
// Scales
// ---------------------------------------------------------------------------

/// Stockfish 15.1's scale: mate 32000, max_ply 246, known_win 10000,
/// eval_limit 3000 (the scale of all functions without `scaled_`).
/// No error case: defined for every input.
#[no_mangle]
pub extern "C" fn score_scale_stockfish() -> ScoreScale {
    Scale::STOCKFISH.into()
}

/// The classic 16-bit scale: mate `SHRT_MAX / 2` = 16383 (so
/// `VALUE_MATED = -16383`), otherwise as `score_scale_stockfish`.
/// No error case: defined for every input.
#[no_mangle]
pub extern "C" fn score_scale_classic() -> ScoreScale {
    Scale::CLASSIC.into()
}

/// Checks a scale: 0 if valid, `SCORE_ERR_NULL` for NULL,
/// `SCORE_ERR_RANGE` if its numbers break the rules of `ScoreScale`.
///
/// # Safety
/// `scale` must be NULL or point to a readable `ScoreScale`.
#[no_mangle]
pub unsafe extern "C" fn score_scale_check(scale: *const ScoreScale) -> c_int {
    boundary(SCORE_ERR_INTERNAL, || {
        if scale.is_null() {
            SCORE_ERR_NULL
        // SAFETY: the caller's contract.
        } else if unsafe { self::scale(scale) }.is_some() {
            0
        } else {
            SCORE_ERR_RANGE
        }
    })
}

// ---------------------------------------------------------------------------
// Mate scores, bands, UCI text (default scale and `scaled_` variants)
// ---------------------------------------------------------------------------

/// `mate - ply`: the side to move mates `ply` plies from the root (`ply`
/// saturates to 0..max_ply).
/// No error case: defined for every input.
#[no_mangle]
pub extern "C" fn score_mate_in(ply: c_int) -> c_int {
    boundary(SCORE_NONE, || SF.mate_in(ply).get())
}

/// `-mate + ply`: the side to move is mated `ply` plies from the root
/// (`ply` saturates to 0..max_ply).
/// No error case: defined for every input.
#[no_mangle]
pub extern "C" fn score_mated_in(ply: c_int) -> c_int {
    boundary(SCORE_NONE, || SF.mated_in(ply).get())
}

/// True if `s` is a mate score of either sign (`mate - max_ply <= |s| <=
/// mate`).
/// No error case: defined for every input.
#[no_mangle]
pub extern "C" fn score_is_mate(s: c_int) -> bool {
    boundary(false, || SF.is_mate(Score::new(s)))
}

/// True if `s` is a decisive win, table base or mate
/// (`tb_win_in_max_ply <= s <= mate`).
/// No error case: defined for every input.
#[no_mangle]
pub extern "C" fn score_is_win(s: c_int) -> bool {
    boundary(false, || SF.is_win(Score::new(s)))
}

/// True if `s` is a decisive loss (`-mate <= s <= -tb_win_in_max_ply`).
/// No error case: defined for every input.
#[no_mangle]
pub extern "C" fn score_is_loss(s: c_int) -> bool {
    boundary(false, || SF.is_loss(Score::new(s)))
}

/// The UCI `mate N` of a mate score: full moves, negative when the side
/// to move is being mated. `SCORE_NONE` if `s` is not a mate score.
#[no_mangle]
pub extern "C" fn score_mate_moves(s: c_int) -> c_int {
    boundary(SCORE_NONE, || {
        SF.mate_moves(Score::new(s)).unwrap_or(SCORE_NONE)
    })
}

/// Writes the UCI text of `s` (`"mate N"`, or `"cp N"` with `N = s * 100 /
/// pawn_value` rounded toward zero, as Stockfish 15.1 with
/// `SCORE_SF15_PAWN`; pass 100 for centipawn scores) and a NUL to `buf`.
/// Returns the text's length; `SCORE_ERR_NULL` if `buf` is NULL,
/// `SCORE_ERR_RANGE` if `pawn_value < 1` or `|s| > mate` (`SCORE_INFINITE`,
/// `SCORE_NONE`: not values), `SCORE_ERR_SPACE` if the text and NUL do not fit `len` bytes (then
/// `buf` holds "" when `len > 0`; a negative `len` is too small).
///
/// # Safety
/// `buf` must be NULL or point to `len` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn score_to_uci(
    s: c_int,
    pawn_value: c_int,
    buf: *mut c_char,
    len: c_int,
) -> c_int {
    // SAFETY: the caller's contract.
    boundary(SCORE_ERR_INTERNAL, || unsafe {
        uci(&SF, s, pawn_value, buf, len)
    })
}

/// `score_to_uci` on `scale`; `SCORE_ERR_RANGE` also for an invalid
/// scale, `SCORE_ERR_NULL` for a NULL one.
///
/// # Safety
/// `scale` must be NULL or point to a readable `ScoreScale`; `buf` as in
/// `score_to_uci`.
#[no_mangle]
pub unsafe extern "C" fn score_scaled_to_uci(
    scale: *const ScoreScale,
    s: c_int,
    pawn_value: c_int,
    buf: *mut c_char,
    len: c_int,
) -> c_int {
    boundary(SCORE_ERR_INTERNAL, || {
        if scale.is_null() {
            return SCORE_ERR_NULL;
        }
        // SAFETY: the caller's contract.
        match unsafe { self::scale(scale) } {
            // SAFETY: the caller's contract.
            Some(sc) => unsafe { uci(&sc, s, pawn_value, buf, len) },
            None => SCORE_ERR_RANGE,
        }
    })
}

/// The body of `score_to_uci`.
///
/// # Safety
/// `buf` must be NULL or point to `len` writable bytes.
unsafe fn uci(sc: &Scale, s: c_int, pawn: c_int, buf: *mut c_char, len: c_int) -> c_int {
    if buf.is_null() {
        return SCORE_ERR_NULL;
    }
    if pawn < 1 {
        return SCORE_ERR_RANGE;
    }
    let Ok(len) = usize::try_from(len) else {
        return SCORE_ERR_SPACE;
    };
    let Some(text) = sc.to_uci(Score::new(s), pawn) else {
        return SCORE_ERR_RANGE;
    };
    if text.len() + 1 > len {
        // SAFETY: buf holds len bytes; an empty string if len > 0.
        unsafe { write_c_string_raw(buf, len, "") };
        return SCORE_ERR_SPACE;
    }
    // SAFETY: text.len() + 1 <= len bytes are writable.
    unsafe { write_c_string_raw(buf, len, &text) };
    text.len() as c_int
}

/// Applies `f` to a valid scale; `SCORE_NONE` for NULL or invalid.
///
/// # Safety
/// `scale` must be NULL or point to a readable `ScoreScale`.
unsafe fn with_scale(scale: *const ScoreScale, f: impl FnOnce(Scale) -> c_int) -> c_int {
    // SAFETY: the caller's contract.
    boundary(SCORE_NONE, || {
        unsafe { self::scale(scale) }.map_or(SCORE_NONE, f)
    })
}

/// `score_mate_in` on `scale`; `SCORE_NONE` if `scale` is NULL or invalid.
///
/// # Safety
/// `scale` must be NULL or point to a readable `ScoreScale`.
#[no_mangle]
pub unsafe extern "C" fn score_scaled_mate_in(scale: *const ScoreScale, ply: c_int) -> c_int {
    // SAFETY: the caller's contract.
    unsafe { with_scale(scale, |sc| sc.mate_in(ply).get()) }
}

/// `score_mated_in` on `scale`; `SCORE_NONE` if `scale` is NULL or invalid.
///
/// # Safety
/// `scale` must be NULL or point to a readable `ScoreScale`.
#[no_mangle]
pub unsafe extern "C" fn score_scaled_mated_in(scale: *const ScoreScale, ply: c_int) -> c_int {
    // SAFETY: the caller's contract.
    unsafe { with_scale(scale, |sc| sc.mated_in(ply).get()) }
}

/// `score_is_mate` on `scale`; false if `scale` is NULL or invalid.
///
/// # Safety
/// `scale` must be NULL or point to a readable `ScoreScale`.
#[no_mangle]
pub unsafe extern "C" fn score_scaled_is_mate(scale: *const ScoreScale, s: c_int) -> bool {
    // SAFETY: the caller's contract.
    unsafe { with_scale(scale, |sc| sc.is_mate(Score::new(s)) as c_int) == 1 }
}

/// `score_is_win` on `scale`; false if `scale` is NULL or invalid.
///
/// # Safety
/// `scale` must be NULL or point to a readable `ScoreScale`.
#[no_mangle]
pub unsafe extern "C" fn score_scaled_is_win(scale: *const ScoreScale, s: c_int) -> bool {
    // SAFETY: the caller's contract.
    unsafe { with_scale(scale, |sc| sc.is_win(Score::new(s)) as c_int) == 1 }
}

/// `score_mate_moves` on `scale`; `SCORE_NONE` if `s` is not a mate score
/// or `scale` is NULL or invalid.
///
/// # Safety
/// `scale` must be NULL or point to a readable `ScoreScale`.
#[no_mangle]
pub unsafe extern "C" fn score_scaled_mate_moves(scale: *const ScoreScale, s: c_int) -> c_int {
    // SAFETY: the caller's contract.
    unsafe {
        with_scale(scale, |sc| {
            sc.mate_moves(Score::new(s)).unwrap_or(SCORE_NONE)
        })
    }
}

/// `score_to_tt` on `scale`; `SCORE_NONE` if `scale` is NULL or invalid.
///
/// # Safety
/// `scale` must be NULL or point to a readable `ScoreScale`.
#[no_mangle]
pub unsafe extern "C" fn score_scaled_to_tt(
    scale: *const ScoreScale,
    s: c_int,
    ply: c_int,
) -> c_int {
    // SAFETY: the caller's contract.
    unsafe { with_scale(scale, |sc| sc.to_tt(Score::new(s), ply).get()) }
}

/// `score_from_tt` on `scale`; `SCORE_NONE` if `scale` is NULL or invalid.
///
/// # Safety
/// `scale` must be NULL or point to a readable `ScoreScale`.
#[no_mangle]
pub unsafe extern "C" fn score_scaled_from_tt(
    scale: *const ScoreScale,
    s: c_int,
    ply: c_int,
    rule50: c_int,
) -> c_int {
    // SAFETY: the caller's contract.
    unsafe { with_scale(scale, |sc| sc.from_tt(Score::new(s), ply, rule50).get()) }
}

// ---------------------------------------------------------------------------
// Transposition table, draws, grain
// ---------------------------------------------------------------------------

/// The value to store in a transposition table for `s` found at `ply`:
/// decisive wins `+ply`, losses `-ply`, others unchanged (Stockfish 15.1's
/// `value_to_tt`). `ply` saturates to 0..max_ply, `s` to ±32767; scores
/// beyond ±mate (`SCORE_INFINITE`, `SCORE_NONE`) pass unchanged.
/// No error case: defined for every input.
#[no_mangle]
pub extern "C" fn score_to_tt(s: c_int, ply: c_int) -> c_int {
    boundary(SCORE_NONE, || SF.to_tt(Score::new(s), ply).get())
}

/// The score in the tree for table value `s` read at `ply`, `rule50`
/// plies after the last capture or pawn move (Stockfish 15.1's
/// `value_from_tt`): a mate further than `99 - rule50` plies becomes
/// `SCORE_MATE_IN_MAX_PLY - 1` (negated for losses); otherwise wins `-ply`,
/// losses `+ply`. A negative `rule50` disables that guard. Saturates as
/// `score_to_tt`.
/// No error case: defined for every input.
#[no_mangle]
pub extern "C" fn score_from_tt(s: c_int, ply: c_int, rule50: c_int) -> c_int {
    boundary(SCORE_NONE, || SF.from_tt(Score::new(s), ply, rule50).get())
}

/// The draw rule and side of `score_draw`'s `side` argument.
fn draw_args(contempt: c_int, side: c_int) -> Option<(DrawRule, Side)> {
    let who = match side & !SCORE_DRAW_BY_PLY {
        SCORE_SIDE_ROOT => Side::Root,
        SCORE_SIDE_OPPONENT => Side::Opponent,
        _ => return None,
    };
    let rule = if side & SCORE_DRAW_BY_PLY != 0 {
        DrawRule::Ply(contempt)
    } else if contempt == 0 {
        DrawRule::Zero
    } else {
        DrawRule::Contempt(contempt)
    };
    Some((rule, who))
}

/// The score of a draw `ply` plies from the root for the side to move
/// there: `side` is `SCORE_SIDE_ROOT` or `SCORE_SIDE_OPPONENT`, optionally
/// OR `SCORE_DRAW_BY_PLY`. The root side values it at `-contempt` (plus
/// `ply` with `SCORE_DRAW_BY_PLY`, Cray Blitz's later-draw preference), the
/// opponent at the negation; contempt 0 without the flag is the zero draw.
/// `contempt`, `ply` and the result saturate (±eval_limit, 0..max_ply).
/// `SCORE_NONE` for any other `side`.
#[no_mangle]
pub extern "C" fn score_draw(ply: c_int, contempt: c_int, side: c_int) -> c_int {
    boundary(SCORE_NONE, || match draw_args(contempt, side) {
        Some((rule, who)) => SF.draw(rule, ply, who).get(),
        None => SCORE_NONE,
    })
}

/// `score_draw` on `scale`; `SCORE_NONE` also if `scale` is NULL or
/// invalid.
///
/// # Safety
/// `scale` must be NULL or point to a readable `ScoreScale`.
#[no_mangle]
pub unsafe extern "C" fn score_scaled_draw(
    scale: *const ScoreScale,
    ply: c_int,
    contempt: c_int,
    side: c_int,
) -> c_int {
    // SAFETY: the caller's contract.
    unsafe {
        with_scale(scale, |sc| match draw_args(contempt, side) {
            Some((rule, who)) => sc.draw(rule, ply, who).get(),
            None => SCORE_NONE,
        })
    }
}

/// Mate-distance pruning at `ply`: `*alpha = max(mated_in(ply), *alpha)`,
/// `*beta = min(mate_in(ply + 1), *beta)` (values saturated to ±32767
/// first). Returns 1 if the node is cut (`*alpha >= *beta`; `*alpha` is its
/// value), 0 if not, `SCORE_ERR_NULL` if `alpha` or `beta` is NULL (then
/// nothing is written).
///
/// # Safety
/// `alpha` and `beta` must be NULL or point to writable `int`s.
#[no_mangle]
pub unsafe extern "C" fn score_mate_distance_prune(
    ply: c_int,
    alpha: *mut c_int,
    beta: *mut c_int,
) -> c_int {
    if alpha.is_null() || beta.is_null() {
        return SCORE_ERR_NULL;
    }
    boundary(SCORE_ERR_INTERNAL, || {
        // SAFETY: both point to writable ints (the caller's contract); raw
        // reads and writes, so `alpha == beta` is no aliasing problem.
        unsafe {
            let (a, b) = (alpha.read(), beta.read());
            let (na, nb) = SF.mate_distance_window(Score::new(a), Score::new(b), ply);
            alpha.write(na.get());
            beta.write(nb.get());
            (na >= nb) as c_int
        }
    })
}

/// Stockfish 15.1's draw value `-1 + (nodes & 2)`: -1 or +1 by the node
/// counter, a jitter that keeps the search from being blind to three-fold
/// repetitions.
/// No error case: defined for every input.
#[no_mangle]
pub extern "C" fn score_draw_jitter(nodes: u64) -> c_int {
    boundary(0, || kibitz::score::draw::draw_jitter(nodes).get())
}

/// `s` rounded to a multiple of `2^bits`, half away from zero; decisive
/// scores unchanged, heuristic ones never rounded into the decisive range.
/// `bits` saturates to 0..14, `s` to ±32767.
/// No error case: defined for every input.
#[no_mangle]
pub extern "C" fn score_grain(s: c_int, bits: c_int) -> c_int {
    boundary(SCORE_NONE, || SF.grain(Score::new(s), bits).get())
}

// ---------------------------------------------------------------------------
// Packing
// ---------------------------------------------------------------------------

/// The field of `bits` bits, if `2 <= bits <= 32`.
fn field(bits: c_int) -> Option<BitField> {
    u32::try_from(bits).ok().and_then(BitField::new)
}

/// `s` as a two's complement field of `bits` bits (2..32), saturated to
/// the field's range; the bits above the field are 0. `SCORE_PACK_ERROR`
/// for another width.
#[no_mangle]
pub extern "C" fn score_pack(s: i32, bits: c_int) -> u32 {
    boundary(SCORE_PACK_ERROR, || {
        field(bits).map_or(SCORE_PACK_ERROR, |f| f.pack(s))
    })
}

/// The sign-extended value of the `bits`-bit field in `u` (XOR with the
/// sign bit, then subtract it; bits above the field ignored).
/// `SCORE_INT_ERROR` for a width outside 2..32.
#[no_mangle]
pub extern "C" fn score_unpack(u: u32, bits: c_int) -> i32 {
    boundary(SCORE_INT_ERROR, || {
        field(bits).map_or(SCORE_INT_ERROR, |f| f.unpack(u))
    })
}

/// `s` stored with offset `2^(bits-1)` in `bits` bits (2..32), saturated
/// (the field is unsigned, 0 is the minimum). `SCORE_PACK_ERROR` for
/// another width.
#[no_mangle]
pub extern "C" fn score_pack_offset(s: i32, bits: c_int) -> u32 {
    boundary(SCORE_PACK_ERROR, || {
        field(bits).map_or(SCORE_PACK_ERROR, |f| f.pack_offset(s))
    })
}

/// The value of an offset field of `bits` bits in `u` (bits above the
/// field ignored). `SCORE_INT_ERROR` for a width outside 2..32.
#[no_mangle]
pub extern "C" fn score_unpack_offset(u: u32, bits: c_int) -> i32 {
    boundary(SCORE_INT_ERROR, || {
        field(bits).map_or(SCORE_INT_ERROR, |f| f.unpack_offset(u))
    })
}

/// Stockfish's packed pair: `eg * 65536 + mg` in one `int32_t` (each half
/// saturated to the int16 range). Pairs add and subtract as integers.
/// No error case: defined for every input.
#[no_mangle]
pub extern "C" fn score_make_pair(mg: c_int, eg: c_int) -> i32 {
    boundary(0, || pair::make_pair(mg, eg))
}

/// The midgame half of a packed pair.
/// No error case: defined for every input.
#[no_mangle]
pub extern "C" fn score_mg(pair: i32) -> c_int {
    boundary(0, || pair::mg(pair))
}

/// The endgame half of a packed pair (the borrow of a negative midgame
/// half undone).
/// No error case: defined for every input.
#[no_mangle]
pub extern "C" fn score_eg(pair: i32) -> c_int {
    boundary(0, || pair::eg(pair))
}

// ---------------------------------------------------------------------------
// Integrated bounds and values
// ---------------------------------------------------------------------------

/// Beal's exact value `n`: `4n` (`n` saturated to ±536870911).
/// No error case: defined for every input.
#[no_mangle]
pub extern "C" fn score_ibv_exact(n: i32) -> i32 {
    boundary(0, || ibv::ibv_exact(n))
}

/// Beal's lower bound "at least `n`": `4n + 1` (`n` saturated).
/// No error case: defined for every input.
#[no_mangle]
pub extern "C" fn score_ibv_lower(n: i32) -> i32 {
    boundary(0, || ibv::ibv_lower(n))
}

/// Beal's upper bound "at most `n`": `4n - 1` (`n` saturated).
/// No error case: defined for every input.
#[no_mangle]
pub extern "C" fn score_ibv_upper(n: i32) -> i32 {
    boundary(0, || ibv::ibv_upper(n))
}

/// The value an integrated value speaks of: `(x + 1) >> 2` (no overflow).
/// No error case: defined for every input.
#[no_mangle]
pub extern "C" fn score_ibv_value(x: i32) -> i32 {
    boundary(0, || ibv::ibv_value(x))
}

/// `SCORE_IBV_EXACT`, `SCORE_IBV_LOWER` or `SCORE_IBV_UPPER`;
/// `SCORE_IBV_INVALID` for `4n + 2`.
/// No error case: defined for every input.
#[no_mangle]
pub extern "C" fn score_ibv_kind(x: i32) -> c_int {
    boundary(SCORE_IBV_INVALID, || match ibv::ibv_kind(x) {
        IbvKind::Exact => SCORE_IBV_EXACT,
        IbvKind::Lower => SCORE_IBV_LOWER,
        IbvKind::Upper => SCORE_IBV_UPPER,
        IbvKind::Invalid => SCORE_IBV_INVALID,
    })
}

/// Beal's `forceExact(x) = (x + 1) & ~3`: the exact form of `x`'s value.
/// No error case: defined for every input.
#[no_mangle]
pub extern "C" fn score_ibv_force_exact(x: i32) -> i32 {
    boundary(0, || ibv::ibv_force_exact(x))
}

/// Beal's `forceLB(x) = forceExact(x) + 1`: the lower bound of `x`'s value.
/// No error case: defined for every input.
#[no_mangle]
pub extern "C" fn score_ibv_force_lower(x: i32) -> i32 {
    boundary(0, || ibv::ibv_force_lower(x))
}

// ---------------------------------------------------------------------------
// Drivers
// ---------------------------------------------------------------------------

/// A caller's zero-window search: searches `(beta - 1, beta)` and returns
/// `g >= beta` (value at least `g`) or `g < beta` (value at most `g`).
pub type ScoreZeroWindow = Option<unsafe extern "C" fn(beta: c_int, user: *mut c_void) -> c_int>;

/// A caller's target test: nonzero if the value reaches `target`.
pub type ScoreReaches = Option<unsafe extern "C" fn(target: c_int, user: *mut c_void) -> c_int>;

/// MTD(f) from `first_guess` over the zero-window search `zw` (called with
/// `user`), with Dailey's step enlargement: after k passes in one
/// direction the test moves `step_bonus * (k / 2)` further; after the
/// first overshoot the bounds converge without bonus (`step_bonus <= 0`:
/// plain MTD(f)). Returns the minimax value; `SCORE_INT_ERROR` if `zw` is
/// NULL (or on an internal fault). Always terminates.
///
/// # Safety
/// `zw` must be NULL or a function safe to call with `user`.
#[no_mangle]
pub unsafe extern "C" fn score_mtdf(
    first_guess: c_int,
    zw: ScoreZeroWindow,
    user: *mut c_void,
    step_bonus: c_int,
) -> c_int {
    let Some(zw) = zw else {
        return SCORE_INT_ERROR;
    };
    boundary(SCORE_INT_ERROR, || {
        // SAFETY: the caller's contract.
        kibitz::score::mtdf(first_guess, step_bonus, |beta| unsafe { zw(beta, user) }).value
    })
}

/// The DDS-style target driver: the value `v` in `0..n` given `reaches(t,
/// user)`, nonzero when `v >= t` (asked only for `1 <= t <= n`, stepping
/// by one from `first_guess`, saturated to 1..n). Returns `v`;
/// `SCORE_ERR_NULL` if `reaches` is NULL, `SCORE_ERR_RANGE` if `n < 0`.
///
/// # Safety
/// `reaches` must be NULL or a function safe to call with `user`.
#[no_mangle]
pub unsafe extern "C" fn score_target_search(
    n: c_int,
    first_guess: c_int,
    reaches: ScoreReaches,
    user: *mut c_void,
) -> c_int {
    let Some(reaches) = reaches else {
        return SCORE_ERR_NULL;
    };
    let Ok(n) = u32::try_from(n) else {
        return SCORE_ERR_RANGE;
    };
    let guess = u32::try_from(first_guess).unwrap_or(0);
    boundary(SCORE_ERR_INTERNAL, || {
        // SAFETY: the caller's contract; targets are at most n <= i32::MAX.
        let r =
            kibitz::score::target_search(n, guess, |t| unsafe { reaches(t as c_int, user) } != 0);
        r.value as c_int
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constants_match_the_core() {
        assert_eq!(SCORE_MATE, SF.mate());
        assert_eq!(SCORE_MAX_PLY, SF.max_ply());
        assert_eq!(SCORE_MATE_IN_MAX_PLY, SF.mate_in_max_ply());
        assert_eq!(SCORE_TB_WIN_IN_MAX_PLY, SF.tb_win_in_max_ply());
        assert_eq!(SCORE_KNOWN_WIN, SF.known_win());
        assert_eq!(SCORE_EVAL_LIMIT, SF.eval_limit());
        assert_eq!(SCORE_INFINITE, SF.infinite().get());
        assert_eq!(SCORE_NONE, SF.none().get());
        assert_eq!(SCORE_INT_ERROR, i32::MIN);
    }

    #[test]
    fn uci_buffer_handling() {
        let mut buf = [0x55 as c_char; 16];
        // SAFETY: buf is 16 writable bytes.
        unsafe {
            assert_eq!(score_to_uci(31997, 361, buf.as_mut_ptr(), 16), 6);
            assert_eq!(
                std::ffi::CStr::from_ptr(buf.as_ptr()).to_str(),
                Ok("mate 2")
            );
            assert_eq!(
                score_to_uci(31997, 361, buf.as_mut_ptr(), 6),
                SCORE_ERR_SPACE
            );
            assert_eq!(buf[0], 0);
            assert_eq!(score_to_uci(31997, 361, buf.as_mut_ptr(), 7), 6);
            assert_eq!(
                score_to_uci(31997, 361, buf.as_mut_ptr(), 0),
                SCORE_ERR_SPACE
            );
            assert_eq!(buf[0], b'm' as c_char);
            assert_eq!(score_to_uci(1, 0, buf.as_mut_ptr(), 16), SCORE_ERR_RANGE);
            assert_eq!(
                score_to_uci(SCORE_NONE, 100, buf.as_mut_ptr(), 16),
                SCORE_ERR_RANGE
            );
            assert_eq!(
                score_to_uci(-32001, 100, buf.as_mut_ptr(), 16),
                SCORE_ERR_RANGE
            );
            assert_eq!(score_to_uci(-32000, 100, buf.as_mut_ptr(), 16), 6);
            assert_eq!(
                score_to_uci(1, 100, std::ptr::null_mut(), 16),
                SCORE_ERR_NULL
            );
            assert_eq!(score_to_uci(1, 100, buf.as_mut_ptr(), -1), SCORE_ERR_SPACE);
        }
    }

    #[test]
    fn bad_scales_and_sides() {
        let bad = ScoreScale {
            mate: 40000,
            ..score_scale_stockfish()
        };
        // SAFETY: pointers are NULL or to live locals.
        unsafe {
            assert_eq!(score_scale_check(&bad), SCORE_ERR_RANGE);
            assert_eq!(score_scale_check(std::ptr::null()), SCORE_ERR_NULL);
            assert_eq!(score_scaled_mate_in(&bad, 3), SCORE_NONE);
            assert_eq!(score_scaled_mate_in(std::ptr::null(), 3), SCORE_NONE);
            assert!(!score_scaled_is_mate(std::ptr::null(), 32000));
            let classic = score_scale_classic();
            assert_eq!(score_scale_check(&classic), 0);
            assert_eq!(score_scaled_mated_in(&classic, 0), -16383);
        }
        assert_eq!(score_draw(3, 0, 4), SCORE_NONE);
        assert_eq!(score_draw(3, 0, -1), SCORE_NONE);
        assert_eq!(
            score_draw(3, 10, SCORE_SIDE_OPPONENT | SCORE_DRAW_BY_PLY),
            7
        );
    }
}
