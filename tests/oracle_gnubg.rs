//! Differential tests against GNU Backgammon 1.07's embedded Python
//! (`gnubg -t -q -r -p script.py`), run when gnubg is installed (in PATH,
//! at /usr/games/gnubg, or named by KIBITZ_GNUBG); otherwise each test
//! prints "skipped". Seeded random legal positions (contact, bar, race,
//! bearoff) are compared for position IDs, keys, decoded boards, classes
//! and pip counts; random match states for match IDs both ways; and every
//! one of the 21 rolls for the legal moves: their number, gnubg's move
//! texts, and the positions they lead to.
//!
//! KIBITZ_BG_CASES scales the number of random positions (default 300 for
//! the ID test, a tenth of it for the move test) and KIBITZ_BG_SEED
//! changes the seed. Each test prints its counts.

#[path = "support/random.rs"]
mod random;

#[path = "support/bg_random.rs"]
mod bg_random;

#[path = "support/gnubg.rs"]
mod gnubg;

use std::collections::BTreeSet;
use std::path::Path;

use gnubg::{cases, gnubg, py_board, seed};
use kibitz::backgammon::{Board, MatchState, BAR};
use random::Rng;

/// Python that starts every script: a human-vs-human session and `out`,
/// which flushes gnubg's own C output first so lines stay in order.
const PRELUDE: &str = r#"
import gnubg, ctypes
_libc = ctypes.CDLL(None)
def out(*a):
    _libc.fflush(None)
    print("KZ " + " ".join(str(x) for x in a), flush=True)
gnubg.command('set player 0 human')
gnubg.command('set player 1 human')
gnubg.command('set automatic roll off')
gnubg.command('set evaluation chequerplay evaluation plies 0')
gnubg.command('new session')
"#;

/// Runs `body` after [`PRELUDE`] in gnubg; returns its output lines.
fn run_gnubg(exe: &Path, body: &str) -> Vec<String> {
    gnubg::run_script(exe, "core", PRELUDE, body)
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn positions_match_gnubg() {
    let Some(exe) = gnubg() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "an oracle is missing; CI needs every one"
        );
        eprintln!("gnubg not installed; skipped");
        return;
    };
    let n = cases(300);
    let mut rng = Rng::new(seed(0xb0a7d));
    let boards: Vec<Board> = (0..n).map(|_| bg_random::random_board(&mut rng)).collect();
    let mut body = String::from("B = [\n");
    for b in &boards {
        body.push_str(&format!(" ('{}', {}),\n", b.position_id(), py_board(b)));
    }
    body.push_str(
        r#"]
for i, (pid, b) in enumerate(B):
    key = gnubg.positionkey(b)
    back = gnubg.positionfromid(pid)
    flat = list(back[0]) + list(back[1])
    out('P', i, gnubg.positionid(b), ','.join(map(str, key)),
        ','.join(map(str, flat)), gnubg.classifypos(b, 0))
    gnubg.command('set board ' + pid)
    gnubg.command('show pipcount')
    out('PIPS', i, gnubg.cubeinfo()['move'])
"#,
    );
    let lines = run_gnubg(&exe, &body);
    let (mut checked, mut pips_checked, mut last_pips) = (0, 0, None);
    let mut classes = [0usize; 11];
    for line in &lines {
        if let Some(rest) = line.strip_prefix("The pip counts are: ") {
            // "gnubg 87, root 129." in either order: player 0 is "gnubg",
            // player 1 "root".
            let mut pips = [0u32; 2];
            for part in rest.trim_end_matches('.').split(", ") {
                let (name, n) = part.rsplit_once(' ').unwrap();
                let player = usize::from(name != "gnubg");
                pips[player] = n.parse().unwrap();
            }
            last_pips = Some(pips);
            continue;
        }
        let w: Vec<&str> = line.split_whitespace().collect();
        match w.as_slice() {
            ["KZ", "P", i, id, key, flat, class] => {
                let b = &boards[i.parse::<usize>().unwrap()];
                assert_eq!(b.position_id(), *id, "position ID of {b:?}");
                let key: Vec<u8> = key.split(',').map(|x| x.parse().unwrap()).collect();
                assert_eq!(b.key().to_vec(), key, "key of {id}");
                let flat: Vec<u8> = flat.split(',').map(|x| x.parse().unwrap()).collect();
                let mut sides = [[0u8; 25]; 2];
                sides[0].copy_from_slice(&flat[..25]);
                sides[1].copy_from_slice(&flat[25..]);
                assert_eq!(b.sides(), &sides, "board of {id}");
                let class: i32 = class.parse().unwrap();
                assert_eq!(b.class().number(), class, "class of {id}");
                classes[class as usize] += 1;
                checked += 1;
            }
            ["KZ", "PIPS", i, on_roll] => {
                let b = &boards[i.parse::<usize>().unwrap()];
                let p = last_pips.take().expect("a pip count line");
                // Ours are [opponent, on roll]; gnubg's [player 0, player 1].
                let theirs = if *on_roll == "0" { [p[1], p[0]] } else { p };
                assert_eq!(b.pip_count(), theirs, "pips of {}", b.position_id());
                pips_checked += 1;
            }
            _ => {}
        }
    }
    assert_eq!((checked, pips_checked), (n, n));
    eprintln!(
        "gnubg positions: {checked} IDs/keys/boards/classes and {pips_checked} pip counts, 0 differences; classes {classes:?}"
    );
}

