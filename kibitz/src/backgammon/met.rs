//! Match equity tables as gnubg 1.07 holds them: a 64 × 64 pre-Crawford
//! table and a post-Crawford row per player, a table of fewer points
//! extended the way gnubg's `InitMatchEquity` extends it (David
//! Montgomery's normal approximation before Crawford, Zadeh's recursion
//! after it). The default table is Kazaross XG2 ([`super::met_kazaross`]).

use once_cell::sync::Lazy;

use super::met_kazaross;

/// The longest match a table covers (gnubg's MAXSCORE).
pub const MAX_AWAY: usize = 64;

/// Gammon rate of the post-Crawford extension (gnubg's GAMMONRATE).
const POST_GAMMON_RATE: f32 = 0.25;
/// Value of the trailer's free drop at 2-away, 1-away.
const FREE_DROP_2: f32 = 0.015;
/// Value of the trailer's free drop at 4-away, 1-away.
const FREE_DROP_4: f32 = 0.004;

/// A match equity table; all chances are those of winning the match.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchEquityTable {
    /// The table's name.
    pub name: String,
    /// The table's description.
    pub description: String,
    /// The length the table was given for (-1 for parametric tables).
    pub length: i32,
    /// `pre[i][j]`: the player (i + 1)-away against (j + 1)-away.
    pub(crate) pre: Box<[[f32; MAX_AWAY]; MAX_AWAY]>,
    /// `post[p][n]`: player p, (n + 1)-away, against a leader 1-away after
    /// the Crawford game.
    pub(crate) post: [[f32; MAX_AWAY]; 2],
}

/// The default table, built once.
static DEFAULT: Lazy<MatchEquityTable> = Lazy::new(|| {
    let rows: Vec<Vec<f32>> = met_kazaross::PRE
        .iter()
        .map(|r| r.iter().map(|&v| v as f32).collect())
        .collect();
    let post: Vec<f32> = met_kazaross::POST.iter().map(|&v| v as f32).collect();
    MatchEquityTable::explicit(
        met_kazaross::NAME,
        met_kazaross::DESCRIPTION,
        &rows,
        [&post, &post],
    )
});

impl MatchEquityTable {
    /// gnubg 1.07's default: Kazaross XG2, extended to 64 points.
    pub fn default_table() -> &'static MatchEquityTable {
        &DEFAULT
    }

    /// A table from explicit rows (`rows.len()` = its length, each row at
    /// least that long; values are not checked here) and a post-Crawford
    /// row per player (at least length − 1 entries), extended to 64.
    pub(crate) fn explicit(
        name: &str,
        description: &str,
        rows: &[Vec<f32>],
        post: [&[f32]; 2],
    ) -> MatchEquityTable {
        let n = rows.len().min(MAX_AWAY);
        let mut pre = Box::new([[0.0f32; MAX_AWAY]; MAX_AWAY]);
        for (i, row) in rows.iter().take(n).enumerate() {
            pre[i][..n].copy_from_slice(&row[..n]);
        }
        extend_pre(&mut pre, n);
        let mut rows_post = [[0.0f32; MAX_AWAY]; 2];
        for (p, src) in post.iter().enumerate() {
            let keep = n.saturating_sub(1).min(src.len());
            rows_post[p][..keep].copy_from_slice(&src[..keep]);
            extend_post(
                &mut rows_post[p],
                keep,
                POST_GAMMON_RATE,
                FREE_DROP_2,
                FREE_DROP_4,
            );
        }
        MatchEquityTable {
            name: name.to_string(),
            description: description.to_string(),
            length: n as i32,
            pre,
            post: rows_post,
        }
    }

    /// A parametric table of gnubg's `zadeh` kind as gnubg 1.07 loads it
    /// from a file of length -1: the pre-Crawford table is the normal
    /// approximation throughout, the post-Crawford rows come from Zadeh's
    /// recursion with the given trailer gammon rate and free-drop values.
    pub(crate) fn zadeh_post(
        name: &str,
        description: &str,
        post: [(f32, f32, f32); 2],
    ) -> MatchEquityTable {
        let mut pre = Box::new([[0.0f32; MAX_AWAY]; MAX_AWAY]);
        extend_pre(&mut pre, 0);
        let mut rows_post = [[0.0f32; MAX_AWAY]; 2];
        for (p, &(g, fd2, fd4)) in post.iter().enumerate() {
            extend_post(&mut rows_post[p], 0, g, fd2, fd4);
        }
        MatchEquityTable {
            name: name.to_string(),
            description: description.to_string(),
            length: -1,
            pre,
            post: rows_post,
        }
    }

    /// Pre-Crawford chance of the player `away0` points from winning
    /// against an opponent `away1` away (both 1..=64); 1 when `away0` is 0
    /// or less (already won), 0 when `away1` is.
    pub fn pre(&self, away0: i32, away1: i32) -> f32 {
        if away0 <= 0 {
            return 1.0;
        }
        if away1 <= 0 {
            return 0.0;
        }
        self.pre[(away0 - 1) as usize][(away1 - 1) as usize]
    }

    /// Post-Crawford chance of `player` (0 or 1), `away` points from
    /// winning (1..=64), against an opponent 1-away; 1 when `away` ≤ 0.
    pub fn post(&self, player: usize, away: i32) -> f32 {
        if away <= 0 {
            return 1.0;
        }
        self.post[player][(away - 1) as usize]
    }

    /// The raw pre-Crawford entry (0-based away indices).
    pub(crate) fn pre_at(&self, i: usize, j: usize) -> f32 {
        self.pre[i][j]
    }

    /// The raw post-Crawford entry (0-based away index).
    pub(crate) fn post_at(&self, player: usize, n: usize) -> f32 {
        self.post[player][n]
    }
}

