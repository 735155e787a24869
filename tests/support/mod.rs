//! The integration tests' support. This file (`mod support;`): the library
//! cargo built, C and C++ programs compiled against `include/` and linked
//! with it. Beside it, included with
//! `#[path = "support/<file>.rs"]` by the tests that need them: seeded
//! random deals and positions (`random.rs`), soundness endings
//! (`endings.rs`), DDS hand files (`hands.rs`), Debian's DDS
//! (`debian_dds.rs`), GNU Go (`gnugo.rs`), gnubg (`gnubg.rs`), random
//! backgammon positions (`bg_random.rs`). The command line's tests have
//! their own support in `cli/tests/support/`.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The repository root.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `target/<profile>`: the test executable lives in its `deps/`.
pub fn profile_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    let deps = exe.parent().expect("deps dir");
    deps.parent().expect("profile dir").to_path_buf()
}

/// A scratch directory `target/<profile>/c_tests/<name>`.
pub fn work_dir(name: &str) -> PathBuf {
    let dir = profile_dir().join("c_tests").join(name);
    std::fs::create_dir_all(&dir).expect("create c_tests work dir");
    dir
}

/// A directory holding our library as `libdds.so` and `libdds.so.0` (the
/// SONAME the loader looks for), so programs neither link nor load
/// Debian's DDS. The newest `libdds.so` cargo built is used (an older one
/// may lie next to it from another build). Prepared once per test process;
/// files are replaced by rename, so a program of a concurrent run keeps the
/// copy it loaded.
pub fn lib_dir() -> PathBuf {
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
        let dir = work_dir(&format!("lib-{}", std::process::id()));
        for name in ["libdds.so", "libdds.so.0"] {
            let tmp = dir.join(format!("{name}.tmp"));
            std::fs::copy(&built, &tmp).expect("copy libdds.so");
            std::fs::rename(&tmp, dir.join(name)).expect("rename libdds.so");
        }
        dir
    })
    .clone()
}

/// The C (or C++) compiler the `cc` crate picks for this target.
pub fn compiler(cpp: bool) -> cc::Tool {
    let target = option_env!("KIBITZ_TARGET").unwrap_or("x86_64-unknown-linux-gnu");
    cc::Build::new()
        .cpp(cpp)
        .target(target)
        .host(target)
        .opt_level(1)
        .debug(false)
        .cargo_metadata(false)
        .try_get_compiler()
        .expect("a C compiler")
}

/// Compiles `source` (a path under the crate root; C++ when it ends in
/// `.cpp`) with warnings as errors against `include/`, linked with our
/// library, into `out`.
pub fn build_c(source: &str, out: &Path) {
    let cpp = source.ends_with(".cpp");
    let lib = lib_dir();
    let output = compiler(cpp)
        .to_command()
        .arg("-I")
        .arg(root().join("include"))
        .args(["-Wall", "-Wextra", "-Werror"])
        .arg(if cpp { "-std=c++11" } else { "-std=c11" })
        .arg(root().join(source))
        .arg("-o")
        .arg(out)
        .arg("-L")
        .arg(&lib)
        .arg(format!("-Wl,-rpath,{}", lib.display()))
        .args(["-ldds", "-pthread"])
        .output()
        .expect("run the C compiler");
    assert!(
        output.status.success(),
        "compiling {source} failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// A command that runs the C program `exe`: directly, or under the
/// wrapper command in the environment variable `KIBITZ_C_WRAPPER` (words
/// separated by spaces), e.g. `valgrind -q --error-exitcode=99
/// --leak-check=full` as CI does; the program then fails on any error the
/// wrapper reports.
pub fn c_command(exe: &Path) -> Command {
    let wrapper = std::env::var("KIBITZ_C_WRAPPER").unwrap_or_default();
    let mut words = wrapper.split_whitespace();
    match words.next() {
        Some(program) => {
            let mut cmd = Command::new(program);
            cmd.args(words).arg(exe);
            cmd
        }
        None => Command::new(exe),
    }
}

/// Builds and runs `source` (see [`build_c`]); asserts that it exits with
/// success and returns its standard output.
pub fn build_and_run(source: &str) -> String {
    let name = Path::new(source).file_name().unwrap().to_string_lossy();
    let exe = work_dir("programs").join(format!("{name}-{}", std::process::id()));
    build_c(source, &exe);
    let output = c_command(&exe)
        .env("LD_LIBRARY_PATH", lib_dir())
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
