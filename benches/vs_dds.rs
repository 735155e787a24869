//! Kibitz against Debian's DDS 2.9.0 on the same seeded random deals, one
//! thread each, through the same C signatures: `CalcDDtable` and
//! `SolveBoard(target -1, solutions 3, mode 1)`.
//!
//! The bench re-runs itself as child processes (`KIBITZ_VS_DDS_ROLE` =
//! `ours` / `dds`) so each library's peak memory (`ru_maxrss`) is measured
//! alone. It runs `KIBITZ_BENCH_REPS` rounds (default 3), ours and DDS
//! alternately, and keeps each library's fastest round: per-call means of
//! wall time and of the thread's CPU time (both single-threaded, so on a
//! quiet machine they agree; on a busy one CPU time is the fairer measure
//! of the work done), and the ratios ours / DDS of both.
//! `KIBITZ_BENCH_DEALS` sets the number of deals (default 50),
//! `KIBITZ_BENCH_SEED` the seed, `KIBITZ_BENCH_MEMORY_MB` a memory cap
//! given to both libraries with `SetResources(mb, 1)` (default: none,
//! `SetMaxThreads(1)`), and `KIBITZ_BENCH_ONLY=table` or `=solve` runs one
//! of the two calls (for profiling, e.g. under callgrind with
//! `KIBITZ_VS_DDS_ROLE=ours`; with `KIBITZ_BENCH_EACH=1` a role run alone
//! lists every call's CPU time, and each `SolveBoard`'s node count as the
//! library reports it: DDS counts positions at a trick's start, Kibitz
//! every position). `KIBITZ_BENCH_SOLUTIONS=1` or `=2` runs
//! `SolveBoard` with that many solutions instead of 3. `KIBITZ_BENCH_THREADS=N`
//! gives both libraries N threads (0: one per core) instead of one: both
//! then solve a table's strains in parallel, and the wall times are the
//! latency of one table. `KIBITZ_BENCH_SETS=1` runs the comparison on
//! each kind of deal in turn (uniform random, list1000's real-play hands,
//! list10000's when `KIBITZ_LIST10000` or `tests/data/list10000.txt`
//! names it, the golden corpus's shaped deals, balanced deals
//! (`KIBITZ_BENCH_BALANCED=1`: every hand 4-3-3-3 or 4-4-3-2),
//! largest.txt), at most `KIBITZ_BENCH_DEALS` deals each, and ends with
//! one table of the ratios. Children leave with `_exit` because Debian's
//! library crashes in its destructor at process exit.

#[path = "support/child.rs"]
mod child;
#[path = "support/clock.rs"]
mod clock;
#[path = "support/deal_sets.rs"]
mod deal_sets;
#[path = "../tests/support/random.rs"]
mod random;

use child::{env_u64, field, num, run_child};
use dds::{ddTableDeal, ddTableResults, deal, futureTricks};
use deal_sets::BenchDeal;
use random::{random_deal, Rng};
use std::os::raw::c_int;
use std::time::Instant;

type SolveBoardFn =
    unsafe extern "C" fn(deal, c_int, c_int, c_int, *mut futureTricks, c_int) -> c_int;
type CalcDdTableFn = unsafe extern "C" fn(ddTableDeal, *mut ddTableResults) -> c_int;
type SetMaxThreadsFn = unsafe extern "C" fn(c_int);
type SetResourcesFn = unsafe extern "C" fn(c_int, c_int);

/// The three functions timed.
#[derive(Clone, Copy)]
struct Api {
    solve_board: SolveBoardFn,
    calc_dd_table: CalcDdTableFn,
    set_max_threads: SetMaxThreadsFn,
    set_resources: SetResourcesFn,
}

fn ours() -> Api {
    use dds as k;
    Api {
        solve_board: k::SolveBoard,
        calc_dd_table: k::CalcDDtable,
        set_max_threads: k::SetMaxThreads,
        set_resources: k::SetResources,
    }
}

