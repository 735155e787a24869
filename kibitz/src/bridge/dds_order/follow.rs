//! DDS's weights for the second, third and fourth hands of a trick
//! (`Moves::MoveGen123` and its `WeightAlloc*` functions, re-expressed).

use super::{bit, gen_groups, highest, lowest, partner, rel_rank, rho, Ctx, MoveList, RootMove};

/// The trick so far as DDS tracks it: the card currently winning after
/// each card (`win[k]`: suit, rank) and the position that played it.
struct Trick {
    lead_suit: usize,
    win: [(usize, i32); 3],
    high: [usize; 3],
}

fn track(c: &Ctx) -> Trick {
    let (ls, lr) = c.trick[0];
    let mut t = Trick {
        lead_suit: ls,
        win: [(ls, lr); 3],
        high: [0; 3],
    };
    for k in 1..c.trick_len {
        let (s, r) = c.trick[k];
        let prev = t.win[k - 1];
        let beats = if s == prev.0 {
            r > prev.1
        } else {
            Some(s) == c.trump
        };
        if beats {
            t.win[k] = (s, r);
            t.high[k] = k;
        } else {
            t.win[k] = prev;
            t.high[k] = t.high[k - 1];
        }
    }
    t
}

/// The moves of `cur`, the hand at position `pos` (1..=3) of the trick,
/// weighted as DDS weighs them (unsorted: the caller sorts).
pub(super) fn follow(c: &Ctx, pos: usize, cur: usize, list: &mut MoveList) {
    let t = track(c);
    let ls = t.lead_suit;
    let ftest = c.trump.is_some_and(|tr| 0x7ffc & !c.removed[tr] != 0);
    if c.hold[cur][ls] != 0 {
        c.gen_suit(cur, ls, list);
        if list.len() == 1 {
            return;
        }
        match (pos, ftest) {
            (1, true) => trump_notvoid1(c, &t, list),
            (1, false) => nt_notvoid1(c, &t, list),
            (2, true) => trump_notvoid2(c, &t, list),
            (2, false) => nt_notvoid2(c, &t, list),
            _ => notvoid3(c, &t, list),
        }
        return;
    }
    for s in 0..4 {
        let start = list.len();
        c.gen_suit(cur, s, list);
        let moves = &mut list[start..];
        match (pos, ftest) {
            (1, true) => trump_void1(c, &t, cur, s, moves),
            (1, false) => nt_void1(c, &t, cur, s, moves),
            (2, true) => trump_void2(c, &t, cur, s, moves),
            (2, false) => nt_void2(c, cur, s, moves),
            (_, true) => trump_void3(c, &t, cur, s, moves),
            (_, false) => nt_void3(c, cur, s, moves),
        }
    }
}

fn play_low(moves: &mut [RootMove]) {
    for m in moves {
        m.weight = -i32::from(m.rank);
    }
}

/// Trump index for comparisons (DDS's 4 at no trump matches no suit).
fn trump_of(c: &Ctx) -> usize {
    c.trump.unwrap_or(4)
}

fn trump_notvoid1(c: &Ctx, t: &Trick, moves: &mut [RootMove]) {
    let (l, ls, tr) = (c.lead, t.lead_suit, trump_of(c));
    let (p3, p4) = (partner(l), rho(l));
    let h = &c.hold;
    let max3 = highest(h[p3][ls]);
    let maxpd = highest(h[p4][ls]);
    let min3 = lowest(h[p3][ls]);
    let minpd = lowest(h[p4][ls]);
    let led = t.win[0].1;
    let aggr = c.aggr(ls);
    for m in moves.iter_mut() {
        let r = i32::from(m.rank);
        let rr = rel_rank(aggr, r);
        let p3_no_trump_help = max3 != 0 || c.len(p3, tr) == 0;
        let win = if ls == tr {
            (maxpd > led && maxpd > max3) || (r > led && r > max3)
        } else if r > led && r > max3 {
            p3_no_trump_help || (maxpd == 0 && c.len(p4, tr) != 0 && h[p4][tr] > h[p3][tr])
        } else if maxpd > led && maxpd > max3 {
            p3_no_trump_help
        } else if led > maxpd && led > max3 && led > r {
            maxpd == 0 && c.len(p4, tr) != 0 && (p3_no_trump_help || h[p4][tr] > h[p3][tr])
        } else {
            maxpd == 0 && c.len(p4, tr) != 0
        };
        m.weight = if win {
            if min3 > r {
                40 + rr
            } else if maxpd > led && h[l][ls] > h[p4][ls] {
                41 + rr
            } else if r > led {
                if r < maxpd {
                    78 - r
                } else if r > max3 {
                    73 - r
                } else if m.seq != 0 {
                    62 - r
                } else {
                    49 - r
                }
            } else if maxpd > 0 {
                47 - r
            } else {
                40 - r
            }
        } else if r < min3 || r < minpd {
            -9 + rr
        } else if r < led {
            -16 + rr
        } else if m.seq != 0 {
            22 - r
        } else {
            10 - r
        };
    }
}

