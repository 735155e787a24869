//! Transposition table with rank generalisation (partition search).
//!
//! Positions are stored only at trick boundaries. A position is keyed by the
//! hand on lead and the exact suit lengths of all four hands (the *bucket*),
//! and inside a bucket by the owners of the remaining cards in rank order.
//! An entry records, per suit, how many of the highest remaining cards matter
//! (`ks[s]`); lower cards only matter through the suit lengths already in the
//! bucket key. One entry therefore answers for every position that agrees on
//! those top cards, as in DDS's "lowest winning rank" scheme.
//!
//! Owner patterns are `u32` per suit: the owner (seat index, 2 bits) of the
//! i-th highest remaining card sits at bits `24 - 2i ..= 25 - 2i`.
//!
//! Bounds are on the number of tricks North-South take from this position on.
//!
//! Layout: the buckets sit inside the slots of an open-addressing table
//! keyed by the bucket key (`BucketMap`: key and bucket side by side, no
//! second vector to index); a bucket is a vector of [`Entry`] plus, once it
//! outgrows a direct scan, an owner index that skips most entries.

/// The owner bits of the top `k` cards of a suit pattern.
#[inline]
#[cfg(test)]
pub fn top_mask(k: u8) -> u32 {
    TOP_MASKS[k as usize & 15]
}

/// Deletes the owner field of the `i`-th highest card from a suit pattern
/// (the card has left play): the lower cards move up one place.
#[inline]
pub fn delete_field(word: u32, i: u32) -> u32 {
    let (high, low) = DELETE_MASKS[i as usize & 15];
    (word & high) | ((word & low) << 2)
}

/// For [`delete_field`]'s field `i`: the owner bits above it and below it
/// (looked up: shifts by a variable amount cost more on baseline x86-64).
static DELETE_MASKS: [(u32, u32); 16] = {
    let mut t = [(0u32, 0u32); 16];
    let mut i = 0;
    while i < 13 {
        let shift = 24 - 2 * i;
        t[i] = (!0u32 << (shift + 2), (1u32 << shift) - 1);
        i += 1;
    }
    t
};

/// Packs four per-suit words into one 128-bit word (suit `s` in bits `32s..`).
#[inline]
pub fn pack(words: &[u32; 4]) -> Pattern {
    Pattern([
        words[0] as u64 | (words[1] as u64) << 32,
        words[2] as u64 | (words[3] as u64) << 32,
    ])
}

/// Owner bits of all four suits packed in two words (8-byte aligned, so an
/// entry takes 24 bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pattern(pub [u64; 2]);

impl Pattern {
    /// Bitwise and.
    #[inline]
    pub fn and(self, other: Pattern) -> Pattern {
        Pattern([self.0[0] & other.0[0], self.0[1] & other.0[1]])
    }
}

/// One stored result (24 bytes: the mask of relevant owner bits is not
/// stored but rebuilt from `ks`, so more entries share a cache line).
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// Owner pattern of the relevant top cards, all suits packed (masked).
    pub owners: Pattern,
    /// How many top cards per suit are relevant, two suits a byte (suit
    /// `2i` in the low nibble of byte `i`): see [`Entry::ks`].
    kp: [u8; 2],
    /// Lower bound on North-South tricks from here.
    pub lb: u8,
    /// Upper bound on North-South tricks from here.
    pub ub: u8,
    /// Best move found (suit << 4 | rank), or 0 for none.
    pub best: u8,
}

/// [`top_mask`] for every `k` 0..=13 (a look-up: it runs on every
/// candidate entry of a probe).
static TOP_MASKS: [u32; 16] = {
    let mut t = [0u32; 16];
    let mut k = 1;
    while k < 14 {
        t[k] = (!0u32 << (26 - 2 * k)) & 0x03ff_ffff;
        k += 1;
    }
    t
};

