//! Quick tricks and later tricks: cheap, sound bounds at trick boundaries.
//!
//! Quick tricks are a lower bound on what the side on lead can cash at
//! once. Per suit, count the top present cards held by the hand that cashes
//! them. With a trump suit, a side suit counts only as many rounds as every
//! opponent holding a trump can follow; trumps themselves always count. The
//! suits can be cashed one after another: an opponent who could ruff must
//! follow in every round counted. The side may also cross to partner first
//! with a small card of a suit partner tops, and cash partner's winners;
//! at no trump the leader may cash its own winners before crossing (as
//! DDS's quick tricks count both hands' winners).
//!
//! Later tricks: in a trump contract, each trump of one hand falls in a
//! trick of its own and loses it only to a higher trump of an opponent,
//! each opponent's trump in one trick at most; so that hand's side gets at
//! least its trumps from the top down to any rank, less the opponents'
//! trumps above that rank, whatever happens (down to its lowest trump the
//! count needs no rank at all: the lengths are part of every table key).
//! Below the top trump, a few holdings of the second and third trumps are
//! sure of a trick or two for the side not on lead as well (DDS's).

use super::moves::{nth_highest, top};
use super::FULL;
use crate::bridge::popcount;

/// How many of the top `present` cards (at most `limit`) `holding` owns
/// in an unbroken run from the top.
#[inline]
fn top_run(holding: u16, mut present: u16, limit: u32) -> u32 {
    let mut k = 0u32;
    while present != 0 && k < limit {
        let t = top(present);
        if holding & (1 << t) == 0 {
            break;
        }
        k += 1;
        present &= !(1 << t);
    }
    k
}

/// The cards `hand` holds.
#[inline]
fn hand_cards(hands: &[[u16; 4]; 4], hand: usize) -> u32 {
    hands[hand].iter().map(|&h| popcount::count(h)).sum()
}

/// What one hand cashes on lead, suit by suit: [`cash`] before the ranks
/// relied on are chosen (they depend on the tricks needed; the counts do
/// not, so a caller asking for several counts computes these once).
#[derive(Clone, Copy, Default)]
struct Cashed {
    /// Tricks in all.
    total: u32,
    /// Tricks per suit (0: the suit is not cashed).
    per_suit: [u32; 4],
    /// Per suit, the run of top cards cashed.
    run: [u32; 4],
    /// Per suit, the most cards of it another hand holds.
    others: [u32; 4],
}

/// Quick tricks cashed by `hand` on lead, the lowest rank counted per
/// suit (see [`cash_ranks`]) and the tricks counted per suit.
///
/// The trump suit is cashed first: every round of top trumps also draws a
/// trump from each opponent, and once the opponents have none left the side
/// suits are safe from ruffs. In each suit the hand cashes its run of top
/// cards; if by then nobody else has a card left in the suit (and no
/// opponent can ruff), every remaining card of the suit is a winner too.
#[inline]
fn cash(
    hands: &[[u16; 4]; 4],
    removed: [u16; 4],
    trump: usize,
    hand: usize,
    need: u32,
) -> (u32, [u16; 4], [u32; 4]) {
    let mut ranks = [0u16; 4];
    let c = cash_counts(
        hands,
        removed,
        trump,
        hand,
        |s, total, k, others, tricks| {
            if total < need && others > 0 {
                ranks[s] = suit_rank(removed[s], need - total, k, others, tricks);
            }
        },
    );
    (c.total, ranks, c.per_suit)
}

/// The counts of [`cash`]; `each` sees every suit counted, in order, with
/// the total before it, its run, the most cards another hand holds and
/// its tricks.
#[inline(always)]
fn cash_counts(
    hands: &[[u16; 4]; 4],
    removed: [u16; 4],
    trump: usize,
    hand: usize,
    mut each: impl FnMut(usize, u32, u32, u32, u32),
) -> Cashed {
    let lho = (hand + 1) & 3;
    let rho = (hand + 3) & 3;
    let part = (hand + 2) & 3;
    let len = |h: usize, s: usize| popcount::count(hands[h][s]);
    let mut c = Cashed::default();
    let (mut lho_trumps, mut rho_trumps) = if trump < 4 {
        (len(lho, trump), len(rho, trump))
    } else {
        (0, 0)
    };
    // Partner holding nothing but trumps would have to ruff our winners
    // and take the lead: then side suits are not counted.
    let partner_only_trumps =
        trump < 4 && hands[part][trump] != 0 && (0..4).all(|s| s == trump || hands[part][s] == 0);
    // The trump suit first, then the side suits.
    let order = [trump, 0, 1, 2, 3];
    for (i, &s) in order.iter().enumerate() {
        if s >= 4 || (i > 0 && s == trump) || hands[hand][s] == 0 {
            continue;
        }
        let is_trump = s == trump;
        if trump < 4 && !is_trump && partner_only_trumps {
            continue;
        }
        let mut limit = 13u32;
        if trump < 4 && !is_trump {
            if lho_trumps > 0 {
                limit = limit.min(len(lho, s));
            }
            if rho_trumps > 0 {
                limit = limit.min(len(rho, s));
            }
        }
        let k = top_run(hands[hand][s], FULL & !removed[s], limit);
        if k == 0 {
            continue;
        }
        let mut tricks = k;
        let others = len(lho, s).max(len(rho, s)).max(len(part, s));
        let ruff_safe = trump >= 4 || is_trump || (lho_trumps == 0 && rho_trumps == 0);
        if others <= k && ruff_safe {
            tricks = len(hand, s);
        }
        if is_trump {
            lho_trumps = lho_trumps.saturating_sub(k);
            rho_trumps = rho_trumps.saturating_sub(k);
        }
        each(s, c.total, k, others, tricks);
        c.total += tricks;
        c.per_suit[s] = tricks;
        c.run[s] = k;
        c.others[s] = others;
    }
    c
}

/// The lowest rank of a suit that [`cash`] relies on, `short` tricks still
/// to count: see [`cash_ranks`].
#[inline(always)]
fn suit_rank(removed: u16, short: u32, k: u32, others: u32, tricks: u32) -> u16 {
    let mut m = short.min(k);
    if tricks > k || others < m {
        m = others.min(short);
    }
    nth_highest(FULL & !removed, m)
}

