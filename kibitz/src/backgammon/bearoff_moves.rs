//! Legal moves of a side bearing off (all its chequers on its six home
//! points, no contact), in gnubg's generation order: the same results as
//! [`super::Board::legal_moves`] for such boards, listed as gnubg's
//! `GenerateMoves` lists them (first die the larger, sources from the
//! highest point down, doubles never moving a higher chequer after a lower
//! one, the list restarted whenever a play using more dice or pips turns
//! up), which decides ties when a database picks the first best move.

/// Chequers on points 1..=6 (index 0 = the ace point).
pub type Home = [u8; 6];

/// gnubg's rule for one die: a chequer on index `src` moves `die` pips;
/// bearing off needs an exact die or the highest chequer.
fn legal(home: &Home, src: usize, die: usize) -> bool {
    if src >= die {
        return true;
    }
    let back = home.iter().rposition(|&c| c > 0).unwrap_or(0);
    src == back || src + 1 == die
}

/// The generation state: results so far and the longest play seen.
struct List {
    results: Vec<Home>,
    max_dice: usize,
    max_pips: usize,
}

impl List {
    /// gnubg's `SaveMoves` with `fPartial` off.
    fn save(&mut self, dice: usize, pips: usize, home: &Home) {
        if dice < self.max_dice || pips < self.max_pips {
            return;
        }
        if dice > self.max_dice || pips > self.max_pips {
            self.results.clear();
        }
        self.max_dice = dice;
        self.max_pips = pips;
        if !self.results.contains(home) {
            self.results.push(*home);
        }
    }
}

/// gnubg's `GenerateMovesSub`: plays die `depth` from sources `top` down;
/// true when no chequer could move (the caller then saves its play).
fn sub(
    list: &mut List,
    roll: &[usize; 4],
    depth: usize,
    top: usize,
    pips: usize,
    home: &Home,
) -> bool {
    if depth > 3 || roll[depth] == 0 {
        return true;
    }
    let die = roll[depth];
    let mut used = false;
    for src in (0..=top).rev() {
        if home[src] == 0 || !legal(home, src, die) {
            continue;
        }
        let mut next = *home;
        next[src] -= 1;
        if src >= die {
            next[src - die] += 1;
        }
        let next_top = if roll[0] == roll[1] { src } else { 5 };
        if sub(list, roll, depth + 1, next_top, pips + die, &next) {
            list.save(depth + 1, pips + die, &next);
        }
        used = true;
    }
    !used
}

/// The distinct results of rolling `d0`, `d1` (1..=6) in gnubg's order;
/// empty when the side has no chequers.
pub fn bearoff_results(home: &Home, d0: u8, d1: u8) -> Vec<Home> {
    let (a, b) = (usize::from(d0), usize::from(d1));
    let double = if a == b { a } else { 0 };
    let mut list = List {
        results: Vec::new(),
        max_dice: 0,
        max_pips: 0,
    };
    sub(&mut list, &[a, b, double, double], 0, 5, 0, home);
    if a != b {
        sub(&mut list, &[b, a, 0, 0], 0, 5, 0, home);
    }
    list.results
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backgammon::Board;
    use std::collections::BTreeSet;

    #[test]
    fn same_results_as_the_move_generator() {
        // Every home board of up to 5 chequers and a sample of larger
        // ones, every roll: the same set of results as Board::legal_moves.
        let mut homes = Vec::new();
        for code in 0..6u32.pow(6) {
            let mut h = [0u8; 6];
            let mut c = code;
            for slot in &mut h {
                *slot = (c % 6) as u8;
                c /= 6;
            }
            let n: u32 = h.iter().map(|&x| u32::from(x)).sum();
            if n <= 5 || (n <= 15 && code % 97 == 0) {
                homes.push(h);
            }
        }
        for h in homes {
            let mut sides = [[0u8; 25]; 2];
            sides[1][..6].copy_from_slice(&h);
            let board = Board::new(sides).unwrap();
            for d0 in 1..=6u8 {
                for d1 in 1..=d0 {
                    let ours: BTreeSet<Home> = bearoff_results(&h, d0, d1).into_iter().collect();
                    let theirs: BTreeSet<Home> = board
                        .legal_moves(d0, d1)
                        .iter()
                        .map(|m| {
                            let mut r = [0u8; 6];
                            r.copy_from_slice(&m.result.side(1)[..6]);
                            r
                        })
                        .collect();
                    assert_eq!(ours, theirs, "{h:?} {d0}{d1}");
                }
            }
        }
    }
}
