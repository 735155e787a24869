//! The par family with arbitrary tables (mostly 0..=13 entries, sometimes
//! out of range), dealers, vulnerabilities, NULL pointers and arbitrary
//! binary results given to the text converters. Where the input is valid:
//! every call succeeds, `DealerPar` and `DealerParBin` agree on the score,
//! `SidesPar` and `SidesParBin` agree on both sides' scores, and every
//! text is NUL-terminated inside its array.
#![no_main]

use dds::dds::*;
use kibitz_fuzz::*;
use libfuzzer_sys::fuzz_target;
use std::os::raw::{c_char, c_int};

/// True if `text` holds a NUL.
fn terminated(text: &[c_char]) -> bool {
    text.contains(&0)
}

/// An arbitrary binary par result for the converters.
fn any_master(input: &mut Input) -> parResultsMaster {
    // SAFETY: all-zero bytes are valid for this plain C struct.
    let mut m: parResultsMaster = unsafe { std::mem::zeroed() };
    m.score = input.int(-8000, 8000);
    m.number = input.int(-2, 12);
    for c in m.contracts.iter_mut() {
        c.underTricks = input.int(-1, 14);
        c.overTricks = input.int(-1, 14);
        c.level = input.int(-1, 8);
        c.denom = input.int(-1, 5);
        c.seats = input.int(-1, 6);
    }
    m
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let wild = input.u8() < 24;
    let mut table = ddTableResults::default();
    for row in table.resTable.iter_mut() {
        for v in row.iter_mut() {
            *v = if wild { input.int(-3, 20) } else { input.below(14) as c_int };
        }
    }
    let (vul, dealer) = if input.u8() < 24 {
        (input.int(-2, 6), input.int(-2, 6))
    } else {
        (input.below(4) as c_int, input.below(4) as c_int)
    };
    let valid = !wild && (0..4).contains(&vul) && (0..4).contains(&dealer);
    let null = input.u8() == 0;

    // SAFETY: all-zero bytes are valid for these plain C structs; every
    // pointer is NULL or points at a live, writable value.
    unsafe {
        let tp: *mut ddTableResults = if null { std::ptr::null_mut() } else { &mut table };
        let mut par: parResults = std::mem::zeroed();
        let rc = Par(tp, &mut par, vul);
        if valid && !null {
            assert_eq!(rc, 1);
            for k in 0..2 {
                assert!(terminated(&par.parScore[k]) && terminated(&par.parContractsString[k]));
            }
        }
        let mut dp: parResultsDealer = std::mem::zeroed();
        let rc_d = DealerPar(tp, &mut dp, dealer, vul);
        let mut db: parResultsMaster = std::mem::zeroed();
        let rc_db = DealerParBin(tp, &mut db, dealer, vul);
        let mut sp: [parResultsDealer; 2] = std::mem::zeroed();
        let rc_s = SidesPar(tp, sp.as_mut_ptr(), vul);
        let mut sb: [parResultsMaster; 2] = std::mem::zeroed();
        let rc_sb = SidesParBin(tp, sb.as_mut_ptr(), vul);
        if valid && !null {
            assert_eq!((rc_d, rc_db, rc_s, rc_sb), (1, 1, 1, 1));
            if dp.number > 0 && !(dp.number == 1 && dp.contracts[0][..5] == [112, 97, 115, 115, 0]) {
                assert_eq!(dp.score, db.score, "DealerPar and DealerParBin scores");
            }
            for k in 0..2 {
                assert_eq!(sp[k].score, sb[k].score, "SidesPar and SidesParBin scores");
                for c in &sp[k].contracts {
                    assert!(terminated(c));
                }
            }
            for c in &dp.contracts {
                assert!(terminated(c));
            }
            let mut text = [0 as c_char; 512];
            if ConvertToDealerTextFormat(&mut db, text.as_mut_ptr()) == 1 {
                assert!(terminated(&text));
            }
            let mut st: parTextResults = std::mem::zeroed();
            if ConvertToSidesTextFormat(sb.as_mut_ptr(), &mut st) == 1 {
                assert!(terminated(&st.parText[0]) && terminated(&st.parText[1]));
            }
        }
        // The converters on arbitrary binary results, and NULL pointers.
        let mut m = [any_master(&mut input), any_master(&mut input)];
        let mut text = [0 as c_char; 512];
        let _ = ConvertToDealerTextFormat(&mut m[0], text.as_mut_ptr());
        let mut st: parTextResults = std::mem::zeroed();
        let _ = ConvertToSidesTextFormat(m.as_mut_ptr(), &mut st);
        if input.u8() == 0 {
            assert_eq!(ConvertToDealerTextFormat(std::ptr::null_mut(), text.as_mut_ptr()), -1);
            assert_eq!(ConvertToSidesTextFormat(m.as_mut_ptr(), std::ptr::null_mut()), -1);
            assert_eq!(Par(&mut table, std::ptr::null_mut(), 0), -1);
        }
    }
});
