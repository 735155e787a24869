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
//! (the cases not marked `*`). The runner and the comparison are shared
//! with the dragon and owl suites (`support/regress.rs`).
//!
//! Skipped with a message when python3 is missing.

#[path = "support/regress.rs"]
mod regress;
mod support;

#[test]
fn reading_tst() {
    regress::check_recorded("reading.tst", ".pass");
}

#[test]
fn capture_tst() {
    regress::check_recorded("capture.tst", ".pass");
}
