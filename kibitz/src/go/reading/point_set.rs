//! A set of padded board points as a fixed bit set, for the reader's
//! strings: a 19x19 board with its border ring has 21 x 21 = 441 points,
//! which fit in seven 64-bit words. Iteration is in increasing point
//! order, so the stones and liberties the reader lists come out sorted.

/// The words of a set: enough for the largest padded board.
const WORDS: usize = 7;

/// The largest padded point a set holds, plus one.
pub const CAPACITY: usize = WORDS * 64;

/// A set of padded points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PointSet([u64; WORDS]);

impl PointSet {
    /// The set holding `p` alone.
    pub fn single(p: usize) -> PointSet {
        let mut s = PointSet::default();
        s.insert(p);
        s
    }

    /// Adds `p`.
    pub fn insert(&mut self, p: usize) {
        self.0[p / 64] |= 1 << (p % 64);
    }

    /// Removes `p`.
    pub fn remove(&mut self, p: usize) {
        self.0[p / 64] &= !(1 << (p % 64));
    }

    /// Adds `p` if absent, removes it if present.
    pub fn flip(&mut self, p: usize) {
        self.0[p / 64] ^= 1 << (p % 64);
    }

    /// True when `p` is in the set.
    pub fn contains(&self, p: usize) -> bool {
        self.0[p / 64] >> (p % 64) & 1 == 1
    }

    /// The number of points.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// True when the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Adds every point of `other`.
    pub fn union_with(&mut self, other: &PointSet) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a |= b;
        }
    }

    /// The smallest point, if any.
    pub fn first(&self) -> Option<usize> {
        self.0
            .iter()
            .position(|&w| w != 0)
            .map(|i| i * 64 + self.0[i].trailing_zeros() as usize)
    }

    /// The points next to a point of the set (up, down, left, right on a
    /// board of row length `stride` < 64), the set's own points included
    /// when they neighbour each other. Points beyond the capacity drop.
    pub fn neighbours(&self, stride: usize) -> PointSet {
        debug_assert!(stride > 0 && stride < 64);
        let w = &self.0;
        let mut out = [0u64; WORDS];
        for n in [1, stride] {
            for (i, o) in out.iter_mut().enumerate() {
                let below = if i > 0 { w[i - 1] >> (64 - n) } else { 0 };
                let above = if i + 1 < WORDS {
                    w[i + 1] << (64 - n)
                } else {
                    0
                };
                *o |= (w[i] << n | below) | (w[i] >> n | above);
            }
        }
        PointSet(out)
    }

    /// Keeps only the points also in `other`.
    pub fn retain_in(&mut self, other: &PointSet) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a &= b;
        }
    }

    /// Removes every point of `other`.
    pub fn remove_all(&mut self, other: &PointSet) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a &= !b;
        }
    }

    /// The points in increasing order.
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            words: &self.0,
            word: 0,
            bits: self.0[0],
        }
    }
}

/// The points of a [`PointSet`] in increasing order.
pub struct Iter<'a> {
    words: &'a [u64; WORDS],
    word: usize,
    bits: u64,
}

impl Iterator for Iter<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        while self.bits == 0 {
            self.word += 1;
            if self.word == WORDS {
                // Stay at the end on later calls.
                self.word = WORDS - 1;
                return None;
            }
            self.bits = self.words[self.word];
        }
        let p = self.word * 64 + self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        Some(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_remove_iterate_in_order() {
        let mut s = PointSet::single(300);
        for p in [440, 5, 64, 63, 127] {
            s.insert(p);
        }
        s.remove(127);
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![5, 63, 64, 300, 440]);
        assert_eq!(s.len(), 5);
        assert_eq!(s.first(), Some(5));
        assert!(s.contains(64) && !s.contains(65));
        let mut t = PointSet::single(6);
        t.union_with(&s);
        assert_eq!(t.len(), 6);
        assert!(PointSet::default().is_empty() && PointSet::default().first().is_none());
    }

    #[test]
    fn neighbours_cross_word_boundaries() {
        // Stride 21: 63's neighbours 42, 62, 64, 84; 300's 279, 299, 301, 321.
        let mut s = PointSet::single(63);
        s.insert(300);
        let n = s.neighbours(21);
        assert_eq!(
            n.iter().collect::<Vec<_>>(),
            vec![42, 62, 64, 84, 279, 299, 301, 321]
        );
        let mut m = n;
        m.remove_all(&PointSet::single(64));
        assert_eq!(m.len(), 7);
        // The last word's top bits fall off rather than wrap.
        assert_eq!(PointSet::single(CAPACITY - 1).neighbours(21).len(), 2);
    }
}
