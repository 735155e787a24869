//! `SolveAllBoards`, `SolveAllBoardsBin` and the `SolveAllChunks*` aliases
//! with arbitrary board counts (negative, 0..=200, above 200), boards valid
//! or not, arbitrary PBN bytes and NULL pointers. Every board that a batch
//! solves must get the answer `SolveBoard` gives on its own.
#![no_main]

use dds::dds::*;
use kibitz_fuzz::*;
use libfuzzer_sys::fuzz_target;
use std::os::raw::c_int;

/// Most cards of one arbitrary board.
const MAX_CARDS: u32 = 12;

/// One board of the batch: a small valid deal (no trick in progress) or
/// arbitrary holdings and fields.
fn board(input: &mut Input) -> (deal, c_int, c_int, c_int) {
    if input.u8() < 200 {
        let n = 1 + input.below(3);
        let dl = deal {
            trump: input.below(5) as c_int,
            first: input.below(4) as c_int,
            remainCards: small_deal(input, n),
            ..deal::default()
        };
        let target = input.below(n + 2) as c_int - 1;
        (dl, target, 1 + input.below(3) as c_int, 1)
    } else {
        let mut h = any_holdings(input);
        cap_cards(&mut h, MAX_CARDS);
        let mut dl = deal {
            trump: input.int(0, 4),
            first: input.int(0, 3),
            remainCards: h,
            ..deal::default()
        };
        for k in 0..3 {
            dl.currentTrickSuit[k] = input.int(0, 3);
            dl.currentTrickRank[k] = input.int(0, 14);
        }
        (dl, input.int(-1, 13), input.int(1, 3), input.int(0, 2))
    }
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let n = input.int(0, 12);
    let filled = if n > 12 && input.u8() < 8 {
        200
    } else {
        n.clamp(0, 12) as usize
    };
    let kinds: Vec<_> = (0..1 + input.below(4)).map(|_| board(&mut input)).collect();
    let which = input.below(5);
    let null_in = input.u8() == 0;
    let null_out = input.u8() == 0;
    let chunk = input.int(-1, 2);
    // SAFETY: all-zero bytes are valid for these plain C structs.
    let mut bo: Box<boards> = Box::new(unsafe { std::mem::zeroed() });
    let mut pb: Box<boardsPBN> = Box::new(unsafe { std::mem::zeroed() });
    bo.noOfBoards = n;
    pb.noOfBoards = n;
    let garbage_pbn = input.u8() < 16;
    for k in 0..filled {
        let (dl, target, solutions, mode) = kinds[k % kinds.len()];
        bo.deals[k] = dl;
        (bo.target[k], bo.solutions[k], bo.mode[k]) = (target, solutions, mode);
        (pb.target[k], pb.solutions[k], pb.mode[k]) = (target, solutions, mode);
        let text = if garbage_pbn && k == 0 {
            let t = c_array80(&input.bytes(80));
            if pbn_rank_chars(&t) > MAX_CARDS as usize {
                return;
            }
            t
        } else {
            c_array80(pbn_text(&dl.remainCards).as_bytes())
        };
        pb.deals[k] = dealPBN {
            trump: dl.trump,
            first: dl.first,
            currentTrickSuit: dl.currentTrickSuit,
            currentTrickRank: dl.currentTrickRank,
            remainCards: text,
        };
    }
    let mut solved: Box<solvedBoards> = Box::new(unsafe { std::mem::zeroed() });
    let out = if null_out {
        std::ptr::null_mut()
    } else {
        &mut *solved as *mut _
    };
    let pbn_in = if null_in {
        std::ptr::null_mut()
    } else {
        &mut *pb as *mut _
    };
    let bin_in = if null_in {
        std::ptr::null_mut()
    } else {
        &mut *bo as *mut _
    };
    let pbn = which < 3;
    let r = unsafe {
        match which {
            0 => SolveAllBoards(pbn_in, out),
            1 => SolveAllChunks(pbn_in, out, chunk),
            2 => SolveAllChunksPBN(pbn_in, out, chunk),
            3 => SolveAllBoardsBin(bin_in, out),
            _ => SolveAllChunksBin(bin_in, out, chunk),
        }
    };
    let codes = [
        1, -1, -2, -3, -4, -5, -7, -8, -9, -10, -12, -13, -14, -16, -17, -18, -19, -99, -101,
    ];
    // The chunk functions refuse a chunk size below 1 before anything else.
    let chunked = matches!(which, 1 | 2 | 4);
    if chunked && chunk < 1 {
        assert_eq!(r, -301, "chunk size {chunk}");
        return;
    }
    assert!(codes.contains(&r), "unexpected code {r}");
    if null_in || null_out || n <= 0 || n > 200 || (pbn && garbage_pbn) || r == -99 {
        return;
    }
    // Boards the batch solved match SolveBoard's answers.
    for k in 0..n as usize {
        let (dl, target, solutions, mode) =
            (bo.deals[k], bo.target[k], bo.solutions[k], bo.mode[k]);
        let mut fut = futureTricks::default();
        let single = unsafe { SolveBoard(dl, target, solutions, mode, &mut fut, 0) };
        let got = &solved.solvedBoard[k];
        if single != 1 {
            assert_eq!(got.cards, 0, "board {k}: invalid but answered");
            assert!(
                r != 1,
                "board {k} invalid ({single}) but the batch returned 1"
            );
            continue;
        }
        assert_eq!(got.cards, fut.cards, "board {k}: cards");
        assert_eq!(got.score, fut.score, "board {k}: scores");
        if target == -1 && solutions == 3 {
            assert_eq!(
                (got.suit, got.rank, got.equals),
                (fut.suit, fut.rank, fut.equals)
            );
        }
    }
});
