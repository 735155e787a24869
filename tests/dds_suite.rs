//! DDS's own test suite, run against our library through the C ABI the way
//! DDS 2.9's test program (`test/dtest.cpp`, `loop.cpp`, `compare.cpp`)
//! runs it:
//!
//! - `FUT`: `SolveAllChunksPBN` in batches of 200 with target -1,
//!   solutions 3, mode 1; every card compared **in order** (suit, rank,
//!   equals, score).
//! - `TABLE`: `CalcAllTablesPBN` in batches of 40, no par, all five strains
//!   compared (DDS's harness skips the NT row).
//! - `PAR`: `Par` on the file's `TABLE` with the file's vulnerability.
//! - `PAR2`: `DealerPar` on the file's `TABLE` with dealer and vulnerability.
//! - `PLAY`/`TRACE`: `AnalyseAllPlaysPBN` in batches of 200.
//! - `sol10.txt` (GIB format): `CalcAllTablesPBN` against the GIB digits.
//!
//! The hand files are DDS's (`hands/` in the DDS repository, Apache-2.0),
//! copied to `tests/data/`. Runs `list100.txt` by default; set
//! `KIBITZ_SUITE=list1000.txt` (or any DDS-format file in `tests/data/`)
//! for more. list1000 is not the default because it takes about 600 s of
//! CPU (about 5 minutes on two cores, release profile; measured
//! 2026-11-23), too long for every `cargo test`; CI runs it as a step of
//! its own (`ddssuite` in `.ci/run`), and it must pass completely.

use dds::AnalyseAllPlaysPBN;
use dds::CalcAllTablesPBN;
use dds::SolveAllChunksPBN;
use dds::{
    boardsPBN, ddTableDealsPBN, ddTableResults, ddTablesRes, parResults, parResultsDealer,
    playTracesPBN, solvedBoards, solvedPlays,
};
use dds::{DealerPar, Par};
use std::ffi::CStr;
use std::os::raw::c_char;
use std::path::PathBuf;

/// One hand of a DDS test file (`test/parse.cpp`'s seven lines).
#[derive(Debug, Default)]
struct Hand {
    dealer: i32,
    vul: i32,
    trump: i32,
    first: i32,
    pbn: String,
    /// (suit, rank, equals, score) per card.
    fut: Vec<[i32; 4]>,
    /// resTable[strain][hand], flattened.
    table: Vec<i32>,
    par: Vec<String>,
    par2: Vec<String>,
    play: String,
    trace: Vec<i32>,
}

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

