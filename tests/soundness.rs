//! The solver's soundness net.
//!
//! 1. Random endings (2 to 9 cards a hand, every strain and leader, 0 to 3
//!    cards of the current trick played, half of them skewed: long suits,
//!    voids, a side holding the top cards of a suit) solved by Debian's
//!    DDS 2.9 (`libdds.so.0`, live) and by Kibitz:
//!    - the value-only search (`Solver::max_tricks`, as tables use it)
//!      against DDS's best score, on every ending;
//!    - `SolveBoard(-1, 3, 1)` through the C API, card by card, against
//!      DDS's, on every other ending;
//!    - the plain reference search (`bridge::reference`), on every fifth
//!      ending of up to 7 cards a hand;
//!    - each pruning rule switched off in turn (`Rules`), on every
//!      twentieth ending of up to 7 cards a hand: the value must not move.
//! 2. The golden corpus: DD tables recorded from DDS 2.9 by
//!    `scripts/record_golden.py` (`tests/data/golden/tables.txt.gz`:
//!    uniform deals, shaped deals and DDS's `list1000` real-play hands),
//!    the first 10,000 (all with `KIBITZ_SOUNDNESS=full`), on two threads.
//!
//! Sizes: 200,000 endings by default; `KIBITZ_SOUNDNESS=full` runs ten
//! times as many and the whole corpus; `KIBITZ_SOUNDNESS=N` runs N endings
//! and no corpus. `KIBITZ_SOUNDNESS_SEED` changes the
//! endings. Needs the `rule-switches` feature:
//! `cargo test --features rule-switches --test soundness`.
//!
//! `harness = false`: Debian's library crashes in its destructor at exit,
//! so this prints its own summary and leaves with `_exit`.

#[path = "support/debian_dds.rs"]
mod debian_dds;
#[path = "support/endings.rs"]
mod endings;
#[path = "support/random.rs"]
mod random;

use dds::{deal, futureTricks};
use kibitz::bridge::reference::reference_tricks;
use kibitz::bridge::{
    dd_table, Board, Card, Deal, Hand, Holding, Rules, Seat, Solver, Strain, Suit,
};
use random::{Position, Rng};
use std::io::{BufRead, BufReader};
use std::os::raw::c_int;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

type SolveBoardFn =
    unsafe extern "C" fn(deal, c_int, c_int, c_int, *mut futureTricks, c_int) -> c_int;
type SetMaxThreadsFn = unsafe extern "C" fn(c_int);

/// Worker threads (the CI machine has two cores).
const THREADS: usize = 2;
/// Mismatches printed in full; the rest are counted.
const SHOW: usize = 30;

/// Pass and fail counts per check, and the first mismatches.
#[derive(Default)]
struct Tally {
    counts: Mutex<std::collections::BTreeMap<&'static str, (u64, u64)>>,
    shown: Mutex<Vec<String>>,
}

impl Tally {
    fn check(&self, what: &'static str, ok: bool, text: impl FnOnce() -> String) {
        let mut c = self.counts.lock().unwrap();
        let e = c.entry(what).or_default();
        if ok {
            e.0 += 1;
        } else {
            e.1 += 1;
            let mut shown = self.shown.lock().unwrap();
            if shown.len() < SHOW {
                shown.push(format!("{what}: {}", text()));
            }
        }
    }

    fn totals(&self) -> (u64, u64) {
        let c = self.counts.lock().unwrap();
        c.values().fold((0, 0), |a, e| (a.0 + e.0, a.1 + e.1))
    }
}

fn board_of(p: &Position) -> Board {
    let deal = Deal(std::array::from_fn(|h| {
        Hand(std::array::from_fn(|s| Holding(p.remain[h][s] as u16)))
    }));
    let mut b = Board::new(
        deal,
        Strain::from_index(p.trump as usize).unwrap(),
        Seat::from_index(p.first as usize).unwrap(),
    );
    b.trick = p
        .trick
        .iter()
        .map(|&(s, r)| Card::new(Suit::ALL[s as usize], r as u8))
        .collect();
    b
}

/// `SolveBoard(-1, 3, 1)`: the return code and the cards as sorted
/// (suit, rank, equals, score).
fn solve_all(f: SolveBoardFn, d: deal, thread: usize) -> (c_int, Vec<(i32, i32, i32, i32)>) {
    let mut fut = futureTricks::default();
    // SAFETY: `f` is a SolveBoard of dll.h's type; `fut` is a valid out
    // pointer and `thread` is below the threads set up.
    let rc = unsafe { f(d, -1, 3, 1, &mut fut, thread as c_int) };
    let n = fut.cards.clamp(0, 13) as usize;
    let mut cards: Vec<_> = (0..n)
        .map(|i| (fut.suit[i], fut.rank[i], fut.equals[i], fut.score[i]))
        .collect();
    cards.sort_unstable();
    (rc, cards)
}