/// The ranks [`cash`] relies on for `need` tricks, per suit the lowest.
///
/// Ranks only for the tricks up to `need`: the suit that completes the
/// count relies on just the top cards it needs. A suit nobody else holds
/// relies on no rank: the suit lengths (part of every table key) already
/// say its cards all win. Once the other hands are void (after `others`
/// rounds, when the suit is counted to its length) the rest wins by
/// length: only the top `others` cards are relied on (macroxue caps its
/// fast tricks' ranks the same way).
#[inline]
fn cash_ranks(c: &Cashed, removed: [u16; 4], trump: usize, need: u32) -> [u16; 4] {
    let mut ranks = [0u16; 4];
    let mut total = 0;
    for (i, &s) in [trump, 0, 1, 2, 3].iter().enumerate() {
        if total >= need {
            break;
        }
        if s >= 4 || (i > 0 && s == trump) || c.per_suit[s] == 0 {
            continue;
        }
        let (k, others, tricks) = (c.run[s], c.others[s], c.per_suit[s]);
        if others > 0 {
            ranks[s] = suit_rank(removed[s], need - total, k, others, tricks);
        }
        total += tricks;
    }
    ranks
}

/// A cheap upper bound on [`quick_tricks`]: each hand cashes nothing in a
/// suit whose top card it lacks and at most its length in the others, and
/// the side cashes with one hand (the leader's, or partner's after a
/// crossing). False when the quick tricks cannot reach `need`.
#[inline]
pub fn quick_tricks_possible(
    hands: &[[u16; 4]; 4],
    removed: [u16; 4],
    trump: usize,
    leader: usize,
    need: u32,
) -> bool {
    let most = |h: usize| -> u32 {
        let mut n = 0;
        for s in 0..4 {
            let present = FULL & !removed[s];
            if present != 0 && hands[h][s] & (1 << top(present)) != 0 {
                n += popcount::count(hands[h][s]);
            }
        }
        n
    };
    if trump >= 4 {
        // At no trump both hands' winners may add up, and a suit the side
        // tops may give the longer hand's length.
        topped_rounds(hands, removed, leader) >= need
    } else {
        most(leader) >= need || most((leader + 2) & 3) >= need
    }
}

/// The rounds of the suits the side of `seat` tops, each counted at its
/// longer hand's length: the most tricks it can win in them at no trump.
#[inline]
fn topped_rounds(hands: &[[u16; 4]; 4], removed: [u16; 4], seat: usize) -> u32 {
    let partner = (seat + 2) & 3;
    let mut n = 0;
    for s in 0..4 {
        let present = FULL & !removed[s];
        let ours = hands[seat][s] | hands[partner][s];
        if present != 0 && ours & (1 << top(present)) != 0 {
            n += popcount::count(hands[seat][s]).max(popcount::count(hands[partner][s]));
        }
    }
    n
}

/// Returns the quick tricks of the side of `leader` (on lead) and, per
/// suit, the lowest rank counted (the cards at and above it, and the suit
/// lengths, are what the bound relies on). Once `need` tricks are counted
/// the ranks cover only those (fewer ranks make the table's entries
/// answer for more positions); the count goes on. `split`: whether split
/// tops at no trump may count (see [`split_tops`]).
#[inline]
pub fn quick_tricks(
    hands: &[[u16; 4]; 4],
    removed: [u16; 4],
    trump: usize,
    leader: usize,
    need: u32,
    split: bool,
) -> (u32, [u16; 4]) {
    let (own, own_ranks, own_per_suit) = cash(hands, removed, trump, leader, need);
    if own >= need {
        return (own, own_ranks);
    }
    let partner = (leader + 2) & 3;
    // Partner's cashing, counted once for the ways of crossing below.
    let mut partner_cash = None;
    let (own, own_ranks) = if trump >= 4 {
        let best_split = if split {
            split_tops(hands, removed, leader, (own, own_ranks), own_per_suit)
        } else {
            (own, own_ranks)
        };
        if best_split.0 >= need {
            return best_split;
        }
        let mut best = best_split;
        let pc = *partner_cash.insert(cash_counts(hands, removed, 4, partner, |_, _, _, _, _| {}));
        if let Some(both) = own_then_partner(hands, removed, leader, need, own, own_ranks, &pc) {
            if both.0 > best.0 {
                best = both;
            }
        }
        if best.0 < need && split {
            let via_split = cross_by_split(
                hands,
                removed,
                leader,
                need,
                (own, own_ranks),
                own_per_suit,
                &pc,
            );
            if let Some(both) = via_split.filter(|b| b.0 > best.0) {
                best = both;
            }
        }
        best
    } else {
        (own, own_ranks)
    };
    // Crossing needs a suit the leader holds and partner tops.
    let can_cross = (0..4).any(|s| {
        let present = FULL & !removed[s];
        hands[leader][s] != 0 && hands[partner][s] & (1 << top(present)) != 0
    });
    if !can_cross {
        return (own, own_ranks);
    }
    let pc = partner_cash
        .unwrap_or_else(|| cash_counts(hands, removed, trump, partner, |_, _, _, _, _| {}));
    let (mut via, mut per_suit) = (pc.total, pc.per_suit);
    let mut via_ranks = cash_ranks(&pc, removed, trump, need);
    let finessed = if via < need {
        let counts = (&mut via, &mut via_ranks, &mut per_suit);
        add_finesse(hands, removed, trump, leader, counts)
    } else {
        None
    };
    if via > own {
        // Cross in a suit where partner cashes at least one round and the
        // leader holds a card of it (necessarily lower than partner's top).
        // The crossing round comes before any trumps are drawn, so an
        // opponent who could ruff it must still hold a card of the suit.
        let safe_first_round = |s: usize| {
            trump >= 4
                || s == trump
                || [(leader + 1) & 3, (leader + 3) & 3]
                    .iter()
                    .all(|&o| hands[o][trump] == 0 || hands[o][s] != 0)
        };
        let cross = finessed.or_else(|| {
            (0..4).find(|&s| per_suit[s] > 0 && hands[leader][s] != 0 && safe_first_round(s))
        });
        if let Some(s) = cross {
            // The crossing relies on partner's top card of that suit.
            if via_ranks[s] == 0 {
                via_ranks[s] = 1 << top(FULL & !removed[s]);
            }
            return (via, via_ranks);
        }
    }
    (own, own_ranks)
}

