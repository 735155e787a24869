//! Differential test of the play analysis against Debian's DDS 2.9.0
//! (`libdds.so.0`, loaded with `dlopen`): `AnalysePlayBin`,
//! `AnalysePlayPBN`, `AnalyseAllPlaysBin` and `AnalyseAllPlaysPBN` get the
//! same seeded inputs in both libraries, and every returned number is
//! compared (return code, `number`, all 53 `tricks` slots, pre-filled with
//! a sentinel so untouched slots must stay untouched in both).
//!
//! Inputs: random deals, random trump and leader; the start is a full deal
//! or a random legal position (possibly in the middle of a trick, DDS's
//! current-trick fields); the play is a random continuation (legal, with
//! the occasional revoke, which DDS allows) of random length, with
//! `number` anywhere from 0 to 52 (and beyond for the binary call); some
//! plays get a card not held by the player on turn (an opponent's card, a
//! card already played, or rank 0/1/15) and some PBN plays bad text; now
//! and then the led card of a one-card trick is DDS's rank-0 "phantom". A few
//! fixed invalid deals and thread indices, and batches of 1..=30 boards
//! (at most one failing board each, as DDS then reports "one of" the
//! errors), plus the batch-level -1 and -101 errors.
//!
//! `harness = false`: Debian's library crashes at exit, so this prints a
//! summary and leaves with `_exit`. Skips (passing) when the library is
//! absent. Environment: `KIBITZ_ORACLE_PLAYS` (random plays, default 150),
//! `KIBITZ_ORACLE_SEED`, `KIBITZ_ORACLE_SHOW` (mismatches printed, default
//! 10).

#[path = "support/debian_dds.rs"]
mod debian_dds;
#[path = "support/random.rs"]
mod random;

use dds::{
    boards, boardsPBN, deal, dealPBN, playTraceBin, playTracePBN, playTracesBin, playTracesPBN,
    solvedPlay, solvedPlays,
};
use random::{card_count, play_random, random_deal, rank_char, suit_char, to_pbn, Holdings, Rng};
use std::os::raw::{c_char, c_int};
use std::time::Instant;

type PlayBinFn = unsafe extern "C" fn(deal, playTraceBin, *mut solvedPlay, c_int) -> c_int;
type PlayPbnFn = unsafe extern "C" fn(dealPBN, playTracePBN, *mut solvedPlay, c_int) -> c_int;
type AllBinFn =
    unsafe extern "C" fn(*mut boards, *mut playTracesBin, *mut solvedPlays, c_int) -> c_int;
type AllPbnFn =
    unsafe extern "C" fn(*mut boardsPBN, *mut playTracesPBN, *mut solvedPlays, c_int) -> c_int;
type SetMaxThreadsFn = unsafe extern "C" fn(c_int);

/// The functions under comparison, for one library.
#[derive(Clone, Copy)]
struct Api {
    bin: PlayBinFn,
    pbn: PlayPbnFn,
    all_bin: AllBinFn,
    all_pbn: AllPbnFn,
    set_max_threads: SetMaxThreadsFn,
}

/// Binds the four analysers and `SetMaxThreads` in Debian's library.
fn load_dds() -> Result<Api, String> {
    let lib = debian_dds::open()?;
    // SAFETY: each type is the one dll.h declares for the name.
    unsafe {
        Ok(Api {
            bin: lib.symbol("AnalysePlayBin")?,
            pbn: lib.symbol("AnalysePlayPBN")?,
            all_bin: lib.symbol("AnalyseAllPlaysBin")?,
            all_pbn: lib.symbol("AnalyseAllPlaysPBN")?,
            set_max_threads: lib.symbol("SetMaxThreads")?,
        })
    }
}

fn ours() -> Api {
    use dds::play as p;
    Api {
        bin: p::AnalysePlayBin,
        pbn: p::AnalysePlayPBN,
        all_bin: p::AnalyseAllPlaysBin,
        all_pbn: p::AnalyseAllPlaysPBN,
        set_max_threads: dds::SetMaxThreads,
    }
}

/// One test input: a starting position and a play (binary and text).
#[derive(Clone, Copy)]
struct Case {
    dl: deal,
    play: playTraceBin,
    /// The text form, when the play has one (`None`: binary only).
    text: Option<playTracePBN>,
    pbn_deal: dealPBN,
}

const SENTINEL: c_int = -77;

fn blank() -> solvedPlay {
    solvedPlay {
        number: SENTINEL,
        tricks: [SENTINEL; 53],
    }
}

