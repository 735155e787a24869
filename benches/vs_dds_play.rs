//! Play analysis, Kibitz against Debian's DDS 2.9.0: `AnalysePlayBin` on
//! the same seeded random deals with the same random legal 52-card plays,
//! one thread each, through the same C signature; for scale also one
//! `SolveBoard(-1, 1, 1)` of each opening position.
//!
//! The bench re-runs itself as a child process per library
//! (`KIBITZ_VS_DDS_ROLE` = `ours` / `dds`); the parent prints ms per
//! analysed hand and the ratio ours / DDS, and whether every answer was
//! identical (checksums). `KIBITZ_BENCH_PLAYS` sets the number of hands
//! (default 30), `KIBITZ_BENCH_SEED` the seed, `KIBITZ_BENCH_REPS` the
//! rounds (default 3: the libraries alternate and each keeps its fastest
//! times, as in `vs_dds`; one round moves by 20% on this VM). Children leave with `_exit`
//! because Debian's library crashes in its destructor at process exit.
//! `KIBITZ_BENCH_EACH=1` makes a child print each hand's times (`SOLVE k ms`, `HAND k ms`).
//! `KIBITZ_BENCH_FILE`, `KIBITZ_BENCH_SHAPED`, `KIBITZ_BENCH_BALANCED`
//! and `KIBITZ_BENCH_SETS=1` choose the deals as in `vs_dds`
//! (`support/deal_sets.rs`), each with a seeded random play; the sets
//! mode ends with one table.

#[path = "support/child.rs"]
mod child;
#[path = "support/deal_sets.rs"]
mod deal_sets;
#[path = "../tests/support/random.rs"]
mod random;

use child::{env_u64, field, num, run_child};
use dds::{deal, futureTricks, playTraceBin, solvedPlay};
use random::{random_deal, trick_winner, Holdings, Rng};
use std::os::raw::c_int;
use std::time::Instant;

type PlayBinFn = unsafe extern "C" fn(deal, playTraceBin, *mut solvedPlay, c_int) -> c_int;
type SolveBoardFn =
    unsafe extern "C" fn(deal, c_int, c_int, c_int, *mut futureTricks, c_int) -> c_int;
type SetMaxThreadsFn = unsafe extern "C" fn(c_int);

/// The functions timed.
#[derive(Clone, Copy)]
struct Api {
    play: PlayBinFn,
    solve_board: SolveBoardFn,
    set_max_threads: SetMaxThreadsFn,
}

fn ours() -> Api {
    Api {
        play: dds::AnalysePlayBin,
        solve_board: dds::SolveBoard,
        set_max_threads: dds::SetMaxThreads,
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
                    play: *lib.get::<PlayBinFn>(b"AnalysePlayBin\0").ok()?,
                    solve_board: *lib.get::<SolveBoardFn>(b"SolveBoard\0").ok()?,
                    set_max_threads: *lib.get::<SetMaxThreadsFn>(b"SetMaxThreads\0").ok()?,
                }
            };
            std::mem::forget(lib);
            return Some(api);
        }
    }
    None
}

/// A deal with a seeded random legal play of all its cards: (deal, play).
fn hand(full: Holdings, trump: c_int, first: c_int, rng: &mut Rng) -> (deal, playTraceBin) {
    let cards = full.iter().flatten().map(|h| h.count_ones()).sum::<u32>() as usize;
    let mut play = playTraceBin {
        number: cards as c_int,
        suit: [0; 52],
        rank: [0; 52],
    };
    let (mut remain, mut leader) = (full, first as usize);
    let mut trick: Vec<(i32, i32)> = Vec::new();
    for k in 0..cards {
        let hand = (leader + trick.len()) % 4;
        let follow = trick.first().map(|c| c.0 as usize);
        let suits: Vec<usize> = match follow {
            Some(s) if remain[hand][s] != 0 => vec![s],
            _ => (0..4).filter(|&s| remain[hand][s] != 0).collect(),
        };
        let choices: Vec<(i32, i32)> = suits
            .iter()
            .flat_map(|&s| {
                (2..=14)
                    .filter(move |&r| remain[hand][s] & (1 << r) != 0)
                    .map(move |r| (s as i32, r))
            })
            .collect();
        let (s, r) = choices[rng.below(choices.len())];
        remain[hand][s as usize] &= !(1 << r);
        trick.push((s, r));
        (play.suit[k], play.rank[k]) = (s, r);
        if trick.len() == 4 {
            leader = (leader + trick_winner(&trick, trump)) % 4;
            trick.clear();
        }
    }
    let dl = deal {
        trump,
        first,
        remainCards: full,
        ..deal::default()
    };
    (dl, play)
}

