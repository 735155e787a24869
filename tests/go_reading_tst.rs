//! GNU Go 3.8's tactical reading regression suites (`reading.tst`,
//! `capture.tst`, copied with their SGF files under
//! `tests/data/go/regress/`) run on our GTP engine (`kibitz go gtp`) by the
//! shared runner `run_tst.py` (python3), with that directory as CWD.
//!
//! The exact set of passing case numbers is recorded in
//! `tests/data/go/regress/<suite>.pass`; the test fails when a recorded
//! case fails (a regression) and also when a new case passes (then rerun
//! with `KIBITZ_GO_RECORD=1` to rewrite the file). GNU Go 3.8 itself
//! passes 193 of 234 cases of reading.tst and 13 of 18 of capture.tst
//! (the cases not marked `*`).
//!
//! Skipped with a message when python3 is missing.

mod support;

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::Command;

/// The directory holding the suites, their SGF files and the runner.
fn regress_dir() -> PathBuf {
    support::root().join("tests/data/go/regress")
}

/// Case numbers of a .tst file with their flag (`*` expected to fail in
/// GNU Go 3.8, `&` ignored, empty otherwise).
fn cases(tst: &str) -> Vec<(u32, String)> {
    let mut out = Vec::new();
    let mut last = None;
    for line in tst.lines() {
        let t = line.trim_start();
        let num: String = t.chars().take_while(|c| c.is_ascii_digit()).collect();
        if !num.is_empty() && t[num.len()..].starts_with(char::is_whitespace) {
            last = num.parse().ok();
        } else if let (Some(n), true) = (last, line.starts_with("#?")) {
            let flag = if line.ends_with('&') {
                "&"
            } else if line.ends_with('*') {
                "*"
            } else {
                ""
            };
            out.push((n, flag.to_string()));
            last = None;
        }
    }
    out
}

/// Runs `suite` through run_tst.py and returns the passing case numbers,
/// or `None` when python3 cannot be started.
fn passing(suite: &str) -> Option<BTreeSet<u32>> {
    let dir = regress_dir();
    let out = Command::new("python3")
        .current_dir(&dir)
        .arg("run_tst.py")
        .arg(env!("CARGO_BIN_EXE_kibitz"))
        .args(["go", "gtp", "--", suite])
        .output()
        .ok()?;
    assert!(out.status.success(), "run_tst.py failed: {out:?}");
    let text = String::from_utf8(out.stdout).expect("utf-8 output");
    println!("{text}");
    // The runner lists unexpected FAILs and unexpected passes (xPASS).
    let listed = |kind: &str| -> BTreeSet<u32> {
        text.lines()
            .filter(|l| l.split_whitespace().nth(1) == Some(kind))
            .filter_map(|l| l.split(':').nth(1)?.split_whitespace().next()?.parse().ok())
            .collect()
    };
    let (fail, xpass) = (listed("FAIL"), listed("xPASS"));
    let tst = std::fs::read_to_string(dir.join(suite)).expect("read suite");
    let mut pass = BTreeSet::new();
    for (n, flag) in cases(&tst) {
        let ok = match flag.as_str() {
            "&" => false,
            "*" => xpass.contains(&n),
            _ => !fail.contains(&n),
        };
        if ok {
            pass.insert(n);
        }
    }
    let last = text.lines().last().unwrap_or("");
    assert!(last.starts_with(suite), "no summary line: {last}");
    Some(pass)
}

/// Checks `suite` against its recorded passing set.
fn check(suite: &str, gnugo_passes: usize) {
    let Some(pass) = passing(suite) else {
        println!("skipped: python3 is not available");
        return;
    };
    let file = regress_dir().join(suite.replace(".tst", ".pass"));
    let text: String = pass.iter().map(|n| format!("{n}\n")).collect();
    if std::env::var_os("KIBITZ_GO_RECORD").is_some() {
        std::fs::write(&file, &text).expect("write pass file");
    }
    let recorded: BTreeSet<u32> = std::fs::read_to_string(&file)
        .expect("read pass file")
        .lines()
        .map(|l| l.trim().parse().expect("a case number"))
        .collect();
    println!(
        "{suite}: {} cases pass (GNU Go 3.8: {gnugo_passes})",
        pass.len()
    );
    let lost: Vec<_> = recorded.difference(&pass).collect();
    let gained: Vec<_> = pass.difference(&recorded).collect();
    assert!(
        lost.is_empty(),
        "{suite}: cases that used to pass fail now: {lost:?}"
    );
    assert!(
        gained.is_empty(),
        "{suite}: new passing cases {gained:?}: rerun with KIBITZ_GO_RECORD=1 to record them"
    );
}

#[test]
fn reading_tst() {
    check("reading.tst", 193);
}

#[test]
fn capture_tst() {
    check("capture.tst", 13);
}

#[test]
fn case_parser() {
    let tst = "loadsgf games/a.sgf\n1 attack A1\n#? [0]\n# note\n12 defend B2\n#? [1 B2]*\n";
    assert_eq!(cases(tst), vec![(1, String::new()), (12, "*".to_string())]);
}
