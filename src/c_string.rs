//! The one way text reaches a C buffer.

use std::os::raw::c_char;

/// Copies `text` and a NUL into `dst`, truncating `text` at a character
/// boundary to leave room for the NUL; returns the bytes of `text`
/// written. An empty `dst` gets nothing.
pub(crate) fn write_c_string(dst: &mut [c_char], text: &str) -> usize {
    let Some(room) = dst.len().checked_sub(1) else {
        return 0;
    };
    let mut n = text.len().min(room);
    while !text.is_char_boundary(n) {
        n -= 1;
    }
    for (d, &b) in dst.iter_mut().zip(&text.as_bytes()[..n]) {
        *d = b as c_char;
    }
    dst[n] = 0;
    n
}

/// [`write_c_string`] to a caller's buffer of `len` bytes.
///
/// # Safety
/// `dst` must be valid for writing `len` bytes (or `len` must be 0).
pub(crate) unsafe fn write_c_string_raw(dst: *mut c_char, len: usize, text: &str) -> usize {
    if dst.is_null() || len == 0 {
        return 0;
    }
    // SAFETY: dst is valid for len bytes per the contract.
    write_c_string(unsafe { std::slice::from_raw_parts_mut(dst, len) }, text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(buf: &[c_char]) -> String {
        buf.iter()
            .take_while(|&&c| c != 0)
            .map(|&c| c as u8 as char)
            .collect()
    }

    #[test]
    fn writes_and_truncates() {
        let mut buf = [b'x' as c_char; 6];
        assert_eq!(write_c_string(&mut buf, "abc"), 3);
        assert_eq!(text(&buf), "abc");
        assert_eq!(write_c_string(&mut buf, "abcdefgh"), 5);
        assert_eq!(text(&buf), "abcde");
        assert_eq!(buf[5], 0);
        assert_eq!(write_c_string(&mut [], "abc"), 0);
        // "é" is two bytes: it does not fit in 2 bytes with the NUL.
        assert_eq!(write_c_string(&mut buf[..3], "aé"), 1);
        assert_eq!(text(&buf), "a");
        let mut raw = [b'x' as c_char; 4];
        assert_eq!(unsafe { write_c_string_raw(raw.as_mut_ptr(), 4, "ab") }, 2);
        assert_eq!(text(&raw), "ab");
    }
}
