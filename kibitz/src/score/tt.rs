//! Transposition-table adjustment of decisive scores: in the tree a mate
//! or table-base score counts plies from the root, in the table it counts
//! them from the stored node (Stockfish 15.1's `value_to_tt` and
//! `value_from_tt`, with its 50-move-rule guard).

use super::value::{clamp, Score, ScoreScale};

/// Plies without capture or pawn move before the 50-move rule can void a
/// mate (Stockfish 15.1 compares `mate - v > 99 - rule50`).
pub const RULE50_PLIES: i32 = 99;

impl ScoreScale {
    /// The score to store for `s` found at `ply`: decisive wins get `+ply`,
    /// decisive losses `-ply`, other scores are unchanged. `ply` saturates
    /// to `0..=max_ply`; scores beyond `±mate` (infinity, "no score") pass
    /// unchanged; the result saturates to `±mate`.
    pub const fn to_tt(&self, s: Score, ply: i32) -> Score {
        let v = s.get();
        let ply = clamp(ply, 0, self.max_ply());
        if v.abs() > self.mate() {
            s
        } else if v >= self.tb_win_in_max_ply() {
            Score::new(clamp(v + ply, -self.mate(), self.mate()))
        } else if v <= -self.tb_win_in_max_ply() {
            Score::new(clamp(v - ply, -self.mate(), self.mate()))
        } else {
            s
        }
    }

    /// The score in the tree for table value `s` read at `ply` with
    /// `rule50` plies since the last capture or pawn move. A mate that is
    /// further away (`mate - |s|` plies from the stored node) than the
    /// 50-move rule allows (`> 99 - rule50`) is not trusted and becomes
    /// `mate_in_max_ply - 1` (resp. `-(mate_in_max_ply - 1)`), the best
    /// table-base-range score, as in Stockfish 15.1; otherwise wins get
    /// `-ply`, losses `+ply`. A negative `rule50` turns the guard off (games
    /// without that rule). `ply` saturates to `0..=max_ply`; scores beyond
    /// `±mate` pass unchanged.
    pub const fn from_tt(&self, s: Score, ply: i32, rule50: i32) -> Score {
        let v = s.get();
        let ply = clamp(ply, 0, self.max_ply());
        if v.abs() > self.mate() {
            return s;
        }
        if v >= self.tb_win_in_max_ply() {
            if rule50 >= 0
                && v >= self.mate_in_max_ply()
                && self.mate() - v > RULE50_PLIES - clamp(rule50, 0, RULE50_PLIES + 1)
            {
                return Score::new(self.mate_in_max_ply() - 1);
            }
            return Score::new(v - ply);
        }
        if v <= -self.tb_win_in_max_ply() {
            if rule50 >= 0
                && v <= -self.mate_in_max_ply()
                && self.mate() + v > RULE50_PLIES - clamp(rule50, 0, RULE50_PLIES + 1)
            {
                return Score::new(-self.mate_in_max_ply() + 1);
            }
            return Score::new(v + ply);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SF: ScoreScale = ScoreScale::STOCKFISH;

    fn s(v: i32) -> Score {
        Score::new(v)
    }

    #[test]
    fn stockfish_examples() {
        // Mate in 3 plies from the root found at ply 2: 1 ply from the node.
        assert_eq!(SF.to_tt(SF.mate_in(3), 2).get(), 31999);
        assert_eq!(SF.from_tt(s(31999), 2, 0).get(), 31997);
        // Read at another ply: still mate 1 ply after the node.
        assert_eq!(SF.from_tt(s(31999), 10, 0).get(), 31989);
        assert_eq!(SF.to_tt(SF.mated_in(6), 4).get(), -31998);
        assert_eq!(SF.from_tt(s(-31998), 4, 0).get(), -31994);
        // TB range adjusted too, heuristic scores and known wins not.
        assert_eq!(SF.to_tt(s(31508), 5).get(), 31513);
        assert_eq!(SF.to_tt(s(31507), 5).get(), 31507);
        assert_eq!(SF.to_tt(s(-31508), 5).get(), -31513);
        assert_eq!(SF.from_tt(s(31600), 5, 0).get(), 31595);
        assert_eq!(SF.from_tt(s(-31600), 5, 90).get(), -31595);
        assert_eq!(SF.to_tt(s(12345), 9).get(), 12345);
        assert_eq!(SF.from_tt(s(-12345), 9, 0).get(), -12345);
        // VALUE_NONE and VALUE_INFINITE pass.
        assert_eq!(SF.from_tt(SF.none(), 3, 0), SF.none());
        assert_eq!(SF.to_tt(-SF.infinite(), 3), -SF.infinite());
    }

    #[test]
    fn rule50_guard() {
        // Mate 99 plies from the node with rule50 = 0: trusted.
        assert_eq!(SF.from_tt(s(32000 - 99), 1, 0).get(), 31900);
        // 100 plies: not trusted.
        assert_eq!(SF.from_tt(s(32000 - 100), 1, 0).get(), 31753);
        // 10 plies with 90 already gone: 10 > 99 - 90.
        assert_eq!(SF.from_tt(s(31990), 0, 90).get(), 31753);
        assert_eq!(SF.from_tt(s(31991), 0, 90).get(), 31991);
        assert_eq!(SF.from_tt(s(-31990), 0, 90).get(), -31753);
        assert_eq!(SF.from_tt(s(-31991), 0, 90).get(), -31991);
        // rule50 = 100 or more: no mate is trusted, not even mate now.
        assert_eq!(SF.from_tt(s(32000), 0, 100).get(), 31753);
        assert_eq!(SF.from_tt(s(32000), 0, i32::MAX).get(), 31753);
        // TB scores are not guarded in 15.1.
        assert_eq!(SF.from_tt(s(31700), 0, 99).get(), 31700);
        // Guard off.
        assert_eq!(SF.from_tt(s(31754), 3, -1).get(), 31751);
        assert_eq!(SF.from_tt(s(-31754), 3, i32::MIN).get(), -31751);
    }

    #[test]
    fn round_trip_every_ply() {
        let mut cases = 0u64;
        for ply in 0..=246 {
            for v in -32000i32..=32000 {
                // A mate found at `ply` is at most mate_in(ply), a TB win at
                // most tb_win_in(ply), in magnitude.
                let a = v.abs();
                if a > 32000 - ply || (31508..=31753).contains(&a) && a > 31753 - ply {
                    continue;
                }
                let t = SF.to_tt(s(v), ply);
                assert_eq!(SF.from_tt(t, ply, -1).get(), v, "v {v} ply {ply}");
                let back = SF.from_tt(t, ply, 0).get();
                let plies_from_node = 32000 - t.get().abs();
                if v.abs() >= 31754 && plies_from_node > 99 {
                    assert_eq!(back, 31753 * v.signum(), "v {v} ply {ply}");
                } else {
                    assert_eq!(back, v, "v {v} ply {ply}");
                }
                // The stored value fits 16 bits and stays in its band.
                assert_eq!(SF.is_win(t), SF.is_win(s(v)));
                assert_eq!(SF.is_mate(t), SF.is_mate(s(v)));
                cases += 1;
            }
        }
        assert_eq!(cases, 247 * 63509);
    }

    #[test]
    fn saturates() {
        assert_eq!(SF.to_tt(s(32000), 5).get(), 32000);
        assert_eq!(SF.to_tt(s(-32000), i32::MAX).get(), -32000);
        assert_eq!(SF.to_tt(s(31600), i32::MAX).get(), 31846);
        assert_eq!(SF.from_tt(s(31600), i32::MIN, -1).get(), 31600);
    }
}
