//! gnubg 1.07's recorded equity vectors (`tests/data/gnubg/cube_vectors.txt`):
//! samples of the extended Kazaross XG2 match equity table, gammon prices
//! and MWC/equity conversions, and 0-ply cube analyses (Janowski) of ten
//! positions' probabilities under 26 cube states each. Each test prints
//! the number of values compared and the largest difference.

use kibitz::backgammon::{
    bearoff_cube_eval, cubeful_0ply, money_equity, two_sided_probabilities, Board, CubeDecision,
    CubeInfo, MatchEquityTable, Probabilities,
};

/// The largest difference allowed (gnubg computes in `f32` as we do).
const TOLERANCE: f32 = 2e-6;

/// The records of `kind`, split into words.
fn records(kind: &str) -> Vec<Vec<String>> {
    include_str!("data/gnubg/cube_vectors.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split_whitespace().map(str::to_string).collect::<Vec<_>>())
        .filter(|w| w.first().map(String::as_str) == Some(kind))
        .collect()
}

/// A recorded number (gnubg's `f32`, printed as a double).
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
    /// Compares `ours` with `theirs`, panicking beyond [`TOLERANCE`].
    fn check(&mut self, ours: f32, theirs: f32, what: &str) {
        let d = (ours - theirs).abs();
        assert!(d <= TOLERANCE, "{what}: ours {ours}, gnubg {theirs}");
        self.count += 1;
        self.max = self.max.max(d);
    }
}

#[test]
fn met_samples() {
    let met = MatchEquityTable::default_table();
    let mut diff = Diff::default();
    for r in records("met") {
        match r[1].as_str() {
            "pre" => {
                let (i, j): (i32, i32) = (r[2].parse().unwrap(), r[3].parse().unwrap());
                diff.check(met.pre(i + 1, j + 1), num(&r[4]), &format!("MET[{i}][{j}]"));
            }
            _ => {
                let n: i32 = r[2].parse().unwrap();
                diff.check(met.post(0, n + 1), num(&r[3]), &format!("post[{n}]"));
            }
        }
    }
    assert_eq!(diff.count, 21);
    eprintln!(
        "MET samples: {} values, largest difference {:e}",
        diff.count, diff.max
    );
}

#[test]
fn conversions() {
    let met = MatchEquityTable::default_table();
    let mut diff = Diff::default();
    for r in records("conv") {
        let v: Vec<u32> = r[1..7].iter().map(|s| s.parse().unwrap()).collect();
        let ci = CubeInfo {
            cube: v[4],
            owner: None,
            mover: v[3] as usize,
            match_to: v[0],
            score: [v[1], v[2]],
            crawford: v[5] == 1,
            jacoby: false,
            beavers: false,
        }
        .validated()
        .unwrap();
        let gp = ci.gammon_prices(met);
        for k in 0..4 {
            diff.check(
                gp[k],
                num(&r[7 + k]),
                &format!("gammon price {k} of {ci:?}"),
            );
        }
        let mut to_eq = false;
        for w in &r[11..] {
            match w.as_str() {
                "eq2mwc" => to_eq = false,
                "mwc2eq" => to_eq = true,
                pair => {
                    let (a, b) = pair.split_once('=').unwrap();
                    let (a, b) = (num(a), num(b));
                    let ours = if to_eq {
                        ci.mwc2eq(a, met)
                    } else {
                        ci.eq2mwc(a, met)
                    };
                    diff.check(ours, b, &format!("{pair} at {ci:?}"));
                }
            }
        }
    }
    assert!(diff.count >= 100, "{} values", diff.count);
    eprintln!(
        "gammon prices and conversions: {} values, largest difference {:e}",
        diff.count, diff.max
    );
}

#[test]
fn cubeful_0ply_vectors() {
    let met = MatchEquityTable::default_table();
    let mut diff = Diff::default();
    let (mut cases, mut bearoff) = (0, 0);
    for r in records("cube") {
        let v: Vec<i32> = r[5..14].iter().map(|s| s.parse().unwrap()).collect();
        let ci = CubeInfo {
            cube: v[0] as u32,
            owner: usize::try_from(v[1]).ok(),
            mover: v[2] as usize,
            match_to: v[3] as u32,
            score: [v[4] as u32, v[5] as u32],
            crawford: v[6] == 1,
            jacoby: v[7] == 1,
            beavers: v[8] == 1,
        }
        .validated()
        .unwrap();
        let mut p: Probabilities = [0.0; 5];
        for (k, slot) in p.iter_mut().enumerate() {
            *slot = num(&r[14 + k]);
        }
        let what = format!("{} {:?}", r[1], ci);
        let gp = ci.gammon_prices(met);
        for k in 0..4 {
            diff.check(gp[k], num(&r[19 + k]), &format!("gammon price {k}, {what}"));
        }
        if ci.is_money() {
            diff.check(
                money_equity(&p),
                num(&r[23]),
                &format!("money equity, {what}"),
            );
        }
        let eval = if r[4] == "-" {
            // A two-sided bearoff: gnubg uses its exact database.
            bearoff += 1;
            let board = Board::from_position_id(&r[2]).unwrap();
            let eval = bearoff_cube_eval(&board, &ci, met).expect("a two-sided bearoff");
            let ours = two_sided_probabilities(&board).unwrap();
            for k in 0..5 {
                diff.check(ours[k], p[k], &format!("bearoff output {k}, {what}"));
            }
            eval
        } else {
            cubeful_0ply(&p, num(&r[4]), &ci, met)
        };
        diff.check(eval.optimal, num(&r[24]), &format!("optimal, {what}"));
        diff.check(eval.no_double, num(&r[25]), &format!("no double, {what}"));
        diff.check(
            eval.double_take,
            num(&r[26]),
            &format!("double/take, {what}"),
        );
        diff.check(
            eval.double_pass,
            num(&r[27]),
            &format!("double/pass, {what}"),
        );
        let decision = CubeDecision::from_number(r[28].parse().unwrap()).unwrap();
        assert_eq!(eval.decision, decision, "{what}: {eval:?}");
        assert_eq!(decision.text(), r[29..].join(" "), "{what}");
        cases += 1;
    }
    assert_eq!((cases, bearoff), (260, 26));
    eprintln!(
        "0-ply cube analyses: {cases} cases ({bearoff} from the exact bearoff database), {} values and {cases} decisions, largest difference {:e}",
        diff.count, diff.max
    );
}
