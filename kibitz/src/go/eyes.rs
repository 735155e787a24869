//! Eyes: eye spaces (caves), half and false eyes by the topological rule,
//! and the value of an eye space as a local game.
//!
//! [`eye_spaces`] gives the seed's "caves": connected regions of empty
//! points and of opponent strings that do not matter (inessential, or
//! captured for sure: the reader attacks and finds no defense), bordered
//! by stones of one colour only. Dragons and `eval_eye` use the wider eye
//! spaces of [`super::domains`] instead, valued by [`evaluate`].
//!
//! The topological rule looks at the diagonal neighbours of an eye point:
//! an opponent stone that cannot be captured counts 2, one that can be
//! captured but also defended counts 1, an empty point where the opponent
//! can play without being in atari counts 1; on the edge the two
//! off-board diagonals count 1 each (in the corner only the two
//! half-off ones). A sum of 2 or less is a proper eye, 3 a half eye, 4 or
//! more a false eye.

use super::board::{Color, Position};
use super::worms::Worms;

/// Eye counts of a local fight (GNU Go's `eyevalue`): eyes when the
/// attacker moves twice in a row (`a`), moves first (`b`), the defender
/// moves first (`c`), or the defender moves twice (`d`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct EyeValue {
    /// Eyes after two attacker moves.
    pub a: u8,
    /// Eyes with the attacker to move (the minimum).
    pub b: u8,
    /// Eyes with the defender to move (the maximum).
    pub c: u8,
    /// Eyes after two defender moves.
    pub d: u8,
}

impl EyeValue {
    /// The value with all four counts equal to `n`.
    pub fn flat(n: u8) -> EyeValue {
        EyeValue {
            a: n,
            b: n,
            c: n,
            d: n,
        }
    }

    /// The combined value of two independent eye spaces: the attacker may
    /// spend its moves in either, and the other side answers in the other.
    pub fn combine(self, o: EyeValue) -> EyeValue {
        EyeValue {
            a: (self.a + o.c).min(self.b + o.b).min(self.c + o.a),
            b: (self.b + o.c).min(self.c + o.b),
            c: (self.c + o.b).max(self.b + o.c),
            d: (self.d + o.b).max(self.c + o.c).max(self.b + o.d),
        }
    }

    /// GNU Go's four-digit form, e.g. `1122` (digits capped at 9).
    pub fn digits(self) -> String {
        [self.a, self.b, self.c, self.d]
            .iter()
            .map(|d| char::from(b'0' + (*d).min(9)))
            .collect()
    }
}

/// What the topological rule says about one eye point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EyeKind {
    /// A proper eye point.
    Proper,
    /// A half eye: one move decides whether it is an eye.
    Half,
    /// A false eye.
    False,
}

/// The topological verdict on an eye point, with the deciding points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HalfEye {
    /// The kind of eye point.
    pub kind: EyeKind,
    /// The diagonal sum (2 per safe enemy stone, 1 per contested point).
    pub value: u8,
    /// Where the opponent makes it false (the contested diagonals).
    pub attack_points: Vec<usize>,
    /// Where the owner makes it an eye (the same points).
    pub defense_points: Vec<usize>,
}

/// The topological rule at the point `v` as an eye of `owner`.
pub fn topological(pos: &Position, worms: &Worms, v: usize, owner: Color) -> HalfEye {
    let enemy = owner.other();
    let mut value = 0u8;
    let mut contested = Vec::new();
    let mut off = 0u8;
    for d in 4..8 {
        let Some(q) = pos.step(v, d) else {
            // Off the board: the diagonal counts when only one of its
            // coordinates leaves the board.
            let half = pos.step(v, d - 4).is_some() || pos.step(v, (d - 3) % 4).is_some();
            off += u8::from(half);
            continue;
        };
        match pos.get(q) {
            Some(c) if c == enemy => {
                let w = worms.at(q);
                if w.attack_code == 0 {
                    value += 2;
                } else if w.defense_code != 0 {
                    value += 1;
                    contested.push(w.attack_point.unwrap_or(q));
                }
            }
            Some(_) => {}
            None => {
                if pos.is_safe_move(enemy, q) {
                    value += 1;
                    contested.push(q);
                }
            }
        }
    }
    let value = value + off.min(2);
    let kind = match value {
        0..=2 => EyeKind::Proper,
        3 => EyeKind::Half,
        _ => EyeKind::False,
    };
    contested.sort_unstable();
    contested.dedup();
    let points = if kind == EyeKind::Half {
        contested
    } else {
        Vec::new()
    };
    HalfEye {
        kind,
        value,
        attack_points: points.clone(),
        defense_points: points,
    }
}