fn c_text<const N: usize>(s: &str) -> [c_char; N] {
    let mut out = [0 as c_char; N];
    for (i, b) in s.bytes().take(N - 1).enumerate() {
        out[i] = b as c_char;
    }
    out
}

/// A card's text, `?` for ranks that have none.
fn card_text(s: i32, r: i32) -> String {
    let rc = if (2..=14).contains(&r) {
        rank_char(r)
    } else {
        '?'
    };
    format!("{}{}", suit_char(s), rc)
}

/// The cards legal (following suit) for `hand` given the suit led.
fn legal(remain: &Holdings, hand: usize, led: Option<i32>) -> Vec<(i32, i32)> {
    let suits: Vec<usize> = match led {
        Some(s) if remain[hand][s as usize] != 0 => vec![s as usize],
        _ => (0..4).filter(|&s| remain[hand][s] != 0).collect(),
    };
    let mut out = Vec::new();
    for s in suits {
        for r in 2..=14 {
            if remain[hand][s] & (1 << r) != 0 {
                out.push((s as i32, r));
            }
        }
    }
    out
}

/// A random case (see the module comment).
fn random_case(rng: &mut Rng) -> Case {
    let full = random_deal(rng);
    let trump = rng.range(0, 4);
    let first = rng.range(0, 3);
    let start = if rng.chance(0.5) {
        0
    } else {
        rng.range(1, 51) as usize
    };
    let pos = play_random(rng, &full, trump, first, start);
    let mut dl = deal {
        trump,
        first: pos.first,
        currentTrickSuit: [0; 3],
        currentTrickRank: [0; 3],
        remainCards: pos.remain,
    };
    for (k, &(s, r)) in pos.trick.iter().enumerate() {
        dl.currentTrickSuit[k] = s;
        dl.currentTrickRank[k] = r;
    }
    // The continuation: legal cards, now and then a revoke, and perhaps
    // one card the player on turn does not hold.
    let revoke_rate = [0.0, 0.0, 0.0, 0.15, 0.5][rng.below(5)];
    let fault_at = if rng.chance(0.25) {
        Some(rng.below(card_count(&pos.remain) as usize + 1))
    } else {
        None
    };
    let mut remain = pos.remain;
    let mut trick = pos.trick.clone();
    let mut leader = pos.first as usize;
    let mut cards: Vec<(i32, i32)> = Vec::new();
    while card_count(&remain) > 0 {
        let hand = (leader + trick.len()) % 4;
        if fault_at == Some(cards.len()) {
            let (s, r) = if rng.chance(0.2) {
                (rng.range(0, 3), [0, 1, 15][rng.below(3)])
            } else {
                loop {
                    let (s, r) = (rng.range(0, 3), rng.range(2, 14));
                    if remain[hand][s as usize] & (1 << r) == 0 {
                        break (s, r);
                    }
                }
            };
            cards.push((s, r));
            continue;
        }
        let led = trick.first().map(|c: &(i32, i32)| c.0);
        let choices = if rng.chance(revoke_rate) {
            legal(&remain, hand, None)
        } else {
            legal(&remain, hand, led)
        };
        let (s, r) = choices[rng.below(choices.len())];
        remain[hand][s as usize] &= !(1 << r);
        trick.push((s, r));
        cards.push((s, r));
        if trick.len() == 4 {
            let w = random::trick_winner(&trick, trump);
            leader = (leader + w) % 4;
            trick.clear();
        }
    }
    let most = (pos.trick.len() + cards.len()) as i32;
    let number = match rng.below(10) {
        0 => most,
        1 => 52,
        _ => rng.range(0, most),
    };
    let mut play = playTraceBin {
        number,
        suit: [0; 52],
        rank: [2; 52],
    };
    let mut text = String::new();
    for k in 0..52 {
        let (s, r) = cards.get(k).copied().unwrap_or((0, 2));
        play.suit[k] = s;
        play.rank[k] = r;
        if (k as i32) < number {
            text.push_str(&card_text(s, r));
        }
    }
    let mut text_play = playTracePBN {
        number,
        cards: c_text(&text),
    };
    // Now and then bad text or a bad number for the PBN form, and odd
    // numbers for the binary form.
    match rng.below(20) {
        0 if number > 0 => {
            let i = rng.below(2 * number as usize);
            text_play.cards[i] = b"XZ1*"[rng.below(4)] as c_char;
        }
        1 => text_play.number = [-1, 53][rng.below(2)],
        2 => play.number = [-1, -2, -5, 53, 60, 1000][rng.below(6)],
        _ => {}
    }
    // DDS's "phantom" lead: 51 cards held and a rank-0 card led.
    if pos.trick.len() == 1 && rng.chance(0.3) {
        dl.currentTrickRank[0] = 0;
    }
    let binary_only = !(0..=52).contains(&play.number);
    let pbn_deal = dealPBN {
        trump,
        first: dl.first,
        currentTrickSuit: dl.currentTrickSuit,
        currentTrickRank: dl.currentTrickRank,
        remainCards: c_text(&to_pbn(&pos.remain, rng.below(4))),
    };
    Case {
        dl,
        play,
        text: (!binary_only).then_some(text_play),
        pbn_deal,
    }
}

