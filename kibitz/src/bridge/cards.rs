//! Cards, suits, seats, holdings, hands and deals, with PBN parsing and formatting.
//!
//! Encodings follow DDS: suits S=0 H=1 D=2 C=3 (NT=4 as a strain), seats
//! N=0 E=1 S=2 W=3, and a holding is a 16-bit mask with bit `r` set for rank
//! `r` (2..=14), so the two lowest bits and the top bit are always clear.

use std::fmt;

/// A suit, in DDS order (spades first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    /// Spades (0).
    Spades = 0,
    /// Hearts (1).
    Hearts = 1,
    /// Diamonds (2).
    Diamonds = 2,
    /// Clubs (3).
    Clubs = 3,
}

impl Suit {
    /// All four suits in DDS order.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// The suit with DDS index `i` (0..=3).
    pub fn from_index(i: usize) -> Option<Suit> {
        Suit::ALL.get(i).copied()
    }

    /// The DDS index (0..=3).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The PBN / DDS letter: S, H, D or C.
    pub fn letter(self) -> char {
        ['S', 'H', 'D', 'C'][self.index()]
    }

    /// Parses a suit letter (case-insensitive).
    pub fn from_letter(c: char) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            'S' => Some(Suit::Spades),
            'H' => Some(Suit::Hearts),
            'D' => Some(Suit::Diamonds),
            'C' => Some(Suit::Clubs),
            _ => None,
        }
    }
}

/// A strain (denomination): a trump suit or no trump, DDS order S H D C NT.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Strain {
    /// A trump suit.
    Trump(Suit),
    /// No trump (DDS index 4).
    NoTrump,
}

impl Strain {
    /// All five strains in DDS order (S, H, D, C, NT).
    pub const ALL: [Strain; 5] = [
        Strain::Trump(Suit::Spades),
        Strain::Trump(Suit::Hearts),
        Strain::Trump(Suit::Diamonds),
        Strain::Trump(Suit::Clubs),
        Strain::NoTrump,
    ];

    /// The strain with DDS index `i` (0..=4).
    pub fn from_index(i: usize) -> Option<Strain> {
        Strain::ALL.get(i).copied()
    }

    /// The DDS index (0..=4).
    pub fn index(self) -> usize {
        match self {
            Strain::Trump(s) => s.index(),
            Strain::NoTrump => 4,
        }
    }

    /// The trump suit, if any.
    pub fn trump(self) -> Option<Suit> {
        match self {
            Strain::Trump(s) => Some(s),
            Strain::NoTrump => None,
        }
    }

    /// The letter used in tables: S, H, D, C or N.
    pub fn letter(self) -> char {
        ['S', 'H', 'D', 'C', 'N'][self.index()]
    }
}

/// A seat at the table, in DDS order (North first, clockwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Seat {
    /// North (0).
    North = 0,
    /// East (1).
    East = 1,
    /// South (2).
    South = 2,
    /// West (3).
    West = 3,
}

impl Seat {
    /// All four seats in DDS order.
    pub const ALL: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];

    /// The seat with DDS index `i` (0..=3).
    pub fn from_index(i: usize) -> Option<Seat> {
        Seat::ALL.get(i).copied()
    }

    /// The DDS index (0..=3).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The next seat clockwise (left-hand opponent).
    pub fn next(self) -> Seat {
        Seat::ALL[(self.index() + 1) & 3]
    }

    /// The seat `n` places clockwise.
    pub fn advance(self, n: usize) -> Seat {
        Seat::ALL[(self.index() + n) & 3]
    }

    /// The partner.
    pub fn partner(self) -> Seat {
        self.advance(2)
    }

    /// The previous seat (right-hand opponent).
    pub fn prev(self) -> Seat {
        self.advance(3)
    }

    /// True for North and South.
    pub fn is_ns(self) -> bool {
        self.index() & 1 == 0
    }

    /// The letter N, E, S or W.
    pub fn letter(self) -> char {
        ['N', 'E', 'S', 'W'][self.index()]
    }

    /// Parses a seat letter (case-insensitive).
    pub fn from_letter(c: char) -> Option<Seat> {
        match c.to_ascii_uppercase() {
            'N' => Some(Seat::North),
            'E' => Some(Seat::East),
            'S' => Some(Seat::South),
            'W' => Some(Seat::West),
            _ => None,
        }
    }
}

/// A rank from 2 to 14 (ace).
pub type Rank = u8;

