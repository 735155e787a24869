//! Janowski's cubeless-to-cubeful conversion as gnubg 1.07 does it at
//! 0-ply: money play (`Cl2CfMoney`: centred, owned and unavailable cube,
//! the Jacoby rule) and match play (`Cl2CfMatch`: live-cube cash points
//! through the redouble recursion of `GetPoints`, dead cubes), mixing
//! the dead-cube and live-cube equities with the cube efficiency `x`.

use super::cube::{CubeInfo, Probabilities};
use super::met::MatchEquityTable;

/// Gammon and backgammon rates `[player][gammon, backgammon]` of both
/// players, per game won (gnubg's `calculate_gammon_rates`).
fn rates(p: &Probabilities, mover: usize) -> [[f32; 2]; 2] {
    let mut r = [[0.0f32; 2]; 2];
    if p[0] > 0.0 {
        r[mover] = [(p[1] - p[2]) / p[0], p[2] / p[0]];
    }
    if p[0] < 1.0 {
        r[1 - mover] = [(p[3] - p[4]) / (1.0 - p[0]), p[4] / (1.0 - p[0])];
    }
    r
}

/// The cube value after an automatic redouble: 2c when `own` < 2c ≤ `opp`.
fn cube_prime(own: i32, opp: i32, c: i32) -> i32 {
    if own < 2 * c && opp >= 2 * c {
        2 * c
    } else {
        c
    }
}

/// MWC of player `k` after `winner` wins `points` (in `ci`'s match).
fn mwc_k(ci: &CubeInfo, met: &MatchEquityTable, k: usize, winner: usize, points: i32) -> f32 {
    let pair = if winner == 0 {
        ci.mwc_after(met, points, 0)
    } else {
        ci.mwc_after(met, 0, points)
    };
    pair[k]
}

/// Live-cube cash points of players 0 and 1 (gnubg's `GetPoints`).
pub(crate) fn cash_points(p: &Probabilities, ci: &CubeInfo, met: &MatchEquityTable) -> [f32; 2] {
    let away = [ci.away(0), ci.away(1)];
    let g = rates(p, ci.mover);
    let cube = ci.cube as i32;
    let (mut dead, mut levels) = (cube, 0usize);
    while away[0] >= 2 * dead && away[1] >= 2 * dead {
        levels += 1;
        dead *= 2;
    }
    let mut live = vec![[0.0f32; 2]; levels + 1];
    let (mut c, mut n) = (dead, levels as i32);
    while c >= cube {
        let level = n as usize;
        let primes = [
            cube_prime(away[0], away[1], c),
            cube_prime(away[1], away[0], c),
        ];
        for k in 0..2 {
            let o = 1 - k;
            let dp = mwc_k(ci, met, k, k, c);
            if away[0] < 2 * c || away[1] < 2 * c {
                let cp = primes[k];
                let dtl = (1.0 - g[o][0] - g[o][1]) * mwc_k(ci, met, k, o, 2 * cp)
                    + g[o][0] * mwc_k(ci, met, k, o, 4 * cp)
                    + g[o][1] * mwc_k(ci, met, k, o, 6 * cp);
                let dtw = (1.0 - g[k][0] - g[k][1]) * mwc_k(ci, met, k, k, 2 * cp)
                    + g[k][0] * mwc_k(ci, met, k, k, 4 * cp)
                    + g[k][1] * mwc_k(ci, met, k, k, 6 * cp);
                live[level][k] = (dtl - dp) / (dtl - dtw);
            } else {
                let rdp = mwc_k(ci, met, k, o, 2 * c);
                let dtw = (1.0 - g[k][0] - g[k][1]) * mwc_k(ci, met, k, k, 2 * c)
                    + g[k][0] * mwc_k(ci, met, k, k, 4 * c)
                    + g[k][1] * mwc_k(ci, met, k, k, 6 * c);
                live[level][k] = 1.0 - live[level + 1][o] * (dp - dtw) / (rdp - dtw);
            }
        }
        c >>= 1;
        n -= 1;
    }
    live[0]
}

/// Money play: the live-cube equity of Janowski's model, for average
/// win `w` and loss `l` at winning chance `p`.
fn money_live(w: f32, l: f32, p: f32, ci: &CubeInfo) -> f32 {
    match ci.owner {
        None => {
            let tp = (l - 0.5) / (w + l + 0.5);
            let cp = (l + 1.0) / (w + l + 0.5);
            if p < tp {
                if ci.jacoby {
                    -1.0
                } else {
                    -l + (-1.0 + l) * p / tp
                }
            } else if p < cp {
                -1.0 + 2.0 * (p - tp) / (cp - tp)
            } else if ci.jacoby {
                1.0
            } else {
                1.0 + (w - 1.0) * (p - cp) / (1.0 - cp)
            }
        }
        Some(o) if o == ci.mover => {
            let cp = (l + 1.0) / (w + l + 0.5);
            if p < cp {
                -l + (1.0 + l) * p / cp
            } else {
                1.0 + (w - 1.0) * (p - cp) / (1.0 - cp)
            }
        }
        Some(_) => {
            let tp = (l - 0.5) / (w + l + 0.5);
            if p < tp {
                -l + (-1.0 + l) * p / tp
            } else {
                -1.0 + (w + 1.0) * (p - tp) / (1.0 - tp)
            }
        }
    }
}

