//! A simple tactical reader: captures in atari and ladders.
//!
//! This fills the attack and defense fields of the worms until the full
//! tactical reading lands. It only knows two situations:
//! - a string with one liberty is attacked by taking it;
//! - a string with two liberties is attacked if one of the two ataris
//!   starts a ladder the defender cannot escape, the defender answering
//!   each atari by extending or by capturing an adjacent attacker string
//!   in atari.
//!
//! Strings with three or more liberties are never attacked. A string that
//! can be attacked is defended by a liberty or a capture after which it
//! can no longer be attacked. The search is bounded by a node budget and a
//! depth limit; beyond them the string counts as not attacked.

use super::board::{Color, Position};

/// GNU Go's result code for an unconditional success.
pub const WIN: i32 = 5;
/// GNU Go's result code for a success through a ko the mover takes first.
pub const KO_A: i32 = 4;

/// The deepest attacker move searched (a ladder across a 19x19 board
/// needs about 40).
const MAX_DEPTH: usize = 150;

/// The node budget of one top-level question.
const BUDGET: usize = 4000;

/// An attack on the string at `s`: the first move (in board order of the
/// candidate liberties) that captures it by atari or ladder.
pub fn attack(pos: &Position, s: usize) -> Option<usize> {
    let mut budget = BUDGET;
    attack_in(pos, s, &mut budget, 0)
}

/// The attack code and point: [`KO_A`] when the string is in atari and
/// taking it is a ko capture, [`WIN`] for other attacks.
pub fn attack_code(pos: &Position, s: usize) -> Option<(i32, usize)> {
    let m = attack(pos, s)?;
    let color = pos.get(s)?;
    let ko = pos.count_liberties(s) == 1 && pos.is_ko(m, color.other());
    Some((if ko { KO_A } else { WIN }, m))
}

/// A defense of the string at `s` when it can be attacked: the first
/// liberty, then the first capture of an adjacent string in atari, after
/// which [`attack`] no longer succeeds.
pub fn defense(pos: &Position, s: usize) -> Option<usize> {
    let color = pos.get(s)?;
    attack(pos, s)?;
    defender_moves(pos, s, color).into_iter().find(|&m| {
        let mut p = pos.clone();
        p.play(color, m).is_ok() && attack(&p, s).is_none()
    })
}

fn attack_in(pos: &Position, s: usize, budget: &mut usize, depth: usize) -> Option<usize> {
    let color = pos.get(s)?;
    if *budget == 0 || depth > MAX_DEPTH {
        return None;
    }
    *budget -= 1;
    let libs = pos.liberties(s);
    match libs.len() {
        1 => pos.is_legal(color.other(), libs[0]).then_some(libs[0]),
        2 => libs.iter().copied().find(|&m| {
            let mut p = pos.clone();
            p.play(color.other(), m).is_ok()
                && p.get(s).is_some()
                && !escapes(&p, s, color, budget, depth)
        }),
        _ => None,
    }
}

/// True when the string at `s` (in atari or not, `color` to move) survives:
/// some defender move leaves it with an attack-free position.
fn escapes(pos: &Position, s: usize, color: Color, budget: &mut usize, depth: usize) -> bool {
    if *budget == 0 {
        return true;
    }
    if pos.count_liberties(s) >= 2 {
        return attack_in(pos, s, budget, depth + 1).is_none();
    }
    defender_moves(pos, s, color).into_iter().any(|m| {
        let mut p = pos.clone();
        p.play(color, m).is_ok()
            && p.count_liberties(s) >= 2
            && attack_in(&p, s, budget, depth + 1).is_none()
    })
}

/// The defender's candidate moves: the string's liberties, then the
/// liberties of adjacent enemy strings in atari (board order, no repeats).
fn defender_moves(pos: &Position, s: usize, color: Color) -> Vec<usize> {
    let mut moves = pos.liberties(s);
    let mut captures = Vec::new();
    for st in pos.string(s) {
        for q in pos.neighbors(st) {
            if pos.get(q) == Some(color.other()) {
                let libs = pos.liberties(q);
                if libs.len() == 1 {
                    captures.push(libs[0]);
                }
            }
        }
    }
    captures.sort_unstable();
    for c in captures {
        if !moves.contains(&c) {
            moves.push(c);
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::worms::tests::diagram;

    #[test]
    fn atari_and_ladder() {
        // White D3 in atari (transcript 1 of the reference notes).
        let p = diagram(&[
            ".........",
            ".........",
            "......O..",
            ".........",
            "...O.....",
            "..XXO....",
            "..XOX....",
            ".........",
            ".........",
        ]);
        let d3 = 6 * 9 + 3;
        assert_eq!(attack(&p, d3), Some(7 * 9 + 3));
        // Extending to D2 gives three liberties, beyond this reader (GNU
        // Go's full reading finds no defense here).
        assert_eq!(defense(&p, d3), Some(7 * 9 + 3));
        // A ladder in the corner: black B2 with two liberties.
        let q = diagram(&[".....", ".....", ".O...", ".XO..", "..O.."]);
        let b2 = 3 * 5 + 1;
        assert_eq!(pos_libs(&q, b2), 2);
        assert!(attack(&q, b2).is_some());
        // Three liberties: no attack.
        let r = diagram(&[".....", ".....", ".X...", ".....", "....."]);
        assert_eq!(attack(&r, 11), None);
    }

    fn pos_libs(p: &Position, s: usize) -> usize {
        p.count_liberties(s)
    }
}
