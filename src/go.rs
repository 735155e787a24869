//! The Go C API (`include/kibitz/go.h`): an opaque board handle, moves, SGF
//! loading and worm data.
//!
//! Vertices are row-major indices `row * size + col`, row 0 the top row
//! (GTP row `size`), column 0 the `A` column; `GO_PASS` (-1) is a pass.
//! Functions return `GO_OK` (0) or a negative `GO_ERR_*` code, never
//! crash on bad input, and never let a panic cross into C. There is no
//! global state: each handle is independent (use one handle per thread, or
//! lock it).
#![allow(non_camel_case_types)]

use crate::boundary::boundary;
use crate::c_string::write_c_string_raw;
use std::ffi::{c_char, c_int};

use kibitz::go::board::{Board, Color};
use kibitz::go::coord;
use kibitz::go::sgf::{self, Until};
use kibitz::go::worms::{WormColor, Worms};

mod dragons;
pub use dragons::*;
mod reading;
pub use reading::{go_attack, go_defend, GO_KO_B, GO_LOSE};

/// An empty point.
pub const GO_EMPTY: c_int = 0;
/// A white stone.
pub const GO_WHITE: c_int = 1;
/// A black stone.
pub const GO_BLACK: c_int = 2;
/// A cavity bordered by both colours (or by none).
pub const GO_GRAY_BORDER: c_int = 3;
/// A cavity bordered by white stones only.
pub const GO_WHITE_BORDER: c_int = 4;
/// A cavity bordered by black stones only.
pub const GO_BLACK_BORDER: c_int = 5;
/// The vertex of a pass, and "no point" in `go_worm` fields.
pub const GO_PASS: c_int = -1;
/// The attack/defense code of an unconditional success (GNU Go's WIN).
pub const GO_WIN: c_int = 5;
/// The attack code of a capture by ko, the attacker taking first (KO_A).
pub const GO_KO_A: c_int = 4;

/// Success.
pub const GO_OK: c_int = 0;
/// A NULL pointer argument.
pub const GO_ERR_NULL: c_int = -1;
/// A colour other than `GO_BLACK` / `GO_WHITE`.
pub const GO_ERR_COLOR: c_int = -2;
/// A vertex outside the board (or a malformed GTP vertex).
pub const GO_ERR_VERTEX: c_int = -3;
/// An illegal move: occupied point, suicide or ko retake.
pub const GO_ERR_ILLEGAL: c_int = -4;
/// SGF text that cannot be parsed or set up, or is longer than
/// `GO_SGF_MAX_BYTES`.
pub const GO_ERR_SGF: c_int = -5;
/// A board size outside 2..19, or an output buffer too small.
pub const GO_ERR_SIZE: c_int = -6;
/// An internal error (a caught panic).
pub const GO_ERR_INTERNAL: c_int = -7;

/// The longest SGF text `go_load_sgf` reads, in bytes (without the NUL).
pub const GO_SGF_MAX_BYTES: usize = 16 << 20;

/// An opaque board: position, move history and captures.
pub struct go_board {
    board: Board,
}

/// The data of the worm (string or cavity) at a vertex.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct go_worm {
    /// `GO_BLACK` / `GO_WHITE` for strings; `GO_BLACK_BORDER`,
    /// `GO_WHITE_BORDER` or `GO_GRAY_BORDER` for cavities.
    pub color: c_int,
    /// Number of points of the worm.
    pub size: c_int,
    /// Effective size as GNU Go 3.8 computes it (0 for cavities).
    pub effective_size: f32,
    /// The worm's first vertex in board order.
    pub origin: c_int,
    /// Liberties (0 for cavities).
    pub liberties: c_int,
    /// Liberties of order 2.
    pub liberties2: c_int,
    /// Liberties of order 3.
    pub liberties3: c_int,
    /// Liberties of order 4.
    pub liberties4: c_int,
    /// 2 cutting string, 1 potential cutting string, 0 otherwise.
    pub cutstone: c_int,
    /// Components of the string's complement minus one.
    pub genus: c_int,
    /// 1 for a ko stone in atari or a cavity holding a ko point.
    pub ko: c_int,
    /// 1 for an inessential string.
    pub inessential: c_int,
    /// Origin of an adjacent capturable enemy string, or `GO_PASS`.
    pub lunch: c_int,
    /// The tactical reader's attack code (as `go_attack`): `GO_WIN`,
    /// `GO_KO_A`, `GO_KO_B`, or 0 when it cannot be captured.
    pub attack_code: c_int,
    /// Attack vertex or `GO_PASS`.
    pub attack_point: c_int,
    /// The defense code of an attacked string (as `go_defend`), else 0.
    pub defense_code: c_int,
    /// Defense vertex or `GO_PASS`.
    pub defense_point: c_int,
}

