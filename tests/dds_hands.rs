//! DDS's own hand files through the C ABI: `CalcDDtablePBN` against the
//! TABLE lines and `SolveBoardPBN(-1, 3, 1)` against the FUT lines (DDS
//! 2.9's answers, from DDS's `hands/` directory).
//!
//! Runs `list10.txt` by default; set `KIBITZ_HANDS=list100.txt` (or
//! `list1000.txt`) for more.

#[path = "support/hands.rs"]
mod hands;

use dds::{ddTableDealPBN, ddTableResults, dealPBN, futureTricks};
use dds::{CalcDDtablePBN, SolveBoardPBN};
use std::os::raw::c_char;

fn c_text<const N: usize>(s: &str) -> [c_char; N] {
    let mut out = [0 as c_char; N];
    for (i, b) in s.bytes().take(N - 1).enumerate() {
        out[i] = b as c_char;
    }
    out
}

#[test]
fn dds_hand_file_tables_and_fut() {
    let file = std::env::var("KIBITZ_HANDS").unwrap_or_else(|_| "list10.txt".to_string());
    let hands = hands::read_hands(&file);
    assert!(!hands.is_empty(), "no hands in {file}");
    for (i, h) in hands.iter().enumerate() {
        let mut table = ddTableResults::default();
        let rc = unsafe {
            CalcDDtablePBN(
                ddTableDealPBN {
                    cards: c_text(&h.pbn),
                },
                &mut table,
            )
        };
        assert_eq!(rc, 1, "CalcDDtablePBN return code, hand {}", i + 1);
        let flat: Vec<i32> = table.resTable.iter().flatten().copied().collect();
        assert_eq!(flat, h.table, "TABLE of hand {} ({})", i + 1, h.pbn);

        let deal = dealPBN {
            trump: h.trump,
            first: h.first,
            currentTrickSuit: [0; 3],
            currentTrickRank: [0; 3],
            remainCards: c_text(&h.pbn),
        };
        let mut fut = futureTricks::default();
        let rc = unsafe { SolveBoardPBN(deal, -1, 3, 1, &mut fut, 0) };
        assert_eq!(rc, 1, "SolveBoardPBN return code, hand {}", i + 1);
        let n = fut.cards as usize;
        let got: Vec<(i32, i32, i32, i32)> = (0..n)
            .map(|k| (fut.suit[k], fut.rank[k], fut.equals[k], fut.score[k]))
            .collect();
        assert_eq!(n, h.fut.len(), "FUT card count of hand {}", i + 1);
        // DDS's test harness compares the cards in order.
        assert_eq!(got, h.fut, "FUT of hand {} ({})", i + 1, h.pbn);
    }
    eprintln!(
        "{file}: {} tables and FUT lines (in card order) identical to DDS",
        hands.len()
    );
}
