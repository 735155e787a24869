//! Runs `kibitz score`: exact output for Stockfish's documented examples
//! and the exit codes of bad input.

mod support;

use support::{kibitz_fails as fails, kibitz_ok as ok};

#[test]
fn show_prints_uci_text_and_band() {
    assert_eq!(
        ok(&["score", "show", "--pawn", "361", "31997", "361", "--", "-31998"]),
        "31997\tmate 2\tmate in 3 plies\n361\tcp 100\theuristic\n-31998\tmate -1\tmated in 2 plies\n"
    );
    assert_eq!(
        ok(&["score", "show", "31600", "12000", "32002"]),
        "31600\tcp 31600\ttable-base win\n12000\tcp 12000\tknown win\n32002\t-\tbeyond mate\n"
    );
    assert_eq!(
        ok(&["score", "show", "--classic", "16382"]),
        "16382\tmate 1\tmate in 1 ply\n"
    );
}

#[test]
fn tt_stores_and_probes() {
    assert_eq!(
        ok(&["score", "tt", "--ply", "2", "31997", "100"]),
        "31999\n100\n"
    );
    assert_eq!(
        ok(&["score", "tt", "--ply", "2", "--probe", "31999", "31900"]),
        "31997\n31753\n"
    );
    assert_eq!(
        ok(&["score", "tt", "--ply", "0", "--probe", "--rule50", "90", "--", "-31990"]),
        "-31753\n"
    );
}

#[test]
fn bad_input_is_a_usage_error() {
    fails(&["score"], "missing command");
    fails(&["score", "show"], "missing score");
    fails(&["score", "show", "x1"], "score 'x1' is not an integer");
    fails(&["score", "show", "--pawn", "0", "5"], "pawn value");
    fails(&["score", "show", "-5"], "unknown option '-5'");
    fails(&["score", "tt", "5"], "missing --ply");
    fails(
        &["score", "tt", "--ply", "300", "5"],
        "--ply must be 0 to 246",
    );
    fails(
        &["score", "tt", "--ply", "1", "--rule50", "3", "5"],
        "--rule50 needs --probe",
    );
    assert!(ok(&["score", "--help"]).contains("kibitz score tt --ply"));
}
