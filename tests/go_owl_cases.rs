//! Owl answers where we differ from GNU Go 3.8 and GNU Go is wrong, found
//! by the live comparison of `go_owl_oracle.rs`; each test says why.

#[path = "support/gnugo.rs"]
mod gnugo;
#[path = "support/random.rs"]
mod random;

use gnugo::{data_dir, ours};
use kibitz::go::gtp::Engine;

/// Our engine's answers to `commands`, unframed (an error as `? text`),
/// after loading `sgf` (relative to `tests/data/go/regress`, optionally
/// followed by a move number as `loadsgf` takes it).
fn answers(sgf: &str, commands: &[String]) -> Vec<String> {
    let (file, moves) = sgf.split_once(' ').unwrap_or((sgf, ""));
    let path = data_dir().join("regress").join(file);
    let mut engine = Engine::new();
    let load = format!("loadsgf {} {moves}", path.display());
    ours(&mut engine, &load).unwrap_or_else(|e| panic!("{load}: {e}"));
    commands
        .iter()
        .map(|c| ours(&mut engine, c).unwrap_or_else(|e| format!("? {e}")))
        .collect()
}

/// The white stones left inside Black's unconditionally alive walls of
/// `unconditional6.sgf`. GNU Go answers `owl_attack` with `3 PASS` (a win
/// only through ko, Black to find the first threat) while its own
/// `owl_defend` answers 0: White cannot live even moving first, not even
/// through ko, so the attack needs no ko and its code is 1.
#[test]
fn dead_stones_in_unconditional_territory_die_without_ko() {
    let dragons = ["T2", "P1", "M19", "M17", "J19", "A5", "A2"];
    let commands: Vec<String> = dragons
        .iter()
        .flat_map(|v| [format!("owl_attack {v}"), format!("owl_defend {v}")])
        .collect();
    let got = answers("games/unconditional/unconditional6.sgf", &commands);
    let want = [
        "1 S2", "0", "1 P2", "0", "1 L19", "0", "1 L17", "0", "1 J18", "0", "1 B5", "0", "1 B2",
        "0",
    ];
    assert_eq!(got, want);
}

/// Kills GNU Go's `owl_attack` misses (it answers 0, alive even with the
/// attacker first) though its own `owl_defend` answers 0 once our move is
/// on the board: by its deeper reading the move kills, as we answer.
#[test]
fn kills_that_gnugo_confirms_after_the_move() {
    let cases = [
        ("games/9handicap.sgf 124", "owl_attack C19", "1 A18"),
        ("games/owl02.sgf", "owl_attack J11", "1 J12"),
        ("games/reading17.sgf", "owl_attack E8", "1 C7"),
    ];
    for (sgf, command, want) in cases {
        assert_eq!(
            answers(sgf, &[command.to_string()]),
            [want],
            "{sgf}: {command}"
        );
    }
}
