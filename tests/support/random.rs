//! Seeded random bridge deals and positions for differential tests and
//! benchmarks. Plain integers in DDS encoding (suit S=0 H=1 D=2 C=3, hand
//! N=0 E=1 S=2 W=3, holding bit `1 << rank` for ranks 2..=14), so the same
//! generator feeds DDS and Kibitz without touching either crate's types.
//!
//! Include it with `#[path = ".../tests/support/random.rs"] mod random;`.
#![allow(dead_code)]

/// Holdings `[hand][suit]` with bit `1 << rank` set for each card held.
pub type Holdings = [[u32; 4]; 4];

/// A splitmix64 generator: tiny, fast, and the same sequence everywhere.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 11) as u128 * n as u128) >> 53) as usize
    }

    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: i32, hi: i32) -> i32 {
        lo + self.below((hi - lo + 1) as usize) as i32
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        ((self.next_u64() >> 11) as f64) < p * (1u64 << 53) as f64
    }

    /// Fisher-Yates shuffle.
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}

/// A uniformly random full deal.
pub fn random_deal(rng: &mut Rng) -> Holdings {
    let mut cards: Vec<usize> = (0..52).collect();
    rng.shuffle(&mut cards);
    let mut h = [[0u32; 4]; 4];
    for (i, c) in cards.iter().enumerate() {
        h[i / 13][c / 13] |= 1 << (c % 13 + 2);
    }
    h
}

/// Number of cards held.
pub fn card_count(h: &Holdings) -> u32 {
    h.iter().flatten().map(|x| x.count_ones()).sum()
}

/// Character of a rank 2..=14.
pub fn rank_char(rank: i32) -> char {
    b"23456789TJQKA"[(rank - 2) as usize] as char
}

/// Letter of a suit 0..=3.
pub fn suit_char(suit: i32) -> char {
    b"SHDC"[suit as usize] as char
}

/// PBN text of the holdings starting with hand `start` (`"N:AK..."`).
pub fn to_pbn(h: &Holdings, start: usize) -> String {
    let mut out = format!("{}:", b"NESW"[start] as char);
    for i in 0..4 {
        if i > 0 {
            out.push(' ');
        }
        let hand = (start + i) % 4;
        for (s, &holding) in h[hand].iter().enumerate() {
            if s > 0 {
                out.push('.');
            }
            for r in (2..=14).rev() {
                if holding & (1 << r) != 0 {
                    out.push(rank_char(r));
                }
            }
        }
    }
    out
}

/// A position in the middle of play: remaining cards, trump, the leader of
/// the current trick and the 0..=3 cards already played to it.
#[derive(Clone, Debug)]
pub struct Position {
    /// Trump 0..=3, 4 = no trump.
    pub trump: i32,
    /// Leader of the current trick.
    pub first: i32,
    /// (suit, rank) of the cards played to the current trick.
    pub trick: Vec<(i32, i32)>,
    /// Cards still held.
    pub remain: Holdings,
}

impl Position {
    /// Plays a random legal card (following suit when able) of the hand to
    /// play to the current trick; the trick is left for the caller to end.
    pub fn play_random_card(&mut self, rng: &mut Rng) {
        let hand = (self.first as usize + self.trick.len()) % 4;
        let held = self.remain[hand];
        let led = self.trick.first().map(|c| c.0 as usize);
        let suits: Vec<usize> = match led {
            Some(s) if held[s] != 0 => vec![s],
            _ => (0..4).filter(|&s| held[s] != 0).collect(),
        };
        let choices: Vec<(i32, i32)> = suits
            .into_iter()
            .flat_map(|s| {
                (2..=14)
                    .filter(move |r| held[s] & (1 << r) != 0)
                    .map(move |r| (s as i32, r))
            })
            .collect();
        let (s, r) = choices[rng.below(choices.len())];
        self.remain[hand][s as usize] &= !(1 << r);
        self.trick.push((s, r));
    }

    /// Tricks still to be played, counting the current one as a whole.
    pub fn tricks(&self) -> i32 {
        ((card_count(&self.remain) as usize + self.trick.len()) / 4) as i32
    }

    /// One-line description for mismatch reports.
    pub fn describe(&self) -> String {
        let trick: Vec<String> = self
            .trick
            .iter()
            .map(|&(s, r)| format!("{}{}", suit_char(s), rank_char(r)))
            .collect();
        format!(
            "\"{}\" trump {} first {} trick [{}]",
            to_pbn(&self.remain, 0),
            self.trump,
            self.first,
            trick.join(" ")
        )
    }
}

/// Plays `cards` random legal cards (following suit) from `deal` with
/// `first` on lead, `trump` deciding trick winners.
pub fn play_random(
    rng: &mut Rng,
    deal: &Holdings,
    trump: i32,
    first: i32,
    cards: usize,
) -> Position {
    let mut pos = Position {
        trump,
        first,
        trick: Vec::new(),
        remain: *deal,
    };
    for _ in 0..cards {
        if card_count(&pos.remain) == 0 {
            break;
        }
        pos.play_random_card(rng);
        if pos.trick.len() == 4 {
            let w = trick_winner(&pos.trick, trump);
            pos.first = (pos.first + w as i32) % 4;
            pos.trick.clear();
        }
    }
    pos
}

/// Index (0..4) of the winning card of a complete trick.
pub fn trick_winner(trick: &[(i32, i32)], trump: i32) -> usize {
    let mut best = 0;
    for i in 1..trick.len() {
        let (bs, br) = trick[best];
        let (s, r) = trick[i];
        let beats = if s == bs {
            r > br
        } else {
            s == trump && trump < 4
        };
        if beats {
            best = i;
        }
    }
    best
}

/// A random position: a full deal (about a quarter of the time), a
/// mid-play position, or one of the last few tricks.
pub fn random_position(rng: &mut Rng) -> Position {
    let deal = random_deal(rng);
    let trump = rng.range(0, 4);
    let first = rng.range(0, 3);
    let played = match rng.below(8) {
        0 | 1 => 0,
        2 => 4 * rng.range(1, 11) as usize,
        3 => 4 * rng.range(9, 12) as usize + rng.below(4),
        _ => rng.range(1, 51) as usize,
    };
    play_random(rng, &deal, trump, first, played)
}