/// Split tops at no trump: in one suit one hand of the side holds the top
/// `k` present cards and the other hand the next one, `k + 1` rounds the
/// side takes whatever the opponents do.
///
/// - The leader holds the tops, holding `k + 1` cards or more, partner two
///   or more: a small card to partner's card, partner's small card back,
///   the leader's tops (order B); or, partner holding `k + 1` cards or
///   more, the leader's tops first and then a small card to partner's card
///   (order A).
/// - Partner holds the tops, each hand `k + 1` cards or more: a small card
///   to partner's tops, then partner's small card to the leader's card; or
///   the leader's card first (partner plays small under it), then a small
///   card to partner's tops.
///
/// Once the opponents hold no more than `k + 1` cards of the suit they are
/// void after those rounds, and the hand then on lead runs its remaining
/// cards if the other hand has none left to overtake them (with both
/// hands holding cards a higher card of the other hand may take the lead
/// into a hand that runs out: the suit blocks). So the longer hand's
/// length counts when the shorter hand holds just `k + 1` cards and the
/// order that ends in the longer hand is open to it; otherwise `k + 1`.
///
/// The suit is cashed after the leader's other winners (`counted`, per
/// suit in `per_suit`), so partner must have enough cards outside the
/// suit to play to those tricks. Returns the better of `counted` and the
/// count with the best such suit.
fn split_tops(
    hands: &[[u16; 4]; 4],
    removed: [u16; 4],
    leader: usize,
    counted: (u32, [u16; 4]),
    per_suit: [u32; 4],
) -> (u32, [u16; 4]) {
    let partner = (leader + 2) & 3;
    let len = |h: usize, s: usize| popcount::count(hands[h][s]);
    let partner_cards = hand_cards(hands, partner);
    let mut best = counted;
    for s in 0..4 {
        let present = FULL & !removed[s];
        let (lo, lp) = (len(leader, s), len(partner, s));
        let opps = len((leader + 1) & 3, s).max(len((leader + 3) & 3, s));
        let k = top_run(hands[leader][s], present, 13);
        let (next, tricks) = if k > 0 {
            let next = nth_highest(present, k + 1);
            if hands[partner][s] & next == 0 || lo < k + 1 || lp < 2 {
                continue;
            }
            // Order B ends in the leader, order A (partner keeping its
            // card under the tops) in partner.
            let tricks = if opps > k + 1 {
                k + 1
            } else if lp <= k + 1 {
                lo
            } else if lo == k + 1 {
                lp
            } else {
                k + 1
            };
            (next, tricks)
        } else {
            let k = top_run(hands[partner][s], present, 13);
            let next = nth_highest(present, k + 1);
            if k == 0 || hands[leader][s] & next == 0 || lo < k + 1 || lp < k + 1 {
                continue;
            }
            let tricks = if opps > k + 1 {
                k + 1
            } else if lp == k + 1 {
                lo
            } else if lo == k + 1 {
                lp
            } else {
                k + 1
            };
            (next, tricks)
        };
        let before = counted.0 - per_suit[s];
        if partner_cards - lp < before || before + tricks <= best.0 {
            continue;
        }
        let mut ranks = counted.1;
        ranks[s] = next;
        best = (before + tricks, ranks);
    }
    best
}

/// DDS's finesse position in suit `s`: partner holds the top and the third
/// present cards, the leader's left-hand opponent the second, and the
/// leader a card to lead. Led from the leader's hand, the suit gives
/// partner two rounds: the opponent plays before partner, who covers its
/// card with the top one or wins with the third. In a trump contract
/// neither opponent may ruff the two rounds (each holds two cards of the
/// suit or no trump). Returns the tricks partner takes in the suit (all
/// its cards when after two rounds nobody else holds the suit and no
/// opponent has a trump) and the third card's rank bit (the bound relies
/// on the owners of the top three cards).
fn finesse(
    hands: &[[u16; 4]; 4],
    removed: [u16; 4],
    trump: usize,
    leader: usize,
    s: usize,
) -> Option<(u32, u16)> {
    let partner = (leader + 2) & 3;
    let (lho, rho) = ((leader + 1) & 3, (leader + 3) & 3);
    if hands[leader][s] == 0 {
        return None;
    }
    let present = FULL & !removed[s];
    let third = nth_highest(present, 3);
    if third == 0
        || hands[partner][s] & nth_highest(present, 1) == 0
        || hands[lho][s] & nth_highest(present, 2) == 0
        || hands[partner][s] & third == 0
    {
        return None;
    }
    let len = |h: usize, s: usize| popcount::count(hands[h][s]);
    let side_suit = trump < 4 && s != trump;
    let trumps = |o: usize| side_suit && hands[o][trump] != 0;
    if (trumps(lho) && len(lho, s) < 2) || (trumps(rho) && len(rho, s) < 2) {
        return None;
    }
    let clears =
        len(leader, s) <= 2 && len(lho, s) <= 2 && len(rho, s) <= 2 && !trumps(lho) && !trumps(rho);
    Some((if clears { len(partner, s) } else { 2 }, third))
}

/// Adds the best finesse position (see [`finesse`]) among the suits
/// where partner's count `per_suit` is its top card alone to partner's
/// count `via`, `per_suit` and ranks `via_ranks`; returns its suit (the
/// suit to cross in), if any.
fn add_finesse(
    hands: &[[u16; 4]; 4],
    removed: [u16; 4],
    trump: usize,
    leader: usize,
    (via, via_ranks, per_suit): (&mut u32, &mut [u16; 4], &mut [u32; 4]),
) -> Option<usize> {
    let mut best: Option<(usize, u32, u16)> = None;
    for (s, &counted) in per_suit.iter().enumerate() {
        if counted != 1 {
            continue;
        }
        if let Some((tricks, third)) = finesse(hands, removed, trump, leader, s) {
            let gain = tricks.saturating_sub(1);
            if gain > best.map_or(0, |b| b.1) {
                best = Some((s, gain, third));
            }
        }
    }
    let (s, gain, third) = best?;
    *via += gain;
    per_suit[s] += gain;
    via_ranks[s] |= third;
    Some(s)
}

