//! Seeded random legal backgammon positions (contact, bar, race, bearoff)
//! and match states, for the gnubg differential test, round trips and the
//! benchmark. Include with `#[path = ".../tests/support/bg_random.rs"]`
//! after `random.rs` is available as `super::random` or `crate::random`.
#![allow(dead_code)]

use kibitz::backgammon::{Board, GameState, MatchState, BAR};

use crate::random::Rng;

/// Places `n` chequers of side `s` on indices drawn by `pick`, skipping
/// points the other side holds.
fn place(
    rng: &mut Rng,
    c: &mut [[u32; 25]; 2],
    s: usize,
    n: usize,
    pick: &dyn Fn(&mut Rng) -> usize,
) {
    let mut placed = 0;
    let mut tries = 0;
    while placed < n && tries < 1000 {
        tries += 1;
        let i = pick(rng);
        if i < 24 && c[1 - s][23 - i] > 0 {
            continue;
        }
        c[s][i] += 1;
        placed += 1;
    }
}

/// How many chequers a side keeps on the board: usually 15.
fn on_board(rng: &mut Rng) -> usize {
    if rng.chance(0.7) {
        15
    } else {
        rng.range(1, 15) as usize
    }
}

/// A random legal position of one of several kinds: 0 contact, 1 contact
/// with chequers on the bar, 2 race, 3 bearoff (both sides home), 4 small
/// bearoff (at most 6 chequers each), 5 crashed-looking, 6 and 7 side 1
/// trapped behind (or on the bar against) a prime of 4 to 6 points, so
/// that often only one die or no die can be played.
pub fn random_board(rng: &mut Rng) -> Board {
    loop {
        let kind = rng.below(8);
        let mut c = [[0u32; 25]; 2];
        match kind {
            0 | 1 => {
                let bar = kind == 1;
                for s in [1, 0] {
                    let n = on_board(rng);
                    place(rng, &mut c, s, n, &|r: &mut Rng| {
                        if bar && r.chance(0.12) {
                            BAR
                        } else {
                            r.below(24)
                        }
                    });
                }
            }
            2 => {
                let k = rng.range(6, 17) as usize;
                let (n1, n0) = (on_board(rng), on_board(rng));
                place(rng, &mut c, 1, n1, &|r: &mut Rng| r.below(k + 1));
                place(rng, &mut c, 0, n0, &|r: &mut Rng| r.below(23 - k));
            }
            3 | 4 => {
                let max = if kind == 3 { 15 } else { 6 };
                for s in [1, 0] {
                    let n = rng.range(1, max) as usize;
                    place(rng, &mut c, s, n, &|r: &mut Rng| r.below(6));
                }
            }
            6 | 7 => {
                // Side 0's prime covers side 1's indices p..p+len.
                let len = rng.range(4, 6) as usize;
                // On the bar (kind 7), the prime sits on the entry points.
                let p = if kind == 7 {
                    24 - len - rng.below(2)
                } else {
                    rng.below(24 - len)
                };
                for j in p..p + len {
                    c[0][23 - j] = 2;
                }
                let rest = 15 - 2 * len;
                let n0 = rng.below(rest + 1);
                place(rng, &mut c, 0, n0, &|r: &mut Rng| r.below(25));
                let behind = rng.range(1, 4) as usize;
                let bar = kind == 7;
                place(rng, &mut c, 1, behind, &|r: &mut Rng| {
                    if bar || p + len > 23 {
                        BAR
                    } else {
                        p + len + r.below(24 - p - len)
                    }
                });
                let n1 = if rng.chance(0.5) {
                    rng.below(3)
                } else {
                    rng.below(16 - behind)
                };
                place(rng, &mut c, 1, n1, &|r: &mut Rng| r.below(p.max(1)));
            }
            _ => {
                let n1 = on_board(rng);
                place(rng, &mut c, 1, n1, &|r: &mut Rng| match r.below(10) {
                    0..=5 => r.below(3),
                    6 => BAR,
                    _ => r.below(24),
                });
                let n0 = on_board(rng);
                place(rng, &mut c, 0, n0, &|r: &mut Rng| r.below(24));
            }
        }
        if let Ok(b) = Board::from_counts(&c) {
            if rng.chance(0.5) {
                return b.swapped();
            }
            return b;
        }
    }
}

/// A random valid match state (money or match play up to 25 points; in
/// money play the scores are 0, as gnubg's cube info keeps them).
pub fn random_match_state(rng: &mut Rng) -> MatchState {
    let match_length = if rng.chance(0.3) {
        0
    } else {
        rng.range(1, 25) as u32
    };
    let score = if match_length == 0 {
        [0, 0]
    } else {
        [
            rng.below(match_length as usize) as u32,
            rng.below(match_length as usize) as u32,
        ]
    };
    let dice = if rng.chance(0.4) {
        [0, 0]
    } else {
        [rng.range(1, 6) as u8, rng.range(1, 6) as u8]
    };
    let owner = rng.range(-1, 1);
    MatchState {
        cube: 1 << rng.below(7),
        cube_owner: (owner >= 0).then_some(owner as u8),
        dice_owner: rng.below(2) as u8,
        crawford: match_length > 0 && rng.chance(0.3),
        game_state: GameState::from_code(rng.below(5) as u32).unwrap(),
        turn: rng.below(2) as u8,
        doubled: rng.chance(0.3),
        resigned: rng.below(4) as u8,
        dice,
        match_length,
        score,
        jacoby: match_length == 0 && rng.chance(0.5),
    }
}
