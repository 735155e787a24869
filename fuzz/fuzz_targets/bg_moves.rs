//! Backgammon legal moves: `bg_generate_moves` on arbitrary boards and
//! dice with any capacity (NULL buffer too), `bg_move_text` and
//! `bg_position_apply` on every generated move and on arbitrary move
//! structs. Checks: the count does not depend on the buffer, each generated
//! move applies and moves exactly its steps' chequers, the mover keeps or
//! bears off chequers but never gains any, and moves are all distinct.
#![no_main]

use dds::backgammon::*;
use kibitz_fuzz::Input;
use libfuzzer_sys::fuzz_target;
use std::os::raw::{c_char, c_int, c_uint};

type BgBoard = [[c_uint; 25]; 2];

/// A board: up to 15 chequers a side spread by the input (both sides may
/// share points; the library must refuse those), or arbitrary counts.
fn board(input: &mut Input) -> BgBoard {
    let mut b = [[0; 25]; 2];
    if input.u8() < 16 {
        for v in b.iter_mut().flatten() {
            *v = u32::from(input.u8() % 5);
        }
        return b;
    }
    for side in b.iter_mut() {
        let n = 15 - input.below(16) * usize::from(input.u8() < 64);
        for _ in 0..n {
            // Favour the home board so that bearing off happens.
            let p = if input.bool() {
                input.below(6)
            } else {
                input.below(25)
            };
            side[p] += 1;
        }
    }
    b
}

fn total(side: &[c_uint; 25]) -> c_uint {
    side.iter().sum()
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let b = board(&mut input);
    let (d0, d1) = (input.int(1, 6), input.int(1, 6));
    let mut count: c_int = -1;
    let r = unsafe { bg_generate_moves(b.as_ptr(), d0, d1, std::ptr::null_mut(), 0, &mut count) };
    if r != BG_OK {
        assert!([-1, -2, -3, -4, -7].contains(&r), "code {r}");
    } else {
        assert!((0..=BG_MAX_MOVES).contains(&count), "count {count}");
        let cap = if input.u8() < 32 {
            input.int(0, count).min(count + 8)
        } else {
            count
        };
        let mut moves = vec![bg_move::default(); cap.max(0) as usize];
        let mut again: c_int = -1;
        let r2 =
            unsafe { bg_generate_moves(b.as_ptr(), d0, d1, moves.as_mut_ptr(), cap, &mut again) };
        if cap < count {
            assert_eq!(r2, BG_ERR_BUFFER);
        } else {
            assert_eq!((r2, again), (BG_OK, count));
            let moves = &moves[..count as usize];
            for (i, m) in moves.iter().enumerate() {
                assert!(!moves[..i].contains(m), "move listed twice");
                let mut text = [0 as c_char; BG_MOVE_TEXT_LEN as usize];
                let rt =
                    unsafe { bg_move_text(b.as_ptr(), m, text.as_mut_ptr(), BG_MOVE_TEXT_LEN) };
                assert_eq!(rt, BG_OK, "text of a generated move");
                assert!(text.contains(&0));
                let mut after = b;
                let ra = unsafe { bg_position_apply(after.as_mut_ptr(), m) };
                assert_eq!(ra, BG_OK, "apply a generated move");
                assert!(total(&after[1]) <= total(&b[1]), "mover gained chequers");
                assert_eq!(total(&after[0]), total(&b[0]), "opponent lost chequers");
                assert!(
                    (1..=4).contains(&m.n) || (m.n == 0 && count == 1),
                    "move {m:?} of {count} on {b:?} dice {d0} {d1}"
                );
            }
        }
    }
    // An arbitrary move struct on the same board.
    let mut m = bg_move {
        n: input.int(0, 4),
        ..bg_move::default()
    };
    for k in 0..4 {
        m.from[k] = input.int(0, 25);
        m.to[k] = input.int(0, 24);
    }
    let mut after = b;
    let ra = unsafe { bg_position_apply(after.as_mut_ptr(), &m) };
    let len = input.int(0, 48).min(64);
    let mut text = vec![0 as c_char; len.max(0) as usize + 1];
    let rt = unsafe { bg_move_text(b.as_ptr(), &m, text.as_mut_ptr(), len) };
    assert!(
        [0, -1, -2, -3, -4, -9, -10].contains(&ra),
        "apply code {ra}"
    );
    assert!([0, -1, -2, -3, -4, -9, -10].contains(&rt), "text code {rt}");
    if ra != BG_OK {
        assert_eq!(after, b, "a failed apply changed the board");
    } else {
        assert!(total(&after[1]) <= total(&b[1]));
    }
});
