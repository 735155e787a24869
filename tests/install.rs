//! `install.sh` into a temporary prefix, then the programs of `examples_c/`
//! compiled with `pkg-config --cflags --libs dds` against the installed
//! files (the flags are read from `dds.pc` directly when pkg-config is not
//! installed) and run. Each example's output is checked exactly: the values
//! are those of DDS's own `list10.txt` hand file (FUT, TABLE, PAR, PAR2 and
//! TRACE lines of its hands 1 and 3) and were also checked against Debian's
//! DDS 2.9 running the same programs.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;

use support::{compiler, profile_dir, root, work_dir};

/// Runs `install.sh PREFIX` with the libraries of this test build.
fn install() -> PathBuf {
    let prefix = work_dir(&format!("install-{}", std::process::id()));
    let out = Command::new("sh")
        .arg(root().join("install.sh"))
        .arg(&prefix)
        .env("KIBITZ_LIB_DIR", profile_dir())
        .output()
        .expect("run install.sh");
    assert!(
        out.status.success(),
        "install.sh failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    prefix
}

/// `pkg-config --cflags --libs dds` with the installed `dds.pc`, or the
/// same flags read from the file when pkg-config is absent.
fn flags(prefix: &Path) -> Vec<String> {
    let pc_dir = prefix.join("lib/pkgconfig");
    if let Ok(out) = Command::new("pkg-config")
        .args(["--cflags", "--libs", "dds"])
        .env("PKG_CONFIG_PATH", &pc_dir)
        .output()
    {
        assert!(out.status.success(), "pkg-config failed");
        return String::from_utf8(out.stdout)
            .unwrap()
            .split_whitespace()
            .map(String::from)
            .collect();
    }
    println!("pkg-config not installed: flags taken from dds.pc");
    let p = prefix.display();
    vec![
        format!("-I{p}/include/dds"),
        format!("-I{p}/include"),
        format!("-L{p}/lib"),
        "-ldds".into(),
    ]
}

#[test]
fn installed_library_builds_the_examples() {
    let prefix = install();
    let lib = prefix.join("lib");
    for f in [
        "lib/libdds.so.0",
        "lib/libdds.a",
        "include/dds/dll.h",
        "include/kibitz/score.h",
        "lib/pkgconfig/dds.pc",
    ] {
        assert!(prefix.join(f).is_file(), "{f} not installed");
    }
    assert_eq!(
        std::fs::read_link(lib.join("libdds.so")).unwrap(),
        Path::new("libdds.so.0")
    );
    assert_eq!(
        std::fs::read(prefix.join("include/dds/dll.h")).unwrap(),
        std::fs::read(root().join("include/dds/dll.h")).unwrap()
    );
    let pc = std::fs::read_to_string(prefix.join("lib/pkgconfig/dds.pc")).unwrap();
    assert!(
        pc.contains(&format!("prefix={}\n", prefix.display())),
        "{pc}"
    );
    assert!(pc.contains("Libs: -L${libdir} -ldds\n"), "{pc}");
    assert!(
        pc.contains("Cflags: -I${includedir}/dds -I${includedir}\n"),
        "{pc}"
    );
    let flags = flags(&prefix);
    assert_eq!(
        flags,
        [
            format!("-I{}/include/dds", prefix.display()),
            format!("-I{}/include", prefix.display()),
            format!("-L{}/lib", prefix.display()),
            "-ldds".to_string()
        ]
    );

    // The README and the module pages of docs/ together.
    let mut readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    for page in std::fs::read_dir(root().join("docs")).unwrap() {
        readme += &std::fs::read_to_string(page.unwrap().path()).unwrap();
    }
    for (name, expected) in EXAMPLES {
        let exe = prefix.join(name);
        let out = compiler(false)
            .to_command()
            .args(["-std=c11", "-Wall", "-Wextra", "-Werror"])
            .arg(root().join(format!("examples_c/{name}.c")))
            .args(&flags)
            .arg(format!("-Wl,-rpath,{}", lib.display()))
            .arg("-o")
            .arg(&exe)
            .output()
            .expect("run the C compiler");
        assert!(
            out.status.success(),
            "compiling {name}.c failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let run = Command::new(&exe)
            .env_remove("LD_LIBRARY_PATH")
            .output()
            .unwrap();
        assert!(run.status.success(), "{name} failed: {}", run.status);
        assert_eq!(String::from_utf8_lossy(&run.stdout), *expected, "{name}");
        assert!(
            readme.contains(&format!("examples_c/{name}.c")),
            "neither README.md nor docs/ mentions examples_c/{name}.c"
        );
    }
    let _ = std::fs::remove_dir_all(&prefix);
}

/// Each example and what it prints.
const EXAMPLES: &[(&str, &str)] = &[
    (
        "solve_board",
        "SQ 5 =SJ\nS6 5\nDJ 5\nD8 5\nD5 5\nCT 5 =C9 =C8\nHK 4\nH6 4 =H5\nH2 4\n",
    ),
    (
        "dd_table_par",
        "    N  E  S  W\nS   5  8  5  8\nH   6  6  6  6\nD   5  7  5  7\n\
         C   7  5  7  5\nNT  6  6  6  6\nPar: NS -110, NS:EW 2S\nDealerPar: -110 2S-EW\n",
    ),
    (
        "play_analysis",
        "13 values: 10 10 10 10 10 10 10 10 10 10 10 10 10\n",
    ),
    (
        "batch_threads",
        "40 strain-tables solved\ndeal 0: NT 6 6 6 6, par NS -110 NS:EW 2S\n\
         deal 1: NT 4 8 4 8, par NS -300 NS:NS 5Hx\n",
    ),
];
