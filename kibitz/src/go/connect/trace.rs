//! A trace of the connection search on stderr (set `KIBITZ_CONN_TRACE`):
//! each point looked at with its two distances and deltas, the scored
//! candidates, the moves tried per node (indented by depth) and the node
//! counts. The point lines follow GNU Go's verbose output so the two
//! can be compared.

use super::state::{Conn, Dist};
use crate::go::coord::to_gtp_or_pass;

/// A distance as a decimal.
fn dec(d: Dist) -> f64 {
    f64::from(d) / 10_000.0
}

impl Conn {
    /// The GTP name of padded point `p`.
    fn name(&self, p: usize) -> String {
        let b = self.r.board();
        to_gtp_or_pass(b.size(), Some(b.to_plain(p)))
    }

    /// A point looked at: distance and delta from each string.
    pub fn trace_point(&self, p: usize, d: [Dist; 4]) {
        eprintln!(
            "Move {}, ({:.2}, {:.2}, {:.2}, {:.2})",
            self.name(p),
            dec(d[0]),
            dec(d[1]),
            dec(d[2]),
            dec(d[3])
        );
    }

    /// The sorted candidates and their scores.
    pub fn trace_scores(&self, moves: &[usize], scores: &[Dist]) {
        for (&m, &s) in moves.iter().zip(scores) {
            eprintln!("{} {:.2}", self.name(m), dec(s));
        }
    }

    /// The moves a node tries.
    pub fn trace_moves(&self, what: &str, moves: &[usize], distance: Dist) {
        let ms: Vec<String> = moves.iter().map(|&m| self.name(m)).collect();
        eprintln!(
            "{}{what} d={:.2} moves {}",
            " ".repeat(self.stackp()),
            dec(distance),
            ms.join(" ")
        );
    }

    /// The node counts of the question.
    pub fn trace_stats(&self) {
        eprintln!(
            "connection nodes {}, tactical calls {}, tactical nodes {}",
            self.nodes, self.calls, self.tnodes
        );
    }
}
