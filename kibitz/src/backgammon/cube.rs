//! The cube state of an evaluation (gnubg's `cubeinfo`) and the equity
//! conversions that depend on it: gammon prices, cubeless utility, match
//! winning chances (MWC) and normalised money equity (EMG). Everything is
//! computed in `f32` in gnubg 1.07's order of operations.
//!
//! Probabilities are gnubg's five outputs for the player on roll
//! ([`CubeInfo::mover`]): win, win gammon, win backgammon, lose gammon,
//! lose backgammon (cumulative: gammons include backgammons).

use super::error::BgError;
use super::met::MatchEquityTable;

/// gnubg's five cubeless outputs: win, wg, wbg, lg, lbg.
pub type Probabilities = [f32; 5];

/// A cube state: whose equity, the cube, the score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CubeInfo {
    /// Cube value (a power of two, 1..=2^15).
    pub cube: u32,
    /// Cube owner: `None` for a centred cube, else player 0 or 1.
    pub owner: Option<usize>,
    /// The player whose equity is computed, on roll (gnubg's `fMove`).
    pub mover: usize,
    /// Match length, 0 for money play.
    pub match_to: u32,
    /// Scores of players 0 and 1 (each below `match_to` in match play).
    pub score: [u32; 2],
    /// The Crawford game (match play only).
    pub crawford: bool,
    /// The Jacoby rule (money play only; forced off in match play).
    pub jacoby: bool,
    /// Beavers allowed (money play only; forced off in match play).
    pub beavers: bool,
}

impl CubeInfo {
    /// Money play, centred cube, player 0 on roll, Jacoby and beavers as given.
    pub fn money(jacoby: bool, beavers: bool) -> CubeInfo {
        CubeInfo {
            cube: 1,
            owner: None,
            mover: 0,
            match_to: 0,
            score: [0, 0],
            crawford: false,
            jacoby,
            beavers,
        }
    }

    /// Checks the fields as gnubg's `SetCubeInfo` does (and that the cube
    /// is a power of two); match play turns Jacoby and beavers off.
    pub fn validated(mut self) -> Result<CubeInfo, BgError> {
        if !self.cube.is_power_of_two() || self.cube > 1 << 15 {
            return Err(BgError::MatchState("cube"));
        }
        if self.owner.is_some_and(|o| o > 1) {
            return Err(BgError::MatchState("cube_owner"));
        }
        if self.mover > 1 {
            return Err(BgError::MatchState("move"));
        }
        if self.match_to > 0 {
            if self.match_to > 64 {
                return Err(BgError::MatchState("match_to"));
            }
            if self.score.iter().any(|&s| s >= self.match_to) {
                return Err(BgError::MatchState("score"));
            }
            if self.crawford && !self.score.iter().any(|&s| s + 1 == self.match_to) {
                return Err(BgError::MatchState("crawford"));
            }
            self.jacoby = false;
            self.beavers = false;
        } else {
            if self.score != [0, 0] {
                return Err(BgError::MatchState("score"));
            }
            if self.crawford {
                return Err(BgError::MatchState("crawford"));
            }
        }
        Ok(self)
    }

    /// Money play?
    pub fn is_money(&self) -> bool {
        self.match_to == 0
    }

    /// Points player `p` still needs, minus one (gnubg's "away" index; 0 =
    /// 1-away).
    pub(crate) fn away(&self, p: usize) -> i32 {
        self.match_to as i32 - self.score[p] as i32 - 1
    }

    /// The same state with the cube doubled and owned by the opponent of
    /// the mover (the double/take branch).
    pub fn doubled(&self) -> CubeInfo {
        CubeInfo {
            cube: self.cube * 2,
            owner: Some(1 - self.mover),
            ..*self
        }
    }

    /// Both players' MWC after player 0 wins `d0` and player 1 `d1` points
    /// (one of them 0), in gnubg's `getME` arithmetic: `[mwc0, mwc1]`.
    pub(crate) fn mwc_after(&self, met: &MatchEquityTable, d0: i32, d1: i32) -> [f32; 2] {
        let n0 = self.away(0) - d0;
        let n1 = self.away(1) - d1;
        if n0 < 0 {
            return [1.0, 0.0];
        }
        if n1 < 0 {
            return [0.0, 1.0];
        }
        let post = self.crawford || self.away(0) == 0 || self.away(1) == 0;
        if post {
            if n0 == 0 {
                let v = met.post_at(1, n1 as usize);
                [1.0 - v, v]
            } else {
                let v = met.post_at(0, n0 as usize);
                [v, 1.0 - v]
            }
        } else {
            let v = met.pre_at(n0 as usize, n1 as usize);
            [v, 1.0 - v]
        }
    }

    /// MWC of `player` after `winner` wins `points` points (gnubg's `getME`).
    pub fn mwc_if(&self, met: &MatchEquityTable, player: usize, points: u32, winner: usize) -> f32 {
        let pts = points as i32;
        let pair = if winner == 0 {
            self.mwc_after(met, pts, 0)
        } else {
            self.mwc_after(met, 0, pts)
        };
        pair[player]
    }

