//! Liberties of order 2, 3 and 4 ("Worms and Dragons"; GNU Go's
//! definition).
//!
//! A liberty of order n is an empty point that can be joined to the string
//! by n stones of its colour but no fewer. The path may run through other
//! stones of the same colour; the stones placed beyond the first liberty
//! may not touch an enemy stone; a first-order liberty flanked by two enemy
//! stones (or an enemy stone and the edge) on opposite sides is no path;
//! and no path runs through a ko (a ko stone or an empty ko point).

use super::board::{Color, Position};

/// The numbers of liberties of order 1 to 4 of the string at `s`.
pub fn liberties_by_order(pos: &Position, s: usize) -> [usize; 4] {
    let color = pos.get(s).expect("a stone");
    let libs = pos.liberties(s);
    let mut reached = vec![false; pos.area()];
    for &l in &libs {
        reached[l] = !flanked(pos, l, color.other());
    }
    let mut out = [libs.len(), 0, 0, 0];
    for count in out.iter_mut().skip(1) {
        *count = next_ring(pos, s, color, &mut reached);
    }
    out
}

/// True when the liberty `l` has enemy stones (or the edge) on both sides
/// north and south, or on both sides west and east.
fn flanked(pos: &Position, l: usize, enemy: Color) -> bool {
    let blocked = |d| pos.step(l, d).map_or(true, |q| pos.get(q) == Some(enemy));
    (blocked(0) && blocked(2)) || (blocked(1) && blocked(3))
}

/// True when the empty point `v` touches a stone of `color`.
fn touches(pos: &Position, v: usize, color: Color) -> bool {
    pos.neighbors(v).any(|q| pos.get(q) == Some(color))
}

/// One more ring: walks from the string through its own colour's stones
/// and the points already reached (never onward from a ko point), marks
/// every new empty neighbour not touching the enemy, and returns how many
/// were marked.
fn next_ring(pos: &Position, s: usize, color: Color, reached: &mut [bool]) -> usize {
    let mut visited = vec![false; pos.area()];
    let mut stack = vec![s];
    visited[s] = true;
    let mut found = 0;
    while let Some(p) = stack.pop() {
        for q in pos.neighbors(p) {
            if pos.get(q).is_none() && !reached[q] && !visited[q] && !touches(pos, q, color.other())
            {
                found += 1;
                visited[q] = true;
                reached[q] = true;
            }
        }
        if pos.is_ko_point(p) {
            continue;
        }
        for q in pos.neighbors(p) {
            if !visited[q] && (reached[q] || pos.get(q) == Some(color)) {
                visited[q] = true;
                stack.push(q);
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::worms::tests::diagram;

    /// The seed document's example: the O group's liberties of order
    /// < 5 are labelled 1..4.
    ///
    /// ```text
    /// .XX...      .XX.4.
    /// XO....      XO1234
    /// XO....      XO1234
    /// ......      .12.4.
    /// .X.X..      .X.X..
    /// ```
    ///
    /// In the top left corner of a 9x9 board GNU Go 3.8 also answers
    /// liberties 3, 3, 2, 4.
    #[test]
    fn seed_example() {
        let p = diagram(&[
            ".XX......",
            "XO.......",
            "XO.......",
            ".........",
            ".X.X.....",
            ".........",
            ".........",
            ".........",
            ".........",
        ]);
        assert_eq!(liberties_by_order(&p, 10), [3, 3, 2, 4]);
    }

    /// A liberty flanked by two enemy stones blocks expansion; on the edge
    /// one enemy stone suffices.
    #[test]
    fn flanked_liberties() {
        let p = diagram(&["X....", ".O...", "X....", ".....", "....."]);
        // Of the four liberties only A4 (X to the north and the south)
        // is flanked.
        let libs = liberties_by_order(&p, 6);
        assert_eq!(libs[0], 4);
        let q = diagram(&["X....", ".O...", "X....", ".....", "....."]);
        assert!(flanked(&q, 5, Color::Black));
        assert!(!flanked(&q, 1, Color::Black));
        let e = diagram(&[".....", ".....", ".....", "X....", ".O..."]);
        // A1: edge to the south, X to the north.
        assert!(flanked(&e, 20, Color::Black));
    }

    /// A lone stone in the middle of an empty 9x9 board: 4, 8, 12, 16.
    #[test]
    fn open_board_rings() {
        let mut rows = vec!["........."; 9];
        rows[4] = "....O....";
        let p = diagram(&rows);
        assert_eq!(liberties_by_order(&p, 40), [4, 8, 12, 16]);
    }
}
