//! A tiny multiplicative hasher for hash maps keyed by integers or by
//! short arrays that are already well mixed (Zobrist keys, packed search
//! states). It is much faster than the standard SipHash and, like any
//! unkeyed hash, is meant for the library's own keys, not for input an
//! adversary chooses.

use std::hash::{BuildHasherDefault, Hasher};

/// The hasher: rotate, xor the next word in, multiply.
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

/// The `BuildHasher` for maps and sets using [`KeyHasher`].
pub type KeyBuild = BuildHasherDefault<KeyHasher>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::BuildHasher;

    #[test]
    fn bytes_and_words_hash_alike() {
        let b = KeyBuild::default();
        let mut h = b.build_hasher();
        h.write(&[1, 2]);
        let mut g = b.build_hasher();
        g.write_u64(1);
        g.write_u64(2);
        assert_eq!(h.finish(), g.finish());
        assert_ne!(b.hash_one(1u64), b.hash_one(2u64));
    }
}
