//! Dragons against a running GNU Go 3.8 (`gnugo --mode gtp`): positions
//! are SGF games of `tests/data/go/games` loaded at seeded random move
//! numbers; on each we compare `dragon_stones` (the partition into
//! dragons, as sets), `same_dragon` on seeded pairs of stones and
//! `unconditional_status` on seeded points.
//!
//! Our amalgamation is static (no connection reading, no GNU Go pattern
//! database), so agreement is not complete. For the default run (40
//! positions, seed 1) the exact agreement counts are recorded in
//! `tests/data/go/dragons_oracle.txt` and asserted; rerun with
//! `KIBITZ_GO_RECORD=1` to rewrite them after a deliberate change.
//! Other sizes (`KIBITZ_GO_POSITIONS`, `KIBITZ_GO_SEED`) only print.
//! Skipped with a message when gnugo is not installed.

#[path = "common/random.rs"]
mod random;

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use dds::go::gtp::Engine;
use random::Rng;

/// Positions of the default run.
const DEFAULT_POSITIONS: usize = 40;
/// Stone pairs asked with `same_dragon` per position.
const PAIRS: usize = 12;
/// Points asked with `unconditional_status` per position.
const POINTS: usize = 20;

/// The board size of the engine's position (from `showboard`'s last line).
fn board_size(engine: &mut Engine) -> usize {
    let board = ours(engine, "showboard");
    board
        .lines()
        .last()
        .map_or(19, |l| l.split_whitespace().count())
}

/// A random vertex such as `D4` on a `size` board.
fn random_vertex(rng: &mut Rng, size: usize) -> String {
    const LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRST";
    let col = LETTERS[rng.below(size)] as char;
    format!("{col}{}", 1 + rng.below(size))
}

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/go")
}

