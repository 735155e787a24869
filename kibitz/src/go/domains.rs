//! Domains: the regions each colour controls well enough to count as eye
//! space, after GNU Go 3.8's description of its eye-space finder
//! (`optics.c`: primary domains, marginal points, eye-space partition).
//!
//! Only "lively" strings count: a string is lively unless it is
//! inessential or tactically captured with no defense. For a colour:
//! 1. its lively stones, and every point next to one of them (unless
//!    the point is a false margin, below), are in its domain;
//! 2. another point joins when, for one of its orthogonal neighbours `a`
//!    and one of the two diagonal points `b` next to both, the
//!    "influence" of `a` and `b` adds up to more than the point's
//!    threshold. Influence is 1 for a point in the domain, -1 for a
//!    lively enemy stone, 0 otherwise, and 1 less for a point next to a
//!    lively enemy stone or on the edge; the threshold is 1 next to a
//!    lively enemy stone, else 0. This repeats until nothing joins.
//!
//! A false margin is an empty point next to a lively black stone and to
//! stones of both colours, next to a
//! non-lively stone of the opponent and to a lively one the reader cannot
//! attack, where the opponent cannot play safely (its move is illegal, in atari
//! or captured by the reader): it belongs to neither
//! domain.
//!
//! An eye space of a colour is a connected set of empty or non-lively
//! points in its domain only, or in both domains but next to a point of
//! its domain only (such points are marginal, as are points of its
//! domain next to a point of the other domain only); two marginal points
//! are not connected directly.

use super::board::{Color, Position};
use super::eyes::{topological, EyeKind};
use super::reading::{self, Code, ReadingLimits};
use super::worms::Worms;

/// The eye spaces of both colours.
#[derive(Clone, Debug)]
pub struct Domains {
    /// Per colour (`Color as usize`): the eye-space index of each point.
    space: [Vec<Option<usize>>; 2],
    /// Per colour: whether each point is marginal.
    marginal: [Vec<bool>; 2],
    /// Per colour: the points of each eye space, board order.
    spaces: [Vec<Vec<usize>>; 2],
}

/// True when the stone at `v` counts for domains.
pub fn lively(pos: &Position, worms: &Worms, v: usize) -> bool {
    if pos.get(v).is_none() {
        return false;
    }
    let w = worms.at(v);
    !w.inessential && (w.attack_code == 0 || w.defense_code != 0)
}

impl Domains {
    /// Computes the domains and eye spaces of `pos`.
    pub fn analyze(pos: &Position, worms: &Worms) -> Domains {
        let area = pos.area();
        let live: Vec<bool> = (0..area).map(|v| lively(pos, worms, v)).collect();
        let false_margin: Vec<bool> = (0..area)
            .map(|v| {
                pos.get(v).is_none()
                    && pos
                        .neighbors(v)
                        .any(|q| live[q] && pos.get(q) == Some(Color::Black))
                    && (is_false_margin(pos, worms, &live, v, Color::Black)
                        || is_false_margin(pos, worms, &live, v, Color::White))
            })
            .collect();
        let black = primary(pos, &live, &false_margin, Color::Black);
        let white = primary(pos, &live, &false_margin, Color::White);
        let mut out = Domains {
            space: [vec![None; area], vec![None; area]],
            marginal: [vec![false; area], vec![false; area]],
            spaces: [Vec::new(), Vec::new()],
        };
        for color in [Color::Black, Color::White] {
            let (mine, theirs) = match color {
                Color::Black => (&black, &white),
                Color::White => (&white, &black),
            };
            let only_mine = |q: usize| mine[q] && !theirs[q];
            let only_theirs = |q: usize| theirs[q] && !mine[q];
            let mut member = vec![false; area];
            let mut marginal = vec![false; area];
            for v in 0..area {
                if live[v] {
                    continue;
                }
                if only_mine(v) {
                    member[v] = true;
                    marginal[v] = pos.neighbors(v).any(only_theirs);
                } else if mine[v] && theirs[v] && pos.neighbors(v).any(only_mine) {
                    member[v] = true;
                    marginal[v] = true;
                }
            }
            let c = color as usize;
            for start in 0..area {
                if !member[start] || out.space[c][start].is_some() {
                    continue;
                }
                let id = out.spaces[c].len();
                let mut points = Vec::new();
                let mut stack = vec![start];
                out.space[c][start] = Some(id);
                while let Some(p) = stack.pop() {
                    points.push(p);
                    for q in pos.neighbors(p) {
                        if member[q] && out.space[c][q].is_none() && !(marginal[p] && marginal[q]) {
                            out.space[c][q] = Some(id);
                            stack.push(q);
                        }
                    }
                }
                points.sort_unstable();
                out.spaces[c].push(points);
            }
            out.marginal[c] = marginal;
        }
        out
    }

    /// The eye spaces of `color`, each in board order.
    pub fn spaces(&self, color: Color) -> &[Vec<usize>] {
        &self.spaces[color as usize]
    }

