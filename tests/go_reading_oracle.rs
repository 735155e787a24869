//! Tactical reading against GNU Go 3.8 (`gnugo --mode gtp`), live.
//!
//! Positions are SGF games of `tests/data/go/games` loaded at seeded random
//! move numbers. For every string with 1 to 3 liberties both engines answer
//! `attack` and `defend`; we count agreement on the code, and for each
//! successful attack or defence of ours (with a move) whether GNU Go agrees
//! that our move works, in two ways: `does_attack` / `does_defend` on
//! gnugo give a code > 0 (these also answer 0 when the move is no better
//! than doing nothing, e.g. for a string that is dead anyway), and, after
//! our move is played (`trymove`), gnugo's `defend` fails (the string may
//! also be gone) or gnugo's `attack` fails.
//!
//! The counts on the default seed and size are recorded in
//! `tests/data/go/reading_oracle.txt` and asserted as floors (rewrite with
//! `KIBITZ_GO_RECORD=1` after a change of the reader). Skipped with a
//! message when gnugo is not installed.
//!
//! Knobs: `KIBITZ_GO_POSITIONS` (default 40), `KIBITZ_GO_SEED` (default 1);
//! other values print the counts without asserting them.

#[path = "support/gnugo.rs"]
mod gnugo;
#[path = "support/random.rs"]
mod random;

use std::path::Path;

use gnugo::{data_dir, ours, positions, GnuGo};
use kibitz::go::gtp::Engine;

/// Positions in the default run.
const DEFAULT_POSITIONS: usize = 40;
/// Seed of the default run.
const DEFAULT_SEED: u64 = 1;

/// The counts of one run.
#[derive(Debug, Default, PartialEq, Eq)]
struct Counts {
    strings: usize,
    attack_same_code: usize,
    defend_same_code: usize,
    our_attacks: usize,
    our_attacks_confirmed: usize,
    our_attacks_work: usize,
    our_defenses: usize,
    our_defenses_confirmed: usize,
    our_defenses_work: usize,
}

impl Counts {
    fn lines(&self) -> String {
        format!(
            "strings {}\nattack_same_code {}\ndefend_same_code {}\n\
             our_attacks {}\nour_attacks_does_attack {}\nour_attacks_work {}\n\
             our_defenses {}\nour_defenses_does_defend {}\nour_defenses_work {}\n",
            self.strings,
            self.attack_same_code,
            self.defend_same_code,
            self.our_attacks,
            self.our_attacks_confirmed,
            self.our_attacks_work,
            self.our_defenses,
            self.our_defenses_confirmed,
            self.our_defenses_work
        )
    }
}

/// The code and move of an `attack`/`defend` answer (`0` or `c V`).
fn code_and_move(answer: &str) -> (String, Option<String>) {
    let mut w = answer.split_whitespace();
    let code = w.next().unwrap_or("").to_string();
    (code, w.next().map(str::to_string))
}

/// Compares both engines on the strings of one position.
fn compare(engine: &mut Engine, gnugo: &mut GnuGo, file: &Path, n: usize, c: &mut Counts) {
    let load = format!("loadsgf {} {n}", file.display());
    assert_eq!(ours(engine, &load), gnugo.ask(&load), "{load}");
    let strings = ours(engine, "worm_stones").expect("worm_stones");
    let black = ours(engine, "list_stones black").expect("list_stones");
    for line in strings.lines() {
        let Some(s) = line.split_whitespace().next() else {
            continue;
        };
        let libs: usize = ours(engine, &format!("countlib {s}"))
            .expect("countlib")
            .parse()
            .expect("a number");
        if !(1..=3).contains(&libs) {
            continue;
        }
        c.strings += 1;
        let is_black = black.split_whitespace().any(|b| b == s);
        let (own, other) = if is_black {
            ("black", "white")
        } else {
            ("white", "black")
        };
        for (cmd, check) in [("attack", "does_attack"), ("defend", "does_defend")] {
            let q = format!("{cmd} {s}");
            let mine = code_and_move(&ours(engine, &q).expect("our answer"));
            let theirs = code_and_move(&gnugo.ask(&q).expect("gnugo answer"));
            let same = mine.0 == theirs.0;
            let (total, confirmed, works) = if cmd == "attack" {
                c.attack_same_code += same as usize;
                (
                    &mut c.our_attacks,
                    &mut c.our_attacks_confirmed,
                    &mut c.our_attacks_work,
                )
            } else {
                c.defend_same_code += same as usize;
                (
                    &mut c.our_defenses,
                    &mut c.our_defenses_confirmed,
                    &mut c.our_defenses_work,
                )
            };
            if !same && std::env::var_os("KIBITZ_GO_VERBOSE").is_some() {
                println!("{load}; {q}: ours {mine:?} gnugo {theirs:?}");
            }
            if let (true, Some(m)) = (mine.0 != "0", &mine.1) {
                if m == "PASS" {
                    continue;
                }
                *total += 1;
                let verdict = gnugo.ask(&format!("{check} {m} {s}")).expect("does_*");
                *confirmed += (verdict != "0") as usize;
                let mover = if cmd == "attack" { other } else { own };
                if gnugo.ask(&format!("trymove {mover} {m}")).is_ok() {
                    let after = if cmd == "attack" { "defend" } else { "attack" };
                    let answer = gnugo.ask(&format!("{after} {s}"));
                    *works += matches!(answer.as_deref(), Ok("0") | Err(_)) as usize;
                    gnugo.ask("popgo").expect("popgo");
                }
            }
        }
    }
}

#[test]
fn live_attack_and_defend() {
    let Some(mut gnugo) = GnuGo::start() else {
        gnugo::skip_without_gnugo();
        return;
    };
    let env = |k: &str| std::env::var(k).ok().and_then(|s| s.parse::<u64>().ok());
    let n = env("KIBITZ_GO_POSITIONS").map_or(DEFAULT_POSITIONS, |v| v as usize);
    let seed = env("KIBITZ_GO_SEED").unwrap_or(DEFAULT_SEED);
    let mut engine = Engine::new();
    let mut counts = Counts::default();
    for (file, m) in positions(n, seed) {
        compare(&mut engine, &mut gnugo, &file, m, &mut counts);
    }
    println!("{n} positions, seed {seed}:\n{}", counts.lines());
    if (n, seed) != (DEFAULT_POSITIONS, DEFAULT_SEED) {
        return;
    }
    let file = data_dir().join("reading_oracle.txt");
    if std::env::var_os("KIBITZ_GO_RECORD").is_some() {
        std::fs::write(&file, counts.lines()).expect("write record");
    }
    gnugo::check_floors(&counts.lines(), &file);
}
