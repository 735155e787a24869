//! The backgammon C interface (`include/kibitz/backgammon.h`): gnubg's
//! board (`unsigned int [2][25]`, `[1]` = the player on roll, index 24 =
//! bar), position IDs and keys, match IDs, pip counts, position classes
//! and legal moves.
//!
//! Only validation and conversion happen here; the work is
//! `kibitz::backgammon`'s. Every function checks its pointers and values,
//! writes nothing when it returns an error, and never lets a panic out.
#![allow(non_camel_case_types)]

use std::os::raw::{c_char, c_int, c_uchar, c_uint};

use kibitz::backgammon::{BgError, Board, GameState, MatchState, Move, Step};

use crate::boundary::boundary;
use crate::c_string::write_c_string_raw;

pub mod cube;
pub mod eval;

/// Success.
pub const BG_OK: c_int = 0;
/// A required pointer is NULL.
pub const BG_ERR_NULL: c_int = -1;
/// A side has more than 15 chequers.
pub const BG_ERR_CHEQUERS: c_int = -2;
/// Both sides have chequers on the same point.
pub const BG_ERR_SHARED_POINT: c_int = -3;
/// Both sides are on the bar while both home boards are closed.
pub const BG_ERR_CLOSED_OUT: c_int = -4;
/// An ID has the wrong length (14 characters for a position, 12 for a match).
pub const BG_ERR_ID_LENGTH: c_int = -5;
/// An ID has a character outside Base64 (`A-Z a-z 0-9 + /`).
pub const BG_ERR_ID_CHAR: c_int = -6;
/// A die is outside 1..6.
pub const BG_ERR_DICE: c_int = -7;
/// A match-state field is out of range.
pub const BG_ERR_MATCH_STATE: c_int = -8;
/// A move is malformed or cannot be played on the board.
pub const BG_ERR_MOVE: c_int = -9;
/// The output buffer is too small.
pub const BG_ERR_BUFFER: c_int = -10;
/// Internal error (a bug in Kibitz); nothing was written.
pub const BG_ERR_INTERNAL: c_int = -11;

/// The most distinct legal moves of any position and roll (gnubg's MAX_MOVES).
pub const BG_MAX_MOVES: c_int = 3060;
/// A buffer of this many bytes holds any move text and its NUL.
pub const BG_MOVE_TEXT_LEN: c_int = 48;
/// Bytes of a position ID buffer (14 characters and a NUL).
pub const BG_POSITION_ID_SIZE: c_int = 15;
/// Bytes of a match ID buffer (12 characters and a NUL).
pub const BG_MATCH_ID_SIZE: c_int = 13;

/// A match state, as gnubg's match ID records it. Players are 0 and 1.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct bg_match_state {
    /// Cube value: 1, 2, 4, ... 32768.
    pub cube: c_int,
    /// Cube owner: -1 centred, 0 or 1.
    pub cube_owner: c_int,
    /// The player on roll, or who did roll (0 or 1).
    pub dice_owner: c_int,
    /// 1 in the Crawford game (match play only), else 0.
    pub crawford: c_int,
    /// 0 no game, 1 playing, 2 over, 3 resigned, 4 dropped.
    pub game_state: c_int,
    /// The player who must decide now (0 or 1).
    pub turn: c_int,
    /// 1 if a double is offered, else 0.
    pub doubled: c_int,
    /// Resignation offered: 0 none, 1 single, 2 gammon, 3 backgammon.
    pub resigned: c_int,
    /// The dice, 0 when not rolled (the ID stores the larger first).
    pub dice: [c_int; 2],
    /// Match length (0..64), 0 for money play.
    pub match_length: c_int,
    /// Scores of players 0 and 1 (at most the match length; money: 0..32767).
    pub score: [c_int; 2],
    /// 1 if the Jacoby rule is on, else 0.
    pub jacoby: c_int,
}

/// A move: `n` (0..4) steps, `from[i]` a point 1..24 of the mover or 25
/// for the bar, `to[i]` a point 1..24 or 0 for off; unused entries are -1.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct bg_move {
    /// Number of steps (chequer moves of one die each).
    pub n: c_int,
    /// Source points, in playing order.
    pub from: [c_int; 4],
    /// Destination points.
    pub to: [c_int; 4],
}

