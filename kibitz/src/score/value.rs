//! The [`Score`] type and the [`ScoreScale`] that lays out its range:
//! mate scores at both ends, then table-base wins, a band for "known win"
//! recognisers and the saturating heuristic range around the draw score 0.

use std::fmt;
use std::ops::Neg;

/// The largest magnitude a [`Score`] holds: every score fits an `int16_t`
/// and negates without overflow.
pub const SCORE_LIMIT: i32 = i16::MAX as i32;

/// A search value from the side to move's point of view, stored as `i32`
/// but always within `±SCORE_LIMIT` (so a plain cast to `i16` is lossless).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(i32);

impl Score {
    /// The draw score, zero.
    pub const DRAW: Score = Score(0);

    /// A score of `v`, saturated to `±SCORE_LIMIT`.
    pub const fn new(v: i32) -> Score {
        Score(clamp(v, -SCORE_LIMIT, SCORE_LIMIT))
    }

    /// The value as an `i32`.
    pub const fn get(self) -> i32 {
        self.0
    }

    /// The value as the `i16` a transposition table stores.
    pub const fn to_i16(self) -> i16 {
        self.0 as i16
    }

    /// A score read back from an `i16` (`-32768` saturates to `-32767`).
    pub const fn from_i16(v: i16) -> Score {
        Score::new(v as i32)
    }

    /// `self + d`, saturated to `±SCORE_LIMIT`.
    pub const fn saturating_add(self, d: i32) -> Score {
        Score::new(self.0.saturating_add(d))
    }
}

impl Neg for Score {
    type Output = Score;
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// `v` limited to `lo..=hi` (a `const` `clamp`).
pub(crate) const fn clamp(v: i32, lo: i32, hi: i32) -> i32 {
    if v < lo {
        lo
    } else if v > hi {
        hi
    } else {
        v
    }
}

/// Why [`ScoreScale::new`] refused its numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScaleError {
    /// `max_ply` is below 1.
    MaxPly,
    /// `mate` is above 32000 (so `mate + 2`, "no score", would not fit
    /// 16 bits next to the error value) or leaves no room below its
    /// table-base band (`mate - 2 * max_ply <= known_win`).
    Mate,
    /// `known_win` is not above `eval_limit`.
    KnownWin,
    /// `eval_limit` is below 1.
    EvalLimit,
}

impl fmt::Display for ScaleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ScaleError::MaxPly => "max_ply must be at least 1",
            ScaleError::Mate => "mate must be at most 32000 and above known_win + 2 * max_ply",
            ScaleError::KnownWin => "known_win must be above eval_limit",
            ScaleError::EvalLimit => "eval_limit must be at least 1",
        })
    }
}

impl std::error::Error for ScaleError {}

/// The layout of the score range, from the top down (the bottom mirrors it):
///
/// | range | meaning |
/// |---|---|
/// | `mate + 2` | "no score" (Stockfish's `VALUE_NONE`) |
/// | `mate + 1` | infinity (window bound) |
/// | `mate - max_ply ..= mate` | mate in `mate - s` plies |
/// | `mate - 2*max_ply .. mate - max_ply` | table-base win in `mate - max_ply - 1 - s` plies |
/// | `known_win .. mate - 2*max_ply` | recognised win (endgame recognisers) |
/// | `-eval_limit ..= eval_limit` | heuristic values (saturated) |
/// | `0` | draw |
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ScoreScale {
    mate: i32,
    max_ply: i32,
    known_win: i32,
    eval_limit: i32,
}

impl Default for ScoreScale {
    fn default() -> ScoreScale {
        ScoreScale::STOCKFISH
    }
}

impl ScoreScale {
    /// Stockfish 15.1's numbers: `VALUE_MATE` 32000, `MAX_PLY` 246,
    /// `VALUE_KNOWN_WIN` 10000; heuristic values saturate at ±30 pawns
    /// (3000 centipawns).
    pub const STOCKFISH: ScoreScale = ScoreScale {
        mate: 32000,
        max_ply: 246,
        known_win: 10000,
        eval_limit: 3000,
    };

    /// The classic 16-bit scale: `VALUE_MATED = -SHRT_MAX/2 = -16383`,
    /// otherwise Stockfish's plies and bands.
    pub const CLASSIC: ScoreScale = ScoreScale {
        mate: i16::MAX as i32 / 2,
        max_ply: 246,
        known_win: 10000,
        eval_limit: 3000,
    };

