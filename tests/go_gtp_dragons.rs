//! The dragon and unconditional-life GTP commands in a scripted
//! conversation (`tests/data/go/dragons_session.txt`: transcript 1 of the
//! reference notes, error cases, and a Benson corner on 7x7), answered
//! byte for byte as GNU Go 3.8 answered (`dragons_session.gnugo`,
//! recorded with `gnugo --mode gtp --quiet`), and against a running gnugo
//! when installed.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use kibitz::go::gtp::Engine;

fn data(name: &str) -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/go")
            .join(name),
    )
    .expect("test data")
}

/// Our answers to the session script.
fn ours() -> String {
    let mut out = Vec::new();
    Engine::new()
        .run(
            &data("dragons_session.txt")[..],
            &mut out,
            &mut std::io::sink(),
        )
        .expect("in-memory I/O");
    String::from_utf8(out).expect("UTF-8 answers")
}

#[test]
fn session_matches_recorded_gnugo() {
    let want = String::from_utf8(data("dragons_session.gnugo")).expect("UTF-8");
    assert_eq!(ours(), want);
}

#[test]
fn session_matches_live_gnugo() {
    let Some(exe) = ["/usr/games/gnugo", "/usr/bin/gnugo"]
        .into_iter()
        .find(|p| Path::new(p).exists())
    else {
        assert!(
            std::env::var_os("CI").is_none(),
            "an oracle is missing; CI needs every one"
        );
        println!("skipped: gnugo is not installed");
        return;
    };
    let mut child = Command::new(exe)
        .args(["--mode", "gtp", "--quiet"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start gnugo");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(&data("dragons_session.txt"))
        .expect("write script");
    let theirs = child.wait_with_output().expect("gnugo output");
    assert_eq!(ours(), String::from_utf8(theirs.stdout).expect("UTF-8"));
}
