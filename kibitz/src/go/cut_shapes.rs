//! Cutting shapes: local shapes where one enemy move cuts two strings
//! of a colour apart. GNU Go 3.8 finds them with the B patterns of its
//! connection database before it joins any strings; the cutting point and
//! the empty points the shape marks (here `!`) then join nothing: its
//! connection patterns ask that none of their empty points is such a
//! point. The shapes and their conditions are GNU Go's (facts only, own
//! encoding); the ko shape of its set is left out.
//!
//! A shape is found at an empty point `*` in any of the eight board
//! orientations. It counts when the enemy move at `*` is tactically safe,
//! every enemy stone of the shape is safe (or saved by the move at `*`),
//! and its reading condition holds (the private `Rule` of each shape).

use super::board::{orient, Color, Position};
use super::connect::{connect, disconnect};
use super::reading::{attack, does_defend, Code, ReadingLimits, WIN};
use super::worms::Worms;

/// The reading condition of a shape; `a`, `b` and `c` are its labelled
/// stones of the colour that is cut.
#[derive(Clone, Copy)]
enum Rule {
    /// After the enemy move at `*`, `a` and `b` cannot be connected.
    Split,
    /// `a` and `b` can be connected now, and not after the enemy move.
    SplitJoined,
    /// `a`-`c` and `c`-`b` cannot be cut now, and `a`-`b` cannot be
    /// connected after the enemy move.
    SplitChain,
}

/// One cutting shape, rows from top to bottom. `*` the cutting point
/// (empty), `!` an empty point that joins nothing once the shape counts,
/// `.` empty, `O` a stone of the colour that is cut (`a`, `b`, `c` the
/// same, labelled for the rule), `X` an enemy stone, `x` enemy or empty,
/// `?` anything (also off the board).
struct Shape {
    rows: &'static [&'static str],
    rule: Rule,
}

/// The shapes: fragile double connections (the first two), a cut beside
/// a one-point jump (three to five), the cut of a tiger's mouth pair, the
/// hane cut under a one-point jump, and a bent double connection.
const SHAPES: &[Shape] = &[
    Shape {
        rows: &["?b.", "X*O", "?a."],
        rule: Rule::Split,
    },
    Shape {
        rows: &["?b.", "?..", "X*O", "?a."],
        rule: Rule::Split,
    },
    Shape {
        rows: &["O!a", ".*X", ".b?"],
        rule: Rule::Split,
    },
    Shape {
        rows: &["c!a", ".*.", ".bX"],
        rule: Rule::SplitChain,
    },
    Shape {
        rows: &["?bX?", "O!OX", "?*!a", "??O?"],
        rule: Rule::Split,
    },
    Shape {
        rows: &["?*?", "aXb", "!O!"],
        rule: Rule::Split,
    },
    Shape {
        rows: &["?a", "x*", "XO", "b!"],
        rule: Rule::SplitJoined,
    },
    Shape {
        rows: &["O!a", "!*?", "b??"],
        rule: Rule::Split,
    },
];

/// A shape placed on the board: its labelled stones, enemy stones and
/// marked points.
#[derive(Default)]
struct Placed {
    labels: [Option<usize>; 3],
    enemies: Vec<usize>,
    marked: Vec<usize>,
}

/// The shape placed with `*` at `cut` in orientation `t`, when it fits.
fn place(pos: &Position, color: Color, shape: &Shape, cut: usize, t: usize) -> Option<Placed> {
    let (sx, sy) = shape
        .rows
        .iter()
        .enumerate()
        .find_map(|(y, r)| r.find('*').map(|x| (x as isize, y as isize)))
        .expect("a cutting point");
    let mut placed = Placed::default();
    for (y, row) in shape.rows.iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            if ch == '?' {
                continue;
            }
            let p = pos.offset(cut, orient(t, (x as isize - sx, y as isize - sy)))?;
            let stone = pos.get(p);
            let fits = match ch {
                '*' | '.' | '!' => stone.is_none(),
                'x' => stone != Some(color),
                'X' => stone == Some(color.other()),
                _ => stone == Some(color),
            };
            if !fits {
                return None;
            }
            match ch {
                '!' => placed.marked.push(p),
                'X' => placed.enemies.push(p),
                'a' | 'b' | 'c' => placed.labels[(ch as u8 - b'a') as usize] = Some(p),
                _ => {}
            }
        }
    }
    Some(placed)
}

/// How far (in steps along the lines) a marked point may lie from its
/// shape's cutting point.
pub const MARK_REACH: usize = 3;