/// For a byte holding the `ks` of two suits (a nibble each), the owner
/// bits of their top cards in one packed word (a look-up: it runs on
/// every candidate entry of a probe).
static PAIR_MASKS: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = TOP_MASKS[i & 15] as u64 | (TOP_MASKS[i >> 4] as u64) << 32;
        i += 1;
    }
    t
};

/// `ks` packed two suits a byte, as [`Entry`] keeps it.
#[inline]
fn pack_ks(ks: [u8; 4]) -> [u8; 2] {
    [ks[0] | ks[1] << 4, ks[2] | ks[3] << 4]
}

/// The mask of the owner bits of the top `ks[s]` cards of each suit, from
/// `ks` packed by [`pack_ks`].
#[inline]
fn mask_of(kp: [u8; 2]) -> Pattern {
    Pattern([PAIR_MASKS[kp[0] as usize], PAIR_MASKS[kp[1] as usize]])
}

impl Entry {
    /// How many top cards per suit are relevant.
    #[inline]
    pub fn ks(&self) -> [u8; 4] {
        let [a, b] = self.kp;
        [a & 15, a >> 4, b & 15, b >> 4]
    }

    /// True if the position with owner pattern `pattern` matches this entry.
    #[inline]
    pub fn matches(&self, pattern: Pattern) -> bool {
        let mask = mask_of(self.kp);
        (pattern.0[0] & mask.0[0]) == self.owners.0[0]
            && (pattern.0[1] & mask.0[1]) == self.owners.0[1]
    }
}

/// Buckets of at most this many entries have no owner index: a probe
/// scans them directly.
const SMALL_BUCKET: usize = 16;

/// Most entries kept in one bucket; further ones overwrite in turn.
const BUCKET_CAP: usize = 1500;

/// The entries of one bucket, with an index that lets a look-up skip most
/// entries that cannot match: bit `i % 64` of word `16 * (i / 64) + 4 * s + o`
/// of `fits` is set when entry `i` allows owner `o` for the highest card of
/// suit `s` (it ignores the suit, or that card is `o`'s). A look-up ands
/// the four words of its own top-card owners and checks only the entries
/// left, newest first, as a plain scan would.
#[derive(Default)]
struct Bucket {
    entries: Vec<Entry>,
    fits: Vec<u64>,
}

/// The owner of the highest remaining card of each suit in `pattern`.
#[inline]
fn top_owners(pattern: Pattern) -> [usize; 4] {
    let w = |x: u64, shift: u32| ((x >> shift) & 3) as usize;
    [
        w(pattern.0[0], 24),
        w(pattern.0[0], 56),
        w(pattern.0[1], 24),
        w(pattern.0[1], 56),
    ]
}

impl Bucket {
    /// Records in the index which top-card owners entry `i` allows;
    /// `fresh`: the slot was never used (its index bits are still clear).
    #[inline]
    fn index(&mut self, i: usize, fresh: bool) {
        let base = 16 * (i / 64);
        if self.fits.len() < base + 16 {
            self.fits.resize(base + 16, 0);
        }
        let shift = i % 64;
        let e = &self.entries[i];
        let owners = top_owners(e.owners);
        let ks = e.ks();
        let words = &mut self.fits[base..base + 16];
        if fresh {
            // A new slot's bits are all clear: only set the allowed ones.
            for s in 0..4 {
                if ks[s] == 0 {
                    for w in &mut words[4 * s..4 * s + 4] {
                        *w |= 1 << shift;
                    }
                } else {
                    words[4 * s + owners[s]] |= 1 << shift;
                }
            }
            return;
        }
        for s in 0..4 {
            // Bit o of `allowed`: owner o of the top card fits.
            let allowed: u64 = if ks[s] == 0 { 0b1111 } else { 1 << owners[s] };
            for o in 0..4 {
                let w = &mut words[4 * s + o];
                *w = (*w & !(1 << shift)) | (((allowed >> o) & 1) << shift);
            }
        }
    }
}

