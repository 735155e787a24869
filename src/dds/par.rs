//! DDS 2.9.0's par functions: `Par`, `CalcPar`, `CalcParPBN`, `DealerPar`,
//! `DealerParBin`, `SidesPar`, `SidesParBin`, `ConvertToDealerTextFormat`,
//! `ConvertToSidesTextFormat`. The computing is `kibitz::bridge::par`'s.
//!
//! Input DDS does not check, matched: `Par`, `SidesPar` and `SidesParBin`
//! accept any vulnerability code (outside 0..=3 nobody counts as vulnerable
//! when bidding, the defenders do when contracts are lowered), `DealerPar`
//! and `DealerParBin` any dealer >= 0 (taken modulo 4). Where DDS crashes
//! or reads outside its arrays we return -1 (`RETURN_UNKNOWN_FAULT`)
//! instead: NULL pointers, a table entry above 13 (Debian's DDS segfaults),
//! a `DealerPar` vulnerability outside 0..=3 or a negative dealer, a
//! `parResultsMaster.number` above 10 given to a converter. Negative table
//! entries are refused too (DDS answers something meaningless there).
#![allow(non_snake_case)]

use std::os::raw::{c_char, c_int};

use super::types::*;
use super::{CalcDDtable, CalcDDtablePBN};
use crate::boundary::boundary;
use crate::c_string::{write_c_string, write_c_string_raw};
use kibitz::bridge::par::{
    converter_text, dealer_par, dealer_par_master, sides_contract_text, sides_par_code,
    DealerParResult, ParContract, ParStrings, RawContract, SidePar, Vulnerability,
};
use kibitz::bridge::DdTable;

/// The table behind `tablep`, if it is non-NULL and every entry is 0..=13.
///
/// # Safety
/// `tablep` must be NULL or point to a readable `ddTableResults`.
unsafe fn read_table(tablep: *const ddTableResults) -> Option<DdTable> {
    // SAFETY: non-null per the check; readable per the caller's contract.
    let t = unsafe { tablep.as_ref() }?.resTable;
    t.iter()
        .flatten()
        .all(|v| (0..=13).contains(v))
        .then_some(t)
}

/// A binary par contract as DDS's struct.
fn contract_c(c: &ParContract) -> contractType {
    contractType {
        underTricks: c.under_tricks,
        overTricks: c.over_tricks,
        level: c.level,
        denom: c.denom.code(),
        seats: c.seats.code(),
    }
}

/// Writes a par result into a `parResultsMaster` (contracts beyond
/// `number` untouched).
fn write_master(dst: &mut parResultsMaster, p: &SidePar) {
    dst.score = p.score;
    dst.number = p.contracts.len() as c_int;
    for (d, c) in dst.contracts.iter_mut().zip(&p.contracts) {
        *d = contract_c(c);
    }
}

/// The Rust form of a caller's `parResultsMaster` for the converters, or
/// `None` if `number` exceeds 10 (a negative `number` lists nothing).
fn raw_master(m: &parResultsMaster) -> Option<(i32, Vec<RawContract>)> {
    let n = usize::try_from(m.number).unwrap_or(0);
    let list = m.contracts.get(..n)?;
    let raw = list
        .iter()
        .map(|c| RawContract {
            seats: c.seats,
            level: c.level,
            denom: c.denom,
            under_tricks: c.underTricks,
            over_tricks: c.overTricks,
        })
        .collect();
    Some((m.score, raw))
}

/// Computes the par score and contracts of a DD table the way DDS's `Par`
/// does: `parScore[0]` = `"NS <score>"`, `parScore[1]` = `"EW <score>"`,
/// `parContractsString` = `"NS:..."` / `"EW:..."` for NS resp. EW starting
/// the bidding. `vulnerable`: 0 none, 1 both, 2 NS, 3 EW (other codes as
/// DDS: nobody vulnerable). Returns 1; -1 if a pointer is NULL or a table
/// entry is outside 0..=13.
///
/// # Safety
/// `tablep` must be NULL or point to a readable `ddTableResults`; `presp`
/// NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn Par(
    tablep: *mut ddTableResults,
    presp: *mut parResults,
    vulnerable: c_int,
) -> c_int {
    boundary(RETURN_UNKNOWN_FAULT, || {
        // SAFETY: the pointers' contracts are the caller's.
        let (Some(table), Some(out)) = (unsafe { tablep.as_ref() }, unsafe { presp.as_mut() })
        else {
            return RETURN_UNKNOWN_FAULT;
        };
        par_into(table, out, vulnerable)
    })
}

