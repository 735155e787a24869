//! DDS 2.9's root move order, to list `SolveBoard`'s cards as DDS does.
//!
//! How DDS orders its answer (read from DDS 2.9's `SolverIF.cpp`,
//! `ABsearch.cpp` and `Moves.cpp`): the root node never consults the
//! transposition table, and before each root search of the target -1 and
//! solutions 2/3 loops DDS clears its cut-off and table best-move hints,
//! so the root move list is always the same: the moves in generation order
//! (suits S, H, D, C; in a suit the groups from the highest down), weighted
//! by the heuristic of the hand's position in the trick (the hints only
//! ever add to a leader's weights), then sorted by a fixed, non-stable
//! sorting network. The root search returns the *first* move of that list
//! (after the forbidden moves are removed, which keeps the order) that
//! reaches the target. So the order is the root list restricted to the
//! answer, not something that depends on how the search goes:
//!
//! - `solutions = 3`: each new card is the first card of the list with the
//!   best remaining score, so the answer is sorted by score (high first)
//!   and, within a score, by list position; the score-0 tail is appended in
//!   list order too.
//! - `solutions = 2`: the cards reaching the score, in list order.
//! - `solutions = 1`: the first card of the list that reaches the score.
//! - `target = 0`: the list itself.
//!
//! Not reproduced (on purpose: our results never depend on earlier calls):
//! with `target = 0`, and for the first search with `target` 1..13, DDS
//! does not clear the hints first, so a leader's list there carries bonuses
//! for the best moves the thread's previous call left behind; this module
//! assumes none (what a fresh DDS thread does).
//!
//! The weights are DDS's numbers, re-expressed here (`Moves.cpp`'s
//! `WeightAlloc*` functions and `MergeSort`'s networks).

use super::cards::{Card, Strain};
use super::popcount;
use super::solve::{Board, CardResult};

mod follow;
mod network;

/// One root move in DDS's list: the highest card of an equivalence group.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RootMove {
    /// Suit index 0..=3.
    pub suit: u8,
    /// Rank 2..=14 of the card played.
    pub rank: u8,
    /// The lower equivalent cards (holding bits), as DDS's `sequence`.
    pub seq: u16,
    /// DDS's ordering weight.
    pub weight: i32,
}

/// The position as DDS's move generator sees it.
pub(crate) struct Ctx<'a> {
    /// `hold[hand][suit]`: bit `r` for rank `r` (borrowed: the search's own
    /// hands, not a copy).
    pub(crate) hold: &'a [[u16; 4]; 4],
    /// Trump suit index, or `None` at no trump.
    pub(crate) trump: Option<usize>,
    /// The hand that led (or leads) the current trick.
    pub(crate) lead: usize,
    /// Cards of the current trick, in order: (suit, rank); the first
    /// `trick_len` are used.
    trick: [(usize, i32); 3],
    trick_len: usize,
    /// Ranks played in earlier tricks, per suit (bit `r`).
    pub(crate) removed: [u16; 4],
    /// DDS's trick counter at the root (`depth >> 2`).
    pub(crate) tricks: i32,
}

pub(crate) fn lho(h: usize) -> usize {
    (h + 1) & 3
}
pub(crate) fn rho(h: usize) -> usize {
    (h + 3) & 3
}
pub(crate) fn partner(h: usize) -> usize {
    (h + 2) & 3
}
pub(crate) fn count(h: u16) -> i32 {
    popcount::count(h) as i32
}
pub(crate) fn highest(h: u16) -> i32 {
    if h == 0 {
        0
    } else {
        15 - h.leading_zeros() as i32
    }
}
pub(crate) fn lowest(h: u16) -> i32 {
    if h == 0 {
        0
    } else {
        h.trailing_zeros() as i32
    }
}
pub(crate) fn bit(r: i32) -> u16 {
    // Ranks are 0 (no card) or 2..=14; rank 0 and anything outside
    // 1..=15 give no bit.
    ((1u32 << (r as u32 & 31)) as u16) & !1
}
/// Relative rank of `r` among `aggr`: 1 for the highest card.
pub(crate) fn rel_rank(aggr: u16, r: i32) -> i32 {
    count(aggr & !((2u16 << r) - 1)) + 1
}