#[test]
fn match_ids_match_gnubg() {
    let Some(exe) = gnubg() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "an oracle is missing; CI needs every one"
        );
        eprintln!("gnubg not installed; skipped");
        return;
    };
    let n = cases(300);
    let mut rng = Rng::new(seed(0x3a7c4));
    let states: Vec<MatchState> = (0..n)
        .map(|_| bg_random::random_match_state(&mut rng))
        .collect();
    let mut body = String::from("S = [\n");
    for s in &states {
        body.push_str(&format!(
            " ({}, {}, {}, {}, ({}, {}), {}, {}, {}, {}, {}, {}, ({}, {})),\n",
            s.cube,
            s.cube_owner.map_or(-1, i32::from),
            s.dice_owner,
            s.match_length,
            s.score[0],
            s.score[1],
            u8::from(s.crawford),
            u8::from(s.jacoby),
            s.turn,
            s.resigned,
            u8::from(s.doubled),
            s.game_state as u8,
            s.dice[0],
            s.dice[1]
        ));
    }
    body.push_str(
        r#"]
for i, (cube, owner, move, n, score, craw, jac, turn, res, dbl, gs, dice) in enumerate(S):
    ci = gnubg.cubeinfo(cube, owner, move, n, score, craw, 0)
    ci['jacoby'] = jac
    out('M', i, gnubg.matchid(ci, gnubg.posinfo(turn, res, dbl, gs, dice)))
"#,
    );
    let mut checked = 0;
    for line in run_gnubg(&exe, &body) {
        let w: Vec<&str> = line.split_whitespace().collect();
        if let ["KZ", "M", i, id] = w.as_slice() {
            let s = states[i.parse::<usize>().unwrap()];
            assert_eq!(s.match_id().as_deref(), Ok(*id), "match ID of {s:?}");
            let mut sorted = s;
            sorted.dice = [s.dice[0].max(s.dice[1]), s.dice[0].min(s.dice[1])];
            assert_eq!(MatchState::from_match_id(id), Ok(sorted), "decoding {id}");
            checked += 1;
        }
    }
    assert_eq!(checked, n);
    eprintln!("gnubg match states: {checked} match IDs both ways, 0 differences");
}

/// Plays gnubg's move text `text` on `before` (mover = side 1): each
/// `a/b/c*(n)` segment moves a chequer from a through b to c, n times,
/// hitting a lone opposing chequer where it lands or stops.
fn play_text(before: &Board, text: &str) -> Board {
    let mut s = *before.sides();
    for part in text.split_whitespace() {
        let (path, times) = match part.split_once('(') {
            Some((p, n)) => (p, n.trim_end_matches(')').parse::<usize>().unwrap()),
            None => (part, 1),
        };
        let points: Vec<usize> = path
            .split('/')
            .map(|p| match p.trim_end_matches('*') {
                "bar" => 25,
                "off" => 0,
                n => n.parse().unwrap(),
            })
            .collect();
        for _ in 0..times {
            for leg in points.windows(2) {
                let (from, to) = (leg[0], leg[1]);
                s[1][from - 1] -= 1;
                if to > 0 {
                    if s[0][24 - to] == 1 {
                        s[0][24 - to] = 0;
                        s[0][BAR] += 1;
                    }
                    s[1][to - 1] += 1;
                }
            }
        }
    }
    Board::new(s).unwrap()
}