/// `Par` on references (also used by `CalcAllTables`): 1, or -1 for a table
/// entry outside 0..=13.
pub(crate) fn par_into(table: &ddTableResults, out: &mut parResults, vulnerable: c_int) -> c_int {
    // SAFETY: a reference is a valid pointer.
    let Some(table) = (unsafe { read_table(table) }) else {
        return RETURN_UNKNOWN_FAULT;
    };
    let sides = sides_par_code(&table, vulnerable);
    let strings = ParStrings(&sides);
    for side in 0..2 {
        write_c_string(&mut out.parScore[side], &strings.score(side));
        write_c_string(&mut out.parContractsString[side], &strings.contracts(side));
    }
    RETURN_NO_FAULT
}

/// Solves the DD table of a binary deal into `*tablep` (as `CalcDDtable`),
/// then its par into `*presp` (as `Par`). Returns 1, or `CalcDDtable`'s
/// error, or -1 if `presp` is NULL.
///
/// # Safety
/// `tablep` must be NULL or point to a writable `ddTableResults`; `presp`
/// NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn CalcPar(
    tableDeal: ddTableDeal,
    vulnerable: c_int,
    tablep: *mut ddTableResults,
    presp: *mut parResults,
) -> c_int {
    boundary(RETURN_UNKNOWN_FAULT, || {
        // SAFETY: the pointers' contracts are the caller's.
        let res = unsafe { CalcDDtable(tableDeal, tablep) };
        if res != RETURN_NO_FAULT {
            return res;
        }
        // SAFETY: as above.
        unsafe { Par(tablep, presp, vulnerable) }
    })
}

/// `CalcPar` for a PBN deal (note the argument order, as DDS's). Returns 1;
/// -99 if the PBN text is bad, otherwise the errors of `CalcPar`.
///
/// # Safety
/// As `CalcPar`.
#[no_mangle]
pub unsafe extern "C" fn CalcParPBN(
    tableDealPBN: ddTableDealPBN,
    tablep: *mut ddTableResults,
    vulnerable: c_int,
    presp: *mut parResults,
) -> c_int {
    boundary(RETURN_UNKNOWN_FAULT, || {
        // SAFETY: the pointers' contracts are the caller's.
        let res = unsafe { CalcDDtablePBN(tableDealPBN, tablep) };
        if res != RETURN_NO_FAULT {
            return res;
        }
        // SAFETY: as above.
        unsafe { Par(tablep, presp, vulnerable) }
    })
}

/// Checks `DealerPar`'s dealer (>= 0, taken modulo 4) and vulnerability
/// (0..=3).
fn dealer_args(dealer: c_int, vulnerable: c_int) -> Option<(usize, Vulnerability)> {
    let d = usize::try_from(dealer).ok()?;
    Some((d % 4, Vulnerability::from_code(vulnerable)?))
}

/// Computes the par when `dealer` (0 N, 1 E, 2 S, 3 W) bids first:
/// `score` from NS's view, `contracts` like `"4H-NS+1"`, `"4S*-EW-1"`; a
/// passed-out deal gives `number` 1, `"pass"` and leaves `score` unset (as
/// DDS). Returns 1; -1 if a pointer is NULL, a table entry is outside
/// 0..=13, `vulnerable` is outside 0..=3 or `dealer` is negative (DDS reads
/// outside its arrays there).
///
/// # Safety
/// `tablep` must be NULL or point to a readable `ddTableResults`; `presp`
/// NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn DealerPar(
    tablep: *mut ddTableResults,
    presp: *mut parResultsDealer,
    dealer: c_int,
    vulnerable: c_int,
) -> c_int {
    boundary(RETURN_UNKNOWN_FAULT, || {
        // SAFETY: the pointers' contracts are the caller's.
        let (Some(table), Some(out)) = (unsafe { read_table(tablep) }, unsafe { presp.as_mut() })
        else {
            return RETURN_UNKNOWN_FAULT;
        };
        let Some((dealer, vul)) = dealer_args(dealer, vulnerable) else {
            return RETURN_UNKNOWN_FAULT;
        };
        match dealer_par(&table, dealer, vul) {
            DealerParResult::PassedOut => {
                out.number = 1;
                write_c_string(&mut out.contracts[0], "pass");
            }
            DealerParResult::Par { score, contracts } => {
                out.score = score;
                out.number = contracts.len() as c_int;
                for (d, c) in out.contracts.iter_mut().zip(&contracts) {
                    write_c_string(d, &c.to_string());
                }
            }
        }
        RETURN_NO_FAULT
    })
}

