//! Edge heuristics of the defender: a liberty on the first line under a
//! strong opponent string is dropped when crawling along the edge from
//! it, in either direction, never meets a friendly stone on the first two
//! lines (GNU Go's `propose_edge_moves`, first case); and the clamp on
//! the second line that keeps a three-liberty opponent string from
//! running along the edge (GNU Go's `edge_clamp_moves`). The attacker's
//! edge-closing backfill is in [`super::attack_far`].

use super::board::{Points, BORDER};
use super::search::Reader;
use crate::go::board::Color;

impl Reader {
    /// True when the defender (colour `color`) should not crawl on its
    /// edge liberty `lib`: an opponent string with more than four
    /// liberties stands on the point inside it, and one of the two ways
    /// along the edge reaches the board's end with no `color` stone on
    /// the first or second line.
    pub fn hopeless_crawl(&mut self, color: Color, lib: usize) -> bool {
        let around = self.board().around(lib);
        for k in 0..4 {
            let up = around[k];
            let outside = around[(k + 2) % 4];
            if self.board().at(outside) != BORDER {
                continue;
            }
            if self.board().color(up) != Some(color.other())
                || self.board_mut().count_libs(up, 5) <= 4
            {
                continue;
            }
            for side in [around[(k + 1) % 4], around[(k + 3) % 4]] {
                if !self.meets_friend(color, lib, side, up) {
                    return true;
                }
            }
        }
        false
    }

    /// Walks from `lib` along the edge in the direction of its neighbour
    /// `side` (with `up` the neighbour inside) until a `color` stone
    /// shows on the first or second line (true) or the board ends.
    fn meets_friend(&self, color: Color, lib: usize, side: usize, up: usize) -> bool {
        let step = side as isize - lib as isize;
        let inward = up as isize - lib as isize;
        let mut x = lib as isize;
        while self.board().at(x as usize) != BORDER {
            let here = self.board().color(x as usize);
            let above = self.board().color((x + inward) as usize);
            if here == Some(color) || above == Some(color) {
                return true;
            }
            x += step;
        }
        false
    }

    /// Clamps for the defender of the string at `s` (colour `color`): for
    /// a three-liberty opponent string `a` next to it with a liberty `b`
    /// on the edge under an opponent stone, and a stone of `s` beside
    /// that stone, the liberty `d` of `a` on the other side of it when
    /// the point above `d` is also a liberty of `a`, a defender stone on
    /// `d` gets three liberties and an opponent stone above it at most
    /// three.
    pub fn edge_clamps(&mut self, s: usize, color: Color, v: &mut Vec<usize>) {
        let own = self.board_mut().stones(s);
        for a in self.board_mut().adjacent_strings(s) {
            let al = self.board_mut().libs_max(a, 4);
            if al.len() != 3 {
                continue;
            }
            let edge_libs: Points = al
                .iter()
                .copied()
                .filter(|&l| self.board().is_edge(l))
                .collect();
            for b in edge_libs {
                let around = self.board().around(b);
                for k in 0..4 {
                    let up = around[k] as isize - b as isize;
                    if self.board().at(around[(k + 2) % 4]) != BORDER
                        || self.board().color(around[k]) != Some(color.other())
                    {
                        continue;
                    }
                    for side in [around[(k + 1) % 4], around[(k + 3) % 4]] {
                        let right = side as isize - b as isize;
                        let at = |x: isize| x as usize;
                        let (c, d) = (at(b as isize + up - right), at(b as isize + up + right));
                        let e = at(d as isize + up);
                        if !own.contains(&c) || !al.contains(&d) || !al.contains(&e) {
                            continue;
                        }
                        if self.plain_libs(color, d, 3) >= 3
                            && self.plain_libs(color.other(), e, 4) <= 3
                            && !v.contains(&d)
                        {
                            v.push(d);
                        }
                    }
                }
            }
        }
    }
}
