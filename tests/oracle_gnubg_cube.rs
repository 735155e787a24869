//! Differential tests of match equity tables, gammon prices, MWC/equity
//! conversions and 0-ply cube analyses against GNU Backgammon 1.07's
//! embedded Python (`gnubg -t -q -r -p script.py`), run when gnubg is
//! installed (in PATH, at /usr/games/gnubg, or named by KIBITZ_GNUBG);
//! otherwise each test prints "skipped".
//!
//! * every entry of the 64 × 64 pre-Crawford and both post-Crawford tables
//!   of the default table and of gnubg's shipped XML files (all but the
//!   `mec` ones, which Kibitz refuses);
//! * gammon prices, eq2mwc and mwc2eq at random match and money states;
//! * random positions (seeded; contact, crashed, race, one-sided bearoff)
//!   × random cube states (money and match, every owner, Jacoby and
//!   beavers on and off, Crawford and post-Crawford): gnubg's 0-ply
//!   probabilities go through our Janowski conversion with our cube
//!   efficiency, and must give gnubg's `cfevaluate` values and decision.
//!
//! * random two-sided bearoff positions (at most 6 chequers a side) × random
//!   cube states: our exact database's probabilities and cube analyses
//!   against gnubg's `evaluate` and `cfevaluate` (which read its
//!   `gnubg_ts0.bd`).
//!
//! * random one-sided bearoffs (both sides home, up to 15 chequers): our
//!   one-sided database's probabilities and 0-ply cube analyses against
//!   gnubg's (its `gnubg_os0.bd`);
//! * n-ply: 1-ply (and some 2-ply) cube analyses of random two-sided
//!   bearoff positions at random match scores, where gnubg expands the
//!   tree down to its exact database (money play never expands these), so
//!   the recursion is compared without a neural net; and 1-ply analyses
//!   of one-sided bearoffs in money and match play (all leaves are
//!   bearoff database positions).
//!
//! KIBITZ_BG_CASES scales the random cases (default 300 positions, each
//! with 4 cube states, and 300 conversion states); KIBITZ_BG_SEED changes
//! the seed. Each test prints its counts and the largest difference.

#[path = "support/random.rs"]
mod random;

#[path = "support/bg_random.rs"]
mod bg_random;

#[path = "support/gnubg.rs"]
mod gnubg;

use std::path::Path;

use gnubg::{cases, gnubg, py_board, seed};
use kibitz::backgammon::{
    bearoff_cube_eval, cube_efficiency, cubeful_0ply, evaluate_cubeful, met_from_xml,
    one_sided_probabilities, two_sided_probabilities, Board, CubeDecision, CubeInfo,
    MatchEquityTable, PositionClass, Probabilities,
};
use random::Rng;

/// Largest difference allowed between gnubg's `f32` results and ours.
const TOLERANCE: f32 = 2e-6;

/// n-ply values are sums over many leaves: beyond [`TOLERANCE`], a
/// difference of at most 4 f32 units of MWC (near 1) is allowed and counted.
const NPLY_MWC_UNITS: f32 = 4.0 * 1.2e-7;

/// Python that starts every script: `out` flushes gnubg's own output
/// first so that lines stay in order.
const PRELUDE: &str = r#"
import gnubg, ctypes
_libc = ctypes.CDLL(None)
def out(*a):
    _libc.fflush(None)
    print("KZ " + " ".join(str(x) for x in a), flush=True)
"#;

/// Runs `body` after [`PRELUDE`] in gnubg; returns its `KZ` lines split
/// into words (without the `KZ`).
fn run_gnubg(exe: &Path, tag: &str, body: &str) -> Vec<Vec<String>> {
    gnubg::run_script(exe, tag, PRELUDE, body)
        .lines()
        .filter_map(|l| l.strip_prefix("KZ "))
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect()
}

/// A number gnubg printed (an `f32` widened to a double).
fn num(s: &str) -> f32 {
    s.parse::<f64>().unwrap() as f32
}

/// Tracks the largest difference seen.
#[derive(Default)]
struct Diff {
    count: usize,
    max: f32,
}

