//! Running gnubg, the oracle of the backgammon tests: finding it, the
//! size and seed of a run, and Python scripts run in its embedded
//! interpreter. Included with `#[path]` by the gnubg oracle tests.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

use kibitz::backgammon::Board;

/// gnubg's executable: `KIBITZ_GNUBG`, else `gnubg` on the PATH or in
/// `/usr/games`; `None` if not installed.
pub fn gnubg() -> Option<PathBuf> {
    if let Ok(p) = std::env::var("KIBITZ_GNUBG") {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/games")])
        .map(|d| d.join("gnubg"))
        .find(|p| p.is_file())
}

/// The number of random cases: `KIBITZ_BG_CASES` or `default`.
pub fn cases(default: usize) -> usize {
    std::env::var("KIBITZ_BG_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The seed: `KIBITZ_BG_SEED` or `default`.
pub fn seed(default: u64) -> u64 {
    std::env::var("KIBITZ_BG_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A board as the Python list gnubg takes.
pub fn py_board(b: &Board) -> String {
    let side = |s: usize| {
        let v: Vec<String> = b.side(s).iter().map(|n| n.to_string()).collect();
        format!("[{}]", v.join(","))
    };
    format!("[{},{}]", side(0), side(1))
}

/// Runs `prelude`, `body` and then `out('END')` as a Python script in
/// gnubg, in a scratch directory of its own (named after `tag`), and
/// returns its standard output. Panics, showing both outputs, if the
/// script did not print `KZ END` (the preludes define `out`, which prints
/// its arguments after `KZ `).
pub fn run_script(exe: &Path, tag: &str, prelude: &str, body: &str) -> String {
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    let run = RUNS.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("kibitz-gnubg-{}-{tag}-{run}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("script.py");
    std::fs::write(&script, format!("{prelude}\n{body}\nout('END')\n")).unwrap();
    let output = Command::new(exe)
        .args(["-t", "-q", "-r", "-p"])
        .arg(&script)
        .env("HOME", &dir)
        .current_dir(&dir)
        .stdin(Stdio::null())
        .output()
        .expect("run gnubg");
    let _ = std::fs::remove_dir_all(&dir);
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        stdout.lines().any(|l| l == "KZ END"),
        "gnubg script failed:\n{}\n{}",
        stdout,
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}