fn describe(c: &Case) -> String {
    let cards: Vec<String> = (0..c.play.number.clamp(0, 52) as usize)
        .map(|k| card_text(c.play.suit[k], c.play.rank[k]))
        .collect();
    let trick: Vec<String> = (0..3)
        .filter(|&k| c.dl.currentTrickRank[k] != 0)
        .map(|k| card_text(c.dl.currentTrickSuit[k], c.dl.currentTrickRank[k]))
        .collect();
    format!(
        "\"{}\" trump {} first {} trick [{}] number {} play {}",
        to_pbn(&c.dl.remainCards, 0),
        c.dl.trump,
        c.dl.first,
        trick.join(" "),
        c.play.number,
        cards.join("")
    )
}

/// Comparison counters.
struct Tally {
    compared: usize,
    numbers: usize,
    failed: usize,
    show: usize,
    codes: std::collections::BTreeMap<c_int, usize>,
}

impl Tally {
    fn check(
        &mut self,
        what: &str,
        input: &str,
        dds: (c_int, &[solvedPlay]),
        ours: (c_int, &[solvedPlay]),
    ) {
        self.compared += 1;
        *self.codes.entry(dds.0).or_default() += 1;
        self.numbers += 1 + dds.1.len() * 54;
        let same = dds.0 == ours.0
            && dds.1.len() == ours.1.len()
            && dds
                .1
                .iter()
                .zip(ours.1)
                .all(|(a, b)| a.number == b.number && a.tricks == b.tricks);
        if !same {
            self.failed += 1;
            if self.failed <= self.show {
                println!("MISMATCH {what}: {input}");
                println!("  DDS  rc {}", dds.0);
                println!("  ours rc {}", ours.0);
                for (k, (a, b)) in dds.1.iter().zip(ours.1).enumerate() {
                    if a.number != b.number || a.tricks != b.tricks {
                        println!("  [{k}] DDS  {} {:?}", a.number, &a.tricks[..]);
                        println!("  [{k}] ours {} {:?}", b.number, &b.tricks[..]);
                    }
                }
            }
        }
    }
}

fn single(api: &Api, c: &Case, pbn: bool, thread: c_int) -> (c_int, solvedPlay) {
    let mut out = blank();
    // SAFETY: valid inputs and a writable answer.
    let rc = unsafe {
        if pbn {
            (api.pbn)(c.pbn_deal, c.text.unwrap(), &mut out, thread)
        } else {
            (api.bin)(c.dl, c.play, &mut out, thread)
        }
    };
    (rc, out)
}

fn zeroed<T>() -> Box<T> {
    // SAFETY: only used for the plain-integer DDS structs.
    unsafe { Box::new(std::mem::zeroed()) }
}