    /// gnubg's gammon prices `[gp0, gp1, bgp0, bgp1]`: money 1 each (0 under
    /// the Jacoby rule with a centred cube); match play from the MET as
    /// gnubg precomputes them.
    pub fn gammon_prices(&self, met: &MatchEquityTable) -> [f32; 4] {
        if self.is_money() {
            let v = if self.jacoby && self.owner.is_none() {
                0.0
            } else {
                1.0
            };
            return [v; 4];
        }
        // gnubg's tables are computed outside the Crawford game; the
        // post-Crawford switch then only depends on the score.
        let plain = CubeInfo {
            crawford: false,
            ..*self
        };
        let c = self.cube;
        let win = plain.mwc_if(met, 0, c, 0);
        let win_g = plain.mwc_if(met, 0, 2 * c, 0);
        let win_bg = plain.mwc_if(met, 0, 3 * c, 0);
        let lose = plain.mwc_if(met, 0, c, 1);
        let lose_g = plain.mwc_if(met, 0, 2 * c, 1);
        let lose_bg = plain.mwc_if(met, 0, 3 * c, 1);
        let centre = (win + lose) / 2.0;
        let mut gp = [0.0f32; 4];
        if (win - centre).abs() > 1.0e-7 {
            gp[0] = (win_g - centre) / (win - centre) - 1.0;
            gp[1] = (centre - lose_g) / (win - centre) - 1.0;
            gp[2] = (win_bg - centre) / (win - centre) - (gp[0] + 1.0);
            gp[3] = (centre - lose_bg) / (win - centre) - (gp[1] + 1.0);
        }
        gp.map(|v| v.max(0.0))
    }

    /// gnubg's `Utility`: cubeless equity with gammons at the gammon prices.
    pub fn utility(&self, p: &Probabilities, met: &MatchEquityTable) -> f32 {
        let gp = self.gammon_prices(met);
        if self.is_money() {
            p[0] * 2.0 - 1.0 + (p[1] - p[3]) * gp[0] + (p[2] - p[4]) * gp[1]
        } else {
            let m = self.mover;
            let o = 1 - m;
            p[0] * 2.0 - 1.0 + p[1] * gp[m] - p[3] * gp[o] + p[2] * gp[2 + m] - p[4] * gp[2 + o]
        }
    }

    /// MWC of the mover when winning and when losing the cube value.
    fn win_lose(&self, met: &MatchEquityTable) -> (f32, f32) {
        let m = self.mover;
        (
            self.mwc_if(met, m, self.cube, m),
            self.mwc_if(met, m, self.cube, 1 - m),
        )
    }

    /// Normalised equity to MWC (gnubg's `eq2mwc`); match play only.
    pub fn eq2mwc(&self, e: f32, met: &MatchEquityTable) -> f32 {
        let (w, l) = self.win_lose(met);
        0.5 * (e * (w - l) + (w + l))
    }

    /// MWC to normalised equity (gnubg's `mwc2eq`, EMG); match play only.
    pub fn mwc2eq(&self, m: f32, met: &MatchEquityTable) -> f32 {
        let (w, l) = self.win_lose(met);
        (2.0 * m - (w + l)) / (w - l)
    }

    /// gnubg's `GetDPEq`: whether the mover may double now, and the value
    /// of double/pass (money 1; match play the mover's MWC after winning
    /// the current cube).
    pub fn double_pass(&self, met: &MatchEquityTable) -> (bool, f32) {
        let own = self.owner.is_none() || self.owner == Some(self.mover);
        if self.is_money() {
            return (own, 1.0);
        }
        let n = self.match_to;
        let post_crawford = !self.crawford && self.score.iter().any(|&s| s + 1 == n);
        let me = self.score[self.mover];
        let can = !self.crawford && me + self.cube < n && !(post_crawford && me + 1 == n) && own;
        (can, self.mwc_if(met, self.mover, self.cube, self.mover))
    }
}

/// Money equity with gammons and backgammons at face value (gnubg's
/// `UtilityME` for money play).
pub fn money_equity(p: &Probabilities) -> f32 {
    p[0] * 2.0 - 1.0 + (p[1] - p[3]) + (p[2] - p[4])
}

/// MWC of the probabilities at a match score (cubeless; gnubg's
/// `eq2mwc(Utility)`); for money play the cubeless equity.
pub fn mwc(p: &Probabilities, ci: &CubeInfo, met: &MatchEquityTable) -> f32 {
    let u = ci.utility(p, met);
    if ci.is_money() {
        u
    } else {
        ci.eq2mwc(u, met)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn match_ci(n: u32, score: [u32; 2], mover: usize, cube: u32, crawford: bool) -> CubeInfo {
        CubeInfo {
            cube,
            owner: None,
            mover,
            match_to: n,
            score,
            crawford,
            jacoby: false,
            beavers: false,
        }
        .validated()
        .unwrap()
    }

    #[test]
    fn reference_vectors() {
        let met = MatchEquityTable::default_table();
        // From the reference notes (gnubg 1.07, Kazaross XG2).
        let ci = match_ci(7, [0, 0], 0, 1, false);
        assert!((ci.eq2mwc(-1.0, met) - 0.437_390_03).abs() < 1e-7);
        assert!((ci.mwc2eq(0.75, met) - 3.992_973_3).abs() < 1e-5);
        let ci = match_ci(5, [4, 2], 0, 1, true);
        let gp = ci.gammon_prices(met);
        assert_eq!(gp[0], 0.0);
        assert!((gp[1] - 0.049_054_6).abs() < 1e-6);
        assert!((gp[3] - 2.049_054_6).abs() < 1e-6);
    }

    #[test]
    fn validation() {
        let mut ci = CubeInfo::money(true, true);
        assert!(ci.validated().is_ok());
        ci.cube = 3;
        assert_eq!(ci.validated(), Err(BgError::MatchState("cube")));
        let ci = CubeInfo {
            match_to: 5,
            score: [5, 0],
            ..CubeInfo::money(false, false)
        };
        assert_eq!(ci.validated(), Err(BgError::MatchState("score")));
    }
}
