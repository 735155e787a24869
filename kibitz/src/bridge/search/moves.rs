//! Move generation and ordering.
//!
//! Cards of one hand that are adjacent among the present cards (nothing in
//! between is held by another hand or lies in the current trick) are
//! equivalent; one move is generated per such group, played as the group's
//! highest card, with the lower ones in `seq`.
//!
//! Moves are ordered with DDS 2.9's own move-ordering heuristic
//! (`dds_order`: its weights for the leader and for each following hand,
//! and its sorting networks), the leader's moves with DDS's bonuses for
//! the move that last caused a cut-off at the same depth and for the
//! table's best move. At the root no bonus applies, so the root order is
//! DDS's root order and a root search answers with DDS's card.
//!
//! Measured on 100 seeded deals (`SolveBoard(-1, 3, 1)`): with our former
//! hand-made weights the search visited 34.3 M trick-boundary nodes; with
//! DDS's weights 20.0 M (leader weights alone 25.1 M, followers' alone
//! 28.1 M, without the two bonuses 22.7 M). Taking the table hint as DDS
//! does (from the last entry that decided a node at the same depth, not
//! from the current position's undecided entries) gave 19.8 M.
//!
//! Below the root most nodes never need the list: the search first tries
//! one likely refutation (the cut cache's card, see `cut_cache`, or the
//! fourth hand's first card in DDS's order when it follows suit,
//! [`Searcher::fourth_hand_first`]) and builds the list only when that
//! card fails. Below the root, the third and fourth hands following suit
//! get DDS's order without its weights and sort (there its weights are
//! all distinct, so the order follows from a few comparisons).

use super::{Searcher, FULL};
pub(crate) use crate::bridge::dds_order::MoveList;
use crate::bridge::dds_order::{gen_groups, ordered_moves, Ctx, Hints};
use crate::bridge::popcount;

/// One move: the highest card of an equivalence group, with its lower
/// equivalent cards (`seq`) and its ordering weight. The move generator's
/// own type, so the ordered list needs no copying.
pub use crate::bridge::dds_order::RootMove as Move;

/// Highest rank in a non-empty holding.
#[inline]
pub(crate) fn top(h: u16) -> u8 {
    (15 - h.leading_zeros()) as u8
}

/// The `n`-th highest card (1 = highest) of `cards` as a rank bit; 0 for
/// `n == 0` or when there are fewer than `n` cards. Looked up a byte at a
/// time in [`NTH_IN_BYTE`] instead of taking off `n - 1` top cards.
#[inline]
pub(crate) fn nth_highest(cards: u16, n: u32) -> u16 {
    let n = n as usize;
    if n == 0 || n > 16 {
        return 0;
    }
    let high = usize::from(cards >> 8);
    let in_high = popcount::count(high as u16) as usize;
    if n <= in_high {
        return u16::from(NTH_IN_BYTE[high][n - 1]) << 8;
    }
    let low = usize::from(cards & 0xff);
    if n - in_high > popcount::count(low as u16) as usize {
        return 0;
    }
    u16::from(NTH_IN_BYTE[low][n - in_high - 1])
}

/// `NTH_IN_BYTE[b][k]`: the bit of the `k + 1`-th highest set bit of the
/// byte `b` (0 when it has fewer).
static NTH_IN_BYTE: [[u8; 8]; 256] = {
    let mut t = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut k = 0;
        let mut bit = 8;
        while bit > 0 {
            bit -= 1;
            if b & (1 << bit) != 0 {
                t[b][k] = 1 << bit;
                k += 1;
            }
        }
        b += 1;
    }
    t
};

/// The highest card of the group of equivalent cards (see the module
/// comment) that `rank`, a card of `held`, belongs to, as [`gen_groups`]
/// forms the groups; `removed` are the suit's cards out of play (cards of
/// the current trick are not, and split groups).
#[inline]
pub(crate) fn group_top(held: u16, removed: u16, rank: u8) -> u8 {
    let others = FULL & !removed & !held;
    let above = others & !((2u16 << rank) - 1);
    // The cards below the lowest of `above` (all when it is empty).
    let ceiling = (above & above.wrapping_neg()).wrapping_sub(1);
    top(held & ceiling)
}

