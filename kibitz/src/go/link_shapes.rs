//! Link shapes: the stone-to-stone shapes through which GNU Go 3.8's
//! connection patterns join two strings that the connection reader cannot
//! cut apart (facts from its pattern set, own encoding): a diagonal, a
//! one-point and a two-point jump, a knight's move (open, or with an enemy
//! stone on one of its middle points) and a large knight's move. The
//! empty points of the shape must be free of cutting points (see
//! [`super::cut_shapes`]). Also GNU Go's static third-line edge links
//! and the two fragile double connections at a
//! cutting point, where GNU Go joins the stones by size or by reading the
//! cut rather than by the connection reader.

use super::board::{orient, Color, Position};
use super::reading::{attack_either, Code, ReadingLimits};

/// One link shape from a stone at `(0, 0)` to one at `to`: `empty` must
/// be empty and free of cutting points, `enemy` enemy stones, `not_own`
/// not stones of the linked colour.
struct Shape {
    to: (isize, isize),
    empty: &'static [(isize, isize)],
    enemy: &'static [(isize, isize)],
    not_own: &'static [(isize, isize)],
}

/// The link shapes.
const SHAPES: &[Shape] = &[
    // Diagonal, one crossing point taken by the enemy (both empty is the
    // diagonal link of the dragon module).
    Shape {
        to: (1, 1),
        empty: &[(1, 0)],
        enemy: &[(0, 1)],
        not_own: &[],
    },
    // One-point jump.
    Shape {
        to: (0, 2),
        empty: &[(0, 1)],
        enemy: &[],
        not_own: &[],
    },
    // Two-point jump.
    Shape {
        to: (0, 3),
        empty: &[(0, 1), (0, 2)],
        enemy: &[],
        not_own: &[],
    },
    // Knight's move.
    Shape {
        to: (1, 2),
        empty: &[(0, 1), (1, 1)],
        enemy: &[],
        not_own: &[(1, 0), (0, 2)],
    },
    // Knight's move with an enemy stone on one middle point.
    Shape {
        to: (1, 2),
        empty: &[(0, 1)],
        enemy: &[(1, 1)],
        not_own: &[(0, 2)],
    },
    // Large knight's move.
    Shape {
        to: (1, 3),
        empty: &[(0, 1), (1, 1), (0, 2), (1, 2)],
        enemy: &[],
        not_own: &[(1, 0), (0, 3)],
    },
];

/// How far (in steps along the lines) the empty points of a link shape
/// lie from its stones.
pub const EMPTY_REACH: usize = 3;

/// True when a stone of the string at `a` and one of the string at `b`
/// (same colour) form a link shape whose empty points are not `cut`.
#[cfg(test)]
pub fn linked(pos: &Position, a: usize, b: usize, cut: impl Fn(usize) -> bool) -> bool {
    let Some(color) = pos.get(a) else {
        return false;
    };
    let sb = pos.string(b);
    pos.string(a).into_iter().any(|p| {
        SHAPES
            .iter()
            .any(|s| (0..8).any(|t| fits(pos, color, s, t, p, &sb, &cut)))
    })
}

/// Every pair of stones of different strings of one colour that form a
/// link shape whose empty points are not `cut` for that colour.
pub fn link_pairs(pos: &Position, cut: impl Fn(Color, usize) -> bool) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for p in 0..pos.area() {
        let Some(color) = pos.get(p) else { continue };
        let own = pos.string(p);
        for s in SHAPES {
            for t in 0..8 {
                let Some(q) = pos.offset(p, orient(t, s.to)) else {
                    continue;
                };
                if p < q
                    && pos.get(q) == Some(color)
                    && !own.contains(&q)
                    && fits(pos, color, s, t, p, &[q], &|e| cut(color, e))
                {
                    out.push((p, q));
                }
            }
        }
    }
    out
}

