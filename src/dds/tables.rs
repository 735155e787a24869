//! DDS 2.9.0's `CalcAllTables` and `CalcAllTablesPBN`: up to 200
//! strain-tables (strains × deals) solved on the thread pool, with DDS's
//! strain filter, limits and `noOfBoards` count, and par results when a
//! vulnerability is given and all five strains were solved.
//!
//! Differences from DDS, where DDS has undefined behaviour: with
//! `noOfTables` 0 or less DDS solves one uninitialised board; we solve
//! nothing, set `noOfBoards` to 0 and return 1. With more deals than the
//! 200 slots of `ddTableDealsPBN`, DDS reads past the array while parsing;
//! we parse the first 200 only and return DDS's limit error.
#![allow(non_snake_case)]

use std::os::raw::c_int;

use kibitz::bridge::batch::strain_rows;
use kibitz::bridge::dds::dds_row;
use kibitz::bridge::dds::resources::batch_workers;
use kibitz::bridge::{Deal, Strain};

use super::types::*;
use super::{holdings_from_pbn, table_deal_checked};
use crate::boundary::boundary;

/// The body of `CalcAllTables`.
///
/// # Safety
/// The pointers must be NULL or valid as `CalcAllTables` documents.
unsafe fn calc_all(
    deals: &ddTableDeals,
    mode: c_int,
    trumpFilter: *const c_int,
    resp: *mut ddTablesRes,
    presp: *mut allParResults,
) -> c_int {
    // SAFETY: NULL is checked; validity is the caller's contract.
    let Some(res) = (unsafe { resp.as_mut() }) else {
        return RETURN_UNKNOWN_FAULT;
    };
    if trumpFilter.is_null() {
        return RETURN_UNKNOWN_FAULT;
    }
    // SAFETY: non-null; DDS's contract is an array of five ints.
    let filter = unsafe { std::slice::from_raw_parts(trumpFilter, DDS_STRAINS) };
    // DDS solves NT first, then clubs .. spades.
    let strains: Vec<Strain> = (0..DDS_STRAINS)
        .rev()
        .filter(|&s| filter[s] == 0)
        .filter_map(Strain::from_index)
        .collect();
    if strains.is_empty() {
        return RETURN_NO_SUIT;
    }
    let count = strains.len() as c_int;
    let n = deals.noOfTables;
    if n > 0 && count.saturating_mul(n) > (MAXNOOFTABLES * DDS_STRAINS) as c_int {
        return RETURN_TOO_MANY_TABLES;
    }
    res.noOfBoards = 0;
    let n = n.max(0) as usize;
    let mut checked: Vec<Deal> = Vec::with_capacity(n);
    for table in &deals.deals[..n] {
        match table_deal_checked(&table.cards) {
            Ok(d) => checked.push(d),
            Err(code) => return code,
        }
    }
    let jobs: Vec<(Deal, Strain)> = checked
        .iter()
        .flat_map(|d| strains.iter().map(move |&s| (*d, s)))
        .collect();
    let rows = strain_rows(&jobs, batch_workers());
    for (k, ((deal, strain), row)) in jobs.iter().zip(rows).enumerate() {
        res.results[k / strains.len()].resTable[strain.index()] = dds_row(deal, row);
    }
    res.noOfBoards = 4 * jobs.len() as c_int;
    if (0..=3).contains(&mode) && strains.len() == DDS_STRAINS {
        // SAFETY: NULL is checked; validity is the caller's contract.
        let Some(par) = (unsafe { presp.as_mut() }) else {
            return RETURN_UNKNOWN_FAULT;
        };
        for (table, out) in res.results[..n].iter().zip(par.presults.iter_mut()) {
            let rc = super::par::par_into(table, out, mode);
            if rc != RETURN_NO_FAULT {
                return rc;
            }
        }
    }
    RETURN_NO_FAULT
}

/// DD tables of up to 200 strain-tables: `dealsp->noOfTables` deals, every
/// strain s with `trumpFilter[s] == 0`, into `resp->results[k].resTable`
/// (other strains' rows are left as they are); `resp->noOfBoards` = 4 ×
/// strains × deals. With `mode` 0..=3 (vulnerability none, both, NS, EW)
/// and no strain filtered, also the par of each table into
/// `presp->presults[k]` (as `Par`). Returns 1, `RETURN_NO_SUIT` (-201) if
/// every strain is filtered, `RETURN_TOO_MANY_TABLES` (-202) past 200
/// strain-tables, a deal's `CalcDDtable` error code, or
/// `RETURN_UNKNOWN_FAULT` (-1) for a NULL pointer (`presp` may be NULL
/// when no par is asked for).
///
/// # Safety
/// `dealsp` must be NULL or readable, `trumpFilter` NULL or five readable
/// ints, `resp` and `presp` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn CalcAllTables(
    dealsp: *mut ddTableDeals,
    mode: c_int,
    trumpFilter: *mut c_int,
    resp: *mut ddTablesRes,
    presp: *mut allParResults,
) -> c_int {
    boundary(RETURN_UNKNOWN_FAULT, || {
        // SAFETY: NULL is checked; validity is the caller's contract.
        match unsafe { dealsp.as_ref() } {
            // SAFETY: forwarded contract.
            Some(deals) => unsafe { calc_all(deals, mode, trumpFilter, resp, presp) },
            None => RETURN_UNKNOWN_FAULT,
        }
    })
}

/// `CalcAllTables` for PBN deals. Returns as `CalcAllTables`, and
/// `RETURN_PBN_FAULT` (-99) for a deal that does not parse (checked first,
/// as DDS does).
///
/// # Safety
/// As `CalcAllTables`, with `dealsp` a readable `ddTableDealsPBN`.
#[no_mangle]
pub unsafe extern "C" fn CalcAllTablesPBN(
    dealsp: *mut ddTableDealsPBN,
    mode: c_int,
    trumpFilter: *mut c_int,
    resp: *mut ddTablesRes,
    presp: *mut allParResults,
) -> c_int {
    boundary(RETURN_UNKNOWN_FAULT, || {
        // SAFETY: NULL is checked; validity is the caller's contract.
        let Some(pbn) = (unsafe { dealsp.as_ref() }) else {
            return RETURN_UNKNOWN_FAULT;
        };
        // SAFETY: all-zero bytes are a valid `ddTableDeals` (integers).
        let mut deals: Box<ddTableDeals> = unsafe { Box::new(std::mem::zeroed()) };
        deals.noOfTables = pbn.noOfTables;
        let n = (pbn.noOfTables.max(0) as usize).min(pbn.deals.len());
        for k in 0..n {
            match holdings_from_pbn(&pbn.deals[k].cards) {
                Ok(h) => deals.deals[k].cards = h,
                Err(code) => return code,
            }
        }
        // SAFETY: forwarded contract.
        unsafe { calc_all(&deals, mode, trumpFilter, resp, presp) }
    })
}
