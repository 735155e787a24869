//! Build script: the SONAME of the shared library, and `include/dds/dll.h`
//! generated with cbindgen from the DDS part of `src/ffi`.
//!
//! Header generation never fails the build: the committed header is the
//! source of truth for C users, and `tests/header_current.rs` checks that it
//! matches what cbindgen produces now. This file is also compiled into that
//! test (`#[path = "../build.rs"]`), so the generation code lives here once.

use std::fs;
use std::path::{Path, PathBuf};

/// Where the generated DDS header goes, relative to the crate root.
pub const DDS_HEADER: &str = "include/dds/dll.h";

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=cbindgen.toml");
    println!("cargo:rerun-if-changed=src/ffi");
    // The target triple, for tests that compile C with the `cc` crate.
    if let Ok(target) = std::env::var("TARGET") {
        println!("cargo:rustc-env=KIBITZ_TARGET={target}");
    }
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libdds.so.0");
    }
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into()));
    match dds_header(&root) {
        Ok(text) => {
            if let Err(e) = write_if_changed(&root.join(DDS_HEADER), &text) {
                println!("cargo:warning=could not write {DDS_HEADER}: {e}");
            }
        }
        Err(e) => println!("cargo:warning=cbindgen failed, {DDS_HEADER} left as it is: {e}"),
    }
}

/// The Rust files that define DDS's C interface: `src/ffi/dds*.rs` and
/// everything under `src/ffi/dds/`, sorted.
pub fn dds_sources(root: &Path) -> Vec<PathBuf> {
    let ffi = root.join("src/ffi");
    let mut out = Vec::new();
    if let Ok(entries) = fs::read_dir(&ffi) {
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if path.is_file() && name.starts_with("dds") && name.ends_with(".rs") {
                out.push(path);
            }
        }
    }
    collect_rs(&ffi.join("dds"), &mut out);
    out.sort();
    out
}

/// Adds every `.rs` file under `dir` to `out`.
fn collect_rs(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect_rs(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The `TEXT_*` string constants of `src` as (name, text) pairs, read from
/// lines of the form `pub const TEXT_X: &str = "...";`.
pub fn text_constants(src: &str) -> Vec<(String, String)> {
    src.lines()
        .filter_map(|line| {
            let rest = line.trim().strip_prefix("pub const TEXT_")?;
            let (name, value) = rest.split_once(": &str = \"")?;
            let text = value.strip_suffix("\";")?;
            Some((format!("TEXT_{name}"), text.to_string()))
        })
        .collect()
}

/// The names of the `pub struct`s of `src` (all of DDS's structs are
/// exported, also those no function uses yet).
pub fn struct_names(src: &str) -> Vec<String> {
    src.lines()
        .filter_map(|line| {
            let rest = line.trim().strip_prefix("pub struct ")?;
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            (!name.is_empty()).then_some(name)
        })
        .collect()
}

/// Inserts `#define TEXT_X "..."` after each `#define RETURN_X` line of
/// `header`; texts without a matching code go before the first struct.
fn add_texts(header: &str, texts: &[(String, String)]) -> String {
    let mut out = String::with_capacity(header.len() + 4096);
    let mut used = vec![false; texts.len()];
    for line in header.lines() {
        out.push_str(line);
        out.push('\n');
        let Some(code) = line.strip_prefix("#define RETURN_") else {
            continue;
        };
        let code = code.split_whitespace().next().unwrap_or("");
        for (i, (name, text)) in texts.iter().enumerate() {
            if name.strip_prefix("TEXT_") == Some(code) {
                out.push_str(&format!("#define {name} \"{text}\"\n"));
                used[i] = true;
            }
        }
    }
    let rest: String = texts
        .iter()
        .zip(&used)
        .filter(|(_, &u)| !u)
        .map(|((name, text), _)| format!("#define {name} \"{text}\"\n"))
        .collect();
    if !rest.is_empty() {
        if let Some(at) = out.find("\nstruct ") {
            out.insert_str(at + 1, &format!("{rest}\n"));
        }
    }
    out
}

/// Generates the text of `include/dds/dll.h` from the sources under `root`.
pub fn dds_header(root: &Path) -> Result<String, String> {
    let mut config = cbindgen::Config::from_file(root.join("cbindgen.toml"))?;
    let sources = dds_sources(root);
    if sources.is_empty() {
        return Err("no src/ffi/dds*.rs sources".into());
    }
    let mut texts = Vec::new();
    for src in &sources {
        let code = fs::read_to_string(src).map_err(|e| format!("{}: {e}", src.display()))?;
        texts.extend(text_constants(&code));
        config.export.include.extend(struct_names(&code));
    }
    let mut builder = cbindgen::Builder::new().with_config(config);
    for src in &sources {
        builder = builder.with_src(src);
    }
    let bindings = builder.generate().map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    bindings.write(&mut bytes);
    let header = String::from_utf8(bytes).map_err(|e| e.to_string())?;
    Ok(add_texts(&header, &texts))
}

/// Writes `text` to `path` unless the file already holds exactly it (so the
/// file's time stamp only moves on real changes), via a temporary file.
pub fn write_if_changed(path: &Path, text: &str) -> std::io::Result<()> {
    if fs::read_to_string(path).is_ok_and(|old| old == text) {
        return Ok(());
    }
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir)?;
    }
    let tmp = path.with_extension(format!("h.tmp{}", std::process::id()));
    fs::write(&tmp, text)?;
    fs::rename(&tmp, path)
}