/// At no trump: the leader cashes its own winners (`own` tricks, relying on
/// `own_ranks`), then crosses to partner in a suit partner tops and partner
/// cashes its winners there and in its other suits. Partner plays to the
/// leader's tricks with cards it does not need for its own, so it must
/// hold at least `own` of them. Returns the count and ranks if some
/// crossing exists and partner adds a trick.
///
/// When that is not yet `need`, partner may then lead back to the leader
/// (DDS's "second best in own hand"): in each suit where partner's winners
/// are its top `k` cards and the leader holds the next one and `k + 1` or
/// more cards, that card wins once partner's winners are gone. Partner
/// leads back in one such suit where it holds `k + 1` or more cards too
/// (it keeps that card as well as its winners), and the leader keeps one
/// card per such suit while playing to partner's tricks.
fn own_then_partner(
    hands: &[[u16; 4]; 4],
    removed: [u16; 4],
    leader: usize,
    need: u32,
    own: u32,
    own_ranks: [u16; 4],
    partner_cash: &Cashed,
) -> Option<(u32, [u16; 4])> {
    let partner = (leader + 2) & 3;
    let (mut via, mut per_suit) = (partner_cash.total, partner_cash.per_suit);
    let mut via_ranks = cash_ranks(partner_cash, removed, 4, need - own);
    if via == 0 {
        return None;
    }
    // Short of the count: cross in a finesse position if there is one.
    let finessed = if own + via < need {
        let counts = (&mut via, &mut via_ranks, &mut per_suit);
        add_finesse(hands, removed, 4, leader, counts)
    } else {
        None
    };
    let cross = finessed.or_else(|| (0..4).find(|&s| per_suit[s] > 0 && hands[leader][s] != 0))?;
    // Partner keeps one card per trick it cashes (its top run, or all its
    // cards of a suit when they all win) and may throw the rest; it needs
    // no more winners than the count lacks, so it may throw winners beyond
    // those (keeping its card of the crossing suit).
    let cards = hand_cards(hands, partner);
    let keep = via.min(need - own);
    if cards - keep < own {
        return None;
    }
    let via = keep;
    let mut ranks = own_ranks;
    for s in 0..4 {
        ranks[s] |= via_ranks[s];
    }
    // The crossing relies on partner's top card of that suit.
    if via_ranks[cross] == 0 {
        ranks[cross] |= 1 << top(FULL & !removed[cross]);
    }
    let mut total = own + via;
    if total < need && cards - via > own {
        // Suits where the leader holds the next card below partner's
        // winners and can keep it while following them.
        let (seconds, extra, back) = seconds_after(hands, removed, partner, per_suit);
        if back && hand_cards(hands, leader) - own >= via + extra {
            total += extra;
            for s in 0..4 {
                ranks[s] |= seconds[s];
            }
        }
    }
    Some((total, ranks))
}

/// The second-best cards of `top_hand`'s partner: in each suit where
/// `top_hand`'s `per_suit` tricks are exactly its run of top cards and its
/// partner holds the next card and more cards than that run (so it keeps
/// the card while following), that card's rank bit; 0 in other suits.
/// Also how many such suits there are, and whether `top_hand` holds more
/// cards than its run in one of them (a card left to lead the suit to its
/// partner).
fn seconds_after(
    hands: &[[u16; 4]; 4],
    removed: [u16; 4],
    top_hand: usize,
    per_suit: [u32; 4],
) -> ([u16; 4], u32, bool) {
    let other = (top_hand + 2) & 3;
    let len = |h: usize, s: usize| popcount::count(hands[h][s]);
    let mut seconds = [0u16; 4];
    let mut count = 0;
    let mut lead = false;
    for s in 0..4 {
        let k = per_suit[s];
        let present = FULL & !removed[s];
        let next = nth_highest(present, k + 1);
        if k > 0
            && top_run(hands[top_hand][s], present, 13) == k
            && hands[other][s] & next != 0
            && len(other, s) > k
        {
            seconds[s] = next;
            count += 1;
            lead |= len(top_hand, s) > k;
        }
    }
    (seconds, count, lead)
}

/// At no trump: the leader cashes its own winners (`own` tricks, relying
/// on `own_ranks`, `per_suit` of them in each suit), among them its top
/// `k` cards of suits where partner holds the next card, then leads one
/// of those suits to partner's card (DDS's "Kx opposite Ax" crossing) and
/// partner cashes its winners in the suits it tops. Partner's next cards
/// of the other such suits win too once the leader's tops are gone.
/// Partner holds `k + 1` or more cards of each suit counted, so it keeps
/// its card while following; the leader holds `k + 1` or more of the suit
/// it crosses in, so it has a card left to lead. Partner keeps those cards
/// and its winners while it plays to the leader's tricks. Returns the
/// count and ranks when such a crossing exists.
fn cross_by_split(
    hands: &[[u16; 4]; 4],
    removed: [u16; 4],
    leader: usize,
    need: u32,
    (own, own_ranks): (u32, [u16; 4]),
    per_suit: [u32; 4],
    partner_cash: &Cashed,
) -> Option<(u32, [u16; 4])> {
    let partner = (leader + 2) & 3;
    let (seconds, extra, cross) = seconds_after(hands, removed, leader, per_suit);
    if !cross {
        return None;
    }
    let short = need.saturating_sub(own + extra);
    let via = partner_cash.total;
    let via_ranks = cash_ranks(partner_cash, removed, 4, short.max(1));
    if hand_cards(hands, partner) < own + extra + via {
        return None;
    }
    let mut ranks = own_ranks;
    for t in 0..4 {
        ranks[t] |= via_ranks[t] | seconds[t];
    }
    Some((own + extra + via, ranks))
}

