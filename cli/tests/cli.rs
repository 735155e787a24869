//! Runs the `kibitz` binary: exact output on DDS's list1 deal, help and
//! version, and the exit codes of bad input.

mod support;

use support::{kibitz_fails as fails, kibitz_ok as ok};

/// DDS's `list1.txt` deal (dealer N, spades, North on lead).
const LIST1: &str = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";

/// A tiny deal: one card each, solved instantly.
const ONE_CARD: &str = "N:A... K... Q... .J..";

#[test]
fn table_of_list1() {
    // DDS 2.9 resTable (S, H, D, C, NT rows; N, E, S, W columns):
    // 5 8 5 8 / 6 6 6 6 / 5 7 5 7 / 7 5 7 5 / 6 6 6 6.
    let expected = "     N   S   E   W
NT   6   6   6   6
S    5   5   8   8
H    6   6   6   6
D    5   5   7   7
C    7   7   5   5
";
    assert_eq!(ok(&["bridge", "table", LIST1]), expected);
}

#[test]
fn solve_list1_spades_north_leads() {
    // DDS 2.9 FUT line of list1: D5 D8 DJ C(T98) S6 S(QJ) 5 tricks each,
    // H2 H(65) HK 4 tricks each.
    let expected = "N to lead, trump S; tricks for N-S after each card:
SQ  5  = SJ
S6  5
DJ  5
D8  5
D5  5
CT  5  = C9 C8
HK  4
H6  4  = H5
H2  4
";
    assert_eq!(
        ok(&["bridge", "solve", LIST1, "--trump", "S", "--leader", "N"]),
        expected
    );
}

#[test]
fn solve_option_forms() {
    let expected = "W to lead, trump H; tricks for E-W after each card:\nHJ  1\n";
    for args in [
        ["bridge", "solve", ONE_CARD, "--trump", "H", "--leader", "W"].as_slice(),
        &["bridge", "solve", "--trump=h", "--leader=w", ONE_CARD],
        &["bridge", "solve", "-l", "west", "-t", "hearts", ONE_CARD],
        // An unquoted deal arrives as four arguments.
        &[
            "bridge", "solve", "-t", "H", "-l", "W", "N:A...", "K...", "Q...", ".J..",
        ],
    ] {
        assert_eq!(ok(args), expected, "kibitz {args:?}");
    }
    let nt = ok(&["bridge", "solve", ONE_CARD, "-t", "N", "-l", "N"]);
    assert_eq!(
        nt,
        "N to lead, no trump; tricks for N-S after each card:\nSA  1\n"
    );
}

#[test]
fn small_table() {
    // N SA, E SK, S SQ, W HJ: N wins the spade trick; W wins when on lead
    // (as South's left-hand opponent) except in spades, and ruffs in hearts.
    let expected = "     N   S   E   W
NT   1   0   0   0
S    1   1   0   0
H    0   0   1   1
D    1   0   0   0
C    1   0   0   0
";
    assert_eq!(ok(&["bridge", "table", ONE_CARD]), expected);
}

#[test]
fn version_and_help() {
    assert_eq!(
        ok(&["--version"]),
        format!("kibitz {}\n", env!("CARGO_PKG_VERSION"))
    );
    assert_eq!(ok(&["-V"]), ok(&["--version"]));
    let top = ok(&["--help"]);
    assert!(
        top.contains("Usage: kibitz <module>") && top.contains("bridge"),
        "{top}"
    );
    assert_eq!(ok(&["-h"]), top);
    let bridge = ok(&["bridge", "--help"]);
    for word in ["table", "solve", "--trump", "--leader", "PBN"] {
        assert!(
            bridge.contains(word),
            "bridge --help lacks {word}: {bridge}"
        );
    }
    assert!(ok(&["bridge", "table", "--help"]).contains("Usage: kibitz bridge table"));
    assert!(ok(&["bridge", "solve", "-h"]).contains("Usage: kibitz bridge solve"));
}

#[test]
fn usage_errors() {
    fails(&[], "missing module");
    fails(&["chess"], "unknown command 'chess'");
    fails(&["--frobnicate"], "unknown option '--frobnicate'");
    fails(&["bridge"], "missing command");
    fails(&["bridge", "par", LIST1], "unknown command 'par'");
    fails(&["bridge", "table"], "missing PBN deal");
    fails(
        &["bridge", "table", "--trump", "S", LIST1],
        "unknown option '--trump'",
    );
    fails(
        &["bridge", "solve", ONE_CARD, "--leader", "N"],
        "missing option --trump",
    );
    fails(
        &["bridge", "solve", ONE_CARD, "--trump", "S"],
        "missing option --leader",
    );
    fails(
        &["bridge", "solve", ONE_CARD, "--trump", "X", "--leader", "N"],
        "bad --trump 'X'",
    );
    fails(
        &["bridge", "solve", ONE_CARD, "--trump", "S", "--leader", "Q"],
        "bad --leader 'Q'",
    );
    fails(
        &["bridge", "solve", ONE_CARD, "--leader", "N", "--trump"],
        "--trump needs a value",
    );
    fails(
        &["bridge", "solve", ONE_CARD, "-t", "S", "-t", "H", "-l", "N"],
        "more than once",
    );
    fails(
        &["bridge", "solve", "-t", "S", "-l", "N"],
        "missing PBN deal",
    );
}

#[test]
fn bad_deals() {
    fails(&["bridge", "table", "X:AKQ"], "must start with N:");
    fails(
        &["bridge", "table", "N:QJ6.K652.J85.T9X - - -"],
        "unexpected character 'X'",
    );
    fails(
        &["bridge", "table", "N:AA... K... Q... J..."],
        "appears twice",
    );
    fails(&["bridge", "table", "N:A.K.Q.J.T -"], "too many");
    fails(
        &["bridge", "table", "N:A... K... Q... J... T..."],
        "too many",
    );
    fails(&["bridge", "table", "N:- - - -"], "same number of cards");
    fails(
        &[
            "bridge",
            "table",
            "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ",
        ],
        "same number of cards",
    );
    fails(
        &[
            "bridge",
            "solve",
            "N:AK... Q... J... T...",
            "-t",
            "S",
            "-l",
            "N",
        ],
        "same number of cards",
    );
}
