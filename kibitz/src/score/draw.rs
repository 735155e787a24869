//! Draw scores (zero, contempt, Cray Blitz's ply-based draw) and grain
//! rounding of heuristic scores.

use super::value::{clamp, Score, ScoreScale};

/// Who is to move at the drawn node, seen from the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The side to move at the root (the engine's side).
    Root,
    /// The other side.
    Opponent,
}

/// How draws are scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawRule {
    /// Every draw is 0.
    Zero,
    /// Stockfish 7–8's contempt: the root side values a draw at
    /// `-contempt` (it dislikes draws when `contempt > 0`), its opponent
    /// at `+contempt`.
    Contempt(i32),
    /// Cray Blitz's draw: zero plus the ply distance to the root, from the
    /// root side's point of view, so a later draw is preferred to a draw
    /// now; `contempt` is subtracted as in [`DrawRule::Contempt`].
    Ply(i32),
}

/// Stockfish 15.1's `value_draw`: `VALUE_DRAW - 1 + (nodes & 2)`, so -1 or
/// +1 depending on the node counter (a small jitter against three-fold
/// repetition blindness).
pub const fn draw_jitter(nodes: u64) -> Score {
    Score::new(-1 + (nodes & 2) as i32)
}

impl ScoreScale {
    /// The score of a draw reached `ply` plies from the root, for the side
    /// to move there (`side`). The root side's value is `-contempt` plus
    /// `ply` for [`DrawRule::Ply`] (`ply` saturated to `0..=max_ply`); the
    /// opponent's is its negation. The result saturates to `±eval_limit`,
    /// so a draw never looks like a decisive score.
    pub const fn draw(&self, rule: DrawRule, ply: i32, side: Side) -> Score {
        let root = match rule {
            DrawRule::Zero => 0,
            DrawRule::Contempt(c) => clamp(c, -self.eval_limit(), self.eval_limit()).wrapping_neg(),
            DrawRule::Ply(c) => {
                let c = clamp(c, -self.eval_limit(), self.eval_limit());
                clamp(ply, 0, self.max_ply()) - c
            }
        };
        let root = clamp(root, -self.eval_limit(), self.eval_limit());
        Score::new(match side {
            Side::Root => root,
            Side::Opponent => -root,
        })
    }

    /// `s` rounded to a multiple of `2^bits` (half away from zero, so
    /// `grain(-s) == -grain(s)`), for a coarser evaluation grain. Decisive
    /// scores (`|s| >= tb_win_in_max_ply`) are returned unchanged; a
    /// heuristic score never rounds into the decisive range (it rounds
    /// toward zero instead). `bits` saturates to `0..=14`.
    pub const fn grain(&self, s: Score, bits: i32) -> Score {
        let v = s.get();
        let a = v.abs();
        let top = self.tb_win_in_max_ply();
        if a >= top {
            return s;
        }
        let bits = clamp(bits, 0, 14);
        let unit = 1i32 << bits;
        let half = unit >> 1;
        let mut r = (a + half) & !(unit - 1);
        if r >= top {
            r = a & !(unit - 1);
        }
        Score::new(if v < 0 { -r } else { r })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SF: ScoreScale = ScoreScale::STOCKFISH;

    #[test]
    fn zero_and_contempt() {
        for ply in [0, 5, 300] {
            assert_eq!(SF.draw(DrawRule::Zero, ply, Side::Root).get(), 0);
            assert_eq!(SF.draw(DrawRule::Zero, ply, Side::Opponent).get(), 0);
            assert_eq!(SF.draw(DrawRule::Contempt(24), ply, Side::Root).get(), -24);
            assert_eq!(
                SF.draw(DrawRule::Contempt(24), ply, Side::Opponent).get(),
                24
            );
        }
        assert_eq!(SF.draw(DrawRule::Contempt(-10), 3, Side::Root).get(), 10);
        assert_eq!(
            SF.draw(DrawRule::Contempt(i32::MIN), 3, Side::Root).get(),
            3000
        );
        assert_eq!(
            SF.draw(DrawRule::Contempt(i32::MAX), 3, Side::Opponent)
                .get(),
            3000
        );
    }

    #[test]
    fn stockfish_jitter() {
        let got: Vec<i32> = (0..6).map(|n| draw_jitter(n).get()).collect();
        assert_eq!(got, [-1, -1, 1, 1, -1, -1]);
        assert_eq!(draw_jitter(u64::MAX).get(), 1);
    }

    #[test]
    fn cray_blitz_prefers_later_draws() {
        assert_eq!(SF.draw(DrawRule::Ply(0), 0, Side::Root).get(), 0);
        assert_eq!(SF.draw(DrawRule::Ply(0), 7, Side::Opponent).get(), -7);
        assert_eq!(SF.draw(DrawRule::Ply(0), 8, Side::Root).get(), 8);
        assert_eq!(SF.draw(DrawRule::Ply(20), 8, Side::Root).get(), -12);
        assert_eq!(SF.draw(DrawRule::Ply(0), 1000, Side::Root).get(), 246);
        assert_eq!(SF.draw(DrawRule::Ply(0), -3, Side::Root).get(), 0);
        assert_eq!(SF.draw(DrawRule::Ply(-3000), 246, Side::Root).get(), 3000);
        // Negamax consistency: a later draw is better for the root side.
        for ply in 0..246 {
            let now = SF.draw(DrawRule::Ply(0), ply, Side::Root).get();
            let later = -SF.draw(DrawRule::Ply(0), ply + 1, Side::Opponent).get();
            assert_eq!(later, now + 1);
        }
    }

    #[test]
    fn grain_rounds_heuristic_scores_only() {
        assert_eq!(SF.grain(Score::new(5), 2).get(), 4);
        assert_eq!(SF.grain(Score::new(6), 2).get(), 8);
        assert_eq!(SF.grain(Score::new(-6), 2).get(), -8);
        assert_eq!(SF.grain(Score::new(-5), 2).get(), -4);
        assert_eq!(SF.grain(Score::new(1), 1).get(), 2);
        assert_eq!(SF.grain(Score::new(123), 0).get(), 123);
        assert_eq!(SF.grain(Score::new(31507), 4).get(), 31504);
        assert_eq!(SF.grain(Score::new(31500), 14).get(), 16384);
        assert_eq!(SF.grain(Score::new(31997), 4).get(), 31997);
        assert_eq!(SF.grain(Score::new(-31508), 4).get(), -31508);
        assert_eq!(SF.grain(Score::new(100), 99).get(), 0);
        assert_eq!(SF.grain(Score::new(100), -1).get(), 100);
        for bits in 0..=14 {
            for v in -31507..=31507 {
                let g = SF.grain(Score::new(v), bits).get();
                assert_eq!(g % (1 << bits), 0, "{v} {bits}");
                assert!(g.abs() < 31508, "{v} {bits}");
                assert_eq!(SF.grain(Score::new(-v), bits).get(), -g);
                assert!((g - v).abs() <= 1 << bits, "{v} {bits}");
            }
        }
    }
}
