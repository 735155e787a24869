//! The dragon part of the Go C API: dragon data and status, same-dragon
//! tests and distances. Each call analyses the handle's current position
//! from scratch (worms, then dragons).

use std::ffi::c_int;

use super::{color_of, go_board, guard, vertex_of, GO_ERR_COLOR, GO_ERR_NULL, GO_ERR_VERTEX};
use kibitz::go::dragons::{Dragons, Status};
use kibitz::go::{Color, Worms};

/// Dragon status: dead (GNU Go's DEAD).
pub const GO_DEAD: c_int = 0;
/// Dragon status: alive (GNU Go's ALIVE).
pub const GO_ALIVE: c_int = 1;
/// Dragon status: critical, the first player at the vital point decides.
pub const GO_CRITICAL: c_int = 2;
/// Dragon status: unknown.
pub const GO_UNKNOWN: c_int = 3;
/// Error: the vertex is empty where a stone is needed.
pub const GO_ERR_EMPTY: c_int = -8;
/// Error: a flag argument other than 0 or 1.
pub const GO_ERR_ARG: c_int = -9;
/// What `go_distance` returns when no stone of the colour can be reached.
pub const GO_FAR: c_int = 1000;

/// The data of the dragon at a vertex.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct go_dragon {
    /// `GO_BLACK` or `GO_WHITE`.
    pub color: c_int,
    /// The dragon's first stone in board order.
    pub origin: c_int,
    /// The number of stones.
    pub size: c_int,
    /// The sum of its worms' effective sizes.
    pub effective_size: f32,
    /// The number of worms (strings).
    pub worms: c_int,
    /// Eyes if the attacker moves twice, first; the defender first,
    /// twice (GNU Go's eyevalue a, b, c, d; b is the minimum, c the maximum).
    pub genus: [c_int; 4],
    /// A point that makes or destroys a half eye, or `GO_PASS`.
    pub heye: c_int,
    /// The most liberties of order 4 among its worms.
    pub escape_route: c_int,
    /// An adjacent capturable enemy string's origin, or `GO_PASS`.
    pub lunch: c_int,
    /// `GO_ALIVE`, `GO_DEAD`, `GO_CRITICAL` or `GO_UNKNOWN`.
    pub status: c_int,
    /// The attacker's vital point when critical, else `GO_PASS`.
    pub attack_point: c_int,
    /// The defender's vital point when critical, else `GO_PASS`.
    pub defense_point: c_int,
}

/// The dragons of the handle's position.
fn analyze(b: &go_board) -> Dragons {
    let pos = b.board.position();
    Dragons::analyze(pos, &Worms::analyze(pos))
}

/// A vertex on the board that holds a stone.
fn stone_of(b: &go_board, vertex: c_int) -> Result<usize, c_int> {
    let Ok(Some(v)) = vertex_of(b.board.size(), vertex) else {
        return Err(GO_ERR_VERTEX);
    };
    if b.board.position().get(v).is_none() {
        return Err(GO_ERR_EMPTY);
    }
    Ok(v)
}

/// A status as C.
fn c_status(s: Status) -> c_int {
    match s {
        Status::Dead => GO_DEAD,
        Status::Alive => GO_ALIVE,
        Status::Critical => GO_CRITICAL,
        Status::Unknown => GO_UNKNOWN,
    }
}

