//! Tactical reading from C: `go_attack` and `go_defend`.

use std::ffi::c_int;

use super::{c_vertex, go_board, GO_ERR_EMPTY, GO_ERR_INTERNAL, GO_ERR_NULL, GO_ERR_VERTEX};
use kibitz::go::board::Board;
use kibitz::go::reading::{self, Code, Question, ReadingLimits};

use crate::boundary::boundary;

/// The code of a success through a ko after a threat (GNU Go's KO_B).
pub const GO_KO_B: c_int = 1;
/// The reading code of a failure (GNU Go's LOSE).
pub const GO_LOSE: c_int = 0;

/// A C reading code: GNU Go's internal numbers.
fn c_code(c: Code) -> c_int {
    c.gnugo() as c_int
}

/// Runs a reading question on the string at `vertex` and stores the move.
///
/// # Safety
/// `board` is NULL or a live handle; `mv` is NULL or writable.
unsafe fn ask(board: *const go_board, vertex: c_int, mv: *mut c_int, f: Question) -> c_int {
    let Some(b) = board.as_ref() else {
        return GO_ERR_NULL;
    };
    let board: &Board = &b.board;
    let res = boundary(Err(GO_ERR_INTERNAL), || {
        let n = board.size();
        if vertex < 0 || vertex as usize >= n * n {
            return Err(GO_ERR_VERTEX);
        }
        f(board.position(), vertex as usize, &ReadingLimits::default()).ok_or(GO_ERR_EMPTY)
    });
    match res {
        Err(e) => e,
        Ok(o) => {
            if let Some(m) = mv.as_mut() {
                *m = c_vertex(o.point);
            }
            c_code(o.code)
        }
    }
}

/// Can the string at `vertex` be captured, its opponent moving first?
/// Returns GNU Go's code: `GO_WIN` (5), `GO_KO_A` (4, by a ko the attacker
/// takes first), `GO_KO_B` (1, by a ko after a threat) or `GO_LOSE` (0);
/// `*move` (if `move` is not NULL) gets the attacking vertex, or `GO_PASS`
/// when the code is `GO_LOSE`. Errors (nothing written): `GO_ERR_NULL`
/// (NULL board), `GO_ERR_VERTEX` (not a vertex of the board),
/// `GO_ERR_EMPTY` (no stone there), `GO_ERR_INTERNAL`.
///
/// # Safety
/// `board` is NULL or a live handle; `move` is NULL or points to an `int`.
#[no_mangle]
pub unsafe extern "C" fn go_attack(
    board: *const go_board,
    vertex: c_int,
    r#move: *mut c_int,
) -> c_int {
    ask(board, vertex, r#move, reading::attack)
}

/// Can the string at `vertex` be saved, its owner moving first? Returns
/// the code as `go_attack` does (`GO_WIN` with `*move` = `GO_PASS` when
/// the string has five or more liberties and needs no move); `*move` gets
/// the defending vertex. Same errors as `go_attack`.
///
/// # Safety
/// `board` is NULL or a live handle; `move` is NULL or points to an `int`.
#[no_mangle]
pub unsafe extern "C" fn go_defend(
    board: *const go_board,
    vertex: c_int,
    r#move: *mut c_int,
) -> c_int {
    ask(board, vertex, r#move, reading::find_defense)
}