impl Diff {
    /// Compares `ours` with `theirs`, panicking beyond `tolerance`.
    fn check(&mut self, ours: f32, theirs: f32, tolerance: f32, what: &dyn Fn() -> String) {
        let d = (ours - theirs).abs();
        assert!(d <= tolerance, "{}: ours {ours}, gnubg {theirs}", what());
        self.count += 1;
        self.max = self.max.max(d);
    }
}

/// Largest MET difference allowed: the normal-approximation entries
/// (`erff`) of gnubg's build differ from ours by a few units in the last
/// place in 2 of the 4096 entries (1 unit of 0.8 = 1.2e-7 after `1 - x`).
const MET_TOLERANCE: f32 = 2e-7;

/// gnubg's shipped MET files Kibitz reads (all but the `mec` ones).
const MET_FILES: &[&str] = &[
    "Kazaross-XG2",
    "Rockwell-Kazaross",
    "g11",
    "jac050",
    "jac100",
    "jacobs",
    "mec26",
    "ortega",
    "snowie",
    "woolsey",
    "zadeh",
];

/// gnubg's MET directory.
const MET_DIR: &str = "/usr/share/gnubg/met";

#[test]
fn match_equity_tables_match_gnubg() {
    let Some(exe) = gnubg() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "an oracle is missing; CI needs every one"
        );
        eprintln!("gnubg not installed; skipped");
        return;
    };
    let mut tables: Vec<(String, MatchEquityTable)> =
        vec![("default".into(), MatchEquityTable::default_table().clone())];
    for name in MET_FILES {
        let path = format!("{MET_DIR}/{name}.xml");
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!("{path} missing; not compared");
            continue;
        };
        let table = met_from_xml(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
        tables.push((name.to_string(), table));
    }
    let mut body = String::new();
    for (name, _) in &tables {
        if name != "default" {
            body.push_str(&format!(
                "gnubg.command('set matchequitytable {MET_DIR}/{name}.xml')\n"
            ));
        }
        body.push_str(&format!(
            "m = gnubg.met(64)\nfor i, row in enumerate(m[0]):\n    out('PRE', '{name}', i, *[repr(v) for v in row])\nfor p in (0, 1):\n    out('POST', '{name}', p, *[repr(v) for v in m[1 + p]])\n"
        ));
    }
    let lines = run_gnubg(&exe, "met", &body);
    let mut diff = Diff::default();
    for w in &lines {
        let (kind, name, k) = match w.as_slice() {
            [kind, name, k, ..] if kind == "PRE" || kind == "POST" => (kind, name, k),
            _ => continue,
        };
        let table = &tables.iter().find(|(n, _)| n == name).unwrap().1;
        let k: usize = k.parse().unwrap();
        let values = &w[3..];
        assert_eq!(values.len(), 64, "{kind} {name} {k}");
        for (j, v) in values.iter().enumerate() {
            let (ours, what) = if kind == "PRE" {
                (table.pre(k as i32 + 1, j as i32 + 1), "pre")
            } else {
                (table.post(k, j as i32 + 1), "post")
            };
            diff.check(ours, num(v), MET_TOLERANCE, &|| {
                format!("{name} {what}[{k}][{j}]")
            });
        }
    }
    assert_eq!(diff.count, tables.len() * 66 * 64);
    eprintln!(
        "gnubg MET: {} tables, {} entries, largest difference {:e}",
        tables.len(),
        diff.count,
        diff.max
    );
}

/// A random, consistent cube state: money (any owner, Jacoby and beavers
/// at random) or a match of 1..=25 points (Crawford and post-Crawford
/// when a player is 1-away).
fn random_cube_info(rng: &mut Rng) -> CubeInfo {
    let mover = rng.below(2);
    let owner = match rng.below(3) {
        0 => None,
        o => Some(o - 1),
    };
    if rng.chance(0.35) {
        let cube = if owner.is_none() {
            1
        } else {
            1 << rng.below(4)
        };
        return CubeInfo {
            cube,
            owner,
            mover,
            jacoby: rng.chance(0.5),
            beavers: rng.chance(0.5),
            ..CubeInfo::money(false, false)
        };
    }
    let n = rng.range(1, 25) as u32;
    let mut score = [rng.below(n as usize) as u32, rng.below(n as usize) as u32];
    if rng.chance(0.3) {
        // Put a player at 1-away.
        score[rng.below(2)] = n - 1;
    }
    let one_away = score.iter().any(|&s| s + 1 == n);
    let crawford = one_away && score != [n - 1, n - 1] && rng.chance(0.5);
    let cube = if owner.is_none() || crawford {
        if crawford {
            1
        } else {
            1 << rng.below(2)
        }
    } else {
        1 << rng.below(5)
    };
    CubeInfo {
        cube,
        owner: if crawford { None } else { owner },
        mover,
        match_to: n,
        score,
        crawford,
        jacoby: false,
        beavers: false,
    }
    .validated()
    .unwrap()
}

