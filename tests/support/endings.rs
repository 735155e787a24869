//! Seeded random endings for the soundness net: 2 to 9 cards a hand, any
//! strain and leader, 0 to 3 cards already played to the current trick,
//! and half of them skewed (long suits, voids, a side holding the top
//! cards of a suit). Plain integers in DDS encoding, as in `random.rs`.
#![allow(dead_code)]

use super::random::{card_count, Holdings, Position, Rng};

/// A random ending of `n` cards a hand before the cards of the current
/// trick are played; `skewed` biases the holdings.
pub fn ending(rng: &mut Rng, n: usize, skewed: bool) -> Position {
    let hands = if skewed {
        skewed_hands(rng, n)
    } else {
        uniform_hands(rng, n)
    };
    // No trump twice as often as each suit: its shortcuts are the subtler.
    let trump = if rng.chance(1.0 / 3.0) {
        4
    } else {
        rng.range(0, 3)
    };
    let first = rng.range(0, 3);
    let mut pos = Position {
        trump,
        first,
        trick: Vec::new(),
        remain: hands,
    };
    // Cards of the current trick, each legal (following suit when able).
    let played = rng.below(4);
    for _ in 0..played {
        pos.play_random_card(rng);
    }
    debug_assert_eq!(card_count(&pos.remain) as usize + played, 4 * n);
    pos
}

/// `n` cards a hand drawn uniformly from the pack.
fn uniform_hands(rng: &mut Rng, n: usize) -> Holdings {
    let mut cards: Vec<usize> = (0..52).collect();
    rng.shuffle(&mut cards);
    let mut h = [[0u32; 4]; 4];
    for (i, c) in cards[..4 * n].iter().enumerate() {
        h[i / n][c / 13] |= 1 << (c % 13 + 2);
    }
    h
}

/// `n` cards a hand with biased suits: each hand favours some suits and
/// avoids others, often one side holds the top cards of a suit, and often
/// both hands of a side are long in one suit (where entries and blocked
/// suits decide).
fn skewed_hands(rng: &mut Rng, n: usize) -> Holdings {
    let mut h = [[0u32; 4]; 4];
    let mut free = [0x7ffcu32; 4];
    let mut need = [n; 4];
    if rng.chance(0.5) {
        // A suit both hands of a side hold 2 to 6 cards of, often with
        // its top cards among them.
        let s = rng.below(4);
        let side = rng.below(2);
        let mut ranks: Vec<u32> = (2..=14).collect();
        rng.shuffle(&mut ranks);
        if rng.chance(0.6) {
            let tops = 1 + rng.below(3);
            ranks.sort_by_key(|&r| if r > 14 - tops as u32 { 0 } else { 1 });
        }
        let lens = [2 + rng.below(5), 2 + rng.below(5)];
        let lens = [lens[0].min(need[side]), lens[1].min(need[side + 2])];
        let mut set: Vec<u32> = ranks[..lens[0] + lens[1]].to_vec();
        rng.shuffle(&mut set);
        for (i, r) in set.into_iter().enumerate() {
            let hand = if i < lens[0] { side } else { side + 2 };
            h[hand][s] |= 1 << r;
            free[s] &= !(1 << r);
            need[hand] -= 1;
        }
    }
    if rng.chance(0.4) {
        // A side holds the top 1..=4 cards of a suit.
        let s = rng.below(4);
        let side = rng.below(2);
        let tops = 1 + rng.below(4);
        for k in 0..tops {
            let r = 14 - k;
            if free[s] & (1 << r) == 0 {
                continue;
            }
            let mut hand = side + 2 * rng.below(2);
            if need[hand] == 0 {
                hand ^= 2;
            }
            if need[hand] == 0 {
                break;
            }
            h[hand][s] |= 1 << r;
            free[s] &= !(1 << r);
            need[hand] -= 1;
        }
    }
    for hand in 0..4 {
        // Weights: a void (0), a usual suit (1) or a long suit (6).
        let mut w: [u32; 4] = std::array::from_fn(|_| match rng.below(6) {
            0 => 0,
            1 | 2 => 6,
            _ => 1,
        });
        while need[hand] > 0 {
            let avail: Vec<usize> = (0..4).filter(|&s| free[s] != 0).collect();
            let total: u32 = avail.iter().map(|&s| w[s]).sum();
            let s = if total == 0 {
                avail[rng.below(avail.len())]
            } else {
                let mut x = rng.below(total as usize) as u32;
                let mut pick = avail[0];
                for &s in &avail {
                    if x < w[s] {
                        pick = s;
                        break;
                    }
                    x -= w[s];
                }
                pick
            };
            let ranks: Vec<u32> = (2..=14).filter(|r| free[s] & (1 << r) != 0).collect();
            let r = ranks[rng.below(ranks.len())];
            h[hand][s] |= 1 << r;
            free[s] &= !(1 << r);
            need[hand] -= 1;
            if free[s] == 0 {
                w[s] = 0;
            }
        }
    }
    h
}
