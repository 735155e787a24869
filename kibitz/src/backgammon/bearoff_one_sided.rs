//! The one-sided bearoff database as gnubg 1.07's `makebearoff -o 6`
//! builds `gnubg_os0.bd`, computed here at first use: for every
//! arrangement of up to 15 chequers on the six home points, the
//! distribution of the number of rolls needed to bear them all off
//! (playing each roll to minimise the mean) and, for 15 chequers, of the
//! rolls needed to bear the first one off (saving the gammon), both in
//! gnubg's 16-bit fixed point; and gnubg's evaluation of a position where
//! both sides bear off from these distributions.

use once_cell::sync::Lazy;

use super::bearoff::{bearoff_index, two_sided_probabilities};
use super::bearoff_moves::{bearoff_results, Home};
use super::board::{Board, CHEQUERS};
use super::classify::PositionClass;
use super::cube::Probabilities;

/// Positions of the database: C(21, 6).
const POSITIONS: usize = 54264;
/// Length of each distribution (rolls 0..31).
const ROLLS: usize = 32;

/// The distributions `[bear off all, bear off one]` of each position.
type Distributions = Vec<[[u16; ROLLS]; 2]>;

/// The database, built at first use.
static ONE_SIDED: Lazy<Distributions> = Lazy::new(build);

/// gnubg's `RollsOS`: Σ i · p[i], the (scaled) mean number of rolls.
fn mean_rolls(dist: &[u16; ROLLS]) -> u32 {
    (1..ROLLS).map(|i| i as u32 * u32::from(dist[i])).sum()
}

/// Scales summed roll counts back to 16 bits, rounding, and puts the
/// rounding error on the most likely entry, as `makebearoff` does.
fn normalise(sums: &[u32; ROLLS]) -> [u16; ROLLS] {
    let mut out = [0u16; ROLLS];
    let (mut total, mut mode) = (0u32, 0usize);
    for i in 0..ROLLS {
        out[i] = ((sums[i] + 18) / 36) as u16;
        total += u32::from(out[i]);
        if out[i] > out[mode] {
            mode = i;
        }
    }
    out[mode] = out[mode].wrapping_sub(total.wrapping_sub(0xFFFF) as u16);
    out
}

/// Builds the database in index order (every move lowers the index).
fn build() -> Distributions {
    let mut homes = vec![[0u8; 6]; POSITIONS];
    let mut cur = [0u8; 6];
    fn fill(cur: &mut Home, at: usize, left: usize, homes: &mut Vec<Home>) {
        if at == 6 {
            homes[bearoff_index(cur, CHEQUERS as usize)] = *cur;
            return;
        }
        for c in 0..=left {
            cur[at] = c as u8;
            fill(cur, at + 1, left - c, homes);
        }
        cur[at] = 0;
    }
    fill(&mut cur, 0, CHEQUERS as usize, &mut homes);
    let mut db: Distributions = vec![[[0; ROLLS]; 2]; POSITIONS];
    db[0][0][0] = 0xFFFF;
    db[0][1][0] = 0xFFFF;
    for id in 1..POSITIONS {
        let home = homes[id];
        let count: u32 = home.iter().map(|&c| u32::from(c)).sum();
        let mut sums = [[0u32; ROLLS]; 2];
        if count < CHEQUERS {
            sums[1][0] = 0xFFFF * 36;
        }
        for d0 in 1..=6u8 {
            for d1 in 1..=d0 {
                let weight = if d0 == d1 { 1 } else { 2 };
                let mut best: Option<(u32, usize)> = None;
                let mut best_gammon: Option<(u32, usize)> = None;
                for child in bearoff_results(&home, d0, d1) {
                    let j = bearoff_index(&child, CHEQUERS as usize);
                    let m = mean_rolls(&db[j][0]);
                    if best.map_or(true, |(b, _)| m < b) {
                        best = Some((m, j));
                    }
                    let g = mean_rolls(&db[j][1]);
                    if best_gammon.map_or(true, |(b, _)| g < b) {
                        best_gammon = Some((g, j));
                    }
                }
                let (_, j) = best.expect("a bearoff position can always move");
                for i in 0..ROLLS - 1 {
                    sums[0][i + 1] += weight * u32::from(db[j][0][i]);
                }
                if count == CHEQUERS {
                    let (_, g) = best_gammon.expect("moves exist");
                    for i in 0..ROLLS - 1 {
                        sums[1][i + 1] += weight * u32::from(db[g][1][i]);
                    }
                }
            }
        }
        db[id] = [normalise(&sums[0]), normalise(&sums[1])];
    }
    db
}

/// A side's home points, if all its chequers are on them.
fn home_of(board: &Board, side: usize) -> Option<Home> {
    let s = board.side(side);
    if s[6..].iter().any(|&c| c > 0) {
        return None;
    }
    let mut h = [0u8; 6];
    h.copy_from_slice(&s[..6]);
    Some(h)
}

/// The two distributions of a side's home board, as probabilities.
fn distributions(home: &Home) -> [[f32; ROLLS]; 2] {
    let d = &ONE_SIDED[bearoff_index(home, CHEQUERS as usize)];
    d.map(|dist| dist.map(|u| f32::from(u) / 65535.0))
}

/// Σ a[i] · b[j] over j ≥ i + `lag`, summed in gnubg's order: the chance
/// that the side with distribution `a` finishes first.
fn first_before(a: &[f32; ROLLS], b: &[f32; ROLLS], lag: usize) -> f32 {
    let mut r = 0.0f32;
    for (i, &x) in a.iter().enumerate() {
        for &y in b.iter().skip(i + lag) {
            r += x * y;
        }
    }
    r
}

/// gnubg's one-sided bearoff evaluation of a board where both sides have
/// all their chequers home (side 1 on roll): winning and gammon chances
/// from the distributions, no backgammons; `None` otherwise.
pub fn one_sided_probabilities(board: &Board) -> Option<Probabilities> {
    let (us, them) = (home_of(board, 1)?, home_of(board, 0)?);
    let [p1, g1] = distributions(&us);
    let [p0, g0] = distributions(&them);
    let mut out = [0.0f32; 5];
    out[0] = first_before(&p1, &p0, 0);
    if board.chequers(0) == CHEQUERS || board.chequers(1) == CHEQUERS {
        out[1] = first_before(&p1, &g0, 0);
        out[3] = first_before(&p0, &g1, 1);
    }
    Some(out)
}

/// gnubg's database evaluation of a bearoff: the two-sided database for
/// its class Bearoff2 (at most 6 chequers a side), the one-sided one for
/// Bearoff1 (both sides home); `None` for other positions.
pub fn bearoff_probabilities(board: &Board) -> Option<Probabilities> {
    match board.class() {
        PositionClass::Bearoff2 => two_sided_probabilities(board),
        PositionClass::Bearoff1 => one_sided_probabilities(board),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simple_distributions() {
        // One chequer on the ace point: off in one roll.
        let d = &ONE_SIDED[bearoff_index(&[1, 0, 0, 0, 0, 0], 15)];
        assert_eq!(d[0][1], 0xFFFF);
        // One chequer on the six point: off in one roll unless the roll
        // totals less than 6 without a 6 (11, 12, 13, 14, 23: 9 of 36).
        let d = &ONE_SIDED[bearoff_index(&[0, 0, 0, 0, 0, 1], 15)];
        assert_eq!(u32::from(d[0][1]), (27 * 0xFFFF + 18) / 36);
        assert_eq!(u32::from(d[0][1]) + u32::from(d[0][2]), 0xFFFF);
    }
}
