//! DDS hand files (`list*.txt`): parsing for the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

/// One record of a DDS test hand file (`list*.txt`).
#[derive(Clone, Debug)]
pub struct HandRecord {
    pub dealer: i32,
    pub vul: i32,
    pub trump: i32,
    pub first: i32,
    pub pbn: String,
    /// (suit, rank, equals, score) per card of SolveBoard(-1, 3, 1).
    pub fut: Vec<(i32, i32, i32, i32)>,
    /// resTable[strain][hand], flattened.
    pub table: Vec<i32>,
    pub par: Vec<String>,
    pub par2: Vec<String>,
    pub play: String,
    pub trace: Vec<i32>,
}

/// Path of a file under the repository's `tests/data` (also from the
/// command line's tests in `cli/`).
pub fn data(name: &str) -> PathBuf {
    let package = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let root = package
        .ancestors()
        .find(|dir| dir.join("tests/data").is_dir())
        .unwrap_or(&package);
    root.join("tests/data").join(name)
}

fn quoted(line: &str) -> Vec<String> {
    line.split('"')
        .enumerate()
        .filter(|(i, _)| i % 2 == 1)
        .map(|(_, s)| s.to_string())
        .collect()
}

fn ints(words: &[&str]) -> Vec<i32> {
    words.iter().map(|w| w.parse().unwrap()).collect()
}

/// Parses a DDS hand file.
pub fn read_hands(name: &str) -> Vec<HandRecord> {
    let text = std::fs::read_to_string(data(name)).unwrap();
    let mut out = Vec::new();
    let mut cur: Option<HandRecord> = None;
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("PBN") => {
                if let Some(r) = cur.take() {
                    out.push(r);
                }
                cur = Some(HandRecord {
                    dealer: words[1].parse().unwrap(),
                    vul: words[2].parse().unwrap(),
                    trump: words[3].parse().unwrap(),
                    first: words[4].parse().unwrap(),
                    pbn: quoted(line)[0].clone(),
                    fut: vec![],
                    table: vec![],
                    par: vec![],
                    par2: vec![],
                    play: String::new(),
                    trace: vec![],
                });
            }
            Some("FUT") => {
                let v = ints(&words[1..]);
                let n = v[0] as usize;
                let r = cur.as_mut().unwrap();
                r.fut = (0..n)
                    .map(|i| (v[1 + i], v[1 + n + i], v[1 + 2 * n + i], v[1 + 3 * n + i]))
                    .collect();
            }
            Some("TABLE") => cur.as_mut().unwrap().table = ints(&words[1..]),
            Some("PAR") => cur.as_mut().unwrap().par = quoted(line),
            Some("PAR2") => cur.as_mut().unwrap().par2 = quoted(line),
            Some("PLAY") => {
                cur.as_mut().unwrap().play = quoted(line).first().cloned().unwrap_or_default()
            }
            Some("TRACE") => cur.as_mut().unwrap().trace = ints(&words[1..]),
            _ => {}
        }
    }
    out.extend(cur);
    out
}