/// The fragile double connections: a cutting point (`cut`) with an enemy
/// stone on one side and stones of one colour on the other three, the
/// two points beside the stone opposite the enemy empty. Each as
/// `(b, c, d)`: `c` the stone opposite the enemy, `b` and `d` the flanks.
/// GNU Go 3.8 joins `c` with the flank of the larger dragon.
pub fn fragile_triples(pos: &Position, cut: impl Fn(Color, usize) -> bool) -> Vec<[usize; 3]> {
    let mut out = Vec::new();
    for a in (0..pos.area()).filter(|&a| pos.get(a).is_none()) {
        for t in 0..8 {
            let at = |d| pos.offset(a, orient(t, d));
            let stone = |d| at(d).and_then(|p| pos.get(p));
            let (Some(color), Some(x)) = (stone((1, 0)), stone((-1, 0))) else {
                continue;
            };
            let fits = x == color.other()
                && cut(color, a)
                && stone((0, 1)) == Some(color)
                && stone((0, -1)) == Some(color)
                && [(1, 1), (1, -1)]
                    .iter()
                    .all(|&d| at(d).is_some_and(|p| pos.get(p).is_none()));
            if fits {
                let [b, c, d] = [(0, 1), (1, 0), (0, -1)].map(|d| at(d).expect("on board"));
                out.push([b, c, d]);
            }
        }
    }
    out
}

/// The fragile double connections across a jump: a cutting point `a`
/// with an enemy stone on one side, a stone `f` opposite it, a stone `e`
/// on a third side and, on the fourth, the empty `b` and beyond it a stone
/// `g`; `c` and `d`, beside `b` and `g` on `f`'s side, and the point
/// beside `e` on that side empty. Each as `[a, b, c, d, e, f, g]`. GNU Go
/// 3.8 joins `f` with `e`, or with the larger of `e` and `g` when the
/// enemy's cut holds in neither order (see [`cut_holds`]).
pub fn fragile_jumps(pos: &Position, cut: impl Fn(Color, usize) -> bool) -> Vec<[usize; 7]> {
    const AT: [(isize, isize); 7] = [(0, 0), (0, -1), (1, -1), (1, -2), (0, 1), (1, 0), (0, -2)];
    let mut out = Vec::new();
    for a in (0..pos.area()).filter(|&a| pos.get(a).is_none()) {
        for t in 0..8 {
            let at = |d| pos.offset(a, orient(t, d));
            let Some(pts) = AT.iter().map(|&d| at(d)).collect::<Option<Vec<usize>>>() else {
                continue;
            };
            let (Some(color), Some(x)) = (pos.get(pts[5]), at((-1, 0)).and_then(|p| pos.get(p)))
            else {
                continue;
            };
            let fits = x == color.other()
                && cut(color, a)
                && [pts[4], pts[6]].iter().all(|&p| pos.get(p) == Some(color))
                && [pts[1], pts[2], pts[3]]
                    .iter()
                    .all(|&p| pos.get(p).is_none())
                && at((1, 1)).is_some_and(|p| pos.get(p).is_none());
            if fits {
                out.push(pts.try_into().expect("seven points"));
            }
        }
    }
    out
}

/// True when the enemy's cutting stones live in one of two orders (as
/// GNU Go asks it, an order that cannot be played counts as living):
/// enemy `b`, own `c`, enemy `d`; or enemy `c`, own `b`, enemy `a`; after
/// which the owner (`color`) captures neither enemy stone.
pub fn cut_holds(
    pos: &Position,
    color: Color,
    [a, b, c, d, ..]: [usize; 7],
    limits: &ReadingLimits,
) -> bool {
    let lives = |[m1, m2, m3]: [usize; 3]| {
        let mut p = pos.clone();
        let played = p.play(color.other(), m1).is_ok()
            && p.play(color, m2).is_ok()
            && p.play(color.other(), m3).is_ok()
            && p.get(m1).is_some();
        !played || attack_either(&p, m1, m3, limits).map_or(true, |code| code == Code::Lose)
    };
    lives([b, c, d]) || lives([c, b, a])
}

/// A static edge link: two stones on the third line, three apart along
/// it, with the space between them and the edge empty and no enemy stone
/// just around (GNU Go 3.8 joins them without reading). Offsets from the
/// first stone, the edge below: `empty` empty, `open` not enemy, `off`
/// off the board.
struct EdgeShape {
    to: (isize, isize),
    empty: &'static [(isize, isize)],
    open: &'static [(isize, isize)],
    off: (isize, isize),
}

