//! Quick tricks: a sound lower bound on the tricks the side on lead can
//! cash at once from the leader's own top cards.
//!
//! Per suit, count the leader's cards that are the top present cards of the
//! suit. With a trump suit, a side suit counts only as many rounds as every
//! opponent holding a trump can follow; trumps themselves always count. The
//! suits can be cashed one after another without interfering: an opponent
//! who could ruff must follow in every round counted.

use super::moves::top;
use super::FULL;

/// Returns the quick tricks of `leader` and, per suit, the lowest rank
/// counted (the cards at and above it are what the bound relies on).
#[inline]
pub fn quick_tricks(
    hands: &[[u16; 4]; 4],
    removed: [u16; 4],
    trump: usize,
    leader: usize,
) -> (u32, [u16; 4]) {
    let lho = (leader + 1) & 3;
    let rho = (leader + 3) & 3;
    let mut total = 0;
    let mut ranks = [0u16; 4];
    for s in 0..4 {
        let h = hands[leader][s];
        if h == 0 {
            continue;
        }
        let mut present = FULL & !removed[s];
        let mut k = 0u32;
        let mut limit = 13u32;
        if trump < 4 && s != trump {
            for o in [lho, rho] {
                if hands[o][trump] != 0 {
                    limit = limit.min(hands[o][s].count_ones());
                }
            }
        }
        let mut lowest = 0u16;
        while present != 0 && k < limit {
            let t = top(present);
            if h & (1 << t) == 0 {
                break;
            }
            k += 1;
            lowest = 1 << t;
            present &= !(1 << t);
        }
        if k > 0 {
            ranks[s] = lowest;
            total += k;
        }
    }
    (total, ranks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_top_cards() {
        let mut hands = [[0u16; 4]; 4];
        hands[0][0] = (1 << 14) | (1 << 13) | (1 << 2);
        hands[1][0] = 1 << 12;
        hands[0][1] = 1 << 14;
        hands[1][1] = 1 << 3;
        let removed = [FULL & !(hands[0][0] | hands[1][0]), FULL & !(hands[0][1] | hands[1][1]), FULL, FULL];
        assert_eq!(quick_tricks(&hands, removed, 4, 0).0, 3);
        // East holds a trump (hearts) and one spade: only one spade round counts.
        assert_eq!(quick_tricks(&hands, removed, 1, 0).0, 2);
    }
}