/// Runs `f` behind the panic boundary; a panic gives `GO_ERR_INTERNAL`.
fn guard(f: impl FnOnce() -> c_int) -> c_int {
    boundary(GO_ERR_INTERNAL, f)
}

/// A C colour as a stone colour.
fn color_of(color: c_int) -> Option<Color> {
    match color {
        GO_BLACK => Some(Color::Black),
        GO_WHITE => Some(Color::White),
        _ => None,
    }
}

/// A vertex (or pass) on a board of `size`.
fn vertex_of(size: usize, vertex: c_int) -> Result<Option<usize>, c_int> {
    match vertex {
        GO_PASS => Ok(None),
        v if v >= 0 && (v as usize) < size * size => Ok(Some(v as usize)),
        _ => Err(GO_ERR_VERTEX),
    }
}

/// An optional vertex as C (`GO_PASS` for none).
fn c_vertex(v: Option<usize>) -> c_int {
    v.map_or(GO_PASS, |v| v as c_int)
}

/// Creates an empty board of `size` x `size` (2..19). Returns NULL for
/// another size (or if allocation fails). Free it with `go_board_free`.
#[no_mangle]
pub extern "C" fn go_board_new(size: c_int) -> *mut go_board {
    boundary(std::ptr::null_mut(), || {
        let Ok(size) = usize::try_from(size) else {
            return std::ptr::null_mut();
        };
        match Board::new(size) {
            Ok(board) => Box::into_raw(Box::new(go_board { board })),
            Err(_) => std::ptr::null_mut(),
        }
    })
}

/// Frees a board made by `go_board_new`; NULL is ignored.
///
/// # Safety
/// `board` is NULL or a live handle from `go_board_new`, not used again.
#[no_mangle]
pub unsafe extern "C" fn go_board_free(board: *mut go_board) {
    if !board.is_null() {
        boundary((), || drop(Box::from_raw(board)));
    }
}

/// The board size, or `GO_ERR_NULL` for a NULL board.
///
/// # Safety
/// `board` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn go_board_size(board: *const go_board) -> c_int {
    guard(|| match board.as_ref() {
        Some(b) => b.board.size() as c_int,
        None => GO_ERR_NULL,
    })
}

/// The stone at `vertex`: `GO_EMPTY`, `GO_BLACK` or `GO_WHITE`; or
/// `GO_ERR_NULL` / `GO_ERR_VERTEX`.
///
/// # Safety
/// `board` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn go_get(board: *const go_board, vertex: c_int) -> c_int {
    let Some(b) = board.as_ref() else {
        return GO_ERR_NULL;
    };
    guard(|| match vertex_of(b.board.size(), vertex) {
        Ok(Some(v)) => match b.board.position().get(v) {
            None => GO_EMPTY,
            Some(Color::Black) => GO_BLACK,
            Some(Color::White) => GO_WHITE,
        },
        Ok(None) | Err(_) => GO_ERR_VERTEX,
    })
}

/// Plays `color` (`GO_BLACK`/`GO_WHITE`) at `vertex` (or `GO_PASS`).
/// Returns `GO_OK`, or `GO_ERR_NULL`, `GO_ERR_COLOR`, `GO_ERR_VERTEX`,
/// `GO_ERR_ILLEGAL` (occupied, suicide, ko retake; the board is unchanged).
///
/// # Safety
/// `board` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn go_play(board: *mut go_board, color: c_int, vertex: c_int) -> c_int {
    let Some(b) = board.as_mut() else {
        return GO_ERR_NULL;
    };
    guard(|| {
        let Some(color) = color_of(color) else {
            return GO_ERR_COLOR;
        };
        let mv = match vertex_of(b.board.size(), vertex) {
            Ok(mv) => mv,
            Err(e) => return e,
        };
        match b.board.play(color, mv) {
            Ok(()) => GO_OK,
            Err(_) => GO_ERR_ILLEGAL,
        }
    })
}

