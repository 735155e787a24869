//! Runs `kibitz bridge table`, `random` and `solve --played` and checks
//! them against DDS 2.9's answers in `list100.txt`: TABLE (the DD table),
//! PAR (`Par`'s four strings), PAR2 (`DealerPar`) and TRACE
//! (`AnalysePlayBin`: declarer's tricks after each card of PLAY).

#[path = "../../tests/support/hands.rs"]
mod hands;
mod support;

use std::io::Write;
use std::process::{Command, Stdio};

use support::{kibitz_fails as fails, kibitz_ok as ok};

const VUL: [&str; 4] = ["none", "all", "ns", "ew"];
const SEAT: [&str; 4] = ["n", "e", "s", "w"];
/// DDS strain index (S H D C NT) of our column order NT S H D C.
const STRAIN_COLUMNS: [usize; 5] = [4, 0, 1, 2, 3];
/// DDS hand index of our declarer order N S E W.
const HAND_COLUMNS: [usize; 4] = [0, 2, 1, 3];

/// Runs kibitz with `input` on stdin; asserts success, returns stdout.
fn ok_stdin(args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kibitz"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run kibitz");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
    assert!(out.stderr.is_empty(), "{args:?}: {stderr}");
    String::from_utf8(out.stdout).unwrap()
}

/// Splits a CSV line (fields quoted with `"` when they hold commas).
fn csv_fields(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut quoted = false;
    for c in line.chars() {
        match (c, quoted) {
            ('"', _) => quoted = !quoted,
            (',', false) => fields.push(String::new()),
            (c, _) => fields.last_mut().unwrap().push(c),
        }
    }
    fields
}

#[test]
fn tables_and_par_match_dds() {
    let hands = hands::read_hands("list100.txt");
    // Twelve records, every (dealer, vulnerability) pairing they contain.
    for (i, h) in hands.iter().take(12).enumerate() {
        let vul = VUL[h.vul as usize];
        let dealer = SEAT[h.dealer as usize];
        let out = ok(&[
            "bridge", "table", &h.pbn, "--vul", vul, "--dealer", dealer, "--format", "csv",
        ]);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2, "{out}");
        assert!(lines[0].starts_with("deal,N_NT,N_S,N_H,N_D,N_C,S_NT,"));
        assert!(lines[0]
            .ends_with(",vul,dealer,par_ns,par_ew,par_contracts_ns,par_contracts_ew,dealer_par"));
        let f = csv_fields(lines[1]);
        assert_eq!(f.len(), 28, "{}", lines[1]);
        let mut want = Vec::new();
        for hand in HAND_COLUMNS {
            for strain in STRAIN_COLUMNS {
                want.push(h.table[strain * 4 + hand].to_string());
            }
        }
        assert_eq!(f[1..21], want[..], "record {i} TABLE");
        assert_eq!(f[21..23], [vul, &dealer.to_uppercase()], "record {i}");
        assert_eq!(f[23..27], h.par[..], "record {i} PAR");
        assert_eq!(f[27], h.par2.join(" "), "record {i} PAR2");
    }
}

#[test]
fn text_and_json_forms() {
    let hands = hands::read_hands("list100.txt");
    // Records 2 and 4 are both dealer E, NS vulnerable.
    let (a, b) = (&hands[1], &hands[3]);
    assert_eq!((a.dealer, a.vul, b.dealer, b.vul), (1, 2, 1, 2));
    // Deals from stdin are labelled (always written from North).
    let out = ok_stdin(
        &["bridge", "table", "-", "--vul", "ns", "--dealer", "e"],
        &format!("{}\n\n  {}  \n", a.pbn, b.pbn),
    );
    let labels = [
        "N:AK96.KQ8.A98.K63 QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75",
        "N:J8642.87.AK7.T86 K75.T654.J43.J43 AT3.KQ92.Q982.Q2 Q9.AJ3.T65.AK975",
    ];
    let mut expected = String::new();
    for (k, h) in [a, b].into_iter().enumerate() {
        if k > 0 {
            expected.push('\n');
        }
        expected.push_str(labels[k]);
        expected.push_str("\n     N   S   E   W\n");
        for (name, strain) in ["NT", "S", "H", "D", "C"].iter().zip(STRAIN_COLUMNS) {
            expected.push_str(&format!("{name:<2}"));
            for hand in HAND_COLUMNS {
                expected.push_str(&format!("{:>4}", h.table[strain * 4 + hand]));
            }
            expected.push('\n');
        }
        expected.push_str(&format!("Par (vul ns): \"{}\"\n", h.par.join("\" \"")));
        expected.push_str(&format!("Dealer par (dealer E): {}\n", h.par2.join(" ")));
    }
    assert_eq!(out, expected);

    let a = &hands[0];
    let json = ok(&[
        "bridge", "table", &a.pbn, "--format", "json", "--vul", "none",
    ]);
    assert_eq!(
        json,
        r#"{"deal":"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3","tricks":{"N":{"NT":6,"S":5,"H":6,"D":5,"C":7},"S":{"NT":6,"S":5,"H":6,"D":5,"C":7},"E":{"NT":6,"S":8,"H":6,"D":7,"C":5},"W":{"NT":6,"S":8,"H":6,"D":7,"C":5}},"par":{"vul":"none","dealer":"N","sides":["NS -110","EW 110","NS:EW 2S","EW:EW 2S"],"dealer_par":"-110 2S-EW"}}
"#
    );
}