/// Debian's library, its own symbols bound first.
fn debian() -> Option<Api> {
    use libloading::os::unix::Library;
    let flags = libc::RTLD_NOW | libc::RTLD_LOCAL | libc::RTLD_DEEPBIND;
    for path in ["/usr/lib/x86_64-linux-gnu/libdds.so.0", "libdds.so.0"] {
        // SAFETY: DDS's constructor only sets up its thread memory.
        if let Ok(lib) = unsafe { Library::open(Some(path), flags) } {
            // SAFETY: the types are those of dll.h; the library is leaked so
            // the pointers stay valid until `_exit`.
            let api = unsafe {
                Api {
                    solve_board: *lib.get::<SolveBoardFn>(b"SolveBoard\0").ok()?,
                    calc_dd_table: *lib.get::<CalcDdTableFn>(b"CalcDDtable\0").ok()?,
                    set_max_threads: *lib.get::<SetMaxThreadsFn>(b"SetMaxThreads\0").ok()?,
                    set_resources: *lib.get::<SetResourcesFn>(b"SetResources\0").ok()?,
                }
            };
            std::mem::forget(lib);
            return Some(api);
        }
    }
    None
}

/// Peak resident memory (KB) and user + system CPU seconds of this process.
fn usage() -> (i64, f64) {
    let ru = clock::process_usage();
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
    (ru.ru_maxrss, secs(ru.ru_utime) + secs(ru.ru_stime))
}

/// CPU seconds used by the calling thread so far.
fn thread_cpu() -> f64 {
    clock::cpu_seconds(libc::CLOCK_THREAD_CPUTIME_ID)
}

/// The deals to time: those `KIBITZ_BENCH_FILE`, `KIBITZ_BENCH_SHAPED` or
/// `KIBITZ_BENCH_BALANCED` selects (see `support/deal_sets.rs`), or else
/// `KIBITZ_BENCH_DEALS` seeded random deals.
fn bench_deals() -> Vec<BenchDeal> {
    let n = env_u64("KIBITZ_BENCH_DEALS", 50) as usize;
    let mut rng = Rng::new(env_u64("KIBITZ_BENCH_SEED", 0x5eed));
    deal_sets::selected(n, &mut rng).unwrap_or_else(|| {
        (0..n)
            .map(|_| (random_deal(&mut rng), rng.range(0, 4), rng.range(0, 3)))
            .collect()
    })
}

/// The median of some times (0 for none).
fn median(xs: &mut [f64]) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