    /// The eye space of `color` holding `v`, if any.
    pub fn space_at(&self, color: Color, v: usize) -> Option<&[usize]> {
        let i = self.space[color as usize][v]?;
        Some(&self.spaces[color as usize][i])
    }

    /// Turns GNU Go's false eyes into marginal points (after the domains,
    /// as its `find_half_and_false_eyes` does): a point of an eye space
    /// with at most one neighbour in it, false by the topological rule,
    /// where the opponent may play or already has a stone (any such
    /// point of a one-point space).
    pub fn mark_false_eyes(&mut self, pos: &Position, worms: &Worms) {
        for color in [Color::Black, Color::White] {
            let c = color as usize;
            for v in 0..pos.area() {
                let Some(id) = self.space[c][v] else { continue };
                if self.marginal[c][v] {
                    continue;
                }
                let neighbours = pos
                    .neighbors(v)
                    .filter(|&q| self.space[c][q] == Some(id))
                    .count();
                if neighbours > 1 || topological(pos, worms, v, color).kind != EyeKind::False {
                    continue;
                }
                let enemy = color.other();
                let playable = pos.get(v) == Some(enemy) || pos.clone().play(enemy, v).is_ok();
                if self.spaces[c][id].len() == 1 || playable {
                    self.marginal[c][v] = true;
                }
            }
        }
    }

    /// True when `v` is a marginal point of an eye space of `color`.
    pub fn is_marginal(&self, color: Color, v: usize) -> bool {
        self.marginal[color as usize][v]
    }
}

/// The primary domain of `color`.
fn primary(pos: &Position, live: &[bool], false_margin: &[bool], color: Color) -> Vec<bool> {
    let area = pos.area();
    let mut domain = vec![false; area];
    let mut influence = vec![0i8; area];
    let mut threshold = vec![0i8; area];
    let mut pending = Vec::new();
    for v in 0..area {
        if live[v] {
            if pos.get(v) == Some(color) {
                domain[v] = true;
                influence[v] = 1;
            } else {
                influence[v] = -1;
            }
            continue;
        }
        let own = pos
            .neighbors(v)
            .any(|q| live[q] && pos.get(q) == Some(color));
        let enemy = pos
            .neighbors(v)
            .any(|q| live[q] && pos.get(q) != Some(color));
        if own {
            if pos.get(v).is_some() || !false_margin[v] {
                domain[v] = true;
                influence[v] = 1;
            }
        } else {
            pending.push(v);
        }
        if enemy {
            threshold[v] = 1;
            influence[v] -= 1;
        } else if pos.is_edge(v) {
            influence[v] -= 1;
        }
    }
    // Orthogonal direction, then the two diagonals beside it.
    const PAIRS: [(usize, usize); 8] = [
        (0, 7),
        (0, 4),
        (3, 7),
        (3, 6),
        (1, 4),
        (1, 5),
        (2, 5),
        (2, 6),
    ];
    let mut changed = true;
    while changed {
        changed = false;
        pending.retain(|&v| {
            let joins = PAIRS
                .iter()
                .any(|&(a, b)| match (pos.step(v, a), pos.step(v, b)) {
                    (Some(a), Some(b)) => influence[a] + influence[b] > threshold[v],
                    _ => false,
                });
            if joins {
                domain[v] = true;
                influence[v] += 1;
                changed = true;
            }
            !joins
        });
    }
    domain
}

/// The false-margin test at the empty point `v` for the eye space of
/// `color` (see the module docs).
fn is_false_margin(pos: &Position, worms: &Worms, live: &[bool], v: usize, color: Color) -> bool {
    let other = color.other();
    let near = |c: Color| pos.neighbors(v).any(|q| pos.get(q) == Some(c));
    if !near(Color::Black) || !near(Color::White) {
        return false;
    }
    if pos
        .neighbors(v)
        .all(|q| pos.get(q) != Some(other) || live[q])
    {
        return false;
    }
    let solid = pos
        .neighbors(v)
        .any(|q| pos.get(q) == Some(other) && live[q] && worms.at(q).attack_code == 0);
    if !solid {
        return false;
    }
    // The opponent's move is safe when it is legal, out of atari and the
    // reader cannot capture it.
    let mut p = pos.clone();
    let safe = p.play(other, v).is_ok()
        && p.count_liberties(v) >= 2
        && !reading::attack(&p, v, &ReadingLimits::default()).is_some_and(|o| o.code == Code::Win);
    !safe
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::worms::tests::diagram;

    /// Two black stones a two-point jump apart on an empty board: the
    /// points between them join black's domain, so one eye space touches
    /// both (GNU Go 3.8 puts D4 and G4 in one dragon there).
    #[test]
    fn open_board_domain_links_stones() {
        let mut rows = vec!["........."; 9];
        rows[5] = "...X..X..";
        let p = diagram(&rows);
        let d = Domains::analyze(&p, &Worms::analyze(&p));
        let e4 = 5 * 9 + 4;
        let space = d.space_at(Color::Black, e4).expect("in an eye space");
        assert!(space.contains(&(5 * 9 + 5)));
        assert!(d.space_at(Color::White, e4).is_none());
    }
}