/// Fills `out` with the data of the dragon of the stone at `vertex`.
/// Returns `GO_OK`, or `GO_ERR_NULL` (NULL pointer), `GO_ERR_VERTEX`
/// (off the board or a pass), `GO_ERR_EMPTY` (no stone there),
/// `GO_ERR_INTERNAL`; `out` is untouched on error.
///
/// # Safety
/// `board` is NULL or a live handle; `out` is NULL or points to a
/// writable `go_dragon`.
#[no_mangle]
pub unsafe extern "C" fn go_dragon_data(
    board: *const go_board,
    vertex: c_int,
    out: *mut go_dragon,
) -> c_int {
    let (Some(b), false) = (board.as_ref(), out.is_null()) else {
        return GO_ERR_NULL;
    };
    guard(|| {
        let v = match stone_of(b, vertex) {
            Ok(v) => v,
            Err(e) => return e,
        };
        let dragons = analyze(b);
        let d = dragons.at(v).expect("a stone has a dragon");
        let vertex = |p: Option<usize>| p.map_or(super::GO_PASS, |p| p as c_int);
        let g = d.genus;
        let data = go_dragon {
            color: if d.color == Color::Black {
                super::GO_BLACK
            } else {
                super::GO_WHITE
            },
            origin: d.origin as c_int,
            size: d.size as c_int,
            effective_size: d.effective_size,
            worms: d.worms.len() as c_int,
            genus: [g.a, g.b, g.c, g.d].map(c_int::from),
            heye: vertex(d.heye),
            escape_route: d.escape_route as c_int,
            lunch: vertex(d.lunch),
            status: c_status(d.status),
            attack_point: vertex(d.attack_point),
            defense_point: vertex(d.defense_point),
        };
        // SAFETY: `out` is non-NULL and writable by the caller's contract.
        unsafe { out.write(data) };
        super::GO_OK
    })
}

/// The status of the dragon of the stone at `vertex`: `GO_ALIVE`,
/// `GO_DEAD`, `GO_CRITICAL` or `GO_UNKNOWN`. Returns `GO_ERR_NULL`,
/// `GO_ERR_VERTEX`, `GO_ERR_EMPTY` or `GO_ERR_INTERNAL` on error.
///
/// # Safety
/// `board` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn go_dragon_status(board: *const go_board, vertex: c_int) -> c_int {
    let Some(b) = board.as_ref() else {
        return GO_ERR_NULL;
    };
    guard(|| match stone_of(b, vertex) {
        Ok(v) => c_status(analyze(b).at(v).expect("a stone").status),
        Err(e) => e,
    })
}

/// 1 when the stones at `a` and `b` belong to one dragon, else 0.
/// Returns `GO_ERR_NULL`, `GO_ERR_VERTEX`, `GO_ERR_EMPTY` (either vertex
/// empty) or `GO_ERR_INTERNAL` on error.
///
/// # Safety
/// `board` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn go_same_dragon(board: *const go_board, a: c_int, b: c_int) -> c_int {
    let Some(h) = board.as_ref() else {
        return GO_ERR_NULL;
    };
    guard(|| {
        let (va, vb) = match (stone_of(h, a), stone_of(h, b)) {
            (Ok(va), Ok(vb)) => (va, vb),
            (Err(e), _) | (_, Err(e)) => return e,
        };
        c_int::from(analyze(h).same(va, vb))
    })
}

/// The distance from `vertex` to the nearest stone of `color` over empty
/// points (0 on such a stone, `GO_FAR` when none can be reached); with
/// `strategic` 1 only stones of dragons that are not dead count.
/// Returns `GO_ERR_NULL`, `GO_ERR_VERTEX`, `GO_ERR_COLOR`, `GO_ERR_ARG`
/// (`strategic` not 0 or 1) or `GO_ERR_INTERNAL` on error.
///
/// # Safety
/// `board` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn go_distance(
    board: *const go_board,
    vertex: c_int,
    color: c_int,
    strategic: c_int,
) -> c_int {
    let Some(b) = board.as_ref() else {
        return GO_ERR_NULL;
    };
    guard(|| {
        let Ok(Some(v)) = vertex_of(b.board.size(), vertex) else {
            return GO_ERR_VERTEX;
        };
        let Some(color) = color_of(color) else {
            return GO_ERR_COLOR;
        };
        let strategic = match strategic {
            0 => false,
            1 => true,
            _ => return GO_ERR_ARG,
        };
        analyze(b)
            .distance(v, color, strategic)
            .map_or(GO_FAR, |d| d as c_int)
    })
}
