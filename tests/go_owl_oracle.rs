//! Owl reading against a running GNU Go 3.8 (`gnugo --mode gtp`), dragon
//! by dragon: positions are SGF files of GNU Go's regression directory
//! (`tests/data/go/regress/games`, loaded at seeded random move numbers,
//! and the whole `golois` problems); for every dragon GNU Go finds we ask
//! both engines `owl_attack` and `owl_defend` and compare the result codes
//! (0 fails, 1 works, 2 and 3 work through ko), and `dragon_status` (its
//! status word), counted by the status GNU Go gives the dragon.
//!
//! The agreement counts of the default run (`DEFAULT_POSITIONS`, seed 1)
//! are recorded in `tests/data/go/owl_oracle.txt` and asserted as floors;
//! rerun with `KIBITZ_GO_RECORD=1` to rewrite them after a deliberate
//! change. Other sizes (`KIBITZ_GO_POSITIONS`, `KIBITZ_GO_SEED`) only print;
//! `KIBITZ_GO_SHOW=1` prints every disagreement with the position.
//! Positions where GNU Go is wrong and we are right are kept as tests with
//! the reason in `go_owl_cases.rs`.

#[path = "support/gnugo.rs"]
mod gnugo;
#[path = "support/random.rs"]
mod random;

use std::collections::BTreeMap;
use std::path::PathBuf;

use gnugo::{collect, data_dir, move_count, GnuGo};
use kibitz::go::gtp::Engine;
use random::Rng;

/// Positions of the default run.
const DEFAULT_POSITIONS: usize = 200;

/// The status classes GNU Go gives a dragon, in report order.
const CLASSES: [&str; 4] = ["alive", "critical", "dead", "unknown"];

/// The SGF files positions are drawn from, sorted.
fn files() -> Vec<PathBuf> {
    let dir = data_dir().join("regress");
    let mut out = Vec::new();
    for sub in ["games", "golois"] {
        collect(&dir.join(sub), &mut out);
    }
    out.sort();
    out
}

/// The result code of an `owl_attack` / `owl_defend` answer (its first
/// word), or the whole answer when it is an error.
fn code(answer: &Result<String, String>) -> String {
    match answer {
        Ok(text) => text.split_whitespace().next().unwrap_or("").to_string(),
        Err(e) => format!("error: {e}"),
    }
}

/// Agreement counts per status class.
#[derive(Debug, Default)]
struct Counts {
    positions: usize,
    /// class -> (dragons, [attack codes equal, defence codes equal,
    /// statuses equal])
    classes: BTreeMap<&'static str, (usize, [usize; 3])>,
    /// For attacks, then defences: (moves found by us where GNU Go answers
    /// 0, those that work by GNU Go's own reading after them).
    ours_only: [(usize, usize); 2],
}

impl Counts {
    fn text(&self) -> String {
        let mut out = format!("positions {}\n", self.positions);
        for class in CLASSES {
            let (n, [a, d, s]) = self.classes.get(class).copied().unwrap_or_default();
            out += &format!(
                "dragons_{class} {n}\nattack_equal_{class} {a}\ndefend_equal_{class} {d}\n\
                 status_equal_{class} {s}\n"
            );
        }
        for (i, kind) in ["attacks", "defences"].into_iter().enumerate() {
            let (n, w) = self.ours_only[i];
            out += &format!("our_{kind}_gnugo_misses {n}\n{kind}_gnugo_misses_that_work {w}\n");
        }
        out
    }
}

/// When we found an attack (`attack`) or a defence whose move GNU Go
/// missed: does it work by GNU Go's own reading once played (the other
/// side's owl answering 0)? `None` when our answer has no move; false
/// when GNU Go finds the move illegal.
fn second_opinion(
    gnugo: &mut GnuGo,
    stone: &str,
    attack: bool,
    mine: &Result<String, String>,
) -> Option<bool> {
    let mut words = mine.as_ref().ok()?.split_whitespace();
    let (c, m) = (words.next()?, words.next()?);
    if c == "0" || m == "PASS" {
        return None;
    }
    let own = gnugo.ask(&format!("color {stone}")).ok()?;
    let mover = match (own.as_str(), attack) {
        ("black", true) | ("white", false) => "white",
        _ => "black",
    };
    if gnugo.ask(&format!("play {mover} {m}")).is_err() {
        return Some(false);
    }
    let reply = if attack { "owl_defend" } else { "owl_attack" };
    let answer = gnugo.ask(&format!("{reply} {stone}"));
    gnugo.ask("undo").expect("undo");
    // An attack that captured the stone at once leaves nothing to ask about.
    Some(attack && answer.is_err() || code(&answer) == "0")
}

