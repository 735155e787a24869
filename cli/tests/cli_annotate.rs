//! Runs `kibitz bridge annotate` on the PBN files of `tests/data/pbn/`
//! (several boards, comments, stale tags, UTF-8 and Latin-1 text, CRLF, bad
//! boards). The expected files hold DDS 2.9's tables and DealerPar results
//! from `list100.txt` in PBN's tag forms (written by
//! `tests/data/pbn/make.py`); output must match them byte for byte.

mod support;

use std::io::Write;
use std::process::{Command, Output, Stdio};

use support::kibitz;

/// A test file's bytes.
fn data(name: &str) -> Vec<u8> {
    std::fs::read(support::root().join("tests/data/pbn").join(name)).expect("test file")
}

/// The path of a test file, relative to the crate root (as errors show it).
fn path(name: &str) -> String {
    format!("tests/data/pbn/{name}")
}

/// Runs kibitz from the crate root with `input` on stdin.
fn run(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kibitz"))
        .args(args)
        .current_dir(support::root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run kibitz");
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

/// Asserts exit code 0, empty stderr, and stdout equal to `expected`.
fn assert_output(out: &Output, expected: &[u8], what: &str) {
    assert_eq!(
        out.status.code(),
        Some(0),
        "{what}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "{what}: stderr {:?}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stdout == expected,
        "{what}: output differs:\n{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn annotates_every_board_and_keeps_every_other_byte() {
    for name in ["club", "crlf"] {
        let file = path(&format!("{name}.pbn"));
        let expected = data(&format!("{name}.expected.pbn"));
        for threads in ["1", "2"] {
            let out = run(&["bridge", "annotate", &file, "--threads", threads], b"");
            assert_output(&out, &expected, &format!("{name} --threads {threads}"));
        }
    }
}

#[test]
fn stdin_and_output_file() {
    let out = run(&["bridge", "annotate", "-"], &data("crlf.pbn"));
    assert_output(&out, &data("crlf.expected.pbn"), "stdin");

    let dir = support::work_dir("annotate");
    let target = dir.join(format!("club-{}.pbn", std::process::id()));
    let t = target.to_str().unwrap();
    let out = run(&["bridge", "annotate", &path("club.pbn"), "-o", t], b"");
    assert_output(&out, b"", "-o");
    assert!(std::fs::read(&target).unwrap() == data("club.expected.pbn"));
    // Annotating an annotated file changes nothing.
    let out = run(&["bridge", "annotate", t], b"");
    assert_output(&out, &data("club.expected.pbn"), "again");
    let _ = std::fs::remove_file(&target);
}

/// The byte ranges of `text`'s prologue and games: a game starts at a `[`
/// that follows an empty line.
fn split_games(text: &[u8]) -> Vec<&[u8]> {
    let mut starts = vec![0];
    for i in 2..text.len() {
        if text[i] == b'[' && text[i - 1] == b'\n' && text[i - 2] == b'\n' {
            starts.push(i);
        }
    }
    starts.push(text.len());
    starts.windows(2).map(|w| &text[w[0]..w[1]]).collect()
}

#[test]
fn shards_split_the_games() {
    let expected = data("club.expected.pbn");
    let parts = split_games(&expected);
    assert_eq!(parts.len(), 6, "prologue and 5 games");
    let want = [
        [parts[0], parts[1], parts[3], parts[5]].concat(),
        [parts[2], parts[4]].concat(),
    ];
    for (i, want) in want.iter().enumerate() {
        let shard = format!("{}/2", i + 1);
        let out = run(
            &["bridge", "annotate", &path("club.pbn"), "--shard", &shard],
            b"",
        );
        assert_output(&out, want, &shard);
    }
    let out = run(
        &["bridge", "annotate", &path("club.pbn"), "--shard", "3/2"],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "kibitz: error: bad --shard '3/2': expected 1 <= i <= n\nRun 'kibitz bridge annotate --help' for usage.\n"
    );
}

#[test]
fn bad_boards_are_reported_and_skipped() {
    let file = path("bad.pbn");
    let errors = "\
kibitz: error: tests/data/pbn/bad.pbn: board 2 (line 9): bad deal: card SA appears twice in PBN deal
kibitz: error: tests/data/pbn/bad.pbn: board 3 (line 14): bad deal: hands must hold 13 cards
";
    let out = run(&["bridge", "annotate", &file], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout == data("bad.expected.pbn"));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!("{errors}kibitz: error: tests/data/pbn/bad.pbn: 2 of 4 boards failed\n")
    );

    let out = run(&["bridge", "annotate", &file, "--strict"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        errors.lines().next().unwrap().to_string() + "\n"
    );
}

#[test]
fn file_errors() {
    let out = kibitz(&["bridge", "annotate", "/nonexistent/x.pbn"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "kibitz: error: cannot read '/nonexistent/x.pbn': No such file or directory (os error 2)\n"
    );
    let out = kibitz(&["bridge", "annotate"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("kibitz: error: missing <INPUT>"));
}
