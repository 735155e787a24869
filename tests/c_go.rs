//! `c_tests/go.c`: the Go C API from C, compiled with the system C compiler
//! against `include/kibitz/go.h` and linked with the `libdds.so` cargo
//! built.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `target/<profile>`: the test executable lives in its `deps/`.
fn profile_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    exe.parent()
        .and_then(Path::parent)
        .expect("profile dir")
        .to_path_buf()
}

#[test]
fn c_program_uses_the_go_api() {
    let built = [
        profile_dir().join("libdds.so"),
        profile_dir().join("deps/libdds.so"),
    ]
    .into_iter()
    .find(|p| p.exists())
    .expect("libdds.so built by cargo");
    let dir = profile_dir().join("c_tests").join("go");
    std::fs::create_dir_all(&dir).expect("work dir");
    // Our library under both names, so the loader never picks Debian's.
    for name in ["libdds.so", "libdds.so.0"] {
        let tmp = dir.join(format!("{name}.tmp{}", std::process::id()));
        std::fs::copy(&built, &tmp).expect("copy libdds.so");
        std::fs::rename(&tmp, dir.join(name)).expect("rename libdds.so");
    }
    let target = option_env!("KIBITZ_TARGET").unwrap_or("x86_64-unknown-linux-gnu");
    let compiler = cc::Build::new()
        .target(target)
        .host(target)
        .opt_level(1)
        .cargo_metadata(false)
        .try_get_compiler()
        .expect("a C compiler");
    let exe = dir.join(format!("go-{}", std::process::id()));
    let output = compiler
        .to_command()
        .args(["-std=c11", "-Wall", "-Werror", "-I"])
        .arg(root().join("include"))
        .arg(root().join("c_tests/go.c"))
        .arg("-o")
        .arg(&exe)
        .arg("-L")
        .arg(&dir)
        .arg(format!("-Wl,-rpath,{}", dir.display()))
        .arg("-ldds")
        .arg("-pthread")
        .output()
        .expect("run the C compiler");
    assert!(
        output.status.success(),
        "compiling go.c failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let run = Command::new(&exe)
        .env("LD_LIBRARY_PATH", &dir)
        .output()
        .expect("run go.c");
    let _ = std::fs::remove_file(&exe);
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success(), "go.c failed: {stdout}");
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
