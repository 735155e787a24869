//! Move generation and ordering.
//!
//! Cards of one hand that are adjacent among the present cards (nothing in
//! between is held by another hand or lies in the current trick) are
//! equivalent; one move is generated per such group, played as the group's
//! highest card, with the lower ones in `seq`. Moves are ordered by a
//! heuristic weight plus a bonus for the table's best move. (A killer-move
//! bonus per depth was tried and removed: it overrode the heuristics and
//! made trees up to 18 times larger.)

use super::{Searcher, FULL};

/// One move: the highest card of an equivalence group.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Move {
    /// Suit 0..=3.
    pub suit: u8,
    /// Rank of the card played (the highest of its group).
    pub rank: u8,
    /// The lower equivalent cards of the group (holding bits).
    pub seq: u16,
    /// Ordering weight (higher first).
    pub weight: i32,
}

/// Ordering bonus of the table's best move.
const TT_W: i32 = 40;

/// At no trump the suit-length term of leads is milder (divisor 19, as
/// DDS's, instead of 13).
const NT_DEN: i32 = 19;
/// Penalty for leading a suit partner is void in, at no trump.
const NT_PVOID: i32 = 9;
/// Scale of the suit-length term of leads (eighths).
const LEN_W: i32 = 8;

/// Highest rank in a non-empty holding.
#[inline]
pub(crate) fn top(h: u16) -> u8 {
    (15 - h.leading_zeros()) as u8
}

/// Splits holding `h` into equivalence groups given the present cards.
/// Calls `f(top_rank, lower_cards)` for each group, highest group first.
#[inline]
pub(crate) fn groups(h: u16, present: u16, mut f: impl FnMut(u8, u16)) {
    let mut rest = h;
    while rest != 0 {
        let t = top(rest);
        rest &= !(1 << t);
        let mut low = t;
        let mut seq = 0u16;
        while rest != 0 {
            let next = top(rest);
            let between = ((1u16 << low) - 1) & !((2u16 << next) - 1);
            if present & between != 0 {
                break;
            }
            seq |= 1 << next;
            low = next;
            rest &= !(1 << next);
        }
        f(t, seq);
    }
}

/// Facts about leading one suit, shared by the cards of that suit.
#[derive(Clone, Copy)]
struct LeadSuit {
    /// The card-independent part of the weight.
    base: i32,
    /// Partner can ruff the suit and the opponents cannot.
    partner_ruff: bool,
    /// The suit's highest remaining card.
    top: u8,
    /// The opponents have no card of the suit.
    opp_void: bool,
    /// Partner's best card beats the opponents' (or they have none).
    partner_boss: bool,
    /// The opponents hold the suit's best card.
    opp_over: bool,
    /// ... and it is left-hand opponent who holds it.
    lho_holds_top: bool,
}

/// Facts about the trick so far, shared by every follower's move.
#[derive(Default)]
struct FollowCtx {
    ws: usize,
    wr: u8,
    partner_winning: bool,
    partner_sure: bool,
    /// Highest led-suit card among opponents still to play (0 if none).
    opp_follow_max: u8,
    /// Some opponent still to play is void in the led suit and holds trumps.
    opp_ruff: bool,
    /// Highest trump among those opponents.
    opp_ruff_max: u8,
}

impl FollowCtx {
    /// True if an opponent still to play can beat (s, r) were it winning.
    #[inline]
    fn can_be_beaten(&self, led: usize, trump: usize, s: usize, r: u8) -> bool {
        (s == led && self.opp_follow_max > r)
            || (self.opp_ruff && (s != trump || self.opp_ruff_max > r))
    }
}

