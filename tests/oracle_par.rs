//! Differential test of the par family against Debian's DDS 2.9.0
//! (`libdds.so.0`, loaded with `dlopen`): `Par`, `SidesParBin`, `SidesPar`,
//! `DealerPar`, `DealerParBin`, `ConvertToDealerTextFormat`,
//! `ConvertToSidesTextFormat` on seeded random tables, every vulnerability
//! and every dealer; `CalcPar`/`CalcParPBN` on a few random deals (they
//! solve). Strings are compared as C strings, numbers exactly: return code,
//! `number`, `score` and contracts `0..number`.
//!
//! Tables: (a) arbitrary, every entry uniform in 0..=13 (tables no deal can
//! produce); (b) realistic: `list1000.txt` TABLE lines with seats rotated,
//! suits permuted and some entries moved by one trick. Section (c): inputs
//! DDS accepts without checking (vulnerability codes outside 0..=3 for
//! `Par`/`SidesPar*`, dealers 4..=7) and converter input with bad seats or
//! denominations; (d) `CalcPar`/`CalcParPBN`.
//!
//! Environment: `KIBITZ_ORACLE_PAR_TABLES` (tables per kind, default
//! 20000), `KIBITZ_ORACLE_PAR_DEALS` (deals for `CalcPar*`, default 3),
//! `KIBITZ_ORACLE_SEED`, `KIBITZ_ORACLE_SHOW` (differences printed,
//! default 10).
//!
//! `harness = false`: Debian's library segfaults in its destructor at
//! process exit, so this prints its own summary and leaves with `_exit`.

#[path = "support/debian_dds.rs"]
mod debian_dds;
#[path = "support/hands.rs"]
mod hands;
#[path = "support/random.rs"]
mod random;

use dds::{
    contractType, ddTableDeal, ddTableDealPBN, ddTableResults, parResults, parResultsDealer,
    parResultsMaster, parTextResults,
};
use random::{random_deal, to_pbn, Rng};
use std::ffi::CStr;
use std::os::raw::{c_char, c_int};
use std::time::Instant;

type ParFn = unsafe extern "C" fn(*mut ddTableResults, *mut parResults, c_int) -> c_int;
type CalcParFn =
    unsafe extern "C" fn(ddTableDeal, c_int, *mut ddTableResults, *mut parResults) -> c_int;
type CalcParPbnFn =
    unsafe extern "C" fn(ddTableDealPBN, *mut ddTableResults, c_int, *mut parResults) -> c_int;
type SidesParFn = unsafe extern "C" fn(*mut ddTableResults, *mut parResultsDealer, c_int) -> c_int;
type DealerParFn =
    unsafe extern "C" fn(*mut ddTableResults, *mut parResultsDealer, c_int, c_int) -> c_int;
type DealerParBinFn =
    unsafe extern "C" fn(*mut ddTableResults, *mut parResultsMaster, c_int, c_int) -> c_int;
type SidesParBinFn =
    unsafe extern "C" fn(*mut ddTableResults, *mut parResultsMaster, c_int) -> c_int;
type DealerTextFn = unsafe extern "C" fn(*mut parResultsMaster, *mut c_char) -> c_int;
type SetMaxThreadsFn = unsafe extern "C" fn(c_int);
type SidesTextFn = unsafe extern "C" fn(*mut parResultsMaster, *mut parTextResults) -> c_int;

/// The nine functions of one library.
#[derive(Clone, Copy)]
struct Api {
    par: ParFn,
    calc_par: CalcParFn,
    calc_par_pbn: CalcParPbnFn,
    sides_par: SidesParFn,
    dealer_par: DealerParFn,
    dealer_par_bin: DealerParBinFn,
    sides_par_bin: SidesParBinFn,
    dealer_text: DealerTextFn,
    sides_text: SidesTextFn,
}

/// Binds the nine functions and `SetMaxThreads` in Debian's library.
fn load_dds() -> Result<(Api, SetMaxThreadsFn), String> {
    let lib = debian_dds::open()?;
    // SAFETY: each type is the one dll.h declares for the name.
    unsafe {
        let api = Api {
            par: lib.symbol("Par")?,
            calc_par: lib.symbol("CalcPar")?,
            calc_par_pbn: lib.symbol("CalcParPBN")?,
            sides_par: lib.symbol("SidesPar")?,
            dealer_par: lib.symbol("DealerPar")?,
            dealer_par_bin: lib.symbol("DealerParBin")?,
            sides_par_bin: lib.symbol("SidesParBin")?,
            dealer_text: lib.symbol("ConvertToDealerTextFormat")?,
            sides_text: lib.symbol("ConvertToSidesTextFormat")?,
        };
        Ok((api, lib.symbol("SetMaxThreads")?))
    }
}