/// A Python expression building gnubg's cube info dict for `ci`.
fn py_cube_info(ci: &CubeInfo) -> String {
    format!(
        "ci({}, {}, {}, {}, ({}, {}), {}, {}, {})",
        ci.cube,
        ci.owner.map_or(-1, |o| o as i32),
        ci.mover,
        ci.match_to,
        ci.score[0],
        ci.score[1],
        u8::from(ci.crawford),
        u8::from(ci.jacoby),
        u8::from(ci.beavers)
    )
}

/// Python helper: a cube info dict with Jacoby and beavers forced.
const PY_CI: &str = r#"
def ci(cube, owner, move, n, score, craw, jac, beav):
    d = gnubg.cubeinfo(cube, owner, move, n, score, craw, 0)
    d['jacoby'] = jac
    d['beavers'] = beav
    return gnubg.calcgammonprice(d)
"#;

#[test]
fn conversions_match_gnubg() {
    let Some(exe) = gnubg() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "an oracle is missing; CI needs every one"
        );
        eprintln!("gnubg not installed; skipped");
        return;
    };
    let met = MatchEquityTable::default_table();
    let n = cases(300);
    let mut rng = Rng::new(seed(0xc0b3));
    let mut states = Vec::new();
    let mut body = String::from(PY_CI);
    for i in 0..n {
        let ci = random_cube_info(&mut rng);
        let eq = rng.range(-3000, 3000) as f32 / 1000.0;
        let mwc = rng.range(0, 1000) as f32 / 1000.0;
        body.push_str(&format!(
            "d = {}\ng = d['gammonprice']\nout('C', {i}, repr(g[0][0]), repr(g[1][0]), repr(g[0][1]), repr(g[1][1]), repr(gnubg.eq2mwc({eq:?}, d)), repr(gnubg.mwc2eq({mwc:?}, d)))\n",
            py_cube_info(&ci)
        ));
        states.push((ci, eq, mwc));
    }
    let lines = run_gnubg(&exe, "conv", &body);
    let mut diff = Diff::default();
    let (mut checked, mut money) = (0, 0);
    for w in &lines {
        if w[0] != "C" {
            continue;
        }
        let (ci, eq, mwc) = states[w[1].parse::<usize>().unwrap()];
        let what = || format!("{ci:?}");
        let gp = ci.gammon_prices(met);
        for k in 0..4 {
            // Gammon prices divide by the MWC gap of winning one cube,
            // tiny at lopsided scores: compare relatively beyond 1.
            let theirs = num(&w[2 + k]);
            diff.check(gp[k], theirs, TOLERANCE * theirs.abs().max(1.0), &what);
        }
        if ci.is_money() {
            money += 1;
        } else {
            // gnubg's conversions are for match play; equities of a few
            // points at 1-away scores are large, so compare relatively.
            let theirs = num(&w[7]);
            let tol = TOLERANCE * theirs.abs().max(1.0);
            diff.check(ci.eq2mwc(eq, met), num(&w[6]), TOLERANCE, &what);
            diff.check(ci.mwc2eq(mwc, met), theirs, tol, &what);
        }
        checked += 1;
    }
    assert_eq!(checked, n);
    eprintln!(
        "gnubg conversions: {checked} cube states ({money} money), {} values, largest difference {:e}",
        diff.count, diff.max
    );
}

