//! gnubg 1.07's recorded test vectors (`tests/data/gnubg/vectors.txt`):
//! position IDs, keys, boards and classes; match IDs both ways; counts of
//! distinct legal moves.

use kibitz::backgammon::{Board, GameState, MatchState};

/// The non-comment lines of the vector file, split into words.
fn records(kind: &str) -> Vec<Vec<String>> {
    let text = include_str!("data/gnubg/vectors.txt");
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split_whitespace().map(str::to_string).collect::<Vec<_>>())
        .filter(|w| w.first().map(String::as_str) == Some(kind))
        .collect()
}

/// A comma-separated list of numbers.
fn numbers(s: &str) -> Vec<u32> {
    s.split(',').map(|n| n.parse().unwrap()).collect()
}

#[test]
fn positions() {
    let recs = records("position");
    assert_eq!(recs.len(), 10);
    for r in recs {
        let (name, id, class) = (&r[1], &r[2], r[3].parse::<i32>().unwrap());
        let mut counts = [[0u32; 25]; 2];
        counts[1].copy_from_slice(&numbers(&r[5]));
        counts[0].copy_from_slice(&numbers(&r[6]));
        let board = Board::from_counts(&counts).unwrap();
        assert_eq!(&board.position_id(), id, "{name}");
        assert_eq!(Board::from_position_id(id), Ok(board), "{name}");
        assert_eq!(board.class().number(), class, "{name}");
        if r[4] != "-" {
            let key: Vec<u8> = numbers(&r[4]).into_iter().map(|b| b as u8).collect();
            assert_eq!(board.key().to_vec(), key, "{name}");
            assert_eq!(Board::from_key(&board.key()), Ok(board), "{name}");
        }
    }
}

#[test]
fn match_ids() {
    let recs = records("matchid");
    assert_eq!(recs.len(), 7);
    for r in recs {
        let v: Vec<i64> = r[2..].iter().map(|n| n.parse().unwrap()).collect();
        let state = MatchState {
            cube: v[0] as u32,
            cube_owner: (v[1] >= 0).then_some(v[1] as u8),
            dice_owner: v[2] as u8,
            match_length: v[3] as u32,
            score: [v[4] as u32, v[5] as u32],
            crawford: v[6] == 1,
            turn: v[7] as u8,
            resigned: v[8] as u8,
            doubled: v[9] == 1,
            game_state: GameState::from_code(v[10] as u32).unwrap(),
            dice: [v[11] as u8, v[12] as u8],
            jacoby: v[13] == 1,
        };
        assert_eq!(state.match_id().as_deref(), Ok(r[1].as_str()));
        // The decoder returns the dice larger first, as gnubg stores them.
        let mut sorted = state;
        sorted.dice = [
            state.dice[0].max(state.dice[1]),
            state.dice[0].min(state.dice[1]),
        ];
        assert_eq!(MatchState::from_match_id(&r[1]), Ok(sorted), "{}", r[1]);
    }
}

#[test]
fn move_counts() {
    let recs = records("moves");
    assert_eq!(recs.len(), 25);
    for r in recs {
        let board = Board::from_position_id(&r[1]).unwrap();
        let (d0, d1): (u8, u8) = (r[2].parse().unwrap(), r[3].parse().unwrap());
        let n: usize = r[4].parse().unwrap();
        assert_eq!(board.legal_moves(d0, d1).len(), n, "{} {d0}{d1}", r[1]);
        assert_eq!(board.legal_moves(d1, d0).len(), n, "{} {d1}{d0}", r[1]);
    }
}