/// Ours, through the same signatures.
fn ours() -> Api {
    use dds::par as k;
    Api {
        par: k::Par,
        calc_par: k::CalcPar,
        calc_par_pbn: k::CalcParPBN,
        sides_par: k::SidesPar,
        dealer_par: k::DealerPar,
        dealer_par_bin: k::DealerParBin,
        sides_par_bin: k::SidesParBin,
        dealer_text: k::ConvertToDealerTextFormat,
        sides_text: k::ConvertToSidesTextFormat,
    }
}

fn cstr(s: &[c_char]) -> String {
    // SAFETY: every compared buffer holds a NUL (pre-filled, then written by
    // the library as a C string).
    unsafe { CStr::from_ptr(s.as_ptr()) }
        .to_string_lossy()
        .into_owned()
}

fn contract_text(c: &contractType) -> String {
    format!(
        "(u{} o{} l{} d{} s{})",
        c.underTricks, c.overTricks, c.level, c.denom, c.seats
    )
}

/// The compared content of a `parResultsMaster`.
fn master_text(m: &parResultsMaster) -> String {
    let n = m.number.clamp(0, 10) as usize;
    let list: Vec<String> = m.contracts[..n].iter().map(contract_text).collect();
    format!("score {} number {} [{}]", m.score, m.number, list.join(" "))
}

fn dealer_text(d: &parResultsDealer) -> String {
    let n = d.number.clamp(0, 10) as usize;
    let list: Vec<String> = d.contracts[..n].iter().map(|c| cstr(c)).collect();
    format!("score {} number {} {:?}", d.score, d.number, list)
}

/// A master record filled with a recognisable pattern.
fn blank_master() -> parResultsMaster {
    let c = contractType {
        underTricks: -7,
        overTricks: -7,
        level: -7,
        denom: -7,
        seats: -7,
    };
    parResultsMaster {
        score: -777,
        number: -7,
        contracts: [c; 10],
    }
}

fn blank_dealer() -> parResultsDealer {
    parResultsDealer {
        number: -7,
        score: -777,
        contracts: [[b'?' as c_char; 10]; 10].map(|mut s| {
            s[9] = 0;
            s
        }),
    }
}

/// Differences per function, and how many to print.
struct Tally {
    calls: u64,
    diffs: Vec<(String, u64)>,
    show: usize,
    shown: usize,
}

impl Tally {
    fn check(&mut self, func: &str, what: &dyn Fn() -> String, dds: String, ours: String) {
        self.calls += 1;
        if dds == ours {
            return;
        }
        match self.diffs.iter_mut().find(|d| d.0 == func) {
            Some(d) => d.1 += 1,
            None => self.diffs.push((func.to_string(), 1)),
        }
        if self.shown < self.show {
            self.shown += 1;
            println!("DIFF {func} {}\n  dds:  {dds}\n  ours: {ours}", what());
        }
    }
}

type Table = [[c_int; 4]; 5];

fn table_text(t: &Table) -> String {
    let flat: Vec<String> = t.iter().flatten().map(|v| v.to_string()).collect();
    format!("TABLE {}", flat.join(" "))
}