/// Section 1 for the endings `i` with `i % THREADS == thread`.
fn endings_part(
    dds_solve: SolveBoardFn,
    n: u64,
    seed: u64,
    thread: usize,
    tally: &Tally,
    work: &AtomicU64,
) {
    let ours_solve: SolveBoardFn = dds::SolveBoard;
    let mut solver = Solver::new();
    let mut switched = Solver::with_table_entries(1 << 16);
    for i in (thread as u64..n).step_by(THREADS) {
        let mut rng = Rng::new(seed ^ i.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let cards = 2 + rng.below(8);
        let p = endings::ending(&mut rng, cards, i % 2 == 1);
        let (b, d) = (board_of(&p), debian_dds::to_deal(&p));
        let (rc, dds_cards) = solve_all(dds_solve, d, thread);
        if rc != 1 || dds_cards.is_empty() {
            tally.check("DDS answers", false, || {
                format!("rc {rc}: {}", p.describe())
            });
            continue;
        }
        let want = dds_cards.iter().map(|c| c.3).max().unwrap();
        let value = solver.max_tricks(&b);
        tally.check("value vs DDS", value == want, || {
            format!("DDS {want}, ours {value}: {}", p.describe())
        });
        if i % 2 == 0 {
            let (rc2, ours) = solve_all(ours_solve, d, thread);
            tally.check(
                "SolveBoard cards vs DDS",
                rc2 == 1 && ours == dds_cards,
                || {
                    format!(
                        "{}\n  DDS  {dds_cards:?}\n  ours rc {rc2} {ours:?}",
                        p.describe()
                    )
                },
            );
        }
        let small = cards <= 7;
        if small && i % 5 == 0 {
            let r = reference_tricks(&b);
            tally.check("reference vs DDS", r == want, || {
                format!("DDS {want}, reference {r}: {}", p.describe())
            });
        }
        if small && i % 20 == 0 {
            for (name, rule) in Rules::EACH {
                switched.set_rules(Rules::ALL.without(rule));
                let v = switched.max_tricks(&b);
                tally.check("each rule off", v == value, || {
                    format!("{name} off {v}, on {value}: {}", p.describe())
                });
            }
        }
        work.fetch_add(1, Ordering::Relaxed);
    }
}

/// One corpus line: class, deal, and its 20 tricks (strain-major).
fn parse_golden(line: &str) -> (String, Deal, [[i32; 4]; 5]) {
    let mut parts = line.split('|');
    let class = parts.next().unwrap().to_string();
    let pbn = parts.next().unwrap();
    let nums: Vec<i32> = parts
        .next()
        .unwrap()
        .split_whitespace()
        .map(|x| x.parse().unwrap())
        .collect();
    assert_eq!(nums.len(), 20, "{line}");
    let table = std::array::from_fn(|s| std::array::from_fn(|h| nums[4 * s + h]));
    (class, Deal::from_pbn(pbn).unwrap(), table)
}

/// Section 2: the first `count` corpus tables (the classes are
/// interleaved, so any prefix samples them all), on `THREADS` threads.
fn golden(count: usize, tally: &Tally) -> usize {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/golden/tables.txt.gz"
    );
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let lines: Vec<String> = BufReader::new(flate2::read::GzDecoder::new(file))
        .lines()
        .map(|l| l.unwrap())
        .collect();
    let picked: Vec<&String> = lines.iter().take(count).collect();
    std::thread::scope(|sc| {
        for t in 0..THREADS {
            let picked = &picked;
            sc.spawn(move || {
                let mut solver = Solver::new();
                for line in picked.iter().skip(t).step_by(THREADS) {
                    let (class, d, want) = parse_golden(line);
                    let got = dd_table(&mut solver, &d);
                    tally.check("golden tables", got == want, || {
                        format!(
                            "{class} {}: DDS {want:?}, ours {got:?}",
                            d.to_pbn(Seat::North)
                        )
                    });
                }
            });
        }
    });
    picked.len()
}

fn main() {
    debian_dds::exit_after("soundness", run)
}

fn run() -> i32 {
    let size = std::env::var("KIBITZ_SOUNDNESS").unwrap_or_default();
    let full = size == "full";
    let seed = std::env::var("KIBITZ_SOUNDNESS_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0x0073_6f75_6e64_u64);
    // A number sets the endings (and skips the corpus), for quick runs.
    let n: u64 = size
        .parse()
        .unwrap_or(if full { 2_000_000 } else { 200_000 });
    let lib = match debian_dds::open() {
        Ok(lib) => lib,
        Err(e) => {
            // The net needs its oracle: a missing DDS is a failure.
            println!("soundness: Debian's libdds.so.0 is needed (apt-get install libdds-dev): {e}");
            println!("0 passed, 1 failed");
            return 1;
        }
    };
    // SAFETY: the types are dll.h's for these names.
    let (dds_solve, dds_threads): (SolveBoardFn, SetMaxThreadsFn) = unsafe {
        (
            lib.symbol("SolveBoard").unwrap(),
            lib.symbol("SetMaxThreads").unwrap(),
        )
    };
    // SAFETY: plain configuration calls.
    unsafe {
        dds_threads(THREADS as c_int);
        dds::SetMaxThreads(THREADS as c_int);
    }
    let tally = Tally::default();
    let start = Instant::now();
    let work = AtomicU64::new(0);
    std::thread::scope(|sc| {
        for t in 0..THREADS {
            let (tally, work) = (&tally, &work);
            sc.spawn(move || endings_part(dds_solve, n, seed, t, tally, work));
        }
    });
    let endings_time = start.elapsed().as_secs_f64();
    println!(
        "soundness: {} endings (seed {seed:#x}) in {endings_time:.1} s",
        work.load(Ordering::Relaxed)
    );
    let start = Instant::now();
    let tables = if size.parse::<u64>().is_ok() {
        0
    } else {
        golden(if full { usize::MAX } else { 10_000 }, &tally)
    };
    println!(
        "soundness: {tables} golden tables in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    for (what, (pass, fail)) in tally.counts.lock().unwrap().iter() {
        println!("  {what}: {pass} passed, {fail} failed");
    }
    for s in tally.shown.lock().unwrap().iter() {
        println!("MISMATCH {s}");
    }
    let (pass, fail) = tally.totals();
    println!("{pass} passed, {fail} failed");
    i32::from(fail > 0)
}
