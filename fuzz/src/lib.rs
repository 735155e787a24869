//! Helpers shared by the fuzz targets: a reader that turns the fuzzer's
//! bytes into values, and small valid bridge deals (few cards per hand, so
//! that a double dummy search stays fast) in DDS's binary and PBN forms.

use std::os::raw::{c_char, c_int, c_uint};

/// Reads values from the fuzzer's bytes; past the end every read is 0.
pub struct Input<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Input<'a> {
    /// A reader over `data`.
    pub fn new(data: &'a [u8]) -> Input<'a> {
        Input { data, pos: 0 }
    }

    /// The next byte (0 past the end).
    pub fn u8(&mut self) -> u8 {
        let b = self.data.get(self.pos).copied().unwrap_or(0);
        self.pos += 1;
        b
    }

    /// A boolean from one byte.
    pub fn bool(&mut self) -> bool {
        self.u8() & 1 == 1
    }

    /// Four bytes, little-endian.
    pub fn u32(&mut self) -> u32 {
        u32::from_le_bytes([self.u8(), self.u8(), self.u8(), self.u8()])
    }

    /// Mostly a value in `lo..=hi` (often just outside it), sometimes
    /// (first byte 255) any 32-bit integer.
    pub fn int(&mut self, lo: i32, hi: i32) -> i32 {
        let b = self.u8();
        if b == 255 {
            return self.u32() as i32;
        }
        let span = (hi - lo + 3) as u32;
        lo - 1 + (u32::from(b) % span) as i32
    }

    /// A value in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        usize::from(self.u8()) % n
    }

    /// The next `n` bytes (zero-padded past the end).
    pub fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.u8()).collect()
    }

    /// Everything not read yet.
    pub fn rest(&mut self) -> &'a [u8] {
        let start = self.pos.min(self.data.len());
        self.pos = self.data.len();
        &self.data[start..]
    }
}

/// DDS holdings `[hand][suit]`, rank r stored as bit `1 << r` (2..=14),
/// hands N E S W, suits S H D C.
pub type Holdings = [[c_uint; 4]; 4];

/// A random valid deal of `per_hand` cards to each hand (at most 13),
/// shuffled by the input's bytes.
pub fn small_deal(input: &mut Input, per_hand: usize) -> Holdings {
    let mut cards: Vec<(usize, u32)> = (0..4).flat_map(|s| (2..=14).map(move |r| (s, r))).collect();
    let take = 4 * per_hand.min(13);
    for i in 0..take {
        let j = i + input.below(52 - i);
        cards.swap(i, j);
    }
    let mut out = [[0; 4]; 4];
    for (k, &(s, r)) in cards[..take].iter().enumerate() {
        out[k % 4][s] |= 1 << r;
    }
    out
}

/// The number of cards in `h` (low two bits and bits above 14 ignored).
pub fn card_count(h: &Holdings) -> u32 {
    h.iter().flatten().map(|&v| (v & 0x7ffc).count_ones()).sum()
}

/// Drops the valid rank bits of holdings (keeping any invalid bits) from
/// the last hand backwards until at most `max` cards remain: bounds the
/// search cost of arbitrary deals without hiding invalid values.
pub fn cap_cards(h: &mut Holdings, max: u32) {
    for hand in (0..4).rev() {
        for suit in (0..4).rev() {
            if card_count(h) <= max {
                return;
            }
            h[hand][suit] &= !0x7ffc;
        }
    }
}

/// The PBN text (`N:...`) of holdings.
pub fn pbn_text(h: &Holdings) -> String {
    let hands: Vec<String> = h
        .iter()
        .map(|hand| {
            let suits: Vec<String> = hand
                .iter()
                .map(|&v| {
                    (2..=14u32)
                        .rev()
                        .filter(|r| v & (1 << r) != 0)
                        .map(|r| b"23456789TJQKA"[r as usize - 2] as char)
                        .collect()
                })
                .collect();
            suits.join(".")
        })
        .collect();
    format!("N:{}", hands.join(" "))
}

/// `text` in an 80-byte C array (NUL-terminated if it fits, as DDS's).
pub fn c_array80(text: &[u8]) -> [c_char; 80] {
    let mut out = [0 as c_char; 80];
    for (d, &b) in out.iter_mut().zip(text) {
        *d = b as c_char;
    }
    out
}

/// Upper bound of the cards an arbitrary PBN string can give (its rank
/// characters); used to skip strings too expensive to solve.
pub fn pbn_rank_chars(text: &[c_char; 80]) -> usize {
    text.iter()
        .take_while(|&&c| c != 0)
        .filter(|&&c| b"23456789TJQKAtjqka1".contains(&(c as u8)))
        .count()
}

/// A holding value for arbitrary C input: mostly ranks, sometimes any bits.
pub fn holding(input: &mut Input) -> c_uint {
    match input.u8() % 8 {
        0 => input.u32(),
        _ => (u32::from(input.u8()) << 8 | u32::from(input.u8())) & 0x7ffc,
    }
}

/// Arbitrary holdings (valid or not).
pub fn any_holdings(input: &mut Input) -> Holdings {
    let mut h = [[0; 4]; 4];
    for v in h.iter_mut().flatten() {
        *v = holding(input);
    }
    h
}

/// True for DDS's success code.
pub fn ok(code: c_int) -> bool {
    code == 1
}