#[test]
fn cube_analyses_match_gnubg() {
    let Some(exe) = gnubg() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "an oracle is missing; CI needs every one"
        );
        eprintln!("gnubg not installed; skipped");
        return;
    };
    let met = MatchEquityTable::default_table();
    let n = cases(300);
    let mut rng = Rng::new(seed(0xcb0f));
    let mut boards = Vec::new();
    while boards.len() < n {
        let b = bg_random::random_board(&mut rng);
        // The two-sided bearoff database's exact values are not Janowski's.
        if !matches!(b.class(), PositionClass::Over | PositionClass::Bearoff2) {
            boards.push(b);
        }
    }
    let mut cases_list = Vec::new();
    let mut body = String::from(PY_CI);
    body.push_str("ec = gnubg.evalcontext(1, 0, 0, 0, 0.0)\n");
    for (i, b) in boards.iter().enumerate() {
        body.push_str(&format!("b = {}\n", py_board(b)));
        for _ in 0..4 {
            let ci = random_cube_info(&mut rng);
            let k = cases_list.len();
            body.push_str(&format!(
                "d = {}\ne = gnubg.evaluate(b, d, ec)\nc = gnubg.cfevaluate(b, d, ec)\nout('E', {k}, *[repr(v) for v in e[:5]], *[repr(v) for v in c[:4]], c[4], c[5])\n",
                py_cube_info(&ci)
            ));
            cases_list.push((i, ci));
        }
    }
    let lines = run_gnubg(&exe, "cube", &body);
    let mut diff = Diff::default();
    let mut decisions = std::collections::BTreeMap::new();
    let (mut checked, mut ill_conditioned) = (0, 0);
    for w in &lines {
        if w[0] != "E" {
            continue;
        }
        let (i, ci) = cases_list[w[1].parse::<usize>().unwrap()];
        let board = &boards[i];
        let mut p: Probabilities = [0.0; 5];
        for (k, slot) in p.iter_mut().enumerate() {
            *slot = num(&w[2 + k]);
        }
        let x = cube_efficiency(board);
        let e = cubeful_0ply(&p, x, &ci, met);
        let what = || format!("{} {ci:?} p {p:?} x {x}: {e:?}", board.position_id());
        // Match play equities are MWC differences divided by half the MWC
        // spread of winning and losing the cube, (W - L) / 2; at lopsided
        // scores that spread is tiny and one f32 unit of an MWC (1.2e-7)
        // becomes a large equity difference. Such differences are allowed
        // (and counted); everything else must agree to 2e-6 (relative
        // beyond 1).
        let spread = if ci.is_money() {
            1.0
        } else {
            ci.eq2mwc(1.0, met) - ci.eq2mwc(0.0, met)
        };
        for (ours, theirs) in [
            (e.optimal, num(&w[7])),
            (e.no_double, num(&w[8])),
            (e.double_take, num(&w[9])),
            (e.double_pass, num(&w[10])),
        ] {
            let tol = TOLERANCE * theirs.abs().max(1.0);
            if (ours - theirs).abs() > tol && (ours - theirs).abs() * spread <= 1.2e-7 {
                ill_conditioned += 1;
                continue;
            }
            diff.check(ours, theirs, tol, &what);
        }
        let theirs = CubeDecision::from_number(w[11].parse().unwrap()).unwrap();
        assert_eq!(e.decision, theirs, "{}", what());
        assert_eq!(e.decision.text(), w[12..].join(" "), "{}", what());
        *decisions.entry(theirs.number()).or_insert(0) += 1;
        checked += 1;
    }
    assert_eq!(checked, cases_list.len());
    eprintln!(
        "gnubg 0-ply cube analyses: {} positions x 4 cube states = {checked} cases and decisions, {} values within 2e-6 (largest difference {:e}), {ill_conditioned} more within one f32 unit of MWC; decisions {decisions:?}",
        boards.len(),
        diff.count,
        diff.max
    );
}

/// A random two-sided bearoff position: 1..=6 chequers a side on the six
/// home points.
fn random_bearoff(rng: &mut Rng) -> Board {
    let mut sides = [[0u8; 25]; 2];
    for side in &mut sides {
        let n = rng.range(1, 6);
        for _ in 0..n {
            side[rng.below(6)] += 1;
        }
    }
    Board::new(sides).unwrap()
}

