//! Tactical reading: can a string be captured, and how can it be saved.
//!
//! The reader is a depth-first minimax over the moves near the string
//! (its liberties, second-order liberties, captures of the strings around
//! it), dispatched on the liberty count as GNU Go's reader is: strings
//! with five or more liberties are safe, four-liberty strings are read
//! only near the root ([`ReadingLimits::fourlib_depth`]), three-liberty
//! strings down to [`ReadingLimits::depth`], and strings with one or two
//! liberties (ladders) as deep as [`ReadingLimits::max_depth`]. Kos follow
//! a komaster rule ([`search`]) and give GNU Go's ko result codes. As in
//! GNU Go, the answer that refuted one candidate (the killer) is tried
//! first against the next, and from [`ReadingLimits::branch_depth`] on a
//! string with three or more liberties is read along one line.
//!
//! Files: [`board`] (make/undo board), [`limits`] (depth and node
//! budgets), [`search`] (reader state, ko rules, cache), [`candidates`]
//! (move generation) and [`ordering`] (move scores), [`mod@attack`],
//! [`attack_extra`] (the attacker's second batch of moves),
//! [`attack_far`] (attacker moves away from the target), [`defend`],
//! [`defend_extra`] (the defender's second batch), [`defend_rescue`]
//! (saving the friendly strings that hold a liberty), [`edge`] (edge
//! clamps and edge liberties not worth crawling on), [`ladder`] (simple
//! ladders), [`pairs`] (two strings at once), [`superstring`] and
//! [`superstring_moves`] (practically connected strings and moves on
//! them), [`squeeze`] (squeeze moves), [`verify`] (does a given move
//! attack or defend).

mod answers;
pub mod attack;
pub mod attack_extra;
pub mod attack_far;
pub mod board;
pub mod candidates;
pub mod defend;
pub mod defend_extra;
pub mod defend_rescue;
pub mod edge;
pub mod ladder;
pub mod limits;
pub mod ordering;
pub mod pairs;
pub mod point_set;
pub mod search;
pub mod squeeze;
pub mod superstring;
pub mod superstring_moves;
pub mod verify;

pub use limits::ReadingLimits;

use super::board::Position;
use search::Reader;

/// GNU Go's internal code for an unconditional success.
pub const WIN: i32 = 5;
/// GNU Go's internal code for a success through a ko the mover takes first.
pub const KO_A: i32 = 4;
/// GNU Go's internal code for a success through a ko after a threat.
pub const KO_B: i32 = 1;
/// GNU Go's internal code for a failure.
pub const LOSE: i32 = 0;

/// A reading result, GNU Go's codes: who wins and whether a ko is needed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Code {
    /// The side to move fails.
    Lose,
    /// Success through a ko in which the mover must first find a threat.
    KoB,
    /// Success through a ko in which the mover takes first.
    KoA,
    /// Unconditional success.
    Win,
}

impl Code {
    /// GNU Go's internal number (`WIN=5, KO_A=4, KO_B=1, LOSE=0`), as
    /// `worm_data` prints it.
    pub fn gnugo(self) -> i32 {
        match self {
            Code::Lose => LOSE,
            Code::KoB => KO_B,
            Code::KoA => KO_A,
            Code::Win => WIN,
        }
    }

    /// The number GTP's tactical commands print (`0` fails, `1` wins,
    /// `2` ko taken first, `3` ko after a threat).
    pub fn gtp(self) -> i32 {
        match self {
            Code::Lose => 0,
            Code::Win => 1,
            Code::KoA => 2,
            Code::KoB => 3,
        }
    }

    /// The result for the other side when this is the opponent's best
    /// answer: a win becomes a loss and the two ko codes swap.
    pub fn reverse(self) -> Code {
        match self {
            Code::Lose => Code::Win,
            Code::KoB => Code::KoA,
            Code::KoA => Code::KoB,
            Code::Win => Code::Lose,
        }
    }
}

/// A reading answer: the code and the move that achieves it (`None` when
/// the code is [`Code::Lose`] or when no move is needed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The result code.
    pub code: Code,
    /// The move, as a row-major vertex.
    pub point: Option<usize>,
}

impl Outcome {
    fn from_padded(r: &Reader, (code, p): (Code, Option<usize>)) -> Outcome {
        Outcome {
            code,
            point: p.map(|p| r.board().to_plain(p)),
        }
    }
}

/// The shape of [`attack()`] and [`find_defense`].
pub type Question = fn(&Position, usize, &ReadingLimits) -> Option<Outcome>;
/// The shape of [`attack_either`] and [`defend_both`].
pub type PairQuestion = fn(&Position, usize, usize, &ReadingLimits) -> Option<Code>;

/// Can the string at vertex `v` be captured, its opponent moving first?
/// `None` when `v` is empty.
pub fn attack(pos: &Position, v: usize, limits: &ReadingLimits) -> Option<Outcome> {
    pos.get(v)?;
    Some(answers::answer(
        pos,
        v,
        answers::Question::Attack,
        limits,
        || {
            let mut r = Reader::new(pos, limits);
            let s = r.board().to_padded(v);
            let res = r.attack(s);
            Outcome::from_padded(&r, res)
        },
    ))
}

