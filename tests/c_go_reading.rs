//! `c_tests/go_reading.c`: `go_attack` / `go_defend` from C, compiled
//! against `include/kibitz/go.h` and linked with the built library.

mod support;

#[test]
fn c_program_reads_attacks_and_defences() {
    let stdout = support::build_and_run("c_tests/go_reading.c");
    // GNU Go 3.8 on the same moves: `attack D3` = `1 D2` (worm_data's
    // attack_code 5), `defend D3` = `0`; G7 (four liberties) cannot be
    // attacked; E5-E6 (6 liberties) needs no defence (`1 PASS`);
    // `attack D5` = `2 E5` (KO_A, 4), `defend D5` = `1 E5`.
    let want = "\
attack D3: 5 D2
defend D3: 0 PASS
attack G7: 0 PASS
defend E5: 5 PASS
attack D5: 4 E5
defend D5: 5 E5
empty: -8 -8
vertex: -3 -3
null: -1 -1
move untouched: 7
null move: 4
";
    assert_eq!(stdout, want);
}
