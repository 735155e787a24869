//! Runs `kibitz bg eval`: cube analyses of two-sided bearoffs (numbers
//! from gnubg 1.07's `cfevaluate`), the message for positions that need an
//! evaluator, and bad input.

mod support;

use support::{kibitz_fails as fails, kibitz_ok as ok};

#[test]
fn money_bearoff_at_0_ply() {
    // gnubg 1.07, money, centred cube: ND 0.9948424, DT 1.9688716, DP 1.
    let out = ok(&["bg", "eval", "RgMAwBIAAAAAAA"]);
    assert!(
        out.starts_with("Position ID: RgMAwBIAAAAAAA\nMatch ID: MAEAAAAAAAAA\n"),
        "{out}"
    );
    assert!(
        out.contains("static: 0.9922  0.0000  0.0000  0.0000  0.0000  +0.9844\n"),
        "{out}"
    );
    assert!(out.contains("1. Double, pass        +1.0000\n"), "{out}");
    assert!(
        out.contains("2. Double, take        +1.9689  (+0.9689)\n"),
        "{out}"
    );
    assert!(
        out.contains("3. No double           +0.9948  (-0.0052)\n"),
        "{out}"
    );
    assert!(out.ends_with("Proper cube action: Double, pass\n"), "{out}");
}

#[test]
fn match_bearoff_at_1_ply() {
    // gnubg 1.07, 9-point match 0-0, 1-ply: ND 0.9937778, DT 1.9634639.
    let out = ok(&[
        "bg",
        "eval",
        "RgMAwBIAAAAAAA",
        "MAEgAQAAAAAE",
        "--plies",
        "1",
    ]);
    assert!(
        out.contains("exact two-sided bearoff database, 1-ply"),
        "{out}"
    );
    assert!(
        out.contains("2. Double, take        +1.9635  (+0.9635)\n"),
        "{out}"
    );
    assert!(
        out.contains("3. No double           +0.9938  (-0.0062)\n"),
        "{out}"
    );
}

#[test]
fn one_sided_bearoff() {
    // Reference notes, gnubg 1.07 CLI #7: bearoff1 at 7 points 2-2, cube 2
    // owned by player 1 on roll: .7266, EMG +0.4532, ND +0.7266, DT +0.9045.
    let out = ok(&["bg", "eval", "bXcPAADb7g4AAA", "UQngACAAEAAE"]);
    assert!(
        out.contains("Evaluator: one-sided bearoff database, 0-ply\n"),
        "{out}"
    );
    assert!(
        out.contains("static: 0.7266  0.0000  0.0000  0.0000  0.0000  +0.4532\n"),
        "{out}"
    );
    assert!(out.contains("1. Redouble, take      +0.9045\n"), "{out}");
    assert!(
        out.contains("3. No redouble         +0.7266  (-0.1779)\n"),
        "{out}"
    );
    assert!(
        out.ends_with("Proper cube action: Redouble, take\n"),
        "{out}"
    );
}

#[test]
fn other_positions_need_an_evaluator() {
    fails(&["bg", "eval", "4HPwATDgc/ABMA"], "needs an evaluator");
    fails(
        &["bg", "eval", "4HPwATDgc/ABMA", "MAEAAAAAAA"],
        "bad match ID",
    );
    fails(
        &["bg", "eval", "RgMAwBIAAAAAAA", "--plies", "3"],
        "bad --plies",
    );
    fails(&["bg", "eval"], "missing position ID");
    assert!(ok(&["bg", "eval", "--help"]).starts_with("Usage: kibitz bg eval"));
}
