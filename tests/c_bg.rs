//! `c_tests/backgammon.c`, compiled with the system C compiler (through the
//! `cc` crate, `-Wall -Werror -std=c11`) against `include/kibitz/backgammon.h`
//! and linked with the `libdds.so` cargo built.

mod support;

#[test]
fn c_program_uses_backgammon_header() {
    let stdout = support::build_and_run("c_tests/backgammon.c");
    assert!(stdout.contains("backgammon: all checks passed"), "{stdout}");
}
