//! The dragons around one stone (`Dragons::analyze_groups_around`, what
//! the GTP commands about one dragon use) against the full analysis: on
//! positions of every game of `tests/data/go/games`, every stone is
//! covered by the analysis around some stone, and each covered stone has
//! the same dragon both ways.

#[path = "support/gnugo.rs"]
mod gnugo;
#[path = "support/random.rs"]
mod random;

use gnugo::{games, move_count};
use kibitz::go::dragons::Dragons;
use kibitz::go::sgf::{load, Until};
use kibitz::go::worms::Worms;

#[test]
fn dragons_around_a_stone_match_the_full_analysis() {
    let (mut stones, mut stones_checked, mut analyses) = (0, 0, 0);
    for (k, path) in games().iter().enumerate() {
        let text = String::from_utf8_lossy(&std::fs::read(path).expect("read sgf")).into_owned();
        // Early middle game in half the games, late in the others.
        let moves = move_count(path);
        let at = if k % 2 == 0 { moves / 2 } else { moves * 3 / 4 };
        let board = load(&text, &Until::Move(at + 1)).expect("a record").board;
        let pos = board.position();
        let worms = Worms::analyze(pos);
        let full = Dragons::analyze_groups(pos, &worms);
        let mut covered = vec![false; pos.area()];
        stones += (0..pos.area()).filter(|&v| pos.get(v).is_some()).count();
        for v in (0..pos.area()).filter(|&v| pos.get(v).is_some()) {
            if covered[v] {
                continue;
            }
            let part = Dragons::analyze_groups_around(pos, &worms, v);
            analyses += 1;
            assert!(
                part.is_exact_for(v),
                "{} at move {at}, stone {v}",
                path.display()
            );
            for w in (0..pos.area()).filter(|&w| part.is_exact_for(w)) {
                assert_eq!(pos.get(w), pos.get(v), "{} stone {w}", path.display());
                assert_eq!(
                    part.stones(w),
                    full.stones(w),
                    "{} at move {at}, stone {w} around {v}",
                    path.display()
                );
                covered[w] = true;
                stones_checked += 1;
            }
        }
    }
    // Each stone checked once: the analyses around different stones do
    // not overlap.
    assert_eq!(stones_checked, stones);
    assert!(
        stones > 3000 && analyses > 200,
        "{stones} stones, {analyses} analyses"
    );
}
