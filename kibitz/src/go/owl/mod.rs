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
//! move lists), [`goal`] (the dragon growing by the defender's moves),
//! [`ko`] (the ko rules inside the search).

pub mod goal;
pub mod ko;
pub mod life;
pub mod search;
mod trace;

use super::answers::{Answers, PositionKey};
use super::board::{Color, Position};
use super::dragons::Status;
use super::eye_shape::ShapeCache;
use super::reading::{Code, Outcome, ReadingLimits};
use search::Owl;

/// How far the owl may read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
    /// The most positions a question whether the dragon can be saved
    /// (`owl_defend`, `owl_does_defend`) may visit; then life is assumed.
    pub nodes: u64,
    /// The most positions a question whether the dragon can be killed
    /// (`owl_attack`, `owl_does_attack`) may visit.
    pub attack_nodes: u64,
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
            attack_nodes: ATTACK_NODES,
            reading: ReadingLimits {
                nodes: 1000,
                ..ReadingLimits::default()
            },
        }
    }
}

/// The default [`OwlLimits::attack_nodes`]. A spent budget assumes life,
/// so the attacker's questions get a little more room to prove a kill
/// (measured against 1000: 1200 gains owl.tst 16 and 248; 1100 only 16;
/// 1500 to 3000 also lose 257, a false kill GNU Go makes too; the
/// defender's questions with more room lose ld_owl.tst 502, 506 and 516).
pub const ATTACK_NODES: u64 = 1200;

impl OwlLimits {
    /// These limits with the node budget of the attacker's questions
    /// (`attack`) or the defender's.
    fn for_side(&self, attack: bool) -> OwlLimits {
        OwlLimits {
            nodes: if attack {
                self.attack_nodes
            } else {
                self.nodes
            },
            ..*self
        }
    }

    /// [`OwlLimits::for_side`] with at most `cap` positions.
    fn capped(&self, attack: bool, cap: u64) -> OwlLimits {
        let full = self.for_side(attack);
        OwlLimits {
            nodes: full.nodes.min(cap),
            ..full
        }
    }
}

/// Can the dragon whose stones are `dragon` be killed, its opponent
/// moving first? Success means capturing the string at `target` (one of
/// the stones) or leaving the dragon without a way to live. The point is
/// the defender's saving move when it kills as surely and the attacker's
/// own move does not also save. `None` when `target` is empty.
pub fn owl_attack(
    pos: &Position,
    dragon: &[usize],
    target: usize,
    limits: &OwlLimits,
) -> Option<Outcome> {
    answer(pos, dragon, target, limits, true)
}

/// Can the dragon be saved, its owner moving first? A dragon that is
/// already alive succeeds with no move. The point is the attacker's
/// killing move when it saves as surely. `None` when `target` is empty.
pub fn owl_defend(
    pos: &Position,
    dragon: &[usize],
    target: usize,
    limits: &OwlLimits,
) -> Option<Outcome> {
    answer(pos, dragon, target, limits, false)
}

/// The most positions the other side's reading may visit for its point
/// to be named by [`answer`], and the check that it works as well
/// ([`DOES_CAP`]): a bound on what naming it costs. Measured on owl.tst
/// and ld_owl.tst against no bound: two cases gained, three lost, and
/// half the extra time (1.0 s of ld_owl.tst's 7.8 s, against 2.0 s).
const OTHER_CAP: u64 = 300;

/// See [`OTHER_CAP`].
const DOES_CAP: u64 = 100;

/// [`owl_attack`] (`attack`) or [`owl_defend`]: the reading's code, and
/// the point [`vital_points`] names from both sides' readings (the
/// opponent's key point is one's own), when the other side's reading and
/// the check of its point are short (see [`OTHER_CAP`]).
fn answer(
    pos: &Position,
    dragon: &[usize],
    target: usize,
    limits: &OwlLimits,
    attack: bool,
) -> Option<Outcome> {
    let mut shapes = ShapeCache::default();
    let own = read(pos, dragon, target, limits, attack, &mut shapes)?;
    if own.code == Code::Lose {
        return Some(own);
    }
    let Some(other) = read_within(pos, dragon, target, limits, !attack, &mut shapes, OTHER_CAP)
    else {
        return Some(own);
    };
    let Some(x) = other.point else {
        return Some(own);
    };
    if own.point.is_none() {
        // Alive as it stands by the defence's look, yet the attack works:
        // name the attacker's point when playing it saves.
        let saves = does_within(pos, dragon, x, target, limits, false, DOES_CAP)
            .is_some_and(|(c, within)| within && c >= own.code);
        let point = if saves { Some(x) } else { None };
        return Some(Outcome { point, ..own });
    }
    let (a, d) = if attack { (own, other) } else { (other, own) };
    let (a, d) = vital_points_within(pos, dragon, a, d, limits, true, DOES_CAP);
    Some(Outcome {
        point: if attack { a } else { d },
        ..own
    })
}