/// Runs `f` behind the panic boundary: `BG_OK`, its error code, or
/// `BG_ERR_INTERNAL` for a panic.
fn guard(f: impl FnOnce() -> Result<(), c_int>) -> c_int {
    boundary(BG_ERR_INTERNAL, || f().err().unwrap_or(BG_OK))
}

/// The C code of a core error.
fn code(e: BgError) -> c_int {
    match e {
        BgError::TooManyChequers => BG_ERR_CHEQUERS,
        BgError::SharedPoint => BG_ERR_SHARED_POINT,
        BgError::BothClosedOut => BG_ERR_CLOSED_OUT,
        BgError::IdLength => BG_ERR_ID_LENGTH,
        BgError::IdCharacter => BG_ERR_ID_CHAR,
        BgError::Dice => BG_ERR_DICE,
        BgError::MatchState(_) => BG_ERR_MATCH_STATE,
        BgError::IllegalMove => BG_ERR_MOVE,
    }
}

/// Reads and checks a C board.
///
/// # Safety
/// `board` is NULL or points to 2 × 25 readable `unsigned int`s.
unsafe fn read_board(board: *const [c_uint; 25]) -> Result<Board, c_int> {
    if board.is_null() {
        return Err(BG_ERR_NULL);
    }
    let counts = &*(board as *const [[c_uint; 25]; 2]);
    Board::from_counts(counts).map_err(code)
}

/// Writes a board to a C board.
///
/// # Safety
/// `out` points to 2 × 25 writable `unsigned int`s.
unsafe fn write_board(out: *mut [c_uint; 25], board: &Board) {
    *(out as *mut [[c_uint; 25]; 2]) = board.to_counts();
}

/// Reads a NUL-terminated string of at most `max` characters (reading at
/// most `max + 1` bytes); a longer string is a length error.
///
/// # Safety
/// `s` is NULL or points to a string readable up to its NUL or `max + 1` bytes.
unsafe fn read_str(s: *const c_char, max: usize) -> Result<Vec<u8>, c_int> {
    if s.is_null() {
        return Err(BG_ERR_NULL);
    }
    let mut bytes = Vec::with_capacity(max);
    for i in 0..=max {
        let c = *s.add(i) as u8;
        if c == 0 {
            return Ok(bytes);
        }
        bytes.push(c);
    }
    Err(BG_ERR_ID_LENGTH)
}

/// The move of a C move, if well formed.
fn read_move(m: &bg_move) -> Result<Move, c_int> {
    let n = usize::try_from(m.n).map_err(|_| BG_ERR_MOVE)?;
    if n > 4 {
        return Err(BG_ERR_MOVE);
    }
    let mut steps = Vec::with_capacity(n);
    for i in 0..n {
        let (from, to) = (m.from[i], m.to[i]);
        if !(1..=25).contains(&from) || !(0..=24).contains(&to) {
            return Err(BG_ERR_MOVE);
        }
        steps.push(Step {
            from: from as u8,
            to: to as u8,
        });
    }
    Move::new(&steps).ok_or(BG_ERR_MOVE)
}

/// The C form of a move.
fn to_c_move(m: &Move) -> bg_move {
    let mut c = bg_move {
        n: m.len() as c_int,
        from: [-1; 4],
        to: [-1; 4],
    };
    for (i, s) in m.steps().iter().enumerate() {
        c.from[i] = c_int::from(s.from);
        c.to[i] = c_int::from(s.to);
    }
    c
}