/// Later tricks at no trump, or once no trumps are left: the side of
/// `seat` cannot take all `tricks` remaining tricks when the suits it tops
/// give it fewer rounds than that. It wins nothing in a suit while an
/// opponent still holds that suit's top card, and in a suit it tops at
/// most as many tricks as its longer hand has cards (DDS's LaterTricks at
/// no trump). Returns the ranks relied on: the opponents' top cards in
/// the suits where the side holds cards.
#[inline]
pub fn cannot_take_all(
    hands: &[[u16; 4]; 4],
    removed: [u16; 4],
    trump: usize,
    seat: usize,
    tricks: u32,
) -> Option<[u16; 4]> {
    if trump < 4 && hands.iter().any(|h| h[trump] != 0) {
        return None;
    }
    if topped_rounds(hands, removed, seat) >= tricks {
        return None;
    }
    let partner = (seat + 2) & 3;
    let mut ranks = [0u16; 4];
    for s in 0..4 {
        let present = FULL & !removed[s];
        if present == 0 {
            continue;
        }
        // The opponents' top card keeps the side from a round of the suit
        // only if the side holds cards of it; without any, the suit
        // lengths (part of every table key) say so.
        let bit = 1u16 << top(present);
        let ours = hands[seat][s] | hands[partner][s];
        if ours != 0 && ours & bit == 0 {
            ranks[s] = bit;
        }
    }
    Some(ranks)
}

/// Later tricks in a trump contract: the trump tricks the side of `seat`,
/// not on lead, is sure of (counting up to 2) when its trumps are not all
/// above the opponents' (DDS's LaterTricks with trumps left), and the
/// lowest trump rank relied on:
/// - the top two trumps split between its hands, one of them holding
///   another trump to play under the other: 2;
/// - the second trump in a hand with another trump, sitting after the
///   opponent with the top trump: that opponent plays before it in every
///   trick until the side wins one (only then could the hand be on lead
///   and forced to lead its trumps): 1;
/// - the second and third trumps, the second with another trump beside
///   it: the top trump takes only one of them: 1.
///
/// Not for the side on lead: a hand on lead with nothing but trumps may
/// have to lead them into the top trump (the minimax test finds such
/// endings).
#[inline]
pub fn trump_tricks_below_top(hands: &[[u16; 4]; 4], trump: usize, seat: usize) -> (u32, u16) {
    if trump >= 4 {
        return (0, 0);
    }
    let partner = (seat + 2) & 3;
    let all = hands[0][trump] | hands[1][trump] | hands[2][trump] | hands[3][trump];
    let (first, second, third) = (
        nth_highest(all, 1),
        nth_highest(all, 2),
        nth_highest(all, 3),
    );
    if second == 0 {
        return (0, 0);
    }
    let holder = |bit: u16| (0..4).find(|&h| hands[h][trump] & bit != 0).unwrap_or(4);
    let (h1, h2) = (holder(first), holder(second));
    let ours = |h: usize| h == seat || h == partner;
    let len = |h: usize| popcount::count(hands[h][trump]);
    if ours(h1) && ours(h2) {
        if h1 != h2 && (len(h1) > 1 || len(h2) > 1) {
            return (2, second);
        }
        return (0, 0);
    }
    if ours(h1) || !ours(h2) || len(h2) < 2 {
        return (0, 0);
    }
    if h1 == (h2 + 3) & 3 {
        return (1, second);
    }
    if third != 0 && ours(holder(third)) {
        return (1, third);
    }
    (0, 0)
}

