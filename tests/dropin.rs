//! The drop-in proof for C programs: `c_tests/dropin.c` is compiled against
//! Debian's `/usr/include/dds/dll.h` and linked against Debian's
//! `libdds.so.0` (`-ldds`, nothing of Kibitz), then the same executable runs
//! twice, once with Debian's library and once with ours put first on
//! `LD_LIBRARY_PATH` under the name `libdds.so.0`. Both runs must print the
//! same bytes: DD tables, the par functions, `CalcAllTablesPBN` with par,
//! `SolveBoard`/`SolveBoardPBN` in several modes, `SolveAllBoards`,
//! `AnalysePlayPBN`, error codes and `ErrorMessage` texts on seeded random
//! deals. Skipped (with a message) when libdds-dev is not installed.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;

use support::{compiler, lib_dir, root, work_dir};

/// Debian's DDS header.
const DEBIAN_HEADER: &str = "/usr/include/dds/dll.h";

/// Where Debian's multiarch `libdds.so.0` may be.
const DEBIAN_LIBS: &[&str] = &[
    "/usr/lib/x86_64-linux-gnu/libdds.so.0",
    "/usr/lib/aarch64-linux-gnu/libdds.so.0",
    "/usr/lib/libdds.so.0",
];

/// Debian's library, when libdds-dev is installed.
fn debian_lib() -> Option<PathBuf> {
    if !Path::new(DEBIAN_HEADER).is_file() {
        return None;
    }
    DEBIAN_LIBS.iter().map(PathBuf::from).find(|p| p.exists())
}

/// Compiles `c_tests/dropin.c` against the system header and library only.
fn build(out: &Path) {
    let output = compiler(false)
        .to_command()
        .args(["-std=c11", "-Wall", "-Wextra", "-Werror"])
        .arg(root().join("c_tests/dropin.c"))
        .arg("-o")
        .arg(out)
        .arg("-ldds")
        .output()
        .expect("run the C compiler");
    assert!(
        output.status.success(),
        "compiling c_tests/dropin.c failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The command that runs `exe`, with `lib` (if any) as the only
/// `LD_LIBRARY_PATH` entry.
fn command(exe: &Path, lib: Option<&Path>) -> Command {
    let mut cmd = Command::new(exe);
    cmd.env_remove("LD_LIBRARY_PATH");
    if let Some(lib) = lib {
        cmd.env("LD_LIBRARY_PATH", lib);
    }
    cmd
}

/// The file the dynamic loader picks for `libdds.so.0` (glibc's
/// `LD_TRACE_LOADED_OBJECTS`, what `ldd` prints).
fn resolved_libdds(exe: &Path, lib: Option<&Path>) -> String {
    let out = command(exe, lib)
        .env("LD_TRACE_LOADED_OBJECTS", "1")
        .output()
        .expect("trace the loader");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with("libdds.so.0 =>"))
        .unwrap_or_else(|| panic!("the program does not need libdds.so.0:\n{text}"));
    let path = line.split("=>").nth(1).unwrap().trim();
    path.split(" (").next().unwrap().to_string()
}

/// Runs `exe` and returns its output; panics if it fails.
fn run(exe: &Path, lib: Option<&Path>) -> String {
    let output = command(exe, lib).output().expect("run dropin");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "dropin failed ({}) with {:?}:\n{stdout}{}",
        output.status,
        lib,
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

#[test]
fn debian_linked_program_prints_the_same_with_kibitz() {
    let Some(debian) = debian_lib() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "an oracle is missing; CI needs every one"
        );
        println!(
            "SKIPPED: Debian's libdds-dev ({DEBIAN_HEADER}, libdds.so.0) is not installed \
             (apt-get install -y libdds-dev)"
        );
        return;
    };
    let exe = work_dir("dropin").join(format!("dropin-{}", std::process::id()));
    build(&exe);

    // Without LD_LIBRARY_PATH the program loads Debian's DDS...
    let with_dds = resolved_libdds(&exe, None);
    assert_eq!(
        std::fs::canonicalize(&with_dds).unwrap(),
        std::fs::canonicalize(&debian).unwrap(),
        "the program should load Debian's library by default"
    );
    // ...and with our directory first, ours.
    let ours = lib_dir();
    let with_ours = resolved_libdds(&exe, Some(&ours));
    assert_eq!(Path::new(&with_ours), ours.join("libdds.so.0"));

    let reference = run(&exe, None);
    let kibitz = run(&exe, Some(&ours));
    let _ = std::fs::remove_file(&exe);

    // The program really exercised the library.
    assert_eq!(reference.lines().count(), 99, "{reference}");
    assert!(reference.contains("CalcAllTablesPBN(mode 3) rc 1 boards 24"));
    assert!(reference.contains("AnalysePlayPBN(0) rc 1 number 49:"));
    if reference != kibitz {
        let diff: Vec<String> = reference
            .lines()
            .zip(kibitz.lines())
            .filter(|(a, b)| a != b)
            .map(|(a, b)| format!("DDS:    {a}\nKibitz: {b}"))
            .collect();
        panic!(
            "outputs differ ({} lines of DDS, {} of Kibitz):\n{}",
            reference.lines().count(),
            kibitz.lines().count(),
            diff.join("\n")
        );
    }
    println!(
        "dropin.c: {} lines identical with Debian's DDS and Kibitz",
        reference.lines().count()
    );
}