/// `DealerPar` in binary form: contracts sorted by denomination (0 NT,
/// 1 S, 2 H, 3 D, 4 C), `seats` 0..=3 N E S W, 4 NS, 5 EW; passed out gives
/// `number` 1 and `score` 0. Returns 1, or -1 as `DealerPar`.
///
/// # Safety
/// `tablep` must be NULL or point to a readable `ddTableResults`; `presp`
/// NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn DealerParBin(
    tablep: *mut ddTableResults,
    presp: *mut parResultsMaster,
    dealer: c_int,
    vulnerable: c_int,
) -> c_int {
    boundary(RETURN_UNKNOWN_FAULT, || {
        // SAFETY: the pointers' contracts are the caller's.
        let (Some(table), Some(out)) = (unsafe { read_table(tablep) }, unsafe { presp.as_mut() })
        else {
            return RETURN_UNKNOWN_FAULT;
        };
        let Some((dealer, vul)) = dealer_args(dealer, vulnerable) else {
            return RETURN_UNKNOWN_FAULT;
        };
        match dealer_par_master(&table, dealer, vul) {
            None => {
                out.number = 1;
                out.score = 0;
            }
            Some(p) => write_master(out, &p),
        }
        RETURN_NO_FAULT
    })
}

/// The par of each side starting the bidding (`sidesRes[0]`: NS starts,
/// score from NS's view; `sidesRes[1]`: EW starts, score from EW's view),
/// binary. If nobody makes anything both get score 0 and one all-zero
/// contract. Returns 1; -1 if a pointer is NULL or a table entry is
/// outside 0..=13.
///
/// # Safety
/// `tablep` must be NULL or point to a readable `ddTableResults`;
/// `sidesRes` NULL or point to two writable `parResultsMaster`.
#[no_mangle]
pub unsafe extern "C" fn SidesParBin(
    tablep: *mut ddTableResults,
    sidesRes: *mut parResultsMaster,
    vulnerable: c_int,
) -> c_int {
    boundary(RETURN_UNKNOWN_FAULT, || {
        // SAFETY: the pointer's contract is the caller's.
        let Some(table) = (unsafe { read_table(tablep) }) else {
            return RETURN_UNKNOWN_FAULT;
        };
        if sidesRes.is_null() {
            return RETURN_UNKNOWN_FAULT;
        }
        // SAFETY: non-null; two writable records per the contract.
        let out = unsafe { std::slice::from_raw_parts_mut(sidesRes, 2) };
        let sides = sides_par_code(&table, vulnerable);
        for (d, s) in out.iter_mut().zip(&sides) {
            write_master(d, s);
        }
        RETURN_NO_FAULT
    })
}

/// `SidesParBin` as texts in `DealerPar`'s style (`"4S*-EW-1"`,
/// `"3N-NS+1"`; nobody making anything gives `"0N-N"`, as DDS). Returns 1;
/// -1 as `SidesParBin`.
///
/// # Safety
/// `tablep` must be NULL or point to a readable `ddTableResults`;
/// `sidesRes` NULL or point to two writable `parResultsDealer`.
#[no_mangle]
pub unsafe extern "C" fn SidesPar(
    tablep: *mut ddTableResults,
    sidesRes: *mut parResultsDealer,
    vulnerable: c_int,
) -> c_int {
    boundary(RETURN_UNKNOWN_FAULT, || {
        // SAFETY: the pointer's contract is the caller's.
        let Some(table) = (unsafe { read_table(tablep) }) else {
            return RETURN_UNKNOWN_FAULT;
        };
        if sidesRes.is_null() {
            return RETURN_UNKNOWN_FAULT;
        }
        // SAFETY: non-null; two writable records per the contract.
        let out = unsafe { std::slice::from_raw_parts_mut(sidesRes, 2) };
        let sides = sides_par_code(&table, vulnerable);
        for (d, s) in out.iter_mut().zip(&sides) {
            d.score = s.score;
            d.number = s.contracts.len() as c_int;
            for (t, c) in d.contracts.iter_mut().zip(&s.contracts) {
                write_c_string(t, &sides_contract_text(c));
            }
        }
        RETURN_NO_FAULT
    })
}