/// Times both calls on the seeded deals; prints one `RESULT` line.
fn child(api: Api) {
    let deals = bench_deals();
    let n = deals.len();
    // `KIBITZ_BENCH_MEMORY_MB` caps both libraries' table memory through
    // `SetResources` (the memory / speed trade-off).
    let threads = env_u64("KIBITZ_BENCH_THREADS", 1) as c_int;
    match env_u64("KIBITZ_BENCH_MEMORY_MB", 0) {
        // SAFETY: plain configuration calls.
        0 => unsafe { (api.set_max_threads)(threads) },
        mb => unsafe { (api.set_resources)(mb as c_int, threads) },
    }
    let (mut check_table, mut check_solve) = (0u64, 0u64);
    // Search nodes as each library counts them (`futureTricks.nodes`).
    let mut nodes = 0i64;
    let mut bad = 0;
    // `KIBITZ_BENCH_ONLY=table` or `=solve` runs one of the two calls
    // (for profiling one library with callgrind).
    let only = std::env::var("KIBITZ_BENCH_ONLY").unwrap_or_default();
    let (run_tables, run_solves) = (only != "solve", only != "table");
    let solutions = solutions();
    let (mut table_each, mut solve_each) = (Vec::new(), Vec::new());
    let mut solve_nodes = Vec::new();
    let (t0, c0) = (Instant::now(), thread_cpu());
    for (h, _, _) in deals.iter().filter(|_| run_tables) {
        let mut res = ddTableResults::default();
        let start = thread_cpu();
        // SAFETY: `res` is a valid out-pointer.
        let rc = unsafe { (api.calc_dd_table)(ddTableDeal { cards: *h }, &mut res) };
        table_each.push(thread_cpu() - start);
        bad += usize::from(rc != 1);
        for x in res.resTable.iter().flatten() {
            check_table = check_table.wrapping_mul(31).wrapping_add(*x as u64);
        }
    }
    let tables = t0.elapsed().as_secs_f64();
    let tables_cpu = thread_cpu() - c0;
    let (t1, c1) = (Instant::now(), thread_cpu());
    for (h, trump, first) in deals.iter().filter(|_| run_solves) {
        let dl = deal {
            trump: *trump,
            first: *first,
            remainCards: *h,
            ..deal::default()
        };
        let mut fut = futureTricks::default();
        let start = thread_cpu();
        // SAFETY: `fut` is a valid out-pointer.
        let rc = unsafe { (api.solve_board)(dl, -1, solutions, 1, &mut fut, 0) };
        solve_each.push(thread_cpu() - start);
        solve_nodes.push(fut.nodes);
        nodes += i64::from(fut.nodes);
        bad += usize::from(rc != 1);
        for i in 0..fut.cards.clamp(0, 13) as usize {
            check_solve = check_solve
                .wrapping_mul(31)
                .wrapping_add((fut.suit[i] * 1000 + fut.rank[i] * 20 + fut.score[i]) as u64);
        }
    }
    let solves = t1.elapsed().as_secs_f64();
    let solves_cpu = thread_cpu() - c1;
    // `KIBITZ_BENCH_EACH=1` lists every call's CPU time (run a role alone
    // to see it, e.g. `KIBITZ_VS_DDS_ROLE=ours`).
    if std::env::var_os("KIBITZ_BENCH_EACH").is_some() {
        for (i, secs) in table_each.iter().enumerate() {
            println!("EACH table {i} {:.3} ms", 1e3 * secs);
        }
        for (i, secs) in solve_each.iter().enumerate() {
            println!(
                "EACH solve {i} {:.3} ms {} nodes",
                1e3 * secs,
                solve_nodes[i]
            );
        }
    }
    let (rss, cpu) = usage();
    let per_call = |secs: f64| 1e3 * secs / n.max(1) as f64;
    // Every call's CPU time in ms, for the per-deal ratios.
    let ms = |xs: &[f64]| join_times(xs.iter().map(|x| 1e3 * x));
    let (table_list, solve_list) = (ms(&table_each), ms(&solve_each));
    println!(
        "RESULT n={n} table_ms={:.3} solve_ms={:.3} table_cpu_ms={:.3} solve_cpu_ms={:.3} \
         maxrss_kb={rss} cpu_per_wall={:.2} tables={check_table:x} solves={check_solve:x} \
         errors={bad} nodes={nodes} table_med_ms={:.3} table_max_ms={:.3} solve_med_ms={:.3} solve_max_ms={:.3} \
         table_each={table_list} solve_each={solve_list}",
        per_call(tables),
        per_call(solves),
        per_call(tables_cpu),
        per_call(solves_cpu),
        cpu / (tables + solves),
        1e3 * median(&mut table_each),
        1e3 * table_each.iter().copied().fold(0.0, f64::max),
        1e3 * median(&mut solve_each),
        1e3 * solve_each.iter().copied().fold(0.0, f64::max),
    );
}

/// Keeps, field by field, the smaller time of two rounds (the other
/// fields come from the newer round).
fn best(
    old: Option<Vec<(String, String)>>,
    new: Option<Vec<(String, String)>>,
) -> Option<Vec<(String, String)>> {
    let (Some(old), Some(mut new)) = (old.clone(), new.clone()) else {
        return new.or(old);
    };
    for (k, v) in new.iter_mut() {
        if k.ends_with("_ms") && num(&old, k) < v.parse().unwrap_or(f64::INFINITY) {
            *v = field(&old, k);
        } else if k.ends_with("_each") {
            // Per call, the smaller time of the two rounds.
            let (a, b) = (times(&old, k), times_of(v));
            if a.len() == b.len() {
                *v = join_times(a.iter().zip(&b).map(|(x, y)| x.min(*y)));
            }
        }
    }
    Some(new)
}

/// Per-call times (ms) as a colon-separated list (a `RESULT` field).
fn join_times(xs: impl Iterator<Item = f64>) -> String {
    xs.map(|x| format!("{x:.4}")).collect::<Vec<_>>().join(":")
}