#[test]
fn bearoff_database_matches_gnubg() {
    let Some(exe) = gnubg() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "an oracle is missing; CI needs every one"
        );
        eprintln!("gnubg not installed; skipped");
        return;
    };
    let met = MatchEquityTable::default_table();
    let n = cases(300);
    let mut rng = Rng::new(seed(0xbea0f));
    let mut cases_list = Vec::new();
    let mut body = String::from(PY_CI);
    body.push_str("ec = gnubg.evalcontext(1, 0, 0, 0, 0.0)\n");
    for _ in 0..n {
        let board = random_bearoff(&mut rng);
        assert_eq!(board.class(), PositionClass::Bearoff2);
        let ci = random_cube_info(&mut rng);
        let k = cases_list.len();
        body.push_str(&format!(
            "b = {}\nd = {}\ne = gnubg.evaluate(b, d, ec)\nc = gnubg.cfevaluate(b, d, ec)\nout('B', {k}, *[repr(v) for v in e[:5]], *[repr(v) for v in c[:4]], c[4], c[5])\n",
            py_board(&board),
            py_cube_info(&ci)
        ));
        cases_list.push((board, ci));
    }
    let lines = run_gnubg(&exe, "bearoff", &body);
    let mut diff = Diff::default();
    let (mut checked, mut ill_conditioned) = (0, 0);
    for w in &lines {
        if w[0] != "B" {
            continue;
        }
        let (board, ci) = &cases_list[w[1].parse::<usize>().unwrap()];
        let what = || format!("{} {ci:?}", board.position_id());
        let p = two_sided_probabilities(board).unwrap();
        for k in 0..5 {
            diff.check(p[k], num(&w[2 + k]), TOLERANCE, &what);
        }
        let e = bearoff_cube_eval(board, ci, met).unwrap();
        let spread = if ci.is_money() {
            1.0
        } else {
            ci.eq2mwc(1.0, met) - ci.eq2mwc(0.0, met)
        };
        for (ours, theirs) in [
            (e.optimal, num(&w[7])),
            (e.no_double, num(&w[8])),
            (e.double_take, num(&w[9])),
            (e.double_pass, num(&w[10])),
        ] {
            let tol = TOLERANCE * theirs.abs().max(1.0);
            if (ours - theirs).abs() > tol && (ours - theirs).abs() * spread <= 1.2e-7 {
                ill_conditioned += 1;
                continue;
            }
            diff.check(ours, theirs, tol, &|| format!("{}: {e:?}", what()));
        }
        let theirs = CubeDecision::from_number(w[11].parse().unwrap()).unwrap();
        assert_eq!(e.decision, theirs, "{}: {e:?}", what());
        assert_eq!(e.decision.text(), w[12..].join(" "), "{}", what());
        checked += 1;
    }
    assert_eq!(checked, n);
    eprintln!(
        "gnubg two-sided bearoff: {checked} positions x cube states, {} values within 2e-6 (largest difference {:e}), {ill_conditioned} more within one f32 unit of MWC",
        diff.count, diff.max
    );
}

