//! `c_tests/score.c`, compiled with the system C compiler (found through
//! the `cc` crate) against `include/kibitz/score.h` and linked with the
//! `libdds.so` cargo built: the score interface from C, with its error
//! values and the MTD(f) callback into C.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

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
/// Prepared once per test process.
fn lib_dir() -> PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let built = [
            profile_dir().join("libdds.so"),
            profile_dir().join("deps/libdds.so"),
        ]
        .into_iter()
        .filter_map(|p| Some((std::fs::metadata(&p).ok()?.modified().ok()?, p)))
        .max()
        .map(|(_, p)| p)
        .expect("libdds.so built by cargo next to the test executable");
        let dir = work_dir("score-lib");
        for name in ["libdds.so", "libdds.so.0"] {
            let tmp = dir.join(format!("{name}.tmp{}", std::process::id()));
            std::fs::copy(&built, &tmp).expect("copy libdds.so");
            std::fs::rename(&tmp, dir.join(name)).expect("rename libdds.so");
        }
        dir
    })
    .clone()
}

/// Compiles `<dir>/<source>` (C, or C++ for `.cpp`) with `-Werror`
/// against Kibitz's `include/` and our library into `out`.
fn build(dir: &str, source: &str, lib: &Path, out: &Path) {
    let target = option_env!("KIBITZ_TARGET").unwrap_or("x86_64-unknown-linux-gnu");
    let cpp = source.ends_with(".cpp");
    let compiler = cc::Build::new()
        .cpp(cpp)
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
        .args(["-Wall", "-Wextra", "-Werror"])
        .arg(if cpp { "-std=c++11" } else { "-std=c11" })
        .arg(root().join(dir).join(source))
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

/// Builds and runs `<dir>/<source>`; its standard output.
fn build_and_run(dir: &str, source: &str) -> String {
    let lib = lib_dir();
    let exe = work_dir("score").join(format!("{source}-{}", std::process::id()));
    build(dir, source, &lib, &exe);
    let output = Command::new(&exe)
        .env("LD_LIBRARY_PATH", &lib)
        .output()
        .expect("run the C program");
    let _ = std::fs::remove_file(&exe);
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "{source} failed ({}):\n{stdout}{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

#[test]
fn c_program_uses_the_score_header() {
    assert_eq!(
        build_and_run("c_tests", "score.c"),
        "score: all checks passed\n"
    );
}

#[test]
fn cxx_program_links_through_extern_c_guard() {
    assert_eq!(
        build_and_run("c_tests", "score_cxx.cpp"),
        "score_cxx: all checks passed\n"
    );
}

/// The example of README.md's "Search scores" section prints what the
/// README says it prints.
#[test]
fn readme_example_runs() {
    let out = build_and_run("examples_c", "score_example.c");
    assert_eq!(
        out,
        "31997 = mate 2\nstored 31999, read back 31997\n0x4001 -> -16384\nmtdf = 37\n"
    );
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let example = std::fs::read_to_string(root().join("examples_c/score_example.c")).unwrap();
    assert!(
        readme.contains(&example),
        "README.md lacks examples_c/score_example.c"
    );
    assert!(
        readme.contains(&out),
        "README.md lacks the example's output"
    );
}