/// The core state of a C match state, if every field is in range.
fn read_match_state(m: &bg_match_state) -> Result<MatchState, c_int> {
    let bad = BG_ERR_MATCH_STATE;
    let flag = |v: c_int| match v {
        0 => Ok(false),
        1 => Ok(true),
        _ => Err(bad),
    };
    let small = |v: c_int, max: c_int| {
        if (0..=max).contains(&v) {
            Ok(v as u8)
        } else {
            Err(bad)
        }
    };
    let wide = |v: c_int| u32::try_from(v).map_err(|_| bad);
    let state = MatchState {
        cube: wide(m.cube)?,
        cube_owner: match m.cube_owner {
            -1 => None,
            o => Some(small(o, 1)?),
        },
        dice_owner: small(m.dice_owner, 1)?,
        crawford: flag(m.crawford)?,
        game_state: u32::try_from(m.game_state)
            .ok()
            .and_then(GameState::from_code)
            .ok_or(bad)?,
        turn: small(m.turn, 1)?,
        doubled: flag(m.doubled)?,
        resigned: small(m.resigned, 3)?,
        dice: [small(m.dice[0], 6)?, small(m.dice[1], 6)?],
        match_length: wide(m.match_length)?,
        score: [wide(m.score[0])?, wide(m.score[1])?],
        jacoby: flag(m.jacoby)?,
    };
    state.validate().map_err(code)?;
    Ok(state)
}

/// The C form of a match state.
fn to_c_match_state(s: &MatchState) -> bg_match_state {
    bg_match_state {
        cube: s.cube as c_int,
        cube_owner: s.cube_owner.map_or(-1, c_int::from),
        dice_owner: c_int::from(s.dice_owner),
        crawford: c_int::from(s.crawford),
        game_state: s.game_state as c_int,
        turn: c_int::from(s.turn),
        doubled: c_int::from(s.doubled),
        resigned: c_int::from(s.resigned),
        dice: s.dice.map(c_int::from),
        match_length: s.match_length as c_int,
        score: s.score.map(|v| v as c_int),
        jacoby: c_int::from(s.jacoby),
    }
}

/// Writes the 14-character position ID of `board` and a NUL to `id` (15
/// bytes). Returns 0, or a negative BG_ERR_* code (NULL pointer, invalid
/// board) with nothing written.
///
/// # Safety
/// `board` is NULL or points to `unsigned int [2][25]`; `id` is NULL or
/// points to 15 writable bytes.
#[no_mangle]
pub unsafe extern "C" fn bg_position_id(board: *const [c_uint; 25], id: *mut c_char) -> c_int {
    guard(|| {
        let b = read_board(board)?;
        if id.is_null() {
            return Err(BG_ERR_NULL);
        }
        write_c_string_raw(id, b.position_id().len() + 1, &b.position_id());
        Ok(())
    })
}

/// Decodes a position ID (exactly 14 Base64 characters, NUL-terminated;
/// at most 15 bytes are read) into `board`. Returns 0, or a negative
/// BG_ERR_* code (NULL pointer, wrong length, bad character, illegal
/// position) with nothing written.
///
/// # Safety
/// `id` is NULL or a string readable up to its NUL or 15 bytes; `board` is
/// NULL or points to a writable `unsigned int [2][25]`.
#[no_mangle]
pub unsafe extern "C" fn bg_position_from_id(id: *const c_char, board: *mut [c_uint; 25]) -> c_int {
    guard(|| {
        let text = read_str(id, 14)?;
        if board.is_null() {
            return Err(BG_ERR_NULL);
        }
        let text = std::str::from_utf8(&text).map_err(|_| BG_ERR_ID_CHAR)?;
        let b = Board::from_position_id(text).map_err(code)?;
        write_board(board, &b);
        Ok(())
    })
}

/// Writes gnubg's 10-byte position key of `board` to `key`. Returns 0, or
/// a negative BG_ERR_* code (NULL pointer, invalid board) with nothing
/// written.
///
/// # Safety
/// `board` is NULL or points to `unsigned int [2][25]`; `key` is NULL or
/// points to 10 writable bytes.
#[no_mangle]
pub unsafe extern "C" fn bg_position_key(board: *const [c_uint; 25], key: *mut c_uchar) -> c_int {
    guard(|| {
        let b = read_board(board)?;
        if key.is_null() {
            return Err(BG_ERR_NULL);
        }
        *(key as *mut [u8; 10]) = b.key();
        Ok(())
    })
}

