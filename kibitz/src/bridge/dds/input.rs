//! DDS 2.9's input checks, in its order, on its plain-integer board form.

use super::DdsError;
use crate::bridge::cards::{parse_pbn_lenient, rank_from_char};
use crate::bridge::{Board, Card, Deal, Hand, Holding, Seat, Strain, Suit};

/// Holdings as DDS passes them: `[hand N E S W][suit S H D C]`, bit `r`
/// (2..=14) set for rank `r`.
pub type RawHoldings = [[u32; 4]; 4];

/// A board as DDS's `deal` struct holds it, before any check.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RawBoard {
    /// Strain: 0..=3 spades, hearts, diamonds, clubs; 4 no trump.
    pub trump: i32,
    /// The hand that led to the current trick, 0..=3 from North.
    pub first: i32,
    /// Suits of the cards played to the current trick.
    pub trick_suits: [i32; 3],
    /// Ranks of the cards played to the current trick (0: none).
    pub trick_ranks: [i32; 3],
    /// The cards still held.
    pub holdings: RawHoldings,
}

/// The 13 rank bits of a DDS holding (the two low bits are ignored, as DDS
/// shifts them out).
fn holding_bits(v: u32) -> u16 {
    (v & 0x7ffc) as u16
}

/// The number of tricks DDS counts as remaining for `cards` cards (a trick
/// in progress counts as a whole trick).
fn tricks_remaining(cards: i32) -> i32 {
    let base = (cards - 4) >> 2;
    if cards % 4 != 0 {
        base + 2
    } else {
        base + 1
    }
}

/// How many cards of the current trick DDS assumes were played, derived
/// from the number of cards still held (1..=52).
fn cards_in_trick(cards: i32) -> usize {
    ((52 - cards) % 4) as usize
}

impl RawBoard {
    /// DDS's formal parameter checks, in its order: target, solutions,
    /// mode, trump, first, current-trick ranks and suits, holding values.
    pub fn range_checks(&self, target: i32, solutions: i32, mode: i32) -> Result<(), DdsError> {
        let checks = [
            (target < -1, DdsError::TargetWrongLo),
            (target > 13, DdsError::TargetWrongHi),
            (solutions < 1, DdsError::SolnsWrongLo),
            (solutions > 3, DdsError::SolnsWrongHi),
            (mode < 0, DdsError::ModeWrongLo),
            (mode > 2, DdsError::ModeWrongHi),
            (!(0..=4).contains(&self.trump), DdsError::TrumpWrong),
            (!(0..=3).contains(&self.first), DdsError::FirstWrong),
        ];
        if let Some(&(_, e)) = checks.iter().find(|c| c.0) {
            return Err(e);
        }
        let played = self.trick_ranks.map(|r| r != 0);
        for (&r, &suit) in self.trick_ranks.iter().zip(&self.trick_suits) {
            if r != 0 && (!(2..=14).contains(&r) || !(0..=3).contains(&suit)) {
                return Err(DdsError::SuitOrRank);
            }
        }
        // A card needs the cards before it (no gaps).
        if (1..3).any(|k| played[k] && !played[k - 1]) {
            return Err(DdsError::SuitOrRank);
        }
        let bad_value = |c: u32| c != 0 && !(0x0004..0x8000).contains(&c);
        if self.holdings.iter().flatten().any(|&c| bad_value(c)) {
            return Err(DdsError::SuitOrRank);
        }
        Ok(())
    }

    /// DDS's consistency checks after the range checks, in its order: zero
    /// cards, too many cards, target above the tricks remaining, unequal
    /// hand sizes, a current-trick card still held, duplicated cards.
    /// Returns the number of cards in the current trick (derived from the
    /// card count).
    pub fn value_checks(&self, target: i32) -> Result<usize, DdsError> {
        let held = self.holdings.map(|hand| hand.map(holding_bits));
        let count = held
            .iter()
            .flatten()
            .map(|h| h.count_ones() as i32)
            .sum::<i32>();
        if count <= 0 {
            return Err(DdsError::ZeroCards);
        }
        if count > 52 {
            return Err(DdsError::TooManyCards);
        }
        if target > tricks_remaining(count) {
            return Err(DdsError::TargetTooHigh);
        }
        let in_trick = cards_in_trick(count);
        let mut per_hand = held.map(|hand| hand.iter().map(|h| h.count_ones()).sum::<u32>());
        for k in 0..in_trick {
            per_hand[(self.first as usize + k) % 4] += 1;
        }
        if per_hand.iter().any(|&n| n != per_hand[0]) {
            return Err(DdsError::CardCount);
        }
        for k in 0..in_trick {
            let rank = self.trick_ranks[k];
            // A rank-0 ("phantom") card is never found among the held cards.
            if rank != 0 {
                let suit = self.trick_suits[k] as usize;
                if held.iter().any(|hand| hand[suit] & (1 << rank) != 0) {
                    return Err(DdsError::PlayedCard);
                }
            }
        }
        for s in 0..4 {
            let mut seen = 0u16;
            for hand in &held {
                if hand[s] & seen != 0 {
                    return Err(DdsError::DuplicateCards);
                }
                seen |= hand[s];
            }
        }
        // DDS would index out of bounds with a rank-0 card of a bad suit.
        if (0..in_trick).any(|k| !(0..=3).contains(&self.trick_suits[k])) {
            return Err(DdsError::SuitOrRank);
        }
        Ok(in_trick)
    }

