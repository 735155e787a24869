//! `kibitz go show`: the dragon board of an SGF position, plain when
//! stdout is not a terminal (as here) and with ANSI colours on request.
//!
//! `tests/data/go/show.sgf` (9x9): GNU Go 3.8's `dragon_stones` gives the
//! same five dragons (B9 corner, E9 wall, E5, G3 corner, H2+J1) and
//! `dragon_status` the same statuses except E5, which GNU Go's owl
//! reading calls critical and our static rules alive (escape route 5+).

use std::process::{Command, Output};

/// Runs `kibitz args` from the crate root.
fn kibitz(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kibitz"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .output()
        .expect("cannot run kibitz")
}

const BOARD: &str = "\
white to move
   A B C D E F G H J
 9 . A . A a . . . . 9
 8 A A A A a . . . . 8
 7 a a a a a . . . . 7
 6 . . . . . . . . . 6
 5 . . . . B . . . . 5
 4 . . . . . . . . . 4
 3 . . . . . . b b b 3
 2 . . . . . . b C . 2
 1 . . . . . . b . C 1
   A B C D E F G H J
A B9 black 6 stones alive
a E9 white 7 stones alive
B E5 black 1 stones alive
b G3 white 5 stones alive
C H2 black 2 stones dead
";

#[test]
fn plain_when_not_a_terminal() {
    let out = kibitz(&["go", "show", "tests/data/go/show.sgf"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout), BOARD);
    let never = kibitz(&["go", "show", "tests/data/go/show.sgf", "--color", "never"]);
    assert_eq!(String::from_utf8_lossy(&never.stdout), BOARD);
}

#[test]
fn colours_by_status() {
    let out = kibitz(&["go", "show", "tests/data/go/show.sgf", "--color", "always"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    // Row 2: the white G2 (alive, green) and the black H2 (dead, white).
    assert!(text.contains(" 2 . . . . . . \x1b[32mb\x1b[0m \x1b[37mC\x1b[0m . 2\n"));
    // Removing the colour codes gives the plain board.
    let plain = text
        .replace("\x1b[32m", "")
        .replace("\x1b[37m", "")
        .replace("\x1b[0m", "");
    assert_eq!(plain, BOARD);
}

#[test]
fn before_a_move_and_errors() {
    // Before move 1 (the black J1) the H2 stone is a dragon on its own.
    let out = kibitz(&["go", "show", "tests/data/go/show.sgf", "1"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("black to move\n"));
    assert!(text.contains(" 1 . . . . . . b . . 1\n"));
    assert!(text.contains("C H2 black 1 stones dead\n"));
    for args in [
        &["go", "show"][..],
        &["go", "show", "tests/data/go/show.sgf", "0"],
        &["go", "show", "tests/data/go/show.sgf", "x"],
        &["go", "show", "tests/data/go/show.sgf", "--color", "pink"],
    ] {
        let out = kibitz(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
    }
    let missing = kibitz(&["go", "show", "no/such.sgf"]);
    assert_ne!(missing.status.code(), Some(0));
}