/// Takes back the last move. Returns `GO_OK`, `GO_ERR_NULL`, or
/// `GO_ERR_ILLEGAL` when there is no move to take back.
///
/// # Safety
/// `board` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn go_undo(board: *mut go_board) -> c_int {
    let Some(b) = board.as_mut() else {
        return GO_ERR_NULL;
    };
    guard(|| {
        if b.board.undo() {
            GO_OK
        } else {
            GO_ERR_ILLEGAL
        }
    })
}

/// Replaces the board with the position of the NUL-terminated SGF text
/// before move `move_number` (1 = before the first move; 0 or less = after
/// the whole main line), with GNU Go's `loadsgf` rules; the board takes
/// the record's size. At most `GO_SGF_MAX_BYTES` bytes are read. Returns
/// the colour to move (`GO_BLACK`/`GO_WHITE`), or `GO_ERR_NULL`, or
/// `GO_ERR_SGF` (board unchanged).
///
/// # Safety
/// `board` is NULL or a live handle; `sgf_text` is NULL or points to a
/// NUL-terminated string or to at least `GO_SGF_MAX_BYTES + 1` readable
/// bytes.
#[no_mangle]
pub unsafe extern "C" fn go_load_sgf(
    board: *mut go_board,
    sgf_text: *const c_char,
    move_number: c_int,
) -> c_int {
    let Some(b) = board.as_mut() else {
        return GO_ERR_NULL;
    };
    if sgf_text.is_null() {
        return GO_ERR_NULL;
    }
    let Some(bytes) = bounded_str(sgf_text, GO_SGF_MAX_BYTES) else {
        return GO_ERR_SGF;
    };
    guard(|| {
        let text = String::from_utf8_lossy(bytes);
        let until = if move_number > 0 {
            Until::Move(move_number as usize)
        } else {
            Until::End
        };
        match sgf::load(&text, &until) {
            Ok(loaded) => {
                b.board = loaded.board;
                match loaded.to_move {
                    Color::Black => GO_BLACK,
                    Color::White => GO_WHITE,
                }
            }
            Err(_) => GO_ERR_SGF,
        }
    })
}

/// The bytes of a NUL-terminated string, reading at most `max + 1` bytes;
/// `None` when no NUL comes within `max` bytes.
///
/// # Safety
/// `p` points to a NUL-terminated string or to at least `max + 1` bytes.
unsafe fn bounded_str<'a>(p: *const c_char, max: usize) -> Option<&'a [u8]> {
    let mut len = 0;
    while len <= max {
        if *p.add(len) == 0 {
            return Some(std::slice::from_raw_parts(p as *const u8, len));
        }
        len += 1;
    }
    None
}

/// Fills `out` with the data of the worm at `vertex` (a string, or the
/// cavity of an empty point). Returns `GO_OK`, `GO_ERR_NULL` or
/// `GO_ERR_VERTEX` (`out` untouched on error).
///
/// # Safety
/// `board` is NULL or a live handle; `out` is NULL or points to a
/// writable `go_worm`.
#[no_mangle]
pub unsafe extern "C" fn go_worm_data(
    board: *const go_board,
    vertex: c_int,
    out: *mut go_worm,
) -> c_int {
    let (Some(b), false) = (board.as_ref(), out.is_null()) else {
        return GO_ERR_NULL;
    };
    let result = boundary(Err(GO_ERR_INTERNAL), || {
        let Ok(Some(v)) = vertex_of(b.board.size(), vertex) else {
            return Err(GO_ERR_VERTEX);
        };
        let worms = Worms::analyze(b.board.position());
        let w = worms.at(v);
        Ok(go_worm {
            color: match w.color {
                WormColor::Black => GO_BLACK,
                WormColor::White => GO_WHITE,
                WormColor::BlackBorder => GO_BLACK_BORDER,
                WormColor::WhiteBorder => GO_WHITE_BORDER,
                WormColor::GrayBorder => GO_GRAY_BORDER,
            },
            size: w.size as c_int,
            effective_size: w.effective_size,
            origin: w.origin as c_int,
            liberties: w.liberties as c_int,
            liberties2: w.liberties2 as c_int,
            liberties3: w.liberties3 as c_int,
            liberties4: w.liberties4 as c_int,
            cutstone: w.cutstone as c_int,
            genus: w.genus as c_int,
            ko: w.ko as c_int,
            inessential: w.inessential as c_int,
            lunch: c_vertex(w.lunch),
            attack_code: w.attack_code,
            attack_point: c_vertex(w.attack_point),
            defense_code: w.defense_code,
            defense_point: c_vertex(w.defense_point),
        })
    });
    match result {
        Ok(worm) => {
            out.write(worm);
            GO_OK
        }
        Err(e) => e,
    }
}

