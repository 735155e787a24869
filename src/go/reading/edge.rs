//! Edge heuristics of the defender (GNU Go's `propose_edge_moves`, first
//! case): a liberty on the first line under a strong opponent string is
//! dropped when crawling along the edge from it, in either direction,
//! never meets a friendly stone on the first two lines.

use super::board::BORDER;
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
}