fn quoted(line: &str) -> Vec<String> {
    line.split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

fn ints(words: &[&str]) -> Vec<i32> {
    words
        .iter()
        .map(|w| w.parse().unwrap_or_else(|_| panic!("not a number: {w}")))
        .collect()
}

/// Reads a DDS text hand file: `NUMBER n`, then per hand the lines `PBN`,
/// `FUT`, `TABLE`, `PAR`, `PAR2`, `PLAY`, `TRACE`.
fn read_file(name: &str) -> Vec<Hand> {
    let text = std::fs::read_to_string(data(name)).expect("hand file");
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
    assert_eq!(header[0], "NUMBER", "{name}: first line");
    let number: usize = header[1].parse().unwrap();
    let mut hands: Vec<Hand> = Vec::new();
    for line in lines {
        let w: Vec<&str> = line.split_whitespace().collect();
        let Some(&tag) = w.first() else { continue };
        if tag == "PBN" {
            hands.push(Hand {
                dealer: w[1].parse().unwrap(),
                vul: w[2].parse().unwrap(),
                trump: w[3].parse().unwrap(),
                first: w[4].parse().unwrap(),
                pbn: quoted(line)[0].clone(),
                ..Hand::default()
            });
            continue;
        }
        let h = hands.last_mut().expect("a PBN line first");
        match tag {
            "FUT" => {
                let v = ints(&w[1..]);
                let n = v[0] as usize;
                assert_eq!(v.len(), 1 + 4 * n, "FUT line length");
                h.fut = (0..n)
                    .map(|i| [v[1 + i], v[1 + n + i], v[1 + 2 * n + i], v[1 + 3 * n + i]])
                    .collect();
            }
            "TABLE" => h.table = ints(&w[1..]),
            "PAR" => h.par = quoted(line),
            "PAR2" => h.par2 = quoted(line),
            "PLAY" => {
                let n: usize = w[1].parse().unwrap();
                h.play = quoted(line).first().cloned().unwrap_or_default();
                assert_eq!(h.play.len(), 2 * n, "PLAY length");
            }
            "TRACE" => {
                let v = ints(&w[1..]);
                assert_eq!(v.len(), 1 + v[0] as usize, "TRACE length");
                h.trace = v[1..].to_vec();
            }
            other => panic!("{name}: unknown line type {other}"),
        }
    }
    assert_eq!(hands.len(), number, "{name}: NUMBER");
    hands
}

fn suite_file() -> String {
    std::env::var("KIBITZ_SUITE").unwrap_or_else(|_| "list100.txt".to_string())
}

fn put(dst: &mut [c_char], s: &str) {
    assert!(s.len() < dst.len());
    for (d, b) in dst.iter_mut().zip(s.bytes().chain(std::iter::once(0))) {
        *d = b as c_char;
    }
}

fn text(s: &[c_char]) -> String {
    // SAFETY: the library NUL-terminates within the array.
    unsafe { CStr::from_ptr(s.as_ptr()) }
        .to_string_lossy()
        .into_owned()
}

/// A zeroed C struct on the heap (the batch structs are large).
fn zeroed<T>() -> Box<T> {
    // SAFETY: used only for the DDS structs, plain integers and chars.
    unsafe { Box::new(std::mem::zeroed()) }
}

/// A `boardsPBN` of `hands` with target -1, solutions 3, mode 1.
fn boards(hands: &[Hand]) -> Box<boardsPBN> {
    let mut b: Box<boardsPBN> = zeroed();
    b.noOfBoards = hands.len() as i32;
    for (k, h) in hands.iter().enumerate() {
        b.deals[k].trump = h.trump;
        b.deals[k].first = h.first;
        put(&mut b.deals[k].remainCards, &h.pbn);
        b.target[k] = -1;
        b.solutions[k] = 3;
        b.mode[k] = 1;
    }
    b
}

#[test]
fn fut_in_exact_order() {
    let file = suite_file();
    let hands = read_file(&file);
    let (mut same, mut same_set, mut wrong) = (0, 0, Vec::new());
    for (c, chunk) in hands.chunks(200).enumerate() {
        let mut bop = boards(chunk);
        let mut solved: Box<solvedBoards> = zeroed();
        let rc = unsafe { SolveAllChunksPBN(&mut *bop, &mut *solved, 1) };
        assert_eq!(rc, 1, "SolveAllChunksPBN");
        assert_eq!(solved.noOfBoards, chunk.len() as i32);
        for (k, h) in chunk.iter().enumerate() {
            let f = &solved.solvedBoard[k];
            let got: Vec<[i32; 4]> = (0..f.cards as usize)
                .map(|i| [f.suit[i], f.rank[i], f.equals[i], f.score[i]])
                .collect();
            if got == h.fut {
                same += 1;
            } else {
                let (mut a, mut b) = (got.clone(), h.fut.clone());
                a.sort();
                b.sort();
                if a == b {
                    same_set += 1;
                }
                wrong.push((c * 200 + k + 1, got, h.fut.clone()));
            }
        }
    }
    eprintln!(
        "{file}: FUT {same}/{} identical in order ({same_set} more identical as sets)",
        hands.len()
    );
    for (n, got, want) in wrong.iter().take(5) {
        eprintln!("hand {n}: got {got:?}\n        want {want:?}");
    }
    assert!(wrong.is_empty(), "{} FUT lines differ", wrong.len());
}

#[test]
fn tables_all_five_strains() {
    let file = suite_file();
    let hands = read_file(&file);
    let mut wrong = Vec::new();
    for (c, chunk) in hands.chunks(40).enumerate() {
        let mut deals: Box<ddTableDealsPBN> = zeroed();
        deals.noOfTables = chunk.len() as i32;
        for (k, h) in chunk.iter().enumerate() {
            put(&mut deals.deals[k].cards, &h.pbn);
        }
        let mut res: Box<ddTablesRes> = zeroed();
        let mut filter = [0i32; 5];
        let rc = unsafe {
            CalcAllTablesPBN(
                &mut *deals,
                -1,
                filter.as_mut_ptr(),
                &mut *res,
                std::ptr::null_mut(),
            )
        };
        assert_eq!(rc, 1, "CalcAllTablesPBN");
        for (k, h) in chunk.iter().enumerate() {
            let got: Vec<i32> = res.results[k].resTable.iter().flatten().copied().collect();
            if got != h.table {
                wrong.push(c * 40 + k + 1);
            }
        }
    }
    eprintln!(
        "{file}: TABLE {}/{} identical (20 cells each)",
        hands.len() - wrong.len(),
        hands.len()
    );
    assert!(wrong.is_empty(), "TABLE differs for hands {wrong:?}");
}

fn file_table(h: &Hand) -> ddTableResults {
    let mut t = ddTableResults::default();
    for (i, v) in h.table.iter().enumerate() {
        t.resTable[i / 4][i % 4] = *v;
    }
    t
}

#[test]
fn par_and_dealer_par() {
    let file = suite_file();
    let hands = read_file(&file);
    let (mut wrong_par, mut wrong_par2) = (Vec::new(), Vec::new());
    for (n, h) in hands.iter().enumerate() {
        let mut table = file_table(h);
        let mut par: parResults = unsafe { std::mem::zeroed() };
        assert_eq!(unsafe { Par(&mut table, &mut par, h.vul) }, 1, "Par");
        let got = vec![
            text(&par.parScore[0]),
            text(&par.parScore[1]),
            text(&par.parContractsString[0]),
            text(&par.parContractsString[1]),
        ];
        if got != h.par {
            wrong_par.push((n + 1, got, h.par.clone()));
        }
        let mut dp: parResultsDealer = unsafe { std::mem::zeroed() };
        let rc = unsafe { DealerPar(&mut table, &mut dp, h.dealer, h.vul) };
        assert_eq!(rc, 1, "DealerPar");
        // As DDS's `compare_PAR2`: the score, then the contracts.
        let mut got = vec![dp.score.to_string()];
        got.extend((0..dp.number as usize).map(|i| text(&dp.contracts[i])));
        if got != h.par2 {
            wrong_par2.push((n + 1, got, h.par2.clone()));
        }
    }
    eprintln!(
        "{file}: PAR {}/{} identical, PAR2 {}/{} identical",
        hands.len() - wrong_par.len(),
        hands.len(),
        hands.len() - wrong_par2.len(),
        hands.len()
    );
    assert!(wrong_par.is_empty(), "PAR differs: {:?}", &wrong_par[..1]);
    assert!(
        wrong_par2.is_empty(),
        "PAR2 differs: {:?}",
        &wrong_par2[..1]
    );
}

#[test]
fn play_traces() {
    let file = suite_file();
    let hands = read_file(&file);
    let mut wrong = Vec::new();
    for (c, chunk) in hands.chunks(200).enumerate() {
        let mut bop = boards(chunk);
        let mut plays: Box<playTracesPBN> = zeroed();
        plays.noOfBoards = chunk.len() as i32;
        for (k, h) in chunk.iter().enumerate() {
            plays.plays[k].number = (h.play.len() / 2) as i32;
            put(&mut plays.plays[k].cards, &h.play);
        }
        let mut solved: Box<solvedPlays> = zeroed();
        let rc = unsafe { AnalyseAllPlaysPBN(&mut *bop, &mut *plays, &mut *solved, 1) };
        assert_eq!(rc, 1, "AnalyseAllPlaysPBN");
        for (k, h) in chunk.iter().enumerate() {
            let s = &solved.solved[k];
            let got = &s.tricks[..s.number as usize];
            if got != h.trace.as_slice() {
                wrong.push(c * 200 + k + 1);
            }
        }
    }
    eprintln!(
        "{file}: TRACE {}/{} identical",
        hands.len() - wrong.len(),
        hands.len()
    );
    assert!(wrong.is_empty(), "TRACE differs for hands {wrong:?}");
}

/// DDS's `parse_GIB`: a GIB line is a deal (West first) and 20 hex digits,
/// strains NT, S, H, D, C, each for declarers in the digit order E, N, W,
/// S, giving NS's tricks.
#[test]
fn gib_sol10_tables() {
    let text = std::fs::read_to_string(data("sol10.txt")).expect("sol10.txt");
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let mut deals: Box<ddTableDealsPBN> = zeroed();
    deals.noOfTables = lines.len() as i32;
    let mut want = Vec::new();
    for (k, line) in lines.iter().enumerate() {
        let (deal, digits) = line.split_once(':').expect("GIB line");
        assert_eq!(deal.len(), 67);
        assert_eq!(digits.len(), 20);
        put(&mut deals.deals[k].cards, &format!("W:{deal}"));
        let mut table = [[0i32; 4]; 5];
        let strain_of = [4, 0, 1, 2, 3];
        let hand_of = [1, 0, 3, 2];
        for (i, ch) in digits.chars().enumerate() {
            let ns = ch.to_digit(16).unwrap() as i32;
            let (strain, hand) = (strain_of[i / 4], hand_of[i % 4]);
            table[strain][hand] = if hand % 2 == 1 { 13 - ns } else { ns };
        }
        want.push(table);
    }
    let mut res: Box<ddTablesRes> = zeroed();
    let mut filter = [0i32; 5];
    let rc = unsafe {
        CalcAllTablesPBN(
            &mut *deals,
            -1,
            filter.as_mut_ptr(),
            &mut *res,
            std::ptr::null_mut(),
        )
    };
    assert_eq!(rc, 1);
    let wrong: Vec<usize> = (0..lines.len())
        .filter(|&k| res.results[k].resTable != want[k])
        .collect();
    eprintln!(
        "sol10.txt: GIB {}/{} tables identical",
        lines.len() - wrong.len(),
        lines.len()
    );
    assert!(wrong.is_empty(), "GIB tables differ: {wrong:?}");
}
