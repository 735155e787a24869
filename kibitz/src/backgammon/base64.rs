//! Standard Base64 (`A-Z a-z 0-9 + /`) without padding, as gnubg's IDs use
//! it: bytes are read most significant bit first.

/// The Base64 alphabet.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// The 6-bit value of a Base64 character.
fn value(c: u8) -> Option<u32> {
    match c {
        b'A'..=b'Z' => Some((c - b'A') as u32),
        b'a'..=b'z' => Some((c - b'a') as u32 + 26),
        b'0'..=b'9' => Some((c - b'0') as u32 + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    }
}

/// Encodes `bytes` into `ceil(8 * len / 6)` characters, no padding.
pub fn encode(bytes: &[u8]) -> String {
    let mut out = Vec::with_capacity((bytes.len() * 8).div_ceil(6));
    let mut acc: u32 = 0;
    let mut bits = 0;
    for &b in bytes {
        acc = (acc << 8) | b as u32;
        bits += 8;
        while bits >= 6 {
            bits -= 6;
            out.push(ALPHABET[((acc >> bits) & 63) as usize]);
        }
    }
    if bits > 0 {
        out.push(ALPHABET[((acc << (6 - bits)) & 63) as usize]);
    }
    // Only alphabet bytes were pushed, so this is ASCII.
    out.into_iter().map(char::from).collect()
}

/// Decodes `text` into `N` bytes; bits beyond `8 * N` are ignored. `None`
/// if a character is outside the alphabet.
pub fn decode<const N: usize>(text: &[u8]) -> Option<[u8; N]> {
    let mut out = [0u8; N];
    let mut acc: u32 = 0;
    let mut bits = 0;
    let mut n = 0;
    for &c in text {
        acc = ((acc << 6) | value(c)?) & 0xffff;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            if n < N {
                out[n] = (acc >> bits) as u8;
                n += 1;
            }
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_known_values() {
        assert_eq!(encode(b"Man"), "TWFu");
        assert_eq!(encode(b"Ma"), "TWE");
        assert_eq!(decode::<2>(b"TWE"), Some(*b"Ma"));
        let bytes = [224, 115, 240, 1, 48, 224, 115, 240, 1, 48];
        assert_eq!(encode(&bytes), "4HPwATDgc/ABMA");
        assert_eq!(decode::<10>(b"4HPwATDgc/ABMA"), Some(bytes));
        assert_eq!(decode::<10>(b"4HPwATDgc/AB-A"), None);
    }
}
