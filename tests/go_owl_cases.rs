//! Owl answers where we differ from GNU Go 3.8 and GNU Go is wrong, found
//! by the live comparison of `go_owl_oracle.rs`; each test says why.

use std::path::Path;

use kibitz::go::gtp::Engine;

/// Our engine's answers to `commands`, unframed, after loading `sgf`
/// (relative to `tests/data/go/regress`).
fn answers(sgf: &str, commands: &[String]) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/go/regress")
        .join(sgf);
    let mut engine = Engine::new();
    let mut script = format!("loadsgf {}\n", path.display());
    for c in commands {
        script += c;
        script += "\n";
    }
    let mut out = Vec::new();
    for line in script.lines() {
        let (answer, _) = engine
            .execute(line, &mut std::io::sink())
            .expect("an answer");
        let body = answer.trim_end().trim_start_matches('=').trim().to_string();
        out.push(body);
    }
    out.remove(0);
    out
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
