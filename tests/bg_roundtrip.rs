//! Round trips on seeded random inputs: ID → board → ID and key → board →
//! key for random legal boards, match ID → state → match ID, and random
//! junk (strings, boards, match states, moves) into the Rust decoders and
//! the C functions, which must return an error code, never panic, and
//! write nothing on error.

#[path = "support/random.rs"]
mod random;

#[path = "support/bg_random.rs"]
mod bg_random;

use std::os::raw::{c_char, c_int, c_uint};

use dds::backgammon::*;
use kibitz::backgammon::{Board, MatchState};
use random::Rng;

/// Random bytes: mostly Base64 characters, sometimes anything.
fn junk(rng: &mut Rng, len: usize) -> Vec<u8> {
    const B64: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    (0..len)
        .map(|_| {
            if rng.chance(0.9) {
                B64[rng.below(64)]
            } else {
                rng.range(1, 255) as u8
            }
        })
        .collect()
}

#[test]
fn ids_and_keys_round_trip() {
    let mut rng = Rng::new(0x1d5);
    for _ in 0..20_000 {
        let b = bg_random::random_board(&mut rng);
        let id = b.position_id();
        assert_eq!(id.len(), 14);
        assert_eq!(Board::from_position_id(&id), Ok(b), "{id}");
        assert_eq!(Board::from_key(&b.key()), Ok(b), "{id}");
        assert_eq!(b.swapped().swapped(), b);
        let mut counts = b.to_counts();
        let mut out = [0 as c_char; 15];
        assert_eq!(
            unsafe { bg_position_id(counts.as_ptr(), out.as_mut_ptr()) },
            BG_OK
        );
        let text: Vec<u8> = out[..14].iter().map(|&c| c as u8).collect();
        assert_eq!(text, id.as_bytes());
        assert_eq!(out[14], 0);
        unsafe { bg_position_swap(counts.as_mut_ptr()) };
        assert_eq!(counts, b.swapped().to_counts());
    }
}

#[test]
fn match_ids_round_trip() {
    let mut rng = Rng::new(0x3a7);
    for _ in 0..20_000 {
        let s = bg_random::random_match_state(&mut rng);
        let id = s.match_id().unwrap();
        let mut sorted = s;
        sorted.dice = [s.dice[0].max(s.dice[1]), s.dice[0].min(s.dice[1])];
        assert_eq!(MatchState::from_match_id(&id), Ok(sorted), "{id}");
        assert_eq!(sorted.match_id().as_deref(), Ok(id.as_str()));
    }
}

#[test]
fn junk_strings_into_decoders() {
    let mut rng = Rng::new(0x7a9c);
    let (mut boards_ok, mut states_ok) = (0, 0);
    for _ in 0..50_000 {
        let len = if rng.chance(0.8) {
            [12, 14][rng.below(2)]
        } else {
            rng.below(20)
        };
        let mut bytes = junk(&mut rng, len);
        // Half the time: a valid ID with one character changed.
        if rng.chance(0.5) {
            bytes = if rng.chance(0.5) {
                bg_random::random_board(&mut rng).position_id().into_bytes()
            } else {
                let s = bg_random::random_match_state(&mut rng);
                s.match_id().unwrap().into_bytes()
            };
            let at = rng.below(bytes.len());
            bytes[at] = junk(&mut rng, 1)[0];
        }
        let text = String::from_utf8_lossy(&bytes).into_owned();
        if let Ok(b) = Board::from_position_id(&text) {
            assert_eq!(Board::from_position_id(&b.position_id()), Ok(b));
            boards_ok += 1;
        }
        if let Ok(s) = MatchState::from_match_id(&text) {
            // Decoding keeps the dice as stored; encoding writes the larger first.
            let mut sorted = s;
            sorted.dice = [s.dice[0].max(s.dice[1]), s.dice[0].min(s.dice[1])];
            assert_eq!(
                MatchState::from_match_id(&s.match_id().unwrap()),
                Ok(sorted)
            );
            states_ok += 1;
        }
        // The C decoders read at most 15 / 13 bytes: give them buffers
        // without a terminator when the junk is long.
        let mut buf = bytes.clone();
        if buf.len() <= 15 && rng.chance(0.8) {
            buf.push(0);
        }
        let cstr = buf.as_ptr() as *const c_char;
        let mut board = [[7 as c_uint; 25]; 2];
        let r = if buf.len() >= 15 || buf.contains(&0) {
            unsafe { bg_position_from_id(cstr, board.as_mut_ptr()) }
        } else {
            BG_ERR_ID_LENGTH
        };
        match Board::from_position_id(&text) {
            Ok(b) if buf.contains(&0) && bytes.len() == 14 => {
                assert_eq!(r, BG_OK);
                assert_eq!(board, b.to_counts());
            }
            _ => {
                assert!(r < 0, "{text:?} accepted");
                assert_eq!(board, [[7; 25]; 2], "written on error");
            }
        }
        let mut state = bg_match_state {
            cube: 99,
            ..Default::default()
        };
        if buf.len() >= 13 || buf.contains(&0) {
            let r = unsafe { bg_match_from_id(cstr, &mut state) };
            if r != BG_OK {
                assert!(r < 0);
                assert_eq!(state.cube, 99, "written on error");
            } else {
                assert_eq!(bytes.len(), 12);
            }
        }
    }
    assert!(boards_ok > 0 && states_ok > 0, "{boards_ok} {states_ok}");
}

