//! `include/dds/dll.h` must be what cbindgen generates from `src/` now,
//! and must declare DDS 2.9.0's names with DDS's signatures.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

#[allow(dead_code)]
#[path = "../build.rs"]
mod build_script;

/// Debian's DDS header, when libdds-dev is installed.
const DEBIAN_HEADER: &str = "/usr/include/dds/dll.h";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn committed_header() -> String {
    fs::read_to_string(root().join(build_script::DDS_HEADER)).expect("include/dds/dll.h exists")
}

#[test]
fn dds_header_is_current() {
    let want = build_script::dds_header(root()).expect("cbindgen generates the header");
    let have = committed_header();
    if have != want {
        let first = have
            .lines()
            .zip(want.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| have.lines().count().min(want.lines().count()));
        panic!(
            "include/dds/dll.h is stale (first difference at line {}): run `cargo build` and commit it\n\
             have: {:?}\nwant: {:?}",
            first + 1,
            have.lines().nth(first),
            want.lines().nth(first)
        );
    }
}

#[test]
fn kibitz_headers_are_current() {
    for name in build_script::KIBITZ_MODULES {
        let Some(want) = build_script::kibitz_header(root(), name).expect("cbindgen generates")
        else {
            continue;
        };
        let path = build_script::kibitz_header_path(name);
        let have = fs::read_to_string(root().join(&path)).unwrap_or_default();
        assert!(
            have == want,
            "{path} is stale: run `cargo build` and commit it"
        );
    }
}

#[test]
fn header_has_guards_and_includes() {
    let h = committed_header();
    assert!(h.contains("#ifndef DDS_DLL_H\n#define DDS_DLL_H"));
    assert!(h.contains("#include <stdbool.h>"));
    assert!(h.contains("#ifdef __cplusplus\nextern \"C\" {"));
    assert!(h.contains("#define DDS_VERSION 20900"));
    assert!(h.contains(
        "#define TEXT_SUIT_OR_RANK \"currentTrickSuit or currentTrickRank has wrong data\""
    ));
    assert!(h.contains("struct deal {"));
    assert!(h.contains("int SolveBoard(struct deal dl,"));
}

/// `#define` names of a header (the include guard excluded).
fn defines(h: &str) -> Vec<String> {
    h.lines()
        .filter_map(|l| l.trim().strip_prefix("#define "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|n| *n != "DDS_DLL_H")
        .map(String::from)
        .collect()
}

/// Values of the `#define`s of a header, whitespace-normalised; multi-line
/// defines (backslash continuation) are joined.
fn define_values(h: &str) -> BTreeMap<String, String> {
    let joined = h.replace("\\\n", " ");
    joined
        .lines()
        .filter_map(|l| l.trim().strip_prefix("#define "))
        .filter_map(|l| {
            let mut parts = l.splitn(2, char::is_whitespace);
            let name = parts.next()?.to_string();
            let value = parts
                .next()
                .unwrap_or("")
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            Some((name, value))
        })
        .collect()
}

/// `struct X {` names of a header.
fn structs(h: &str) -> Vec<String> {
    h.lines()
        .filter_map(|l| l.trim().strip_prefix("struct "))
        .filter_map(|l| l.split(|c: char| c == '{' || c.is_whitespace()).next())
        .filter(|n| !n.is_empty())
        .filter(|_| true)
        .map(String::from)
        .collect()
}

/// Function prototypes of a header: name -> parameter types (parameter
/// names dropped, arrays as pointers, DDS's macros removed).
fn prototypes(h: &str) -> BTreeMap<String, Vec<String>> {
    // Comments out, then split into statements at ';'.
    let mut text = String::new();
    for line in h.lines() {
        let line = line.split("//").next().unwrap_or("");
        if !line.trim_start().starts_with('#') {
            text.push_str(line);
            text.push(' ');
        }
    }
    while let Some(start) = text.find("/*") {
        let end = text[start..]
            .find("*/")
            .map_or(text.len(), |e| start + e + 2);
        text.replace_range(start..end, " ");
    }
    let mut out = BTreeMap::new();
    for stmt in text.split(';') {
        let stmt = stmt
            .replace("EXTERN_C", " ")
            .replace("DLLEXPORT", " ")
            .replace("STDCALL", " ");
        let stmt = stmt
            .rsplit(['{', '}'])
            .next()
            .unwrap_or("")
            .trim()
            .to_string();
        let (Some(open), Some(close)) = (stmt.find('('), stmt.rfind(')')) else {
            continue;
        };
        let head: Vec<&str> = stmt[..open].split_whitespace().collect();
        if head.len() < 2 || head.contains(&"struct") && head.len() == 2 {
            continue;
        }
        let name = head.last().unwrap().trim_start_matches('*').to_string();
        let ret = head[..head.len() - 1].join(" ");
        let mut params = vec![ret];
        for p in stmt[open + 1..close].split(',') {
            params.push(param_type(p));
        }
        if params.len() == 2 && params[1] == "void" || params.len() == 2 && params[1].is_empty() {
            params.truncate(1);
        }
        out.insert(name, params);
    }
    out
}

/// The type of one C parameter declaration, normalised.
fn param_type(p: &str) -> String {
    let p = p.trim();
    let (p, array) = match p.find('[') {
        Some(i) => (&p[..i], true),
        None => (p, false),
    };
    let spaced = p.replace('*', " * ");
    let mut words: Vec<&str> = spaced.split_whitespace().collect();
    // Drop the parameter name (the last word, unless it is a type word).
    if words.len() >= 2 && !matches!(*words.last().unwrap(), "*" | "int" | "char" | "void") {
        words.pop();
    }
    let mut t = words.join(" ").replace(" *", "*");
    if array {
        t.push('*');
    }
    t
}

#[test]
fn our_names_and_signatures_are_dds_ones() {
    let Ok(debian) = fs::read_to_string(DEBIAN_HEADER) else {
        assert!(
            std::env::var_os("CI").is_none(),
            "an oracle is missing; CI needs every one"
        );
        eprintln!("{DEBIAN_HEADER} not installed; skipped");
        return;
    };
    let ours = committed_header();
    // Every DDS constant and struct, with the same values.
    let our_values = define_values(&ours);
    for (name, value) in define_values(&debian) {
        if matches!(
            name.as_str(),
            "DDS_DLL_H" | "DLLEXPORT" | "STDCALL" | "EXTERN_C" | "INT8"
        ) {
            continue;
        }
        assert_eq!(our_values.get(&name), Some(&value), "#define {name}");
    }
    let our_structs = structs(&ours);
    for s in structs(&debian) {
        assert!(our_structs.contains(&s), "struct {s} missing");
    }
    assert!(!defines(&ours).is_empty());
    // Every function we declare has DDS's signature (SolveAllBoardsBin is
    // from DDS's development branch and not in 2.9.0's header).
    let theirs = prototypes(&debian);
    let mine = prototypes(&ours);
    assert!(
        theirs.len() >= 20,
        "parsed {} Debian prototypes",
        theirs.len()
    );
    assert!(mine.contains_key("SolveBoard"), "{mine:?}");
    for (name, params) in &mine {
        match theirs.get(name) {
            Some(t) => assert_eq!(params, t, "signature of {name}"),
            None => assert_eq!(
                name, "SolveAllBoardsBin",
                "{name} is not a DDS 2.9.0 function"
            ),
        }
    }
    let missing: Vec<&String> = theirs.keys().filter(|n| !mine.contains_key(*n)).collect();
    if !missing.is_empty() {
        eprintln!("DDS functions not declared yet: {missing:?}");
    }
}
