//! Worm data against GNU Go 3.8 (`gnugo --mode gtp`).
//!
//! Positions are SGF games of GNU Go's regression suite loaded at random
//! move numbers (`loadsgf file N`, seeded). For every stone, `worm_data`
//! is compared field by field, and the strings of `worm_stones` as sets.
//!
//! - `golden_worm_data`: our engine against `tests/data/go/gnugo_worms.txt`,
//!   recorded from gnugo (always runs).
//! - `live_worm_data`: our engine against a running gnugo on more positions
//!   (skipped with a message when gnugo is not installed).
//!
//! Fields that must agree on every stone: origin, color, size,
//! effective_size, liberties, liberties2..4, cutstone, genus. The tactical
//! fields (attack/defense codes and points), lunch and inessential depend on
//! GNU Go's full tactical reading, which our tactical reader does not match
//! on every string; their agreement is printed, not asserted.
//!
//! Knobs: `KIBITZ_GO_POSITIONS` (live positions, default 100),
//! `KIBITZ_GO_SEED` (default 1), `KIBITZ_GO_GAMES` (a directory of SGF files
//! to draw from instead of `tests/data/go/games`, searched recursively),
//! `KIBITZ_GO_RECORD=1` (rewrite the golden file from gnugo).

#[path = "support/gnugo.rs"]
mod gnugo;
#[path = "support/random.rs"]
mod random;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use gnugo::{data_dir, positions, GnuGo};
use kibitz::go::gtp::Engine;

/// Fields that must agree on every stone.
const EXACT: &[&str] = &[
    "origin",
    "color",
    "size",
    "effective_size",
    "liberties",
    "liberties2",
    "liberties3",
    "liberties4",
    "cutstone",
    "genus",
];

/// Fields compared and reported only.
const REPORTED: &[&str] = &[
    "attack_code",
    "attack_point",
    "defense_code",
    "defense_point",
    "lunch",
    "inessential",
];

/// Positions in the golden file.
const GOLDEN_POSITIONS: usize = 16;

/// A GTP engine we can ask questions.
trait Gtp {
    /// The answer to `command` without framing (`Err` for `?` answers).
    fn ask(&mut self, command: &str) -> Result<String, String>;
}

/// Our engine, in process.
struct Ours(Engine);

impl Gtp for Ours {
    fn ask(&mut self, command: &str) -> Result<String, String> {
        gnugo::ours(&mut self.0, command)
    }
}

impl Gtp for GnuGo {
    fn ask(&mut self, command: &str) -> Result<String, String> {
        GnuGo::ask(self, command)
    }
}

/// `worm_data` fields by name.
fn fields(block: &str) -> BTreeMap<String, String> {
    block
        .lines()
        .skip(1)
        .filter_map(|l| {
            let (k, v) = l.split_once(' ')?;
            Some((k.to_string(), v.trim().to_string()))
        })
        .collect()
}

/// `worm_stones` as a set of sets.
fn string_sets(text: &str) -> BTreeSet<BTreeSet<String>> {
    text.lines()
        .map(|l| {
            l.split_whitespace()
                .map(str::to_string)
                .collect::<BTreeSet<_>>()
        })
        .filter(|s| !s.is_empty())
        .collect()
}

/// Agreement counts per field.
#[derive(Default)]
struct Tally {
    agree: BTreeMap<&'static str, usize>,
    total: BTreeMap<&'static str, usize>,
    examples: Vec<String>,
}

impl Tally {
    fn add(&mut self, field: &'static str, same: bool, example: impl FnOnce() -> String) {
        *self.total.entry(field).or_default() += 1;
        if same {
            *self.agree.entry(field).or_default() += 1;
        } else if (EXACT.contains(&field) || field == "strings") && self.examples.len() < 20 {
            self.examples.push(example());
        }
    }

