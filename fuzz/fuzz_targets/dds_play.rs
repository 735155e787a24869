//! Play analysis: `AnalysePlayBin`, `AnalysePlayPBN` and the batch
//! `AnalyseAllPlaysBin` with small valid deals and card sequences drawn
//! from the hands (legal or revoking), arbitrary cards, arbitrary play
//! lengths and text, thread indices and NULL pointers. Where the play is
//! valid: the binary and text forms agree, every value is a trick count of
//! the deal, and a one-play batch gives the single call's answer.
#![no_main]

use dds::dds::*;
use kibitz_fuzz::*;
use libfuzzer_sys::fuzz_target;
use std::os::raw::{c_char, c_int};

/// Suit letters by DDS suit index, rank characters by rank 2..=14.
const SUITS: &[u8; 4] = b"SHDC";
const RANKS: &[u8; 13] = b"23456789TJQKA";

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let per_hand = 1 + input.below(4);
    let h = small_deal(&mut input, per_hand);
    let dl = deal {
        trump: input.below(5) as c_int,
        first: input.below(4) as c_int,
        remainCards: h,
        ..deal::default()
    };
    // A card sequence: mostly cards held by the player on turn (any suit,
    // so revokes happen), sometimes arbitrary.
    let mut play = playTraceBin {
        number: 0,
        suit: [0; 52],
        rank: [0; 52],
    };
    let mut hands = h;
    let mut to_play = dl.first as usize;
    let mut arbitrary = false;
    let len = input.below(4 * per_hand + 1);
    for k in 0..len {
        if input.u8() < 8 {
            play.suit[k] = input.int(-1, 4);
            play.rank[k] = input.int(0, 15);
            arbitrary = true;
        } else {
            let held: Vec<(usize, u32)> = (0..4)
                .flat_map(|s| (2..=14u32).map(move |r| (s, r)))
                .filter(|&(s, r)| hands[to_play][s] & (1 << r) != 0)
                .collect();
            let (s, r) = held[input.below(held.len())];
            hands[to_play][s] &= !(1 << r);
            play.suit[k] = s as c_int;
            play.rank[k] = r as c_int;
        }
        // Seats simply rotate here; after a trick the real leader is its
        // winner, so later cards may belong to another seat: -98, which
        // both forms must report alike.
        to_play = (to_play + 1) % 4;
    }
    play.number = if input.u8() < 8 { input.int(-3, 60) } else { len as c_int };
    let thread = if input.u8() < 8 { input.int(-2, 9) } else { 0 };

    // SAFETY: all-zero bytes are valid for these plain C structs; every
    // pointer is NULL or points at a live, writable value.
    unsafe {
        let mut bin: solvedPlay = std::mem::zeroed();
        let rc_bin = AnalysePlayBin(dl, play, &mut bin, thread);
        // The same play as text.
        let mut text = Vec::new();
        for k in 0..(play.number.clamp(0, 52) as usize) {
            let (s, r) = (play.suit[k], play.rank[k]);
            if (0..4).contains(&s) && (2..=14).contains(&r) {
                text.push(SUITS[s as usize]);
                text.push(RANKS[r as usize - 2]);
            } else {
                text.extend_from_slice(b"X?");
            }
        }
        let mut pbn_play = playTracePBN {
            number: play.number,
            cards: [0; 106],
        };
        for (d, &b) in pbn_play.cards.iter_mut().zip(&text) {
            *d = b as c_char;
        }
        let dl_pbn = dealPBN {
            trump: dl.trump,
            first: dl.first,
            currentTrickSuit: [0; 3],
            currentTrickRank: [0; 3],
            remainCards: c_array80(pbn_text(&h).as_bytes()),
        };
        let mut txt: solvedPlay = std::mem::zeroed();
        let rc_txt = AnalysePlayPBN(dl_pbn, pbn_play, &mut txt, thread);
        // (A binary `number` outside 0..=52 goes through DDS's arithmetic
        // unchecked, as in DDS.)
        if rc_bin == 1 && (0..=52).contains(&play.number) {
            assert!((0..=53).contains(&bin.number), "number {} play.number {} len {len} per_hand {per_hand} thread {thread} first {} suits {:?} ranks {:?}", bin.number, play.number, dl.first, &play.suit[..len], &play.rank[..len]);
            for &t in &bin.tricks[..bin.number.max(0) as usize] {
                assert!((0..=per_hand as c_int).contains(&t), "tricks {t} of {per_hand}");
            }
        }
        if !arbitrary && play.number == len as c_int && thread == 0 {
            assert_eq!(rc_bin, rc_txt, "Bin and PBN return codes");
            if rc_bin == 1 {
                assert_eq!(bin.number, txt.number);
                assert_eq!(bin.tricks[..], txt.tricks[..]);
            }
        }
        // A batch of one gives the single call's answer.
        if input.u8() < 64 {
            let mut bo: Box<boards> = Box::new(std::mem::zeroed());
            let mut pl: Box<playTracesBin> = Box::new(std::mem::zeroed());
            let mut out: Box<solvedPlays> = Box::new(std::mem::zeroed());
            bo.noOfBoards = 1;
            bo.deals[0] = dl;
            bo.target[0] = -1;
            bo.solutions[0] = 1;
            bo.mode[0] = 1;
            pl.noOfBoards = if input.u8() < 16 { input.int(-2, 3) } else { 1 };
            pl.plays[0] = play;
            let rc = AnalyseAllPlaysBin(&mut *bo, &mut *pl, &mut *out, 1);
            if pl.noOfBoards == 1 && thread == 0 && rc_bin == 1 {
                assert_eq!(rc, 1);
                assert_eq!(out.solved[0].number, bin.number);
                assert_eq!(out.solved[0].tricks[..], bin.tricks[..]);
            }
        }
        if input.u8() == 0 {
            assert_eq!(AnalysePlayBin(dl, play, std::ptr::null_mut(), 0), -1);
        }
    }
});
