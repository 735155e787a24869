//! GNU Go 3.8 as a GTP child process, and the SGF positions the Go oracle
//! tests draw from. Included with `#[path]` by those tests (they also
//! include `support/random.rs` as `random`).
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use kibitz::go::gtp::Engine;

use super::random::Rng;

/// `tests/data/go`.
pub fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/go")
}

/// GNU Go as a child process.
pub struct GnuGo {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl GnuGo {
    /// Starts `gnugo --mode gtp --quiet`, or `None` if it is not installed.
    pub fn start() -> Option<GnuGo> {
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

    /// The answer to `command` without framing (`Err` for `?` answers).
    pub fn ask(&mut self, command: &str) -> Result<String, String> {
        unframe(&self.read_answer(command, false))
    }

    /// As [`GnuGo::ask`], for commands whose empty answer gnugo prints as
    /// a bare `=` line with no blank line after it (`dragon_stones`).
    pub fn ask_bare_empty(&mut self, command: &str) -> Result<String, String> {
        unframe(&self.read_answer(command, true))
    }

    /// Sends `command` and reads its answer up to the blank line that
    /// ends it (or, if `bare_empty`, up to a first line that is just `=`).
    fn read_answer(&mut self, command: &str, bare_empty: bool) -> String {
        writeln!(self.stdin, "{command}").expect("write to gnugo");
        self.stdin.flush().expect("flush gnugo");
        let mut text = String::new();
        loop {
            let mut line = String::new();
            let n = self.stdout.read_line(&mut line).expect("read gnugo");
            assert!(n > 0, "gnugo closed its output after '{command}'");
            if line == "\n" {
                break;
            }
            let bare = bare_empty && text.is_empty() && line.trim_end() == "=";
            text.push_str(&line);
            if bare {
                break;
            }
        }
        text
    }
}

impl Drop for GnuGo {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let _ = self.child.wait();
    }
}

/// Our engine's answer to `command` without framing.
pub fn ours(engine: &mut Engine, command: &str) -> Result<String, String> {
    let (answer, _) = engine
        .execute(command, &mut std::io::sink())
        .expect("an answer");
    unframe(&answer)
}

/// Strips `=id ` / `?id ` and trailing newlines; `Err` for `?` answers.
pub fn unframe(answer: &str) -> Result<String, String> {
    let body = answer.trim_end_matches('\n');
    let ok = body.starts_with('=');
    let rest = body.get(1..).unwrap_or("");
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
    let rest = rest.strip_prefix(' ').unwrap_or(rest).to_string();
    if ok {
        Ok(rest)
    } else {
        Err(rest)
    }
}

/// The SGF files to draw positions from, sorted: those under
/// `KIBITZ_GO_GAMES` if set, else under `tests/data/go/games`.
pub fn games() -> Vec<PathBuf> {
    let dir = std::env::var_os("KIBITZ_GO_GAMES")
        .map(PathBuf::from)
        .unwrap_or_else(|| data_dir().join("games"));
    let mut out = Vec::new();
    collect(&dir, &mut out);
    out.sort();
    assert!(!out.is_empty(), "no SGF files under {}", dir.display());
    out
}

/// Appends the SGF files under `dir` (recursively) to `out`.
pub fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("SGF directory").flatten() {
        let p = entry.path();
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|e| e == "sgf") {
            out.push(p);
        }
    }
}

/// The number of moves in the main line (approximately: `;B[` / `;W[`).
pub fn move_count(path: &Path) -> usize {
    let text = String::from_utf8_lossy(&std::fs::read(path).expect("read sgf")).into_owned();
    text.match_indices(';')
        .filter(|(i, _)| {
            let rest = text[i + 1..].trim_start();
            rest.starts_with("B[") || rest.starts_with("W[")
        })
        .count()
}

/// `n` seeded (file, move number) positions from [`games`].
pub fn positions(n: usize, seed: u64) -> Vec<(PathBuf, usize)> {
    let files = games();
    let counts: Vec<usize> = files.iter().map(|f| move_count(f)).collect();
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < n {
        let i = rng.below(files.len());
        if counts[i] >= 2 {
            out.push((files[i].clone(), 1 + rng.below(counts[i])));
        }
    }
    out
}

/// For a test whose oracle gnugo is not installed: fails under CI (which
/// needs every oracle), else says the test is skipped.
pub fn skip_without_gnugo() {
    assert!(
        std::env::var_os("CI").is_none(),
        "an oracle is missing; CI needs every one"
    );
    println!("skipped: gnugo is not installed (apt-get install gnugo)");
}

/// Writes `counts` to `tests/data/go/<name>` when `KIBITZ_GO_RECORD=1`,
/// then checks them against that file by [`check_floors`].
pub fn record_or_check_floors(counts: &str, name: &str) {
    let file = data_dir().join(name);
    if std::env::var("KIBITZ_GO_RECORD").as_deref() == Ok("1") {
        std::fs::write(&file, counts).expect("write record");
    }
    check_floors(counts, &file);
}

/// Compares agreement counts (`name value` lines) with the recorded ones
/// in `file` as floors: a count of agreements or successes (a name with
/// `equal`, `same`, `work` or `does`) may grow, and a gain is reported;
/// the sizes of the sample must stay equal. Panics on a loss.
pub fn check_floors(counts: &str, file: &Path) {
    let parse = |text: &str| -> Vec<(String, i64)> {
        text.lines()
            .filter_map(|l| {
                let (k, v) = l.split_once(' ')?;
                Some((k.to_string(), v.trim().parse().ok()?))
            })
            .collect()
    };
    let recorded = parse(&std::fs::read_to_string(file).expect("recorded counts"));
    let now: std::collections::BTreeMap<String, i64> = parse(counts).into_iter().collect();
    let is_floor = |k: &str| {
        ["equal", "same", "work", "does"]
            .iter()
            .any(|w| k.contains(w))
    };
    for (k, want) in recorded {
        let got = *now
            .get(&k)
            .unwrap_or_else(|| panic!("{k} is no longer counted"));
        if is_floor(&k) {
            assert!(
                got >= want,
                "{k}: {got}, down from {want} ({})",
                file.display()
            );
            if got > want {
                println!("gain: {k} {want} -> {got} (record it with KIBITZ_GO_RECORD=1)");
            }
        } else if !k.starts_with("our_") {
            assert_eq!(got, want, "{k}: the sample changed ({})", file.display());
        }
    }
}