/// An eye space: a cave bordered by one colour.
#[derive(Clone, Debug, PartialEq)]
pub struct EyeSpace {
    /// The colour that owns it.
    pub owner: Color,
    /// Its points (empty points and dead enemy stones), board order.
    pub points: Vec<usize>,
    /// Its value as a local game.
    pub value: EyeValue,
    /// The attacker's vital point, if one move decides.
    pub attack: Option<usize>,
    /// The defender's vital point, if one move decides.
    pub defense: Option<usize>,
}

/// True when the stone at `v` is part of its opponent's eye space: its
/// worm is inessential or captured with no defense.
#[cfg(test)]
pub fn is_dead_inside(worms: &Worms, v: usize) -> bool {
    let w = worms.at(v);
    w.inessential || (w.attack_code != 0 && w.defense_code == 0)
}

/// The eye spaces of `owner`, in board order of their first points.
#[cfg(test)]
pub fn eye_spaces(pos: &Position, worms: &Worms, owner: Color) -> Vec<EyeSpace> {
    let inside = |v: usize| match pos.get(v) {
        None => true,
        Some(c) => c != owner && is_dead_inside(worms, v),
    };
    let mut seen = vec![false; pos.area()];
    let mut out = Vec::new();
    for start in 0..pos.area() {
        if seen[start] || !inside(start) {
            continue;
        }
        let mut points = Vec::new();
        let mut stack = vec![start];
        seen[start] = true;
        let mut pure = true;
        while let Some(p) = stack.pop() {
            points.push(p);
            for q in pos.neighbors(p) {
                if inside(q) {
                    if !seen[q] {
                        seen[q] = true;
                        stack.push(q);
                    }
                } else if pos.get(q) != Some(owner) {
                    pure = false;
                }
            }
        }
        let has_empty = points.iter().any(|&p| pos.get(p).is_none());
        let has_owner = points
            .iter()
            .any(|&p| pos.neighbors(p).any(|q| pos.get(q) == Some(owner)));
        if pure && has_empty && has_owner {
            points.sort_unstable();
            out.push(evaluate(pos, worms, owner, points));
        }
    }
    out
}

/// The value of an eye space by its shape (a disconnected set of points
/// is valued part by part and combined): the classical nakade shapes
/// (three in a row or bent, the pyramid four, the cross and bulky five,
/// the rabbity six) give one eye or two depending on who plays the vital
/// point; the square four gives one; other shapes of four or more two;
/// one or two points one eye, unless the topological rule makes the
/// single point a half or false eye.
pub fn evaluate(pos: &Position, worms: &Worms, owner: Color, points: Vec<usize>) -> EyeSpace {
    let parts = components(pos, &points);
    if parts.len() != 1 {
        let mut total = EyeSpace {
            owner,
            value: EyeValue::default(),
            attack: None,
            defense: None,
            points,
        };
        for part in parts {
            let one = evaluate_connected(pos, worms, owner, part);
            total.value = total.value.combine(one.value);
            if total.attack.is_none() {
                total.attack = one.attack;
                total.defense = one.defense;
            }
        }
        return total;
    }
    evaluate_connected(pos, worms, owner, points)
}

/// The connected parts of `points` (sorted), each sorted.
fn components(pos: &Position, points: &[usize]) -> Vec<Vec<usize>> {
    let mut seen: Vec<usize> = Vec::new();
    let mut out = Vec::new();
    for &start in points {
        if seen.contains(&start) {
            continue;
        }
        let mut part = vec![start];
        seen.push(start);
        let mut i = 0;
        while i < part.len() {
            for q in pos.neighbors(part[i]) {
                if points.binary_search(&q).is_ok() && !seen.contains(&q) {
                    seen.push(q);
                    part.push(q);
                }
            }
            i += 1;
        }
        part.sort_unstable();
        out.push(part);
    }
    out
}