/// The character for a rank: 2-9, T, J, Q, K, A.
pub fn rank_char(rank: Rank) -> char {
    match rank {
        2..=9 => (b'0' + rank) as char,
        10 => 'T',
        11 => 'J',
        12 => 'Q',
        13 => 'K',
        14 => 'A',
        _ => '?',
    }
}

/// Parses a rank character (case-insensitive; `1` is not accepted).
pub fn rank_from_char(c: char) -> Option<Rank> {
    match c.to_ascii_uppercase() {
        '2'..='9' => Some(c as u8 - b'0'),
        'T' => Some(10),
        'J' => Some(11),
        'Q' => Some(12),
        'K' => Some(13),
        'A' => Some(14),
        _ => None,
    }
}

/// A playing card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Card {
    /// The suit.
    pub suit: Suit,
    /// The rank, 2..=14.
    pub rank: Rank,
}

impl Card {
    /// A card from suit and rank (rank must be 2..=14).
    pub fn new(suit: Suit, rank: Rank) -> Card {
        debug_assert!((2..=14).contains(&rank));
        Card { suit, rank }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.suit.letter(), rank_char(self.rank))
    }
}

/// The cards of one hand in one suit: bit `r` set for rank `r` (DDS encoding).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Holding(pub u16);

impl Holding {
    /// The empty holding.
    pub const EMPTY: Holding = Holding(0);
    /// Every rank 2..=A.
    pub const FULL: Holding = Holding(0x7ffc);

    /// True if the holding contains `rank`.
    pub fn contains(self, rank: Rank) -> bool {
        self.0 & (1 << rank) != 0
    }

    /// The number of cards.
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// True if there are no cards.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Adds a rank.
    pub fn insert(&mut self, rank: Rank) {
        self.0 |= 1 << rank;
    }

    /// Ranks from highest to lowest.
    pub fn ranks_desc(self) -> impl Iterator<Item = Rank> {
        (2..=14u8).rev().filter(move |&r| self.contains(r))
    }
}

impl fmt::Display for Holding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in self.ranks_desc() {
            write!(f, "{}", rank_char(r))?;
        }
        Ok(())
    }
}

/// The holdings of one player, indexed by suit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hand(pub [Holding; 4]);

impl Hand {
    /// The holding in `suit`.
    pub fn suit(&self, suit: Suit) -> Holding {
        self.0[suit.index()]
    }

    /// The number of cards.
    pub fn len(&self) -> u32 {
        self.0.iter().map(|h| h.len()).sum()
    }

    /// True if the hand holds no card.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// True if the hand holds `card`.
    pub fn contains(&self, card: Card) -> bool {
        self.suit(card.suit).contains(card.rank)
    }
}

impl fmt::Display for Hand {
    /// PBN form: `AKQ.J2.T98.7654` (spades first).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}.{}.{}", self.0[0], self.0[1], self.0[2], self.0[3])
    }
}

/// The remaining cards of all four players, indexed by seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Deal(pub [Hand; 4]);

/// Why a PBN deal string was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PbnError {
    /// No seat letter N, E, S or W in the first three characters.
    NoFirstSeat,
    /// A character that is not a rank, a dot or a space.
    BadCharacter(char),
    /// More than four hands or more than four suits in a hand.
    TooManyGroups,
    /// A card appears twice.
    DuplicateCard(Card),
}

impl fmt::Display for PbnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PbnError::NoFirstSeat => write!(f, "PBN deal must start with N:, E:, S: or W:"),
            PbnError::BadCharacter(c) => write!(f, "unexpected character {c:?} in PBN deal"),
            PbnError::TooManyGroups => write!(f, "too many hands or suits in PBN deal"),
            PbnError::DuplicateCard(c) => write!(f, "card {c} appears twice in PBN deal"),
        }
    }
}

impl std::error::Error for PbnError {}

impl Deal {
    /// The hand of `seat`.
    pub fn hand(&self, seat: Seat) -> &Hand {
        &self.0[seat.index()]
    }

    /// The total number of cards.
    pub fn len(&self) -> u32 {
        self.0.iter().map(|h| h.len()).sum()
    }

    /// True if no player holds a card.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Who holds `card`, if anyone.
    pub fn holder(&self, card: Card) -> Option<Seat> {
        Seat::ALL.into_iter().find(|&s| self.hand(s).contains(card))
    }