/// GNU Go's `owl_does_attack` (`attack`) and `owl_does_defend`: does the
/// attacker's move at `mv` kill the dragon whose stones are `dragon`, or
/// does the owner's move save it? The code is the reverse of the other
/// side's best answer after the move (an attacking move that captures the
/// string at `target` wins; a defending move joins the dragon as in the
/// owl search), [`Code::Lose`] when the move is illegal. `None` when
/// `target` is empty.
pub fn owl_does(
    pos: &Position,
    dragon: &[usize],
    mv: usize,
    target: usize,
    limits: &OwlLimits,
    attack: bool,
) -> Option<Code> {
    does_within(pos, dragon, mv, target, limits, attack, u64::MAX).map(|(c, _)| c)
}

/// [`owl_does`], and whether its search visited at most `cap` positions
/// (when it did not, the code is not to be used).
fn does_within(
    pos: &Position,
    dragon: &[usize],
    mv: usize,
    target: usize,
    limits: &OwlLimits,
    attack: bool,
    cap: u64,
) -> Option<(Code, bool)> {
    let color = pos.get(target)?;
    let mover = if attack { color.other() } else { color };
    let Some(after) = played(pos, mover, mv) else {
        return Some((Code::Lose, true));
    };
    let mut owl = Owl::new(
        target,
        color,
        &limits.capped(attack, cap),
        ShapeCache::default(),
    );
    let answer = if attack {
        owl.defend(&after, dragon, 1).0
    } else {
        let mask = life::expand_goal(pos, dragon);
        let goal = goal::grow(pos, &after, mv, dragon, &mask, &limits.reading, true);
        owl.attack(&after, &goal, 1).0
    };
    Some((answer.reverse(), owl.nodes <= cap))
}

/// `pos` after `color` plays at `mv`; `None` when the move is illegal.
fn played(pos: &Position, color: Color, mv: usize) -> Option<Position> {
    let mut after = pos.clone();
    after.play(color, mv).ok()?;
    Some(after)
}

/// [`owl_attack`] (`attack`) or [`owl_defend`], starting from the
/// eye-space values in `shapes` and leaving there the ones it finds.
fn read(
    pos: &Position,
    dragon: &[usize],
    target: usize,
    limits: &OwlLimits,
    attack: bool,
    shapes: &mut ShapeCache,
) -> Option<Outcome> {
    read_within(pos, dragon, target, limits, attack, shapes, u64::MAX)
}

/// [`read`] when its search visits at most `cap` positions (and so
/// gives the answer a full budget would); `None` beyond, or when `target`
/// is empty.
fn read_within(
    pos: &Position,
    dragon: &[usize],
    target: usize,
    limits: &OwlLimits,
    attack: bool,
    shapes: &mut ShapeCache,
    cap: u64,
) -> Option<Outcome> {
    let color = pos.get(target)?;
    let key = (
        PositionKey::of(pos),
        dragon.to_vec(),
        target,
        *limits,
        attack,
    );
    if let Some(v) = ANSWERS.get(&key) {
        return Some(v);
    }
    let mut owl = Owl::new(
        target,
        color,
        &limits.capped(attack, cap),
        std::mem::take(shapes),
    );
    let (code, m) = if attack {
        owl.attack(pos, dragon, 0)
    } else {
        owl.defend(pos, dragon, 0)
    };
    let within = owl.nodes <= cap;
    *shapes = owl.into_shapes();
    if !within {
        return None;
    }
    let v = outcome(code, m);
    ANSWERS.put(key, v);
    Some(v)
}

/// Owl answers kept across questions: the dragon status asks them of
/// every dragon, and `owl_attack` or `owl_defend` may ask them again. The
/// key is everything the answer depends on.
type Key = (PositionKey, Vec<usize>, usize, OwlLimits, bool);

/// At most this many answers.
static ANSWERS: Answers<Key, Outcome> = Answers::new(1 << 14);

fn outcome(code: Code, point: Option<usize>) -> Outcome {
    Outcome {
        code,
        point: if code == Code::Lose { None } else { point },
    }
}

