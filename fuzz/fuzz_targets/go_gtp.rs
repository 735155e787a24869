//! The GTP engine (`kibitz go gtp`): arbitrary command lines, one engine
//! per input so that state carries from line to line. `loadsgf` lines are
//! skipped (they open files by name; `go_sgf` fuzzes the SGF reader).
//! Checks: every command line gets exactly one answer framed as GTP says
//! (`=` or `?`, optional id, ending in a blank line), and `quit` ends it.
#![no_main]

use kibitz::go::gtp::Engine;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut engine = Engine::new();
    let mut err = Vec::new();
    for line in text.split('\n').take(64) {
        let visible: String = line.chars().filter(|c| !c.is_control()).collect();
        if visible.to_ascii_lowercase().contains("loadsgf") {
            continue;
        }
        if let Some((answer, quit)) = engine.execute(line, &mut err) {
            assert!(
                answer.starts_with('=') || answer.starts_with('?'),
                "{answer:?}"
            );
            assert!(answer.ends_with("\n\n"), "{answer:?}");
            if quit {
                break;
            }
        }
    }
});