#[test]
fn legal_moves_match_gnubg() {
    let Some(exe) = gnubg() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "an oracle is missing; CI needs every one"
        );
        eprintln!("gnubg not installed; skipped");
        return;
    };
    let n = cases(300) / 10;
    let mut rng = Rng::new(seed(0x6e4e5));
    let mut boards = vec![Board::starting()];
    while boards.len() < n.max(1) {
        let b = bg_random::random_board(&mut rng);
        if b.chequers(0) > 0 && b.chequers(1) > 0 {
            boards.push(b);
        }
    }
    let mut rolls = Vec::new();
    for d0 in 1..=6u8 {
        for d1 in 1..=d0 {
            // Both orders appear: the die order decides gnubg's search order.
            if rng.chance(0.5) {
                rolls.push((d0, d1));
            } else {
                rolls.push((d1, d0));
            }
        }
    }
    let mut body = String::from("B = [\n");
    for b in &boards {
        body.push_str(&format!(" '{}',\n", b.position_id()));
    }
    body.push_str("]\nR = [\n");
    for (d0, d1) in &rolls {
        body.push_str(&format!(" ({d0}, {d1}),\n"));
    }
    body.push_str(
        r#"]
for i, pid in enumerate(B):
    gnubg.command('set board ' + pid)
    for j, (d0, d1) in enumerate(R):
        gnubg.command('set dice %d %d' % (d0, d1))
        h = gnubg.hint(100000)
        out('N', i, j, len(h['hint']))
        for m in h['hint']:
            out('T', i, j, m['move'])
"#,
    );
    let lines = run_gnubg(&exe, &body);
    let mut theirs: Vec<Vec<(usize, BTreeSet<String>)>> =
        vec![vec![(usize::MAX, BTreeSet::new()); rolls.len()]; boards.len()];
    for line in &lines {
        let Some(rest) = line.strip_prefix("KZ ") else {
            continue;
        };
        let mut w = rest.splitn(4, ' ');
        let (tag, i, j, rest) = (w.next(), w.next(), w.next(), w.next().unwrap_or(""));
        let (Some(tag), Some(i), Some(j)) = (tag, i, j) else {
            continue;
        };
        let (Ok(i), Ok(j)) = (i.parse::<usize>(), j.parse::<usize>()) else {
            continue;
        };
        match tag {
            "N" => theirs[i][j].0 = rest.parse().unwrap(),
            "T" => {
                theirs[i][j].1.insert(rest.to_string());
            }
            _ => {}
        }
    }
    let (mut cases_checked, mut moves_checked) = (0, 0);
    let (mut no_move, mut one_die) = (0, 0);
    for (i, b) in boards.iter().enumerate() {
        for (j, &(d0, d1)) in rolls.iter().enumerate() {
            let (count, texts) = &theirs[i][j];
            let ours = b.legal_moves(d0, d1);
            let id = b.position_id();
            assert_eq!(ours.len(), *count, "number of moves, {id} roll {d0}{d1}");
            let our_texts: BTreeSet<String> = ours.iter().map(|m| m.play.text(b)).collect();
            assert_eq!(&our_texts, texts, "move texts, {id} roll {d0}{d1}");
            let our_results: BTreeSet<Board> = ours.iter().map(|m| m.result).collect();
            let their_results: BTreeSet<Board> = texts.iter().map(|t| play_text(b, t)).collect();
            assert_eq!(our_results, their_results, "results, {id} roll {d0}{d1}");
            for m in &ours {
                assert_eq!(b.play(&m.play), Ok(m.result), "{id} {d0}{d1}");
            }
            cases_checked += 1;
            moves_checked += ours.len();
            no_move += usize::from(ours.is_empty());
            one_die += usize::from(ours.first().is_some_and(|m| m.play.len() == 1));
        }
    }
    let on_bar = boards.iter().filter(|b| b.side(1)[BAR] > 0).count();
    let bearing_off = boards.iter().filter(|b| b.back(1) < Some(6)).count();
    eprintln!(
        "gnubg moves: {} positions ({on_bar} on the bar, {bearing_off} bearing off) x {} rolls = {cases_checked} cases ({no_move} without a move, {one_die} playing one die), {moves_checked} moves, 0 differences",
        boards.len(),
        rolls.len()
    );
}