/// The buckets of a table by key, held in the slots of an open-addressing
/// table with linear probing: a power-of-two array of (key, bucket), 56
/// bytes a slot, at most half full. A look-up finds the bucket's vectors
/// in the slot whose key it compared, instead of following a bucket number
/// into a second vector (4 seeded tables: -0.4% instructions, peak RSS on
/// `largest.txt` 36 MB -> 40 MB). [`EMPTY`] marks a free slot; no bucket
/// key takes that value (its top four bits hold the leader, 0..=3).
///
/// A clear visits only the slots in use (listed as they are taken): the
/// slot array keeps the size of the largest table so far, and scanning
/// all of it took 0.1 ms per clear after a large deal even when the next
/// ones were small (0.006 ms now).
///
/// A clear keeps the slots and, as spares, the entry vectors of the small
/// buckets (most of them): the next strain's buckets start in those
/// instead of in the allocator (-0.7% / -0.9% instructions, peak RSS on
/// `largest.txt` 40 MB -> 44 MB; keeping every bucket's vectors took it
/// to 217 MB, keeping those of up to 64 entries to 73 MB for 0.1% more).
/// The table is made at its first size with the map, so a look-up needs
/// no test for an empty table, and the hash's shift is kept (-0.35%).
/// Measured and left out: slots aligned to a cache line each (+0.06%),
/// keys and buckets in two parallel arrays (+0.2%), a table at most a
/// quarter full (no gain) or three quarters full (+0.07%).
struct BucketMap {
    slots: Vec<(u64, Bucket)>,
    /// 64 minus the base-2 logarithm of the number of slots: a key's
    /// hash shifted right by this much is its home slot.
    shift: u32,
    /// Emptied entry vectors of small buckets from before the last clear,
    /// handed to new buckets (saves the allocator's work at each clear).
    spare: Vec<Vec<Entry>>,
    /// The slots in use (their number keeps the table at most half
    /// full), so that a clear visits only those.
    used: Vec<u32>,
}

/// On a clear, the entry vectors of at most this capacity are kept for
/// reuse (larger ones are freed, so the memory kept stays small).
const SPARE_CAP: usize = SMALL_BUCKET;

/// The key of a free [`BucketMap`] slot.
const EMPTY: u64 = u64::MAX;

/// Slots of a new [`BucketMap`] (a power of two).
const FIRST_SLOTS: usize = 1024;

/// A free slot.
fn free_slot() -> (u64, Bucket) {
    (EMPTY, Bucket::default())
}

impl BucketMap {
    /// An empty map of [`FIRST_SLOTS`] slots.
    fn new() -> BucketMap {
        let mut slots = Vec::new();
        slots.resize_with(FIRST_SLOTS, free_slot);
        BucketMap {
            slots,
            shift: 64 - FIRST_SLOTS.trailing_zeros(),
            spare: Vec::new(),
            used: Vec::new(),
        }
    }

    /// The slot holding `key`, or the free slot where it would go, in a
    /// table of `slots.len()` slots (a power of two, at most half full,
    /// `shift` as in [`BucketMap`]). The home slot is the top bits of a
    /// multiplicative hash: they depend on every bit of the key, where the
    /// middle bits used before ignored the key's top bits (the leader's
    /// among them), so that the four leaders of one set of lengths shared
    /// a home and probes ran long (-0.9% / -1.1% instructions).
    #[inline]
    fn slot(slots: &[(u64, Bucket)], shift: u32, key: u64) -> usize {
        let mut i = (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> shift) as usize;
        while slots[i].0 != key && slots[i].0 != EMPTY {
            i = (i + 1) & (slots.len() - 1);
        }
        i
    }

    /// The bucket of `key`, if any.
    #[inline]
    fn get(&self, key: u64) -> Option<&Bucket> {
        let (k, b) = &self.slots[Self::slot(&self.slots, self.shift, key)];
        (*k == key).then_some(b)
    }

