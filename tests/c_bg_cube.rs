//! `c_tests/backgammon_cube.c`, compiled with the system C compiler
//! (through the `cc` crate, `-Wall -Werror -std=c11`) against
//! `include/kibitz/backgammon.h` and linked with the `libdds.so` cargo
//! built: the match equity table and cube functions.

mod support;

#[test]
fn c_program_uses_backgammon_cube_functions() {
    let stdout = support::build_and_run("c_tests/backgammon_cube.c");
    assert!(
        stdout.contains("backgammon cube: all checks passed"),
        "{stdout}"
    );
}