#[test]
fn nply_bearoff_matches_gnubg() {
    let Some(exe) = gnubg() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "an oracle is missing; CI needs every one"
        );
        eprintln!("gnubg not installed; skipped");
        return;
    };
    let met = MatchEquityTable::default_table();
    let n = cases(300) / 3;
    let mut rng = Rng::new(seed(0x91a7));
    let mut cases_list = Vec::new();
    let mut body = String::from(PY_CI);
    body.push_str("ecs = [gnubg.evalcontext(1, p, 0, 0, 0.0) for p in range(3)]\n");
    while cases_list.len() < n {
        let board = random_bearoff(&mut rng);
        let ci = random_cube_info(&mut rng);
        if ci.is_money() {
            continue;
        }
        // Mostly 1-ply; every tenth case 2-ply.
        let plies = if cases_list.len() % 10 == 9 { 2 } else { 1 };
        let k = cases_list.len();
        body.push_str(&format!(
            "b = {}\nd = {}\nc = gnubg.cfevaluate(b, d, ecs[{plies}])\nout('N', {k}, *[repr(v) for v in c[:4]], c[4], c[5])\n",
            py_board(&board),
            py_cube_info(&ci)
        ));
        cases_list.push((board, ci, plies));
    }
    let lines = run_gnubg(&exe, "nply", &body);
    let mut diff = Diff::default();
    let (mut checked, mut ill_conditioned, mut two_ply) = (0, 0, 0);
    for w in &lines {
        if w[0] != "N" {
            continue;
        }
        let (board, ci, plies) = &cases_list[w[1].parse::<usize>().unwrap()];
        let (_, e) = evaluate_cubeful(board, ci, met, *plies, &mut |_| None)
            .expect("bearoff trees need no evaluator");
        let what = || format!("{} {ci:?} {plies}-ply: {e:?}", board.position_id());
        let spread = ci.eq2mwc(1.0, met) - ci.eq2mwc(0.0, met);
        for (ours, theirs) in [
            (e.optimal, num(&w[2])),
            (e.no_double, num(&w[3])),
            (e.double_take, num(&w[4])),
            (e.double_pass, num(&w[5])),
        ] {
            let tol = TOLERANCE * theirs.abs().max(1.0);
            // Values averaged over 21 (1-ply) or 441 (2-ply) leaves may
            // differ by a few f32 units of MWC.
            if (ours - theirs).abs() > tol && (ours - theirs).abs() * spread <= NPLY_MWC_UNITS {
                ill_conditioned += 1;
                continue;
            }
            diff.check(ours, theirs, tol, &what);
        }
        let theirs = CubeDecision::from_number(w[6].parse().unwrap()).unwrap();
        assert_eq!(e.decision, theirs, "{}", what());
        checked += 1;
        two_ply += usize::from(*plies == 2);
    }
    assert_eq!(checked, n);
    eprintln!(
        "gnubg n-ply (bearoff, match play): {checked} cases ({two_ply} at 2-ply), {} values within 2e-6 (largest difference {:e}), {ill_conditioned} more within 4 f32 units of MWC",
        diff.count, diff.max
    );
}

#[test]
fn one_sided_bearoff_matches_gnubg() {
    let Some(exe) = gnubg() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "an oracle is missing; CI needs every one"
        );
        eprintln!("gnubg not installed; skipped");
        return;
    };
    let met = MatchEquityTable::default_table();
    let n = cases(300);
    let mut rng = Rng::new(seed(0x05ed));
    let mut cases_list = Vec::new();
    let mut body = String::from(PY_CI);
    body.push_str("ec = gnubg.evalcontext(1, 0, 0, 0, 0.0)\n");
    while cases_list.len() < n {
        let mut sides = [[0u8; 25]; 2];
        for side in &mut sides {
            let count = if rng.chance(0.3) {
                15
            } else {
                rng.range(1, 15)
            };
            for _ in 0..count {
                side[rng.below(6)] += 1;
            }
        }
        let board = Board::new(sides).unwrap();
        if board.class() != PositionClass::Bearoff1 {
            continue;
        }
        let ci = random_cube_info(&mut rng);
        let k = cases_list.len();
        body.push_str(&format!(
            "b = {}\nd = {}\ne = gnubg.evaluate(b, d, ec)\nc = gnubg.cfevaluate(b, d, ec)\nout('O', {k}, *[repr(v) for v in e[:5]], *[repr(v) for v in c[:4]], c[4], c[5])\n",
            py_board(&board),
            py_cube_info(&ci)
        ));
        cases_list.push((board, ci));
    }
    let lines = run_gnubg(&exe, "onesided", &body);
    let (mut probs, mut cube) = (Diff::default(), Diff::default());
    let (mut checked, mut ill_conditioned, mut gammons) = (0, 0, 0);
    for w in &lines {
        if w[0] != "O" {
            continue;
        }
        let (board, ci) = &cases_list[w[1].parse::<usize>().unwrap()];
        let what = || format!("{} {ci:?}", board.position_id());
        let p = one_sided_probabilities(board).unwrap();
        for k in 0..5 {
            probs.check(p[k], num(&w[2 + k]), TOLERANCE, &what);
        }
        gammons += usize::from(p[1] > 0.0 || p[3] > 0.0);
        let e = cubeful_0ply(&p, cube_efficiency(board), ci, met);
        let spread = if ci.is_money() {
            1.0
        } else {
            ci.eq2mwc(1.0, met) - ci.eq2mwc(0.0, met)
        };
        for (ours, theirs) in [
            (e.optimal, num(&w[7])),
            (e.no_double, num(&w[8])),
            (e.double_take, num(&w[9])),
            (e.double_pass, num(&w[10])),
        ] {
            let tol = TOLERANCE * theirs.abs().max(1.0);
            if (ours - theirs).abs() > tol && (ours - theirs).abs() * spread <= 1.2e-7 {
                ill_conditioned += 1;
                continue;
            }
            cube.check(ours, theirs, tol, &|| format!("{}: {e:?}", what()));
        }
        let theirs = CubeDecision::from_number(w[11].parse().unwrap()).unwrap();
        assert_eq!(e.decision, theirs, "{}: {e:?}", what());
        checked += 1;
    }
    assert_eq!(checked, n);
    eprintln!(
        "gnubg one-sided bearoff: {checked} positions ({gammons} with gammon chances), {} probabilities (largest difference {:e}), {} cube values (largest difference {:e}), {ill_conditioned} more within one f32 unit of MWC",
        probs.count, probs.max, cube.count, cube.max
    );
}