#[test]
fn junk_boards_states_and_moves_into_c() {
    let mut rng = Rng::new(0x5eed);
    for _ in 0..20_000 {
        let mut counts = [[0 as c_uint; 25]; 2];
        for side in counts.iter_mut() {
            for _ in 0..rng.below(18) {
                side[rng.below(25)] += 1;
            }
        }
        if rng.chance(0.01) {
            counts[rng.below(2)][rng.below(25)] = c_uint::MAX;
        }
        let valid = Board::from_counts(&counts);
        let class = unsafe { bg_classify(counts.as_ptr()) };
        match valid {
            Ok(b) => assert_eq!(class, b.class().number()),
            Err(_) => assert!(class < 0),
        }
        let mut pips = [9 as c_uint; 2];
        let r = unsafe { bg_pip_count(counts.as_ptr(), pips.as_mut_ptr()) };
        assert_eq!(r == BG_OK, valid.is_ok());
        if r != BG_OK {
            assert_eq!(pips, [9, 9]);
        }
        // A random move, often malformed.
        let n = rng.range(-1, 5);
        let mut m = bg_move {
            n,
            from: [0; 4],
            to: [0; 4],
        };
        for i in 0..4 {
            m.from[i] = rng.range(-2, 27);
            m.to[i] = rng.range(-2, 27);
        }
        let before = counts;
        let r = unsafe { bg_position_apply(counts.as_mut_ptr(), &m) };
        if r != BG_OK {
            assert!(r < 0);
            assert_eq!(counts, before);
        }
        let mut text = [0 as c_char; BG_MOVE_TEXT_LEN as usize];
        let t = unsafe { bg_move_text(before.as_ptr(), &m, text.as_mut_ptr(), BG_MOVE_TEXT_LEN) };
        assert_eq!(t == BG_OK, r == BG_OK);
        let (d0, d1) = (rng.range(-1, 8), rng.range(-1, 8));
        let mut count: c_int = -5;
        let mut moves = vec![bg_move::default(); 8];
        let g = unsafe {
            bg_generate_moves(before.as_ptr(), d0, d1, moves.as_mut_ptr(), 8, &mut count)
        };
        let dice_ok = (1..=6).contains(&d0) && (1..=6).contains(&d1);
        match valid {
            Ok(b) if dice_ok => {
                let n = b.legal_moves(d0 as u8, d1 as u8).len();
                assert_eq!(count as usize, n);
                assert_eq!(g == BG_OK, n <= 8);
            }
            _ => {
                assert!(g < 0);
                assert_eq!(count, -5);
            }
        }
        let mut s = bg_match_state {
            cube: 1 << rng.below(17),
            cube_owner: rng.range(-2, 2),
            dice_owner: rng.range(-1, 2),
            crawford: rng.range(0, 1),
            game_state: rng.range(-1, 5),
            turn: rng.range(0, 1),
            doubled: rng.range(0, 1),
            resigned: rng.range(0, 4),
            dice: [rng.range(-1, 7), rng.range(0, 6)],
            match_length: rng.range(-1, 70),
            score: [rng.range(0, 70), rng.range(-1, 70)],
            jacoby: rng.range(0, 1),
        };
        let mut id = [1 as c_char; 13];
        let r = unsafe { bg_match_id(&s, id.as_mut_ptr()) };
        if r == BG_OK {
            let mut back = bg_match_state::default();
            assert_eq!(unsafe { bg_match_from_id(id.as_ptr(), &mut back) }, BG_OK);
            s.dice = [s.dice[0].max(s.dice[1]), s.dice[0].min(s.dice[1])];
            assert_eq!(back, s);
        } else {
            assert_eq!(r, BG_ERR_MATCH_STATE);
            assert_eq!(id, [1; 13]);
        }
    }
}

#[test]
fn null_pointers_are_errors() {
    let counts = Board::starting().to_counts();
    let m = bg_move::default();
    let mut n = 0;
    unsafe {
        assert_eq!(
            bg_position_id(std::ptr::null(), [0; 15].as_mut_ptr()),
            BG_ERR_NULL
        );
        assert_eq!(
            bg_position_id(counts.as_ptr(), std::ptr::null_mut()),
            BG_ERR_NULL
        );
        assert_eq!(
            bg_position_key(counts.as_ptr(), std::ptr::null_mut()),
            BG_ERR_NULL
        );
        assert_eq!(
            bg_position_from_key(std::ptr::null(), std::ptr::null_mut()),
            BG_ERR_NULL
        );
        assert_eq!(
            bg_match_id(std::ptr::null(), [0; 13].as_mut_ptr()),
            BG_ERR_NULL
        );
        assert_eq!(bg_classify(std::ptr::null()), BG_ERR_NULL);
        assert_eq!(
            bg_generate_moves(counts.as_ptr(), 3, 1, std::ptr::null_mut(), 5, &mut n),
            BG_ERR_NULL
        );
        assert_eq!(
            bg_generate_moves(
                counts.as_ptr(),
                3,
                1,
                std::ptr::null_mut(),
                0,
                std::ptr::null_mut()
            ),
            BG_ERR_NULL
        );
        assert_eq!(
            bg_move_text(counts.as_ptr(), &m, std::ptr::null_mut(), 10),
            BG_ERR_NULL
        );
        assert_eq!(bg_position_apply(std::ptr::null_mut(), &m), BG_ERR_NULL);
    }
}