/// Later tricks: in a trump contract, the tricks the side of `seat` is
/// sure to win with the trumps of one hand, each played in a trick of its
/// own and beaten only by a higher trump of an opponent. Returns the count
/// and the rank relied on: the lowest trump counted (every present trump
/// from the top down to it must keep its owner), or none (0) when the
/// count follows from the lengths alone (part of the table's key). Zero
/// at no trump.
///
/// By length alone the side also wins at least as many tricks as its
/// longer trump hand has trumps more than the two opponents together: each
/// of that hand's trumps falls in a trick of its own, each opponent's trump
/// is in at most one of those tricks, and in the others the highest trump
/// is the side's. That count relies on no rank and is taken when it is
/// enough for `need` (the idea of macroxue's `TrumpLengthTricks`).
/// `lengths`: each seat's number of trumps.
#[inline]
pub fn sure_trump_tricks(
    hands: &[[u16; 4]; 4],
    trump: usize,
    seat: usize,
    need: u32,
    lengths: &[u32; 4],
) -> (u32, u16) {
    if trump >= 4 {
        return (0, 0);
    }
    let theirs = hands[(seat + 1) & 3][trump] | hands[(seat + 3) & 3][trump];
    let longer = lengths[seat].max(lengths[(seat + 2) & 3]);
    if theirs == 0 {
        return (longer, 0);
    }
    let spoilers = lengths[(seat + 1) & 3] + lengths[(seat + 3) & 3];
    let by_length = longer.saturating_sub(spoilers);
    if by_length >= need {
        return (by_length, 0);
    }
    // One hand's trumps from the top down to a rank `c`: each falls in a
    // trick of its own, and only an opponent's trump above `c` can beat
    // it (each in one trick). The highest `c` that reaches `need` relies
    // on least (the trumps from the top down to it must keep their
    // owners); above every opponent's trump nothing is spoiled. (Below
    // `need` the count returned is only as good as the search for `need`
    // found: the callers compare it with `need`.)
    let mut best = (by_length, 0u16);
    for h in [seat, (seat + 2) & 3] {
        let mut rest = hands[h][trump];
        // No rank reaches more than the hand's trumps minus the opponents'
        // above its top one.
        if rest == 0 || lengths[h] < need + popcount::count(theirs >> (top(rest) + 1)) {
            continue;
        }
        let mut m = 0u32;
        while rest != 0 {
            let c = top(rest);
            rest &= !(1 << c);
            m += 1;
            let beaten_by = popcount::count(theirs >> (c + 1));
            if m <= beaten_by {
                continue;
            }
            let (k, rank) = (m - beaten_by, 1u16 << c);
            let better = if k >= need && best.0 >= need {
                rank > best.1
            } else {
                k > best.0
            };
            if better {
                best = (k, rank);
            }
            if k >= need {
                break;
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each seat's number of trumps (none at no trump).
    fn trump_lengths(hands: &[[u16; 4]; 4], trump: usize) -> [u32; 4] {
        std::array::from_fn(|h| {
            if trump < 4 {
                hands[h][trump].count_ones()
            } else {
                0
            }
        })
    }

    /// [`sure_trump_tricks`] with the trump lengths counted from `hands`.
    fn sure(hands: &[[u16; 4]; 4], trump: usize, seat: usize, need: u32) -> (u32, u16) {
        sure_trump_tricks(hands, trump, seat, need, &trump_lengths(hands, trump))
    }

    fn removed_for(hands: &[[u16; 4]; 4]) -> [u16; 4] {
        let mut r = [FULL; 4];
        for s in 0..4 {
            for h in hands {
                r[s] &= !h[s];
            }
        }
        r
    }

    /// North: A K 2 of spades and the heart ace; East: the spade queen and
    /// the heart 3.
    fn ak2_and_ace() -> [[u16; 4]; 4] {
        let mut hands = [[0u16; 4]; 4];
        hands[0][0] = (1 << 14) | (1 << 13) | (1 << 2);
        hands[1][0] = 1 << 12;
        hands[0][1] = 1 << 14;
        hands[1][1] = 1 << 3;
        hands
    }

    #[test]
    fn counts_top_cards() {
        let mut hands = ak2_and_ace();
        let removed = removed_for(&hands);
        // AK drop East's queen, so the spade 2 is a winner too.
        assert_eq!(quick_tricks(&hands, removed, 4, 0, 13, true).0, 4);
        // Hearts trumps: the heart ace draws East's only trump first.
        assert_eq!(quick_tricks(&hands, removed, 1, 0, 13, true).0, 4);
        // Diamonds trumps: East's diamond lets him ruff the second spade.
        hands[1][2] = 1 << 9;
        let removed = removed_for(&hands);
        assert_eq!(quick_tricks(&hands, removed, 2, 0, 13, true).0, 2);
    }

    #[test]
    fn possible_bounds_the_count() {
        let hands = ak2_and_ace();
        let removed = removed_for(&hands);
        // North tops spades (three cards) and hearts (one): at most four.
        assert!(quick_tricks_possible(&hands, removed, 4, 0, 4));
        assert!(!quick_tricks_possible(&hands, removed, 4, 0, 5));
        // East tops nothing.
        assert!(!quick_tricks_possible(&hands, removed, 4, 1, 1));
    }

    #[test]
    fn possible_is_sound_on_random_deals() {
        // Seeded random deals, every leader, trump and need: whenever the
        // bound says no, the count is indeed short.
        let mut seed = 0x1234_5678_9abc_def0u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut refused = 0;
        for _ in 0..300 {
            let mut cards: Vec<(usize, u8)> =
                (0..4).flat_map(|s| (2..=14).map(move |r| (s, r))).collect();
            for i in (1..cards.len()).rev() {
                cards.swap(i, (next() % (i as u64 + 1)) as usize);
            }
            let per_hand = 1 + (next() % 13) as usize;
            let mut hands = [[0u16; 4]; 4];
            for (i, &(s, r)) in cards.iter().take(4 * per_hand).enumerate() {
                hands[i % 4][s] |= 1 << r;
            }
            let removed = removed_for(&hands);
            for leader in 0..4 {
                for trump in 0..5 {
                    for need in 1..=per_hand as u32 {
                        if !quick_tricks_possible(&hands, removed, trump, leader, need) {
                            refused += 1;
                            let qt = quick_tricks(&hands, removed, trump, leader, need, true).0;
                            assert!(qt < need, "{hands:?} {leader} {trump} {need}");
                        }
                    }
                }
            }
        }
        assert!(refused > 1000, "{refused}");
    }

    #[test]
    fn long_cards_win_once_others_are_void() {
        let mut hands = [[0u16; 4]; 4];
        // North: A 5 4 3 of spades; East: K; West: Q; South: a heart.
        hands[0][0] = (1 << 14) | (1 << 5) | (1 << 4) | (1 << 3);
        hands[1][0] = 1 << 13;
        hands[3][0] = 1 << 12;
        hands[2][2] = 1 << 2;
        hands[1][1] = 1 << 3;
        hands[3][1] = 1 << 4;
        let removed = removed_for(&hands);
        // At no trump the ace drops both honours: four tricks.
        assert_eq!(
            quick_tricks(&hands, removed, 4, 0, 13, true),
            (4, [1 << 14, 0, 0, 0])
        );
        // With hearts trumps East and West may ruff the small spades.
        assert_eq!(quick_tricks(&hands, removed, 1, 0, 13, true).0, 1);
    }

    #[test]
    fn drawing_trumps_makes_side_winners_safe() {
        let mut hands = [[0u16; 4]; 4];
        // Spades trumps. North: AK of trumps and the AK of hearts;
        // East: one small trump and a singleton heart; West: two hearts.
        hands[0][0] = (1 << 14) | (1 << 13);
        hands[0][1] = (1 << 14) | (1 << 13);
        hands[1][0] = 1 << 2;
        hands[1][1] = 1 << 3;
        hands[3][1] = (1 << 4) | (1 << 5);
        hands[2][2] = (1 << 2) | (1 << 3);
        let removed = removed_for(&hands);
        // The first trump round draws East's trump: both hearts then cash.
        assert_eq!(quick_tricks(&hands, removed, 0, 0, 13, true).0, 4);
        // Without the trumps to draw, East ruffs the second heart.
        hands[0][0] = 0;
        hands[0][3] = (1 << 2) | (1 << 3);
        let removed = removed_for(&hands);
        assert_eq!(quick_tricks(&hands, removed, 0, 0, 13, true).0, 1);
    }

    #[test]
    fn crosses_to_partner() {
        let mut hands = [[0u16; 4]; 4];
        // North: a low heart; South: AKQ of hearts; East/West: low hearts.
        hands[0][1] = 1 << 2;
        hands[2][1] = (1 << 14) | (1 << 13) | (1 << 12);
        hands[1][1] = (1 << 5) | (1 << 6);
        hands[3][1] = (1 << 7) | (1 << 8);
        let removed = removed_for(&hands);
        assert_eq!(quick_tricks(&hands, removed, 4, 0, 13, true).0, 3);
        // Without the low heart North cannot reach South.
        hands[0][1] = 0;
        hands[0][0] = 1 << 2;
        hands[1][0] = 1 << 3;
        let removed = removed_for(&hands);
        assert_eq!(quick_tricks(&hands, removed, 4, 0, 13, true).0, 0);
    }

    #[test]
    fn own_winners_then_partners() {
        let bits = |ranks: &[u16]| ranks.iter().fold(0u16, |h, &r| h | (1 << r));
        let mut hands = [[0u16; 4]; 4];
        // South on lead at no trump: Q 5 of diamonds over West's jack, a
        // club to cross to North's ace, and North's heart ace.
        hands[2] = [bits(&[5, 2]), 0, bits(&[12, 5]), bits(&[11])];
        hands[0] = [bits(&[4]), bits(&[14]), bits(&[3]), bits(&[14, 12])];
        hands[1] = [bits(&[9]), 0, 0, bits(&[13, 9, 7, 6])];
        hands[3] = [bits(&[7]), bits(&[11]), bits(&[11]), bits(&[5, 4])];
        let removed = removed_for(&hands);
        assert_eq!(
            quick_tricks(&hands, removed, 4, 2, 4, true),
            (4, [0, 1 << 14, 1 << 12, 1 << 14])
        );
        // With spades trumps East ruffs diamonds and hearts: only North's
        // club ace counts.
        assert_eq!(quick_tricks(&hands, removed, 0, 2, 4, true).0, 1);
        // North holding only winners must throw one away while South
        // cashes the diamonds: North's three tricks alone count.
        hands[2] = [bits(&[2]), 0, bits(&[12, 5]), bits(&[11])];
        hands[0] = [0, bits(&[14, 13]), 0, bits(&[14, 12])];
        hands[1] = [bits(&[9]), 0, 0, bits(&[13, 9, 7])];
        hands[3] = [0, bits(&[11]), bits(&[11]), bits(&[5, 4])];
        let removed = removed_for(&hands);
        assert_eq!(quick_tricks(&hands, removed, 4, 2, 5, true).0, 3);
    }

    /// Exact North-South tricks by plain minimax, with the values of
    /// trick-start positions remembered (small endings only).
    fn minimax(hands: &mut [[u16; 4]; 4], trump: usize, leader: usize) -> u32 {
        type Memo = std::collections::HashMap<([[u16; 4]; 4], usize), u32>;
        fn play(
            hands: &mut [[u16; 4]; 4],
            trump: usize,
            leader: usize,
            trick: &mut Vec<(usize, u8)>,
            memo: &mut Memo,
        ) -> u32 {
            let k = trick.len();
            if k == 0 {
                if let Some(&v) = memo.get(&(*hands, leader)) {
                    return v;
                }
            }
            if k == 4 {
                let mut win = 0;
                for i in 1..4 {
                    let (s, r) = trick[i];
                    let (ws, wr) = trick[win];
                    if (s == ws && r > wr) || (s != ws && s == trump) {
                        win = i;
                    }
                }
                let winner = (leader + win) & 3;
                let rest = if hands[winner].iter().all(|&h| h == 0) {
                    0
                } else {
                    play(hands, trump, winner, &mut Vec::new(), memo)
                };
                return rest + u32::from(winner & 1 == 0);
            }
            let p = (leader + k) & 3;
            let follow = k > 0 && hands[p][trick[0].0] != 0;
            let mut best: Option<u32> = None;
            for s in 0..4 {
                if follow && s != trick[0].0 {
                    continue;
                }
                let mut cards = hands[p][s];
                while cards != 0 {
                    let r = cards.trailing_zeros() as u8;
                    cards &= cards - 1;
                    hands[p][s] &= !(1 << r);
                    trick.push((s, r));
                    let v = play(hands, trump, leader, trick, memo);
                    trick.pop();
                    hands[p][s] |= 1 << r;
                    best = Some(match best {
                        None => v,
                        Some(b) if p & 1 == 0 => b.max(v),
                        Some(b) => b.min(v),
                    });
                }
            }
            let v = best.unwrap_or(0);
            if k == 0 {
                memo.insert((*hands, leader), v);
            }
            v
        }
        play(hands, trump, leader, &mut Vec::new(), &mut Memo::new())
    }

    #[test]
    fn quick_tricks_are_sound_on_small_endings() {
        // Seeded endings of 1 to 5 cards a hand in 2 to 4 suits, every
        // leader and trump: the side on lead can always take the tricks
        // counted, and a side found unable to take every trick indeed
        // loses one.
        let mut seed = 0x0bad_cafe_1234_5678u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut deal = |suits: usize, per_hand: u32| {
            let mut cards: Vec<(usize, u8)> = (0..suits)
                .flat_map(|s| (2..=14).map(move |r| (s, r)))
                .collect();
            for i in (1..cards.len()).rev() {
                cards.swap(i, (next() % (i as u64 + 1)) as usize);
            }
            let mut hands = [[0u16; 4]; 4];
            for (i, &(s, r)) in cards.iter().take(4 * per_hand as usize).enumerate() {
                hands[i % 4][s] |= 1 << r;
            }
            hands
        };
        let (mut counted, mut later, mut below_top) = (0, 0, 0);
        let (mut sure, mut by_length) = (0, 0);
        for round in 0..400u32 {
            let per_hand = 1 + round % 5;
            let hands = deal(2 + (round as usize / 5) % 3, per_hand);
            let removed = removed_for(&hands);
            for leader in 0..4 {
                for trump in [0, 1, 4] {
                    let mut exact = None;
                    let mut tricks_of = |seat: usize| {
                        let ns = *exact
                            .get_or_insert_with(|| minimax(&mut hands.clone(), trump, leader));
                        if seat & 1 == 0 {
                            ns
                        } else {
                            per_hand - ns
                        }
                    };
                    let (qt, _) = quick_tricks(&hands, removed, trump, leader, 13, true);
                    if qt > 0 {
                        counted += 1;
                        let side = tricks_of(leader);
                        assert!(side >= qt, "{hands:?} {trump} {leader}: {qt} > {side}");
                    }
                    for seat in [leader, (leader + 1) & 3] {
                        if cannot_take_all(&hands, removed, trump, seat, per_hand).is_some() {
                            later += 1;
                            assert!(tricks_of(seat) < per_hand, "{hands:?} {trump} {leader}");
                        }
                        let (tt, _) = trump_tricks_below_top(&hands, trump, seat);
                        if tt > 0 && seat != leader {
                            below_top += 1;
                            assert!(tricks_of(seat) >= tt, "{hands:?} {trump} {leader} {seat}");
                        }
                        for need in 1..=per_hand {
                            let (st, rank) = sure_trump_tricks(
                                &hands,
                                trump,
                                seat,
                                need,
                                &trump_lengths(&hands, trump),
                            );
                            if st > 0 {
                                sure += 1;
                                by_length += u32::from(rank == 0);
                                assert!(tricks_of(seat) >= st, "{hands:?} {trump} {leader} {seat}");
                            }
                        }
                    }
                }
            }
        }
        assert!(counted > 1000, "{counted}");
        assert!(later > 500, "{later}");
        assert!(below_top > 200, "{below_top}");
        assert!(sure > 1000 && by_length > 300, "{sure} {by_length}");
    }

    #[test]
    fn ranks_cover_only_the_tricks_needed() {
        // No trump, North on lead, `(need, tricks, lowest spade relied on)`.
        let check = |hands: &[[u16; 4]; 4], cases: &[(u32, u32, u8)]| {
            let removed = removed_for(hands);
            for &(need, tricks, rank) in cases {
                let expected = (tricks, [1u16 << rank, 0, 0, 0]);
                assert_eq!(
                    quick_tricks(hands, removed, 4, 0, need, true),
                    expected,
                    "{need}"
                );
            }
        };
        // North: A K Q of spades; East: three low spades.
        let mut hands = [[0u16; 4]; 4];
        hands[0][0] = (1 << 14) | (1 << 13) | (1 << 12);
        hands[1][0] = 0b111 << 2;
        check(&hands, &[(1, 3, 14), (2, 3, 13), (3, 3, 12)]);
        // North: A K Q 3 2; South: J T; East and West none. After two
        // rounds only North has spades: five tricks, relying on the ace and
        // king alone (not on the queen); needing one, on the ace.
        let mut hands = [[0u16; 4]; 4];
        hands[0][0] = (1 << 14) | (1 << 13) | (1 << 12) | (1 << 3) | (1 << 2);
        hands[2][0] = (1 << 11) | (1 << 10);
        check(&hands, &[(5, 5, 13), (1, 5, 14)]);
    }

    #[test]
    fn top_trumps_are_sure() {
        let mut hands = [[0u16; 4]; 4];
        hands[1][0] = (1 << 14) | (1 << 13);
        hands[0][0] = 1 << 12;
        assert_eq!(sure(&hands, 0, 1, 2), (2, 1 << 13));
        assert_eq!(sure(&hands, 0, 0, 13).0, 0);
        assert_eq!(sure(&hands, 4, 1, 13).0, 0);
    }

    #[test]
    fn trumps_over_every_opponent_trump_are_sure() {
        let mut hands = [[0u16; 4]; 4];
        // Spades trumps. North: A Q; South: K; East: J T; West: none.
        hands[0][0] = (1 << 14) | (1 << 12);
        hands[2][0] = 1 << 13;
        hands[1][0] = (1 << 11) | (1 << 10);
        // North's ace and queen each win a trick of their own.
        assert_eq!(sure(&hands, 0, 0, 2), (2, 1 << 12));
        assert!(sure(&hands, 0, 0, 3).0 < 3);
        // One trick needed: the ace alone is relied on (and counted).
        assert_eq!(sure(&hands, 0, 0, 1), (1, 1 << 14));
        // North A Q 9 8 against East's K 7 6: only the king beats any of
        // North's trumps, so A Q 9 8 win 4 - 1 = 3 (relying on the 8 and
        // everything above it); A Q 9 win 3 - 1 = 2 (relying on the 9).
        let mut h2 = [[0u16; 4]; 4];
        h2[0][0] = (1 << 14) | (1 << 12) | (1 << 9) | (1 << 8);
        h2[1][0] = (1 << 13) | (1 << 7) | (1 << 6);
        assert_eq!(sure(&h2, 0, 0, 3), (3, 1 << 8));
        assert_eq!(sure(&h2, 0, 0, 2), (2, 1 << 9));
        // East's trumps are all below North-South's, and as many as
        // North's: nothing by length either.
        assert_eq!(sure(&hands, 0, 1, 13), (0, 0));
        // East with four trumps against North-South's three wins one by
        // length, relying on no rank.
        hands[1][0] |= (1 << 9) | (1 << 8);
        assert_eq!(sure(&hands, 0, 1, 1), (1, 0));
        // Two needed: no more than the one by length.
        assert_eq!(sure(&hands, 0, 1, 2), (1, 0));
        hands[1][0] &= !((1 << 9) | (1 << 8));
        // With no opponent trump every trump of the longer hand counts,
        // relying on no rank.
        hands[1][0] = 0;
        assert_eq!(sure(&hands, 0, 0, 13), (2, 0));
        assert_eq!(sure(&hands, 0, 0, 1), (2, 0));
        assert_eq!(sure(&hands, 4, 0, 13), (0, 0));
    }
}

/// True if the opponents of `leader` surely win the trick about to be led:
/// every suit the leader can lead is topped by an opponent, and the
/// leader's partner cannot ruff it. Also returns the top ranks relied on.
#[inline]
pub fn opponents_win_now(
    hands: &[[u16; 4]; 4],
    removed: [u16; 4],
    trump: usize,
    leader: usize,
) -> Option<[u16; 4]> {
    let partner = (leader + 2) & 3;
    let mut ranks = [0u16; 4];
    for s in 0..4 {
        if hands[leader][s] == 0 {
            continue;
        }
        let t = top(FULL & !removed[s]);
        let bit = 1u16 << t;
        if (hands[leader][s] | hands[partner][s]) & bit != 0 {
            return None;
        }
        if trump < 4 && s != trump && hands[partner][s] == 0 && hands[partner][trump] != 0 {
            return None;
        }
        ranks[s] = bit;
    }
    Some(ranks)
}

#[cfg(test)]
mod later_tests {
    use super::*;

    #[test]
    fn opponents_top_every_suit() {
        let mut hands = [[0u16; 4]; 4];
        hands[0][0] = 1 << 5; // North: spade 5
        hands[1][0] = 1 << 14; // East: spade ace
        hands[2][1] = 1 << 3; // South: a heart (void in spades)
        hands[3][0] = 1 << 4;
        let mut removed = [FULL; 4];
        for s in 0..4 {
            for h in &hands {
                removed[s] &= !h[s];
            }
        }
        assert!(opponents_win_now(&hands, removed, 4, 0).is_some());
        // South could ruff in hearts.
        assert!(opponents_win_now(&hands, removed, 1, 0).is_none());
        // West on lead: his side holds the ace.
        assert!(opponents_win_now(&hands, removed, 4, 3).is_none());
    }
}