/// The hands of `board` as holding masks, `[hand][suit]`.
fn board_hold(board: &Board) -> [[u16; 4]; 4] {
    let mut hold = [[0u16; 4]; 4];
    for (h, hand) in board.deal.0.iter().enumerate() {
        for (s, holding) in hand.0.iter().enumerate() {
            hold[h][s] = holding.0;
        }
    }
    hold
}

impl<'a> Ctx<'a> {
    /// The context of `board`, whose hands are `hold` (`board_hold`).
    fn new(board: &Board, hold: &'a [[u16; 4]; 4]) -> Ctx<'a> {
        let trump = match board.trump {
            Strain::Trump(s) => Some(s.index()),
            Strain::NoTrump => None,
        };
        let mut trick = [(0usize, 0i32); 3];
        let mut n = 0;
        for c in board.trick.iter().take(3) {
            trick[n] = (c.suit.index(), i32::from(c.rank));
            n += 1;
        }
        let mut removed = [0u16; 4];
        let mut held = 0;
        for s in 0..4 {
            let mut present = hold[0][s] | hold[1][s] | hold[2][s] | hold[3][s];
            for &(ts, tr) in &trick[..n] {
                if ts == s {
                    present |= bit(tr);
                }
            }
            removed[s] = 0x7ffc & !present;
            held += count(hold[0][s] | hold[1][s] | hold[2][s] | hold[3][s]);
        }
        // DDS: depth = cards held - 4; the root trick counter is
        // (depth + 3) >> 2.
        let tricks = (held - 4 + 3) >> 2;
        let lead = board.first.index();
        Ctx::from_search(hold, trump, lead, trick, n, removed, tricks)
    }

    /// The context of a search's position: hands, trump, the hand that led
    /// the current trick, that trick's cards (the first `trick_len` of
    /// `trick`), the cards of completed tricks per suit and DDS's trick
    /// counter (tricks left, the current one included, minus one).
    #[inline(always)]
    pub(crate) fn from_search(
        hold: &'a [[u16; 4]; 4],
        trump: Option<usize>,
        lead: usize,
        trick: [(usize, i32); 3],
        trick_len: usize,
        removed: [u16; 4],
        tricks: i32,
    ) -> Ctx<'a> {
        Ctx {
            hold,
            trump,
            lead,
            trick,
            trick_len,
            removed,
            tricks,
        }
    }

    /// Who holds the highest card of suit `s` still held or in the
    /// current trick (see [`Ctx::nth`]).
    #[inline]
    pub(crate) fn winner(&self, s: usize) -> i32 {
        self.nth(0x7ffc & !self.removed[s], s, 1)
    }

    /// Who holds the second highest such card.
    #[inline]
    pub(crate) fn second(&self, s: usize) -> i32 {
        self.nth(0x7ffc & !self.removed[s], s, 2)
    }

    /// The hand holding rank `r` of suit `s`; 0 (North) for a card in the
    /// current trick, as in DDS's lookup table.
    #[inline]
    fn owner(&self, s: usize, r: i32) -> i32 {
        let b = bit(r);
        let h = &self.hold;
        i32::from(h[1][s] & b != 0)
            + 2 * i32::from(h[2][s] & b != 0)
            + 3 * i32::from(h[3][s] & b != 0)
    }

    /// All cards of suit `s` still held.
    pub(crate) fn aggr(&self, s: usize) -> u16 {
        self.hold[0][s] | self.hold[1][s] | self.hold[2][s] | self.hold[3][s]
    }

    pub(crate) fn len(&self, h: usize, s: usize) -> i32 {
        count(self.hold[h][s])
    }

    /// Who holds the `k`-th highest card of `aggr` in suit `s`: -1 when
    /// there is none, and a card held by nobody (i.e. in the current trick)
    /// counts as North's, as in DDS's lookup table.
    #[inline]
    pub(crate) fn nth(&self, aggr: u16, s: usize, k: i32) -> i32 {
        let mut rest = aggr & 0x7ffc;
        for _ in 1..k {
            rest &= !bit(highest(rest));
        }
        if rest == 0 {
            return -1;
        }
        self.owner(s, highest(rest))
    }

