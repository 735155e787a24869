//! GNU Go 3.8's regression suites for dragons and eyes, run on our GTP
//! engine (`kibitz go gtp`) by the shared runner `run_tst.py` (python3)
//! with `tests/data/go/regress/` (the suites and their SGF files, copied
//! from the GNU Go 3.8 regression directory) as CWD:
//! `unconditional.tst` (unconditional_status), `connection.tst`
//! (same_dragon, and connect/disconnect by the connection reader of
//! `src/go/connect/`), `optics.tst` (eval_eye) and `ld_owl.tst`
//! (dragon_status, owl_attack, owl_defend); `owl.tst` is run by
//! `go_owl_tst.rs`.
//!
//! The exact set of passing case numbers per suite is recorded in
//! `tests/data/go/regress/<suite>.dragons.pass`; the test fails when a
//! recorded case fails and when a new case passes (then rerun with
//! `KIBITZ_GO_RECORD=1` to rewrite the file). Pass counts are printed per
//! command type next to GNU Go 3.8's (its cases not marked `*`).
//!
//! Skipped with a message when python3 is missing.

#[path = "support/regress.rs"]
mod regress;
mod support;

use regress::{cases, check, regress_dir};

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