fn nt_notvoid1(c: &Ctx, t: &Trick, moves: &mut [RootMove]) {
    let (l, ls) = (c.lead, t.lead_suit);
    let (p3, p4) = (partner(l), rho(l));
    let max3 = highest(c.hold[p3][ls]);
    let maxpd = highest(c.hold[p4][ls]);
    let led = t.win[0].1;
    if maxpd > led && maxpd > max3 {
        play_low(moves);
        return;
    }
    let min3 = lowest(c.hold[p3][ls]);
    let minpd = lowest(c.hold[p4][ls]);
    let aggr = c.aggr(ls);
    for m in moves.iter_mut() {
        let r = i32::from(m.rank);
        let rr = rel_rank(aggr, r);
        m.weight = if r > led && r > max3 {
            81 - r
        } else if min3 > r || minpd > r {
            -3 + rr
        } else if r < led {
            -11 + rr
        } else if m.seq != 0 {
            10 + rr
        } else {
            13 - r
        };
    }
}

/// Pitch weight `(len * 64) / d` (DDS's suit-length term).
fn len_term(len: i32, d: i32) -> i32 {
    (len << 6) / d
}

fn trump_void1(c: &Ctx, t: &Trick, cur: usize, s: usize, moves: &mut [RootMove]) {
    let (l, ls, tr) = (c.lead, t.lead_suit, trump_of(c));
    let (p3, p4) = (partner(l), rho(l));
    let h = &c.hold;
    let n = c.len(cur, s);
    let led_bit = bit(t.win[0].1);
    let kx = |base: i32| {
        if n == 2 && c.second(s) == cur as i32 {
            base - 4
        } else {
            base
        }
    };
    let pitch = |add: i32, moves: &mut [RootMove]| {
        for m in moves.iter_mut() {
            m.weight = -i32::from(m.rank) + add;
        }
    };
    if ls == tr {
        let add = if h[p4][ls] > (h[p3][ls] | led_bit) {
            len_term(n, 44)
        } else {
            kx(len_term(n, 36))
        };
        pitch(add, moves);
    } else if s != tr {
        let partner_wins = 60 + len_term(n, 44);
        let add = if c.len(p3, ls) != 0 {
            if h[p4][ls] > (h[p3][ls] | led_bit) || (c.len(p4, ls) == 0 && c.len(p4, tr) != 0) {
                partner_wins
            } else {
                kx(-2 + len_term(n, 36))
            }
        } else if (c.len(p4, ls) == 0 && h[p4][tr] > h[p3][tr])
            || (c.len(p3, tr) == 0 && h[p4][ls] > led_bit)
        {
            partner_wins
        } else {
            kx(-2 + len_term(n, 36))
        };
        pitch(add, moves);
    } else if c.len(p3, ls) != 0
        || (c.len(p4, ls) == 0 && c.len(p4, tr) != 0 && h[p4][tr] > h[p3][tr])
    {
        let add = len_term(n, 44);
        for m in moves.iter_mut() {
            m.weight = 24 - i32::from(m.rank) + add;
        }
    } else {
        for m in moves.iter_mut() {
            let r = i32::from(m.rank);
            m.weight = if bit(r) > h[p3][tr] {
                24 - r + len_term(n, 44)
            } else {
                15 - r + kx(len_term(n, 36))
            };
        }
    }
}

