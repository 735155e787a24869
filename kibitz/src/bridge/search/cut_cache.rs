//! A cache of refutations: for a situation at a node (who is to play,
//! the hand's cards, the trick so far), the card that last cut the search
//! off there. The search tries that card first, and builds and orders the
//! full move list only when it fails to cut. A wrong or stale entry costs
//! ordering quality only, never correctness (the card is checked to be
//! legal before it is played).
//!
//! The idea is macroxue's bridge-solver's cut-off cache; the keys
//! (`Searcher::cut_key`) and where it is used are our own choice, each
//! measured with callgrind on 6 seeded tables (6.04 G instructions
//! without the cache): used at every position of the trick 5.46 G, all
//! but the third hand 5.34 G, all but the third hand following suit
//! 5.19 G (the third hand's nodes are mostly all-nodes, where no card
//! cuts). Of the cut nodes that reach the move loop, the cached card
//! refuted 69% on lead, 88% at second hand and 91% at fourth hand
//! (20 seeded tables and solves, first draft). The card is played as the
//! top of its group of equivalent cards, as the move list would play it.
//!
//! The size matters little: on 80 seeded tables and solves, 2^11 to 2^16
//! entries are within 1.5% of each other in nodes, the fewest at 2^15
//! (145.3 M, against 147.2 M at 2^12), which also took 2% fewer
//! instructions on 6 tables and barely more first-level cache misses in
//! cachegrind's simulation (the 32 KB of 2^12 entries missed already,
//! sharing that cache with everything else). 2^15 entries take 256 KB.

/// Entries in the cache (a power of two).
const SIZE: usize = 1 << 15;

/// The refutation cache: direct-mapped, each entry a 32-bit check of its
/// key and the card (`suit << 4 | rank`, 0 when empty).
pub struct CutCache {
    entries: Vec<(u32, u8)>,
}

impl Default for CutCache {
    fn default() -> Self {
        CutCache {
            entries: vec![(0, 0); SIZE],
        }
    }
}

impl CutCache {
    /// The card stored under `key`, if any.
    #[inline]
    pub fn get(&self, key: u64) -> Option<(usize, u8)> {
        let (check, card) = self.entries[(key as usize) & (SIZE - 1)];
        (card != 0 && check == (key >> 32) as u32).then_some(((card >> 4) as usize, card & 15))
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.entries.fill((0, 0));
    }

    /// Stores `card` (suit, rank) under `key`.
    #[inline]
    pub fn put(&mut self, key: u64, suit: usize, rank: u8) {
        self.entries[(key as usize) & (SIZE - 1)] =
            ((key >> 32) as u32, ((suit as u8) << 4) | rank);
    }
}

/// Mixes `x` into a 64-bit key (a multiply-xorshift step).
#[inline]
pub fn mix(h: u64, x: u64) -> u64 {
    let v = (h ^ x).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    v ^ (v >> 29)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_checks_keys() {
        let mut c = CutCache::default();
        let k = mix(mix(0, 7), 9);
        assert_eq!(c.get(k), None);
        c.put(k, 3, 12);
        assert_eq!(c.get(k), Some((3, 12)));
        // Same slot, other check bits: no hit.
        assert_eq!(c.get(k ^ (1 << 40)), None);
        c.clear();
        assert_eq!(c.get(k), None);
    }
}