    /// All of `SolveBoard`'s input checks; the board to solve.
    pub fn board(&self, target: i32, solutions: i32, mode: i32) -> Result<Board, DdsError> {
        self.range_checks(target, solutions, mode)?;
        let in_trick = self.value_checks(target)?;
        let deal = deal_from_holdings(&self.holdings);
        let strain = Strain::from_index(self.trump as usize).ok_or(DdsError::TrumpWrong)?;
        let first = Seat::from_index(self.first as usize).ok_or(DdsError::FirstWrong)?;
        let trick = (0..in_trick)
            .map(|k| {
                let suit =
                    Suit::from_index(self.trick_suits[k] as usize).ok_or(DdsError::SuitOrRank)?;
                // Built directly: rank 0 is DDS's "phantom" card (led but unknown).
                Ok(Card {
                    suit,
                    rank: self.trick_ranks[k] as u8,
                })
            })
            .collect::<Result<Vec<Card>, DdsError>>()?;
        Ok(Board {
            deal,
            trump: strain,
            first,
            trick,
        })
    }
}

/// The deal of DDS holdings (low bits ignored).
pub fn deal_from_holdings(cards: &RawHoldings) -> Deal {
    Deal(cards.map(|hand| Hand(hand.map(|h| Holding(holding_bits(h))))))
}

/// The checks `CalcDDtable` applies (those of `SolveBoard` with target -1,
/// one solution, North on lead); the deal to tabulate.
pub fn table_deal(cards: &RawHoldings) -> Result<Deal, DdsError> {
    let raw = RawBoard {
        trump: 4,
        holdings: *cards,
        ..RawBoard::default()
    };
    raw.range_checks(-1, 1, 1)?;
    raw.value_checks(-1)?;
    let deal = deal_from_holdings(cards);
    // DDS accepts 49..=51 cards when North (and East, South) hold one card
    // less, then returns meaningless numbers; refuse instead.
    if deal.len() % 4 != 0 {
        return Err(DdsError::CardCount);
    }
    Ok(deal)
}

/// DDS's `ConvertFromPBN` of a text of at most 80 bytes (NUL-terminated or
/// not): the holdings, or `PbnFault` (also where DDS would write a card
/// outside its four hands).
pub fn holdings_from_pbn(text: &[u8]) -> Result<RawHoldings, DdsError> {
    let text = &text[..text.len().min(80)];
    if pbn_overflows(text) {
        return Err(DdsError::PbnFault);
    }
    let h = parse_pbn_lenient(text).ok_or(DdsError::PbnFault)?;
    Ok(h.map(|hand| hand.map(u32::from)))
}

/// True if DDS's `ConvertFromPBN` would store a card beyond its four hands:
/// it maps the k-th space-separated group to a hand without wrapping for
/// North and East first (k >= 4 is out of bounds), and wraps only once
/// for South (k >= 6) and West (k >= 5). DDS then corrupts memory.
fn pbn_overflows(bytes: &[u8]) -> bool {
    let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
    let bytes = &bytes[..end];
    let Some(at) = bytes.iter().take(3).position(|b| b"NESWnesw".contains(b)) else {
        return false;
    };
    let last_group = match bytes[at].to_ascii_uppercase() {
        b'S' => 5,
        b'W' => 4,
        _ => 3,
    };
    let mut group = 0;
    for &b in bytes.iter().skip(at + 2) {
        if b == b' ' {
            group += 1;
        } else if rank_from_char(b as char).is_some() && group > last_group {
            return true;
        }
    }
    false
}

/// A row of declarers' tricks in `deal` as DDS reports it: 13 minus the
/// defenders' tricks, also for short deals.
pub fn dds_row(deal: &Deal, row: [i32; 4]) -> [i32; 4] {
    let offset = 13 - (deal.len() / 4) as i32;
    row.map(|t| t + offset)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pbn_groups_beyond_the_four_hands_are_refused() {
        let ok = b"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
        assert!(holdings_from_pbn(ok).is_ok());
        assert_eq!(holdings_from_pbn(b"N:A K Q J T"), Err(DdsError::PbnFault));
        assert_eq!(holdings_from_pbn(b"xyz"), Err(DdsError::PbnFault));
    }

    #[test]
    fn table_deal_wants_whole_tricks() {
        let mut cards = [[0u32; 4]; 4];
        assert_eq!(table_deal(&cards), Err(DdsError::ZeroCards));
        cards[0][0] = 1 << 14;
        cards[1][0] = 1 << 13;
        cards[2][0] = 1 << 12;
        assert_eq!(table_deal(&cards), Err(DdsError::CardCount));
        cards[3][0] = 1 << 11;
        assert_eq!(table_deal(&cards).map(|d| d.len()), Ok(4));
    }
}