/// [`evaluate`] for a connected set of points.
fn evaluate_connected(pos: &Position, worms: &Worms, owner: Color, points: Vec<usize>) -> EyeSpace {
    let degree = |p: usize| {
        pos.neighbors(p)
            .filter(|q| points.binary_search(q).is_ok())
            .count()
    };
    let n = points.len();
    let max_deg = points.iter().map(|&p| degree(p)).max().unwrap_or(0);
    let with_deg =
        |d: usize| -> Vec<usize> { points.iter().copied().filter(|&p| degree(p) == d).collect() };
    let block = has_square(pos, &points);
    let mut space = EyeSpace {
        owner,
        value: EyeValue::flat(2),
        attack: None,
        defense: None,
        points: points.clone(),
    };
    let nakade = |space: &mut EyeSpace, vital: usize| {
        space.value = EyeValue {
            a: 1,
            b: 1,
            c: 2,
            d: 2,
        };
        space.attack = Some(vital);
        space.defense = Some(vital);
    };
    let best_point = || {
        points
            .iter()
            .map(|&p| topological(pos, worms, p, owner))
            .min_by_key(|t| t.value)
            .expect("a point")
    };
    match n {
        1 | 2 => {
            let t = best_point();
            match t.kind {
                EyeKind::Proper => space.value = EyeValue::flat(1),
                EyeKind::False => space.value = EyeValue::flat(0),
                EyeKind::Half => {
                    space.value = EyeValue {
                        a: 0,
                        b: 0,
                        c: 1,
                        d: 1,
                    };
                    space.attack = t.attack_points.first().copied();
                    space.defense = t.defense_points.first().copied();
                }
            }
        }
        3 if with_deg(1)
            .iter()
            .any(|&e| topological(pos, worms, e, owner).kind != EyeKind::Proper) =>
        {
            space.value = EyeValue::flat(1)
        }
        3 => nakade(&mut space, with_deg(2)[0]),
        4 if block => space.value = EyeValue::flat(1),
        4 if max_deg == 3 => nakade(&mut space, with_deg(3)[0]),
        5 if max_deg == 4 => nakade(&mut space, with_deg(4)[0]),
        5 if block => nakade(&mut space, with_deg(3)[0]),
        6 if block && max_deg == 4 && with_deg(4).len() == 1 => nakade(&mut space, with_deg(4)[0]),
        _ => {}
    }
    space
}

/// True when the points contain a 2x2 block.
fn has_square(pos: &Position, points: &[usize]) -> bool {
    let has = |v: Option<usize>| v.is_some_and(|v| points.binary_search(&v).is_ok());
    points.iter().any(|&p| {
        let east = pos.step(p, 3);
        let south = pos.step(p, 0);
        let se = pos.step(p, 7);
        has(east) && has(south) && has(se)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::worms::tests::diagram;

    /// Corner eyes: with the diagonal empty but playable for the enemy the
    /// corner point is a half eye (edge 2 + 1); a safe enemy stone there
    /// makes it false; the edge eye with one empty diagonal is a half eye.
    #[test]
    fn topological_rule() {
        let p = diagram(&[".X...", "X....", ".....", ".....", "....."]);
        let w = Worms::analyze(&p);
        let t = topological(&p, &w, 0, Color::Black);
        assert_eq!((t.kind, t.value), (EyeKind::Half, 3));
        assert_eq!(t.attack_points, vec![6]);
        let q = diagram(&[".X...", "XO...", ".O...", ".....", "....."]);
        let w = Worms::analyze(&q);
        assert_eq!(topological(&q, &w, 0, Color::Black).kind, EyeKind::False);
        let r = diagram(&["XXX..", "X.X..", "XXX..", ".....", "....."]);
        let w = Worms::analyze(&r);
        let t = topological(&r, &w, 6, Color::Black);
        assert_eq!((t.kind, t.value), (EyeKind::Proper, 0));
    }

    /// The straight three is one move from two eyes: value 1122 with the
    /// middle point vital; the straight four is two eyes.
    #[test]
    fn nakade_shapes() {
        let p = diagram(&[
            "...XO..", "XXXXO..", "OOOOO..", ".......", ".......", ".......", ".......",
        ]);
        let w = Worms::analyze(&p);
        let spaces = eye_spaces(&p, &w, Color::Black);
        assert_eq!(spaces.len(), 1);
        assert_eq!(spaces[0].points, vec![0, 1, 2]);
        assert_eq!(spaces[0].value.digits(), "1122");
        assert_eq!(spaces[0].attack, Some(1));
        let q = diagram(&[
            "....XO.", "XXXXXO.", "OOOOOO.", ".......", ".......", ".......", ".......",
        ]);
        let w = Worms::analyze(&q);
        let spaces = eye_spaces(&q, &w, Color::Black);
        assert_eq!(spaces[0].value.digits(), "2222");
    }

    #[test]
    fn adding_values() {
        let eye = EyeValue::flat(1);
        let three = EyeValue {
            a: 1,
            b: 1,
            c: 2,
            d: 2,
        };
        assert_eq!(eye.combine(eye).digits(), "2222");
        assert_eq!(eye.combine(three).digits(), "2233");
        assert_eq!(EyeValue::default().combine(three), three);
    }
}
