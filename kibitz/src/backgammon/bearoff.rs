//! Exact two-sided bearoff equities for positions where both sides have
//! at most 6 chequers, all in their home boards, computed here the way
//! gnubg 1.07's `makebearoff -t 6x6` builds its `gnubg_ts0.bd`: money
//! equities of the player on roll, cubeless and cubeful (the player on
//! roll owns the cube, the cube is centred, the opponent owns it), each in
//! gnubg's 16-bit fixed point, by backward induction over the 21 rolls
//! with the best move for each roll and optimal cube play by the side to
//! move after it. Also gnubg's bearoff index (`PositionBearoff`).

use once_cell::sync::Lazy;

use super::board::Board;

/// Points of the two-sided database.
pub const TWO_SIDED_POINTS: usize = 6;
/// Most chequers per side in the two-sided database.
pub const TWO_SIDED_CHEQUERS: usize = 6;

/// C(n, r) for the small values the indices need.
fn combination(n: usize, r: usize) -> usize {
    if r > n {
        return 0;
    }
    let r = r.min(n - r);
    (0..r).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// gnubg's `PositionBearoff`: the rank of a side's chequers on its first
/// `points.len()` points among all arrangements of at most `chequers`.
pub fn bearoff_index(points: &[u8], chequers: usize) -> usize {
    let n_points = points.len();
    let total: usize = points.iter().map(|&c| c as usize).sum();
    let mut bits: u64 = 0;
    let mut j = n_points - 1 + total;
    bits |= 1 << j;
    for &c in &points[..n_points - 1] {
        j -= c as usize + 1;
        bits |= 1 << j;
    }
    let (mut n, mut r, mut rank) = (chequers + n_points, n_points, 0);
    while n > r {
        if bits & (1 << (n - 1)) != 0 {
            rank += combination(n - 1, r);
            r -= 1;
        }
        n -= 1;
    }
    rank
}

/// Every arrangement of at most `chequers` chequers on `points` points,
/// listed by bearoff index.
fn all_positions(points: usize, chequers: usize) -> Vec<Vec<u8>> {
    let mut out = vec![Vec::new(); combination(points + chequers, points)];
    let mut cur = vec![0u8; points];
    fn fill(cur: &mut Vec<u8>, at: usize, left: usize, chequers: usize, out: &mut Vec<Vec<u8>>) {
        if at == cur.len() {
            let k = bearoff_index(cur, chequers);
            out[k] = cur.clone();
            return;
        }
        for c in 0..=left {
            cur[at] = c as u8;
            fill(cur, at + 1, left - c, chequers, out);
        }
        cur[at] = 0;
    }
    fill(&mut cur, 0, chequers, chequers, &mut out);
    out
}

/// gnubg's fixed-point +1 (and −1 = its bitwise complement).
const EQUITY_P1: i32 = 0x7FFF;
/// gnubg's fixed-point −1.
const EQUITY_M1: i32 = !EQUITY_P1;

/// `makebearoff`'s cube action of the side to move, in fixed point: the
/// better of no double `nd` and double (take `dt`, pass `dp`).
fn cube_equity(nd: i32, dt: i32, dp: i32) -> i32 {
    if dt >= nd / 2 && dp >= nd {
        if dt >= dp / 2 {
            dp
        } else {
            2 * dt
        }
    } else {
        nd
    }
}

/// The two-sided database: `[cubeless, I own, centred, opponent owns]`
/// in fixed point for each (player on roll, opponent) index pair.
struct TwoSided {
    n: usize,
    values: Vec<[i16; 4]>,
}

/// The database, built at first use (about a second).
static TWO_SIDED: Lazy<TwoSided> = Lazy::new(build_two_sided);

/// Builds the two-sided database.
fn build_two_sided() -> TwoSided {
    let positions = all_positions(TWO_SIDED_POINTS, TWO_SIDED_CHEQUERS);
    let n = positions.len();
    // The results of each roll (21, gnubg's order) for each side's
    // position: moves never interact, so the opponent's chequers are
    // irrelevant.
    let mut rolls: Vec<(u8, u8, i32)> = Vec::new();
    for d0 in 1..=6u8 {
        for d1 in 1..=d0 {
            rolls.push((d0, d1, if d0 == d1 { 1 } else { 2 }));
        }
    }
    let children: Vec<Vec<Vec<usize>>> = positions
        .iter()
        .enumerate()
        .map(|(k, pts)| {
            if k == 0 {
                return Vec::new();
            }
            let mut sides = [[0u8; 25]; 2];
            sides[1][..TWO_SIDED_POINTS].copy_from_slice(pts);
            let board = Board::new(sides).expect("a bearoff position is legal");
            rolls
                .iter()
                .map(|&(d0, d1, _)| {
                    board
                        .legal_moves(d0, d1)
                        .iter()
                        .map(|m| {
                            bearoff_index(&m.result.side(1)[..TWO_SIDED_POINTS], TWO_SIDED_CHEQUERS)
                        })
                        .collect()
                })
                .collect()
        })
        .collect();
    let mut values = vec![[0i16; 4]; n * n];
    for sum in 0..=2 * (n - 1) {
        for us in sum.saturating_sub(n - 1)..=sum.min(n - 1) {
            let them = sum - us;
            values[us * n + them] = if us == 0 {
                [EQUITY_P1 as i16; 4]
            } else if them == 0 {
                [EQUITY_M1 as i16; 4]
            } else {
                let mut total = [0i32; 4];
                for (r, &(_, _, weight)) in rolls.iter().enumerate() {
                    let mut best = [-0xFFFF; 4];
                    for &j in &children[us][r] {
                        let child = values[them * n + j].map(i32::from);
                        best[0] = best[0].max(!child[0]);
                        best[1] = best[1].max(!child[3]);
                        best[2] = best[2].max(!cube_equity(child[2], child[3], EQUITY_P1));
                        best[3] = best[3].max(!cube_equity(child[1], child[3], EQUITY_P1));
                    }
                    for k in 0..4 {
                        total[k] += weight * best[k];
                    }
                }
                total.map(|t| (t / 36) as i16)
            };
        }
    }
    TwoSided { n, values }
}

/// Exact money equities of a two-sided bearoff position (player on roll =
/// side 1), per unit of the cube: `[cubeless, player on roll owns the
/// cube, centred, opponent owns]`; `None` unless both sides have 1..=6
/// chequers, all on their first six points.
pub fn two_sided_equities(board: &Board) -> Option<[f32; 4]> {
    for s in 0..2 {
        let c = board.chequers(s) as usize;
        if c == 0 || c > TWO_SIDED_CHEQUERS || board.back(s)? >= TWO_SIDED_POINTS {
            return None;
        }
    }
    let db = &*TWO_SIDED;
    let index = |s: usize| bearoff_index(&board.side(s)[..TWO_SIDED_POINTS], TWO_SIDED_CHEQUERS);
    let v = db.values[index(1) * db.n + index(0)];
    Some(v.map(|si| (si as i32 + 0x8000) as u16 as f32 / 32767.5 - 1.0))
}

/// gnubg's probabilities of a two-sided bearoff position: win =
/// (cubeless + 1) / 2, no gammons.
pub fn two_sided_probabilities(board: &Board) -> Option<[f32; 5]> {
    let eq = two_sided_equities(board)?;
    Some([eq[0] / 2.0 + 0.5, 0.0, 0.0, 0.0, 0.0])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bearoff_indices() {
        // gnubg's values (reference notes).
        assert_eq!(bearoff_index(&[0; 6], 15), 0);
        assert_eq!(bearoff_index(&[1, 0, 0, 0, 0, 0], 15), 1);
        assert_eq!(bearoff_index(&[0, 0, 0, 0, 0, 1], 15), 6);
        assert_eq!(bearoff_index(&[2, 0, 0, 0, 0, 0], 15), 7);
        assert_eq!(bearoff_index(&[2, 2, 2, 3, 3, 3], 15), 46138);
        assert_eq!(bearoff_index(&[1, 2, 2, 3, 3, 4], 15), 48945);
        assert_eq!(bearoff_index(&[0, 0, 0, 0, 0, 15], 15), 54263);
        let all = all_positions(6, 6);
        assert_eq!(all.len(), 924);
        assert!(all.iter().all(|p| p.len() == 6));
    }

    #[test]
    fn last_roll_positions() {
        // One chequer each on the ace point: the player on roll wins.
        let mut sides = [[0u8; 25]; 2];
        sides[0][0] = 1;
        sides[1][0] = 1;
        let eq = two_sided_equities(&Board::new(sides).unwrap()).unwrap();
        assert_eq!(eq, [1.0; 4]);
        // The opponent on roll with the same: a certain loss.
        sides[0][0] = 2;
        sides[1][0] = 0;
        sides[1][5] = 1;
        let eq = two_sided_equities(&Board::new(sides).unwrap()).unwrap();
        // 6 pips against 2 chequers on the ace point: we win with every
        // roll of 6 pips or more (all but 11, 21, 31, 41 and 32).
        let wins = 27.0;
        assert!((eq[0] - (wins / 36.0 * 2.0 - 1.0)).abs() < 1e-4);
    }
}