/// All table-only functions on one table, every vulnerability and dealer.
fn compare_table(
    dds: &Api,
    me: &Api,
    t: &Table,
    vuls: &[c_int],
    dealers: &[c_int],
    tally: &mut Tally,
) {
    for &vul in vuls {
        let what = || format!("{} vul {vul}", table_text(t));
        // Par
        let run_par = |api: &Api| {
            let mut table = ddTableResults { resTable: *t };
            let mut r = parResults {
                parScore: [[0; 16]; 2],
                parContractsString: [[0; 128]; 2],
            };
            // SAFETY: valid pointers for the call.
            let rc = unsafe { (api.par)(&mut table, &mut r, vul) };
            format!(
                "rc {rc} {:?} {:?} {:?} {:?}",
                cstr(&r.parScore[0]),
                cstr(&r.parScore[1]),
                cstr(&r.parContractsString[0]),
                cstr(&r.parContractsString[1])
            )
        };
        tally.check("Par", &what, run_par(dds), run_par(me));
        // SidesParBin, then the sides converter on DDS's result.
        let run_bin = |api: &Api| {
            let mut table = ddTableResults { resTable: *t };
            let mut r = [blank_master(), blank_master()];
            // SAFETY: valid pointers for the call.
            let rc = unsafe { (api.sides_par_bin)(&mut table, r.as_mut_ptr(), vul) };
            (rc, r)
        };
        let (rc_d, bin_d) = run_bin(dds);
        let (rc_o, bin_o) = run_bin(me);
        tally.check(
            "SidesParBin",
            &what,
            format!(
                "rc {rc_d} {} | {}",
                master_text(&bin_d[0]),
                master_text(&bin_d[1])
            ),
            format!(
                "rc {rc_o} {} | {}",
                master_text(&bin_o[0]),
                master_text(&bin_o[1])
            ),
        );
        compare_sides_text(dds, me, bin_d, &what, tally);
        // SidesPar
        let run_sides = |api: &Api| {
            let mut table = ddTableResults { resTable: *t };
            let mut r = [blank_dealer(), blank_dealer()];
            // SAFETY: valid pointers for the call.
            let rc = unsafe { (api.sides_par)(&mut table, r.as_mut_ptr(), vul) };
            format!("rc {rc} {} | {}", dealer_text(&r[0]), dealer_text(&r[1]))
        };
        tally.check("SidesPar", &what, run_sides(dds), run_sides(me));
        if !(0..=3).contains(&vul) {
            // DealerPar reads outside DDS's vulnerability table.
            continue;
        }
        for &dealer in dealers {
            let what = || format!("{} vul {vul} dealer {dealer}", table_text(t));
            let run_dp = |api: &Api| {
                let mut table = ddTableResults { resTable: *t };
                let mut r = blank_dealer();
                // SAFETY: valid pointers for the call.
                let rc = unsafe { (api.dealer_par)(&mut table, &mut r, dealer, vul) };
                format!("rc {rc} {}", dealer_text(&r))
            };
            tally.check("DealerPar", &what, run_dp(dds), run_dp(me));
            let run_dpb = |api: &Api| {
                let mut table = ddTableResults { resTable: *t };
                let mut r = blank_master();
                // SAFETY: valid pointers for the call.
                let rc = unsafe { (api.dealer_par_bin)(&mut table, &mut r, dealer, vul) };
                (rc, r)
            };
            let (rc_d, m_d) = run_dpb(dds);
            let (rc_o, m_o) = run_dpb(me);
            tally.check(
                "DealerParBin",
                &what,
                format!("rc {rc_d} {}", master_text(&m_d)),
                format!("rc {rc_o} {}", master_text(&m_o)),
            );
            if m_d.number >= 0 && m_d.number <= 10 && m_d.contracts[0].seats != -7 {
                compare_dealer_text(dds, me, m_d, &what, tally);
            }
        }
    }
}

fn compare_dealer_text(
    dds: &Api,
    me: &Api,
    m: parResultsMaster,
    what: &dyn Fn() -> String,
    tally: &mut Tally,
) {
    let run = |api: &Api| {
        let mut input = m;
        let mut buf = [0 as c_char; 512];
        // SAFETY: valid pointers; 512 bytes hold any text of 10 contracts.
        let rc = unsafe { (api.dealer_text)(&mut input, buf.as_mut_ptr()) };
        format!("rc {rc} {:?}", cstr(&buf))
    };
    let w = || format!("{} input {}", what(), master_text(&m));
    tally.check("ConvertToDealerTextFormat", &w, run(dds), run(me));
}

fn compare_sides_text(
    dds: &Api,
    me: &Api,
    m: [parResultsMaster; 2],
    what: &dyn Fn() -> String,
    tally: &mut Tally,
) {
    // Run with `equal` preset false and true, to see when it is left unset.
    let run = |api: &Api| {
        [false, true]
            .map(|preset| run_sides_text(api, m, preset))
            .join(" / ")
    };
    let w = || {
        format!(
            "{} input {} | {}",
            what(),
            master_text(&m[0]),
            master_text(&m[1])
        )
    };
    tally.check("ConvertToSidesTextFormat", &w, run(dds), run(me));
}