fn nt_void1(c: &Ctx, t: &Trick, cur: usize, s: usize, moves: &mut [RootMove]) {
    let (l, ls) = (c.lead, t.lead_suit);
    let (p3, p4) = (partner(l), rho(l));
    let n = c.len(cur, s);
    let kx = n == 2 && c.second(s) == cur as i32;
    let stiff_top = n == 1 && c.winner(s) == cur as i32;
    let add = if c.hold[p4][ls] > (c.hold[p3][ls] | bit(t.win[0].1)) {
        len_term(n, 23)
            - if kx {
                2
            } else if stiff_top {
                3
            } else {
                0
            }
    } else {
        len_term(n, 33)
            - if kx {
                6
            } else if stiff_top {
                8
            } else {
                0
            }
    };
    for m in moves.iter_mut() {
        m.weight = -i32::from(m.rank) + add;
    }
}

/// DDS's `RankForcesAce`: the index (in `moves`, highest first) of the
/// cheapest card that forces out the fourth hand's top card, or beats
/// the second hand's card; `None` if there is none.
fn rank_forces_ace(c: &Ctx, t: &Trick, cards4: u16, moves: &[RootMove]) -> Option<usize> {
    let ls = t.lead_suit;
    // The top of the fourth hand's second group (groups merge across
    // ranks played earlier).
    let mut groups = MoveList::default();
    gen_groups(cards4, c.removed[ls], ls, &mut groups);
    if groups.len() < 2 {
        return None;
    }
    let second_rho = i32::from(groups[1].rank);
    let bar = if second_rho > t.win[1].1 {
        second_rho
    } else if t.high[1] == 1 {
        t.win[1].1
    } else {
        return None;
    };
    let k = moves.iter().take_while(|m| i32::from(m.rank) > bar).count();
    k.checked_sub(1)
}

fn trump_notvoid2(c: &Ctx, t: &Trick, moves: &mut [RootMove]) {
    let (ls, tr) = (t.lead_suit, trump_of(c));
    let cards4 = c.hold[rho(c.lead)][ls];
    let (max4, min4) = (highest(cards4), lowest(cards4));
    let max3 = i32::from(moves[0].rank);
    let (led, second) = (t.win[0].1, t.win[1].1);
    let too_low = max3 < min4 || max3 < second;
    // Weights: high cards that beat `over` and the fourth hand get
    // `base - rank`, the rest play low.
    let beat = |base: i32, over: i32, moves: &mut [RootMove]| {
        for m in moves.iter_mut() {
            let r = i32::from(m.rank);
            m.weight = if r > max4 && r > over { base - r } else { -r };
        }
    };
    let force = |moves: &mut [RootMove]| {
        if let Some(k) = rank_forces_ace(c, t, cards4, moves) {
            moves[k].weight += 20;
        }
    };
    if ls == tr {
        if (t.high[1] == 0 && led > max4) || too_low {
            play_low(moves);
        } else if max3 > max4 {
            beat(58, second, moves);
        } else {
            play_low(moves);
            force(moves);
        }
    } else if t.win[1].0 == tr {
        play_low(moves);
    } else if t.high[1] == 0 {
        if max4 == 0 || led > max4 || too_low {
            play_low(moves);
        } else if max3 > max4 {
            beat(58, 0, moves);
        } else {
            beat(60, second, moves);
            force(moves);
        }
    } else if max4 == 0 {
        for m in moves.iter_mut() {
            let r = i32::from(m.rank);
            m.weight = if r > second { 20 - r } else { -r };
        }
    } else if too_low {
        play_low(moves);
    } else if max3 > max4 {
        beat(58, second, moves);
    } else {
        beat(60, second, moves);
        force(moves);
    }
}

fn nt_notvoid2(c: &Ctx, t: &Trick, moves: &mut [RootMove]) {
    let ls = t.lead_suit;
    let cards4 = c.hold[rho(c.lead)][ls];
    let (max4, min4) = (highest(cards4), lowest(cards4));
    let max3 = i32::from(moves[0].rank);
    let (led, second) = (t.win[0].1, t.win[1].1);
    // (DDS also considers overtaking when the leader, now void, led to
    // this hand's ace; its count of the leader's top cards is always -1
    // there, so that bonus never applies.)
    if (t.high[1] == 0 && led > max4) || max3 < min4 || max3 < second {
        play_low(moves);
        return;
    }
    let bonus = if max4 > max3 && max4 > second {
        rank_forces_ace(c, t, cards4, moves)
    } else {
        None
    };
    for m in moves.iter_mut() {
        let r = i32::from(m.rank);
        m.weight = if r > second && r > max4 { 60 - r } else { -r };
    }
    if let Some(k) = bonus {
        moves[k].weight += 20;
    }
}