    /// A scale of one's own; see [`ScaleError`] for the rules.
    pub const fn new(
        mate: i32,
        max_ply: i32,
        known_win: i32,
        eval_limit: i32,
    ) -> Result<ScoreScale, ScaleError> {
        if max_ply < 1 {
            return Err(ScaleError::MaxPly);
        }
        if eval_limit < 1 {
            return Err(ScaleError::EvalLimit);
        }
        if known_win <= eval_limit {
            return Err(ScaleError::KnownWin);
        }
        // All three below 32000 + 1 in magnitude, so no overflow.
        if mate > 32000 || mate < 1 || max_ply > 16000 || mate - 2 * max_ply <= known_win {
            return Err(ScaleError::Mate);
        }
        Ok(ScoreScale {
            mate,
            max_ply,
            known_win,
            eval_limit,
        })
    }

    /// `VALUE_MATE`: the score of "mate now" (mate in 0 plies).
    pub const fn mate(&self) -> i32 {
        self.mate
    }

    /// `MAX_PLY`: the deepest ply a search may reach.
    pub const fn max_ply(&self) -> i32 {
        self.max_ply
    }

    /// The lowest recognised-win score (`VALUE_KNOWN_WIN`).
    pub const fn known_win(&self) -> i32 {
        self.known_win
    }

    /// The largest heuristic magnitude.
    pub const fn eval_limit(&self) -> i32 {
        self.eval_limit
    }

    /// `VALUE_MATE_IN_MAX_PLY = mate - max_ply`: the lowest mate score.
    pub const fn mate_in_max_ply(&self) -> i32 {
        self.mate - self.max_ply
    }

    /// `VALUE_TB_WIN_IN_MAX_PLY = mate - 2 * max_ply`: the lowest
    /// table-base win (and the lowest decisive score).
    pub const fn tb_win_in_max_ply(&self) -> i32 {
        self.mate - 2 * self.max_ply
    }

    /// `VALUE_INFINITE = mate + 1`.
    pub const fn infinite(&self) -> Score {
        Score(self.mate + 1)
    }

    /// `VALUE_NONE = mate + 2`: "no score".
    pub const fn none(&self) -> Score {
        Score(self.mate + 2)
    }

    /// `mate_in(ply) = mate - ply`: the side to move mates `ply` plies from
    /// the root; `ply` saturates to `0..=max_ply`.
    pub const fn mate_in(&self, ply: i32) -> Score {
        Score(self.mate - clamp(ply, 0, self.max_ply))
    }

    /// `mated_in(ply) = -mate + ply`: the side to move is mated `ply` plies
    /// from the root; `ply` saturates to `0..=max_ply`.
    pub const fn mated_in(&self, ply: i32) -> Score {
        Score(-self.mate + clamp(ply, 0, self.max_ply))
    }

    /// Stockfish's table-base win found at `ply`:
    /// `mate_in_max_ply - ply - 1`; `ply` saturates to `0..max_ply`.
    pub const fn tb_win_in(&self, ply: i32) -> Score {
        Score(self.mate_in_max_ply() - 1 - clamp(ply, 0, self.max_ply - 1))
    }

    /// Stockfish's table-base loss found at `ply` (the negated win).
    pub const fn tb_loss_in(&self, ply: i32) -> Score {
        Score(-self.tb_win_in(ply).0)
    }

    /// A recognised win: `known_win + bonus`, saturated into the
    /// recogniser band `known_win .. tb_win_in_max_ply`.
    pub const fn known_win_by(&self, bonus: i32) -> Score {
        let top = self.tb_win_in_max_ply() - 1;
        Score(clamp(
            self.known_win.saturating_add(bonus),
            self.known_win,
            top,
        ))
    }

    /// A heuristic value saturated to `±eval_limit`.
    pub const fn eval(&self, v: i32) -> Score {
        Score(clamp(v, -self.eval_limit, self.eval_limit))
    }

    /// True for a mate score of either sign: `mate_in_max_ply <= |s| <= mate`.
    pub const fn is_mate(&self, s: Score) -> bool {
        let a = s.0.abs();
        a >= self.mate_in_max_ply() && a <= self.mate
    }