/// A dragon's status from owl reading, with the attack and defence
/// points when critical: dead when the attack works and no defence does,
/// critical when both work, alive when the attack fails.
#[cfg(test)]
pub fn owl_status(
    pos: &Position,
    dragon: &[usize],
    limits: &OwlLimits,
) -> (Status, Option<usize>, Option<usize>) {
    match owl_verdict(pos, dragon, limits, &mut ShapeCache::default()) {
        Verdict::Critical { attack, defense } => {
            let (a, d) = vital_points(pos, dragon, attack, defense, limits, true);
            (Status::Critical, a, d)
        }
        Verdict::Settled(status) => (status, None, None),
    }
}

/// What the owl's two questions say of a dragon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Alive, dead, or unknown for an empty point.
    Settled(Status),
    /// Both the attack and the defence work: the moves the reading found.
    Critical { attack: Outcome, defense: Outcome },
}

/// The owl's attack and, when it works, defence of a dragon, with the
/// eye-space values searched before taken from `shapes`, and the ones it
/// finds left there (for many dragons of one position).
pub fn owl_verdict(
    pos: &Position,
    dragon: &[usize],
    limits: &OwlLimits,
    shapes: &mut ShapeCache,
) -> Verdict {
    let Some(target) = main_string(pos, dragon) else {
        return Verdict::Settled(Status::Unknown);
    };
    let attack = read(pos, dragon, target, limits, true, shapes).expect("a stone");
    if attack.code == Code::Lose {
        return Verdict::Settled(Status::Alive);
    }
    let defense = read(pos, dragon, target, limits, false, shapes).expect("a stone");
    if defense.code == Code::Lose {
        return Verdict::Settled(Status::Dead);
    }
    Verdict::Critical { attack, defense }
}

/// The stone the status questions read: the first stone of the dragon's
/// largest string, the first in board order among equals (GNU Go 3.8's
/// dragon origin). Capturing a small string of a dragon does not kill it.
fn main_string(pos: &Position, dragon: &[usize]) -> Option<usize> {
    let mut best: Option<(usize, usize)> = None;
    let mut seen = vec![false; pos.area()];
    for &s in dragon {
        if seen[s] {
            continue;
        }
        let string = pos.string(s);
        for &t in &string {
            seen[t] = true;
        }
        let first = *string.iter().min().expect("a stone");
        if best.map_or(true, |(n, _)| string.len() > n) {
            best = Some((string.len(), first));
        }
    }
    best.map(|(_, v)| v)
}

/// The attack and defence points to name for a critical dragon, from the
/// moves `attack` and `defense` the reading found: the vital point of one
/// side is often the other's too, and GNU Go's critical dragons mostly
/// name one point for both. The attack point is named for both when it
/// also saves the dragon as surely as `defense`; else, when `both_ways`,
/// the defence point for both when it also kills as surely as `attack`;
/// else each its own.
pub fn vital_points(
    pos: &Position,
    dragon: &[usize],
    attack: Outcome,
    defense: Outcome,
    limits: &OwlLimits,
    both_ways: bool,
) -> (Option<usize>, Option<usize>) {
    vital_points_within(pos, dragon, attack, defense, limits, both_ways, u64::MAX)
}

