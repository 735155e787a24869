//! A plain reference search, the yardstick of the solver's soundness net.
//!
//! Minimax over every legal card with alpha-beta and a transposition table
//! keyed by the exact remaining cards and the seat on lead, and nothing
//! else: no quick tricks, no bounds, no equivalent cards, no shortcuts.
//! It is slow on full deals and meant for endings of a few cards a hand.
//!
//! Holdings are `u16` masks with bit `r` for rank `r` (2..=14), seats and
//! suits are indices 0..=3 (N E S W, S H D C), the trump 0..=3 or 4 for no
//! trump, as in the search module.

use super::solve::Board;
use std::collections::HashMap;

/// The most tricks the side to play can take, counted from the start of
/// the current trick (the same count as `Solver::max_tricks`).
pub fn reference_tricks(board: &Board) -> i32 {
    let mut hands = [[0u16; 4]; 4];
    for (h, hand) in board.deal.0.iter().enumerate() {
        for (s, holding) in hand.0.iter().enumerate() {
            hands[h][s] = holding.0;
        }
    }
    let leader = board.first.index();
    let mut trick = [(0usize, 0u8); 4];
    for (i, c) in board.trick.iter().enumerate() {
        trick[i] = (c.suit.index(), c.rank);
    }
    let mut r = Reference {
        hands,
        trump: board.trump.index(),
        table: HashMap::new(),
    };
    let cards: u32 = hands.iter().flatten().map(|h| h.count_ones()).sum();
    let total = (cards as i32 + board.trick.len() as i32) / 4;
    let ns = r.value(leader, trick, board.trick.len(), -1, total + 1);
    if board.to_play().is_ns() {
        ns
    } else {
        total - ns
    }
}

/// A trick-boundary position: the remaining cards and the seat on lead.
type Key = ([[u16; 4]; 4], usize);

struct Reference {
    hands: [[u16; 4]; 4],
    trump: usize,
    /// Per trick-boundary position, bounds on North-South's tricks to come.
    table: HashMap<Key, (i32, i32)>,
}

impl Reference {
    /// North-South's tricks from the start of the current trick (the cards
    /// `trick[..n]` already played to it, led by `leader`), fail-soft
    /// within the window (`alpha`, `beta`).
    fn value(
        &mut self,
        leader: usize,
        mut trick: [(usize, u8); 4],
        n: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if n == 4 {
            let winner = (leader + self.winner(&trick)) & 3;
            let won = i32::from(winner & 1 == 0);
            return won + self.value(winner, trick, 0, alpha - won, beta - won);
        }
        if n == 0 {
            if self.hands[leader].iter().all(|&h| h == 0) {
                return 0;
            }
            if let Some(&(lo, hi)) = self.table.get(&(self.hands, leader)) {
                if lo == hi || lo >= beta {
                    return lo;
                }
                if hi <= alpha {
                    return hi;
                }
            }
        }
        let p = (leader + n) & 3;
        let maximise = p & 1 == 0;
        let led = trick[0].0;
        let must_follow = n > 0 && self.hands[p][led] != 0;
        let (mut a, mut b) = (alpha, beta);
        let mut best = if maximise { -1 } else { 14 };
        'suits: for s in 0..4 {
            if must_follow && s != led {
                continue;
            }
            let mut cards = self.hands[p][s];
            while cards != 0 {
                let r = cards.trailing_zeros() as u8;
                cards &= cards - 1;
                self.hands[p][s] &= !(1 << r);
                trick[n] = (s, r);
                let v = self.value(leader, trick, n + 1, a, b);
                self.hands[p][s] |= 1 << r;
                if maximise {
                    best = best.max(v);
                    a = a.max(v);
                } else {
                    best = best.min(v);
                    b = b.min(v);
                }
                if a >= b {
                    break 'suits;
                }
            }
        }
        if n == 0 {
            let e = self.table.entry((self.hands, leader)).or_insert((0, 13));
            if best <= alpha {
                e.1 = e.1.min(best);
            } else if best >= beta {
                e.0 = e.0.max(best);
            } else {
                *e = (best, best);
            }
        }
        best
    }

    /// Index within the trick of the card that wins it.
    fn winner(&self, trick: &[(usize, u8); 4]) -> usize {
        let mut w = 0;
        for i in 1..4 {
            let (s, r) = trick[i];
            let (ws, wr) = trick[w];
            if (s == ws && r > wr) || (s == self.trump && ws != self.trump) {
                w = i;
            }
        }
        w
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::{Card, Deal, Seat, Strain, Suit};

    fn board(pbn: &str, trump: Strain, first: Seat) -> Board {
        Board::new(Deal::from_pbn(pbn).unwrap(), trump, first)
    }

    #[test]
    fn two_card_endings() {
        let b = board("N:AK... QJ... 32... T9...", Strain::NoTrump, Seat::North);
        assert_eq!(reference_tricks(&b), 2);
        let b = board("N:AK... QJ... 32... T9...", Strain::NoTrump, Seat::East);
        assert_eq!(reference_tricks(&b), 0);
        // East ruffs the ace of spades or wins the heart, then leads its
        // last trump.
        let b = board(
            "N:A.2.. .K.2. 3.3.. 4.4..",
            Strain::Trump(Suit::Diamonds),
            Seat::North,
        );
        assert_eq!(reference_tricks(&b), 0);
    }

    #[test]
    fn mid_trick() {
        // North led the spade 2: East to play wins with the ace and cashes
        // the king of hearts.
        let mut b = board("N:.3.. A.K.. 3.2.. 4.4..", Strain::NoTrump, Seat::North);
        b.trick.push(Card::new(Suit::Spades, 2));
        assert_eq!(reference_tricks(&b), 2);
    }
}