/// Runs one batch through both libraries (binary or PBN) and compares.
fn batch(dds: &Api, kib: &Api, cases: &[Case], pbn: bool, plays_count: i32, t: &mut Tally) {
    let run = |api: &Api| -> (c_int, Vec<solvedPlay>, c_int) {
        let mut out: Box<solvedPlays> = zeroed();
        out.noOfBoards = SENTINEL;
        for s in out.solved.iter_mut() {
            *s = blank();
        }
        let rc = if pbn {
            let mut bo: Box<boardsPBN> = zeroed();
            let mut pl: Box<playTracesPBN> = zeroed();
            bo.noOfBoards = cases.len() as c_int;
            pl.noOfBoards = plays_count;
            for (k, c) in cases.iter().take(200).enumerate() {
                bo.deals[k] = c.pbn_deal;
                bo.target[k] = -1;
                bo.solutions[k] = 3;
                bo.mode[k] = 1;
                pl.plays[k] = c.text.unwrap();
            }
            // SAFETY: valid structs.
            unsafe { (api.all_pbn)(&mut *bo, &mut *pl, &mut *out, 1) }
        } else {
            let mut bo: Box<boards> = zeroed();
            let mut pl: Box<playTracesBin> = zeroed();
            bo.noOfBoards = cases.len() as c_int;
            pl.noOfBoards = plays_count;
            for (k, c) in cases.iter().take(200).enumerate() {
                bo.deals[k] = c.dl;
                bo.target[k] = -1;
                bo.solutions[k] = 3;
                bo.mode[k] = 1;
                pl.plays[k] = c.play;
            }
            // SAFETY: valid structs.
            unsafe { (api.all_bin)(&mut *bo, &mut *pl, &mut *out, 1) }
        };
        (
            rc,
            out.solved[..cases.len().min(200)].to_vec(),
            out.noOfBoards,
        )
    };
    let (a, b) = (run(dds), run(kib));
    let what = format!(
        "{} batch of {} boards ({} plays), noOfBoards {} vs {}",
        if pbn { "PBN" } else { "Bin" },
        cases.len(),
        plays_count,
        a.2,
        b.2
    );
    // DDS copies each answer from a scratch array whose slots beyond
    // `number` hold stale data: compare `number` and the values it covers
    // (at least `tricks[0]`, which is always written).
    let covered = |v: &[solvedPlay]| -> Vec<solvedPlay> {
        v.iter()
            .map(|s| {
                let mut m = *s;
                let n = s.number.clamp(1, 53) as usize;
                m.tricks[n..].fill(0);
                m
            })
            .collect()
    };
    let mut sa = covered(&a.1);
    let mut sb = covered(&b.1);
    // noOfBoards compared as an extra pseudo-answer.
    sa.push(solvedPlay {
        number: a.2,
        tricks: [0; 53],
    });
    sb.push(solvedPlay {
        number: b.2,
        tricks: [0; 53],
    });
    let first = cases.first().map(describe).unwrap_or_default();
    t.check(&what, &first, (a.0, &sa), (b.0, &sb));
}

