//! The dragons of one colour (`Dragons::analyze_groups_of`, what the GTP
//! commands about one dragon use) against the full analysis: on positions
//! of every game of `tests/data/go/games`, each stone of that colour has
//! the same dragon both ways.

#[path = "support/gnugo.rs"]
mod gnugo;
#[path = "support/random.rs"]
mod random;

use gnugo::{games, move_count};
use kibitz::go::board::Color;
use kibitz::go::dragons::Dragons;
use kibitz::go::sgf::{load, Until};
use kibitz::go::worms::Worms;

#[test]
fn one_colour_dragons_match_the_full_analysis() {
    let mut stones_checked = 0;
    for (k, path) in games().iter().enumerate() {
        let text = String::from_utf8_lossy(&std::fs::read(path).expect("read sgf")).into_owned();
        // Early middle game in half the games, late in the others.
        let moves = move_count(path);
        let at = if k % 2 == 0 { moves / 2 } else { moves * 3 / 4 };
        let board = load(&text, &Until::Move(at + 1)).expect("a record").board;
        let pos = board.position();
        let worms = Worms::analyze(pos);
        let full = Dragons::analyze_groups(pos, &worms);
        for color in [Color::Black, Color::White] {
            let part = Dragons::analyze_groups_of(pos, &worms, color);
            for v in (0..pos.area()).filter(|&v| pos.get(v) == Some(color)) {
                assert_eq!(
                    part.stones(v),
                    full.stones(v),
                    "{} at move {at}, stone {v}",
                    path.display()
                );
                stones_checked += 1;
            }
        }
    }
    assert!(stones_checked > 2000, "{stones_checked} stones");
}