/// Money play cubeful equity per unit of the current cube (`Cl2CfMoney`).
pub fn cubeful_money(p: &Probabilities, ci: &CubeInfo, x: f32, met: &MatchEquityTable) -> f32 {
    let dead = ci.utility(p, met);
    if p[0] <= 0.000_000_1 || p[0] >= 0.999_999_9 {
        return dead;
    }
    let w = 1.0 + (p[1] + p[2]) / p[0];
    let l = 1.0 + (p[3] + p[4]) / (1.0 - p[0]);
    let live = money_live(w, l, p[0], ci);
    dead * (1.0 - x) + live * x
}

/// Whether match play needs the cubeful model (`fDoCubeful`): not when
/// the cube is dead for both, at -2/-2, or in the Crawford game.
fn cube_alive(ci: &CubeInfo) -> bool {
    let n = ci.match_to;
    let dead = ci.score[0] + ci.cube >= n && ci.score[1] + ci.cube >= n;
    let two_two = ci.score[0] + 2 == n && ci.score[1] + 2 == n;
    !(dead || two_two || ci.crawford)
}

/// Match play cubeful MWC of the mover (`Cl2CfMatch`).
pub fn cubeful_match(p: &Probabilities, ci: &CubeInfo, x: f32, met: &MatchEquityTable) -> f32 {
    let dead = ci.eq2mwc(ci.utility(p, met), met);
    if !cube_alive(ci) {
        return dead;
    }
    let me = ci.mover;
    let opp = 1 - me;
    let c = ci.cube as i32;
    let (g0, b0) = if p[0] > 0.0 {
        ((p[1] - p[2]) / p[0], p[2] / p[0])
    } else {
        (0.0, 0.0)
    };
    let (g1, b1) = if p[0] < 1.0 {
        ((p[3] - p[4]) / (1.0 - p[0]), p[4] / (1.0 - p[0]))
    } else {
        (0.0, 0.0)
    };
    let cp = cash_points(p, ci, met);
    let cash = mwc_k(ci, met, me, me, c);
    let opp_cash = mwc_k(ci, met, me, opp, c);
    let lose = || {
        (1.0 - g1 - b1) * opp_cash
            + g1 * mwc_k(ci, met, me, opp, 2 * c)
            + b1 * mwc_k(ci, met, me, opp, 3 * c)
    };
    let win = || {
        (1.0 - g0 - b0) * cash
            + g0 * mwc_k(ci, met, me, me, 2 * c)
            + b0 * mwc_k(ci, met, me, me, 3 * c)
    };
    let w = p[0];
    let opp_tg = 1.0 - cp[opp];
    let tg = cp[me];
    let from_loss = |to: f32, at: f32| {
        let l = lose();
        if at > 0.0 {
            l + (to - l) * w / at
        } else {
            l
        }
    };
    let to_win = |from: f32| {
        let v = win();
        if tg < 1.0 {
            from + (v - from) * (w - tg) / (1.0 - tg)
        } else {
            v
        }
    };
    let live = match ci.owner {
        None => {
            if w <= opp_tg {
                from_loss(opp_cash, opp_tg)
            } else if w < tg {
                opp_cash + (cash - opp_cash) * (w - opp_tg) / (tg - opp_tg)
            } else {
                to_win(cash)
            }
        }
        Some(o) if o == me => {
            if w <= tg {
                from_loss(cash, tg)
            } else {
                to_win(cash)
            }
        }
        Some(_) => {
            if w <= opp_tg {
                from_loss(opp_cash, opp_tg)
            } else {
                opp_cash + (win() - opp_cash) * (w - opp_tg) / (1.0 - opp_tg)
            }
        }
    };
    dead * (1.0 - x) + live * x
}

/// Cubeful equity of the state: money per unit of its cube, match MWC.
pub fn cubeful(p: &Probabilities, ci: &CubeInfo, x: f32, met: &MatchEquityTable) -> f32 {
    if ci.is_money() {
        cubeful_money(p, ci, x, met)
    } else {
        cubeful_match(p, ci, x, met)
    }
}
