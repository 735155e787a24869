//! Eight threads at once on the backgammon, Go and score C functions (the
//! DDS ones are covered by `c_tests/stress.c`), each Go thread with its own
//! board handle: every thread must get the single-threaded answers.

use std::ffi::CString;
use std::os::raw::{c_char, c_int, c_uint, c_void};

use dds::backgammon::*;
use dds::go::*;
use dds::score::*;

/// Position IDs from `tests/data/gnubg/vectors.txt` (opening, race87,
/// bearoff1, crashed, blitz, onbar).
const POSITIONS: [&str; 6] = [
    "4HPwATDgc/ABMA",
    "2MY5BwDs7swAAA",
    "bXcPAADb7g4AAA",
    "bHcOBgDQAAAMAA",
    "4Bx8AGy23RkEAA",
    "4HPwASHgc/AAWA",
];

/// Every legal move of every roll from each position, as the position IDs
/// they lead to.
fn backgammon() -> Vec<String> {
    let mut out = Vec::new();
    for id in POSITIONS {
        let id = CString::new(id).unwrap();
        let mut board = [[0 as c_uint; 25]; 2];
        assert_eq!(
            unsafe { bg_position_from_id(id.as_ptr(), board.as_mut_ptr()) },
            BG_OK
        );
        for d0 in 1..=6 {
            for d1 in d0..=6 {
                let mut moves = vec![bg_move::default(); BG_MAX_MOVES as usize];
                let mut count: c_int = 0;
                let r = unsafe {
                    bg_generate_moves(
                        board.as_ptr(),
                        d0,
                        d1,
                        moves.as_mut_ptr(),
                        BG_MAX_MOVES,
                        &mut count,
                    )
                };
                assert_eq!(r, BG_OK);
                for m in &moves[..count as usize] {
                    let mut after = board;
                    assert_eq!(unsafe { bg_position_apply(after.as_mut_ptr(), m) }, BG_OK);
                    let mut text = [0 as c_char; 15];
                    assert_eq!(
                        unsafe { bg_position_id(after.as_ptr(), text.as_mut_ptr()) },
                        BG_OK
                    );
                    let text: Vec<u8> = text[..14].iter().map(|&c| c as u8).collect();
                    out.push(String::from_utf8(text).unwrap());
                }
            }
        }
    }
    out
}

/// A game loaded on a handle of its own, a few worms' data, plays and undos.
fn go() -> Vec<String> {
    let sgf = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/go/games/9x9-2.sgf"
    ))
    .unwrap();
    let sgf = CString::new(sgf).unwrap();
    let b = go_board_new(19);
    assert!(!b.is_null());
    let mut out = Vec::new();
    for move_number in [10, 30, 0] {
        let to_move = unsafe { go_load_sgf(b, sgf.as_ptr(), move_number) };
        out.push(format!("load {move_number}: {to_move}"));
        let n = unsafe { go_board_size(b) };
        for v in (0..n * n).step_by(7) {
            let mut w = go_worm::default();
            assert_eq!(unsafe { go_worm_data(b, v, &mut w) }, GO_OK);
            out.push(format!(
                "{v}: {} {} {} {} {} {}",
                w.color, w.size, w.liberties, w.attack_code, w.defense_code, w.genus
            ));
        }
        for v in 0..n * n {
            let r = unsafe { go_play(b, GO_BLACK, v) };
            if r == GO_OK {
                assert_eq!(unsafe { go_undo(b) }, GO_OK);
            }
            out.push(format!("{r}"));
        }
    }
    unsafe { go_board_free(b) };
    out
}

unsafe extern "C" fn reaches(target: c_int, user: *mut c_void) -> c_int {
    c_int::from(unsafe { *(user as *const c_int) } >= target)
}

/// Score texts, table adjustments and the target driver.
fn score() -> Vec<String> {
    let mut out = Vec::new();
    for s in (-32001..=32001).step_by(97) {
        let mut buf = [0 as c_char; 32];
        let n = unsafe { score_to_uci(s, SCORE_SF15_PAWN, buf.as_mut_ptr(), 32) };
        let text: String = buf
            .iter()
            .take_while(|&&c| c != 0)
            .map(|&c| c as u8 as char)
            .collect();
        out.push(format!(
            "{n} {text} {} {}",
            score_to_tt(s, 7),
            score_from_tt(s, 7, 12)
        ));
    }
    for mut v in 0..=13 {
        let user = &mut v as *mut c_int as *mut c_void;
        out.push(unsafe { score_target_search(13, 7, Some(reaches), user) }.to_string());
    }
    out
}

#[test]
fn threads_agree_with_one_thread() {
    let want = (backgammon(), go(), score());
    assert!(want.0.len() > 1000, "{} moves", want.0.len());
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..8)
            .map(|i| {
                scope.spawn(move || {
                    // Different threads run the families in different orders.
                    let mut got = (Vec::new(), Vec::new(), Vec::new());
                    for round in 0..9 {
                        match (i + round) % 3 {
                            0 => got.0 = backgammon(),
                            1 => got.1 = go(),
                            _ => got.2 = score(),
                        }
                    }
                    got
                })
            })
            .collect();
        for h in handles {
            assert!(h.join().unwrap() == want, "a thread's answers differ");
        }
    });
}