impl Searcher {
    /// Fills `list` with the ordered moves of the player to play; returns
    /// how many. `tt_best` is the table's suggestion (suit << 4 | rank, or 0).
    pub(super) fn gen_moves(&self, list: &mut [Move; 13], tt_best: u8) -> usize {
        let p = self.player();
        let mut n = 0;
        let following = self.trick_len > 0 && self.hands[p][self.trick_suit[0]] != 0;
        for s in 0..4 {
            if following && s != self.trick_suit[0] {
                continue;
            }
            let h = self.hands[p][s];
            if h == 0 {
                continue;
            }
            let present = FULL & !self.removed[s];
            let forbidden = if self.depth == 0 {
                self.forbidden[s]
            } else {
                0
            };
            groups(h, present, |t, seq| {
                if forbidden & (1 << t) != 0 {
                    return;
                }
                list[n] = Move {
                    suit: s as u8,
                    rank: t,
                    seq,
                    weight: 0,
                };
                n += 1;
            });
        }
        if n <= 1 {
            return n;
        }
        let ctx = if self.trick_len > 0 {
            let ws = self.trick_suit[self.win_idx];
            let wr = self.trick_rank[self.win_idx];
            let win_seat = (self.leader + self.win_idx) & 3;
            let partner_winning = (win_seat ^ p) & 1 == 0;
            let (opp_follow_max, opp_ruff, opp_ruff_max) = self.opponents_left(p);
            let mut ctx = FollowCtx {
                ws,
                wr,
                partner_winning,
                partner_sure: false,
                opp_follow_max,
                opp_ruff,
                opp_ruff_max,
            };
            ctx.partner_sure =
                partner_winning && !ctx.can_be_beaten(self.trick_suit[0], self.trump, ws, wr);
            ctx
        } else {
            FollowCtx::default()
        };
        let mut suit_facts: Option<(u8, LeadSuit)> = None;
        for m in list[..n].iter_mut() {
            m.weight = if self.trick_len == 0 {
                // Moves come suit by suit: the suit's facts once per suit.
                let f = match suit_facts {
                    Some((s, f)) if s == m.suit => f,
                    _ => {
                        let f = self.lead_suit(p, m.suit as usize);
                        suit_facts = Some((m.suit, f));
                        f
                    }
                };
                Self::lead_weight(&f, m.rank)
            } else {
                self.follow_weight(p, m, &ctx)
            };
        }
        if self.depth == 0 {
            // A caller's root order replaces the weights; unlisted moves
            // keep theirs and come after the listed ones.
            for m in list[..n].iter_mut() {
                let place = self.root_order[m.suit as usize][m.rank as usize];
                if place != 0 {
                    m.weight = 10_000 - place as i32;
                } else if self.root_order != [[0; 16]; 4] {
                    m.weight -= 10_000;
                }
            }
        }
        if tt_best != 0 {
            let (ts, tr) = (tt_best >> 4, tt_best & 15);
            if let Some(m) = list[..n]
                .iter_mut()
                .find(|m| m.suit == ts && ((1u16 << m.rank) | m.seq) & (1 << tr) != 0)
            {
                m.weight += TT_W;
            }
        }
        // Insertion sort, stable, highest weight first.
        for i in 1..n {
            let m = list[i];
            let mut j = i;
            while j > 0 && list[j - 1].weight < m.weight {
                list[j] = list[j - 1];
                j -= 1;
            }
            list[j] = m;
        }
        n
    }

    /// The facts about leading suit `s` that do not depend on the card.
    fn lead_suit(&self, p: usize, s: usize) -> LeadSuit {
        let partner = (p + 2) & 3;
        let lho = (p + 1) & 3;
        let rho = (p + 3) & 3;
        let present = FULL & !self.removed[s];
        let opp = self.hands[lho][s] | self.hands[rho][s];
        let ours = self.hands[p][s] | self.hands[partner][s];
        // Prefer suits where the opponents have few cards to answer with
        // (a smaller tree); a void opponent may discard anything.
        let replies = |o: usize| match self.hands[o][s].count_ones() {
            0 => self.tricks_left,
            n => n as i32,
        };
        let denom = if self.trump == 4 { NT_DEN } else { 13 };
        let mut base = -(((replies(lho) + replies(rho)) * 4 * 32) / denom) * LEN_W / 8;
        if self.trump == 4 && self.hands[partner][s] == 0 {
            base -= NT_PVOID;
        }
        let mut partner_ruff = false;
        if self.trump < 4 {
            let t = self.trump;
            if s != t {
                let ruffs = |o: usize| self.hands[o][s] == 0 && self.hands[o][t] != 0;
                if ruffs(lho) || ruffs(rho) {
                    base -= 30;
                } else {
                    partner_ruff = ruffs(partner);
                }
            } else if opp == 0 {
                base -= 20;
            } else {
                base += 10;
            }
        }
        // Where right-hand opponent holds one of the two top cards, he sits
        // over our lead: avoid the suit. Where left-hand opponent holds the
        // top and partner the second, leading through is promising.
        let first = top(present);
        let rest = present & !(1 << first);
        let owner = |r: u8| (0..4).find(|&h| self.hands[h][s] & (1 << r) != 0);
        let w1 = owner(first);
        let w2 = if rest != 0 { owner(top(rest)) } else { None };
        if w1 == Some(rho) || w2 == Some(rho) {
            if self.hands[rho][s].count_ones() != 1 {
                base -= 12;
            }
        } else if w1 == Some(lho) && w2 == Some(partner) && self.hands[partner][s].count_ones() != 1
        {
            base += 27;
        }
        if self.trump == 4 {
            base += 2 * ours.count_ones() as i32 - opp.count_ones() as i32;
        }
        let partner_boss =
            self.hands[partner][s] != 0 && (opp == 0 || top(self.hands[partner][s]) > top(opp));
        let opp_over = opp != 0 && top(opp) > top(ours);
        LeadSuit {
            base,
            partner_ruff,
            top: first,
            opp_void: opp == 0,
            partner_boss,
            opp_over,
            lho_holds_top: opp_over && self.hands[lho][s] & (1 << top(opp)) != 0,
        }
    }