/// The vertex of the GTP coordinate `text` (e.g. `"D4"`, case-insensitive,
/// `"pass"` gives `GO_PASS`) on a board of `size`; reads at most 16 bytes.
/// Returns the vertex, or `GO_ERR_NULL`, `GO_ERR_SIZE`, `GO_ERR_VERTEX`.
///
/// # Safety
/// `text` is NULL or NUL-terminated (or has at least 17 readable bytes).
#[no_mangle]
pub unsafe extern "C" fn go_vertex_from_gtp(size: c_int, text: *const c_char) -> c_int {
    if text.is_null() {
        return GO_ERR_NULL;
    }
    if !(2..=19).contains(&size) {
        return GO_ERR_SIZE;
    }
    let Some(bytes) = bounded_str(text, 16) else {
        return GO_ERR_VERTEX;
    };
    guard(|| {
        let Ok(t) = std::str::from_utf8(bytes) else {
            return GO_ERR_VERTEX;
        };
        let t = t.trim();
        if t.contains(char::is_whitespace) {
            return GO_ERR_VERTEX;
        }
        let n = size as usize;
        match coord::move_from_gtp(n, t) {
            Some(None) if t.len() == 4 => GO_PASS,
            Some(Some(v)) if coord::to_gtp(n, v).eq_ignore_ascii_case(t) => v as c_int,
            _ => GO_ERR_VERTEX,
        }
    })
}

/// Writes the GTP name of `vertex` (e.g. `"D4"`, or `"PASS"` for
/// `GO_PASS`) on a board of `size` into `buf` (`len` bytes, NUL
/// included; 5 bytes always suffice). Returns the length written without
/// the NUL, or `GO_ERR_NULL`, `GO_ERR_SIZE` (bad board size or buffer too
/// small), `GO_ERR_VERTEX`.
///
/// # Safety
/// `buf` is NULL or points to `len` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn go_vertex_to_gtp(
    size: c_int,
    vertex: c_int,
    buf: *mut c_char,
    len: usize,
) -> c_int {
    guard(|| {
        if buf.is_null() {
            return GO_ERR_NULL;
        }
        if !(2..=19).contains(&size) {
            return GO_ERR_SIZE;
        }
        let n = size as usize;
        let text = match vertex_of(n, vertex) {
            Ok(v) => coord::to_gtp_or_pass(n, v),
            Err(e) => return e,
        };
        if text.len() + 1 > len {
            return GO_ERR_SIZE;
        }
        write_c_string_raw(buf, len, &text);
        text.len() as c_int
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unterminated_strings_are_rejected_within_bounds() {
        // 17 readable bytes, no NUL: read up to the bound, then refused.
        let junk = [b'A' as c_char; 17];
        assert_eq!(
            unsafe { go_vertex_from_gtp(19, junk.as_ptr()) },
            GO_ERR_VERTEX
        );
        let ok = b"d4\0".map(|b| b as c_char);
        assert_eq!(unsafe { go_vertex_from_gtp(19, ok.as_ptr()) }, 15 * 19 + 3);
        let spaced = b"d 4\0".map(|b| b as c_char);
        assert_eq!(
            unsafe { go_vertex_from_gtp(19, spaced.as_ptr()) },
            GO_ERR_VERTEX
        );
    }

    #[test]
    fn handles_are_independent() {
        let a = go_board_new(5);
        let b = go_board_new(7);
        unsafe {
            assert_eq!(go_play(a, GO_BLACK, 12), GO_OK);
            assert_eq!(go_get(a, 12), GO_BLACK);
            assert_eq!(go_get(b, 12), GO_EMPTY);
            assert_eq!(go_board_size(b), 7);
            let mut w = go_worm::default();
            assert_eq!(go_worm_data(a, 12, &mut w), GO_OK);
            assert_eq!(
                (w.color, w.size, w.liberties, w.origin),
                (GO_BLACK, 1, 4, 12)
            );
            assert_eq!(go_worm_data(a, 0, &mut w), GO_OK);
            assert_eq!((w.color, w.size, w.origin), (GO_BLACK_BORDER, 24, 0));
            go_board_free(a);
            go_board_free(b);
        }
    }
}
