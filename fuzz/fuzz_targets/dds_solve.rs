//! `SolveBoard` and `SolveBoardPBN`: arbitrary deal contents, current-trick
//! fields, target, solutions, mode and thread index, and PBN strings of
//! arbitrary bytes (unterminated too). On small valid deals it checks what
//! a correct answer must satisfy, among others that the leader's best score
//! is 13 minus `CalcDDtable`'s entry for the declarer on the leader's right.
#![no_main]

use dds::dds::*;
use kibitz_fuzz::*;
use libfuzzer_sys::fuzz_target;
use std::os::raw::c_int;

/// Most cards an arbitrary (possibly invalid) deal may keep.
const MAX_CARDS: u32 = 24;

/// Every code `SolveBoard` may return.
const CODES: [c_int; 20] = [
    1, -1, -2, -3, -4, -5, -7, -8, -9, -10, -12, -13, -14, -15, -16, -17, -18, -19, -99, -1,
];

/// The number of configured threads.
fn threads() -> c_int {
    // SAFETY: all-zero bytes are a valid DDSInfo (integers and chars).
    let mut info: DDSInfo = unsafe { std::mem::zeroed() };
    unsafe { GetDDSInfo(&mut info) };
    info.noOfThreads
}

/// Checks what holds for any answer with code 1.
fn check_shape(fut: &futureTricks) {
    assert!((0..=13).contains(&fut.cards), "cards {}", fut.cards);
    for i in 0..fut.cards as usize {
        assert!((0..=3).contains(&fut.suit[i]));
        assert!((2..=14).contains(&fut.rank[i]));
        assert!((-2..=13).contains(&fut.score[i]), "score {}", fut.score[i]);
    }
}

fn solve(dl: deal, target: c_int, solutions: c_int, mode: c_int, thread: c_int) -> futureTricks {
    let mut fut = futureTricks::default();
    let r = unsafe { SolveBoard(dl, target, solutions, mode, &mut fut, thread) };
    assert_eq!(r, 1, "SolveBoard failed on a valid deal: {dl:?}");
    check_shape(&fut);
    fut
}

