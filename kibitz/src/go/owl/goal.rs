//! The owl's goal after a defender move: the new stone joins the dragon
//! together with the friendly strings it is practically connected to,
//! when they reach the dragon (GNU Go 3.8's owl adds the new stone's
//! superstring to its goal). Three links of GNU Go's superstring are
//! used: a bamboo joint, an enemy string next to or diagonal to both that
//! the tactical reader captures with no defence (a dead cutting stone),
//! and a diagonal whose two crossing points are empty, when the caller
//! asks for it (`diagonal`: the search does for moves near the root).
//!
//! GNU Go's fourth link, through an empty point the attacker cannot
//! safely play, was measured and left out with the diagonal: together
//! they gained ld_owl.tst case 192 but lost 303 (the static look then
//! trusts eye space bordered by stones so joined, where GNU Go's
//! pessimistic count of the marginal points keeps reading).

use super::search::is_ko_retake;
use crate::go::board::{Color, Position};
use crate::go::reading::{self, Code, ReadingLimits};

/// Right, down, left, up: each direction followed by a perpendicular one.
const DIRS: [(isize, isize); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

/// Enemy strings with more liberties than this are not read as links.
const LINK_LIBERTIES: usize = 2;

/// The stones linked to the string at `s` in `pos` (its own first),
/// with empty diagonals as links when `diagonal`.
pub fn linked_stones(
    pos: &Position,
    s: usize,
    limits: &ReadingLimits,
    diagonal: bool,
) -> Vec<usize> {
    let Some(color) = pos.get(s) else {
        return Vec::new();
    };
    let mut member = vec![false; pos.area()];
    let mut read = vec![false; pos.area()];
    let mut stones = Vec::new();
    add(pos, s, &mut member, &mut stones);
    let mut i = 0;
    while i < stones.len() {
        let p = stones[i];
        i += 1;
        for k in 0..4 {
            for q in links(pos, p, k, color, limits, &mut read, diagonal) {
                if pos.get(q) == Some(color) && !member[q] {
                    add(pos, q, &mut member, &mut stones);
                }
            }
        }
    }
    stones
}

/// Adds the string at `q` to the members.
fn add(pos: &Position, q: usize, member: &mut [bool], stones: &mut Vec<usize>) {
    for t in pos.string(q) {
        member[t] = true;
        stones.push(t);
    }
}

/// The points that may hold friendly stones linked to the stone at `p`
/// on the side `k` (right = `DIRS[k]`, up = the next direction); enemy
/// strings already read are marked in `read`. The diagonal up and right
/// counts when `diagonal`.
fn links(
    pos: &Position,
    p: usize,
    k: usize,
    color: Color,
    limits: &ReadingLimits,
    read: &mut [bool],
    diagonal: bool,
) -> Vec<usize> {
    let (r, u) = (DIRS[k], DIRS[(k + 1) % 4]);
    let at = |dx: isize, dy: isize| pos.offset(p, (r.0 * dx + u.0 * dy, r.1 * dx + u.1 * dy));
    let Some(a) = at(1, 0) else {
        return Vec::new();
    };
    let (b, g) = (at(1, 1), at(0, 1));
    let empty = |q: Option<usize>| q.is_some_and(|q| pos.get(q).is_none());
    let mine = |q: Option<usize>| q.is_some_and(|q| pos.get(q) == Some(color));
    let mut out = Vec::new();
    // A bamboo joint: the pair beside us across two empty points.
    if mine(Some(a)) && empty(b) && empty(g) && mine(at(0, 2)) && mine(at(1, 2)) {
        out.extend(at(0, 2));
    }
    // A diagonal: the attacker cutting at one crossing point is answered
    // at the other.
    if diagonal && mine(b) && empty(Some(a)) && empty(g) {
        out.extend(b);
    }
    for e in [Some(a), b].into_iter().flatten() {
        if pos.get(e) != Some(color.other()) || read[e] {
            continue;
        }
        let lunch = pos.string(e);
        for &t in &lunch {
            read[t] = true;
        }
        if is_dead(pos, e, limits) {
            out.extend(
                lunch
                    .iter()
                    .flat_map(|&t| (0..8).filter_map(move |d| pos.step(t, d))),
            );
        }
    }
    out
}

/// True when the reader captures the string at `e` and finds no defence.
fn is_dead(pos: &Position, e: usize, limits: &ReadingLimits) -> bool {
    if pos.count_liberties(e) > LINK_LIBERTIES {
        return false;
    }
    let code = |o: Option<reading::Outcome>| o.map_or(Code::Lose, |o| o.code);
    code(reading::attack(pos, e, limits)) != Code::Lose
        && code(reading::find_defense(pos, e, limits)) == Code::Lose
}

/// The goal after the defender's stone at `m` (played on `before`,
/// giving `after`): `goal` with the stones linked to `m` (through empty
/// diagonals too when `diagonal`) when they hold a stone of the dragon
/// marked in `mask` (the mask before the move), or when `m` captured
/// stones next to the dragon and the emptied point is one the attacker
/// cannot play, even by retaking a ko.
pub fn grow(
    before: &Position,
    after: &Position,
    m: usize,
    goal: &[usize],
    mask: &[bool],
    limits: &ReadingLimits,
    diagonal: bool,
) -> Vec<usize> {
    let mut g = goal.to_vec();
    let stones = linked_stones(after, m, limits, diagonal);
    if stones.iter().any(|&s| mask[s]) || captures_into(before, after, m, mask) {
        g.extend(stones.into_iter().filter(|&s| !mask[s]));
    }
    g
}

/// True when the stone at `m` captured stones at a point next to the
/// dragon marked in `mask` that the attacker now cannot play there.
fn captures_into(before: &Position, after: &Position, m: usize, mask: &[bool]) -> bool {
    let Some(color) = after.get(m) else {
        return false;
    };
    let other = color.other();
    after.liberties(m).into_iter().any(|l| {
        before.get(l) == Some(other)
            && after.neighbors(l).any(|q| mask[q])
            && !after.is_legal(other, l)
            && !is_ko_retake(after, other, l)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::worms::tests::diagram;
    use crate::go::worms::tests::vertex as at;

    /// A bamboo joint links the two pairs at B8-C8 and B6-C6; the black
    /// stone at B1, dead in atari between A1-A2 and C1-C2, links those;
    /// the lone stone at G8 stays out.
    #[test]
    fn bamboo_joint_and_dead_stone_link() {
        let p = diagram(&[
            ".........",
            ".OO...O..",
            ".........",
            ".OO......",
            ".........",
            ".........",
            ".........",
            "O.O......",
            "OXO......",
        ]);
        let l = ReadingLimits::default();
        let mut pair = linked_stones(&p, at(&p, "B8"), &l, false);
        pair.sort_unstable();
        let mut want: Vec<usize> = ["B8", "C8", "B6", "C6"].iter().map(|v| at(&p, v)).collect();
        want.sort_unstable();
        assert_eq!(pair, want);
        let corner = linked_stones(&p, at(&p, "A1"), &l, false);
        assert!(corner.contains(&at(&p, "C2")));
        assert_eq!(corner.len(), 4);
    }

    /// D5 and E6 are diagonal with both crossing points empty: linked only
    /// when empty diagonals count. G5 and H6 are not: black holds H5.
    #[test]
    fn empty_diagonal_links_when_asked() {
        let p = diagram(&[
            ".........",
            ".........",
            ".........",
            "....O..O.",
            "...O..OX.",
            ".........",
            ".........",
            ".........",
            ".........",
        ]);
        let l = ReadingLimits::default();
        let (d5, e6) = (at(&p, "D5"), at(&p, "E6"));
        assert_eq!(linked_stones(&p, d5, &l, true), vec![d5, e6]);
        assert_eq!(linked_stones(&p, d5, &l, false), vec![d5]);
        assert_eq!(linked_stones(&p, at(&p, "G5"), &l, true).len(), 1);
    }
}