    /// The moves of hand `h` in suit `s`, highest group first.
    #[inline(always)]
    pub(crate) fn gen_suit(&self, h: usize, s: usize, out: &mut MoveList) {
        gen_groups(self.hold[h][s], self.removed[s], s, out);
    }
}

/// The moves of a hand holding `held` in suit `s`, one per group of cards
/// with nothing between them but cards of earlier tricks (`removed`),
/// highest group first, each played as its highest card with the lower
/// ones in `seq`.
#[inline(always)]
pub(crate) fn gen_groups(held: u16, removed: u16, s: usize, out: &mut MoveList) {
    // A group runs from its top card down to just above the highest card
    // below it that is still in play but not this hand's.
    let others = 0x7ffc & !removed & !held;
    let mut rest = held;
    while rest != 0 {
        let top = highest(rest);
        let below = others & (bit(top) - 1);
        let floor = if below == 0 {
            0
        } else {
            (2u16 << highest(below)) - 1
        };
        let group = rest & !floor;
        out.push(RootMove {
            suit: s as u8,
            rank: top as u8,
            seq: group & !bit(top),
            weight: 0,
        });
        rest &= floor;
    }
}

/// DDS's root move list for `board` (one move per equivalence group), in
/// the order DDS's root search tries them.
pub fn root_order(board: &Board) -> Vec<RootMove> {
    let mut list = MoveList::default();
    let hold = board_hold(board);
    ordered_moves(&Ctx::new(board, &hold), Hints::default(), &mut list);
    list.to_vec()
}

/// Up to 13 moves, without allocating (the search builds one per node).
/// The array has 16 slots so that an index masked to 4 bits is always in
/// bounds: `push` then needs no bounds check.
#[derive(Clone, Copy)]
pub(crate) struct MoveList {
    moves: [RootMove; 16],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList {
            moves: [RootMove {
                suit: 0,
                rank: 0,
                seq: 0,
                weight: 0,
            }; 16],
            len: 0,
        }
    }
}

impl MoveList {
    /// Appends a move (a hand never has more than 13 groups).
    #[inline(always)]
    pub(crate) fn push(&mut self, m: RootMove) {
        debug_assert!(self.len < 13);
        self.moves[self.len & 15] = m;
        self.len += 1;
    }

    /// Keeps the moves `keep` accepts, in their order.
    pub(crate) fn retain(&mut self, keep: impl Fn(&RootMove) -> bool) {
        let mut n = 0;
        for i in 0..self.len {
            if keep(&self.moves[i]) {
                self.moves[n] = self.moves[i];
                n += 1;
            }
        }
        self.len = n;
    }
}

impl std::ops::Deref for MoveList {
    type Target = [RootMove];
    fn deref(&self) -> &[RootMove] {
        &self.moves[..self.len]
    }
}

impl std::ops::DerefMut for MoveList {
    fn deref_mut(&mut self) -> &mut [RootMove] {
        &mut self.moves[..self.len]
    }
}

/// A leader's move hints, as DDS keeps them per depth: the move that last
/// caused a cut-off (`killer`) and the best move of the last table entry
/// that decided a node (`table`); each packed as `suit << 4 | rank`, or 0
/// for none (no card packs to 0: ranks start at 2).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Hints {
    pub(crate) killer: u8,
    pub(crate) table: u8,
}

impl Hints {
    /// The bonus of a leader's move: `win_*` when the move can win the
    /// trick, `lose_*` otherwise (DDS's numbers per strain kind).
    #[inline(always)]
    fn bonus(&self, m: &RootMove, win: bool, nt: bool) -> i32 {
        let key = (m.suit << 4) | m.rank;
        let (killer, table) = (key == self.killer, key == self.table);
        match (win, nt) {
            (true, false) if killer => 55,
            (true, false) if table => 18,
            (false, false) if killer => 18,
            (true, true) if killer => 126,
            (true, true) if table => 32,
            (false, true) if killer => 47,
            (false, true) if table => 19,
            _ => 0,
        }
    }
}