#[test]
fn table_errors() {
    fails(
        &["bridge", "table", "--vul", "both", "N:A... K... Q... J..."],
        "bad --vul 'both' (expected one of: none, ns, ew, all)",
    );
    fails(
        &[
            "bridge",
            "table",
            "--format",
            "xml",
            "N:A... K... Q... J...",
        ],
        "bad --format 'xml'",
    );
    let out = Command::new(env!("CARGO_BIN_EXE_kibitz"))
        .args(["bridge", "table", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            c.stdin
                .take()
                .unwrap()
                .write_all(b"N:A... K... Q... J...\n\nN:A... A... - -\n")?;
            c.wait_with_output()
        })
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "kibitz: error: stdin line 3: bad deal: card SA appears twice in PBN deal\n"
    );
}

#[test]
fn random_deals_are_reproducible_and_solved() {
    let csv = ok(&["bridge", "random", "3", "--seed", "7", "--format", "csv"]);
    assert_eq!(
        csv,
        ok(&["bridge", "random", "3", "--seed", "7", "--format", "csv"])
    );
    assert_ne!(
        csv,
        ok(&["bridge", "random", "3", "--seed", "8", "--format", "csv"])
    );
    let lines: Vec<&str> = csv.lines().skip(1).collect();
    assert_eq!(lines.len(), 3);
    for line in lines {
        let f = csv_fields(line);
        // The same table as `table` gives for the deal.
        let again = ok(&["bridge", "table", &f[0], "--format", "csv"]);
        assert_eq!(again.lines().nth(1), Some(line));
    }
}

/// The best score in a `solve` listing (its first card line).
fn best(listing: &str) -> i32 {
    let line = listing.lines().nth(1).expect("a card line");
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
fn solve_after_played_cards_follows_dds_trace() {
    let hands = hands::read_hands("list100.txt");
    let strains = ["S", "H", "D", "C", "N"];
    for (i, h) in hands.iter().take(3).enumerate() {
        let cards: Vec<String> = h
            .play
            .as_bytes()
            .chunks(2)
            .map(|c| String::from_utf8_lossy(c).into_owned())
            .collect();
        let trump = strains[h.trump as usize];
        let leader = SEAT[h.first as usize];
        // Declarer is the leader's right-hand opponent.
        let declarer_ns = h.first % 2 == 1;
        for k in [0, 1, 4, 5, 6, 9, 12]
            .into_iter()
            .filter(|&k| k < cards.len())
        {
            let played = cards[..k].join(" ");
            let out = ok(&[
                "bridge", "solve", &h.pbn, "-t", trump, "-l", leader, "--played", &played,
            ]);
            // Header: "... N-S a E-W b so far; ... for <side> ..."
            let header = out.lines().next().unwrap();
            let (ns_won, ew_won) = match header.split_once("N-S ") {
                Some((_, rest)) if k >= 4 => {
                    let w: Vec<&str> = rest.split_whitespace().collect();
                    (w[0].parse::<i32>().unwrap(), w[2].parse::<i32>().unwrap())
                }
                _ => (0, 0),
            };
            let done = ns_won + ew_won;
            let declarer_won = if declarer_ns { ns_won } else { ew_won };
            // `trace[0]` is the count; `trace[k + 1]` follows the k-th card.
            let declarer_future = h.trace[k + 1] - declarer_won;
            let side_ns = header.contains("for N-S");
            let want = if side_ns == declarer_ns {
                declarer_future
            } else {
                13 - done - declarer_future
            };
            assert_eq!(best(&out), want, "record {i} after {k} cards: {out}");
        }
    }
}

#[test]
fn solve_played_header_and_errors() {
    let list1 = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
    let out = ok(&[
        "bridge",
        "solve",
        list1,
        "-t",
        "S",
        "-l",
        "N",
        "--played",
        "CT C4 CA CJ H8",
    ]);
    assert_eq!(
        out.lines().next().unwrap(),
        "W to play to trick 2 after S led H8, trump S; N-S 1 E-W 0 so far; tricks from this trick on for E-W after each card:"
    );
    fails(
        &[
            "bridge", "solve", list1, "-t", "S", "-l", "N", "--played", "SA",
        ],
        "--played: card 1 (SA) is not in N's hand",
    );
    fails(
        &[
            "bridge", "solve", list1, "-t", "S", "-l", "N", "--played", "CT H7",
        ],
        "--played: card 2 (H7): E must follow suit C",
    );
    fails(
        &[
            "bridge", "solve", list1, "-t", "S", "-l", "N", "--played", "CT X",
        ],
        "--played: bad card 'X'",
    );
}

/// The trick counts of `kibitz bridge play`'s output: before play, then
/// after each card.
fn play_counts(out: &str) -> Vec<i32> {
    out.lines()
        .skip(2)
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            let at = if w[0] == "start" { 1 } else { 3 };
            w[at].parse().unwrap()
        })
        .collect()
}

