//! Ko inside the owl search: who owns the ko fight on the current line
//! (GNU Go's komaster scheme, the same as the tactical reader's
//! [`Komaster`]) and which ko captures each side may make.
//!
//! A side that retakes a ko the board forbids (a *conditional* capture:
//! it is taken to have found a threat first) becomes the owner of that
//! ko; its opponent may then never retake at that point on this line, so
//! the owner wins the ko unless it gives it up. The owner may only take
//! kos next to the one it owns (nested kos) and loses ownership when it
//! fills its ko or the ko is gone. Two ko captures in a row with no owner
//! leave a weak state in which only nested kos and conditional captures
//! may follow; the owner's opponent taking another ko turns the fight
//! gray: no more ko captures until the owner's ko is settled.

use crate::go::board::{Color, Position};
use crate::go::reading::search::Komaster;

/// The ko state of a line: the komaster and the point of the ko it owns
/// (the stone taken by its capture), or the previous ko point for
/// [`Komaster::Weak`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KoState {
    /// Who owns the fight.
    pub owner: Komaster,
    /// The ko point the state refers to (meaningless for
    /// [`Komaster::Empty`]).
    pub point: usize,
}

impl Default for KoState {
    fn default() -> Self {
        KoState {
            owner: Komaster::Empty,
            point: 0,
        }
    }
}

/// A move made under the ko rules.
pub struct KoMove {
    /// The position after the move.
    pub pos: Position,
    /// The ko state after it.
    pub ko: KoState,
    /// True when it retook a ko the board forbids (after an assumed
    /// threat).
    pub conditional: bool,
}

impl KoState {
    /// A small number for cache keys.
    pub fn key(self) -> u64 {
        let k = match self.owner {
            Komaster::Empty => return 0,
            Komaster::Owner(Color::Black) => 1,
            Komaster::Owner(Color::White) => 2,
            Komaster::Gray(Color::Black) => 3,
            Komaster::Gray(Color::White) => 4,
            Komaster::Weak => 5,
        };
        k | (self.point as u64) << 3
    }

    /// `color` plays at `m` from `pos` under the komaster rules; a
    /// conditional ko capture only when `conditional` allows it. `None`
    /// when the move is not allowed.
    pub fn play(self, pos: &Position, color: Color, m: usize, conditional: bool) -> Option<KoMove> {
        if pos.get(m).is_some() {
            return None;
        }
        let other = color.other();
        let taken = ko_stone(pos, color, m);
        if let Some(k) = taken {
            let nested = diagonal(pos, k, self.point);
            let refused = match self.owner {
                Komaster::Owner(c) if c == other => m == self.point,
                Komaster::Owner(_) => !nested,
                Komaster::Gray(_) => true,
                Komaster::Weak => pos.ko_point() != Some(m) && !nested,
                Komaster::Empty => false,
            };
            if refused {
                return None;
            }
        }
        let mut after = pos.clone();
        let forced = match after.play(color, m) {
            Ok(_) => false,
            Err(_) if conditional && taken.is_some() && pos.ko_point() == Some(m) => {
                after.force_play(color, m);
                true
            }
            Err(_) => return None,
        };
        let ko = self.next(pos, &after, color, taken, forced);
        Some(KoMove {
            pos: after,
            ko,
            conditional: forced,
        })
    }

    /// The state after `color`'s move from `before` to `after`, which
    /// took the ko stone `taken` (conditionally when `forced`).
    fn next(
        self,
        before: &Position,
        after: &Position,
        color: Color,
        taken: Option<usize>,
        forced: bool,
    ) -> KoState {
        let other = color.other();
        let set = |owner, point| KoState { owner, point };
        let Some(k) = taken else {
            let mine = self.owner == Komaster::Owner(color) || self.owner == Komaster::Gray(color);
            if (mine && resolved(after, self.point, other)) || self.owner == Komaster::Weak {
                return KoState::default();
            }
            return self;
        };
        match self.owner {
            Komaster::Empty | Komaster::Weak if forced => set(Komaster::Owner(color), k),
            Komaster::Owner(c) if c == other => set(Komaster::Gray(other), self.point),
            Komaster::Owner(_) => set(self.owner, k),
            _ => match before.ko_point() {
                Some(prev) => set(Komaster::Weak, prev),
                None => self,
            },
        }
    }
}

/// The stone a ko capture by `color` at the empty point `m` would take,
/// if it is one.
fn ko_stone(pos: &Position, color: Color, m: usize) -> Option<usize> {
    if !pos.is_ko(m, color) {
        return None;
    }
    pos.neighbors(m)
        .find(|&q| pos.get(q) == Some(color.other()) && pos.count_liberties(q) == 1)
}

/// True when `a` and `b` are diagonal neighbours.
fn diagonal(pos: &Position, a: usize, b: usize) -> bool {
    [(-1, -1), (-1, 1), (1, -1), (1, 1)]
        .iter()
        .any(|&d| pos.offset(a, d) == Some(b))
}

/// True when the ko at `point` needs no more fighting: filled, or no
/// longer a ko and suicide for `other`.
fn resolved(pos: &Position, point: usize, other: Color) -> bool {
    if pos.get(point).is_some() {
        return true;
    }
    if pos.is_ko(point, other) {
        return false;
    }
    let mut p = pos.clone();
    p.force_play(other, point);
    p.get(point).is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// White retakes the ko conditionally and owns it: black may not
    /// retake at the stone white took, even once the board allows it.
    #[test]
    fn owner_keeps_its_ko() {
        let mut p = crate::go::board::ko_fixture();
        let at = |r: usize, c: usize| r * 5 + c;
        p.play(Color::Black, at(1, 2)).expect("black takes the ko");
        let free = KoState::default();
        assert!(free.play(&p, Color::White, at(1, 1), false).is_none());
        let m = free
            .play(&p, Color::White, at(1, 1), true)
            .expect("a conditional ko capture");
        assert!(m.conditional);
        assert_eq!(m.ko.owner, Komaster::Owner(Color::White));
        let mut q = m.pos;
        q.pass();
        assert!(q.is_legal(Color::Black, at(1, 2)));
        assert!(m.ko.play(&q, Color::Black, at(1, 2), true).is_none());
    }
}
