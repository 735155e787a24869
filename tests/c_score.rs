//! `c_tests/score.c`, compiled with the system C compiler (found through
//! the `cc` crate) against `include/kibitz/score.h` and linked with the
//! `libdds.so` cargo built: the score interface from C, with its error
//! values and the MTD(f) callback into C.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `target/<profile>`: the test executable lives in its `deps/`.
fn profile_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    let deps = exe.parent().expect("deps dir");
    deps.parent().expect("profile dir").to_path_buf()
}

/// A scratch directory for this test's files.
fn work_dir(name: &str) -> PathBuf {
    let dir = profile_dir().join("c_tests").join(name);
    std::fs::create_dir_all(&dir).expect("create c_tests work dir");
    dir
}

/// A directory holding our library as `libdds.so` and `libdds.so.0` (its
/// SONAME), so the program neither links nor loads Debian's DDS. Files are
/// replaced by rename, so concurrent runs keep the copy they loaded.
fn lib_dir() -> PathBuf {
    let built = [
        profile_dir().join("libdds.so"),
        profile_dir().join("deps/libdds.so"),
    ]
    .into_iter()
    .find(|p| p.exists())
    .expect("libdds.so built by cargo next to the test executable");
    let dir = work_dir("score-lib");
    for name in ["libdds.so", "libdds.so.0"] {
        let tmp = dir.join(format!("{name}.tmp{}", std::process::id()));
        std::fs::copy(&built, &tmp).expect("copy libdds.so");
        std::fs::rename(&tmp, dir.join(name)).expect("rename libdds.so");
    }
    dir
}

/// Compiles `c_tests/<source>` with `-Wall -Werror` against Kibitz's
/// `include/` and our library into `out`.
fn build(source: &str, lib: &Path, out: &Path) {
    let target = option_env!("KIBITZ_TARGET").unwrap_or("x86_64-unknown-linux-gnu");
    let compiler = cc::Build::new()
        .target(target)
        .host(target)
        .opt_level(1)
        .debug(false)
        .cargo_metadata(false)
        .warnings(true)
        .try_get_compiler()
        .expect("a C compiler");
    let mut cmd = compiler.to_command();
    cmd.arg("-I")
        .arg(root().join("include"))
        .args(["-Wall", "-Wextra", "-Werror", "-std=c11"])
        .arg(root().join("c_tests").join(source))
        .arg("-o")
        .arg(out)
        .arg("-L")
        .arg(lib)
        .arg(format!("-Wl,-rpath,{}", lib.display()))
        .args(["-ldds", "-pthread"]);
    let output = cmd.output().expect("run the C compiler");
    assert!(
        output.status.success(),
        "compiling {source} failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn c_program_uses_the_score_header() {
    let lib = lib_dir();
    let exe = work_dir("score").join(format!("score-{}", std::process::id()));
    build("score.c", &lib, &exe);
    let output = Command::new(&exe)
        .env("LD_LIBRARY_PATH", &lib)
        .output()
        .expect("run the C program");
    let _ = std::fs::remove_file(&exe);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "score.c failed ({}):\n{stdout}{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(stdout, "score: all checks passed\n");
}
