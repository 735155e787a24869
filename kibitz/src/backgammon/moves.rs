//! Legal moves: generation with every rule of the game, gnubg's search
//! order and de-duplication, and playing a move on a board.
//!
//! Rules: chequers on the bar enter first; a point held by two or more
//! opposing chequers is blocked; landing on a single opposing chequer hits
//! it; bearing off needs all chequers home and the exact die, or a larger
//! die for the rearmost chequer; as many dice as possible must be used,
//! else the higher die; doubles play four times. Moves that lead to the
//! same position count once.

use std::collections::HashSet;

use super::board::{Board, BAR};
use super::error::BgError;
use crate::key_hash::KeyBuild;

/// The most distinct legal moves any position and roll has (gnubg's
/// `MAX_MOVES`).
pub const MAX_MOVES: usize = 3060;

/// One chequer moved by one die, in the mover's points: `from` 1..=24 or
/// 25 for the bar, `to` 1..=24 or 0 for borne off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Step {
    /// Source point (25 = bar).
    pub from: u8,
    /// Destination point (0 = off).
    pub to: u8,
}

/// A move: up to four steps in the order they are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Move {
    steps: [Step; 4],
    len: u8,
}

impl Move {
    /// The move of `steps` (at most four; `None` if more).
    pub fn new(steps: &[Step]) -> Option<Move> {
        if steps.len() > 4 {
            return None;
        }
        let mut m = Move::default();
        m.steps[..steps.len()].copy_from_slice(steps);
        m.len = steps.len() as u8;
        Some(m)
    }

    /// The steps in playing order.
    pub fn steps(&self) -> &[Step] {
        &self.steps[..self.len as usize]
    }

    /// The number of steps (0 when no move is possible).
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// True for the empty move.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Appends a step (at most four).
    fn push(&mut self, step: Step) {
        self.steps[self.len as usize] = step;
        self.len += 1;
    }
}

/// A legal move and the position it leads to (still with the mover as
/// side 1; swap it to give the opponent the roll).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LegalMove {
    /// The move.
    pub play: Move,
    /// The board after the move, not swapped.
    pub result: Board,
}

/// Plays one die of `die` pips from index `from` (24 = bar) for side 1 of
/// `sides`, hitting a lone opposing chequer. No legality check.
fn step_sides(sides: &mut [[u8; 25]; 2], from: usize, die: usize) {
    sides[1][from] -= 1;
    if from >= die {
        let to = from - die;
        if sides[0][23 - to] == 1 {
            sides[0][23 - to] = 0;
            sides[0][BAR] += 1;
        }
        sides[1][to] += 1;
    }
}

/// The highest index holding a chequer of side 1 (0 if none above 0).
fn rearmost(sides: &[[u8; 25]; 2]) -> usize {
    (1..25).rev().find(|&i| sides[1][i] > 0).unwrap_or(0)
}

/// Can side 1 move a chequer from index `from` (not the bar) by `die`?
fn can_step(sides: &[[u8; 25]; 2], from: usize, die: usize) -> bool {
    if from >= die {
        return sides[0][23 - (from - die)] < 2;
    }
    let back = rearmost(sides);
    back <= 5 && (from == back || from + 1 == die)
}

/// The two sides packed 4 bits a point (counts are at most 15).
fn packed(sides: &[[u8; 25]; 2]) -> [u64; 4] {
    let mut key = [0u64; 4];
    for (i, &n) in sides.iter().flatten().enumerate() {
        key[i / 16] |= u64::from(n) << (4 * (i % 16));
    }
    key
}

/// The state of one generation: dice, the best (steps, pips) so far and
/// the distinct results.
struct Generator {
    dice: [usize; 4],
    max_steps: usize,
    max_pips: usize,
    moves: Vec<LegalMove>,
    seen: HashSet<[u64; 4], KeyBuild>,
}

impl Generator {
    /// Explores every way to play dice `depth..` from `sides`, trying
    /// sources from index `start` down. Returns true if no die could be
    /// played here, i.e. the move so far is complete.
    fn search(
        &mut self,
        sides: &[[u8; 25]; 2],
        depth: usize,
        start: usize,
        pips: usize,
        played: Move,
    ) -> bool {
        if depth > 3 || self.dice[depth] == 0 {
            return true;
        }
        let die = self.dice[depth];
        let doubles = self.dice[0] == self.dice[1];
        if sides[1][BAR] > 0 {
            if sides[0][die - 1] >= 2 {
                return true;
            }
            self.try_step(sides, BAR, die, depth, 23, pips, played);
            return false;
        }
        let mut used = false;
        for from in (0..=start).rev() {
            if sides[1][from] > 0 && can_step(sides, from, die) {
                let next = if doubles { from } else { 23 };
                self.try_step(sides, from, die, depth, next, pips, played);
                used = true;
            }
        }
        !used
    }

    /// Plays `die` from index `from`, continues the search and saves the
    /// move if it ends there.
    #[allow(clippy::too_many_arguments)]
    fn try_step(
        &mut self,
        sides: &[[u8; 25]; 2],
        from: usize,
        die: usize,
        depth: usize,
        next: usize,
        pips: usize,
        mut played: Move,
    ) {
        let mut after = *sides;
        step_sides(&mut after, from, die);
        played.push(Step {
            from: from as u8 + 1,
            to: if from >= die {
                (from - die) as u8 + 1
            } else {
                0
            },
        });
        if self.search(&after, depth + 1, next, pips + die, played) {
            self.save(&after, pips + die, played);
        }
    }

