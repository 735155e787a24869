//! `c_tests/backgammon.c`, compiled with the system C compiler (through the
//! `cc` crate, `-Wall -Werror -std=c11`) against `include/kibitz/backgammon.h`
//! and linked with the `libdds.so` cargo built.

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

/// A private directory holding our library as `libdds.so` and its SONAME.
fn lib_dir(work: &Path) -> PathBuf {
    let built = [
        profile_dir().join("libdds.so"),
        profile_dir().join("deps/libdds.so"),
    ]
    .into_iter()
    .filter_map(|p| Some((std::fs::metadata(&p).ok()?.modified().ok()?, p)))
    .max()
    .map(|(_, p)| p)
    .expect("libdds.so built by cargo next to the test executable");
    let dir = work.join("lib");
    std::fs::create_dir_all(&dir).unwrap();
    for name in ["libdds.so", "libdds.so.0"] {
        std::fs::copy(&built, dir.join(name)).expect("copy libdds.so");
    }
    dir
}

#[test]
fn c_program_uses_backgammon_header() {
    let work = profile_dir()
        .join("c_tests")
        .join(format!("backgammon-{}", std::process::id()));
    std::fs::create_dir_all(&work).unwrap();
    let lib = lib_dir(&work);
    let target = option_env!("KIBITZ_TARGET").unwrap_or("x86_64-unknown-linux-gnu");
    let compiler = cc::Build::new()
        .target(target)
        .host(target)
        .opt_level(1)
        .debug(false)
        .cargo_metadata(false)
        .try_get_compiler()
        .expect("a C compiler");
    let exe = work.join("backgammon");
    let output = compiler
        .to_command()
        .arg("-I")
        .arg(root().join("include"))
        .args(["-Wall", "-Wextra", "-Werror", "-std=c11"])
        .arg(root().join("c_tests/backgammon.c"))
        .arg("-o")
        .arg(&exe)
        .arg("-L")
        .arg(&lib)
        .arg(format!("-Wl,-rpath,{}", lib.display()))
        .arg("-ldds")
        .arg("-pthread")
        .output()
        .expect("run the C compiler");
    assert!(
        output.status.success(),
        "compiling backgammon.c failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    let run = Command::new(&exe)
        .env("LD_LIBRARY_PATH", &lib)
        .output()
        .expect("run the C program");
    let stdout = String::from_utf8_lossy(&run.stdout);
    let _ = std::fs::remove_dir_all(&work);
    assert!(
        run.status.success(),
        "backgammon.c failed:\n{stdout}{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(stdout.contains("backgammon: all checks passed"), "{stdout}");
}