/// The cutting points of `color`'s strings and the points their shapes
/// mark: none of them joins strings of `color`. Only cutting points
/// accepted by `look` are tried.
pub fn cut_points(
    pos: &Position,
    worms: &Worms,
    color: Color,
    limits: &ReadingLimits,
    look: impl Fn(usize) -> bool,
) -> Vec<bool> {
    let mut out = vec![false; pos.area()];
    let enemy = color.other();
    for cut in (0..pos.area()).filter(|&v| pos.get(v).is_none() && look(v)) {
        // The enemy move at `*`, once per point: None when it is not safe.
        let mut after: Option<Option<Position>> = None;
        for shape in SHAPES {
            for t in 0..8 {
                let Some(placed) = place(pos, color, shape, cut, t) else {
                    continue;
                };
                let played = after.get_or_insert_with(|| safe_move(pos, enemy, cut, limits));
                let Some(played) = played.as_ref() else {
                    break;
                };
                let enemies_safe = placed.enemies.iter().all(|&x| {
                    worms.at(x).attack_code != WIN || does_defend(pos, cut, x, limits) == Some(true)
                });
                if enemies_safe && holds(pos, played, shape.rule, &placed, limits) {
                    out[cut] = true;
                    for &m in &placed.marked {
                        out[m] = true;
                    }
                }
            }
        }
    }
    out
}

/// The position after `enemy` plays at `v`, when that stone cannot be
/// captured.
fn safe_move(pos: &Position, enemy: Color, v: usize, limits: &ReadingLimits) -> Option<Position> {
    let mut p = pos.clone();
    p.play(enemy, v).ok()?;
    let caught = attack(&p, v, limits).is_some_and(|o| o.code == Code::Win);
    (!caught).then_some(p)
}

/// True when the shape's reading condition holds.
fn holds(
    pos: &Position,
    after: &Position,
    rule: Rule,
    placed: &Placed,
    limits: &ReadingLimits,
) -> bool {
    let [a, b, c] = placed.labels;
    let (Some(a), Some(b)) = (a, b) else {
        return false;
    };
    let split = || connect(after, a, b, limits).code == Code::Lose;
    match rule {
        Rule::Split => split(),
        Rule::SplitJoined => connect(pos, a, b, limits).code != Code::Lose && split(),
        Rule::SplitChain => {
            let Some(c) = c else { return false };
            disconnect(pos, a, c, limits).code == Code::Lose
                && disconnect(pos, c, b, limits).code == Code::Lose
                && split()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::coord::from_gtp;
    use crate::go::sgf::{load, Until};

    /// Every marked point of a cutting shape lies within [`MARK_REACH`]
    /// of its cutting point.
    #[test]
    fn marked_points_within_reach() {
        let mut far = 0;
        for shape in SHAPES {
            let at = |ch: char| {
                shape.rows.iter().enumerate().flat_map(move |(y, r)| {
                    r.chars()
                        .enumerate()
                        .filter(move |&(_, c)| c == ch)
                        .map(move |(x, _)| (x as isize, y as isize))
                })
            };
            let (sx, sy) = at('*').next().expect("a cutting point");
            for (x, y) in at('!') {
                far = far.max((x - sx).unsigned_abs() + (y - sy).unsigned_abs());
            }
        }
        assert_eq!(far, MARK_REACH);
    }

    /// GNU Go 3.8 on trevor b67 at move 58 (connection.tst 70): white's
    /// M6 and M4 with black L4 and white L3 form the hane-cut shape, so
    /// M5 is a white cutting point and M3 is marked; on incident240 at
    /// move 69 (connection.tst 10) black's C10-C9-C8 with white D10 and
    /// black E9 form the shape beside a jump: D9 cuts, C9 is marked.
    #[test]
    fn gnugo_cutting_points() {
        let check = |text: &str, moves: usize, color: Color, want: &[&str]| {
            let board = load(text, &Until::Move(moves)).expect("a record").board;
            let p = board.position();
            let w = Worms::analyze(p);
            let cuts = cut_points(p, &w, color, &ReadingLimits::default(), |_| true);
            for v in want {
                assert!(cuts[from_gtp(p.size(), v).unwrap()], "{v}");
            }
        };
        let b67 = include_str!("../../../tests/data/go/regress/games/trevor/auto/b67.sgf");
        check(b67, 58, Color::White, &["M5", "M3"]);
        let i240 = include_str!("../../../tests/data/go/regress/games/incident240.sgf");
        check(i240, 69, Color::Black, &["D9", "C9"]);
    }
}
