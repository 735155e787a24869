//! `c_tests/score.c`, compiled with the system C compiler (found through
//! the `cc` crate) against `include/kibitz/score.h` and linked with the
//! `libdds.so` cargo built: the score interface from C, with its error
//! values and the MTD(f) callback into C.

mod support;

use support::{build_and_run, root};

#[test]
fn c_program_uses_the_score_header() {
    assert_eq!(
        build_and_run("c_tests/score.c"),
        "score: all checks passed\n"
    );
}

#[test]
fn cxx_program_links_through_extern_c_guard() {
    assert_eq!(
        build_and_run("c_tests/score_cxx.cpp"),
        "score_cxx: all checks passed\n"
    );
}

/// The C example of docs/score.md prints what the page says it prints.
#[test]
fn readme_example_runs() {
    let out = build_and_run("examples_c/score_example.c");
    assert_eq!(
        out,
        "31997 = mate 2\nstored 31999, read back 31997\n0x4001 -> -16384\nmtdf = 37\n"
    );
    let readme = std::fs::read_to_string(root().join("docs/score.md")).expect("docs/score.md");
    let example = std::fs::read_to_string(root().join("examples_c/score_example.c")).unwrap();
    assert!(
        readme.contains(&example),
        "docs/score.md lacks examples_c/score_example.c"
    );
    assert!(
        readme.contains(&out),
        "docs/score.md lacks the example's output"
    );
}
