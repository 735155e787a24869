//! `CalcDDtable`, `CalcDDtablePBN`, `CalcAllTables` and `CalcAllTablesPBN`
//! with arbitrary holdings, PBN bytes, table counts, strain filters, modes
//! and NULL pointers. Deals are kept small (few cards per hand) so that a
//! table stays cheap. On valid deals: every entry is in range, and
//! `CalcAllTables` agrees with `CalcDDtable` deal by deal and strain by
//! strain (`dds_solve` checks the tables against `SolveBoard`).
#![no_main]

use dds::dds::*;
use kibitz_fuzz::*;
use libfuzzer_sys::fuzz_target;
use std::os::raw::c_int;

/// Most cards an arbitrary deal may keep.
const MAX_CARDS: u32 = 16;

/// Every code the table functions may return.
const CODES: [c_int; 12] = [1, -1, -2, -4, -10, -12, -13, -14, -99, -201, -202, -3];

/// The table of a deal through `CalcDDtable`, or its error code.
fn table(cards: Holdings) -> Result<ddTableResults, c_int> {
    let mut t = ddTableResults::default();
    match unsafe { CalcDDtable(ddTableDeal { cards }, &mut t) } {
        1 => Ok(t),
        r => Err(r),
    }
}

/// What a correct table of `tricks` tricks per hand satisfies.
fn check_table(t: &ddTableResults, tricks: c_int) {
    let lo = 13 - tricks;
    for row in &t.resTable {
        for &v in row {
            assert!((lo..=13).contains(&v), "entry {v} with {tricks} tricks");
        }
    }
}

fn single(input: &mut Input) {
    let r = if input.bool() {
        let text = c_array80(&input.bytes(80));
        if pbn_rank_chars(&text) > MAX_CARDS as usize {
            return;
        }
        let null = input.u8() == 0;
        let mut t = ddTableResults::default();
        let p = if null {
            std::ptr::null_mut()
        } else {
            &mut t as *mut _
        };
        let r = unsafe { CalcDDtablePBN(ddTableDealPBN { cards: text }, p) };
        if r == 1 {
            check_table(&t, 13);
        }
        r
    } else {
        let mut h = any_holdings(input);
        cap_cards(&mut h, MAX_CARDS);
        match table(h) {
            Ok(t) => {
                check_table(&t, (card_count(&h) / 4) as c_int);
                1
            }
            Err(r) => r,
        }
    };
    assert!(CODES.contains(&r), "unexpected code {r}");
}

fn all(input: &mut Input) {
    let pbn = input.bool();
    let valid = input.bool();
    let kinds = 1 + input.below(3);
    // A few distinct deals, repeated to fill the tables asked for.
    let deals: Vec<Holdings> = (0..kinds)
        .map(|_| {
            if valid {
                let n = 1 + input.below(3);
                small_deal(input, n)
            } else {
                let mut h = any_holdings(input);
                cap_cards(&mut h, 12);
                h
            }
        })
        .collect();
    let n = input.int(0, 8);
    let filled = if n > 0 && input.u8() < 16 {
        200
    } else {
        n.clamp(0, 200) as usize
    };
    let mut filter = [0 as c_int; 5];
    for f in filter.iter_mut() {
        *f = if input.u8() < 160 { 0 } else { input.int(0, 1) };
    }
    let mode = input.int(-1, 3);
    let null_filter = input.u8() == 0;
    let null_res = input.u8() == 0;
    let fp = if null_filter {
        std::ptr::null_mut()
    } else {
        filter.as_mut_ptr()
    };
    // SAFETY: all-zero bytes are valid for these plain C structs.
    let mut res: Box<ddTablesRes> = Box::new(unsafe { std::mem::zeroed() });
    let mut par: Box<allParResults> = Box::new(unsafe { std::mem::zeroed() });
    let rp = if null_res {
        std::ptr::null_mut()
    } else {
        &mut *res as *mut _
    };
    let pp = if input.bool() {
        std::ptr::null_mut()
    } else {
        &mut *par as *mut _
    };
    let r = if pbn {
        let mut d: Box<ddTableDealsPBN> = Box::new(unsafe { std::mem::zeroed() });
        d.noOfTables = n;
        for k in 0..filled {
            let text = pbn_text(&deals[k % deals.len()]);
            d.deals[k].cards = c_array80(text.as_bytes());
        }
        unsafe { CalcAllTablesPBN(&mut *d, mode, fp, rp, pp) }
    } else {
        let mut d: Box<ddTableDeals> = Box::new(unsafe { std::mem::zeroed() });
        d.noOfTables = n;
        for k in 0..filled {
            d.deals[k].cards = deals[k % deals.len()];
        }
        unsafe { CalcAllTables(&mut *d, mode, fp, rp, pp) }
    };
    assert!(CODES.contains(&r), "unexpected code {r}");
    if r != 1 || n <= 0 {
        return;
    }
    let strains: Vec<usize> = (0..5).filter(|&s| filter[s] == 0).collect();
    assert_eq!(res.noOfBoards, 4 * strains.len() as c_int * n);
    let singles: Vec<ddTableResults> = deals.iter().map(|&h| table(h).unwrap()).collect();
    for k in 0..n as usize {
        let want = &singles[k % deals.len()];
        for &s in &strains {
            assert_eq!(
                res.results[k].resTable[s], want.resTable[s],
                "table {k} strain {s}"
            );
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    if input.bool() {
        single(&mut input);
    } else {
        all(&mut input);
    }
});