fn trump_void2(c: &Ctx, t: &Trick, cur: usize, s: usize, moves: &mut [RootMove]) {
    let (l, ls, tr) = (c.lead, t.lead_suit, trump_of(c));
    let p4 = rho(l);
    let n = c.len(cur, s);
    let max4 = highest(c.hold[p4][ls]);
    let (led, second) = (t.win[0], t.win[1]);
    if ls == tr || s != tr {
        let add = len_term(n, 40);
        for m in moves.iter_mut() {
            m.weight = -i32::from(m.rank) + add;
        }
        return;
    }
    if t.high[1] == 0 && led.1 > max4 && (max4 != 0 || c.len(p4, tr) == 0) {
        for m in moves.iter_mut() {
            m.weight = -i32::from(m.rank) - 50;
        }
        return;
    }
    let aggr = c.aggr(s);
    let a50 = len_term(n, 50);
    for m in moves.iter_mut() {
        let r = i32::from(m.rank);
        let over4 = bit(r) > c.hold[p4][tr];
        m.weight = if second.0 == tr && r < second.1 {
            -32 + rel_rank(aggr, r) + len_term(n, 40)
        } else if t.high[1] == 0 {
            if max4 != 0 {
                if c.second(ls) == l as i32 {
                    36 - r + a50
                } else {
                    48 - r + a50
                }
            } else if over4 {
                48 - r + a50
            } else {
                -12 - r + a50
            }
        } else if max4 != 0 {
            72 - r + a50
        } else if over4 {
            48 - r + a50
        } else {
            36 - r + a50
        };
    }
}

fn nt_void2(c: &Ctx, cur: usize, s: usize, moves: &mut [RootMove]) {
    let n = c.len(cur, s);
    let mut add = len_term(n, 24);
    if (n == 2 && c.second(s) == cur as i32) || (n == 1 && c.winner(s) == cur as i32) {
        add -= 4;
    }
    for m in moves.iter_mut() {
        m.weight = -i32::from(m.rank) + add;
    }
}

fn notvoid3(c: &Ctx, t: &Trick, moves: &mut [RootMove]) {
    let tr = trump_of(c);
    let third = t.win[2];
    if t.high[2] == 1 || (t.lead_suit != tr && third.0 == tr) {
        play_low(moves);
    } else {
        for m in moves.iter_mut() {
            let r = i32::from(m.rank);
            m.weight = if r > third.1 { 30 - r } else { -r };
        }
    }
}

fn nt_void3(c: &Ctx, cur: usize, s: usize, moves: &mut [RootMove]) {
    let n = c.len(cur, s);
    let mut add = len_term(n, 27);
    if n == 2 && c.second(s) == cur as i32 {
        add -= 6;
    } else if n == 1 && c.winner(s) == cur as i32 {
        add -= 8;
    }
    for m in moves.iter_mut() {
        m.weight = -i32::from(m.rank) + add;
    }
}

fn trump_void3(c: &Ctx, t: &Trick, cur: usize, s: usize, moves: &mut [RootMove]) {
    let tr = trump_of(c);
    let n = c.len(cur, s);
    let mut add = len_term(n, 24);
    if n == 2 && c.second(s) == cur as i32 {
        add -= 2;
    }
    let third = t.win[2];
    let aggr = c.aggr(s);
    for m in moves.iter_mut() {
        let r = i32::from(m.rank);
        let rr = rel_rank(aggr, r);
        m.weight = if t.lead_suit == tr {
            -r + add
        } else if t.high[2] == 1 {
            if s == tr {
                2 - r + add
            } else {
                25 - r + add
            }
        } else if third.0 == tr {
            if s != tr {
                14 - r + add
            } else if r > third.1 {
                33 + rr
            } else {
                -13 + rr
            }
        } else if s == tr {
            33 + rr
        } else {
            14 - r + add
        };
    }
}