/// The per-call times (ms) of a colon-separated list.
fn times_of(v: &str) -> Vec<f64> {
    v.split(':').filter_map(|x| x.parse().ok()).collect()
}

/// The per-call times (ms) of field `key`.
fn times(r: &[(String, String)], key: &str) -> Vec<f64> {
    times_of(&field(r, key))
}

/// The median over calls of our time / DDS's time for the same call.
fn median_of_ratios(ours: &[(String, String)], dds: &[(String, String)], key: &str) -> f64 {
    let (a, b) = (times(ours, key), times(dds, key));
    if a.is_empty() || a.len() != b.len() {
        return f64::NAN;
    }
    let mut r: Vec<f64> = a.iter().zip(&b).map(|(x, y)| x / y).collect();
    median(&mut r)
}

/// Prints one library's per-deal CPU medians and maxima.
fn report_spread(name: &str, r: &[(String, String)]) {
    println!(
        "{name} per deal (CPU): CalcDDtable median {:>8.2} ms, max {:>9.2} ms   SolveBoard median {:>7.2} ms, max {:>8.2} ms",
        num(r, "table_med_ms"),
        num(r, "table_max_ms"),
        num(r, "solve_med_ms"),
        num(r, "solve_max_ms"),
    );
}

/// The `solutions` argument of the timed `SolveBoard` calls
/// (`KIBITZ_BENCH_SOLUTIONS`, 1 to 3, default 3).
fn solutions() -> c_int {
    env_u64("KIBITZ_BENCH_SOLUTIONS", 3).clamp(1, 3) as c_int
}

/// Prints one library's line.
fn report(name: &str, r: &[(String, String)]) {
    println!(
        "{name} CalcDDtable {:>8.2} ms/call ({:>8.2} CPU)  SolveBoard(-1,{},1) {:>7.2} ms/call ({:>7.2} CPU)  peak RSS {:>7} KB  errors {}",
        num(r, "table_ms"),
        num(r, "table_cpu_ms"),
        solutions(),
        num(r, "solve_ms"),
        num(r, "solve_cpu_ms"),
        field(r, "maxrss_kb"),
        field(r, "errors")
    );
}

fn main() {
    use std::io::Write;
    match std::env::var("KIBITZ_VS_DDS_ROLE").as_deref() {
        Ok("ours") => child(ours()),
        Ok("dds") => match debian() {
            Some(api) => child(api),
            None => println!("no Debian libdds"),
        },
        _ if std::env::var_os("KIBITZ_BENCH_SETS").is_some() => compare_sets(),
        _ => {
            let reps = env_u64("KIBITZ_BENCH_REPS", 3).max(1);
            let threads = match env_u64("KIBITZ_BENCH_THREADS", 1) {
                1 => "one thread each".to_string(),
                0 => {
                    "one thread per core each (CPU times are the calling thread's only)".to_string()
                }
                n => format!("{n} threads each (CPU times are the calling thread's only)"),
            };
            match std::env::var("KIBITZ_BENCH_FILE") {
                Ok(path) => println!(
                    "vs_dds: the {} deals of {path}, {threads}, best of {reps} rounds",
                    bench_deals().len()
                ),
                Err(_) => println!(
                    "vs_dds: {} seeded random deals, {threads}, best of {reps} rounds",
                    env_u64("KIBITZ_BENCH_DEALS", 50)
                ),
            }
            if compare(&[]).is_none() {
                std::process::exit(1);
            }
        }
    }
    let _ = std::io::stdout().flush();
    // SAFETY: skip Debian libdds's crashing destructor.
    unsafe { libc::_exit(0) };
}

/// One set's summary: ratios ours / DDS and the slowest deals.
struct SetRow {
    table: f64,
    solve: f64,
    table_median: f64,
    solve_median: f64,
    table_slowest: (f64, f64),
    solve_slowest: (f64, f64),
    rss: f64,
    identical: bool,
}