/// The single-precision error function gnubg uses (C's `erff`), from the
/// `libm` crate (musl's routine); the gnubg vector tests check the tables.
fn erf32(x: f32) -> f32 {
    libm::erff(x)
}

/// The area of the normal distribution N(mu, sigma) between `lo` and `hi`.
fn normal_area(lo: f32, hi: f32, mu: f32, sigma: f32) -> f32 {
    let t_lo = (lo - mu) / sigma;
    let t_hi = (hi - mu) / sigma;
    let root2 = 2.0f32.sqrt();
    let a = (erf32(t_lo / root2) + 1.0) / 2.0;
    let b = (erf32(t_hi / root2) + 1.0) / 2.0;
    b - a
}

/// Standard deviation of the score difference per game for a player
/// `away` points from winning (Montgomery's table; 1.77 beyond 10).
fn game_sigma(away: usize) -> f32 {
    const TABLE: [f32; 11] = [
        0.0, 1.24, 1.27, 1.47, 1.50, 1.60, 1.61, 1.66, 1.68, 1.70, 1.72,
    ];
    TABLE.get(away).copied().unwrap_or(1.77)
}

/// Fills rows `known..64` of `pre` with the normal approximation (for the
/// entries on and below the diagonal), then every entry right of column
/// `known` (or of the diagonal) as the complement of its mirror.
// Indices are away values here, clearer than iterators.
#[allow(clippy::needless_range_loop)]
fn extend_pre(pre: &mut [[f32; MAX_AWAY]; MAX_AWAY], known: usize) {
    for i in known..MAX_AWAY {
        let a0 = i + 1;
        let s0 = game_sigma(a0);
        for j in 0..=i {
            let a1 = j + 1;
            let games = (a0 + a1) as f32 / 2.0;
            let s1 = game_sigma(a1);
            let sigma = (s0 * s0 + s1 * s1).sqrt() * games.sqrt();
            let diff = (a0 - a1) as f32;
            pre[i][j] = if 6.0 * sigma > diff {
                normal_area(diff, 6.0 * sigma, 0.0, sigma)
            } else {
                0.0
            };
        }
    }
    for i in 0..MAX_AWAY {
        let from = if i < known { known } else { i + 1 };
        for j in from..MAX_AWAY {
            pre[i][j] = 1.0 - pre[j][i];
        }
    }
}

/// Fills `post[start..]` with Zadeh's post-Crawford recursion: a game
/// with gammon rate `g` is won (moving 1 or 2 points on) or lost, minus
/// the free-drop values at 2-away and 4-away.
fn extend_post(post: &mut [f32; MAX_AWAY], start: usize, g: f32, fd2: f32, fd4: f32) {
    for i in start..MAX_AWAY {
        let back4 = if i >= 4 { post[i - 4] } else { 1.0 };
        let back2 = if i >= 2 { post[i - 2] } else { 1.0 };
        post[i] = g * 0.5 * back4 + (1.0 - g) * 0.5 * back2;
        if i == 1 {
            post[i] -= fd2;
        }
        if i == 3 {
            post[i] -= fd4;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_table_samples() {
        let t = MatchEquityTable::default_table();
        // Numbers from the reference notes (gnubg 1.07).
        assert_eq!(t.pre(1, 2), 0.67736);
        assert_eq!(t.pre(2, 1), 0.32264);
        assert!((t.pre(26, 1) - 0.000_820_815_6).abs() < 1e-9);
        assert!((t.post(0, 25) - 0.001_181_25).abs() < 1e-9);
        assert_eq!(t.pre(0, 5), 1.0);
        assert_eq!(t.pre(5, 0), 0.0);
    }
}