#[test]
fn play_follows_dds_trace() {
    let hands = hands::read_hands("list100.txt");
    let strains = ["S", "H", "D", "C", "N"];
    for (i, h) in hands.iter().take(10).enumerate() {
        let cards: Vec<String> = h
            .play
            .as_bytes()
            .chunks(2)
            .map(|c| String::from_utf8_lossy(c).into_owned())
            .collect();
        let out = ok(&[
            "bridge",
            "play",
            &h.pbn,
            "-t",
            strains[h.trump as usize],
            "-l",
            SEAT[h.first as usize],
            "--play",
            &cards.join(" "),
        ]);
        let counts = play_counts(&out);
        assert_eq!(counts.len(), cards.len() + 1, "record {i}: {out}");
        // TRACE (its count first) covers every card but the last trick's.
        let trace = &h.trace[1..];
        assert_eq!(h.trace[0] as usize, trace.len());
        assert_eq!(counts[..trace.len()], trace[..], "record {i}: {out}");
    }
}

#[test]
fn play_marks_lost_tricks_and_errors() {
    // list10.txt, hand 2: no trump, East leads; DDS's TRACE drops from 10
    // to 9 after the 37th card.
    let deal = "E:QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75 AK96.KQ8.A98.K63";
    let out = ok(&[
        "bridge", "play", deal, "-t", "N", "-l", "E", "--play",
        "SQ D2 S8 SA HK HT H3 H2 HQ S2 H4 H6 H8 D6 HJ HA S7 SK S4 C4 D8 C2 DK D4 H9 C5 S6 S3 H7 C7 C3 S5 H5 CT D9 ST D3 DQ DA C8",
    ]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "E leads, no trump; declarer N (N-S)");
    assert_eq!(lines[1], "N-S tricks with double dummy play:");
    assert_eq!(lines[2], "   start         9");
    assert_eq!(lines[3], "  1.  E  SQ  10  lost a trick");
    assert_eq!(lines[39], " 37.  S  D3   9  lost a trick");
    assert_eq!(out.matches("lost").count(), 2, "{out}");
    let list1 = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
    fails(
        &[
            "bridge", "play", list1, "-t", "S", "-l", "N", "--play", "SA",
        ],
        "--play: card 1 (SA) is not in N's hand",
    );
    fails(
        &[
            "bridge", "play", list1, "-t", "S", "-l", "N", "--play", "CT H7",
        ],
        "--play: card 2 (H7): E must follow suit C",
    );
    fails(
        &["bridge", "play", list1, "-t", "S", "-l", "N"],
        "missing option --play",
    );
}

#[test]
fn every_command_has_help_with_examples() {
    for path in [
        &[][..],
        &["bridge"],
        &["bridge", "table"],
        &["bridge", "annotate"],
        &["bridge", "solve"],
        &["bridge", "random"],
        &["bridge", "play"],
        &["bg"],
        &["bg", "show"],
        &["bg", "moves"],
        &["bg", "eval"],
        &["score"],
        &["score", "show"],
        &["score", "tt"],
        &["go"],
        &["go", "gtp"],
        &["go", "worms"],
    ] {
        let mut args = path.to_vec();
        args.push("--help");
        let help = ok(&args);
        let usage = format!(
            "Usage: {}",
            ["kibitz"]
                .iter()
                .chain(path)
                .copied()
                .collect::<Vec<_>>()
                .join(" ")
        );
        assert!(help.starts_with(&usage), "{args:?}: {help}");
        assert!(help.contains("Example"), "{args:?} has no example: {help}");
    }
}