    fn report(&self, what: &str, positions: usize) {
        println!("{what}: {positions} positions");
        for (field, total) in &self.total {
            let agree = self.agree.get(field).copied().unwrap_or(0);
            println!(
                "  {field:<15} {agree:>7}/{total:<7} {:>7.2}%",
                100.0 * agree as f64 / *total as f64
            );
        }
    }

    fn assert_exact(&self) {
        for field in EXACT.iter().chain(["strings"].iter()) {
            let total = self.total.get(field).copied().unwrap_or(0);
            let agree = self.agree.get(field).copied().unwrap_or(0);
            assert!(total > 0, "no comparisons of {field}");
            assert_eq!(
                agree,
                total,
                "{field} differs; first differences:\n{}",
                self.examples.join("\n")
            );
        }
    }
}

/// Compares our answers with `reference` on one position.
fn compare(ours: &mut Ours, reference: &mut dyn Gtp, file: &Path, n: usize, tally: &mut Tally) {
    let load = format!("loadsgf {} {n}", file.display());
    let want = reference.ask(&load);
    assert_eq!(ours.ask(&load), want, "{load}");
    let theirs = reference.ask("worm_stones").expect("worm_stones");
    let mine = ours.ask("worm_stones").expect("worm_stones");
    tally.add(
        "strings",
        string_sets(&theirs) == string_sets(&mine),
        || format!("{load}: worm_stones\n{theirs}\nvs\n{mine}"),
    );
    for stone in string_sets(&theirs).iter().flatten() {
        let cmd = format!("worm_data {stone}");
        let a = fields(&reference.ask(&cmd).expect("worm_data"));
        let b = fields(&ours.ask(&cmd).expect("worm_data"));
        for field in EXACT.iter().chain(REPORTED) {
            tally.add(field, a.get(*field) == b.get(*field), || {
                format!(
                    "{load}; {cmd}: {field} {:?} vs ours {:?}",
                    a.get(*field),
                    b.get(*field)
                )
            });
        }
    }
}

/// The golden file replayed as a GTP engine: answers recorded from gnugo.
struct Recorded(BTreeMap<String, Result<String, String>>);

impl Gtp for Recorded {
    fn ask(&mut self, command: &str) -> Result<String, String> {
        match self.0.get(command) {
            Some(answer) => answer.clone(),
            // worm_data of a stone: the recorded data of its string.
            None => Err(format!("not recorded: {command}")),
        }
    }
}

/// Golden file format: blocks separated by a line `--`; each block is a
/// command line (`> command`, the SGF path relative to `tests/data/go`)
/// followed by gnugo's unframed answer lines (`=` or `?` first line), for
/// `worm_data` only the compared fields. `worm_data` is recorded for the
/// first stone of each string (GNU Go gives every stone its string's data).
fn read_golden() -> Vec<(String, Result<String, String>)> {
    let text = std::fs::read_to_string(data_dir().join("gnugo_worms.txt")).expect("golden file");
    text.split("\n--\n")
        .filter(|b| !b.trim().is_empty())
        .map(|block| {
            let (cmd, answer) = block.split_once('\n').unwrap_or((block, ""));
            let cmd = cmd.strip_prefix("> ").expect("command line").to_string();
            let ok = answer.starts_with('=');
            let body = answer
                .get(1..)
                .unwrap_or("")
                .trim_end_matches('\n')
                .to_string();
            (cmd, if ok { Ok(body) } else { Err(body) })
        })
        .collect()
}

