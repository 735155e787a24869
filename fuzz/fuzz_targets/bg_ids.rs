//! Backgammon position IDs, position keys and match IDs: arbitrary ID
//! strings (any bytes, any length, NUL anywhere), arbitrary boards and
//! match states. Every ID or key that is accepted must round-trip: decode,
//! encode, decode gives the same board or match state.
#![no_main]

use dds::backgammon::*;
use kibitz_fuzz::Input;
use libfuzzer_sys::fuzz_target;
use std::os::raw::{c_char, c_int, c_uint};

type BgBoard = [[c_uint; 25]; 2];

/// Every code the ID functions may return.
const CODES: [c_int; 10] = [0, -1, -2, -3, -4, -5, -6, -8, -10, -11];

/// A NUL-terminated string of up to `max` arbitrary bytes.
fn c_text(input: &mut Input, max: usize) -> Vec<c_char> {
    let len = input.below(max + 1);
    let mut t: Vec<c_char> = input.bytes(len).into_iter().map(|b| b as c_char).collect();
    t.push(0);
    t
}

/// A board: chequers spread by the input (mostly legal), or any counts.
fn board(input: &mut Input) -> BgBoard {
    let mut b = [[0; 25]; 2];
    if input.u8() < 32 {
        for v in b.iter_mut().flatten() {
            *v = if input.u8() < 250 {
                u32::from(input.u8() % 4)
            } else {
                input.u32()
            };
        }
        return b;
    }
    for side in b.iter_mut() {
        let n = input.below(16);
        for _ in 0..n {
            side[input.below(25)] += 1;
        }
    }
    b
}

fn id_of(b: &BgBoard) -> Result<[c_char; 15], c_int> {
    let mut id = [1 as c_char; 15];
    match unsafe { bg_position_id(b.as_ptr(), id.as_mut_ptr()) } {
        BG_OK => Ok(id),
        e => Err(e),
    }
}

fn from_id(id: &[c_char]) -> Result<BgBoard, c_int> {
    let mut b = [[7; 25]; 2];
    match unsafe { bg_position_from_id(id.as_ptr(), b.as_mut_ptr()) } {
        BG_OK => Ok(b),
        e => Err(e),
    }
}

/// Board -> ID -> board, key -> board; pip count and class never fail on
/// a board the ID accepts.
fn check_board(b: &BgBoard) {
    let id = match id_of(b) {
        Ok(id) => id,
        Err(e) => {
            assert!(CODES.contains(&e), "code {e}");
            return;
        }
    };
    assert_eq!(id[14], 0, "position ID not terminated at 14 characters");
    assert_eq!(from_id(&id), Ok(*b), "position ID round trip");
    let mut key = [0u8; 10];
    assert_eq!(
        unsafe { bg_position_key(b.as_ptr(), key.as_mut_ptr()) },
        BG_OK
    );
    let mut back = [[9; 25]; 2];
    assert_eq!(
        unsafe { bg_position_from_key(key.as_ptr(), back.as_mut_ptr()) },
        BG_OK
    );
    assert_eq!(&back, b, "position key round trip");
    let mut pips = [0 as c_uint; 2];
    assert_eq!(
        unsafe { bg_pip_count(b.as_ptr(), pips.as_mut_ptr()) },
        BG_OK
    );
    let expected = |side: &[c_uint; 25]| -> c_uint {
        side.iter()
            .enumerate()
            .map(|(i, &n)| n * (i as c_uint + 1))
            .sum()
    };
    assert_eq!(pips, [expected(&b[0]), expected(&b[1])], "pip count");
    assert!(unsafe { bg_classify(b.as_ptr()) } >= 0);
    let mut swapped = *b;
    unsafe { bg_position_swap(swapped.as_mut_ptr()) };
    assert_eq!(swapped, [b[1], b[0]]);
}

fn match_id_of(m: &bg_match_state) -> Result<[c_char; 13], c_int> {
    let mut id = [1 as c_char; 13];
    match unsafe { bg_match_id(m, id.as_mut_ptr()) } {
        BG_OK => Ok(id),
        e => Err(e),
    }
}

fn match_from_id(id: &[c_char]) -> Result<bg_match_state, c_int> {
    let mut m = bg_match_state::default();
    match unsafe { bg_match_from_id(id.as_ptr(), &mut m) } {
        BG_OK => Ok(m),
        e => Err(e),
    }
}

/// Match state -> ID -> match state (the ID keeps the larger die first).
fn check_match(m: &bg_match_state) {
    let id = match match_id_of(m) {
        Ok(id) => id,
        Err(e) => {
            assert!(CODES.contains(&e), "code {e}");
            return;
        }
    };
    assert_eq!(id[12], 0, "match ID not terminated at 12 characters");
    let back = match_from_id(&id).expect("an encoded match ID decodes");
    let sorted = |d: [c_int; 2]| [d[0].max(d[1]), d[0].min(d[1])];
    assert_eq!(
        bg_match_state {
            dice: sorted(back.dice),
            ..back
        },
        bg_match_state {
            dice: sorted(m.dice),
            ..*m
        },
        "match ID round trip"
    );
}

fn match_state(input: &mut Input) -> bg_match_state {
    bg_match_state {
        cube: if input.bool() {
            1 << input.below(17)
        } else {
            input.int(0, 64)
        },
        cube_owner: input.int(-1, 1),
        dice_owner: input.int(0, 1),
        crawford: input.int(0, 1),
        game_state: input.int(0, 4),
        turn: input.int(0, 1),
        doubled: input.int(0, 1),
        resigned: input.int(0, 3),
        dice: [input.int(0, 6), input.int(0, 6)],
        match_length: input.int(0, 64),
        score: [input.int(0, 64), input.int(0, 64)],
        jacoby: input.int(0, 1),
    }
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    match input.below(4) {
        0 => {
            let text = c_text(&mut input, 16);
            match from_id(&text) {
                Ok(b) => check_board(&b),
                Err(e) => assert!(CODES.contains(&e), "code {e}"),
            }
        }
        1 => check_board(&board(&mut input)),
        2 => {
            let text = c_text(&mut input, 14);
            match match_from_id(&text) {
                Ok(m) => check_match(&m),
                Err(e) => assert!(CODES.contains(&e), "code {e}"),
            }
        }
        _ => check_match(&match_state(&mut input)),
    }
});