    /// Parses a PBN deal strictly: `N:AKQ.J2.T98.7654 ...` (first seat, then
    /// four hands clockwise separated by single spaces; `-` for a void hand).
    pub fn from_pbn(text: &str) -> Result<Deal, PbnError> {
        let text = text.trim();
        let mut chars = text.chars();
        let first = chars
            .next()
            .and_then(Seat::from_letter)
            .ok_or(PbnError::NoFirstSeat)?;
        if chars.next() != Some(':') {
            return Err(PbnError::NoFirstSeat);
        }
        let mut deal = Deal::default();
        for (h, hand_text) in chars.as_str().split_whitespace().enumerate() {
            if h >= 4 {
                return Err(PbnError::TooManyGroups);
            }
            let seat = first.advance(h);
            if hand_text == "-" {
                continue;
            }
            for (s, suit_text) in hand_text.split('.').enumerate() {
                let suit = Suit::from_index(s).ok_or(PbnError::TooManyGroups)?;
                for c in suit_text.chars() {
                    let rank = rank_from_char(c).ok_or(PbnError::BadCharacter(c))?;
                    let card = Card::new(suit, rank);
                    if deal.holder(card).is_some() {
                        return Err(PbnError::DuplicateCard(card));
                    }
                    deal.0[seat.index()].0[s].insert(rank);
                }
            }
        }
        Ok(deal)
    }

    /// Formats as PBN starting with `first`: `N:AKQ.J2.T98.7654 ...`.
    pub fn to_pbn(&self, first: Seat) -> String {
        let mut out = format!("{}:", first.letter());
        for i in 0..4 {
            if i > 0 {
                out.push(' ');
            }
            out.push_str(&self.hand(first.advance(i)).to_string());
        }
        out
    }
}

/// Parses a PBN deal the lenient way DDS's `ConvertFromPBN` does: the first of
/// N/E/S/W (any case) within the first 3 bytes, skip one byte, then rank
/// characters (any case), `.` for the next suit, each space for the next
/// hand (wrapping after West), every other byte ignored; stops at NUL or
/// after 80 bytes.
/// Returns `None` where DDS returns `RETURN_PBN_FAULT`. Duplicates and card
/// counts are not checked here (the solver's input checks do that).
pub fn parse_pbn_lenient(bytes: &[u8]) -> Option<[[u16; 4]; 4]> {
    let bytes = &bytes[..bytes.len().min(80)];
    let bytes = match bytes.iter().position(|&b| b == 0) {
        Some(n) => &bytes[..n],
        None => bytes,
    };
    let first = bytes
        .iter()
        .take(3)
        .position(|&b| matches!(b, b'N' | b'E' | b'S' | b'W' | b'n' | b'e' | b's' | b'w'))?;
    let seat = Seat::from_letter(bytes[first] as char)?;
    let mut out = [[0u16; 4]; 4];
    let mut hand = 0usize;
    let mut suit = 0usize;
    for &b in bytes.iter().skip(first + 2) {
        match b {
            b'.' => suit += 1,
            b' ' => {
                hand += 1;
                suit = 0;
            }
            _ => {
                if let Some(rank) = rank_from_char(b as char) {
                    // DDS writes out of bounds here; we reject the deal.
                    if suit > 3 {
                        return None;
                    }
                    out[seat.advance(hand).index()][suit] |= 1 << rank;
                }
            }
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pbn_round_trip() {
        let text = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
        let deal = Deal::from_pbn(text).unwrap();
        assert_eq!(deal.len(), 52);
        assert_eq!(deal.hand(Seat::North).suit(Suit::Spades), Holding(0x1840));
        assert_eq!(deal.to_pbn(Seat::North), text);
        let east_first = deal.to_pbn(Seat::East);
        assert_eq!(Deal::from_pbn(&east_first).unwrap(), deal);
    }

    #[test]
    fn pbn_errors() {
        assert_eq!(Deal::from_pbn("X:AK..."), Err(PbnError::NoFirstSeat));
        assert_eq!(Deal::from_pbn("N:AKX..."), Err(PbnError::BadCharacter('X')));
        assert_eq!(
            Deal::from_pbn("N:A... A..."),
            Err(PbnError::DuplicateCard(Card::new(Suit::Spades, 14)))
        );
    }

    #[test]
    fn lenient_matches_dds_rules() {
        let h = parse_pbn_lenient(b"  e:ak.q.j.t x y z").unwrap();
        assert_eq!(h[1][0], (1 << 14) | (1 << 13));
        assert_eq!(h[1][3], 1 << 10);
        assert!(parse_pbn_lenient(b"   N:AK").is_none());
        // A double space skips a hand.
        let h = parse_pbn_lenient(b"N:A...  K...").unwrap();
        assert_eq!(h[2][0], 1 << 13);
        assert!(parse_pbn_lenient(b"N:.....A").is_none());
        assert!(parse_pbn_lenient(b"N:A.... ").is_some());
    }
}
