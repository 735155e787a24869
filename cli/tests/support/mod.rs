//! The command line's test support: the repository root (the test data
//! lives in `tests/data/` there) and runs of the `kibitz` binary. Beside
//! it, `regress.rs` runs the GNU Go regression suites through `kibitz go
//! gtp`.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository root (the parent of this package).
pub fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

/// A scratch directory `target/<profile>/cli_tests/<name>`.
pub fn work_dir(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    let profile = exe.parent().and_then(Path::parent).expect("profile dir");
    let dir = profile.join("cli_tests").join(name);
    std::fs::create_dir_all(&dir).expect("create the work dir");
    dir
}

/// Runs `kibitz` with `args`.
pub fn kibitz(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kibitz"))
        .args(args)
        .output()
        .expect("cannot run kibitz")
}

/// Runs `kibitz` with `args`, asserts success and an empty stderr, and
/// returns stdout.
pub fn kibitz_ok(args: &[&str]) -> String {
    let out = kibitz(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "kibitz {args:?}: {stderr}");
    assert!(
        out.stderr.is_empty(),
        "kibitz {args:?} wrote to stderr: {stderr}"
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// Runs `kibitz` with `args` and asserts exit code 2, empty stdout, and an
/// error line containing `needle` (never a panic).
pub fn kibitz_fails(args: &[&str], needle: &str) {
    let out = kibitz(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "kibitz {args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "kibitz {args:?} wrote to stdout");
    assert!(
        stderr.starts_with("kibitz: error: "),
        "kibitz {args:?}: {stderr}"
    );
    assert!(
        stderr.contains(needle),
        "kibitz {args:?}: {stderr:?} lacks {needle:?}"
    );
    assert!(
        !stderr.contains("panicked"),
        "kibitz {args:?} panicked: {stderr}"
    );
}