/// Can the string at vertex `v` be saved, its owner moving first? Strings
/// with five or more liberties give [`Code::Win`] with no move; otherwise
/// the first move after which the string cannot be captured. `None` when
/// `v` is empty.
pub fn find_defense(pos: &Position, v: usize, limits: &ReadingLimits) -> Option<Outcome> {
    pos.get(v)?;
    Some(answers::answer(
        pos,
        v,
        answers::Question::Defend,
        limits,
        || {
            let mut r = Reader::new(pos, limits);
            let s = r.board().to_padded(v);
            let res = r.defend(s);
            Outcome::from_padded(&r, res)
        },
    ))
}

/// Does the opponent's move at `mv` capture the string at `v`, better
/// than doing nothing (GNU Go's `does_attack`, see [`verify`])? The
/// attacker's code; [`Code::Lose`] also when `mv` is illegal or the string
/// is already dead. `None` when `v` is empty.
pub fn does_attack(pos: &Position, mv: usize, v: usize, limits: &ReadingLimits) -> Option<Code> {
    pos.get(v)?;
    let mut r = Reader::new(pos, limits);
    let (s, m) = (r.board().to_padded(v), r.board().to_padded(mv));
    Some(r.does_attack(m, s))
}

/// Does the owner's move at `mv` save the string at `v`, which could be
/// captured before (GNU Go's `does_defend`, see [`verify`])? `None` when
/// `v` is empty.
pub fn does_defend(pos: &Position, mv: usize, v: usize, limits: &ReadingLimits) -> Option<bool> {
    pos.get(v)?;
    let mut r = Reader::new(pos, limits);
    let (s, m) = (r.board().to_padded(v), r.board().to_padded(mv));
    Some(r.does_defend(m, s))
}

/// A simple ladder on the two-liberty string at `v`: the attacker only
/// plays ataris, the defender only extends or captures. `None` when `v`
/// is empty or the string does not have exactly two liberties.
pub fn ladder_attack(pos: &Position, v: usize, limits: &ReadingLimits) -> Option<Outcome> {
    pos.get(v)?;
    if pos.count_liberties(v) != 2 {
        return None;
    }
    let mut r = Reader::new(pos, limits);
    let s = r.board().to_padded(v);
    let res = r.ladder_attack(s);
    Some(Outcome::from_padded(&r, res))
}

/// Can the opponent capture at least one of the strings at `a` and `b`
/// (same colour)? `None` when a point is empty or the colours differ.
pub fn attack_either(pos: &Position, a: usize, b: usize, limits: &ReadingLimits) -> Option<Code> {
    if pos.get(a)?.other() == pos.get(b)? {
        return None;
    }
    let mut r = Reader::new(pos, limits);
    let (a, b) = (r.board().to_padded(a), r.board().to_padded(b));
    Some(r.attack_either(a, b))
}