#[test]
fn nply_one_sided_matches_gnubg() {
    let Some(exe) = gnubg() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "an oracle is missing; CI needs every one"
        );
        eprintln!("gnubg not installed; skipped");
        return;
    };
    let met = MatchEquityTable::default_table();
    let n = cases(300) / 6;
    let mut rng = Rng::new(seed(0x1a05));
    let mut cases_list = Vec::new();
    let mut body = String::from(PY_CI);
    body.push_str("ec = gnubg.evalcontext(1, 1, 0, 0, 0.0)\n");
    while cases_list.len() < n {
        let mut sides = [[0u8; 25]; 2];
        for side in &mut sides {
            for _ in 0..rng.range(1, 10) {
                side[rng.below(6)] += 1;
            }
        }
        let board = Board::new(sides).unwrap();
        if board.class() != PositionClass::Bearoff1 {
            continue;
        }
        let ci = random_cube_info(&mut rng);
        let k = cases_list.len();
        body.push_str(&format!(
            "b = {}\nd = {}\nc = gnubg.cfevaluate(b, d, ec)\nout('Q', {k}, *[repr(v) for v in c[:4]], c[4])\n",
            py_board(&board),
            py_cube_info(&ci)
        ));
        cases_list.push((board, ci));
    }
    let lines = run_gnubg(&exe, "nply1", &body);
    let mut diff = Diff::default();
    let (mut checked, mut ill_conditioned, mut money) = (0, 0, 0);
    for w in &lines {
        if w[0] != "Q" {
            continue;
        }
        let (board, ci) = &cases_list[w[1].parse::<usize>().unwrap()];
        let (_, e) = evaluate_cubeful(board, ci, met, 1, &mut |_| None)
            .expect("bearoff trees need no evaluator");
        let what = || format!("{} {ci:?} 1-ply: {e:?}", board.position_id());
        let spread = if ci.is_money() {
            1.0
        } else {
            ci.eq2mwc(1.0, met) - ci.eq2mwc(0.0, met)
        };
        for (ours, theirs) in [
            (e.optimal, num(&w[2])),
            (e.no_double, num(&w[3])),
            (e.double_take, num(&w[4])),
            (e.double_pass, num(&w[5])),
        ] {
            let tol = TOLERANCE * theirs.abs().max(1.0);
            if (ours - theirs).abs() > tol && (ours - theirs).abs() * spread <= NPLY_MWC_UNITS {
                ill_conditioned += 1;
                continue;
            }
            diff.check(ours, theirs, tol, &what);
        }
        let theirs = CubeDecision::from_number(w[6].parse().unwrap()).unwrap();
        assert_eq!(e.decision, theirs, "{}", what());
        checked += 1;
        money += usize::from(ci.is_money());
    }
    assert_eq!(checked, n);
    eprintln!(
        "gnubg 1-ply one-sided bearoffs: {checked} cases ({money} money), {} values within 2e-6 (largest difference {:e}), {ill_conditioned} more within 4 f32 units of MWC",
        diff.count, diff.max
    );
}
