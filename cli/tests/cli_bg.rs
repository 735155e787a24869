//! Runs `kibitz bg`: board diagrams, match states and move lists of known
//! positions, help, and exit code 2 with a message on bad input.

mod support;

use support::{kibitz_fails as fails, kibitz_ok as ok};

#[test]
fn show_starting_position() {
    let out = ok(&["bg", "show", "4HPwATDgc/ABMA"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "Position ID: 4HPwATDgc/ABMA");
    assert_eq!(lines[1], "   13 14 15 16 17 18     19 20 21 22 23 24");
    assert_eq!(lines[3], " |  X           O     |  O              X  |");
    assert!(
        out.contains("X (on roll): bar 0, off 0, pips 167\n"),
        "{out}"
    );
    assert!(
        out.contains("O:           bar 0, off 0, pips 167\n"),
        "{out}"
    );
    assert!(out.ends_with("Class: Contact (10)\n"), "{out}");
}

#[test]
fn show_race_with_match_state() {
    // gnubg 1.07: race87, 7-point match 3-5, player 1 on roll.
    let out = ok(&["bg", "show", "2MY5BwDs7swAAA", "cAngADAAKAAE"]);
    assert!(
        out.contains("X (on roll): bar 0, off 0, pips 87\n"),
        "{out}"
    );
    assert!(
        out.contains("O:           bar 0, off 0, pips 129\n"),
        "{out}"
    );
    assert!(out.contains("Class: Race (8)\n"), "{out}");
    assert!(out.contains("Match ID: cAngADAAKAAE\n"), "{out}");
    assert!(out.contains("Match: 7-point match, score 3-5\n"), "{out}");
    assert!(out.contains("Cube: 1, centred\n"), "{out}");
    assert!(
        out.contains("On roll: player 1, dice not rolled\n"),
        "{out}"
    );
    let money = ok(&["bg", "show", "bHcOBgDQAAAMAA", "AQEAAAAAAAAA"]);
    assert!(money.contains("Class: Crashed (9)\n"), "{money}");
    assert!(
        money.contains("Match: money game, Jacoby rule on\n"),
        "{money}"
    );
    assert!(money.contains("Cube: 2, owned by player 0\n"), "{money}");
}

#[test]
fn moves_of_opening_roll() {
    let out = ok(&["bg", "moves", "4HPwATDgc/ABMA", "31"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "Position ID: 4HPwATDgc/ABMA, roll 31: 16 legal moves"
    );
    assert_eq!(lines.len(), 17);
    let moves: Vec<&str> = lines[1..]
        .iter()
        .map(|l| {
            l.split_once(". ")
                .unwrap()
                .1
                .rsplit_once("  ")
                .unwrap()
                .0
                .trim()
        })
        .collect();
    for m in ["8/5 6/5", "24/21 6/5", "13/10 6/5", "24/20", "13/9"] {
        assert!(moves.contains(&m), "{m} missing from {moves:?}");
    }
    // Entering from the bar against a 2-point board: 6-6 has no move.
    let none = ok(&["bg", "moves", "4HPwASHgc/AAWA", "66"]);
    assert_eq!(
        none,
        "Position ID: 4HPwASHgc/AAWA, roll 66: 0 legal moves\n"
    );
    let one = ok(&["bg", "moves", "RgMAwBIAAAAAAA", "66"]);
    assert!(one.starts_with("Position ID: RgMAwBIAAAAAAA, roll 66: 1 legal move\n"));
    assert!(one.contains(" 4/off 2/off 1/off(2) "), "{one}");
}

#[test]
fn help_and_errors() {
    assert!(ok(&["bg", "--help"]).contains("kibitz bg show <position-id> [<match-id>]"));
    assert!(ok(&["--help"]).contains("bg "));
    assert!(ok(&["bg", "moves", "--help"]).starts_with("Usage: kibitz bg moves"));
    fails(&["bg"], "missing command");
    fails(&["bg", "play"], "unknown command 'play'");
    fails(&["bg", "show"], "missing position ID");
    fails(&["bg", "show", "4HPwATDgc/AB"], "wrong length");
    fails(&["bg", "show", "4HPwATDgc/AB#A"], "outside Base64");
    fails(&["bg", "show", "//////////////"], "more than 15 chequers");
    fails(
        &["bg", "show", "4HPwATDgc/ABMA", "MAEAAAAAAA"],
        "bad match ID",
    );
    fails(&["bg", "moves", "4HPwATDgc/ABMA"], "expected a position ID");
    fails(&["bg", "moves", "4HPwATDgc/ABMA", "71"], "bad dice '71'");
    fails(&["bg", "moves", "4HPwATDgc/ABMA", "3"], "bad dice");
}
