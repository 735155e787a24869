//! Stockfish's packed midgame/endgame pair (up to 15.1): two 16-bit values
//! in one `i32`, the endgame half in the upper 16 bits, added and
//! subtracted as one integer. A negative midgame half borrows one from the
//! upper half; reading the endgame half adds `0x8000` first to undo it.

/// The pair `(mg, eg)` as one `i32` (`eg * 65536 + mg`, wrapping); each
/// half saturates to the `i16` range.
pub const fn make_pair(mg: i32, eg: i32) -> i32 {
    let mg = super::value::clamp(mg, i16::MIN as i32, i16::MAX as i32);
    let eg = super::value::clamp(eg, i16::MIN as i32, i16::MAX as i32);
    ((eg as u32) << 16).wrapping_add(mg as u32) as i32
}

/// The midgame half: the low 16 bits as a signed value.
pub const fn mg(pair: i32) -> i32 {
    pair as u32 as u16 as i16 as i32
}

/// The endgame half: bits 16..31 of `pair + 0x8000` as a signed value.
pub const fn eg(pair: i32) -> i32 {
    ((pair as u32).wrapping_add(0x8000) >> 16) as u16 as i16 as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn borrow_is_undone() {
        let p = make_pair(-1, 5);
        assert_eq!(p, 0x0004_ffff);
        assert_eq!((mg(p), eg(p)), (-1, 5));
        let p = make_pair(-32768, -32768);
        assert_eq!((mg(p), eg(p)), (-32768, -32768));
        let p = make_pair(32767, 32767);
        assert_eq!((mg(p), eg(p)), (32767, 32767));
        assert_eq!(make_pair(0, 0), 0);
        assert_eq!(make_pair(1, 0), 1);
        assert_eq!(make_pair(0, 1), 65536);
        // Saturation of the halves.
        let p = make_pair(i32::MAX, i32::MIN);
        assert_eq!((mg(p), eg(p)), (32767, -32768));
    }

    #[test]
    fn halves_round_trip_and_add() {
        let step = 97;
        let values: Vec<i32> = (-32768..=32767)
            .step_by(step)
            .chain([32767, -1, 0, 1])
            .collect();
        for &a in &values {
            for &b in &values {
                let p = make_pair(a, b);
                assert_eq!((mg(p), eg(p)), (a, b));
                // Sums of pairs are pairs of sums while the halves fit.
                let (c, d) = (b / 3, a / 5);
                let q = make_pair(c, d);
                if (a + c).abs() < 32767 && (b + d).abs() < 32767 {
                    let s = p.wrapping_add(q);
                    assert_eq!((mg(s), eg(s)), (a + c, b + d), "{a} {b} {c} {d}");
                    let t = p.wrapping_sub(q);
                    if (a - c).abs() < 32767 && (b - d).abs() < 32767 {
                        assert_eq!((mg(t), eg(t)), (a - c, b - d));
                    }
                }
            }
        }
    }
}
