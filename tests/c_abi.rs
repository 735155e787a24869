//! C programs from `c_tests/`, compiled with the system C compiler (found
//! through the `cc` crate) and linked against the `libdds.so` cargo built:
//! struct layout against DDS's own header, the API from C, DDS's header
//! with our library, the header from C++, loading and unloading with
//! dlopen/dlclose, and seven C threads calling the library at once.

mod support;

use std::path::Path;

use support::{c_command, compiler, lib_dir, root, work_dir};

/// Debian's DDS header, when libdds-dev is installed.
const DEBIAN_HEADER: &str = "/usr/include/dds/dll.h";

/// How to build one program.
struct Program<'a> {
    source: &'a str,
    cpp: bool,
    /// Use Kibitz's `include/` (else the system's, i.e. Debian's header).
    our_header: bool,
    /// Link against our library (`lib_dir`).
    link: Option<&'a Path>,
}

/// Compiles `prog` into `out`; panics with the compiler's output on error.
fn build(prog: &Program, out: &Path) {
    let mut cmd = compiler(prog.cpp).to_command();
    if prog.our_header {
        cmd.arg("-I").arg(root().join("include"));
    }
    cmd.arg("-Wall").arg("-Werror");
    if !prog.cpp {
        cmd.arg("-std=c11");
    }
    cmd.arg(root().join("c_tests").join(prog.source))
        .arg("-o")
        .arg(out);
    if let Some(lib) = prog.link {
        cmd.arg("-L")
            .arg(lib)
            .arg(format!("-Wl,-rpath,{}", lib.display()));
        cmd.arg("-ldds").arg("-pthread");
    }
    let output = cmd.output().expect("run the C compiler");
    assert!(
        output.status.success(),
        "compiling {} failed:\n{}{}",
        prog.source,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Runs a built program (with our library first on the loader path) and
/// returns its standard output; panics if it fails.
fn run(exe: &Path, lib: Option<&Path>) -> String {
    let mut cmd = c_command(exe);
    if let Some(lib) = lib {
        cmd.env("LD_LIBRARY_PATH", lib);
    }
    let output = cmd.output().expect("run the C program");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "{} failed ({}):\n{}{}",
        exe.display(),
        output.status,
        stdout,
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

/// Builds and runs one program; its standard output.
fn build_and_run(name: &str, prog: Program) -> String {
    let exe = work_dir(name).join(format!("{name}-{}", std::process::id()));
    build(&prog, &exe);
    let out = run(&exe, prog.link);
    let _ = std::fs::remove_file(&exe);
    out
}

/// The `sizeof(struct X) = N` values printed by `layout.c`.
fn sizes(layout: &str) -> Vec<(String, usize)> {
    layout
        .lines()
        .filter_map(|l| {
            let rest = l.strip_prefix("sizeof(struct ")?;
            let (name, rest) = rest.split_once(") = ")?;
            let n = rest.split(',').next()?.trim().parse().ok()?;
            Some((name.to_string(), n))
        })
        .collect()
}

#[test]
fn layout_matches_rust_and_debian() {
    let ours = build_and_run(
        "layout",
        Program {
            source: "layout.c",
            cpp: false,
            our_header: true,
            link: None,
        },
    );
    // The C sizes of our header are the Rust sizes.
    use dds::types as t;
    use std::mem::size_of;
    let rust: Vec<(&str, usize)> = vec![
        ("futureTricks", size_of::<t::futureTricks>()),
        ("deal", size_of::<t::deal>()),
        ("dealPBN", size_of::<t::dealPBN>()),
        ("boards", size_of::<t::boards>()),
        ("boardsPBN", size_of::<t::boardsPBN>()),
        ("solvedBoards", size_of::<t::solvedBoards>()),
        ("ddTableDeal", size_of::<t::ddTableDeal>()),
        ("ddTableDeals", size_of::<t::ddTableDeals>()),
        ("ddTableDealPBN", size_of::<t::ddTableDealPBN>()),
        ("ddTableDealsPBN", size_of::<t::ddTableDealsPBN>()),
        ("ddTableResults", size_of::<t::ddTableResults>()),
        ("ddTablesRes", size_of::<t::ddTablesRes>()),
        ("parResults", size_of::<t::parResults>()),
        ("allParResults", size_of::<t::allParResults>()),
        ("parResultsDealer", size_of::<t::parResultsDealer>()),
        ("contractType", size_of::<t::contractType>()),
        ("parResultsMaster", size_of::<t::parResultsMaster>()),
        ("parTextResults", size_of::<t::parTextResults>()),
        ("playTraceBin", size_of::<t::playTraceBin>()),
        ("playTracePBN", size_of::<t::playTracePBN>()),
        ("solvedPlay", size_of::<t::solvedPlay>()),
        ("playTracesBin", size_of::<t::playTracesBin>()),
        ("playTracesPBN", size_of::<t::playTracesPBN>()),
        ("solvedPlays", size_of::<t::solvedPlays>()),
        ("DDSInfo", size_of::<t::DDSInfo>()),
    ];
    let c = sizes(&ours);
    assert_eq!(c.len(), rust.len(), "{ours}");
    for (name, size) in rust {
        let got = c.iter().find(|(n, _)| n == name).map(|p| p.1);
        assert_eq!(got, Some(size), "sizeof(struct {name}) in C vs Rust");
    }
    if Path::new(DEBIAN_HEADER).exists() {
        let theirs = build_and_run(
            "layout-debian",
            Program {
                source: "layout.c",
                cpp: false,
                our_header: false,
                link: None,
            },
        );
        for (a, b) in ours.lines().zip(theirs.lines()) {
            assert_eq!(a, b, "layout with Kibitz's header vs DDS's");
        }
        assert_eq!(ours.lines().count(), theirs.lines().count());
    } else {
        eprintln!("{DEBIAN_HEADER} not installed; layout compared with Rust only");
    }
}

#[test]
fn c_program_solves_with_our_header() {
    let lib = lib_dir();
    let out = build_and_run(
        "solve",
        Program {
            source: "solve.c",
            cpp: false,
            our_header: true,
            link: Some(&lib),
        },
    );
    assert!(out.contains("solve: all checks passed"), "{out}");
}

#[test]
fn c_program_computes_par_with_our_header() {
    let lib = lib_dir();
    let out = build_and_run(
        "par",
        Program {
            source: "par.c",
            cpp: false,
            our_header: true,
            link: Some(&lib),
        },
    );
    assert!(out.contains("par: all checks passed"), "{out}");
}

#[test]
fn c_program_written_for_dds_runs_on_kibitz() {
    if !Path::new(DEBIAN_HEADER).exists() {
        assert!(
            std::env::var_os("CI").is_none(),
            "an oracle is missing; CI needs every one"
        );
        eprintln!("{DEBIAN_HEADER} not installed; skipped");
        return;
    }
    let lib = lib_dir();
    let out = build_and_run(
        "debian_header",
        Program {
            source: "debian_header.c",
            cpp: false,
            our_header: false,
            link: Some(&lib),
        },
    );
    assert!(out.contains("debian_header: all checks passed"), "{out}");
}

#[test]
fn cxx_program_links_through_extern_c_guard() {
    let lib = lib_dir();
    let out = build_and_run(
        "cxx_header",
        Program {
            source: "cxx_header.cpp",
            cpp: true,
            our_header: true,
            link: Some(&lib),
        },
    );
    assert!(out.contains("cxx_header: all checks passed"), "{out}");
}

/// Loading and unloading the library with dlopen/dlclose, three times, and
/// leaving the process normally never crash.
#[test]
fn dlopen_dlclose_and_exit() {
    let lib = lib_dir();
    let exe = work_dir("dlopen").join(format!("dlopen-{}", std::process::id()));
    build(
        &Program {
            source: "dlopen.c",
            cpp: false,
            our_header: true,
            link: None,
        },
        &exe,
    );
    let output = c_command(&exe)
        .env("KIBITZ_LIB", lib.join("libdds.so"))
        .output()
        .expect("run dlopen.c");
    let _ = std::fs::remove_file(&exe);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "dlopen.c failed ({}): {stdout}{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(stdout, "dlopen: all checks passed\n");
}

/// Six POSIX threads calling SolveBoardPBN (three at once, sharing thread
/// indices), SolveAllBoards, CalcDDtablePBN and CalcAllTablesPBN at the
/// same time all get the single-threaded answers.
#[test]
fn concurrent_calls_from_c_threads_agree() {
    let lib = lib_dir();
    let exe = work_dir("stress").join(format!("stress-{}", std::process::id()));
    build(
        &Program {
            source: "stress.c",
            cpp: false,
            our_header: true,
            link: Some(&lib),
        },
        &exe,
    );
    let output = c_command(&exe)
        .env("LD_LIBRARY_PATH", &lib)
        .env("STRESS_ROUNDS", "2")
        .output()
        .expect("run stress.c");
    let _ = std::fs::remove_file(&exe);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "stress.c failed ({}): {stdout}{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(stdout, "stress: all checks passed\n");
}

/// Play analysis from C: DDS's TRACE answers for two list100 hands, a
/// start in the middle of a trick, the batch functions and the error codes.
#[test]
fn c_program_analyses_plays() {
    let lib = lib_dir();
    let out = build_and_run(
        "play",
        Program {
            source: "play.c",
            cpp: false,
            our_header: true,
            link: Some(&lib),
        },
    );
    assert!(out.contains("play: all checks passed"), "{out}");
}