/// Decodes a 10-byte position key into `board`. Returns 0, or a negative
/// BG_ERR_* code (NULL pointer, illegal position) with nothing written.
///
/// # Safety
/// `key` is NULL or points to 10 readable bytes; `board` is NULL or points
/// to a writable `unsigned int [2][25]`.
#[no_mangle]
pub unsafe extern "C" fn bg_position_from_key(
    key: *const c_uchar,
    board: *mut [c_uint; 25],
) -> c_int {
    guard(|| {
        if key.is_null() || board.is_null() {
            return Err(BG_ERR_NULL);
        }
        let b = Board::from_key(&*(key as *const [u8; 10])).map_err(code)?;
        write_board(board, &b);
        Ok(())
    })
}

/// Writes the 12-character match ID of `m` and a NUL to `id` (13 bytes).
/// Returns 0, or a negative BG_ERR_* code (NULL pointer, a field out of
/// range) with nothing written.
///
/// # Safety
/// `m` is NULL or points to a `bg_match_state`; `id` is NULL or points to
/// 13 writable bytes.
#[no_mangle]
pub unsafe extern "C" fn bg_match_id(m: *const bg_match_state, id: *mut c_char) -> c_int {
    guard(|| {
        if m.is_null() || id.is_null() {
            return Err(BG_ERR_NULL);
        }
        let text = read_match_state(&*m)?.match_id().map_err(code)?;
        write_c_string_raw(id, text.len() + 1, &text);
        Ok(())
    })
}

/// Decodes a match ID (exactly 12 Base64 characters, NUL-terminated; at
/// most 13 bytes are read) into `m`; the dice come back larger first.
/// Returns 0, or a negative BG_ERR_* code (NULL pointer, wrong length, bad
/// character, a field gnubg rejects) with nothing written.
///
/// # Safety
/// `id` is NULL or a string readable up to its NUL or 13 bytes; `m` is
/// NULL or points to a writable `bg_match_state`.
#[no_mangle]
pub unsafe extern "C" fn bg_match_from_id(id: *const c_char, m: *mut bg_match_state) -> c_int {
    guard(|| {
        let text = read_str(id, 12)?;
        if m.is_null() {
            return Err(BG_ERR_NULL);
        }
        let text = std::str::from_utf8(&text).map_err(|_| BG_ERR_ID_CHAR)?;
        let state = MatchState::from_match_id(text).map_err(code)?;
        *m = to_c_match_state(&state);
        Ok(())
    })
}

/// Writes the pip counts of `board` to `pips` (`pips[1]` = the player on
/// roll; the bar counts 25). Returns 0, or a negative BG_ERR_* code (NULL
/// pointer, invalid board) with nothing written.
///
/// # Safety
/// `board` is NULL or points to `unsigned int [2][25]`; `pips` is NULL or
/// points to 2 writable `unsigned int`s.
#[no_mangle]
pub unsafe extern "C" fn bg_pip_count(board: *const [c_uint; 25], pips: *mut c_uint) -> c_int {
    guard(|| {
        let b = read_board(board)?;
        if pips.is_null() {
            return Err(BG_ERR_NULL);
        }
        *(pips as *mut [c_uint; 2]) = b.pip_count();
        Ok(())
    })
}

/// gnubg's class of the position (0 over, 4 bearoff2, 6 bearoff1, 8 race,
/// 9 crashed, 10 contact), or a negative BG_ERR_* code (NULL pointer,
/// invalid board).
///
/// # Safety
/// `board` is NULL or points to `unsigned int [2][25]`.
#[no_mangle]
pub unsafe extern "C" fn bg_classify(board: *const [c_uint; 25]) -> c_int {
    let mut class = 0;
    let r = guard(|| {
        class = read_board(board)?.class().number();
        Ok(())
    });
    if r == BG_OK {
        class
    } else {
        r
    }
}