/// The moves of the hand to play in `ctx`, weighted and sorted as DDS's
/// move generator does, appended to `list` (which must start empty).
pub(crate) fn ordered_moves(ctx: &Ctx, hints: Hints, list: &mut MoveList) {
    let pos = ctx.trick_len;
    let cur = (ctx.lead + pos) & 3;
    if pos == 0 {
        let ftest = ctx.trump.is_some_and(|t| 0x7ffc & !ctx.removed[t] != 0);
        for s in 0..4 {
            let start = list.len();
            ctx.gen_suit(cur, s, list);
            let slice = &mut list[start..];
            if slice.is_empty() {
                continue;
            }
            let v = LeadSuit::new(ctx, s);
            match ctx.trump {
                Some(t) if ftest => lead_trump(ctx, &v, s, t, &hints, slice),
                _ => lead_nt(ctx, &v, &hints, slice),
            }
        }
    } else {
        follow::follow(ctx, pos, cur, list);
    }
    if list.len() > 1 {
        network::sort(list);
    }
}

/// The bit of the highest card of `h` (0 when empty).
#[inline(always)]
fn top_bit(h: u16) -> u16 {
    if h == 0 {
        0
    } else {
        0x8000 >> h.leading_zeros()
    }
}

/// A suit as the leader's weights see it: each position's cards (leader,
/// partner, left- and right-hand opponent) and the three highest cards
/// (as bits; 0 when there are fewer). At a lead no card of the suit is in
/// the trick, so the highest cards in play are the highest held, and
/// "who holds it" is a bit test.
struct LeadSuit {
    l: u16,
    p: u16,
    lh: u16,
    rh: u16,
    aggr: u16,
    w: u16,
    sb: u16,
    third: u16,
}

impl LeadSuit {
    #[inline(always)]
    fn new(c: &Ctx, s: usize) -> LeadSuit {
        let l = c.lead;
        let h = &c.hold;
        let (hl, hp, hlh, hrh) = (h[l][s], h[partner(l)][s], h[lho(l)][s], h[rho(l)][s]);
        let aggr = hl | hp | hlh | hrh;
        // (Masked as DDS's lookup is, for holdings with stray bits.)
        let cards = aggr & 0x7ffc;
        debug_assert_eq!(cards, 0x7ffc & !c.removed[s]);
        let w = top_bit(cards);
        let sb = top_bit(cards ^ w);
        let third = top_bit(cards ^ w ^ sb);
        LeadSuit {
            l: hl,
            p: hp,
            lh: hlh,
            rh: hrh,
            aggr,
            w,
            sb,
            third,
        }
    }
}

