//! DDS's own hand files: every `PAR` line (DDS 2.9's `Par`) and `PAR2` line
//! (`DealerPar` with the record's dealer and vulnerability) recomputed from
//! the record's `TABLE` line, through the C ABI and through the Rust API.
//! No solving, so all of `list100.txt` and `list1000.txt` run.

#[path = "support/hands.rs"]
mod hands;

use dds::{ddTableResults, parResults, parResultsDealer};
use dds::{DealerPar, Par};
use kibitz::bridge::par::{dealer_par, sides_par, ParStrings, Vulnerability};
use kibitz::bridge::DdTable;
use std::ffi::CStr;
use std::os::raw::c_char;

fn text(s: &[c_char]) -> String {
    // SAFETY: the buffers are NUL-terminated by the functions under test.
    unsafe { CStr::from_ptr(s.as_ptr()) }
        .to_string_lossy()
        .into_owned()
}

fn table_of(flat: &[i32]) -> DdTable {
    let mut t = [[0; 4]; 5];
    for (i, v) in flat.iter().enumerate() {
        t[i / 4][i % 4] = *v;
    }
    t
}

/// Checks one file; returns the number of records checked.
fn check_file(name: &str) -> usize {
    let hands = hands::read_hands(name);
    assert!(!hands.is_empty(), "no hands in {name}");
    for (i, h) in hands.iter().enumerate() {
        let table = table_of(&h.table);
        let what = format!("{name} hand {} TABLE {:?} vul {}", i + 1, h.table, h.vul);

        // Par through the C ABI.
        let mut c_table = ddTableResults { resTable: table };
        let mut res = parResults {
            parScore: [[0; 16]; 2],
            parContractsString: [[0; 128]; 2],
        };
        assert_eq!(unsafe { Par(&mut c_table, &mut res, h.vul) }, 1, "{what}");
        let got = vec![
            text(&res.parScore[0]),
            text(&res.parScore[1]),
            text(&res.parContractsString[0]),
            text(&res.parContractsString[1]),
        ];
        assert_eq!(got, h.par, "Par: {what}");

        // The same through the Rust API.
        let vul = Vulnerability::from_code(h.vul).unwrap();
        let sides = sides_par(&table, vul);
        let line = format!("\"{}\"", h.par.join("\" \""));
        assert_eq!(ParStrings(&sides).to_string(), line, "ParStrings: {what}");

        // DealerPar through the C ABI.
        let mut dp = parResultsDealer {
            number: 0,
            score: 0,
            contracts: [[0; 10]; 10],
        };
        assert_eq!(
            unsafe { DealerPar(&mut c_table, &mut dp, h.dealer, h.vul) },
            1,
            "{what}"
        );
        let mut got = vec![dp.score.to_string()];
        got.extend((0..dp.number as usize).map(|k| text(&dp.contracts[k])));
        assert_eq!(got, h.par2, "DealerPar: {what} dealer {}", h.dealer);

        // And the Rust API's Display.
        let rust = dealer_par(&table, h.dealer as usize, vul).to_string();
        assert_eq!(rust, h.par2.join(" "), "dealer_par: {what}");
    }
    hands.len()
}

#[test]
fn list100_par_lines() {
    assert_eq!(check_file("list100.txt"), 100);
}

#[test]
fn list1000_par_lines() {
    assert_eq!(check_file("list1000.txt"), 1000);
}