/// The lower cards of the group whose highest card is `high` (a card of
/// `held`): DDS's `sequence` of that move, as in [`gen_groups`].
#[inline]
pub(crate) fn group_below(held: u16, removed: u16, high: u8) -> u16 {
    let others = FULL & !removed & !held;
    let under = (1u16 << high) - 1;
    let below = others & under;
    let floor = if below == 0 {
        0
    } else {
        (2u16 << top(below)) - 1
    };
    held & under & !floor
}

/// The third hand's order when it follows suit (see
/// [`Searcher::third_hand_following`]).
enum ThirdOrder {
    /// Lowest card first.
    Low,
    /// The cards above the rank, lowest first, then the rest lowest first.
    Over(u8),
    /// DDS's forcing card (if any) first, then the rest lowest first.
    Force,
}

impl Searcher {
    /// Fills `list` with the ordered moves of the player to play; returns
    /// how many. `tt_best` is the table hint (suit << 4 | rank, or 0): as
    /// DDS's, the best move of the last table entry that decided a node at
    /// this depth. At the root, forbidden cards are left out (the order of the
    /// rest is kept, as DDS's purge keeps it).
    pub(super) fn gen_moves(&self, list: &mut MoveList, tt_best: u8) -> usize {
        // (A follower's single card of the suit led never comes here below
        // the root: the search plays it at once, `Searcher::play_forced`.)
        if self.trick_len >= 2 && self.depth > 0 {
            let ls = self.trick_suit[0];
            let held = self.hands[self.player()][ls];
            if held != 0 {
                let n = if self.trick_len == 3 {
                    self.fourth_hand_following(held, ls, list)
                } else {
                    self.third_hand_following(held, ls, list)
                };
                // The direct orders must be DDS's weighted order exactly
                // (checked in every debug and test build).
                #[cfg(debug_assertions)]
                {
                    let mut weighted = MoveList::default();
                    let m = self.weighted_moves(&mut weighted, tt_best);
                    let cards = |l: &[crate::bridge::dds_order::RootMove]| {
                        l.iter().map(|x| (x.suit, x.rank)).collect::<Vec<_>>()
                    };
                    debug_assert_eq!(cards(&list[..n]), cards(&weighted[..m]));
                }
                return n;
            }
        }
        self.weighted_moves(list, tt_best)
    }

    /// [`Searcher::gen_moves`] by DDS's weights and sort, for every
    /// position (the followers' direct orders give the same).
    fn weighted_moves(&self, list: &mut MoveList, tt_best: u8) -> usize {
        let mut trick = [(0usize, 0i32); 3];
        for (k, card) in trick.iter_mut().enumerate().take(self.trick_len) {
            *card = (self.trick_suit[k], i32::from(self.trick_rank[k]));
        }
        let ctx = Ctx::from_search(
            &self.hands,
            (self.trump < 4).then_some(self.trump),
            self.leader,
            trick,
            self.trick_len,
            self.removed,
            self.tricks_left - 1,
        );
        let hints = if self.depth == 0 {
            Hints::default()
        } else {
            Hints {
                killer: self.cut_move[self.depth],
                table: tt_best,
            }
        };
        ordered_moves(&ctx, hints, list);
        if self.depth == 0 {
            list.retain(|m| self.forbidden[m.suit as usize] & (1 << m.rank) == 0);
        }
        list.len()
    }

    /// The first card of [`Searcher::fourth_hand_following`]'s order.
    #[inline]
    pub(super) fn fourth_hand_first(&self, held: u16, ls: usize) -> u8 {
        let w = self.win_idx;
        let low = held.trailing_zeros() as u8;
        if w == 1 || self.trick_suit[w] != ls {
            return low;
        }
        let above = held & !((2u16 << self.trick_rank[w]) - 1);
        if above == 0 {
            low
        } else {
            above.trailing_zeros() as u8
        }
    }

