//! A text diagram of a board: X is the player on roll (side 1), moving
//! from point 24 to point 1; O is the opponent. Points 13..=24 run along
//! the top, 12..=1 along the bottom, stacks of more than five chequers
//! show their count in the fifth row.

use super::board::{Board, BAR};

/// Rows drawn per half board.
const ROWS: usize = 5;

/// The chequer (`'X'`/`'O'`) and count on X's point `p` (1..=24).
fn occupant(board: &Board, p: usize) -> (char, u8) {
    let x = board.side(1)[p - 1];
    let o = board.side(0)[24 - p];
    if x > 0 {
        ('X', x)
    } else {
        ('O', o)
    }
}

/// The 3-character cell of `(chequer, count)` in row `r` from the edge.
fn cell((c, n): (char, u8), r: usize) -> String {
    if n as usize > ROWS && r == ROWS - 1 {
        format!("{n:>3}")
    } else if n as usize > r {
        format!("  {c}")
    } else {
        "   ".to_string()
    }
}

/// One row of a half board: `left` and `right` are six points each.
fn row(board: &Board, left: &[usize], right: &[usize], r: usize) -> String {
    let mut line = String::from(" |");
    for &p in left {
        line.push_str(&cell(occupant(board, p), r));
    }
    line.push_str("  |");
    for &p in right {
        line.push_str(&cell(occupant(board, p), r));
    }
    line.push_str("  |");
    line.trim_end().to_string()
}

/// Point numbers of a half board as a label line.
fn labels(left: &[usize], right: &[usize]) -> String {
    let l: String = left.iter().map(|p| format!("{p:>3}")).collect();
    let r: String = right.iter().map(|p| format!("{p:>3}")).collect();
    format!("  {l}    {r}")
}

/// The diagram of `board`, with bar, borne-off and pip counts.
pub fn diagram(board: &Board) -> String {
    let top_left = [13, 14, 15, 16, 17, 18];
    let top_right = [19, 20, 21, 22, 23, 24];
    let bottom_left = [12, 11, 10, 9, 8, 7];
    let bottom_right = [6, 5, 4, 3, 2, 1];
    let border = format!(" +{}+{}+", "-".repeat(20), "-".repeat(20));
    let mut lines = vec![labels(&top_left, &top_right), border.clone()];
    for r in 0..ROWS {
        lines.push(row(board, &top_left, &top_right, r));
    }
    lines.push(" |                    |                    |".to_string());
    for r in (0..ROWS).rev() {
        lines.push(row(board, &bottom_left, &bottom_right, r));
    }
    lines.push(border);
    lines.push(labels(&bottom_left, &bottom_right));
    let pips = board.pip_count();
    lines.push(format!(
        "X (on roll): bar {}, off {}, pips {}",
        board.side(1)[BAR],
        board.borne_off(1),
        pips[1]
    ));
    lines.push(format!(
        "O:           bar {}, off {}, pips {}",
        board.side(0)[BAR],
        board.borne_off(0),
        pips[0]
    ));
    let mut text = lines.join("\n");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starting_diagram() {
        let text = diagram(&Board::starting());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "   13 14 15 16 17 18     19 20 21 22 23 24");
        assert_eq!(lines[2], " |  X           O     |  O              X  |");
        assert_eq!(lines[6], " |  X                 |  O                 |");
        assert_eq!(lines[12], " |  O           X     |  X              O  |");
        assert_eq!(lines[15], "X (on roll): bar 0, off 0, pips 167");
    }
}
