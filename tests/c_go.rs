//! `c_tests/go.c`: the Go C API from C, compiled with the system C compiler
//! against `include/kibitz/go.h` and linked with the `libdds.so` cargo
//! built.

mod support;

#[test]
fn c_program_uses_the_go_api() {
    let stdout = support::build_and_run("c_tests/go.c");
    // Worm values of D3 and C3 are GNU Go 3.8's (transcript 1 of the
    // reference notes: size 1, effective size 2.00, liberties 1 1 2 2,
    // cutstone 2, attack 5 at D2; C4's string has origin C4 and, as
    // `worm_cutstone C3` says, cutstone 2).
    let want = "\
play C3: 0
play D3: 0
play D4: 0
play E4: 0
play C4: 0
play D5: 0
play E3: 0
play G7: 0
occupied: -4
bad colour: -2
bad vertex: -3
get C3: 2, A1: 0, 81: -3
worm D3: 0
  color 1 size 1 eff 2.00 libs 1 1 2 2 cut 2 genus 0 ko 0 attack 5 D2
worm C3: origin C4 size 3 cut 2
cavity A1: color 3 size 73
undo: 0
get G7: 0
load: 2
size 5
get A5 2 B5 1 C3 2 D2 1 E1 0
bad sgf: -5
size 5
junk sgf: -5
new(1) NULL, new(20) NULL
NULL: -1 -1 -1 -1 -1
worm bad vertex: -3 -3
vertex: 72 -1 -3 -6 -1
name: 3 A19, 4 PASS, -6 -3
";
    assert_eq!(stdout, want);
}

/// `c_tests/go_dragons.c`: the dragon functions on transcript 1 of the
/// reference notes. GNU Go 3.8 puts C3 and E3 in one dragon (origin C4,
/// four stones, two worms) and calls D3 dead. D2 touches the white D3
/// (distance 1); the nearest live white stone is E4, five steps away by
/// F4, F3, F2 and E2 (strategic distance 5); D2 touches no black stone
/// but C2 touches C3 (distance 2). On a 5x5 board holding only a white
/// stone no black stone can be reached: `GO_FAR`.
#[test]
fn c_program_uses_the_dragon_api() {
    let stdout = support::build_and_run("c_tests/go_dragons.c");
    let want = "\
same C3 E3: 1, D3 E4: 0
status D3: 0
data E3: 0
  color 2 origin C4 size 4 worms 2
distance D2 white: 1 strategic 5 black 2
distance on a stone: 0
NULL: -1 -1 -1 -1 -1
empty: -8 -8 -8
vertex: -3 -3 -3 -3
colour: -2, flag: -9
far: 1000
";
    assert_eq!(stdout, want);
}