fn run_sides_text(api: &Api, m: [parResultsMaster; 2], preset: bool) -> String {
    {
        let mut input = m;
        let mut r = parTextResults {
            parText: [[b'?' as c_char; 128]; 2],
            equal: preset,
        };
        // SAFETY: valid pointers for the call.
        let rc = unsafe { (api.sides_text)(input.as_mut_ptr(), &mut r) };
        format!(
            "rc {rc} {:?} {:?} equal {}",
            cstr(&r.parText[0]),
            cstr(&r.parText[1]),
            r.equal
        )
    }
}

/// A random table: arbitrary entries.
fn arbitrary_table(rng: &mut Rng) -> Table {
    let mut t = [[0; 4]; 5];
    for v in t.iter_mut().flatten() {
        *v = rng.range(0, 13);
    }
    t
}

/// A realistic table: a real one with seats rotated, suits permuted and a
/// few entries moved by a trick (the opponents' entries moved opposite).
fn realistic_table(rng: &mut Rng, base: &[Table]) -> Table {
    let b = base[rng.below(base.len())];
    let rot = rng.below(4);
    let mut suits = [0usize, 1, 2, 3];
    rng.shuffle(&mut suits);
    let mut t = [[0; 4]; 5];
    for s in 0..5 {
        let from = if s < 4 { suits[s] } else { 4 };
        for h in 0..4 {
            t[s][(h + rot) % 4] = b[from][h];
        }
    }
    let moves = rng.below(4);
    for _ in 0..moves {
        let s = rng.below(5);
        let h = rng.below(4);
        let d = if rng.chance(0.5) { 1 } else { -1 };
        let v = (t[s][h] + d).clamp(0, 13);
        t[s][h] = v;
        if rng.chance(0.7) {
            t[s][(h + 1) % 4] = 13 - v;
            t[s][(h + 3) % 4] = 13 - v;
        }
    }
    t
}

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Converter input with random, sometimes invalid, fields.
fn random_master(rng: &mut Rng) -> parResultsMaster {
    let mut m = blank_master();
    m.score = rng.range(-3000, 3000);
    if rng.chance(0.1) {
        m.score = 0;
    }
    m.number = rng.range(0, 10);
    for c in m.contracts.iter_mut() {
        *c = contractType {
            underTricks: rng.range(-1, 13),
            overTricks: rng.range(-1, 6),
            level: rng.range(0, 7),
            denom: rng.range(-1, 5),
            seats: rng.range(-1, 6),
        };
    }
    m
}