/// Writes one `parResultsMaster` as text: `"Par 110: NS 2S NS 2H"`,
/// `"Par -100: NS 4Sx-1"`, `"Par 420: EW 3N+1"`. Returns 1; -1 if a pointer
/// is NULL, `number` exceeds 10, or a `seats` (0..=5) or `denom` (0..=4)
/// code is invalid (the text up to the bad field is still written, as
/// DDS).
///
/// # Safety
/// `pres` must be NULL or point to a readable `parResultsMaster`; `resp`
/// NULL or point to a buffer large enough for the text (`16 + 30 *
/// number` bytes always suffice).
#[no_mangle]
pub unsafe extern "C" fn ConvertToDealerTextFormat(
    pres: *mut parResultsMaster,
    resp: *mut c_char,
) -> c_int {
    boundary(RETURN_UNKNOWN_FAULT, || {
        // SAFETY: the pointer's contract is the caller's.
        let Some(master) = (unsafe { pres.as_ref() }) else {
            return RETURN_UNKNOWN_FAULT;
        };
        if resp.is_null() {
            return RETURN_UNKNOWN_FAULT;
        }
        let Some((score, raw)) = raw_master(master) else {
            return RETURN_UNKNOWN_FAULT;
        };
        let (text, code) = match converter_text(score, &raw, "N") {
            Ok(t) => (t, RETURN_NO_FAULT),
            Err(t) => (t, RETURN_UNKNOWN_FAULT),
        };
        // SAFETY: resp is non-null and large enough per the contract.
        unsafe { write_c_string_raw(resp, text.len() + 1, &text) };
        code
    })
}