/// Times both calls on the seeded hands; prints one `RESULT` line.
fn child(api: Api) {
    let n = env_u64("KIBITZ_BENCH_PLAYS", 30) as usize;
    let mut rng = Rng::new(env_u64("KIBITZ_BENCH_SEED", 0x9a1e));
    // The deals `KIBITZ_BENCH_FILE`, `KIBITZ_BENCH_SHAPED` or
    // `KIBITZ_BENCH_BALANCED` select, or seeded random ones; each with a
    // seeded random play.
    let hands: Vec<_> = match deal_sets::selected(n, &mut rng) {
        Some(deals) => deals
            .into_iter()
            .map(|(full, trump, first)| hand(full, trump, first, &mut rng))
            .collect(),
        None => (0..n)
            .map(|_| {
                let full = random_deal(&mut rng);
                let (trump, first) = (rng.range(0, 4), rng.range(0, 3));
                hand(full, trump, first, &mut rng)
            })
            .collect(),
    };
    let n = hands.len();
    // SAFETY: plain configuration call.
    unsafe { (api.set_max_threads)(1) };
    let (mut check, mut bad) = (0u64, 0usize);
    let each = std::env::var_os("KIBITZ_BENCH_EACH").is_some();
    let t0 = Instant::now();
    for (k, (dl, _)) in hands.iter().enumerate() {
        let mut fut = futureTricks::default();
        let th = Instant::now();
        // SAFETY: `fut` is a valid out-pointer.
        bad += usize::from(unsafe { (api.solve_board)(*dl, -1, 1, 1, &mut fut, 0) } != 1);
        if each {
            println!("SOLVE {k} {:.3}", 1e3 * th.elapsed().as_secs_f64());
        }
    }
    let solve = t0.elapsed().as_secs_f64();
    let t1 = Instant::now();
    for (k, (dl, play)) in hands.iter().enumerate() {
        let mut out = solvedPlay {
            number: 0,
            tricks: [0; 53],
        };
        let th = Instant::now();
        // SAFETY: `out` is a valid out-pointer.
        let rc = unsafe { (api.play)(*dl, *play, &mut out, 0) };
        if each {
            println!("HAND {k} {:.3}", 1e3 * th.elapsed().as_secs_f64());
        }
        bad += usize::from(rc != 1);
        for &x in &out.tricks[..out.number.clamp(0, 53) as usize] {
            check = check.wrapping_mul(31).wrapping_add(x as u64);
        }
    }
    let plays = t1.elapsed().as_secs_f64();
    println!(
        "RESULT n={n} play_ms={:.3} solve_ms={:.3} check={check:x} errors={bad}",
        1e3 * plays / n.max(1) as f64,
        1e3 * solve / n.max(1) as f64,
    );
}

/// One library's two rounds merged: the faster time of each call (the
/// other fields, the same in every round, from the first).
fn fastest(mut a: Vec<(String, String)>, b: Vec<(String, String)>) -> Vec<(String, String)> {
    for key in ["play_ms", "solve_ms"] {
        let t = num(&a, key).min(num(&b, key));
        for (k, v) in a.iter_mut() {
            if k == key {
                *v = format!("{t:.3}");
            }
        }
    }
    a
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
            let n = env_u64("KIBITZ_BENCH_PLAYS", 30);
            let reps = env_u64("KIBITZ_BENCH_REPS", 3).max(1);
            println!(
                "vs_dds_play: {n} seeded deals with random legal 52-card plays, one thread, \
                 best of {reps} rounds"
            );
            compare(&[]);
        }
    }
    let _ = std::io::stdout().flush();
    // SAFETY: skip Debian libdds's crashing destructor.
    unsafe { libc::_exit(0) };
}

/// Runs `KIBITZ_BENCH_REPS` rounds of both libraries on the hands `env`
/// selects and prints the comparison; the ratios ours / DDS of play
/// analysis and of the opening `SolveBoard`, and whether the answers
/// agree (none without DDS).
fn compare(env: &[(&str, String)]) -> Option<(f64, f64, bool)> {
    let reps = env_u64("KIBITZ_BENCH_REPS", 3).max(1);
    let show = |who: &str, r: &[(String, String)]| {
        println!(
            "{who}: AnalysePlayBin {:>8.2} ms/hand  SolveBoard(-1,1,1) {:>7.2} ms/deal  \
             play/solve {:.1}  errors {}",
            num(r, "play_ms"),
            num(r, "solve_ms"),
            num(r, "play_ms") / num(r, "solve_ms"),
            field(r, "errors")
        );
    };
    let mut best: [Option<Vec<(String, String)>>; 2] = [None, None];
    for _ in 0..reps {
        for (k, role) in ["ours", "dds"].into_iter().enumerate() {
            let Some(r) = run_child(role, env) else {
                if k == 0 {
                    println!("vs_dds_play: our run failed");
                    std::process::exit(1);
                }
                continue;
            };
            best[k] = Some(match best[k].take() {
                None => r,
                Some(b) => fastest(b, r),
            });
        }
    }
    let [Some(ours), dds] = best else {
        std::process::exit(1);
    };
    show("ours", &ours);
    let Some(dds) = dds else {
        println!("DDS:  Debian libdds.so.0 not available; no ratio");
        return None;
    };
    show("DDS ", &dds);
    let (play, solve) = (
        num(&ours, "play_ms") / num(&dds, "play_ms"),
        num(&ours, "solve_ms") / num(&dds, "solve_ms"),
    );
    println!("ratio ours/DDS: AnalysePlayBin {play:.2}  SolveBoard {solve:.2}");
    let same = field(&ours, "check") == field(&dds, "check");
    println!("identical results: {}", if same { "yes" } else { "NO" });
    Some((play, solve, same))
}

/// `KIBITZ_BENCH_SETS=1`: play analysis on every kind of deal (random
/// plays of each set's deals), then one table.
fn compare_sets() {
    let mut rows = Vec::new();
    for (name, env) in deal_sets::deal_sets(env_u64("KIBITZ_BENCH_PLAYS", 30)) {
        println!("== {name}");
        rows.push((name, compare(&env)));
    }
    println!();
    println!("| set | AnalysePlayBin | SolveBoard(-1,1,1) | same answers |");
    println!("|---|---|---|---|");
    for (name, row) in rows {
        match row {
            None => println!("| {name} | - | - | no DDS |"),
            Some((play, solve, same)) => println!(
                "| {name} | {play:.2} | {solve:.2} | {} |",
                if same { "yes" } else { "NO" }
            ),
        }
    }
}
