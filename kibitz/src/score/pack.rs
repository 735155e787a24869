//! Scores in bit fields of any width from 2 to 32 bits: two's complement
//! with sign extension by XOR and subtract (`(x ^ m) - m`, `m` the sign
//! bit), or offset ("biased") storage as Crafty keeps its 17-bit values.

/// A signed bit field of `bits` bits, `2 <= bits <= 32`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BitField {
    bits: u32,
}

impl BitField {
    /// The field of `bits` bits; `None` outside `2..=32`.
    pub const fn new(bits: u32) -> Option<BitField> {
        if bits >= 2 && bits <= 32 {
            Some(BitField { bits })
        } else {
            None
        }
    }

    /// The width in bits.
    pub const fn bits(self) -> u32 {
        self.bits
    }

    /// The mask of the field's bits.
    pub const fn mask(self) -> u32 {
        u32::MAX >> (32 - self.bits)
    }

    /// The sign bit (`0x4000` for 15 bits).
    pub const fn sign_bit(self) -> u32 {
        1 << (self.bits - 1)
    }

    /// The smallest value the field holds, `-2^(bits-1)`.
    pub const fn min(self) -> i32 {
        (-(1i64 << (self.bits - 1))) as i32
    }

    /// The largest value the field holds, `2^(bits-1) - 1`.
    pub const fn max(self) -> i32 {
        ((1i64 << (self.bits - 1)) - 1) as i32
    }

    /// `v` saturated to `min()..=max()`, as a two's complement field (the
    /// bits above the field are zero).
    pub const fn pack(self, v: i32) -> u32 {
        let v = super::value::clamp(v, self.min(), self.max());
        (v as u32) & self.mask()
    }

    /// The value of field `u` with its sign extended (bits of `u` above
    /// the field are ignored).
    pub const fn unpack(self, u: u32) -> i32 {
        let m = self.sign_bit();
        ((u & self.mask()) ^ m).wrapping_sub(m) as i32
    }

    /// `v` saturated to `min()..=max()` and stored with offset `2^(bits-1)`,
    /// so the field is an unsigned number (`0` is the minimum).
    pub const fn pack_offset(self, v: i32) -> u32 {
        let v = super::value::clamp(v, self.min(), self.max());
        (v as u32).wrapping_add(self.sign_bit()) & self.mask()
    }

    /// The value of an offset field (bits above the field are ignored).
    pub const fn unpack_offset(self, u: u32) -> i32 {
        (u & self.mask()).wrapping_sub(self.sign_bit()) as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths() {
        assert_eq!(BitField::new(1), None);
        assert_eq!(BitField::new(33), None);
        let f = BitField::new(15).unwrap();
        assert_eq!((f.bits(), f.mask(), f.sign_bit()), (15, 0x7fff, 0x4000));
        assert_eq!((f.min(), f.max()), (-16384, 16383));
        let f = BitField::new(32).unwrap();
        assert_eq!((f.mask(), f.sign_bit()), (u32::MAX, 0x8000_0000));
        assert_eq!((f.min(), f.max()), (i32::MIN, i32::MAX));
        let f = BitField::new(2).unwrap();
        assert_eq!((f.min(), f.max(), f.mask()), (-2, 1, 3));
    }

    #[test]
    fn fifteen_bit_examples() {
        let f = BitField::new(15).unwrap();
        // 0x4000 is the sign bit: the most negative value.
        assert_eq!(f.unpack(0x4000), -16384);
        assert_eq!(f.unpack(0x7fff), -1);
        assert_eq!(f.unpack(0x3fff), 16383);
        assert_eq!(f.unpack(0x4001), -16383);
        assert_eq!(f.pack(-16383), 0x4001);
        assert_eq!(f.pack(-1), 0x7fff);
        assert_eq!(f.pack(16383), 0x3fff);
        // Bits above the field are ignored; values saturate.
        assert_eq!(f.unpack(0xffff_8005), 5);
        assert_eq!(f.pack(20000), 0x3fff);
        assert_eq!(f.pack(i32::MIN), 0x4000);
        // Offset storage.
        assert_eq!(f.pack_offset(-16384), 0);
        assert_eq!(f.pack_offset(0), 0x4000);
        assert_eq!(f.pack_offset(16383), 0x7fff);
        assert_eq!(f.unpack_offset(0x4005), 5);
        assert_eq!(f.unpack_offset(0x8000), -16384);
    }

    #[test]
    fn crafty_17_bit_biased_values() {
        // Crafty stores value + 65536 in 17 bits.
        let f = BitField::new(17).unwrap();
        assert_eq!(f.pack_offset(-32768), 32768);
        assert_eq!(f.pack_offset(32000), 97536);
        assert_eq!(f.unpack_offset(97536), 32000);
    }

    #[test]
    fn round_trips_for_every_width() {
        let mut cases = 0u64;
        for bits in 2..=32 {
            let f = BitField::new(bits).unwrap();
            // Every value up to 24 bits, a dense sample of wider fields.
            let values: Vec<i64> = if bits <= 24 {
                (f.min() as i64..=f.max() as i64).collect()
            } else {
                let (lo, hi) = (f.min() as i64, f.max() as i64);
                (0..=1 << 16)
                    .flat_map(|i| [lo + i, hi - i, i - (1 << 15)])
                    .chain((0..=4096).map(|i| lo + (hi - lo) * i / 4096))
                    .collect()
            };
            for v in values {
                let v = v as i32;
                let u = f.pack(v);
                assert_eq!(u & !f.mask(), 0);
                assert_eq!(f.unpack(u), v, "{bits} bits, {v}");
                assert_eq!(f.unpack(u | !f.mask()), v);
                let o = f.pack_offset(v);
                assert_eq!(o & !f.mask(), 0);
                assert_eq!(f.unpack_offset(o), v, "{bits} bits, {v} offset");
                // Offset storage keeps the order.
                assert_eq!(o as i64, v as i64 - f.min() as i64);
                cases += 1;
            }
            // Out of range saturates.
            if bits < 32 {
                assert_eq!(f.unpack(f.pack(f.max() + 1)), f.max());
                assert_eq!(f.unpack(f.pack(f.min() - 1)), f.min());
                assert_eq!(f.unpack_offset(f.pack_offset(i32::MAX)), f.max());
            }
        }
        // 2^2 + ... + 2^24 values, then 8 x (3 x 65537 + 4097) samples.
        assert_eq!(cases, (1u64 << 25) - 4 + 8 * (3 * 65537 + 4097));
    }
}
