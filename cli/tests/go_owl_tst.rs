//! GNU Go 3.8's owl regression suite `owl.tst` (owl_attack, owl_defend,
//! owl_does_attack; copied with its SGF files under
//! `tests/data/go/regress/`), run on our GTP engine by the shared runner
//! as `go_dragons_tst.rs` runs the dragon suites (see
//! `support/regress.rs`): the passing cases are recorded in
//! `owl.dragons.pass`; rerun with `KIBITZ_GO_RECORD=1` to rewrite it.
//!
//! Skipped with a message when python3 is missing.

#[path = "support/regress.rs"]
mod regress;
mod support;

#[test]
fn owl_tst() {
    regress::check("owl.tst");
}
