//! Many DD tables, exactly, against Debian's DDS 2.9.0 (`libdds.so.0`,
//! loaded with `dlopen`).
//!
//! Both libraries run `CalcAllTables` (all five strains, mode -1 = no par,
//! strain filter all 0) on the same seeded random deals, in batches of up
//! to 40 deals (the most one call takes with five strains). DDS runs with
//! `SetMaxThreads(2)`; ours, called through its C functions
//! (`dds::CalcAllTables`, `dds::SetMaxThreads`),
//! alternates 1 and 2 threads from batch to batch, so both the single
//! solver reused across a whole batch and the threaded path are checked
//! (a solver state bug once showed only on deal 16 of a 40-deal batch).
//!
//! Every cell of every table (strain × declarer, 20 per deal) must be
//! equal, as must the return code and `noOfBoards`. After the full deals
//! come short deals (every hand holding the same 2..=12 cards; DDS reports
//! declarer's tricks as 13 minus the defenders' tricks), one short deal for
//! every six full ones, at least one, of mixed lengths within a batch.
//! Deals of one card a hand are left out: DDS's tables of those are wrong
//! (its `SolveBoard` answers a last trick without setting up its search
//! state, and the table code's `SolveSameBoard` then searches the second
//! to fourth leaders on the previous deal's state; e.g. DDS gives North 13
//! tricks in spades on `N:.8.. ..9. .5.. .6..`, where East leads the
//! diamond and wins: 12). A mismatch prints the deal in PBN,
//! both tables and the differing cells; the test exits non-zero at the end
//! if any cell differed. Without Debian's library it prints why and passes.
//!
//! Environment: `KIBITZ_ORACLE_MANY_TABLES` (full deals, default 40: one batch),
//! `KIBITZ_ORACLE_TABLES_SEED` (decimal or `0x` hex, default
//! `0x7461626c6573`).
//!
//! `harness = false`: Debian's library segfaults in its destructor at
//! process exit, so this prints its own summary and leaves with `_exit`.

#[path = "support/debian_dds.rs"]
mod debian_dds;
#[path = "support/random.rs"]
mod random;

use dds::{allParResults, ddTableDeals, ddTablesRes};
use random::{card_count, random_deal, to_pbn, Holdings, Rng};
use std::os::raw::c_int;
use std::time::Instant;

type CalcAllTablesFn = unsafe extern "C" fn(
    *mut ddTableDeals,
    c_int,
    *mut c_int,
    *mut ddTablesRes,
    *mut allParResults,
) -> c_int;
type SetMaxThreadsFn = unsafe extern "C" fn(c_int);

/// Deals per `CalcAllTables` call (200 strain-tables / 5 strains).
const BATCH: usize = 40;

/// Seed used when `KIBITZ_ORACLE_TABLES_SEED` is not set ("tables").
const DEFAULT_SEED: u64 = 0x7461_626c_6573;

/// Mismatching tables printed in full; the rest are only counted.
const SHOW: usize = 20;

/// A DD table: declarer's tricks per strain (S H D C NT) and declarer
/// (N E S W).
type Table = [[c_int; 4]; 5];

/// The two functions used, for one library.
#[derive(Clone, Copy)]
struct Api {
    calc_all_tables: CalcAllTablesFn,
    set_max_threads: SetMaxThreadsFn,
}

/// Binds the two functions in Debian's library.
fn debian() -> Result<Api, String> {
    let lib = debian_dds::open()?;
    // SAFETY: each type is the one dll.h declares for the name.
    unsafe {
        Ok(Api {
            calc_all_tables: lib.symbol("CalcAllTables")?,
            set_max_threads: lib.symbol("SetMaxThreads")?,
        })
    }
}

/// Our implementation, through its C functions.
fn ours() -> Api {
    Api {
        calc_all_tables: dds::CalcAllTables,
        set_max_threads: dds::SetMaxThreads,
    }
}

/// A zeroed C struct on the heap (the DDS structs are plain integers, for
/// which all-zero bytes are valid).
fn zeroed<T>() -> Box<T> {
    // SAFETY: only used for DDS structs, where all-zero bytes are valid.
    unsafe { Box::new(std::mem::zeroed()) }
}

/// CPU seconds used by the whole process so far (all threads, so DDS's
/// and our worker threads count).
fn process_cpu() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime fills the struct.
    unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut t) };
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

/// The value of environment variable `name` as a number (decimal, or hex
/// with a `0x` prefix), or `default` when unset or unreadable.
fn env_u64(name: &str, default: u64) -> u64 {
    let Ok(v) = std::env::var(name) else {
        return default;
    };
    let v = v.trim();
    let parsed = match v.strip_prefix("0x").or_else(|| v.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => v.parse().ok(),
    };
    parsed.unwrap_or_else(|| {
        println!("oracle_dds_tables: {name}={v:?} is not a number; using {default}");
        default
    })
}