    /// True for a decisive win (table base or mate):
    /// `tb_win_in_max_ply <= s <= mate`.
    pub const fn is_win(&self, s: Score) -> bool {
        s.0 >= self.tb_win_in_max_ply() && s.0 <= self.mate
    }

    /// True for a decisive loss: `-mate <= s <= -tb_win_in_max_ply`.
    pub const fn is_loss(&self, s: Score) -> bool {
        self.is_win(Score(-s.0))
    }

    /// True for a recognised (but not decisive) win:
    /// `known_win <= s < tb_win_in_max_ply`.
    pub const fn is_known_win(&self, s: Score) -> bool {
        s.0 >= self.known_win && s.0 < self.tb_win_in_max_ply()
    }

    /// The UCI `mate N` of a mate score: full moves, negative when the side
    /// to move is being mated (`mated_in(0)` gives 0); `None` otherwise.
    pub const fn mate_moves(&self, s: Score) -> Option<i32> {
        if !self.is_mate(s) {
            None
        } else if s.0 > 0 {
            Some((self.mate - s.0 + 1) / 2)
        } else {
            Some((-self.mate - s.0) / 2)
        }
    }

    /// The UCI text of `s` as Stockfish 15.1 prints it: `mate N` for a mate
    /// score, else `cp (s * 100 / pawn)` rounded toward zero, where `pawn`
    /// is the internal value of one pawn (361 in Stockfish 15.1, 100 for
    /// centipawn scores; values below 1 count as 1). `None` for scores
    /// beyond `±mate` (infinity, "no score"), which are not values.
    pub fn to_uci(&self, s: Score, pawn: i32) -> Option<String> {
        if s.0.abs() > self.mate {
            return None;
        }
        Some(match self.mate_moves(s) {
            Some(n) => format!("mate {n}"),
            None => format!("cp {}", s.0 as i64 * 100 / pawn.max(1) as i64),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SF: ScoreScale = ScoreScale::STOCKFISH;

    #[test]
    fn stockfish_constants() {
        assert_eq!(SF.mate(), 32000);
        assert_eq!(SF.max_ply(), 246);
        assert_eq!(SF.infinite().get(), 32001);
        assert_eq!(SF.none().get(), 32002);
        assert_eq!(SF.mate_in_max_ply(), 31754);
        assert_eq!(SF.tb_win_in_max_ply(), 31508);
        assert_eq!(SF.known_win(), 10000);
        assert_eq!(SF.mate_in(0).get(), 32000);
        assert_eq!(SF.mate_in(3).get(), 31997);
        assert_eq!(SF.mated_in(2).get(), -31998);
        assert_eq!(SF.mate_in(246).get(), 31754);
        // TB probe results: VALUE_MATE_IN_MAX_PLY - ply - 1.
        assert_eq!(SF.tb_win_in(0).get(), 31753);
        assert_eq!(SF.tb_win_in(245).get(), 31508);
        assert_eq!(SF.tb_loss_in(7).get(), -31746);
    }

    #[test]
    fn classic_scale_is_half_shrt_max() {
        let c = ScoreScale::CLASSIC;
        assert_eq!(c.mated_in(0).get(), -16383);
        assert_eq!(c.mate_in(1).get(), 16382);
        assert_eq!(c.none().get(), 16385);
        assert_eq!(c.mate_moves(c.mate_in(1)), Some(1));
    }

    #[test]
    fn own_scales_are_checked() {
        assert_eq!(ScoreScale::new(32000, 246, 10000, 3000), Ok(SF));
        assert_eq!(
            ScoreScale::new(32001, 246, 10000, 3000),
            Err(ScaleError::Mate)
        );
        assert_eq!(
            ScoreScale::new(10492, 246, 10000, 3000),
            Err(ScaleError::Mate)
        );
        assert!(ScoreScale::new(10493, 246, 10000, 3000).is_ok());
        assert_eq!(
            ScoreScale::new(32000, 0, 10000, 3000),
            Err(ScaleError::MaxPly)
        );
        assert_eq!(
            ScoreScale::new(32000, 1, 3000, 3000),
            Err(ScaleError::KnownWin)
        );
        assert_eq!(
            ScoreScale::new(32000, 1, 3000, 0),
            Err(ScaleError::EvalLimit)
        );
        assert_eq!(
            ScoreScale::new(i32::MAX, i32::MAX, i32::MAX, i32::MAX - 1),
            Err(ScaleError::Mate)
        );
        assert_eq!(
            ScoreScale::new(i32::MIN, 1, i32::MIN + 2, 1),
            Err(ScaleError::KnownWin)
        );
        assert_eq!(ScoreScale::new(i32::MIN, 1, 5, 1), Err(ScaleError::Mate));
    }

    #[test]
    fn plies_saturate() {
        assert_eq!(SF.mate_in(-5).get(), 32000);
        assert_eq!(SF.mate_in(1000).get(), 31754);
        assert_eq!(SF.mated_in(i32::MIN).get(), -32000);
        assert_eq!(SF.mated_in(i32::MAX).get(), -31754);
        assert_eq!(SF.tb_win_in(i32::MAX).get(), 31508);
    }

    #[test]
    fn bands() {
        for v in -32100..=32100 {
            let s = Score::new(v);
            let bands = [
                SF.is_mate(s),
                SF.is_win(s) && !SF.is_mate(s),
                SF.is_loss(s) && !SF.is_mate(s),
                SF.is_known_win(s) || SF.is_known_win(-s),
                v.abs() < 10000 || v.abs() > 32000,
            ];
            assert_eq!(bands.iter().filter(|&&b| b).count(), 1, "score {v}");
        }
        assert!(SF.is_win(Score::new(31508)) && !SF.is_win(Score::new(31507)));
        assert!(SF.is_mate(Score::new(-31754)) && !SF.is_mate(Score::new(-31753)));
        assert!(!SF.is_win(SF.infinite()) && !SF.is_mate(SF.none()));
        assert_eq!(SF.known_win_by(5).get(), 10005);
        assert_eq!(SF.known_win_by(-5).get(), 10000);
        assert_eq!(SF.known_win_by(i32::MAX).get(), 31507);
        assert_eq!(SF.eval(-4000).get(), -3000);
        assert_eq!(SF.eval(2999).get(), 2999);
    }

    #[test]
    fn uci_text_as_stockfish() {
        // Examples of the reference: 32000-3 -> mate 2, -32000+2 -> mate -1.
        assert_eq!(SF.to_uci(Score::new(31997), 361).as_deref(), Some("mate 2"));
        assert_eq!(
            SF.to_uci(Score::new(-31998), 361).as_deref(),
            Some("mate -1")
        );
        assert_eq!(SF.to_uci(SF.mate_in(1), 361).as_deref(), Some("mate 1"));
        assert_eq!(SF.to_uci(SF.mated_in(0), 361).as_deref(), Some("mate 0"));
        assert_eq!(SF.to_uci(SF.mated_in(4), 361).as_deref(), Some("mate -2"));
        assert_eq!(SF.to_uci(SF.mate_in(246), 361).as_deref(), Some("mate 123"));
        assert_eq!(SF.to_uci(Score::new(361), 361).as_deref(), Some("cp 100"));
        assert_eq!(SF.to_uci(Score::new(-100), 361).as_deref(), Some("cp -27"));
        assert_eq!(
            SF.to_uci(Score::new(31753), 361).as_deref(),
            Some("cp 8795")
        );
        assert_eq!(SF.to_uci(Score::new(-123), 100).as_deref(), Some("cp -123"));
        assert_eq!(SF.to_uci(Score::new(50), 0).as_deref(), Some("cp 5000"));
        assert_eq!(SF.to_uci(SF.none(), 361), None);
        assert_eq!(SF.to_uci(-SF.infinite(), 361), None);
        assert_eq!(SF.mate_moves(Score::new(500)), None);
    }

    #[test]
    fn mate_moves_for_every_ply() {
        for ply in 0..=246 {
            assert_eq!(SF.mate_moves(SF.mate_in(ply)), Some((ply + 1) / 2));
            assert_eq!(SF.mate_moves(SF.mated_in(ply)), Some(-ply / 2));
        }
    }

    #[test]
    fn score_storage() {
        assert_eq!(Score::new(40000).get(), 32767);
        assert_eq!(Score::new(i32::MIN).get(), -32767);
        assert_eq!(Score::from_i16(i16::MIN).get(), -32767);
        assert_eq!(Score::new(-31998).to_i16(), -31998);
        assert_eq!((-Score::new(-32767)).get(), 32767);
        assert_eq!(Score::new(32000).saturating_add(i32::MAX).get(), 32767);
        assert_eq!(Score::DRAW.to_string(), "0");
    }
}
