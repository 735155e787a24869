//! GNU Go 3.8's regression suites for dragons and eyes, run on our GTP
//! engine (`kibitz go gtp`) by the shared runner `run_tst.py` (python3)
//! with `tests/data/go/regress/` (the suites and their SGF files, copied
//! from the GNU Go 3.8 regression directory) as CWD:
//! `unconditional.tst` (unconditional_status), `connection.tst`
//! (same_dragon, and connect/disconnect by the connection reader of
//! `src/go/connect.rs`), `optics.tst` (eval_eye) and `ld_owl.tst` (only
//! its dragon_status cases: owl_attack/owl_defend need owl reading).
//!
//! The exact set of passing case numbers per suite is recorded in
//! `tests/data/go/regress/<suite>.dragons.pass`; the test fails when a
//! recorded case fails and when a new case passes (then rerun with
//! `KIBITZ_GO_RECORD=1` to rewrite the file). Pass counts are printed per
//! command type next to GNU Go 3.8's (its cases not marked `*`).
//!
//! Skipped with a message when python3 is missing.

mod support;

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::process::Command;

/// The directory holding the suites, their SGF files and the runner.
fn regress_dir() -> PathBuf {
    support::root().join("tests/data/go/regress")
}

/// One scored case of a .tst file.
#[derive(Debug, PartialEq)]
struct Case {
    number: u32,
    command: String,
    /// `*` expected to fail in GNU Go 3.8, `&` ignored, empty otherwise.
    flag: String,
}

/// The scored cases of a .tst file.
fn cases(tst: &str) -> Vec<Case> {
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

/// Checks `suite` against its recorded passing set and prints the pass
/// counts per command type, ours and GNU Go's.
fn check(suite: &str) {
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
    let file = regress_dir().join(suite.replace(".tst", ".dragons.pass"));
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
    assert!(
        gained.is_empty(),
        "{suite}: new passing cases {gained:?}: rerun with KIBITZ_GO_RECORD=1 to record them"
    );
}

/// GNU Go 3.8 passes all 673.
#[test]
fn unconditional_tst() {
    check("unconditional.tst");
    let pass = std::fs::read_to_string(regress_dir().join("unconditional.dragons.pass"))
        .expect("read pass file");
    assert_eq!(pass.lines().count(), 673);
}

#[test]
fn connection_tst() {
    check("connection.tst");
}

#[test]
fn optics_tst() {
    check("optics.tst");
}

#[test]
fn ld_owl_tst() {
    check("ld_owl.tst");
}

#[test]
fn case_parser() {
    let tst = "loadsgf games/a.sgf\n1 same_dragon A1 B2\n#? [0]\n# note\n12 eval_eye B2\n#? [1 1]*\n13 x\n#? [undecided\n";
    let want = [(1, "same_dragon", ""), (12, "eval_eye", "*"), (13, "x", "")];
    let parsed = cases(tst);
    let got: Vec<(u32, &str, &str)> = parsed
        .iter()
        .map(|c| (c.number, c.command.as_str(), c.flag.as_str()))
        .collect();
    assert_eq!(got, want);
}