    /// Keeps a complete move if it uses the most dice and pips so far.
    fn save(&mut self, after: &[[u8; 25]; 2], pips: usize, played: Move) {
        let steps = played.len();
        if steps < self.max_steps || pips < self.max_pips {
            return;
        }
        if steps > self.max_steps || pips > self.max_pips {
            self.moves.clear();
            self.seen.clear();
        }
        self.max_steps = steps;
        self.max_pips = pips;
        if !self.seen.insert(packed(after)) {
            return;
        }
        self.moves.push(LegalMove {
            play: played,
            result: Board::from_sides_unchecked(*after),
        });
    }
}

impl Board {
    /// Every distinct legal move of side 1 with dice `die0` and `die1`
    /// (1..=6), in gnubg's generation order: first `die0` then `die1`,
    /// sources from the back; of moves reaching the same position the first
    /// found is kept. Empty when no move is possible.
    pub fn legal_moves(&self, die0: u8, die1: u8) -> Vec<LegalMove> {
        self.try_legal_moves(die0, die1)
            .expect("dice must be in 1..=6")
    }

    /// [`Board::legal_moves`], with an error for dice outside 1..=6.
    pub fn try_legal_moves(&self, die0: u8, die1: u8) -> Result<Vec<LegalMove>, BgError> {
        if !(1..=6).contains(&die0) || !(1..=6).contains(&die1) {
            return Err(BgError::Dice);
        }
        let (d0, d1) = (die0 as usize, die1 as usize);
        let rest = if d0 == d1 { d0 } else { 0 };
        let mut gen = Generator {
            dice: [d0, d1, rest, rest],
            max_steps: 0,
            max_pips: 0,
            moves: Vec::new(),
            seen: HashSet::default(),
        };
        gen.search(self.sides(), 0, 23, 0, Move::default());
        if d0 != d1 {
            gen.dice = [d1, d0, 0, 0];
            gen.search(self.sides(), 0, 23, 0, Move::default());
        }
        Ok(gen.moves)
    }

    /// The board after side 1 plays `m`, step by step. Each step must move
    /// a chequer side 1 has, by 1..=6 pips, bar first, onto a point not
    /// held by the opponent; bearing off needs all chequers home and a
    /// source point within 6 (the dice themselves are not checked).
    pub fn play(&self, m: &Move) -> Result<Board, BgError> {
        let mut sides = *self.sides();
        for s in m.steps() {
            let (from, to) = (s.from as usize, s.to as usize);
            if !(1..=25).contains(&from) || to >= from || to > 24 {
                return Err(BgError::IllegalMove);
            }
            let index = from - 1;
            if sides[1][index] == 0 || (index != BAR && sides[1][BAR] > 0) {
                return Err(BgError::IllegalMove);
            }
            let die = if to == 0 { from.min(6) } else { from - to };
            if die > 6 || (to == 0 && from > 6) {
                return Err(BgError::IllegalMove);
            }
            if to > 0 && sides[0][24 - to] >= 2 {
                return Err(BgError::IllegalMove);
            }
            if to == 0 && rearmost(&sides) > 5 {
                return Err(BgError::IllegalMove);
            }
            let die = if to == 0 { from } else { die };
            step_sides(&mut sides, index, die);
        }
        Board::new(sides)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (position ID, dice, count) from gnubg 1.07's `hint`.
    const COUNTS: &[(&str, u8, u8, usize)] = &[
        ("4HPwATDgc/ABMA", 3, 1, 16),
        ("4HPwATDgc/ABMA", 6, 5, 7),
        ("4HPwATDgc/ABMA", 6, 6, 11),
        ("4HPwATDgc/ABMA", 2, 2, 75),
        ("4HPwASHgc/AAWA", 6, 6, 0),
        ("4HPwASHgc/AAWA", 2, 2, 46),
        ("RgMAwBIAAAAAAA", 5, 1, 3),
    ];

    #[test]
    fn known_counts() {
        for &(id, d0, d1, n) in COUNTS {
            let b = Board::from_position_id(id).unwrap();
            assert_eq!(b.legal_moves(d0, d1).len(), n, "{id} {d0}{d1}");
        }
    }

    #[test]
    fn play_matches_generated_results() {
        let b = Board::starting();
        for m in b.legal_moves(6, 4) {
            assert_eq!(b.play(&m.play), Ok(m.result));
        }
        let bad = Move::new(&[Step { from: 13, to: 6 }]).unwrap();
        assert_eq!(b.play(&bad), Err(BgError::IllegalMove));
        let off = Move::new(&[Step { from: 6, to: 0 }]).unwrap();
        assert_eq!(b.play(&off), Err(BgError::IllegalMove));
    }

    #[test]
    fn rejects_bad_dice() {
        assert_eq!(Board::starting().try_legal_moves(0, 3), Err(BgError::Dice));
    }
}
