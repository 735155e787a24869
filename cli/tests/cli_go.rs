//! Runs `kibitz go`: the GTP engine through stdin/stdout, the worm listing
//! of an SGF file, help and usage errors.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `kibitz args` with `input` on stdin.
fn kibitz(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kibitz"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cannot run kibitz");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input)
        .expect("write stdin");
    child.wait_with_output().expect("kibitz output")
}

#[test]
fn gtp_over_stdin() {
    let script = b"1 boardsize 9\n2 play black C3\n3 play white D3\n4 play black D4\n\
5 play white E4\n6 play black C4\n7 play white D5\n8 play black E3\n\
9 countlib D3\n10 findlib D3\n11 worm_cutstone D3\n12 worm_stones black\n\
13 echo_err note\n14 play white D4\n15 bogus\n16 quit\n17 name\n";
    let out = kibitz(&["go", "gtp"], script);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "note\n");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "=1 \n\n=2 \n\n=3 \n\n=4 \n\n=5 \n\n=6 \n\n=7 \n\n=8 \n\n\
=9 1\n\n=10 D2\n\n=11  2\n\n=12 C4 D4 C3 \nE3 \n\n=13 note\n\n\n\
?14 illegal move\n\n?15 unknown command\n\n=16 \n\n"
    );
    // End of input without quit is a normal end too.
    let out = kibitz(&["go", "gtp"], b"protocol_version");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "= 2\n\n");
}

/// The owl's trace goes to stderr from the threads that read a
/// position's dragons, while the engine also answers on stderr: neither
/// may hold it for the whole session (that hung the engine).
#[test]
fn owl_trace_from_the_dragon_threads() {
    use std::io::Read;
    use std::time::{Duration, Instant};
    let mut child = Command::new(env!("CARGO_BIN_EXE_kibitz"))
        .args(["go", "gtp"])
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .env("KIBITZ_OWL_TRACE", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cannot run kibitz");
    let script = b"loadsgf tests/data/go/regress/games/life_and_death/tripod8.sgf\n\
dragon_status R3\necho_err done\nquit\n";
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script)
        .expect("write stdin");
    // Both pipes drained while waiting, so a long trace cannot block.
    let drain = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            r.read_to_string(&mut text).expect("read");
            text
        })
    };
    let out = drain(Box::new(child.stdout.take().expect("stdout")));
    let err = drain(Box::new(child.stderr.take().expect("stderr")));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if start.elapsed() > Duration::from_secs(120) {
            child.kill().expect("kill");
            panic!("kibitz go gtp hung while tracing the owl");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(status.code(), Some(0));
    let out = out.join().expect("stdout");
    assert!(out.starts_with("= black\n\n= critical "), "{out}");
    let err = err.join().expect("stderr");
    assert!(err.lines().count() > 1 && err.ends_with("done\n"), "{err}");
}

#[test]
fn worms_of_an_sgf_file() {
    let out = kibitz(
        &[
            "go",
            "worms",
            "tests/data/go/games/9x9-2.sgf",
            "--move",
            "7",
        ],
        b"",
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "black to move");
    // The white string C5 D5 (gnugo 3.8: effective size 10.00, liberties
    // 5 5 8 9, cutstone 0, genus 0).
    assert!(
        lines.contains(
            &"C5 white size 2 eff 10.00 libs 5 5 8 9 cut 0 genus 0 attack PASS defense PASS: C5 D5"
        ),
        "{text}"
    );
    assert_eq!(lines.len(), 6, "{text}");
}

#[test]
fn usage_errors() {
    let out = kibitz(&["go"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("missing command"));
    let out = kibitz(&["go", "worms"], b"");
    assert_eq!(out.status.code(), Some(2));
    let out = kibitz(&["go", "worms", "tests/data/go/none.sgf"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read"));
    let out = kibitz(&["go", "worms", "x.sgf", "--move", "0"], b"");
    assert_eq!(out.status.code(), Some(2));
    let out = kibitz(&["go", "gtp", "extra"], b"");
    assert_eq!(out.status.code(), Some(2));
    let out = kibitz(&["--help"], b"");
    assert!(String::from_utf8_lossy(&out.stdout).contains("\n  go  "));
    let out = kibitz(&["go", "--help"], b"");
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("kibitz go gtp"));
}