    /// Weight of leading the card of rank `rank` in a suit described by `f`.
    #[inline]
    fn lead_weight(f: &LeadSuit, rank: u8) -> i32 {
        let r = rank as i32;
        let mut w = f.base;
        if f.partner_ruff {
            w += 30 - r;
        }
        if rank == f.top {
            // A winner: cash it.
            w += 40;
            if f.opp_void {
                w -= 15;
            }
        } else if f.partner_boss {
            // Partner holds the boss: lead low towards it.
            w += 30 - r;
        } else if f.opp_over {
            // Opponents hold the top: lead low, avoid breaking honours.
            w += 10 - r;
            if f.lho_holds_top && r >= 11 {
                w -= 10;
            }
        } else {
            w += 5 - r / 2;
        }
        w
    }

    /// What the opponents of `p` still to play in this trick can do.
    #[inline]
    fn opponents_left(&self, p: usize) -> (u8, bool, u8) {
        let led = self.trick_suit[0];
        let (mut follow_max, mut ruff, mut ruff_max) = (0u8, false, 0u8);
        for k in (self.trick_len + 1)..4 {
            let o = (self.leader + k) & 3;
            if (o ^ p) & 1 == 0 {
                continue;
            }
            let follow = self.hands[o][led];
            if follow != 0 {
                follow_max = follow_max.max(top(follow));
            } else if self.trump < 4 && self.hands[o][self.trump] != 0 {
                ruff = true;
                ruff_max = ruff_max.max(top(self.hands[o][self.trump]));
            }
        }
        (follow_max, ruff, ruff_max)
    }

    /// Weight of a card played to a trick already led.
    #[inline]
    fn follow_weight(&self, p: usize, m: &Move, ctx: &FollowCtx) -> i32 {
        let s = m.suit as usize;
        let r = m.rank;
        let ri = r as i32;
        let led = self.trick_suit[0];
        let (ws, wr) = (ctx.ws, ctx.wr);
        let (partner_winning, partner_sure) = (ctx.partner_winning, ctx.partner_sure);
        let beats = (s == ws && r > wr) || (s == self.trump && ws != self.trump);
        let sure = beats && !ctx.can_be_beaten(led, self.trump, s, r);
        if s == led {
            if partner_sure {
                return 50 - ri;
            }
            if sure {
                return 80 - ri;
            }
            if partner_winning {
                return 40 - ri;
            }
            if beats {
                return if self.trick_len == 2 {
                    35 + ri / 2
                } else {
                    20 - ri
                };
            }
            return 30 - ri;
        }
        if s == self.trump {
            if partner_sure {
                return -10 - ri;
            }
            if sure {
                return 70 - ri;
            }
            if beats {
                return 30 - ri;
            }
            return -ri;
        }
        // A discard: keep winners, shed low cards of long suits.
        let present = FULL & !self.removed[s];
        let mut w = 20 - ri + self.hands[p][s].count_ones() as i32;
        if r == top(present) {
            w -= 20;
        }
        w
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_follow_present_cards() {
        // Hand KQ9 8; present all: groups KQ, 98? J,T present elsewhere.
        let h: u16 = (1 << 13) | (1 << 12) | (1 << 9) | (1 << 8);
        let mut out = vec![];
        groups(h, FULL, |t, seq| out.push((t, seq)));
        assert_eq!(out, vec![(13, 1 << 12), (9, 1 << 8)]);
        // With J and T gone, all four are one group.
        let present = FULL & !((1 << 11) | (1 << 10));
        out.clear();
        groups(h, present, |t, seq| out.push((t, seq)));
        assert_eq!(out, vec![(13, (1 << 12) | (1 << 9) | (1 << 8))]);
    }
}