/// Writes every distinct legal move of the player on roll with dice
/// `die0`, `die1` to `moves` and their number to `count` (0 if the player
/// cannot move). With `moves` NULL and `capacity` 0 only `count` is
/// written. Returns 0; BG_ERR_BUFFER if more than `capacity` moves exist
/// (then only `count` is written); or another negative BG_ERR_* code (NULL
/// pointer, invalid board, dice outside 1..6, negative capacity) with
/// nothing written. BG_MAX_MOVES moves always fit.
///
/// # Safety
/// `board` is NULL or points to `unsigned int [2][25]`; `moves` is NULL or
/// points to `capacity` writable `bg_move`s; `count` is NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn bg_generate_moves(
    board: *const [c_uint; 25],
    die0: c_int,
    die1: c_int,
    moves: *mut bg_move,
    capacity: c_int,
    count: *mut c_int,
) -> c_int {
    guard(|| {
        let b = read_board(board)?;
        if count.is_null() || (moves.is_null() && capacity != 0) {
            return Err(BG_ERR_NULL);
        }
        let capacity = usize::try_from(capacity).map_err(|_| BG_ERR_BUFFER)?;
        let die = |d: c_int| u8::try_from(d).map_err(|_| BG_ERR_DICE);
        let list = b.try_legal_moves(die(die0)?, die(die1)?).map_err(code)?;
        *count = list.len() as c_int;
        if moves.is_null() {
            return Ok(());
        }
        if list.len() > capacity {
            return Err(BG_ERR_BUFFER);
        }
        for (i, m) in list.iter().enumerate() {
            *moves.add(i) = to_c_move(&m.play);
        }
        Ok(())
    })
}

/// Writes gnubg's text of move `m` on `board` (e.g. "8/5 6/5", "bar/22",
/// "6/off", "13/7*", "6/4(2)") and a NUL to `buf` of `len` bytes
/// (BG_MOVE_TEXT_LEN always suffices). Returns 0, or a negative BG_ERR_*
/// code (NULL pointer, invalid board, a move that cannot be played,
/// buffer too small) with nothing written.
///
/// # Safety
/// `board` is NULL or points to `unsigned int [2][25]`; `m` is NULL or
/// points to a `bg_move`; `buf` is NULL or points to `len` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn bg_move_text(
    board: *const [c_uint; 25],
    m: *const bg_move,
    buf: *mut c_char,
    len: c_int,
) -> c_int {
    guard(|| {
        let b = read_board(board)?;
        if m.is_null() || buf.is_null() {
            return Err(BG_ERR_NULL);
        }
        let mv = read_move(&*m)?;
        b.play(&mv).map_err(code)?;
        let text = mv.text(&b);
        if usize::try_from(len).map_or(true, |l| l < text.len() + 1) {
            return Err(BG_ERR_BUFFER);
        }
        write_c_string_raw(buf, text.len() + 1, &text);
        Ok(())
    })
}

/// Plays move `m` for the player on roll (side 1) on `board`, in place;
/// the board is not swapped. Each step must move a chequer the player has
/// by 1..6 pips, bar first, to a point not held by the opponent; bearing
/// off needs all chequers home. Returns 0, or a negative BG_ERR_* code
/// (NULL pointer, invalid board, malformed or unplayable move) with the
/// board unchanged.
///
/// # Safety
/// `board` is NULL or points to a writable `unsigned int [2][25]`; `m` is
/// NULL or points to a `bg_move`.
#[no_mangle]
pub unsafe extern "C" fn bg_position_apply(board: *mut [c_uint; 25], m: *const bg_move) -> c_int {
    guard(|| {
        let b = read_board(board)?;
        if m.is_null() {
            return Err(BG_ERR_NULL);
        }
        let after = b.play(&read_move(&*m)?).map_err(code)?;
        write_board(board, &after);
        Ok(())
    })
}

/// Exchanges the two sides of `board` (the other player is on roll). Does
/// nothing if `board` is NULL.
///
/// # Safety
/// `board` is NULL or points to a writable `unsigned int [2][25]`.
#[no_mangle]
pub unsafe extern "C" fn bg_position_swap(board: *mut [c_uint; 25]) {
    boundary((), || {
        if !board.is_null() {
            let sides = &mut *(board as *mut [[c_uint; 25]; 2]);
            sides.swap(0, 1);
        }
    })
}

/// A static, NUL-terminated English text of a BG_* return code ("unknown
/// error code" for other values). Never NULL.
#[no_mangle]
pub extern "C" fn bg_error_text(code: c_int) -> *const c_char {
    boundary(b"internal error\0".as_ptr().cast(), || error_text(code))
}

