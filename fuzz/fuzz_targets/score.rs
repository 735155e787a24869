//! The chess-score C API: every function with arbitrary integers and scale
//! structs (valid, invalid, NULL), text output into buffers of any size,
//! and the MTD(f) and target drivers over callbacks with a known answer.
//! Checks: packing and pairs round-trip on their documented ranges,
//! integrated values keep their value, written text is NUL-terminated
//! within the buffer, the drivers find the known value.
#![no_main]

use dds::score::*;
use kibitz_fuzz::Input;
use libfuzzer_sys::fuzz_target;
use std::os::raw::{c_char, c_int, c_void};

/// A known minimax value behind a zero-window search.
struct Oracle {
    value: c_int,
    fail_soft: bool,
    calls: u32,
}

unsafe extern "C" fn zero_window(beta: c_int, user: *mut c_void) -> c_int {
    let o = unsafe { &mut *(user as *mut Oracle) };
    o.calls += 1;
    assert!(o.calls < 100_000, "MTD(f) does not converge");
    match (o.fail_soft, o.value >= beta) {
        (true, _) => o.value,
        (false, true) => beta,
        (false, false) => beta - 1,
    }
}

unsafe extern "C" fn reaches(target: c_int, user: *mut c_void) -> c_int {
    let o = unsafe { &mut *(user as *mut Oracle) };
    o.calls += 1;
    c_int::from(o.value >= target)
}

fn any(input: &mut Input) -> c_int {
    match input.u8() % 4 {
        0 => input.u32() as c_int,
        1 => input
            .int(-33000, -31000)
            .wrapping_add(2 * c_int::from(input.u8())),
        2 => input
            .int(31000, 33000)
            .wrapping_sub(2 * c_int::from(input.u8())),
        _ => c_int::from(input.u8() as i8) * 64 + c_int::from(input.u8()),
    }
}

fn scale(input: &mut Input) -> ScoreScale {
    match input.u8() % 3 {
        0 => score_scale_stockfish(),
        1 => score_scale_classic(),
        _ => ScoreScale {
            mate: any(input),
            max_ply: input.int(0, 300),
            known_win: any(input),
            eval_limit: any(input),
        },
    }
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let (s, t, ply) = (any(&mut input), any(&mut input), input.int(-1, 260));
    let sc = scale(&mut input);
    let sp: *const ScoreScale = if input.u8() == 0 {
        std::ptr::null()
    } else {
        &sc
    };
    unsafe {
        let _ = score_scale_check(sp);
        let _ = (
            score_mate_in(ply),
            score_mated_in(ply),
            score_is_mate(s),
            score_is_win(s),
        );
        let _ = (score_is_loss(s), score_mate_moves(s), score_to_tt(s, ply));
        let _ = score_from_tt(s, ply, input.int(-1, 100));
        let _ = (
            score_scaled_mate_in(sp, ply),
            score_scaled_mated_in(sp, ply),
        );
        let _ = (score_scaled_is_mate(sp, s), score_scaled_is_win(sp, s));
        let _ = (
            score_scaled_mate_moves(sp, s),
            score_scaled_to_tt(sp, s, ply),
        );
        let _ = score_scaled_from_tt(sp, s, ply, input.int(-1, 100));
        let _ = score_draw(ply, t, input.int(0, 3));
        let _ = score_scaled_draw(sp, ply, t, input.int(0, 3));
        let _ = score_draw_jitter(u64::from(input.u32()) << 16 | u64::from(input.u32()));
        let _ = score_grain(s, input.int(0, 16));
        let (mut alpha, mut beta) = (s, t);
        let ap: *mut c_int = if input.u8() == 0 {
            std::ptr::null_mut()
        } else {
            &mut alpha
        };
        let _ = score_mate_distance_prune(ply, ap, &mut beta);
    }
    // Text into a buffer of any size.
    let len = input.int(0, 24);
    let mut buf = vec![1 as c_char; len.clamp(0, 64) as usize + 8];
    let pawn = input.int(0, 400);
    let r = unsafe {
        if input.bool() {
            score_to_uci(s, pawn, buf.as_mut_ptr(), len.min(64))
        } else {
            score_scaled_to_uci(sp, s, pawn, buf.as_mut_ptr(), len.min(64))
        }
    };
    if r >= 0 {
        assert!(r < len, "text of {r} bytes in a buffer of {len}");
        assert_eq!(buf[r as usize], 0);
        assert!(buf[..r as usize].iter().all(|&c| c > 0));
    } else {
        assert!(
            [SCORE_ERR_NULL, SCORE_ERR_SPACE, SCORE_ERR_RANGE].contains(&r),
            "code {r}"
        );
        if r == SCORE_ERR_SPACE && len > 0 {
            assert_eq!(buf[0], 0);
        }
    }
    // Packing round-trips on the field's range.
    let bits = input.int(2, 32);
    let packed = score_pack(s, bits);
    if (2..=32).contains(&bits) {
        let (lo, hi) = (-(1i64 << (bits - 1)), (1i64 << (bits - 1)) - 1);
        let want = i64::from(s).clamp(lo, hi) as i32;
        assert_eq!(score_unpack(packed, bits), want, "pack {s} in {bits} bits");
        assert_eq!(score_unpack_offset(score_pack_offset(s, bits), bits), want);
        if bits < 32 {
            assert_eq!(packed >> bits, 0);
        }
    } else {
        assert_eq!(packed, SCORE_PACK_ERROR);
    }
    // Pairs.
    let (mg, eg) = (s.clamp(-32768, 32767), t.clamp(-32768, 32767));
    let pair = score_make_pair(s, t);
    assert_eq!(
        (score_mg(pair), score_eg(pair)),
        (mg, eg),
        "pair of {s}, {t}"
    );
    // Integrated values.
    let n = s.clamp(-536_870_911, 536_870_911);
    assert_eq!(score_ibv_value(score_ibv_exact(s)), n);
    assert_eq!(score_ibv_kind(score_ibv_exact(s)), SCORE_IBV_EXACT);
    for x in [score_ibv_lower(s), score_ibv_upper(s)] {
        assert_ne!(score_ibv_kind(x), SCORE_IBV_INVALID);
        let _ = (score_ibv_force_exact(x), score_ibv_force_lower(x));
    }
    let _ = score_ibv_kind(t);
    // The drivers find a known value.
    let value = input.int(-3000, 3000).clamp(-3000, 3000);
    let guess = value + input.int(-1500, 1500).clamp(-1500, 1500);
    let mut o = Oracle {
        value,
        fail_soft: input.bool(),
        calls: 0,
    };
    let user = &mut o as *mut Oracle as *mut c_void;
    let bonus = input.int(-1, 40).clamp(-1, 40);
    assert_eq!(
        unsafe { score_mtdf(guess, Some(zero_window), user, bonus) },
        value
    );
    let n = input.below(14) as c_int;
    let v = input.below(n as usize + 1) as c_int;
    let mut o = Oracle {
        value: v,
        fail_soft: false,
        calls: 0,
    };
    let user = &mut o as *mut Oracle as *mut c_void;
    let r = unsafe { score_target_search(n, input.int(0, 13), Some(reaches), user) };
    assert_eq!(r, v, "target search in 0..{n}");
    assert_eq!(unsafe { score_mtdf(0, None, user, 0) }, SCORE_INT_ERROR);
});
