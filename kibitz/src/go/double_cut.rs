//! Double cuts. An empty point next to two or more strings of one colour
//! that the opponent cannot fill safely holds those strings together as
//! long as that stays so; when one opponent move next to two such points
//! makes both playable, the opponent threatens two cuts at once and the
//! defender can mend only one. GNU Go 3.8 then joins the strings through
//! neither point (connection.tst `same_dragon` 16); dragon building treats
//! both points as cutting points.

use super::board::{Color, Position};

/// The points of `color`'s double cuts: empty points next to two or more
/// strings of `color` where the opponent's move is not safe, paired by
/// one empty point next to both at which the opponent can play safely,
/// next to one of its stones, and after which both are safe opponent
/// moves.
pub fn double_cut_points(pos: &Position, color: Color) -> Vec<usize> {
    let enemy = color.other();
    let links: Vec<usize> = (0..pos.area())
        .filter(|&l| pos.get(l).is_none() && touches_two_strings(pos, color, l))
        .filter(|&l| !pos.is_safe_move(enemy, l))
        .collect();
    let mut out: Vec<usize> = Vec::new();
    for (i, &l1) in links.iter().enumerate() {
        for &l2 in &links[i + 1..] {
            let both = pos
                .neighbors(l1)
                .filter(|&p| pos.get(p).is_none() && pos.neighbors(l2).any(|q| q == p))
                .any(|p| opens_both(pos, enemy, p, l1, l2));
            if both {
                for l in [l1, l2] {
                    if !out.contains(&l) {
                        out.push(l);
                    }
                }
            }
        }
    }
    out
}

/// True when the empty point `l` touches two different strings of `color`.
fn touches_two_strings(pos: &Position, color: Color, l: usize) -> bool {
    let mut first: Option<usize> = None;
    for q in pos.neighbors(l).filter(|&q| pos.get(q) == Some(color)) {
        let s = pos.string(q);
        match first {
            None => first = Some(q),
            Some(f) if !s.contains(&f) => return true,
            Some(_) => {}
        }
    }
    false
}

/// True when `enemy` can play `p` safely next to one of its stones (a
/// lone stone is no base for two cutting stones: ld_owl.tst 16), and
/// after it both `l1` and `l2` are safe moves for `enemy`.
fn opens_both(pos: &Position, enemy: Color, p: usize, l1: usize, l2: usize) -> bool {
    if !pos.neighbors(p).any(|q| pos.get(q) == Some(enemy)) || !pos.is_safe_move(enemy, p) {
        return false;
    }
    let mut after = pos.clone();
    after.play(enemy, p).is_ok() && after.is_safe_move(enemy, l1) && after.is_safe_move(enemy, l2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::worms::tests::diagram;

    /// Three white strings on a diagonal line (D8 E8 D7, F7, and G6 F5
    /// G5) are held together by E7 and F6, each a self-atari for black;
    /// black E6 (safe, next to D6) makes both playable: a double cut.
    /// With a white stone at E6 there is none.
    #[test]
    fn staircase() {
        let mut rows = [
            ".........",
            "..XOOX...",
            "..XO.OX..",
            "..XX..OX.",
            ".....OO..",
            ".........",
            ".........",
            ".........",
            ".........",
        ];
        let at = |r: usize, c: usize| r * 9 + c;
        let mut points = double_cut_points(&diagram(&rows), Color::White);
        points.sort_unstable();
        assert_eq!(points, vec![at(2, 4), at(3, 5)]);
        assert!(double_cut_points(&diagram(&rows), Color::Black).is_empty());
        rows[3] = "..XXO.OX.";
        assert!(double_cut_points(&diagram(&rows), Color::White).is_empty());
    }
}