    /// The bucket of `key`, created empty if there is none.
    fn get_or_insert(&mut self, key: u64) -> &mut Bucket {
        if 2 * (self.used.len() + 1) > self.slots.len() {
            self.grow();
        }
        let i = Self::slot(&self.slots, self.shift, key);
        if self.slots[i].0 == EMPTY {
            self.slots[i].0 = key;
            self.slots[i].1.entries = self.spare.pop().unwrap_or_default();
            self.used.push(i as u32);
        }
        &mut self.slots[i].1
    }

    /// Doubles the table and moves the buckets.
    fn grow(&mut self) {
        let mut slots = Vec::new();
        slots.resize_with(2 * self.slots.len(), free_slot);
        let old = std::mem::replace(&mut self.slots, slots);
        self.shift -= 1;
        self.used.clear();
        for (k, b) in old {
            if k != EMPTY {
                let i = Self::slot(&self.slots, self.shift, k);
                self.slots[i] = (k, b);
                self.used.push(i as u32);
            }
        }
    }

    /// Empties every bucket (the table keeps its size); the entry vectors
    /// of small ones are kept as spares.
    fn clear(&mut self) {
        for &i in &self.used {
            let (k, b) = &mut self.slots[i as usize];
            *k = EMPTY;
            let mut entries = std::mem::take(b).entries;
            if entries.capacity() <= SPARE_CAP {
                entries.clear();
                self.spare.push(entries);
            }
        }
        self.used.clear();
    }
}

/// The transposition table of one solver.
pub struct TransTable {
    map: BucketMap,
    entries: usize,
    max_entries: usize,
    replace: usize,
}

/// The bucket key: suit lengths (4 bits each, 16 of them) plus the leader.
/// Sixteen lengths fill 64 bits, so the leader is folded into the unused
/// top length: the clubs length of West is implied by the others.
#[inline]
pub fn bucket_key(lengths: u64, leader: usize) -> u64 {
    (lengths & 0x0fff_ffff_ffff_ffff) | ((leader as u64) << 60)
}