/// Can the owner save both strings at `a` and `b` (same colour), moving
/// first? `None` when a point is empty or the colours differ.
pub fn defend_both(pos: &Position, a: usize, b: usize, limits: &ReadingLimits) -> Option<Code> {
    if pos.get(a)?.other() == pos.get(b)? {
        return None;
    }
    let mut r = Reader::new(pos, limits);
    let (a, b) = (r.board().to_padded(a), r.board().to_padded(b));
    Some(r.defend_both(a, b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::worms::tests::diagram;
    use crate::go::worms::tests::vertex as at;

    // Every expected value below is GNU Go 3.8's answer on the same
    // position (`attack`, `defend`, `does_attack`, `does_defend`,
    // `ladder_attack`), set up stone by stone with `play`.

    fn outcome(p: &Position, code: Code, v: Option<&str>) -> Outcome {
        Outcome {
            code,
            point: v.map(|v| at(p, v)),
        }
    }

    const L: ReadingLimits = ReadingLimits {
        depth: 16,
        backfill_depth: 12,
        backfill2_depth: 5,
        superstring_depth: 7,
        fourlib_depth: 7,
        break_chain_depth: 7,
        branch_depth: 13,
        ko_depth: 8,
        max_depth: 120,
        nodes: 200_000,
        start_depth: 0,
    };

    #[test]
    fn codes() {
        assert_eq!(L, ReadingLimits::default());
        let all = [Code::Lose, Code::KoB, Code::KoA, Code::Win];
        assert_eq!(all.map(Code::gnugo), [0, 1, 4, 5]);
        assert_eq!(all.map(Code::gtp), [0, 3, 2, 1]);
        assert_eq!(
            all.map(Code::reverse),
            [Code::Win, Code::KoA, Code::KoB, Code::Lose]
        );
        assert_eq!(L.shifted(-20).depth, 0);
        assert_eq!(L.shifted(1).fourlib_depth, 8);
    }

    #[test]
    fn atari_without_escape() {
        // Transcript 1 of the reference notes: white D3 in atari.
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
        let d3 = at(&p, "D3");
        assert_eq!(attack(&p, d3, &L), Some(outcome(&p, Code::Win, Some("D2"))));
        assert_eq!(
            find_defense(&p, d3, &L),
            Some(outcome(&p, Code::Lose, None))
        );
        assert_eq!(attack(&p, at(&p, "A1"), &L), None);
        // G7 has four liberties and no enemy near: no attack.
        assert_eq!(attack(&p, at(&p, "G7"), &L).unwrap().code, Code::Lose);
    }

    #[test]
    fn ladder() {
        // Black D4 between white C4, D5 and E3: a ladder either way.
        let p = diagram(&[
            ".........",
            ".........",
            ".........",
            ".........",
            "...O.....",
            "..OX.....",
            "....O....",
            ".........",
            ".........",
        ]);
        let d4 = at(&p, "D4");
        assert_eq!(attack(&p, d4, &L).unwrap().code, Code::Win);
        assert_eq!(
            ladder_attack(&p, d4, &L),
            Some(outcome(&p, Code::Win, Some("E4")))
        );
        assert_eq!(does_attack(&p, at(&p, "D3"), d4, &L), Some(Code::Win));
        assert_eq!(does_attack(&p, at(&p, "E4"), d4, &L), Some(Code::Win));
        assert_eq!(does_defend(&p, at(&p, "D3"), d4, &L), Some(true));
        assert_eq!(does_defend(&p, at(&p, "C3"), d4, &L), Some(false));
        assert_eq!(ladder_attack(&p, at(&p, "C4"), &L), None);
    }

    #[test]
    fn snapback() {
        // White's corner string has two liberties, A9 and B9; a black
        // stone thrown in is taken and black takes back five stones.
        let p = diagram(&[
            "..OX.....",
            "OOOX.....",
            "XXXX.....",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ]);
        let c9 = at(&p, "C9");
        assert_eq!(attack(&p, c9, &L).unwrap().code, Code::Win);
        assert_eq!(find_defense(&p, c9, &L).unwrap().code, Code::Lose);
        // The string is dead already, so no single move "attacks" it.
        assert_eq!(does_attack(&p, at(&p, "B9"), c9, &L), Some(Code::Lose));
    }

    #[test]
    fn proper_snapback() {
        // Black C1 is in atari, but white's capture at C2 leaves three
        // white stones in atari and black retakes them with two
        // liberties: no attack (GNU Go 3.8 agrees on all four answers).
        let p = diagram(&[
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "XXXXO....",
            "XO.XO....",
            "XOXOO....",
        ]);
        let c1 = at(&p, "C1");
        assert_eq!(attack(&p, c1, &L).unwrap().code, Code::Lose);
        assert_eq!(
            find_defense(&p, c1, &L),
            Some(outcome(&p, Code::Win, Some("C2")))
        );
        assert_eq!(attack(&p, at(&p, "D2"), &L).unwrap().code, Code::Lose);
        assert_eq!(
            attack(&p, at(&p, "B2"), &L),
            Some(outcome(&p, Code::Win, Some("C2")))
        );
    }

    #[test]
    fn escape_and_capture() {
        // Black D4 (two liberties, white C4 and D3 next to it) gets out.
        let p = diagram(&[
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "..OX.....",
            "...O.....",
            ".........",
            ".........",
        ]);
        let d4 = at(&p, "D4");
        assert_eq!(attack(&p, d4, &L).unwrap().code, Code::Lose);
        assert_eq!(
            find_defense(&p, d4, &L),
            Some(outcome(&p, Code::Win, Some("D5")))
        );
        // Black D6-D5 inside white stones: captured by C4.
        let q = diagram(&[
            ".........",
            ".........",
            "...O.....",
            "..OXO....",
            "..OXO....",
            "...X.....",
            "..O.O....",
            "...O.....",
            ".........",
        ]);
        let d6 = at(&q, "D6");
        assert_eq!(attack(&q, d6, &L), Some(outcome(&q, Code::Win, Some("C4"))));
        assert_eq!(find_defense(&q, d6, &L).unwrap().code, Code::Lose);
        assert_eq!(attack(&q, at(&q, "E5"), &L).unwrap().code, Code::Lose);
    }

    #[test]
    fn ko() {
        // White D5 can be taken by the ko capture E5; white saves it there.
        let p = diagram(&[
            ".........",
            ".........",
            "......X..",
            "...XO....",
            "..XO.O...",
            "...XO....",
            ".........",
            ".........",
            ".........",
        ]);
        let d5 = at(&p, "D5");
        assert_eq!(attack(&p, d5, &L), Some(outcome(&p, Code::KoA, Some("E5"))));
        assert_eq!(
            find_defense(&p, d5, &L),
            Some(outcome(&p, Code::Win, Some("E5")))
        );
    }
}