/// Runs `KIBITZ_BENCH_REPS` rounds of both libraries on the deals `env`
/// selects, prints the comparison and returns its summary (none without
/// DDS; our run failing ends the bench).
fn compare(env: &[(&str, String)]) -> Option<SetRow> {
    let reps = env_u64("KIBITZ_BENCH_REPS", 3).max(1);
    let mut ours: Option<Vec<(String, String)>> = None;
    let mut dds: Option<Vec<(String, String)>> = None;
    for _ in 0..reps {
        ours = best(ours, run_child("ours", env));
        dds = best(dds, run_child("dds", env));
    }
    let Some(ours) = ours else {
        println!("vs_dds: our run failed");
        std::process::exit(1);
    };
    report("ours", &ours);
    report_spread("ours", &ours);
    match dds {
        None => {
            println!("DDS:  Debian libdds.so.0 not available; no ratio");
            None
        }
        Some(dds) => {
            report("DDS: ", &dds);
            report_spread("DDS: ", &dds);
            let ratio = |key: &str| num(&ours, key) / num(&dds, key);
            println!(
                "ratio ours/DDS of the per-deal CPU medians and maxima: CalcDDtable median {:.2} max {:.2}  SolveBoard median {:.2} max {:.2}",
                ratio("table_med_ms"),
                ratio("table_max_ms"),
                ratio("solve_med_ms"),
                ratio("solve_max_ms")
            );
            println!(
                "median over deals of ours/DDS (CPU): CalcDDtable {:.2}  SolveBoard {:.2}",
                median_of_ratios(&ours, &dds, "table_each"),
                median_of_ratios(&ours, &dds, "solve_each")
            );
            println!(
                "ratio ours/DDS, CPU time: CalcDDtable {:.2}  SolveBoard {:.2}",
                ratio("table_cpu_ms"),
                ratio("solve_cpu_ms")
            );
            println!(
                "ratio ours/DDS, wall time: CalcDDtable {:.2}  SolveBoard {:.2}  peak RSS {:.2}",
                ratio("table_ms"),
                ratio("solve_ms"),
                ratio("maxrss_kb")
            );
            let same = |key: &str| {
                if field(&ours, key) == field(&dds, key) {
                    "yes"
                } else {
                    "NO"
                }
            };
            println!(
                "identical results: tables {}, SolveBoard lists incl. order {}",
                same("tables"),
                same("solves")
            );
            Some(SetRow {
                table: ratio("table_cpu_ms"),
                solve: ratio("solve_cpu_ms"),
                table_median: median_of_ratios(&ours, &dds, "table_each"),
                solve_median: median_of_ratios(&ours, &dds, "solve_each"),
                table_slowest: (num(&ours, "table_max_ms"), num(&dds, "table_max_ms")),
                solve_slowest: (num(&ours, "solve_max_ms"), num(&dds, "solve_max_ms")),
                rss: ratio("maxrss_kb"),
                identical: same("tables") == "yes" && same("solves") == "yes",
            })
        }
    }
}

/// `KIBITZ_BENCH_SETS=1`: the comparison on every deal set, then one table.
fn compare_sets() {
    let mut rows = Vec::new();
    for (name, env) in deal_sets::deal_sets(env_u64("KIBITZ_BENCH_DEALS", 50)) {
        println!("== {name}");
        rows.push((name, compare(&env)));
    }
    println!();
    println!("| set | CalcDDtable | SolveBoard | median per deal (table / solve) | slowest deal, ms ours / DDS (table; solve) | peak RSS | same answers |");
    println!("|---|---|---|---|---|---|---|");
    for (name, row) in rows {
        match row {
            None => println!("| {name} | - | - | - | - | - | no DDS |"),
            Some(r) => println!(
                "| {name} | {:.2} | {:.2} | {:.2} / {:.2} | {:.0} / {:.0}; {:.0} / {:.0} | {:.2} | {} |",
                r.table,
                r.solve,
                r.table_median,
                r.solve_median,
                r.table_slowest.0,
                r.table_slowest.1,
                r.solve_slowest.0,
                r.solve_slowest.1,
                r.rss,
                if r.identical { "yes" } else { "NO" }
            ),
        }
    }
}