/// Fixed invalid inputs: bad deals and thread indices.
fn invalid_cases(dds: &Api, kib: &Api, base: &Case, t: &mut Tally) {
    let mut variants: Vec<(String, Case, c_int)> = Vec::new();
    let mut c = *base;
    c.dl.trump = 5;
    c.pbn_deal.trump = 5;
    variants.push(("trump 5".into(), c, 0));
    let mut c = *base;
    c.dl.first = 4;
    c.pbn_deal.first = 4;
    variants.push(("first 4".into(), c, 0));
    let mut c = *base;
    c.dl.remainCards = [[0; 4]; 4];
    c.dl.currentTrickRank = [0; 3];
    c.pbn_deal.remainCards = c_text("N:... ... ... ...");
    c.pbn_deal.currentTrickRank = [0; 3];
    variants.push(("no cards".into(), c, 0));
    let mut c = *base;
    let s = |ranks: &[i32]| ranks.iter().map(|r| 1u32 << r).sum::<u32>();
    c.dl.remainCards = [
        [s(&[14, 13]), 0, 0, 0],
        [s(&[14, 2]), 0, 0, 0],
        [s(&[12, 3]), 0, 0, 0],
        [s(&[11, 4]), 0, 0, 0],
    ];
    c.dl.currentTrickRank = [0; 3];
    c.pbn_deal.remainCards = c_text("N:AK... A2... Q3... J4...");
    c.pbn_deal.currentTrickRank = [0; 3];
    variants.push(("duplicate ace".into(), c, 0));
    let mut c = *base;
    c.pbn_deal.remainCards = c_text("xx");
    variants.push(("bad PBN deal".into(), c, 0));
    variants.push(("thread index 5".into(), *base, 5));
    variants.push(("thread index -1".into(), *base, -1));
    for (name, c, thread) in variants {
        let a = single(dds, &c, false, thread);
        let b = single(kib, &c, false, thread);
        t.check(
            &format!("Bin {name}"),
            &describe(&c),
            (a.0, &[a.1]),
            (b.0, &[b.1]),
        );
        if c.text.is_some() {
            let a = single(dds, &c, true, thread);
            let b = single(kib, &c, true, thread);
            t.check(
                &format!("PBN {name}"),
                &describe(&c),
                (a.0, &[a.1]),
                (b.0, &[b.1]),
            );
        }
    }
}

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn run() -> i32 {
    let started = Instant::now();
    let dds = match load_dds() {
        Ok(api) => api,
        Err(e) => {
            assert!(
                std::env::var_os("CI").is_none(),
                "an oracle is missing; CI needs every one"
            );
            println!(
                "oracle_play: SKIPPED, Debian's libdds.so.0 not loadable ({e}); \
                 install libdds-dev to run"
            );
            println!("0 passed, 0 failed");
            return 0;
        }
    };
    let kib = ours();
    let n = env_usize("KIBITZ_ORACLE_PLAYS", 150);
    let seed = env_usize("KIBITZ_ORACLE_SEED", 0x706c_6179) as u64;
    let mut t = Tally {
        compared: 0,
        numbers: 0,
        failed: 0,
        show: env_usize("KIBITZ_ORACLE_SHOW", 10),
        codes: Default::default(),
    };
    // SAFETY: plain configuration calls.
    unsafe {
        (dds.set_max_threads)(1);
        (kib.set_max_threads)(0);
    }
    println!("oracle_play: seed {seed:#x}, {n} random plays");
    let mut rng = Rng::new(seed);
    let mut cases = Vec::with_capacity(n);
    let mut codes = Vec::with_capacity(n);
    let (mut t_dds, mut t_ours) = (0.0, 0.0);
    for _ in 0..n {
        let c = random_case(&mut rng);
        let s = Instant::now();
        let a = single(&dds, &c, false, 0);
        t_dds += s.elapsed().as_secs_f64();
        let s = Instant::now();
        let b = single(&kib, &c, false, 0);
        t_ours += s.elapsed().as_secs_f64();
        t.check(
            "AnalysePlayBin",
            &describe(&c),
            (a.0, &[a.1]),
            (b.0, &[b.1]),
        );
        if c.text.is_some() {
            let a = single(&dds, &c, true, 0);
            let b = single(&kib, &c, true, 0);
            t.check(
                "AnalysePlayPBN",
                &describe(&c),
                (a.0, &[a.1]),
                (b.0, &[b.1]),
            );
        }
        codes.push(a.0);
        cases.push(c);
    }
    let singles = t.compared;
    println!("single calls: {singles} compared (binary: DDS {t_dds:.2} s, ours {t_ours:.2} s)");
    if let Some(base) = cases.iter().find(|c| c.text.is_some()) {
        invalid_cases(&dds, &kib, base, &mut t);
    }
    // Batches: cases that analyse cleanly in both forms, plus at most one
    // failing board per batch.
    let good: Vec<Case> = cases
        .iter()
        .zip(&codes)
        .filter(|(c, &rc)| rc == 1 && c.text.is_some())
        .map(|(c, _)| *c)
        .collect();
    let bad: Vec<Case> = cases
        .iter()
        .zip(&codes)
        .filter(|(c, &rc)| rc != 1 && c.text.is_some())
        .map(|(c, _)| *c)
        .collect();
    let mut i = 0;
    let mut batches = 0;
    while i < good.len() {
        let size = rng.range(1, 30) as usize;
        let mut set: Vec<Case> = good[i..(i + size).min(good.len())].to_vec();
        i += size;
        if !bad.is_empty() && rng.chance(0.5) {
            let at = rng.below(set.len() + 1);
            set.insert(at, bad[rng.below(bad.len())]);
        }
        let pbn = rng.chance(0.5);
        batch(&dds, &kib, &set, pbn, set.len() as c_int, &mut t);
        batches += 1;
    }
    // Batch-level errors: counts that differ, too many boards.
    if good.len() >= 2 {
        for pbn in [false, true] {
            batch(&dds, &kib, &good[..2], pbn, 1, &mut t);
            batch(&dds, &kib, &good[..2], pbn, 3, &mut t);
        }
        let many: Vec<Case> = (0..201).map(|k| good[k % good.len()]).collect();
        for pbn in [false, true] {
            batch(&dds, &kib, &many, pbn, 201, &mut t);
        }
    }
    println!(
        "oracle_play: {} comparisons ({singles} single calls, {batches} random batches, \
         the rest invalid inputs and batch errors), {} numbers, {} mismatches, {:.1} s",
        t.compared,
        t.numbers,
        t.failed,
        started.elapsed().as_secs_f64()
    );
    println!("DDS return codes seen: {:?}", t.codes);
    if t.failed == 0 {
        println!("1 passed, 0 failed");
        0
    } else {
        println!("0 passed, 1 failed");
        1
    }
}

fn main() {
    // A panic must still reach `_exit`, never the crashing DDS destructor.
    let code = std::panic::catch_unwind(run).unwrap_or_else(|_| {
        println!("oracle_play: panicked");
        println!("0 passed, 1 failed");
        1
    });
    use std::io::Write;
    let _ = std::io::stdout().flush();
    // SAFETY: skip Debian libdds's crashing destructor.
    unsafe { libc::_exit(code) };
}