impl TransTable {
    /// A table holding at most `max_entries` entries before it is cleared.
    pub fn new(max_entries: usize) -> TransTable {
        TransTable {
            map: BucketMap::new(),
            entries: 0,
            max_entries,
            replace: 0,
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.map.clear();
        self.entries = 0;
    }

    /// The most entries kept before the table is cleared.
    pub fn capacity(&self) -> usize {
        self.max_entries
    }

    /// Number of stored entries.
    pub fn len(&self) -> usize {
        self.entries
    }

    /// The entries of a bucket.
    #[cfg(test)]
    pub fn bucket(&self, key: u64) -> &[Entry] {
        self.map
            .get(key)
            .map(|b| b.entries.as_slice())
            .unwrap_or(&[])
    }

    /// Looks up the position `pattern` of bucket `key` for the question
    /// "can North-South take `need` more tricks?": the newest matching
    /// entry whose bounds decide it, if any.
    #[inline]
    pub fn probe(&self, key: u64, pattern: Pattern, need: i32) -> Option<&Entry> {
        let b = self.map.get(key)?;
        if b.entries.len() <= SMALL_BUCKET {
            // No index yet: the few entries are scanned directly, newest
            // first (one memory access fewer than through the index).
            return b
                .entries
                .iter()
                .rev()
                .find(|e| e.matches(pattern) && (e.lb as i32 >= need || (e.ub as i32) < need));
        }
        let o = top_owners(pattern);
        for (w, f) in b.fits.chunks_exact(16).enumerate().rev() {
            let mut fit = f[o[0]] & f[4 + o[1]] & f[8 + o[2]] & f[12 + o[3]];
            while fit != 0 {
                let bit = 63 - fit.leading_zeros() as usize;
                fit &= !(1 << bit);
                let Some(e) = b.entries.get(64 * w + bit) else {
                    continue;
                };
                if !e.matches(pattern) {
                    continue;
                }
                if e.lb as i32 >= need || (e.ub as i32) < need {
                    return Some(e);
                }
            }
        }
        None
    }

    /// Stores a bound for the position `pattern` generalised to `ks`.
    pub fn store(&mut self, key: u64, pattern: Pattern, ks: [u8; 4], lb: u8, ub: u8, best: u8) {
        if self.entries >= self.max_entries {
            self.clear();
        }
        let kp = pack_ks(ks);
        let owners = pattern.and(mask_of(kp));
        let bucket = self.map.get_or_insert(key);
        // Results are appended without looking for an earlier entry of the
        // same position: the look-up cost more than the duplicates it saved
        // (measured with callgrind on 10 deals: -0.9% instructions for
        // `SolveBoard`, -0.7% for `CalcDDtable`, no more nodes), and a probe
        // finds the newest entry first anyway.
        let entry = Entry {
            owners,
            kp,
            lb,
            ub,
            best,
        };
        let fresh = bucket.entries.len() < BUCKET_CAP;
        let i = if fresh {
            bucket.entries.push(entry);
            self.entries += 1;
            bucket.entries.len() - 1
        } else {
            self.replace = (self.replace + 1) % BUCKET_CAP;
            bucket.entries[self.replace] = entry;
            self.replace
        };
        let len = bucket.entries.len();
        if len <= SMALL_BUCKET {
            // Small buckets have no index (see `probe`).
        } else if len == SMALL_BUCKET + 1 && fresh {
            // The bucket outgrows the direct scan: index every entry.
            for j in 0..=i {
                bucket.index(j, true);
            }
        } else {
            bucket.index(i, fresh);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks() {
        assert_eq!(top_mask(0), 0);
        assert_eq!(top_mask(1), 0x0300_0000);
        assert_eq!(top_mask(13), 0x03ff_ffff);
    }

    #[test]
    fn delete_fields() {
        // Owners 1, 2, 3 of the three highest cards.
        let w = (1 << 24) | (2 << 22) | (3 << 20);
        assert_eq!(delete_field(w, 0), (2 << 24) | (3 << 22));
        assert_eq!(delete_field(w, 1), (1 << 24) | (3 << 22));
        assert_eq!(delete_field(w, 2), (1 << 24) | (2 << 22));
        assert_eq!(delete_field(w, 12), w);
    }

    #[test]
    fn generalised_match() {
        let mut tt = TransTable::new(100);
        let pattern = pack(&[0x0100_0000, 0, 0, 0]);
        tt.store(7, pattern, [1, 0, 0, 0], 3, 5, 0);
        let other = pack(&[0x0140_0000, 0x3, 0, 0]);
        assert!(tt.bucket(7)[0].matches(other));
        assert!(!tt.bucket(7)[0].matches(pack(&[0x0200_0000, 0, 0, 0])));
        // A second result for the same position is a second entry; a probe
        // finds the newest one that decides first, so both facts serve.
        tt.store(7, pattern, [1, 0, 0, 0], 4, 6, 0);
        assert_eq!(tt.bucket(7).len(), 2);
        assert_eq!(tt.probe(7, pattern, 4).map(|e| (e.lb, e.ub)), Some((4, 6)));
        assert_eq!(tt.probe(7, pattern, 6).map(|e| (e.lb, e.ub)), Some((3, 5)));
        assert_eq!(tt.probe(7, pattern, 5).map(|e| (e.lb, e.ub)), None);
        assert!(tt.bucket(8).is_empty());
    }

    #[test]
    fn probe_uses_the_owner_index() {
        let mut tt = TransTable::new(1000);
        // Top spade (suit 0) held by East (1), relevant: NS take 3..=5.
        let east_top = pack(&[0x0100_0000, 0, 0, 0]);
        tt.store(1, east_top, [1, 0, 0, 0], 3, 5, 0);
        // A wildcard entry that decides nothing.
        tt.store(1, east_top, [0, 0, 0, 0], 0, 13, 0x2e);
        let south_top = pack(&[0x0200_0000, 0, 0, 0]);
        assert_eq!(tt.probe(1, south_top, 4).map(|e| e.lb), None);
        let hit = tt.probe(1, east_top, 6);
        assert_eq!(hit.map(|e| (e.lb, e.ub)), Some((3, 5)));
        assert!(tt.probe(1, east_top, 4).is_none());
        // Past 64 entries the index spans several words; each entry is
        // still found, and only by its own owners.
        for i in 0..150u32 {
            let owners = ((i % 4) << 24) | ((i / 4) % 4) << 22 | (i / 16) << 10;
            tt.store(
                2,
                pack(&[owners, 0, 0, 0]),
                [8, 0, 0, 0],
                i as u8 % 13,
                13,
                0,
            );
        }
        for i in 0..150u32 {
            let owners = ((i % 4) << 24) | ((i / 4) % 4) << 22 | (i / 16) << 10;
            let hit = tt.probe(2, pack(&[owners, 0, 0, 0]), 0);
            assert_eq!(hit.map(|e| e.owners), Some(pack(&[owners, 0, 0, 0])));
        }
        assert_eq!(tt.len(), 152);
    }

    /// The bucket index grows past its first size and keeps every key
    /// findable; a clear forgets them all and the index is reused.
    #[test]
    fn bucket_map_grows_and_clears() {
        let mut m = BucketMap::new();
        let key = |i: u64| (i * 0x1_0001) & 0x0fff_ffff_ffff_ffff | (i % 4) << 60;
        for round in 0..2 {
            for i in 0..3000 {
                m.get_or_insert(key(i)).fits.push(i);
            }
            for i in 0..3000 {
                assert_eq!(m.get(key(i)).map(|b| b.fits[0]), Some(i), "round {round}");
            }
            assert!(m.get(key(3000)).is_none());
            m.clear();
            assert!(m.get(key(7)).is_none());
        }
    }

    /// A clear keeps the entry vectors of small buckets (not of large
    /// ones) as spares, and new buckets start in them, empty.
    #[test]
    fn clear_keeps_small_entry_vectors() {
        let mut m = BucketMap::new();
        let e = Entry {
            owners: Pattern([0, 0]),
            kp: [0, 0],
            lb: 0,
            ub: 13,
            best: 0,
        };
        m.get_or_insert(1).entries.push(e);
        m.get_or_insert(2).entries.extend([e; 2 * SPARE_CAP]);
        m.clear();
        assert_eq!(m.spare.len(), 1);
        assert!(m.get(1).is_none() && m.get(2).is_none());
        let b = m.get_or_insert(3);
        assert!(b.entries.is_empty() && b.entries.capacity() > 0);
        assert!(m.spare.is_empty());
    }

    /// A full bucket overwrites its oldest slots in turn, the first (once
    /// unindexed) slots too: the index follows every overwrite.
    #[test]
    fn full_bucket_overwrites_and_reindexes() {
        let mut tt = TransTable::new(10_000);
        let owners = |i: u32| pack(&[(i % 4) << 24 | (i / 4) << 2, 0, 0, 0]);
        let total = BUCKET_CAP as u32 + 20;
        for i in 0..total {
            tt.store(3, owners(i), [13, 0, 0, 0], 5, 5, 0);
        }
        assert_eq!(tt.bucket(3).len(), BUCKET_CAP);
        // The last 20 entries replaced slots 1..=20; the first 21 stored are gone.
        for i in 0..total {
            let found = tt.probe(3, owners(i), 5).is_some();
            assert_eq!(found, !(1..=20).contains(&i), "entry {i}");
        }
    }
}