    /// The third hand's moves when it follows suit, in DDS's order
    /// without computing DDS's weights (`follow`'s `trump_notvoid2` and
    /// `nt_notvoid2`). Those weights are all distinct: the cards that beat
    /// a bar (the fourth hand's top card and the card winning the trick)
    /// get `base - rank`, the others `-rank`, and at most one card, when
    /// no card beats the fourth hand, gets 20 more, which puts it above
    /// every other. So DDS's sort gives one of three orders: lowest first
    /// (`Low`), the cards over a bar lowest first then the rest lowest
    /// first (`Over`), or one card first, then the rest lowest first
    /// (`Force`, DDS's `RankForcesAce`).
    fn third_hand_following(&self, held: u16, ls: usize, list: &mut MoveList) -> usize {
        gen_groups(held, self.removed[ls], ls, list);
        let n = list.len();
        if n == 1 {
            return 1;
        }
        let tr = self.trump;
        let ftest = tr < 4 && FULL & !self.removed[tr] != 0;
        let cards4 = self.hands[(self.leader + 3) & 3][ls];
        let max4 = if cards4 == 0 { 0 } else { top(cards4) };
        let min4 = if cards4 == 0 {
            0
        } else {
            cards4.trailing_zeros() as u8
        };
        let max3 = list[0].rank;
        let w = self.win_idx;
        let led = self.trick_rank[0];
        let (ws, second) = (self.trick_suit[w], self.trick_rank[w]);
        let too_low = max3 < min4 || max3 < second;
        let order = if ftest {
            if ls == tr {
                if (w == 0 && led > max4) || too_low {
                    ThirdOrder::Low
                } else if max3 > max4 {
                    ThirdOrder::Over(max4.max(second))
                } else {
                    ThirdOrder::Force
                }
            } else if ws == tr {
                ThirdOrder::Low
            } else if w == 0 {
                if max4 == 0 || led > max4 || too_low {
                    ThirdOrder::Low
                } else if max3 > max4 {
                    ThirdOrder::Over(max4)
                } else {
                    ThirdOrder::Force
                }
            } else if max4 == 0 {
                ThirdOrder::Over(second)
            } else if too_low {
                ThirdOrder::Low
            } else if max3 > max4 {
                ThirdOrder::Over(max4.max(second))
            } else {
                ThirdOrder::Force
            }
        } else if (w == 0 && led > max4) || too_low {
            ThirdOrder::Low
        } else if max4 > max3 && max4 > second {
            ThirdOrder::Force
        } else {
            // No card of ours beats both: all play low.
            ThirdOrder::Over(max4.max(second))
        };
        let list = &mut list[..n];
        match order {
            ThirdOrder::Low => list.reverse(),
            ThirdOrder::Over(bar) => {
                let k = list.iter().take_while(|m| m.rank > bar).count();
                list[..k].reverse();
                list[k..].reverse();
            }
            ThirdOrder::Force => {
                list.reverse();
                if let Some(bar) = self.forcing_bar(cards4, ls) {
                    if let Some(j) = list.iter().position(|m| m.rank > bar) {
                        list[..=j].rotate_right(1);
                    }
                }
            }
        }
        n
    }

    /// DDS's `RankForcesAce` for the third hand: the rank its forcing card
    /// must beat (the top of the fourth hand's second group when that is
    /// above the card winning the trick, else that card if partner's), or
    /// `None`.
    fn forcing_bar(&self, cards4: u16, ls: usize) -> Option<u8> {
        // The fourth hand's cards below its first group (groups merge
        // across cards of earlier tricks), as `gen_groups` forms them.
        let max4 = top(cards4);
        let rest = cards4 & !(1 << max4) & !group_below(cards4, self.removed[ls], max4);
        if rest == 0 {
            return None;
        }
        let second_rho = top(rest);
        let w = self.win_idx;
        let second = self.trick_rank[w];
        if second_rho > second {
            Some(second_rho)
        } else if w == 1 {
            Some(second)
        } else {
            None
        }
    }