/// A valid position of a few tricks, maybe with a trick in progress:
/// every answer must be consistent with the others and with the DD table.
fn valid(input: &mut Input) {
    let n = 1 + input.below(5);
    let mut cards = small_deal(input, n);
    let trump = input.below(5) as c_int;
    let first = input.below(4);
    let played = input.below(4);
    let mut dl = deal {
        trump,
        first: first as c_int,
        ..deal::default()
    };
    for k in 0..played {
        let hand = &mut cards[(first + k) % 4];
        // The k-th player plays one of their cards, any one.
        let held: Vec<(usize, u32)> = (0..4)
            .flat_map(|s| (2..=14).map(move |r| (s, r)))
            .filter(|&(s, r)| hand[s] & (1 << r) != 0)
            .collect();
        let (s, r) = held[input.below(held.len())];
        hand[s] &= !(1 << r);
        dl.currentTrickSuit[k] = s as c_int;
        dl.currentTrickRank[k] = r as c_int;
    }
    dl.remainCards = cards;
    let thread = input.below(threads().max(1) as usize) as c_int;
    // Mode 1 always searches (0 may answer -2, 2 reuses the previous TT).
    let mode = 1;
    let best = solve(dl, -1, 1, mode, thread);
    let score = best.score[0];
    assert!(
        (0..=n as c_int).contains(&score),
        "score {score} of {n} tricks"
    );
    let all = solve(dl, -1, 3, mode, thread);
    let two = solve(dl, -1, 2, mode, thread);
    assert_eq!(all.score[0], score);
    assert_eq!(two.score[0], score);
    assert!(all.score[..all.cards as usize]
        .windows(2)
        .all(|w| w[0] >= w[1]));
    assert!(two.score[..two.cards as usize].iter().all(|&s| s == score));
    let on_turn = (first + played) % 4;
    let hand = cards[on_turn];
    let led = (played > 0).then(|| dl.currentTrickSuit[0] as usize);
    let must_follow = led.filter(|&s| hand[s] != 0);
    for i in 0..all.cards as usize {
        let (s, r) = (all.suit[i] as usize, all.rank[i]);
        assert!(
            hand[s] & (1 << r) != 0,
            "card not held by the player on turn"
        );
        assert!(hand[s] & all.equals[i] as u32 == all.equals[i] as u32);
        if let Some(f) = must_follow {
            assert_eq!(s, f, "revoke");
        }
    }
    // Every legal card is listed once (itself or as an equal), except on
    // the last trick (one card, no search, as DDS).
    let listed: u32 = (0..all.cards as usize)
        .map(|i| ((1u32 << all.rank[i]) | all.equals[i] as u32).count_ones())
        .sum();
    let legal: u32 = match must_follow {
        Some(f) => hand[f].count_ones(),
        None => hand.iter().map(|h| h.count_ones()).sum(),
    };
    if card_count(&cards) > 4 {
        assert_eq!(listed, legal, "listed cards");
    }
    // The PBN form gives the same answer.
    let pbn = dealPBN {
        trump,
        first: first as c_int,
        currentTrickSuit: dl.currentTrickSuit,
        currentTrickRank: dl.currentTrickRank,
        remainCards: c_array80(pbn_text(&cards).as_bytes()),
    };
    let mut fut = futureTricks::default();
    let r = unsafe { SolveBoardPBN(pbn, -1, 3, mode, &mut fut, thread) };
    assert_eq!(r, 1);
    assert_eq!(fut.score[..13], all.score[..13]);
    // A target equal to the best score is reached; one above it is not.
    let reach = solve(dl, score, 1, mode, thread);
    assert_eq!(reach.score[0], score);
    if score < n as c_int {
        let miss = solve(dl, score + 1, 1, mode, thread);
        assert!(miss.score[0] <= score, "target above best reached");
    }
    if played == 0 {
        let mut table = ddTableResults::default();
        let r = unsafe { CalcDDtable(ddTableDeal { cards }, &mut table) };
        assert_eq!(r, 1);
        let declarer = (first + 3) % 4;
        assert_eq!(
            score,
            13 - table.resTable[trump as usize][declarer],
            "SolveBoard and CalcDDtable disagree"
        );
    }
}

/// Arbitrary input: any code of the list, and a sane answer on success.
fn arbitrary(input: &mut Input) {
    let pbn = input.bool();
    let mut dl = deal {
        trump: input.int(0, 4),
        first: input.int(0, 3),
        ..deal::default()
    };
    for k in 0..3 {
        dl.currentTrickSuit[k] = input.int(0, 3);
        dl.currentTrickRank[k] = input.int(0, 14);
    }
    let target = input.int(-1, 13);
    let solutions = input.int(1, 3);
    let mode = input.int(0, 2);
    let thread = input.int(0, 2);
    let null = input.u8() == 0;
    let mut fut = futureTricks::default();
    let futp = if null {
        std::ptr::null_mut()
    } else {
        &mut fut as *mut futureTricks
    };
    let r = if pbn {
        let text = c_array80(&input.bytes(80));
        if pbn_rank_chars(&text) > MAX_CARDS as usize {
            return;
        }
        let d = dealPBN {
            trump: dl.trump,
            first: dl.first,
            currentTrickSuit: dl.currentTrickSuit,
            currentTrickRank: dl.currentTrickRank,
            remainCards: text,
        };
        unsafe { SolveBoardPBN(d, target, solutions, mode, futp, thread) }
    } else {
        let mut h = any_holdings(input);
        cap_cards(&mut h, MAX_CARDS);
        dl.remainCards = h;
        unsafe { SolveBoard(dl, target, solutions, mode, futp, thread) }
    };
    assert!(CODES.contains(&r), "unexpected code {r}");
    if r == 1 {
        assert!(!null);
        check_shape(&fut);
    }
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    if input.bool() {
        valid(&mut input);
    } else {
        arbitrary(&mut input);
    }
});
