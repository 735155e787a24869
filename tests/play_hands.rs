//! DDS's own hand files through the C ABI: the `PLAY` lines analysed with
//! `AnalyseAllPlaysPBN` in batches of up to 200 boards (as DDS's test
//! program `dtest -s play` does), compared exactly with the `TRACE` lines
//! (DDS 2.9's answers, from DDS's `hands/` directory): `number` and every
//! value.
//!
//! Runs `list100.txt` by default; set `KIBITZ_PLAY_HANDS=list1000.txt` for
//! the long file (about ten times slower).

#[path = "support/hands.rs"]
mod hands;

use dds::AnalyseAllPlaysPBN;
use dds::{boardsPBN, playTracesPBN, solvedPlays, MAXNOOFBOARDS};
use std::os::raw::c_char;

fn c_text<const N: usize>(s: &str) -> [c_char; N] {
    let mut out = [0 as c_char; N];
    for (i, b) in s.bytes().take(N - 1).enumerate() {
        out[i] = b as c_char;
    }
    out
}

fn zeroed<T>() -> Box<T> {
    // SAFETY: only used for the plain-integer DDS structs.
    unsafe { Box::new(std::mem::zeroed()) }
}

#[test]
fn dds_hand_file_play_traces() {
    let file = std::env::var("KIBITZ_PLAY_HANDS").unwrap_or_else(|_| "list100.txt".to_string());
    let hands = hands::read_hands(&file);
    assert!(!hands.is_empty(), "no hands in {file}");
    let mut values = 0;
    for (b, chunk) in hands.chunks(MAXNOOFBOARDS).enumerate() {
        let mut bo: Box<boardsPBN> = zeroed();
        let mut pl: Box<playTracesPBN> = zeroed();
        let mut solved: Box<solvedPlays> = zeroed();
        bo.noOfBoards = chunk.len() as i32;
        pl.noOfBoards = chunk.len() as i32;
        for (k, h) in chunk.iter().enumerate() {
            bo.deals[k].trump = h.trump;
            bo.deals[k].first = h.first;
            bo.deals[k].remainCards = c_text(&h.pbn);
            pl.plays[k].number = (h.play.len() / 2) as i32;
            pl.plays[k].cards = c_text(&h.play);
        }
        // SAFETY: valid structs.
        let rc = unsafe { AnalyseAllPlaysPBN(&mut *bo, &mut *pl, &mut *solved, 1) };
        assert_eq!(rc, 1, "AnalyseAllPlaysPBN return code, batch {}", b + 1);
        assert_eq!(solved.noOfBoards, chunk.len() as i32);
        for (k, h) in chunk.iter().enumerate() {
            let i = b * MAXNOOFBOARDS + k + 1;
            let got = &solved.solved[k];
            let n = got.number as usize;
            assert_eq!(
                got.number, h.trace[0],
                "TRACE number of hand {i} ({})",
                h.pbn
            );
            assert_eq!(
                &got.tricks[..n],
                &h.trace[1..],
                "TRACE values of hand {i} ({}), play {}",
                h.pbn,
                h.play
            );
            values += n;
        }
    }
    eprintln!(
        "{file}: {} play traces ({values} values) identical to DDS",
        hands.len()
    );
}