/// The edge links: a two-point jump on the third line, in its narrow
/// and its wide form.
const EDGE_SHAPES: &[EdgeShape] = &[
    EdgeShape {
        to: (3, 0),
        empty: &[
            (0, -1),
            (1, -1),
            (2, -1),
            (3, -1),
            (1, 0),
            (2, 0),
            (0, 1),
            (1, 1),
            (2, 1),
            (3, 1),
            (0, 2),
            (1, 2),
            (2, 2),
            (3, 2),
        ],
        open: &[
            (1, -2),
            (2, -2),
            (-1, 0),
            (4, 0),
            (-1, 1),
            (4, 1),
            (-1, 2),
            (4, 2),
        ],
        off: (0, 3),
    },
    EdgeShape {
        to: (3, 0),
        empty: &[
            (0, -1),
            (1, -1),
            (2, -1),
            (3, -1),
            (-1, 0),
            (1, 0),
            (2, 0),
            (4, 0),
            (-1, 1),
            (0, 1),
            (1, 1),
            (2, 1),
            (3, 1),
            (4, 1),
            (-1, 2),
            (0, 2),
            (1, 2),
            (2, 2),
            (3, 2),
            (4, 2),
        ],
        open: &[(-2, 0), (5, 0), (-2, 1), (5, 1), (-2, 2), (5, 2)],
        off: (0, 3),
    },
];

/// Every pair of stones of one colour that form a static edge link.
pub fn edge_pairs(pos: &Position) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for p in 0..pos.area() {
        let Some(color) = pos.get(p) else { continue };
        for s in EDGE_SHAPES {
            for t in 0..8 {
                let at = |d| pos.offset(p, orient(t, d));
                let fits = at(s.off).is_none()
                    && at(s.to).is_some_and(|q| pos.get(q) == Some(color))
                    && s.empty
                        .iter()
                        .all(|&d| at(d).is_some_and(|e| pos.get(e).is_none()))
                    && s.open
                        .iter()
                        .all(|&d| at(d).is_some_and(|e| pos.get(e) != Some(color.other())));
                if fits {
                    out.push((p, at(s.to).expect("on board")));
                }
            }
        }
    }
    out
}

/// True when `shape` in orientation `t` fits from the stone `p` to a
/// stone of `target`.
fn fits(
    pos: &Position,
    color: Color,
    shape: &Shape,
    t: usize,
    p: usize,
    target: &[usize],
    cut: &impl Fn(usize) -> bool,
) -> bool {
    let at = |d| pos.offset(p, orient(t, d));
    let Some(q) = at(shape.to) else {
        return false;
    };
    target.contains(&q)
        && shape
            .empty
            .iter()
            .all(|&d| at(d).is_some_and(|e| pos.get(e).is_none() && !cut(e)))
        && shape
            .enemy
            .iter()
            .all(|&d| at(d).is_some_and(|e| pos.get(e) == Some(color.other())))
        && shape
            .not_own
            .iter()
            .all(|&d| at(d).map_or(true, |e| pos.get(e) != Some(color)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::worms::tests::diagram;

    /// Every empty point of a link shape lies within [`EMPTY_REACH`] of
    /// its first stone (and so of one of its two stones).
    #[test]
    fn empty_points_within_reach() {
        let far = SHAPES
            .iter()
            .flat_map(|s| s.empty.iter())
            .map(|&(x, y)| x.unsigned_abs() + y.unsigned_abs())
            .max();
        assert_eq!(far, Some(EMPTY_REACH));
    }

    /// Two stones three apart on the third line with the edge open are an
    /// edge link; with an enemy stone beside the space, or on the fourth
    /// line, they are not.
    #[test]
    fn third_line_edge_link() {
        let rows = |r6: &'static str, r7: &'static str| {
            diagram(&[
                ".........",
                ".........",
                ".........",
                ".........",
                ".........",
                r6,
                r7,
                ".........",
                ".........",
            ])
        };
        let p = rows(".........", "..X..X...");
        assert!(!edge_pairs(&p).is_empty());
        let q = rows(".........", ".OX..X...");
        assert!(edge_pairs(&q).is_empty());
        let r = rows("..X..X...", ".........");
        assert!(edge_pairs(&r).is_empty());
    }

    /// A knight's move links; with a cutting point on a middle point, or
    /// two lines apart each way, it does not.
    #[test]
    fn knight_and_far() {
        let p = diagram(&[
            ".......", ".X.....", ".......", "..X....", ".......", ".......", "....X..",
        ]);
        let (b2, c4, e7) = (7 + 1, 3 * 7 + 2, 6 * 7 + 4);
        assert!(linked(&p, b2, c4, |_| false));
        assert!(!linked(&p, b2, c4, |e| e == 2 * 7 + 1));
        assert!(!linked(&p, c4, e7, |_| false));
    }
}