/// Time spent in one library's calls.
#[derive(Default)]
struct Clock {
    wall: f64,
    cpu: f64,
}

/// What one `CalcAllTables` call returned.
struct Answer {
    rc: c_int,
    no_of_boards: c_int,
    tables: Vec<Table>,
}

/// One `CalcAllTables` call of `api` on `deals` (all strains, no par),
/// its time added to `clock`. Result cells are pre-filled with 99 so cells
/// a library leaves untouched show.
fn solve(api: &Api, deals: &[Holdings], clock: &mut Clock) -> Answer {
    let mut d = zeroed::<ddTableDeals>();
    d.noOfTables = deals.len() as c_int;
    for (slot, h) in d.deals.iter_mut().zip(deals) {
        slot.cards = *h;
    }
    let mut res = zeroed::<ddTablesRes>();
    res.noOfBoards = -7;
    for r in res.results.iter_mut() {
        r.resTable = [[99; 4]; 5];
    }
    let mut par = zeroed::<allParResults>();
    let mut filter = [0 as c_int; 5];
    let (wall, cpu) = (Instant::now(), process_cpu());
    // SAFETY: boxed structs with 200 slots each and a five-int filter.
    let rc =
        unsafe { (api.calc_all_tables)(&mut *d, -1, filter.as_mut_ptr(), &mut *res, &mut *par) };
    clock.wall += wall.elapsed().as_secs_f64();
    clock.cpu += process_cpu() - cpu;
    Answer {
        rc,
        no_of_boards: res.noOfBoards,
        tables: res.results[..deals.len()]
            .iter()
            .map(|r| r.resTable)
            .collect(),
    }
}

/// A random deal in which every hand holds `cards` (0..=13) cards, the
/// others removed at random.
fn short_deal(rng: &mut Rng, cards: usize) -> Holdings {
    let mut h = random_deal(rng);
    for hand in h.iter_mut() {
        let mut held: Vec<(usize, u32)> = (0..4)
            .flat_map(|s| (2..=14).map(move |r| (s, r)))
            .filter(|&(s, r)| hand[s] & (1 << r) != 0)
            .collect();
        rng.shuffle(&mut held);
        for &(s, r) in &held[cards..] {
            hand[s] &= !(1 << r);
        }
    }
    h
}

/// A table as five lines, one per strain, with a header of declarers.
fn show_table(t: &Table) -> String {
    let mut out = String::from("         N  E  S  W\n");
    for (s, row) in t.iter().enumerate() {
        out += &format!(
            "      {:<2} {:>2} {:>2} {:>2} {:>2}\n",
            ["S", "H", "D", "C", "NT"][s],
            row[0],
            row[1],
            row[2],
            row[3]
        );
    }
    out
}

/// The cells where two tables differ, as `strain/declarer DDS x ours y`.
fn differing_cells(a: &Table, b: &Table) -> Vec<String> {
    let mut out = Vec::new();
    for s in 0..5 {
        for h in 0..4 {
            if a[s][h] != b[s][h] {
                out.push(format!(
                    "{}/{} DDS {} ours {}",
                    ["S", "H", "D", "C", "NT"][s],
                    ['N', 'E', 'S', 'W'][h],
                    a[s][h],
                    b[s][h]
                ));
            }
        }
    }
    out
}

/// The running count of a comparison.
#[derive(Default)]
struct Tally {
    /// Tables compared.
    tables: usize,
    /// Cells equal in both libraries' tables.
    cells: usize,
    /// Tables or calls that differed.
    failed: usize,
    /// Mismatches printed so far.
    shown: usize,
}

impl Tally {
    /// Records a failure and prints `text()` unless [`SHOW`] were printed.
    fn fail(&mut self, text: impl FnOnce() -> String) {
        self.failed += 1;
        if self.shown < SHOW {
            self.shown += 1;
            println!("MISMATCH {}", text());
        }
    }
}