#[test]
fn golden_worm_data() {
    if std::env::var("KIBITZ_GO_RECORD").as_deref() == Ok("1") {
        record_golden();
    }
    let golden = read_golden();
    assert!(golden.len() > GOLDEN_POSITIONS * 3, "golden file too small");
    let dir = data_dir();
    let mut ours = Ours(Engine::new());
    let mut tally = Tally::default();
    let mut positions = 0;
    // Group by position: each `loadsgf` starts one.
    let mut i = 0;
    while i < golden.len() {
        let (cmd, _) = &golden[i];
        let rel = cmd
            .strip_prefix("loadsgf ")
            .expect("block starts with loadsgf");
        let (file, n) = rel.rsplit_once(' ').expect("move number");
        let n: usize = n.parse().expect("move number");
        let mut j = i + 1;
        while j < golden.len() && !golden[j].0.starts_with("loadsgf ") {
            j += 1;
        }
        let path = dir.join(file);
        let mut answers: BTreeMap<String, Result<String, String>> = golden[i..j]
            .iter()
            .map(|(c, a)| (c.clone(), a.clone()))
            .collect();
        let load = answers.remove(cmd).expect("load answer");
        answers.insert(format!("loadsgf {} {n}", path.display()), load);
        // Every stone of a recorded string has the string's data.
        let strings = answers
            .get("worm_stones")
            .cloned()
            .expect("worm_stones recorded")
            .expect("worm_stones succeeded");
        for set in string_sets(&strings) {
            let first = set.iter().next().expect("stone").clone();
            let data = answers
                .get(&format!("worm_data {first}"))
                .cloned()
                .expect("worm data of the first stone");
            for stone in set.iter() {
                let data = data.clone().map(|d| d.replacen(&first, stone, 1));
                answers.entry(format!("worm_data {stone}")).or_insert(data);
            }
        }
        compare(&mut ours, &mut Recorded(answers), &path, n, &mut tally);
        positions += 1;
        i = j;
    }
    tally.report("golden (gnugo 3.8 recorded)", positions);
    assert_eq!(positions, GOLDEN_POSITIONS);
    tally.assert_exact();
}

/// Rewrites the golden file from a running gnugo.
fn record_golden() {
    let mut gnugo = GnuGo::start().expect("gnugo installed to record");
    let dir = data_dir();
    let mut text = String::new();
    for (file, n) in positions(GOLDEN_POSITIONS, 20261122) {
        let rel = file.strip_prefix(&dir).expect("games under tests/data/go");
        let mut block = |cmd: String, ask: &str, gnugo: &mut GnuGo| {
            // Only the compared worm_data fields are kept.
            let answer = gnugo.ask(ask).map(|body| {
                let keep = |l: &&str| {
                    let name = l.split(' ').next().unwrap_or("");
                    !ask.starts_with("worm_data")
                        || l.ends_with(':')
                        || EXACT.contains(&name)
                        || REPORTED.contains(&name)
                };
                body.lines().filter(keep).collect::<Vec<_>>().join("\n")
            });
            let (mark, body) = match &answer {
                Ok(b) => ('=', b.clone()),
                Err(b) => ('?', b.clone()),
            };
            text.push_str(&format!("> {cmd}\n{mark}{body}\n--\n"));
            answer
        };
        block(
            format!("loadsgf {} {n}", rel.display()),
            &format!("loadsgf {} {n}", file.display()),
            &mut gnugo,
        )
        .expect("gnugo loads the game");
        let strings = block("worm_stones".into(), "worm_stones", &mut gnugo).expect("worm_stones");
        for set in string_sets(&strings) {
            let first = set.iter().next().expect("stone").clone();
            let cmd = format!("worm_data {first}");
            block(cmd.clone(), &cmd, &mut gnugo).expect("worm_data");
        }
    }
    std::fs::write(dir.join("gnugo_worms.txt"), text).expect("write golden file");
}

#[test]
fn live_worm_data() {
    let Some(mut gnugo) = GnuGo::start() else {
        gnugo::skip_without_gnugo();
        return;
    };
    let n: usize = std::env::var("KIBITZ_GO_POSITIONS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100);
    let seed: u64 = std::env::var("KIBITZ_GO_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let mut ours = Ours(Engine::new());
    let mut tally = Tally::default();
    let list = positions(n, seed);
    for (file, m) in &list {
        compare(&mut ours, &mut gnugo, file, *m, &mut tally);
    }
    tally.report(&format!("live against gnugo (seed {seed})"), list.len());
    tally.assert_exact();
}