/// GNU Go as a child process.
struct GnuGo {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl GnuGo {
    /// Starts `gnugo --mode gtp --quiet`, or `None` if it is not installed.
    fn start() -> Option<GnuGo> {
        let exe = ["/usr/games/gnugo", "/usr/bin/gnugo"]
            .into_iter()
            .find(|p| Path::new(p).exists())?;
        let mut child = Command::new(exe)
            .args(["--mode", "gtp", "--quiet"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let stdin = child.stdin.take()?;
        let stdout = BufReader::new(child.stdout.take()?);
        Some(GnuGo {
            child,
            stdin,
            stdout,
        })
    }

    /// The unframed answer to `command`.
    fn ask(&mut self, command: &str) -> String {
        writeln!(self.stdin, "{command}").expect("write to gnugo");
        self.stdin.flush().expect("flush gnugo");
        let mut text = String::new();
        loop {
            let mut line = String::new();
            let n = self.stdout.read_line(&mut line).expect("read gnugo");
            assert!(n > 0, "gnugo closed its output after '{command}'");
            // An empty dragon_stones answer has no blank line after it.
            if line == "\n" || (text.is_empty() && line.trim_end() == "=") {
                if line != "\n" {
                    text.push_str(&line);
                }
                break;
            }
            text.push_str(&line);
        }
        unframe(&text)
    }
}

impl Drop for GnuGo {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let _ = self.child.wait();
    }
}

/// Our engine's unframed answer.
fn ours(engine: &mut Engine, command: &str) -> String {
    let (answer, _) = engine
        .execute(command, &mut std::io::sink())
        .expect("an answer");
    unframe(&answer)
}

/// Strips `=id ` / `?id ` and trailing newlines.
fn unframe(answer: &str) -> String {
    let body = answer.trim_end_matches('\n');
    let rest = body.get(1..).unwrap_or("");
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
    rest.strip_prefix(' ').unwrap_or(rest).to_string()
}

/// `dragon_stones` as a set of sets.
fn partition(text: &str) -> BTreeSet<BTreeSet<String>> {
    text.lines()
        .map(|l| {
            l.split_whitespace()
                .map(str::to_string)
                .collect::<BTreeSet<_>>()
        })
        .filter(|s| !s.is_empty())
        .collect()
}

/// The SGF files, sorted.
fn games() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(data_dir().join("games"))
        .expect("games directory")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    out.sort();
    out
}

/// The number of moves in the main line (approximately: `;B[` / `;W[`).
fn move_count(path: &Path) -> usize {
    let text = String::from_utf8_lossy(&std::fs::read(path).expect("read sgf")).into_owned();
    text.match_indices(';')
        .filter(|(i, _)| {
            let rest = text[i + 1..].trim_start();
            rest.starts_with("B[") || rest.starts_with("W[")
        })
        .count()
}

/// Agreement counts of one run.
#[derive(Debug, Default, PartialEq)]
struct Counts {
    positions: usize,
    partitions_equal: usize,
    dragons_theirs: usize,
    dragons_equal: usize,
    pairs: usize,
    pairs_equal: usize,
    unconditional: usize,
    unconditional_equal: usize,
}

impl Counts {
    fn text(&self) -> String {
        format!(
            "positions {}\npartitions_equal {}\ndragons_gnugo {}\ndragons_equal {}\nsame_dragon_pairs {}\nsame_dragon_equal {}\nunconditional_points {}\nunconditional_equal {}\n",
            self.positions,
            self.partitions_equal,
            self.dragons_theirs,
            self.dragons_equal,
            self.pairs,
            self.pairs_equal,
            self.unconditional,
            self.unconditional_equal
        )
    }
}

/// Runs `n` positions from `seed`.
fn run(gnugo: &mut GnuGo, n: usize, seed: u64) -> Counts {
    let files = games();
    let moves: Vec<usize> = files.iter().map(|f| move_count(f)).collect();
    let mut rng = Rng::new(seed);
    let mut engine = Engine::new();
    let mut c = Counts::default();
    while c.positions < n {
        let i = rng.below(files.len());
        if moves[i] < 2 {
            continue;
        }
        let load = format!("loadsgf {} {}", files[i].display(), 1 + rng.below(moves[i]));
        assert_eq!(ours(&mut engine, &load), gnugo.ask(&load), "{load}");
        let theirs = partition(&gnugo.ask("dragon_stones"));
        let mine = partition(&ours(&mut engine, "dragon_stones"));
        c.positions += 1;
        c.partitions_equal += usize::from(theirs == mine);
        c.dragons_theirs += theirs.len();
        c.dragons_equal += theirs.intersection(&mine).count();
        for _ in 0..POINTS {
            let vertex = random_vertex(&mut rng, board_size(&mut engine));
            let cmd = format!("unconditional_status {vertex}");
            c.unconditional += 1;
            c.unconditional_equal += usize::from(gnugo.ask(&cmd) == ours(&mut engine, &cmd));
        }
        let stones: Vec<&String> = theirs.iter().flatten().collect();
        if stones.len() < 2 {
            continue;
        }
        for _ in 0..PAIRS {
            let (a, b) = (
                stones[rng.below(stones.len())],
                stones[rng.below(stones.len())],
            );
            let cmd = format!("same_dragon {a} {b}");
            c.pairs += 1;
            c.pairs_equal += usize::from(gnugo.ask(&cmd) == ours(&mut engine, &cmd));
        }
    }
    c
}

#[test]
fn live_dragons() {
    let Some(mut gnugo) = GnuGo::start() else {
        println!("skipped: gnugo is not installed (apt-get install gnugo)");
        return;
    };
    let env = |name: &str| std::env::var(name).ok().and_then(|v| v.parse().ok());
    let n = env("KIBITZ_GO_POSITIONS").unwrap_or(DEFAULT_POSITIONS as u64) as usize;
    let seed = env("KIBITZ_GO_SEED").unwrap_or(1);
    let counts = run(&mut gnugo, n, seed);
    print!("{}", counts.text());
    if n != DEFAULT_POSITIONS || seed != 1 {
        return;
    }
    let file = data_dir().join("dragons_oracle.txt");
    if std::env::var("KIBITZ_GO_RECORD").as_deref() == Ok("1") {
        std::fs::write(&file, counts.text()).expect("write record");
    }
    let recorded = std::fs::read_to_string(&file).expect("recorded counts");
    assert_eq!(counts.text(), recorded);
}
