//! The shared part of the GNU Go regression-suite tests (`go_reading_tst.rs`,
//! `go_dragons_tst.rs`, `go_owl_tst.rs`): runs a suite through
//! `run_tst.py` (python3) on our GTP engine (`kibitz go gtp`) with
//! `tests/data/go/regress/` as CWD, compares the passing case numbers with
//! the recorded ones as a floor (`<suite>.dragons.pass`, or `<suite>.pass`
//! for the reading suites; rewritten with `KIBITZ_GO_RECORD=1`): a case
//! lost fails, a case gained is reported. It prints pass
//! counts per command type next to GNU Go 3.8's.
#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::process::Command;

use crate::support;

/// The directory holding the suites, their SGF files and the runner.
pub fn regress_dir() -> PathBuf {
    support::root().join("tests/data/go/regress")
}

/// One scored case of a .tst file.
#[derive(Debug, PartialEq)]
pub struct Case {
    pub number: u32,
    pub command: String,
    /// `*` expected to fail in GNU Go 3.8, `&` ignored, empty otherwise.
    pub flag: String,
}

/// The scored cases of a .tst file.
pub fn cases(tst: &str) -> Vec<Case> {
    let mut out = Vec::new();
    let mut last: Option<(u32, String)> = None;
    for line in tst.lines() {
        let t = line.trim_start();
        let num: String = t.chars().take_while(|c| c.is_ascii_digit()).collect();
        if !num.is_empty() && t[num.len()..].starts_with(char::is_whitespace) {
            let command = t[num.len()..].split_whitespace().next().unwrap_or("");
            last = num.parse().ok().map(|n| (n, command.to_string()));
        } else if line.starts_with("#?") {
            if let Some((number, command)) = last.take() {
                let flag = if line.ends_with('&') {
                    "&"
                } else if line.ends_with('*') {
                    "*"
                } else {
                    ""
                };
                out.push(Case {
                    number,
                    command,
                    flag: flag.to_string(),
                });
            }
        }
    }
    out
}

/// Runs `suite` through run_tst.py: the passing case numbers, or `None`
/// when python3 cannot be started.
fn passing(suite: &str, cases: &[Case]) -> Option<BTreeSet<u32>> {
    let out = Command::new("python3")
        .current_dir(regress_dir())
        .arg("run_tst.py")
        .arg(env!("CARGO_BIN_EXE_kibitz"))
        .args(["go", "gtp", "--", suite])
        .output()
        .ok()?;
    assert!(out.status.success(), "run_tst.py failed: {out:?}");
    let text = String::from_utf8(out.stdout).expect("utf-8 output");
    let last = text.lines().last().unwrap_or("");
    assert!(last.starts_with(suite), "no summary line: {last}");
    println!("{last}");
    // The runner lists unexpected FAILs and unexpected passes (xPASS).
    let listed = |kind: &str| -> BTreeSet<u32> {
        text.lines()
            .filter(|l| l.split_whitespace().nth(1) == Some(kind))
            .filter_map(|l| l.split(':').nth(1)?.split_whitespace().next()?.parse().ok())
            .collect()
    };
    let (fail, xpass) = (listed("FAIL"), listed("xPASS"));
    let pass = cases
        .iter()
        .filter(|c| match c.flag.as_str() {
            "&" => false,
            "*" => xpass.contains(&c.number),
            _ => !fail.contains(&c.number),
        })
        .map(|c| c.number)
        .collect();
    Some(pass)
}

/// Checks `suite` against its recorded passing set `<suite>.dragons.pass`
/// and prints the pass counts per command type, ours and GNU Go's.
pub fn check(suite: &str) {
    check_recorded(suite, ".dragons.pass");
}

/// As [`check`], with the passing set in `<suite><pass_suffix>` (the
/// suite name without `.tst`).
pub fn check_recorded(suite: &str, pass_suffix: &str) {
    let tst = std::fs::read_to_string(regress_dir().join(suite)).expect("read suite");
    let cases = cases(&tst);
    let Some(pass) = passing(suite, &cases) else {
        println!("skipped: python3 is not available");
        return;
    };
    let mut counts: BTreeMap<&str, [usize; 3]> = BTreeMap::new();
    for c in &cases {
        let e = counts.entry(c.command.as_str()).or_default();
        e[0] += usize::from(pass.contains(&c.number));
        e[1] += usize::from(c.flag.is_empty());
        e[2] += 1;
    }
    for (command, [ours, gnugo, total]) in &counts {
        println!("{suite} {command}: ours {ours}, GNU Go 3.8 {gnugo}, of {total}");
    }
    let file = regress_dir().join(suite.replace(".tst", pass_suffix));
    let text: String = pass.iter().map(|n| format!("{n}\n")).collect();
    if std::env::var_os("KIBITZ_GO_RECORD").is_some() {
        std::fs::write(&file, &text).expect("write pass file");
    }
    let recorded: BTreeSet<u32> = std::fs::read_to_string(&file)
        .expect("read pass file")
        .lines()
        .map(|l| l.trim().parse().expect("a case number"))
        .collect();
    let lost: Vec<_> = recorded.difference(&pass).collect();
    let gained: Vec<_> = pass.difference(&recorded).collect();
    assert!(
        lost.is_empty(),
        "{suite}: cases that used to pass fail now: {lost:?}"
    );
    if !gained.is_empty() {
        println!("{suite}: new passing cases {gained:?} (record them with KIBITZ_GO_RECORD=1)");
    }
}
