//! Owl reading: life and death of a whole dragon, by a bounded search in
//! which the attacker tries vital points of the eye space, captures and
//! moves that block the way out, and the defender tries to make eyes,
//! capture attackers and run, each position judged by its eye spaces
//! ([`life`]) and the tactical reader ([`crate::go::reading`]).
//!
//! GNU Go 3.8 reads the same questions (`owl_attack`, `owl_defend`) and
//! derives a dragon's status from them: dead when the attack works and no
//! defence does, critical when both work, alive otherwise.
//!
//! Files: [`life`] (the static judgement), [`search`] (the search and its
//! move lists).

pub mod life;
pub mod search;

use super::board::Position;
use super::dragons::Status;
use super::reading::{Code, Outcome, ReadingLimits};
use search::Owl;

/// How far the owl may read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwlLimits {
    /// No move is tried beyond this depth (life is assumed).
    pub depth: usize,
    /// From this depth on each node tries only [`OwlLimits::narrow_width`]
    /// moves.
    pub branch_depth: usize,
    /// The most moves a node tries before [`OwlLimits::branch_depth`].
    pub width: usize,
    /// The most moves a node tries from [`OwlLimits::branch_depth`] on.
    pub narrow_width: usize,
    /// The most positions one question may visit (then life is assumed).
    pub nodes: u64,
    /// The tactical reader's limits at the owl's nodes.
    pub reading: ReadingLimits,
}

impl Default for OwlLimits {
    fn default() -> Self {
        OwlLimits {
            depth: 10,
            branch_depth: 4,
            width: 8,
            narrow_width: 3,
            nodes: 1000,
            reading: ReadingLimits {
                nodes: 150,
                ..ReadingLimits::default()
            },
        }
    }
}

/// Can the dragon whose stones are `dragon` be killed, its opponent
/// moving first? Success means capturing the string at `target` (one of
/// the stones) or leaving the dragon without a way to live. `None` when
/// `target` is empty.
pub fn owl_attack(
    pos: &Position,
    dragon: &[usize],
    target: usize,
    limits: &OwlLimits,
) -> Option<Outcome> {
    let color = pos.get(target)?;
    let mut owl = Owl::new(target, color, limits);
    let (ok, m) = owl.attack(pos, dragon, 0);
    Some(outcome(ok, m))
}

/// Can the dragon be saved, its owner moving first? A dragon that is
/// already alive succeeds with no move. `None` when `target` is empty.
pub fn owl_defend(
    pos: &Position,
    dragon: &[usize],
    target: usize,
    limits: &OwlLimits,
) -> Option<Outcome> {
    let color = pos.get(target)?;
    let mut owl = Owl::new(target, color, limits);
    let (ok, m) = owl.defend(pos, dragon, 0);
    Some(outcome(ok, m))
}

fn outcome(ok: bool, point: Option<usize>) -> Outcome {
    Outcome {
        code: if ok { Code::Win } else { Code::Lose },
        point: if ok { point } else { None },
    }
}

/// A dragon's status from owl reading, with the attack and defence
/// points when critical: dead when the attack works and no defence does,
/// critical when both work, alive when the attack fails.
pub fn owl_status(
    pos: &Position,
    dragon: &[usize],
    limits: &OwlLimits,
) -> (Status, Option<usize>, Option<usize>) {
    let Some(&target) = dragon.first() else {
        return (Status::Unknown, None, None);
    };
    let attack = owl_attack(pos, dragon, target, limits).expect("a stone");
    if attack.code == Code::Lose {
        return (Status::Alive, None, None);
    }
    let defense = owl_defend(pos, dragon, target, limits).expect("a stone");
    if defense.code == Code::Lose {
        (Status::Dead, None, None)
    } else {
        (Status::Critical, attack.point, defense.point)
    }
}