/// The leader's weights in a trump contract with trumps left
/// (DDS's `WeightAllocTrump0`, without the hint bonuses).
fn lead_trump(c: &Ctx, v: &LeadSuit, s: usize, t: usize, hints: &Hints, moves: &mut [RootMove]) {
    let l = c.lead;
    let h = &c.hold;
    // Trumps of each position.
    let (tl, tp, tlh, trh) = (h[l][t], h[partner(l)][t], h[lho(l)][t], h[rho(l)][t]);
    let (lp, ll, lr) = (count(v.p), count(v.lh), count(v.rh));
    let count_lh = if ll == 0 { c.tricks + 1 } else { ll } << 2;
    let count_rh = if lr == 0 { c.tricks + 1 } else { lr } << 2;
    let weight_d = -(((count_lh + count_rh) << 5) / 13);
    let side = s != t;
    let (w_rank, sb_rank) = (highest(v.w), highest(v.sb));
    // Who holds the top card, the second and the third.
    let (w_l, w_p, w_lh, w_rh) = (
        v.l & v.w != 0,
        v.p & v.w != 0,
        v.lh & v.w != 0,
        v.rh & v.w != 0,
    );
    let (sb_l, sb_p, sb_rh) = (v.l & v.sb != 0, v.p & v.sb != 0, v.rh & v.sb != 0);
    let (third_l, third_p) = (v.l & v.third != 0, v.p & v.third != 0);
    let mut bonus = 0;
    if side && ((v.lh == 0 && tlh != 0) || (v.rh == 0 && trh != 0)) {
        bonus = -12;
    }
    if side && lp == 0 && tp != 0 && lr > 0 {
        bonus += 17;
    }
    if w_rh || sb_rh {
        if lr != 1 {
            bonus -= 12;
        }
    } else if w_lh && sb_p && lp != 1 {
        bonus += 27;
    }
    if side && count(v.l) == 1 && tl != 0 && lp > 1 && w_p {
        bonus += 19;
    }
    // Neither opponent can ruff (each follows, or has no trump).
    let no_ruffs = (v.lh != 0 || tlh == 0) && (v.rh != 0 || trh == 0);
    let single_top = (ll == 1 && w_lh) || (lr == 1 && w_rh);
    // Whether a lead of the top card, or of another card, can win.
    let win_top = if !side {
        true
    } else if lp != 0 || tp == 0 {
        no_ruffs
    } else {
        (ll != 0 || tp > tlh) && (lr != 0 || tp > trh)
    };
    let win_other = if v.p > (v.lh | v.rh) {
        !side || no_ruffs
    } else if side && lp == 0 && tp != 0 {
        let lh_ruffs = ll == 0 && tlh != 0;
        let rh_ruffs = lr == 0 && trh != 0;
        if lh_ruffs && rh_ruffs {
            tp > (tlh | trh)
        } else if lh_ruffs {
            tp > tlh
        } else if rh_ruffs {
            tp > trh
        } else {
            true
        }
    } else {
        false
    };
    // The losing leads' extra for partner's second and third cards.
    let lose_d = if sb_p && third_p {
        20
    } else if (sb_l && third_p && lp > 1) || (sb_p && third_l && lp > 1) {
        13
    } else {
        0
    };
    for m in moves.iter_mut() {
        let r = i32::from(m.rank);
        let rr = rel_rank(v.aggr, r);
        let delta = bonus + weight_d;
        let win = if w_rank == r { win_top } else { win_other };
        let seq = m.seq != 0;
        let weight = if win {
            if single_top {
                delta + 35 + rr
            } else if w_l {
                if sb_p {
                    delta + 48 + rr
                } else if w_rank == r {
                    delta + 31
                } else {
                    delta - 3 + rr
                }
            } else if w_p {
                if sb_l {
                    delta + 42 + rr
                } else {
                    delta + 28 + rr
                }
            } else if seq && r == sb_rank {
                delta + 40
            } else if seq {
                delta + 22 + rr
            } else {
                delta + 11 + rr
            }
        } else {
            let delta = delta + lose_d;
            if single_top {
                delta + rr + 2
            } else if w_l {
                if sb_p {
                    delta + 33 + rr
                } else if w_rank == r {
                    delta + 38
                } else {
                    delta - 14 + rr
                }
            } else if w_p {
                delta + 34 + rr
            } else if seq && r == sb_rank {
                delta + 35
            } else {
                delta + 17 - r
            }
        };
        m.weight = weight + hints.bonus(m, win, false);
    }
}

/// The leader's weights at no trump, or with no trumps left
/// (DDS's `WeightAllocNT0`, without the hint bonuses).
fn lead_nt(c: &Ctx, v: &LeadSuit, hints: &Hints, moves: &mut [RootMove]) {
    let (lp, ll, lr) = (count(v.p), count(v.lh), count(v.rh));
    let count_lh = if ll == 0 { c.tricks + 1 } else { ll } << 2;
    let count_rh = if lr == 0 { c.tricks + 1 } else { lr } << 2;
    let mut weight_d = -(((count_lh + count_rh) << 5) / 19);
    if lp == 0 {
        weight_d -= 9;
    }
    let (w_rank, sb_rank) = (highest(v.w), highest(v.sb));
    let (w_l, w_lh, w_rh) = (v.l & v.w != 0, v.lh & v.w != 0, v.rh & v.w != 0);
    let (sb_l, sb_p, sb_lh, sb_rh) = (
        v.l & v.sb != 0,
        v.p & v.sb != 0,
        v.lh & v.sb != 0,
        v.rh & v.sb != 0,
    );
    let (third_l, third_p) = (v.l & v.third != 0, v.p & v.third != 0);
    // A winning lead's weight before its relative rank.
    let mut win_d = weight_d;
    if sb_rh {
        if lr != 1 {
            win_d -= 1;
        }
    } else if sb_lh {
        win_d += if ll != 1 { 22 } else { 16 };
    }
    win_d += if (!sb_lh || ll == 1) && (!sb_rh || lr == 1) {
        45
    } else {
        18
    };
    // A losing lead's weight before its own terms.
    let mut lose_d = weight_d;
    if w_rh || sb_rh {
        if lr != 1 {
            lose_d -= 10;
        }
    } else if w_lh && sb_p && lp != 1 {
        lose_d += 31;
    }
    if sb_p && third_p {
        lose_d += 35;
    } else if (sb_l && third_p && lp > 1) || (sb_p && third_l && lp > 1) {
        lose_d += 25;
    }
    let win_other = v.p > (v.lh | v.rh);
    let single_top = (ll == 1 && w_lh) || (lr == 1 && w_rh);
    for m in moves.iter_mut() {
        let r = i32::from(m.rank);
        let rr = rel_rank(v.aggr, r);
        let win = w_rank == r || win_other;
        let weight = if win {
            win_d + rr
        } else if single_top {
            lose_d + 28 + rr
        } else if w_l {
            lose_d - 17 + rr
        } else if m.seq == 0 {
            lose_d + 12 + rr
        } else if r == sb_rank {
            lose_d + 48
        } else {
            lose_d + 29 - rr
        };
        m.weight = weight + hints.bonus(m, win, true);
    }
}

