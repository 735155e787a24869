//! Mate-distance pruning: at `ply` no line can do better than mating next
//! move or worse than being mated now, so the window shrinks to
//! `mated_in(ply) ..= mate_in(ply + 1)` (Stockfish's rule).

use super::value::{Score, ScoreScale};

impl ScoreScale {
    /// The window `(alpha, beta)` narrowed by mate distance at `ply`:
    /// `alpha = max(mated_in(ply), alpha)`, `beta = min(mate_in(ply + 1),
    /// beta)`. When the result has `alpha >= beta` the node is cut and
    /// `alpha` is its value. `ply` saturates as in `mate_in`.
    pub const fn mate_distance_window(
        &self,
        alpha: Score,
        beta: Score,
        ply: i32,
    ) -> (Score, Score) {
        let lo = self.mated_in(ply);
        let hi = self.mate_in(ply.saturating_add(1));
        let a = if lo.get() > alpha.get() { lo } else { alpha };
        let b = if hi.get() < beta.get() { hi } else { beta };
        (a, b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SF: ScoreScale = ScoreScale::STOCKFISH;

    fn w(a: i32, b: i32, ply: i32) -> (i32, i32) {
        let (a, b) = SF.mate_distance_window(Score::new(a), Score::new(b), ply);
        (a.get(), b.get())
    }

    #[test]
    fn window_shrinks_to_mate_distance() {
        // Full window at ply 3: mated now (-31997) up to mate next move (31996).
        assert_eq!(w(-32001, 32001, 3), (-31997, 31996));
        // A normal window is untouched.
        assert_eq!(w(-50, 80, 3), (-50, 80));
        // Already mating in 2 plies from the root (31998 as alpha) at ply 3:
        // nothing here can beat it, the node is cut.
        let (a, b) = w(31998, 32001, 3);
        assert_eq!((a, b), (31998, 31996));
        assert!(a >= b);
        // A window wholly below being mated here (beta -31999 at ply 2): cut.
        let (a, b) = w(-32001, -31999, 2);
        assert_eq!((a, b), (-31998, -31999));
        assert!(a >= b);
        // Ply saturates at max_ply.
        assert_eq!(w(-32001, 32001, i32::MAX), (-31754, 31754));
    }

    #[test]
    fn never_cuts_a_value_inside_the_mate_bounds() {
        for ply in 0..246 {
            for (a, b) in [(-100, 100), (-31000, 31000), (0, 1), (-32001, 32001)] {
                let (na, nb) = w(a, b, ply);
                assert!(na < nb, "{a} {b} {ply}");
                assert!(na >= a && nb <= b);
            }
        }
    }
}