/// Solves one batch with both libraries (ours on `threads` threads) and
/// compares every cell. `first` is the index of the batch's first deal
/// among those of its kind, for the reports.
fn compare_batch(
    dds_api: &Api,
    kib_api: &Api,
    deals: &[Holdings],
    threads: c_int,
    first: usize,
    clocks: &mut (Clock, Clock),
    t: &mut Tally,
) {
    let before = (clocks.0.wall, clocks.1.wall, t.failed);
    let a = solve(dds_api, deals, &mut clocks.0);
    // SAFETY: plain configuration call.
    unsafe { (kib_api.set_max_threads)(threads) };
    let b = solve(kib_api, deals, &mut clocks.1);
    let what = format!(
        "batch of {} deals {first}..{} (ours on {threads} thread{})",
        if card_count(&deals[0]) == 52 {
            "full"
        } else {
            "short"
        },
        first + deals.len(),
        if threads == 1 { "" } else { "s" }
    );
    if a.rc != b.rc || a.no_of_boards != b.no_of_boards {
        t.fail(|| {
            format!(
                "{what}: DDS rc {} noOfBoards {} / ours rc {} noOfBoards {}",
                a.rc, a.no_of_boards, b.rc, b.no_of_boards
            )
        });
    } else if a.rc != 1 {
        t.fail(|| format!("{what}: both libraries failed with rc {}", a.rc));
    } else {
        for (k, deal) in deals.iter().enumerate() {
            let (ta, tb) = (&a.tables[k], &b.tables[k]);
            t.tables += 1;
            t.cells += 20 - differing_cells(ta, tb).len();
            if ta != tb {
                t.fail(|| {
                    format!(
                        "deal {} ({} cards, position {k} of the {what})\n  PBN \"{}\"\n  DDS:\n{}  ours:\n{}  differing cells: {}",
                        first + k,
                        card_count(deal),
                        to_pbn(deal, 0),
                        show_table(ta),
                        show_table(tb),
                        differing_cells(ta, tb).join(", ")
                    )
                });
            }
        }
    }
    // A line per batch, so a slow or stuck run shows where it is.
    println!(
        "{what}: DDS {:.1} s, ours {:.1} s (wall), mismatching: {}",
        clocks.0.wall - before.0,
        clocks.1.wall - before.1,
        t.failed - before.2
    );
}

fn main() {
    // A panic must still reach `_exit`, never the crashing DDS destructor.
    let code = std::panic::catch_unwind(run).unwrap_or_else(|_| {
        println!("oracle_dds_tables: panicked");
        1
    });
    use std::io::Write;
    let _ = std::io::stdout().flush();
    // SAFETY: skip Debian libdds's crashing destructor.
    unsafe { libc::_exit(code) };
}

/// Compares the full and then the short deals; returns the exit code.
fn run() -> i32 {
    let dds_api = match debian() {
        Ok(api) => api,
        Err(e) => {
            assert!(
                std::env::var_os("CI").is_none(),
                "an oracle is missing; CI needs every one"
            );
            println!(
                "oracle_dds_tables: SKIPPED, Debian's libdds.so.0 not loadable ({e}); \
                 install libdds-dev to run"
            );
            return 0;
        }
    };
    let kib_api = ours();
    let n = env_u64("KIBITZ_ORACLE_MANY_TABLES", 40) as usize;
    let seed = env_u64("KIBITZ_ORACLE_TABLES_SEED", DEFAULT_SEED);
    let n_short = n.div_ceil(6).max(1);
    println!(
        "oracle_dds_tables: seed {seed:#x}, {n} full deals and {n_short} short ones, \
         CalcAllTables in batches of {BATCH} (DDS on 2 threads, ours on 1 and 2 by turns)"
    );
    // SAFETY: plain configuration call, once: DDS reallocates its thread
    // memory on every call.
    unsafe { (dds_api.set_max_threads)(2) };
    let mut rng = Rng::new(seed);
    let mut clocks = (Clock::default(), Clock::default());
    let mut full = Tally::default();
    let mut batch_no = 0;
    let full_deals: Vec<Holdings> = (0..n).map(|_| random_deal(&mut rng)).collect();
    // Our thread count alternates 1, 2, 1, ... over all batches.
    let mut run = |deals: &[Holdings], tally: &mut Tally| {
        for (b, chunk) in deals.chunks(BATCH).enumerate() {
            let threads = 1 + (batch_no % 2) as c_int;
            batch_no += 1;
            compare_batch(
                &dds_api,
                &kib_api,
                chunk,
                threads,
                b * BATCH,
                &mut clocks,
                tally,
            );
        }
    };
    run(&full_deals, &mut full);
    // Short deals, of mixed lengths within a batch; none of one card a
    // hand (see the module comment).
    let mut short = Tally::default();
    let short_deals: Vec<Holdings> = (0..n_short)
        .map(|_| {
            let cards = rng.range(2, 12) as usize;
            short_deal(&mut rng, cards)
        })
        .collect();
    run(&short_deals, &mut short);
    let failed = full.failed + short.failed;
    println!(
        "oracle_dds_tables: {} tables, {} of {} cells identical (+ {} short tables, {} of {} cells); \
         DDS wall {:.1} s CPU {:.1} s, ours wall {:.1} s CPU {:.1} s (CalcAllTables calls only)",
        full.tables,
        full.cells,
        20 * full.tables,
        short.tables,
        short.cells,
        20 * short.tables,
        clocks.0.wall,
        clocks.0.cpu,
        clocks.1.wall,
        clocks.1.cpu
    );
    if failed > 0 {
        println!(
            "oracle_dds_tables: FAILED, {} mismatching tables or calls ({} full, {} short){}",
            failed,
            full.failed,
            short.failed,
            if failed > SHOW {
                format!("; the first {SHOW} printed")
            } else {
                String::new()
            }
        );
    }
    i32::from(failed > 0)
}