/// Position of a card in DDS's list (cards not in it sort last).
fn index_of(list: &[RootMove], card: Card) -> usize {
    list.iter()
        .position(|m| usize::from(m.suit) == card.suit.index() && m.rank == card.rank)
        .unwrap_or(usize::MAX)
}

/// Puts `cards` in DDS's order: score high first, and within a score the
/// order of DDS's root list (a stable sort, so cards outside the list keep
/// their relative order).
pub fn order_results(board: &Board, cards: &mut [CardResult]) {
    let list = root_order(board);
    cards.sort_by_key(|c| (-c.score, index_of(&list, c.card)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::cards::{Deal, Holding, Seat, Suit};

    fn result(suit: usize, rank: u8, equals: u16, score: i32) -> CardResult {
        CardResult {
            card: Card::new(Suit::ALL[suit], rank),
            equals: Holding(equals),
            score,
        }
    }

    #[test]
    fn list1_fut_line_order() {
        // DDS 2.9's FUT line of list1.txt (spades, North leads): D5 D8 DJ
        // CT S6 SQ score 5, then H2 H6 HK score 4 (equals: CT has 98, SQ
        // has J).
        let board = Board::new(
            Deal::from_pbn("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3")
                .unwrap(),
            Strain::Trump(Suit::Spades),
            Seat::North,
        );
        let want = vec![
            result(2, 5, 0, 5),
            result(2, 8, 0, 5),
            result(2, 11, 0, 5),
            result(3, 10, 768, 5),
            result(0, 6, 0, 5),
            result(0, 12, 2048, 5),
            result(1, 2, 0, 4),
            result(1, 6, 0, 4),
            result(1, 13, 0, 4),
        ];
        let mut got = want.clone();
        got.reverse();
        order_results(&board, &mut got);
        assert_eq!(got, want);
        // One move per group, with DDS's `sequence` as the equals.
        let list = root_order(&board);
        assert_eq!(list.len(), 9);
        let ct = list.iter().find(|m| m.suit == 3 && m.rank == 10).unwrap();
        assert_eq!(ct.seq, 768);
    }

    #[test]
    fn relative_rank_counts_from_the_top() {
        // AKQ...: the ace is 1, the queen 3; with the king gone the queen is 2.
        assert_eq!(rel_rank(0x7000, 14), 1);
        assert_eq!(rel_rank(0x7000, 12), 3);
        assert_eq!(rel_rank(0x5000, 12), 2);
    }
    /// `SolveBoard(-1, 3, 1)` answers of Debian's DDS 2.9.0 (recorded with
    /// its `libdds.so.0`), for second, third and fourth hands following
    /// suit or void, trumps and no trump: (trump, first, trick, deal, cards
    /// as (suit, rank, equals, score)).
    type Recorded = (
        usize,
        usize,
        &'static [(usize, u8)],
        &'static str,
        &'static [(usize, u8, u16, i32)],
    );
    const FOLLOWERS: [Recorded; 10] = [
        (
            0,
            0,
            &[(2, 5)],
            "N:QJ6.K652.J8.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
            &[(2, 14, 0, 8), (2, 4, 0, 8), (2, 10, 0, 8), (2, 7, 64, 8)],
        ),
        (
            4,
            0,
            &[(2, 5), (2, 4)],
            "N:QJ6.K652.J8.T98 873.J97.AT76.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
            &[(2, 9, 0, 6), (2, 13, 4096, 6)],
        ),
        (
            0,
            0,
            &[(3, 10), (3, 4), (3, 2)],
            "N:QJ6.K652.J85.98 873.J97.AT764.Q K5.T83.KQ9.A765 AT942.AQ4.32.KJ3",
            &[(3, 11, 0, 8), (3, 13, 0, 8), (3, 3, 0, 7)],
        ),
        (
            1,
            1,
            &[(3, 12)],
            "N:QJ6.K652.J85.T98 873.J97.AT764.4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
            &[(3, 14, 0, 7), (3, 2, 0, 6), (3, 7, 96, 6)],
        ),
        (
            3,
            2,
            &[(1, 5)],
            "N:AKQJ.T98.765.432 T98.AKQJ76.AK.QJ 765.432.QJT.AKT 432..98432.98765",
            &[
                (0, 4, 12, 10),
                (2, 4, 12, 9),
                (2, 9, 256, 9),
                (3, 9, 480, 8),
            ],
        ),
        (
            4,
            2,
            &[(1, 5)],
            "N:AKQJ.T98.765.432 T98.AKQJ76.AK.QJ 765.432.QJT.AKT 432..98432.98765",
            &[(2, 4, 12, 8), (2, 9, 256, 8), (0, 4, 12, 8), (3, 9, 480, 8)],
        ),
        (
            3,
            1,
            &[(1, 14), (1, 2)],
            "N:AKQJ.T98.765.432 T98.KQJ76.AK.QJ 765.543.QJT.AKT 432..98432.98765",
            &[
                (0, 4, 12, 10),
                (2, 4, 12, 9),
                (2, 9, 256, 9),
                (3, 9, 480, 8),
            ],
        ),
        (
            4,
            1,
            &[(1, 14), (1, 2)],
            "N:AKQJ.T98.765.432 T98.KQJ76.AK.QJ 765.543.QJT.AKT 432..98432.98765",
            &[(2, 4, 12, 8), (2, 9, 256, 8), (0, 4, 12, 8), (3, 9, 480, 8)],
        ),
        (
            3,
            0,
            &[(1, 10), (1, 14), (1, 2)],
            "N:AKQJ.98.765.432 T98.KQJ76.AK.QJ 765.543.QJT.AKT 432..98432.98765",
            &[
                (0, 4, 12, 10),
                (2, 4, 12, 9),
                (2, 9, 256, 9),
                (3, 9, 480, 8),
            ],
        ),
        (
            4,
            0,
            &[(1, 10), (1, 14), (1, 2)],
            "N:AKQJ.98.765.432 T98.KQJ76.AK.QJ 765.543.QJT.AKT 432..98432.98765",
            &[(2, 4, 12, 8), (0, 4, 12, 8), (2, 9, 256, 8), (3, 9, 480, 8)],
        ),
    ];

    #[test]
    fn followers_order_as_dds() {
        use crate::bridge::solve::Solver;
        for (trump, first, trick, pbn, want) in FOLLOWERS {
            let board = Board {
                deal: Deal::from_pbn(pbn).unwrap(),
                trump: Strain::from_index(trump).unwrap(),
                first: Seat::ALL[first],
                trick: trick
                    .iter()
                    .map(|&(s, r)| Card::new(Suit::ALL[s], r))
                    .collect(),
            };
            let got: Vec<(usize, u8, u16, i32)> = Solver::new()
                .solve_board(&board, -1, 3, 1)
                .cards
                .iter()
                .map(|c| (c.card.suit.index(), c.card.rank, c.equals.0, c.score))
                .collect();
            assert_eq!(got, want, "{pbn} trump {trump} trick {trick:?}");
        }
    }
}