/// The text of [`bg_error_text`].
fn error_text(code: c_int) -> *const c_char {
    let text: &'static [u8] = match code {
        BG_OK => b"success\0",
        BG_ERR_NULL => b"a required pointer is NULL\0",
        BG_ERR_CHEQUERS => b"a side has more than 15 chequers\0",
        BG_ERR_SHARED_POINT => b"both sides have chequers on the same point\0",
        BG_ERR_CLOSED_OUT => b"both sides are on the bar against closed home boards\0",
        BG_ERR_ID_LENGTH => b"the ID has the wrong length\0",
        BG_ERR_ID_CHAR => b"the ID has a character outside Base64\0",
        BG_ERR_DICE => b"a die is outside 1..6\0",
        BG_ERR_MATCH_STATE => b"a match state field is out of range\0",
        BG_ERR_MOVE => b"the move is malformed or cannot be played\0",
        BG_ERR_BUFFER => b"the output buffer is too small\0",
        BG_ERR_INTERNAL => b"internal error\0",
        cube::BG_ERR_MET => b"the match equity table is malformed\0",
        cube::BG_ERR_PROBABILITIES => b"probabilities must be numbers in 0..1\0",
        cube::BG_ERR_VALUE => b"a number is out of range\0",
        eval::BG_ERR_NOT_BEAROFF => b"the position is not in the bearoff database\0",
        eval::BG_ERR_EVALUATOR => b"the evaluator failed or is missing\0",
        _ => b"unknown error code\0",
    };
    text.as_ptr() as *const c_char
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CStr;

    #[test]
    fn id_round_trip_and_errors() {
        let mut board = [[0 as c_uint; 25]; 2];
        let b = board.as_mut_ptr();
        let id = CStr::from_bytes_with_nul(b"4HPwATDgc/ABMA\0").unwrap();
        assert_eq!(unsafe { bg_position_from_id(id.as_ptr(), b) }, BG_OK);
        assert_eq!(board, Board::starting().to_counts());
        let mut out = [1 as c_char; 15];
        assert_eq!(unsafe { bg_position_id(b, out.as_mut_ptr()) }, BG_OK);
        assert_eq!(unsafe { CStr::from_ptr(out.as_ptr()) }, id);
        let long = CStr::from_bytes_with_nul(b"4HPwATDgc/ABMAxx\0").unwrap();
        assert_eq!(
            unsafe { bg_position_from_id(long.as_ptr(), b) },
            BG_ERR_ID_LENGTH
        );
        assert_eq!(
            unsafe { bg_position_from_id(std::ptr::null(), b) },
            BG_ERR_NULL
        );
        board[1][0] = 1;
        assert_eq!(
            unsafe { bg_position_id(board.as_ptr(), out.as_mut_ptr()) },
            BG_ERR_CHEQUERS
        );
        assert_eq!(unsafe { bg_classify(board.as_ptr()) }, BG_ERR_CHEQUERS);
        let text = unsafe { CStr::from_ptr(bg_error_text(BG_ERR_CHEQUERS)) };
        assert_eq!(text.to_str().unwrap(), "a side has more than 15 chequers");
    }

    #[test]
    fn match_state_round_trip() {
        let mut m = bg_match_state::default();
        let id = CStr::from_bytes_with_nul(b"QYkqASAAIAAE\0").unwrap();
        assert_eq!(unsafe { bg_match_from_id(id.as_ptr(), &mut m) }, BG_OK);
        assert_eq!((m.cube, m.cube_owner, m.match_length), (2, 0, 9));
        assert_eq!((m.dice, m.score, m.jacoby), ([5, 2], [2, 4], 0));
        let mut out = [0 as c_char; 13];
        assert_eq!(unsafe { bg_match_id(&m, out.as_mut_ptr()) }, BG_OK);
        assert_eq!(unsafe { CStr::from_ptr(out.as_ptr()) }, id);
        m.cube = 3;
        assert_eq!(
            unsafe { bg_match_id(&m, out.as_mut_ptr()) },
            BG_ERR_MATCH_STATE
        );
    }
}