/// Writes two `parResultsMaster` (as from `SidesParBin`) as texts, no trump
/// written `NT`: `parText[i]` = `"Par <score>: ..."`; `equal` = both the
/// same. If `pres[0].score` is 0: `parText[0]` = `"Par 0"`, `parText[1]`
/// empty and `equal` left unset (as DDS). Texts longer than 127 bytes are
/// cut. Returns 1; -1 if a pointer is NULL, a `number` exceeds 10 or a
/// `seats`/`denom` code is invalid (texts written up to the bad field).
///
/// # Safety
/// `pres` must be NULL or point to two readable `parResultsMaster`; `resp`
/// NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn ConvertToSidesTextFormat(
    pres: *mut parResultsMaster,
    resp: *mut parTextResults,
) -> c_int {
    boundary(RETURN_UNKNOWN_FAULT, || {
        // SAFETY: the pointers' contracts are the caller's.
        let Some(out) = (unsafe { resp.as_mut() }) else {
            return RETURN_UNKNOWN_FAULT;
        };
        if pres.is_null() {
            return RETURN_UNKNOWN_FAULT;
        }
        // SAFETY: non-null; the caller guarantees one record, and a second
        // one unless the first score is 0.
        let first = unsafe { &*pres };
        let Some(a) = raw_master(first) else {
            return RETURN_UNKNOWN_FAULT;
        };
        out.parText = [[0; 128]; 2];
        if a.0 == 0 {
            write_c_string(&mut out.parText[0], "Par 0");
            return RETURN_NO_FAULT;
        }
        // SAFETY: as above, the second record.
        let second = unsafe { &*pres.add(1) };
        let Some(b) = raw_master(second) else {
            return RETURN_UNKNOWN_FAULT;
        };
        for (i, (score, raw)) in [&a, &b].into_iter().enumerate() {
            match converter_text(*score, raw, "NT") {
                Ok(t) => {
                    write_c_string(&mut out.parText[i], &t);
                }
                Err(t) => {
                    write_c_string(&mut out.parText[i], &t);
                    return RETURN_UNKNOWN_FAULT;
                }
            }
            if i == 0 {
                out.equal = a.0 == -b.0 && first.number == second.number && a.1 == b.1;
            }
        }
        RETURN_NO_FAULT
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CStr;
    use std::ptr::null_mut;

    /// list1000.txt hand 4's table: EW sacrifice against NS.
    fn table() -> ddTableResults {
        let flat = [8, 5, 8, 5, 7, 6, 7, 6, 7, 5, 7, 5, 5, 8, 5, 8, 6, 7, 6, 7];
        let mut t = ddTableResults::default();
        for (i, v) in flat.iter().enumerate() {
            t.resTable[i / 4][i % 4] = *v;
        }
        t
    }

    fn blank_dealer() -> parResultsDealer {
        parResultsDealer {
            number: -5,
            score: -5,
            contracts: [[0; 10]; 10],
        }
    }

    fn text(s: &[c_char]) -> &str {
        // SAFETY: NUL-terminated by the functions under test.
        unsafe { CStr::from_ptr(s.as_ptr()) }.to_str().unwrap()
    }

    #[test]
    fn null_pointers_give_unknown_fault() {
        let mut t = table();
        let mut pr = parResults {
            parScore: [[0; 16]; 2],
            parContractsString: [[0; 128]; 2],
        };
        let mut d = blank_dealer();
        let mut m = parResultsMaster::default();
        let mut tx = parTextResults {
            parText: [[0; 128]; 2],
            equal: false,
        };
        let mut buf = [0 as c_char; 64];
        // SAFETY: every pointer is valid or NULL.
        unsafe {
            assert_eq!(Par(null_mut(), &mut pr, 0), RETURN_UNKNOWN_FAULT);
            assert_eq!(Par(&mut t, null_mut(), 0), RETURN_UNKNOWN_FAULT);
            assert_eq!(DealerPar(null_mut(), &mut d, 0, 0), RETURN_UNKNOWN_FAULT);
            assert_eq!(DealerPar(&mut t, null_mut(), 0, 0), RETURN_UNKNOWN_FAULT);
            assert_eq!(DealerParBin(&mut t, null_mut(), 0, 0), RETURN_UNKNOWN_FAULT);
            assert_eq!(DealerParBin(null_mut(), &mut m, 0, 0), RETURN_UNKNOWN_FAULT);
            assert_eq!(SidesPar(&mut t, null_mut(), 0), RETURN_UNKNOWN_FAULT);
            assert_eq!(SidesPar(null_mut(), &mut d, 0), RETURN_UNKNOWN_FAULT);
            assert_eq!(SidesParBin(&mut t, null_mut(), 0), RETURN_UNKNOWN_FAULT);
            assert_eq!(SidesParBin(null_mut(), &mut m, 0), RETURN_UNKNOWN_FAULT);
            assert_eq!(
                ConvertToDealerTextFormat(null_mut(), buf.as_mut_ptr()),
                RETURN_UNKNOWN_FAULT
            );
            assert_eq!(
                ConvertToDealerTextFormat(&mut m, null_mut()),
                RETURN_UNKNOWN_FAULT
            );
            assert_eq!(
                ConvertToSidesTextFormat(null_mut(), &mut tx),
                RETURN_UNKNOWN_FAULT
            );
            assert_eq!(
                ConvertToSidesTextFormat(&mut m, null_mut()),
                RETURN_UNKNOWN_FAULT
            );
            // CalcPar checks the deal first, as CalcDDtable: no cards.
            let deal = ddTableDeal::default();
            assert_eq!(CalcPar(deal, 0, null_mut(), &mut pr), RETURN_ZERO_CARDS);
        }
        assert_eq!(d.number, -5, "nothing written on error");
    }

    #[test]
    fn table_entries_outside_0_13_are_refused() {
        let mut d = blank_dealer();
        for bad in [-1, 14, 1000] {
            let mut t = table();
            t.resTable[2][3] = bad;
            // SAFETY: valid pointers.
            assert_eq!(
                unsafe { DealerPar(&mut t, &mut d, 0, 0) },
                RETURN_UNKNOWN_FAULT
            );
        }
    }

    #[test]
    fn dealer_par_codes() {
        let mut t = table();
        let mut d = blank_dealer();
        // SAFETY: valid pointers.
        unsafe {
            // Vulnerability outside 0..=3 and negative dealers: DDS reads
            // outside its arrays; refused here.
            assert_eq!(DealerPar(&mut t, &mut d, 0, 4), RETURN_UNKNOWN_FAULT);
            assert_eq!(DealerPar(&mut t, &mut d, 0, -1), RETURN_UNKNOWN_FAULT);
            assert_eq!(DealerPar(&mut t, &mut d, -1, 0), RETURN_UNKNOWN_FAULT);
            // Dealer 5 is dealer 1, as in DDS.
            assert_eq!(DealerPar(&mut t, &mut d, 5, 2), RETURN_NO_FAULT);
        }
        assert_eq!((d.score, d.number), (100, 2));
        assert_eq!(text(&d.contracts[0]), "3C*-EW-1");
        assert_eq!(text(&d.contracts[1]), "2N*-EW-1");
    }

    #[test]
    fn passed_out_leaves_dealer_score_unset() {
        let mut t = ddTableResults::default();
        let mut d = blank_dealer();
        let mut m = parResultsMaster {
            score: 77,
            ..Default::default()
        };
        // SAFETY: valid pointers.
        unsafe {
            assert_eq!(DealerPar(&mut t, &mut d, 0, 0), RETURN_NO_FAULT);
            assert_eq!(DealerParBin(&mut t, &mut m, 0, 0), RETURN_NO_FAULT);
        }
        assert_eq!((d.number, d.score), (1, -5));
        assert_eq!(text(&d.contracts[0]), "pass");
        assert_eq!((m.number, m.score), (1, 0));
    }

    #[test]
    fn converters_stop_at_bad_codes() {
        let mut m = [parResultsMaster::default(); 2];
        m[0].score = 100;
        m[0].number = 2;
        m[0].contracts[0] = contractType {
            underTricks: 1,
            overTricks: 0,
            level: 2,
            denom: 0,
            seats: 5,
        };
        m[0].contracts[1] = contractType {
            underTricks: 0,
            overTricks: 0,
            level: 3,
            denom: 9,
            seats: 1,
        };
        let mut buf = [0 as c_char; 128];
        let mut tx = parTextResults {
            parText: [[0; 128]; 2],
            equal: true,
        };
        // SAFETY: valid pointers; two records.
        unsafe {
            assert_eq!(
                ConvertToDealerTextFormat(m.as_mut_ptr(), buf.as_mut_ptr()),
                RETURN_UNKNOWN_FAULT
            );
            assert_eq!(
                ConvertToSidesTextFormat(m.as_mut_ptr(), &mut tx),
                RETURN_UNKNOWN_FAULT
            );
        }
        assert_eq!(text(&buf), "Par 100: EW 2Nx-1 E 3");
        assert_eq!(text(&tx.parText[0]), "Par 100: EW 2NTx-1 E 3");
        assert_eq!(text(&tx.parText[1]), "");
        assert!(tx.equal, "left unset when the first text fails");
        // More than 10 contracts: DDS would read past its array.
        m[0].number = 11;
        // SAFETY: as above.
        let rc = unsafe { ConvertToDealerTextFormat(m.as_mut_ptr(), buf.as_mut_ptr()) };
        assert_eq!(rc, RETURN_UNKNOWN_FAULT);
    }

    #[test]
    fn sides_par_of_an_empty_table() {
        let mut t = ddTableResults::default();
        let mut s = [blank_dealer(), blank_dealer()];
        // SAFETY: valid pointers; two records.
        assert_eq!(
            unsafe { SidesPar(&mut t, s.as_mut_ptr(), 0) },
            RETURN_NO_FAULT
        );
        // DDS 2.9.0 writes its all-zero placeholder contract as text.
        for side in &s {
            assert_eq!((side.score, side.number), (0, 1));
            assert_eq!(text(&side.contracts[0]), "0N-N");
        }
    }
}