fn run() -> i32 {
    let started = Instant::now();
    let (dds, set_max_threads) = match load_dds() {
        Ok(loaded) => loaded,
        Err(e) => {
            assert!(
                std::env::var_os("CI").is_none(),
                "an oracle is missing; CI needs every one"
            );
            println!("oracle_par: SKIPPED, Debian's libdds is not installed ({e})");
            return 0;
        }
    };
    let me = ours();
    let tables = env_usize("KIBITZ_ORACLE_PAR_TABLES", 20_000);
    let deals = env_usize("KIBITZ_ORACLE_PAR_DEALS", 3);
    let seed = env_usize("KIBITZ_ORACLE_SEED", 20_251_123) as u64;
    let mut tally = Tally {
        calls: 0,
        diffs: Vec::new(),
        show: env_usize("KIBITZ_ORACLE_SHOW", 10),
        shown: 0,
    };
    let mut rng = Rng::new(seed);
    let vuls = [0, 1, 2, 3];
    let dealers = [0, 1, 2, 3];

    // (a) arbitrary tables.
    for _ in 0..tables {
        let t = arbitrary_table(&mut rng);
        compare_table(&dds, &me, &t, &vuls, &dealers, &mut tally);
    }
    let calls_a = tally.calls;
    println!(
        "(a) {tables} arbitrary tables x 4 vulnerabilities x 4 dealers: {calls_a} calls compared"
    );

    // (b) realistic tables.
    let base: Vec<Table> = hands::read_hands("list1000.txt")
        .iter()
        .map(|h| {
            let mut t = [[0; 4]; 5];
            for (i, v) in h.table.iter().enumerate() {
                t[i / 4][i % 4] = *v;
            }
            t
        })
        .collect();
    for k in 0..tables {
        let t = if k < base.len() {
            base[k]
        } else {
            realistic_table(&mut rng, &base)
        };
        compare_table(&dds, &me, &t, &vuls, &dealers, &mut tally);
    }
    let calls_b = tally.calls - calls_a;
    println!(
        "(b) {tables} realistic tables (list1000's own first) x 4 x 4: {calls_b} calls compared"
    );

    // (c) unchecked codes and converter input with bad fields.
    let before = tally.calls;
    for k in 0..2000 {
        let t = if k % 2 == 0 {
            arbitrary_table(&mut rng)
        } else {
            realistic_table(&mut rng, &base)
        };
        compare_table(&dds, &me, &t, &[-1, 4, 5, 7, -100, 1000], &[], &mut tally);
        compare_table(&dds, &me, &t, &[0, 1, 2, 3], &[4, 5, 6, 7], &mut tally);
        let m = random_master(&mut rng);
        compare_dealer_text(&dds, &me, m, &|| "random input".to_string(), &mut tally);
        let m2 = [random_master(&mut rng), random_master(&mut rng)];
        compare_sides_text(&dds, &me, m2, &|| "random input".to_string(), &mut tally);
    }
    println!(
        "(c) 2000 tables with vulnerability codes -100, -1, 4, 5, 7, 1000 and dealers 4..=7, 4000 random converter inputs: {} calls compared",
        tally.calls - before
    );

    // (d) CalcPar / CalcParPBN on random deals.
    let before = tally.calls;
    if deals > 0 {
        // SAFETY: DDS's thread set-up, as its own clients call it.
        unsafe { set_max_threads(0) };
    }
    for k in 0..deals {
        let h = random_deal(&mut rng);
        let vul = (k % 4) as c_int;
        let pbn = to_pbn(&h, k % 4);
        let what = || format!("deal {pbn} vul {vul}");
        let run = |api: &Api, as_pbn: bool| {
            let mut table = ddTableResults::default();
            let mut r = parResults {
                parScore: [[0; 16]; 2],
                parContractsString: [[0; 128]; 2],
            };
            // SAFETY: valid pointers for the call.
            let rc = unsafe {
                if as_pbn {
                    let mut cards = [0 as c_char; 80];
                    for (d, b) in cards.iter_mut().zip(pbn.bytes()) {
                        *d = b as c_char;
                    }
                    (api.calc_par_pbn)(ddTableDealPBN { cards }, &mut table, vul, &mut r)
                } else {
                    (api.calc_par)(ddTableDeal { cards: h }, vul, &mut table, &mut r)
                }
            };
            format!(
                "rc {rc} {} {:?} {:?} {:?} {:?}",
                table_text(&table.resTable),
                cstr(&r.parScore[0]),
                cstr(&r.parScore[1]),
                cstr(&r.parContractsString[0]),
                cstr(&r.parContractsString[1])
            )
        };
        tally.check("CalcPar", &what, run(&dds, false), run(&me, false));
        tally.check("CalcParPBN", &what, run(&dds, true), run(&me, true));
    }
    // A PBN text DDS cannot read.
    let bad = |api: &Api| {
        let mut table = ddTableResults::default();
        let mut r = parResults {
            parScore: [[0; 16]; 2],
            parContractsString: [[0; 128]; 2],
        };
        let mut cards = [0 as c_char; 80];
        for (d, b) in cards.iter_mut().zip(b"X:AKQ".iter()) {
            *d = *b as c_char;
        }
        // SAFETY: valid pointers for the call.
        unsafe { (api.calc_par_pbn)(ddTableDealPBN { cards }, &mut table, 0, &mut r) }.to_string()
    };
    tally.check("CalcParPBN", &|| "bad PBN".to_string(), bad(&dds), bad(&me));
    println!(
        "(d) {deals} random deals through CalcPar and CalcParPBN, one bad PBN: {} calls compared",
        tally.calls - before
    );

    let total_diffs: u64 = tally.diffs.iter().map(|d| d.1).sum();
    println!(
        "oracle_par: {} calls compared in {:.1} s, {} differences",
        tally.calls,
        started.elapsed().as_secs_f64(),
        total_diffs
    );
    for (f, n) in &tally.diffs {
        println!("  {f}: {n} differences");
    }
    if total_diffs == 0 {
        println!("oracle_par: 1 passed, 0 failed");
        0
    } else {
        println!("oracle_par: 0 passed, 1 failed");
        1
    }
}

fn main() {
    // A panic must still reach `_exit`, never the crashing DDS destructor.
    let code = std::panic::catch_unwind(run).unwrap_or_else(|_| {
        println!("oracle_par: panicked");
        println!("oracle_par: 0 passed, 1 failed");
        1
    });
    use std::io::Write;
    let _ = std::io::stdout().flush();
    // SAFETY: skip Debian libdds's crashing destructor.
    unsafe { libc::_exit(code) };
}
