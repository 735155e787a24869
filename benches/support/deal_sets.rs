//! The kinds of deal the side-by-side benches compare on: DDS hand files
//! (`KIBITZ_BENCH_FILE`, at most `KIBITZ_BENCH_LIMIT` deals), the golden
//! corpus's shaped deals (`KIBITZ_BENCH_SHAPED`), seeded random deals with
//! every hand balanced (`KIBITZ_BENCH_BALANCED`), or else seeded random
//! deals; and the sets of `KIBITZ_BENCH_SETS=1`.

use std::os::raw::c_int;

use crate::child::env_u64;
use crate::random::{random_deal, Holdings, Rng};

/// A deal with the strain and leader its `SolveBoard` uses.
pub type BenchDeal = (Holdings, c_int, c_int);

/// The deals the environment selects (a hand file, the shaped corpus
/// deals or balanced deals, `n` of the latter two), or `None` for seeded
/// random deals.
pub fn selected(n: usize, rng: &mut Rng) -> Option<Vec<BenchDeal>> {
    let limit = env_u64("KIBITZ_BENCH_LIMIT", u64::MAX) as usize;
    if let Ok(path) = std::env::var("KIBITZ_BENCH_FILE") {
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("KIBITZ_BENCH_FILE {path}: {e}"));
        return Some(
            text.lines()
                .filter_map(hand_file_deal)
                .take(limit)
                .collect(),
        );
    }
    if std::env::var_os("KIBITZ_BENCH_SHAPED").is_some() {
        return Some(shaped_deals(n, rng));
    }
    if std::env::var_os("KIBITZ_BENCH_BALANCED").is_some() {
        return Some(balanced_deals(n, rng));
    }
    None
}

/// `n` seeded random deals in which every hand is 4-3-3-3 or 4-4-3-2
/// (about one deal in a hundred), with a seeded strain and leader each:
/// no long suit and no ruff decides them, so many cards and lines of
/// play are worth the same and each must be searched to show it.
fn balanced_deals(n: usize, rng: &mut Rng) -> Vec<BenchDeal> {
    let balanced = |h: &Holdings| {
        h.iter().all(|hand| {
            let mut lengths = hand.map(u32::count_ones);
            lengths.sort_unstable();
            lengths == [3, 3, 3, 4] || lengths == [2, 3, 4, 4]
        })
    };
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let h = random_deal(rng);
        if balanced(&h) {
            out.push((h, rng.range(0, 4), rng.range(0, 3)));
        }
    }
    out
}

/// The golden corpus's shaped deals (7+ card suits, voids, two-suiters,
/// 4-4-4-1 hands; `tests/data/golden/tables.txt.gz`), `n` of them taken
/// in turn from each class, with a seeded strain and leader each.
fn shaped_deals(n: usize, rng: &mut Rng) -> Vec<BenchDeal> {
    use std::io::Read;
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/golden/tables.txt.gz"
    );
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut text = String::new();
    flate2::read::GzDecoder::new(file)
        .read_to_string(&mut text)
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut classes: Vec<(&str, Vec<&str>)> = Vec::new();
    for line in text.lines() {
        let mut f = line.split('|');
        let (Some(class), Some(pbn)) = (f.next(), f.next()) else {
            continue;
        };
        if class == "uniform" || class == "list1000" {
            continue;
        }
        match classes.iter_mut().find(|(c, _)| *c == class) {
            Some((_, v)) => v.push(pbn),
            None => classes.push((class, vec![pbn])),
        }
    }
    let mut out = Vec::with_capacity(n);
    for k in 0..n {
        let (_, pbns) = &classes[k % classes.len()];
        let Some(pbn) = pbns.get(k / classes.len()) else {
            break;
        };
        let line = format!("PBN 0 0 {} {} \"{pbn}\"", rng.range(0, 4), rng.range(0, 3));
        out.extend(hand_file_deal(&line));
    }
    out
}

/// One `PBN dealer vulnerable trump first "N:..."` line of a DDS hand file.
fn hand_file_deal(line: &str) -> Option<BenchDeal> {
    let rest = line.strip_prefix("PBN ")?;
    let mut words = rest.split_whitespace();
    let (_dealer, _vul) = (words.next()?, words.next()?);
    let trump: c_int = words.next()?.parse().ok()?;
    let first: c_int = words.next()?.parse().ok()?;
    let pbn = rest.split('"').nth(1)?;
    let deal = kibitz::bridge::cards::Deal::from_pbn(pbn).ok()?;
    let mut h: Holdings = Default::default();
    for (seat, hand) in deal.0.iter().enumerate() {
        for (suit, holding) in hand.0.iter().enumerate() {
            h[seat][suit] = u32::from(holding.0);
        }
    }
    Some((h, trump, first))
}

/// The sets of `KIBITZ_BENCH_SETS=1`: a name and the environment that
/// selects each; `n` deals a set at most (largest.txt: all 21).
pub fn deal_sets(n: u64) -> Vec<(String, Vec<(&'static str, String)>)> {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
    let mut sets = vec![
        ("uniform random".to_string(), vec![]),
        (
            "list1000 (real play)".to_string(),
            vec![
                ("KIBITZ_BENCH_FILE", format!("{data}/list1000.txt")),
                ("KIBITZ_BENCH_LIMIT", n.to_string()),
            ],
        ),
    ];
    // DDS's larger hand file, where it is installed next to list1000.
    let big = std::env::var("KIBITZ_LIST10000").unwrap_or_else(|_| format!("{data}/list10000.txt"));
    if std::path::Path::new(&big).is_file() {
        sets.push((
            "list10000 (real play)".to_string(),
            vec![
                ("KIBITZ_BENCH_FILE", big),
                ("KIBITZ_BENCH_LIMIT", n.to_string()),
            ],
        ));
    }
    sets.push((
        "shaped (long, void, 5-5, 4-4-4-1)".to_string(),
        vec![("KIBITZ_BENCH_SHAPED", "1".to_string())],
    ));
    sets.push((
        "balanced (4-3-3-3, 4-4-3-2: many equal cards)".to_string(),
        vec![("KIBITZ_BENCH_BALANCED", "1".to_string())],
    ));
    sets.push((
        "largest.txt (DDS's hardest)".to_string(),
        vec![("KIBITZ_BENCH_FILE", format!("{data}/dds-hands/largest.txt"))],
    ));
    sets
}