fn show() -> bool {
    std::env::var_os("KIBITZ_GO_SHOW").is_some()
}

/// The `loadsgf` commands of `n` positions from `seed`.
fn loads(n: usize, seed: u64) -> Vec<String> {
    let files = files();
    let moves: Vec<usize> = files.iter().map(|f| move_count(f)).collect();
    let mut rng = Rng::new(seed);
    (0..n)
        .map(|_| {
            let i = rng.below(files.len());
            if moves[i] >= 2 {
                format!("loadsgf {} {}", files[i].display(), 1 + rng.below(moves[i]))
            } else {
                format!("loadsgf {}", files[i].display())
            }
        })
        .collect()
}

/// Asks both engines about every dragon of the positions `loads` sets up.
fn run(gnugo: &mut GnuGo, loads: &[String]) -> Counts {
    let mut engine = Engine::new();
    let mut c = Counts::default();
    for load in loads {
        assert_eq!(gnugo::ours(&mut engine, load), gnugo.ask(load), "{load}");
        c.positions += 1;
        let stones = gnugo.ask_bare_empty("dragon_stones").unwrap_or_default();
        for dragon in stones.lines() {
            let Some(stone) = dragon.split_whitespace().next() else {
                continue;
            };
            let status = gnugo
                .ask(&format!("dragon_status {stone}"))
                .unwrap_or_default();
            let class = CLASSES
                .into_iter()
                .find(|c| status.starts_with(c))
                .unwrap_or_else(|| panic!("{load}: dragon_status {stone}: {status}"));
            c.classes.entry(class).or_default().0 += 1;
            let mine = gnugo::ours(&mut engine, &format!("dragon_status {stone}"));
            let same = mine.as_deref().is_ok_and(|m| m.starts_with(class));
            c.classes.entry(class).or_default().1[2] += usize::from(same);
            if show() && !same {
                println!("{load}: dragon_status {stone}: gnugo {status:?}, ours {mine:?}");
            }
            for (i, name) in ["owl_attack", "owl_defend"].into_iter().enumerate() {
                let cmd = format!("{name} {stone}");
                let theirs = gnugo.ask(&cmd);
                let mine = gnugo::ours(&mut engine, &cmd);
                let their_code = code(&theirs);
                let equal = their_code == code(&mine);
                c.classes.entry(class).or_default().1[i] += usize::from(equal);
                if their_code == "0" {
                    if let Some(works) = second_opinion(gnugo, stone, i == 0, &mine) {
                        let tally = &mut c.ours_only[i];
                        tally.0 += 1;
                        tally.1 += usize::from(works);
                        if show() && works {
                            println!("{load}: {cmd}: ours {mine:?} works by gnugo's own reading");
                        }
                    }
                }
                if show() && !equal {
                    println!("{load}: {cmd} ({class}): gnugo {theirs:?}, ours {mine:?}");
                }
            }
        }
    }
    c
}

/// [`run`] on two threads, each with its own GNU Go and engine, the
/// positions dealt out alternately; `None` when gnugo is not installed.
fn run_parallel(loads: &[String]) -> Option<Counts> {
    let halves: [Vec<String>; 2] =
        [0, 1].map(|k| loads.iter().skip(k).step_by(2).cloned().collect());
    let mut oracles = Vec::new();
    for _ in 0..2 {
        oracles.push(GnuGo::start()?);
    }
    let parts: Vec<Counts> = std::thread::scope(|s| {
        let handles: Vec<_> = oracles
            .iter_mut()
            .zip(&halves)
            .map(|(gnugo, half)| s.spawn(move || run(gnugo, half)))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut total = Counts::default();
    for part in parts {
        total.positions += part.positions;
        for i in 0..2 {
            total.ours_only[i].0 += part.ours_only[i].0;
            total.ours_only[i].1 += part.ours_only[i].1;
        }
        for (class, (n, equal)) in part.classes {
            let e = total.classes.entry(class).or_default();
            e.0 += n;
            for (sum, k) in e.1.iter_mut().zip(equal) {
                *sum += k;
            }
        }
    }
    Some(total)
}

#[test]
fn live_owl() {
    let env = |name: &str| std::env::var(name).ok().and_then(|v| v.parse().ok());
    let n = env("KIBITZ_GO_POSITIONS").unwrap_or(DEFAULT_POSITIONS as u64) as usize;
    let seed = env("KIBITZ_GO_SEED").unwrap_or(1);
    let Some(counts) = run_parallel(&loads(n, seed)) else {
        gnugo::skip_without_gnugo();
        return;
    };
    print!("{}", counts.text());
    if n != DEFAULT_POSITIONS || seed != 1 {
        return;
    }
    gnugo::record_or_check_floors(&counts.text(), "owl_oracle.txt");
}
