//! The Go board C API: `go_load_sgf` on arbitrary text (any bytes, any
//! move number), then `go_get` on every vertex and `go_worm_data` on one;
//! and sequences of `go_play` / `go_undo` with arbitrary colours and
//! vertices on boards of any size. Checks: an accepted SGF gives a board
//! whose points are empty, black or white; a legal move followed by an
//! undo restores the board exactly; a refused move changes nothing.
#![no_main]

use dds::go::*;
use kibitz_fuzz::Input;
use libfuzzer_sys::fuzz_target;
use std::os::raw::{c_char, c_int};

/// Every point of the board.
fn snapshot(b: *const go_board) -> Vec<c_int> {
    let n = unsafe { go_board_size(b) };
    (0..n * n).map(|v| unsafe { go_get(b, v) }).collect()
}

fn sgf(input: &mut Input) {
    let b = go_board_new(19);
    assert!(!b.is_null());
    let move_number = match input.u8() {
        0 => 0,
        255 => input.u32() as c_int,
        m => c_int::from(m) - 8,
    };
    let probe = input.u8();
    let mut text: Vec<c_char> = input.rest().iter().map(|&c| c as c_char).collect();
    text.push(0);
    let r = unsafe { go_load_sgf(b, text.as_ptr(), move_number) };
    assert!([GO_BLACK, GO_WHITE, GO_ERR_SGF].contains(&r), "code {r}");
    let points = snapshot(b);
    let n = unsafe { go_board_size(b) };
    assert!((2..=19).contains(&n), "size {n}");
    assert!(points
        .iter()
        .all(|p| [GO_EMPTY, GO_BLACK, GO_WHITE].contains(p)));
    if r != GO_ERR_SGF {
        let v = c_int::from(probe) % (n * n);
        let mut w = go_worm::default();
        let rw = unsafe { go_worm_data(b, v, &mut w) };
        assert_eq!(rw, GO_OK);
        assert!(w.size >= 1 && w.origin >= 0 && w.origin < n * n);
    }
    unsafe { go_board_free(b) };
}

fn plays(input: &mut Input) {
    let size = input.int(1, 19);
    let b = go_board_new(size);
    if b.is_null() {
        assert!(!(2..=19).contains(&size), "size {size} refused");
        return;
    }
    let n = unsafe { go_board_size(b) };
    assert_eq!(n, size);
    for _ in 0..64 {
        let op = input.u8();
        if op == 0 {
            break;
        }
        let before = snapshot(b);
        if op < 16 {
            let r = unsafe { go_undo(b) };
            assert!(r == GO_OK || r == GO_ERR_ILLEGAL);
            continue;
        }
        let color = if op < 32 {
            input.int(0, 5)
        } else {
            [GO_BLACK, GO_WHITE][usize::from(op & 1)]
        };
        let v = if input.u8() < 8 {
            input.int(-2, n * n)
        } else {
            c_int::from(input.u8()) % (n * n)
        };
        let r = unsafe { go_play(b, color, v) };
        assert!(
            [GO_OK, GO_ERR_COLOR, GO_ERR_VERTEX, GO_ERR_ILLEGAL].contains(&r),
            "code {r}"
        );
        if r != GO_OK {
            assert_eq!(snapshot(b), before, "a refused move changed the board");
            continue;
        }
        if v >= 0 {
            assert_eq!(unsafe { go_get(b, v) }, color);
        }
        if op & 2 == 0 {
            assert_eq!(unsafe { go_undo(b) }, GO_OK);
            assert_eq!(snapshot(b), before, "undo did not restore the board");
            assert_eq!(unsafe { go_play(b, color, v) }, GO_OK, "replay after undo");
        }
    }
    let mut buf = [0 as c_char; 8];
    let v = input.int(-2, n * n);
    let r = unsafe { go_vertex_to_gtp(n, v, buf.as_mut_ptr(), buf.len()) };
    if r > 0 {
        assert_eq!(
            unsafe { go_vertex_from_gtp(n, buf.as_ptr()) },
            v,
            "GTP vertex round trip"
        );
    }
    unsafe { go_board_free(b) };
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    if input.u8() & 0x80 == 0 {
        sgf(&mut input);
    } else {
        plays(&mut input);
    }
});