/// [`vital_points`], with each check that a point works as well given at
/// most `cap` positions (a point whose check needs more is not shared).
fn vital_points_within(
    pos: &Position,
    dragon: &[usize],
    attack: Outcome,
    defense: Outcome,
    limits: &OwlLimits,
    both_ways: bool,
    cap: u64,
) -> (Option<usize>, Option<usize>) {
    let own = (attack.point, defense.point);
    let (Some(a), Some(d), Some(target)) = (attack.point, defense.point, main_string(pos, dragon))
    else {
        return own;
    };
    if a == d {
        return own;
    }
    let does = |mv: usize, kill: bool, code: Code| {
        does_within(pos, dragon, mv, target, limits, kill, cap)
            .is_some_and(|(c, within)| within && c >= code)
    };
    if does(a, false, defense.code) {
        (Some(a), Some(a))
    } else if both_ways && does(d, true, attack.code) {
        (Some(d), Some(d))
    } else {
        own
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::worms::tests::diagram;
    use crate::go::worms::tests::vertex as at;

    /// White's corner string A2-D2, D1 around the three-point eye space
    /// A1-C1, black walls outside.
    fn corner_three() -> Position {
        diagram(&[
            ".........",
            ".........",
            "......O..",
            ".........",
            "......O..",
            ".........",
            "XXXXX....",
            "OOOOX....",
            "...OX....",
        ])
    }

    /// White's corner string A2-D2, D1 has the three-point eye space
    /// A1-C1: B1 is the vital point for both sides (GNU Go 3.8 answers
    /// `1 B1` to owl_attack and owl_defend, and `critical B1 B1`).
    #[test]
    fn corner_three_is_critical() {
        let p = corner_three();
        let a2 = at(&p, "A2");
        let dragon = p.string(a2);
        let l = OwlLimits::default();
        let b1 = Some(at(&p, "B1"));
        let win = |point| Outcome {
            code: Code::Win,
            point,
        };
        assert_eq!(owl_attack(&p, &dragon, a2, &l), Some(win(b1)));
        assert_eq!(owl_defend(&p, &dragon, a2, &l), Some(win(b1)));
        assert_eq!(owl_status(&p, &dragon, &l), (Status::Critical, b1, b1));
        assert_eq!(owl_attack(&p, &dragon, at(&p, "A1"), &l), None);
        // The static look: one eye space of three points, valued 1122.
        let life = life::analyze(
            &p,
            &life::expand_goal(&p, &dragon),
            crate::go::Color::White,
            &l.reading,
            &mut crate::go::eye_shape::ShapeCache::default(),
        );
        assert_eq!(life.eyes.digits(), "1122");
        assert_eq!(life.attack_points, vec![at(&p, "B1")]);
    }

    /// In the corner three of [`corner_three_is_critical`], B1 is the
    /// vital point of both sides: named for both when one side's reading
    /// found it and the other's found another point (C1 saves nothing;
    /// A1 is not asked about once B1 saves).
    #[test]
    fn vital_point_named_for_both_sides() {
        let p = corner_three();
        let dragon = p.string(at(&p, "A2"));
        let l = OwlLimits::default();
        let [a1, b1, c1] = ["A1", "B1", "C1"].map(|v| Some(at(&p, v)));
        let win = |point| Outcome {
            code: Code::Win,
            point,
        };
        let named = |a, d, both| vital_points(&p, &dragon, win(a), win(d), &l, both);
        assert_eq!(named(b1, a1, false), (b1, b1));
        assert_eq!(named(c1, b1, false), (c1, b1));
        assert_eq!(named(c1, b1, true), (b1, b1));
        assert_eq!(named(b1, None, true), (b1, None));
    }

    /// The status questions read the dragon's largest string, not its
    /// first stone: B8 comes first in board order, but the dragon's
    /// largest string is C6-E6; of two equal strings, the first in board
    /// order (C6-E6 before G2-J2).
    #[test]
    fn status_target_is_the_largest_string() {
        let p = diagram(&[
            ".........",
            ".X.......",
            ".........",
            "..XXX....",
            ".........",
            "......XX.",
            ".........",
            "......XXX",
            ".........",
        ]);
        let stones = |vs: &[&str]| -> Vec<usize> {
            let mut v: Vec<usize> = vs.iter().map(|x| at(&p, x)).collect();
            v.sort_unstable();
            v
        };
        let dragon = stones(&["B8", "C6", "D6", "E6"]);
        assert_eq!(main_string(&p, &dragon), Some(at(&p, "C6")));
        let pair = stones(&["B8", "G4", "H4"]);
        assert_eq!(main_string(&p, &pair), Some(at(&p, "G4")));
        let tie = stones(&["G2", "H2", "J2", "C6", "D6", "E6"]);
        assert_eq!(main_string(&p, &tie), Some(at(&p, "C6")));
    }

    /// With a white stone on B1 the string has two one-point eyes: the
    /// attack fails and the defence needs no move; a black stone there
    /// leaves one eye: dead (GNU Go 3.8: `0`, `1 PASS`; `1 A1`, `0`).
    #[test]
    fn two_eyes_alive_one_eye_dead() {
        let rows = |last: &'static str| {
            diagram(&[
                ".........",
                ".........",
                "......O..",
                ".........",
                "......O..",
                ".........",
                "XXXXX....",
                "OOOOX....",
                last,
            ])
        };
        let l = OwlLimits::default();
        let p = rows(".O.OX....");
        let a2 = at(&p, "A2");
        let dragon = p.string(a2);
        assert_eq!(owl_attack(&p, &dragon, a2, &l).unwrap().code, Code::Lose);
        let d = owl_defend(&p, &dragon, a2, &l).unwrap();
        assert_eq!((d.code, d.point), (Code::Win, None));
        assert_eq!(owl_status(&p, &dragon, &l).0, Status::Alive);
        let q = rows(".X.OX....");
        let dragon = q.string(a2);
        let a = owl_attack(&q, &dragon, a2, &l).unwrap();
        assert_eq!((a.code, a.point), (Code::Win, Some(at(&q, "A1"))));
        assert_eq!(owl_defend(&q, &dragon, a2, &l).unwrap().code, Code::Lose);
        assert_eq!(owl_status(&q, &dragon, &l).0, Status::Dead);
    }
}
