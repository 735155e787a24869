//! GTP vertices (`D4`, `pass`) to and from row-major indices.
//!
//! Columns are letters `A`..`T` without `I`; rows count from the bottom
//! (row 1 is the last row of the index order).

/// The column letters, `I` skipped.
const LETTERS: &[u8; 19] = b"ABCDEFGHJKLMNOPQRST";

/// Formats vertex `v` of a `size` board as GTP (`A1` bottom left).
pub fn to_gtp(size: usize, v: usize) -> String {
    let (r, c) = (v / size, v % size);
    format!("{}{}", LETTERS[c] as char, size - r)
}

/// Formats an optional vertex; `None` is `PASS`.
pub fn to_gtp_or_pass(size: usize, v: Option<usize>) -> String {
    v.map_or_else(|| "PASS".to_string(), |v| to_gtp(size, v))
}

/// Parses a GTP vertex such as `d4` or `Q16` (case-insensitive, no pass)
/// on a `size` board, as GNU Go does: a letter, then a decimal row (leading
/// blanks, a sign and leading zeros allowed); text after the row is
/// ignored. `None` when it is not a vertex on this board.
pub fn from_gtp(size: usize, text: &str) -> Option<usize> {
    let t = text.trim_start_matches([' ', '\t']);
    let mut chars = t.chars();
    let letter = chars.next()?.to_ascii_uppercase();
    let col = LETTERS.iter().position(|&l| l as char == letter)?;
    let rest = chars.as_str().trim_start();
    let (neg, digits) = match rest.as_bytes().first() {
        Some(b'-') => (true, &rest[1..]),
        Some(b'+') => (false, &rest[1..]),
        _ => (false, rest),
    };
    let len = digits.bytes().take_while(u8::is_ascii_digit).count();
    if len == 0 || neg {
        return None;
    }
    let row: usize = digits[..len].trim_start_matches('0').parse().unwrap_or(0);
    if col >= size || row == 0 || row > size || digits[..len].len() > 9 {
        return None;
    }
    Some((size - row) * size + col)
}

/// Parses a GTP move vertex: `pass` (any case) gives `Some(None)`.
pub fn move_from_gtp(size: usize, text: &str) -> Option<Option<usize>> {
    let t = text.trim_start();
    let word: String = t.chars().take(4).collect();
    if word.eq_ignore_ascii_case("pass") {
        return Some(None);
    }
    from_gtp(size, t).map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        assert_eq!(to_gtp(19, 0), "A19");
        assert_eq!(to_gtp(19, 360), "T1");
        assert_eq!(to_gtp(9, 8 * 9 + 8), "J1");
        for size in 2..=19 {
            for v in 0..size * size {
                assert_eq!(from_gtp(size, &to_gtp(size, v)), Some(v));
            }
        }
        assert_eq!(from_gtp(9, "e5"), Some(40));
        assert_eq!(from_gtp(9, "E05"), Some(40));
        assert_eq!(from_gtp(9, "I5"), None);
        assert_eq!(from_gtp(9, "K5"), None);
        assert_eq!(from_gtp(9, "A10"), None);
        assert_eq!(from_gtp(9, "A0"), None);
        assert_eq!(from_gtp(9, "A"), None);
        assert_eq!(from_gtp(9, "A-1"), None);
        assert_eq!(from_gtp(9, "A99999999999999999999"), None);
        assert_eq!(from_gtp(9, ""), None);
        assert_eq!(move_from_gtp(9, "PaSs"), Some(None));
        assert_eq!(move_from_gtp(9, "tt"), None);
        assert_eq!(to_gtp_or_pass(9, None), "PASS");
    }
}