    /// The fourth hand's moves when it follows suit, in DDS's order
    /// without computing DDS's weights: when partner's card or a ruff
    /// wins the trick, lowest first; otherwise the cards that win it,
    /// lowest first, then the others, lowest first. (DDS's weights there,
    /// `30 - rank` for a winner and `-rank` otherwise, are all distinct, so
    /// its sort gives exactly this order.)
    fn fourth_hand_following(&self, held: u16, ls: usize, list: &mut MoveList) -> usize {
        gen_groups(held, self.removed[ls], ls, list);
        let n = list.len();
        let w = self.win_idx;
        // The second card is partner's; a winner of another suit is a ruff.
        if w == 1 || self.trick_suit[w] != ls {
            list[..n].reverse();
        } else {
            let beat = self.trick_rank[w];
            let k = list.iter().take_while(|m| m.rank > beat).count();
            list[..k].reverse();
            list[k..n].reverse();
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::search::SearchPos;

    #[test]
    fn nth_highest_matches_taking_off_top_cards() {
        for cards in (0..=0x7fffu16).step_by(7).chain([0x7ffc, 0x7fff, 1 << 14]) {
            let mut rest = cards;
            for n in 1..=16u32 {
                let want = if rest == 0 { 0 } else { 1 << top(rest) };
                assert_eq!(nth_highest(cards, n), want, "{cards:#x} {n}");
                rest &= !want;
            }
            assert_eq!(nth_highest(cards, 0), 0);
        }
        assert_eq!(nth_highest(0b1011 << 4, 2), 1 << 5);
    }

    /// Every card of every group `gen_groups` forms maps to that group.
    #[test]
    fn group_top_and_below_match_gen_groups() {
        for x in (0..=0x3fff_ffffu32).step_by(104_729) {
            let held = (x as u16) & 0x7ffc;
            let removed = ((x >> 15) as u16) & 0x7ffc & !held;
            let mut list = MoveList::default();
            gen_groups(held, removed, 0, &mut list);
            for m in list.iter() {
                let mut cards = m.seq | (1 << m.rank);
                while cards != 0 {
                    let r = cards.trailing_zeros() as u8;
                    assert_eq!(group_top(held, removed, r), m.rank, "{held:#x} {r}");
                    assert_eq!(group_below(held, removed, m.rank), m.seq, "{held:#x}");
                    cards &= cards - 1;
                }
            }
        }
    }

    /// North leads at no trump holding KQ9 8 of spades with J and T
    /// elsewhere: two groups, KQ and 98; the lower card of each group is
    /// its `seq`.
    #[test]
    fn groups_follow_present_cards() {
        let mut hands = [[0u16; 4]; 4];
        hands[0][0] = (1 << 13) | (1 << 12) | (1 << 9) | (1 << 8);
        hands[1][0] = 1 << 11;
        hands[2][0] = 1 << 10;
        hands[3][0] = (1 << 14) | (1 << 2) | (1 << 3) | (1 << 4);
        hands[1][1] = 0b111 << 2;
        hands[2][1] = 0b111 << 5;
        let pos = SearchPos {
            hands,
            trump: 4,
            leader: 0,
            trick: [(0, 0); 3],
            trick_len: 0,
        };
        let mut s = Searcher::new(1024);
        s.set_position(&pos);
        let mut list = MoveList::default();
        let n = s.gen_moves(&mut list, 0);
        let mut got: Vec<(u8, u16)> = list[..n].iter().map(|m| (m.rank, m.seq)).collect();
        got.sort();
        assert_eq!(got, vec![(9, 1 << 8), (13, 1 << 12)]);
    }
}
