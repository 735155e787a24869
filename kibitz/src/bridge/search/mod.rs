//! The double dummy search: a boolean zero-window alpha-beta search
//! ("can North-South take at least `target` tricks?").
//!
//! Inner loops use raw masks for speed. Conventions inside this module:
//! - seats are `usize` 0..=3 (N E S W), suits `usize` 0..=3 (S H D C), the
//!   trump `usize` 0..=3 or 4 for no trump;
//! - a holding is a `u16` with bit `r` for rank `r` (2..=14), as in DDS;
//! - `removed[s]` holds the cards of suit `s` played in completed tricks, so
//!   `FULL & !removed[s]` is every card still in a hand or in the current
//!   trick (the "present" cards that decide which cards are equivalent).
//!
//! Each search call also reports the ranks that won tricks by rank in the
//! subtree it searched (`wr`, one mask per suit). Only those ranks, and the
//! cards above them, matter for the result; the transposition table uses
//! this to answer for many positions at once.

#[cfg(test)]
mod bounds_check;
mod cut_cache;
mod moves;
mod quick;
mod rules;
pub mod tt;

use crate::bridge::popcount;
use cut_cache::CutCache;
pub use moves::Move;
pub use rules::Rules;
use tt::TransTable;

/// Every rank 2..=A.
pub const FULL: u16 = 0x7ffc;

/// Maximum number of cards played during one search (13 tricks).
const MAX_DEPTH: usize = 53;

/// Counters of one searcher's work, for tuning and benchmarks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Positions at a trick boundary searched below the root (before the
    /// quick-trick and table cut-offs).
    pub trick_nodes: u64,
    /// Trick-boundary positions decided by quick or sure tricks.
    pub quick_cuts: u64,
    /// Transposition table look-ups.
    pub table_probes: u64,
    /// Look-ups that decided the position.
    pub table_hits: u64,
    /// Moves skipped as equivalent to a lower card already searched.
    pub skipped_moves: u64,
    /// Root searches ("can the side reach n tricks?") run.
    pub root_searches: u64,
}

/// A position for the search: remaining hands, trump, and the current trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchPos {
    /// Remaining cards, `[seat][suit]`.
    pub hands: [[u16; 4]; 4],
    /// Trump suit 0..=3, or 4 for no trump.
    pub trump: usize,
    /// The seat that led to the current trick.
    pub leader: usize,
    /// Cards already played to the current trick: `(suit, rank)`, 0..=3 of them.
    pub trick: [(u8, u8); 3],
    /// How many cards are in the current trick.
    pub trick_len: usize,
}

impl SearchPos {
    /// The seat to play next.
    // "To play" is the bridge phrase, not a conversion.
    #[allow(clippy::wrong_self_convention)]
    pub fn to_play(&self) -> usize {
        (self.leader + self.trick_len) & 3
    }

    /// Total cards still held.
    pub fn cards_held(&self) -> u32 {
        self.hands
            .iter()
            .flatten()
            .map(|&h| popcount::count(h))
            .sum()
    }

    /// Tricks not yet completed, the current one included.
    pub fn tricks_left(&self) -> i32 {
        ((self.cards_held() as usize + self.trick_len) / 4) as i32
    }
}

/// Undo information for one played card, returned by
/// [`Searcher::make_by`] and kept by its caller (in a register, not in an
/// array indexed by depth).
#[derive(Clone, Copy, Default)]
struct Undo {
    /// The trick was completed by this card.
    completed: bool,
    /// Leader before the card (the trick's leader).
    old_leader: u8,
    /// Winner index within the trick before this card.
    old_win: u8,
}

/// A searcher: the position being searched plus its transposition table.
pub struct Searcher {
    hands: [[u16; 4]; 4],
    removed: [u16; 4],
    trump: usize,
    leader: usize,
    trick_suit: [usize; 4],
    trick_rank: [u8; 4],
    trick_len: usize,
    /// Index within the trick of the card currently winning it.
    win_idx: usize,
    ns_won: i32,
    tricks_left: i32,
    depth: usize,
    /// Per depth, the last move that caused a cut-off (suit << 4 | rank),
    /// stored in the table as the best move.
    cut_move: [u8; MAX_DEPTH],
    /// Per depth, the best move of the last table entry that decided a
    /// node at that depth (suit << 4 | rank), DDS's table hint.
    tt_hint: [u8; MAX_DEPTH],
    /// Cards forbidden at the root (suit, rank) while `depth == 0`.
    forbidden: [u16; 4],
    /// The move that decided the last root search, if any.
    pub root_best: Option<Move>,
    /// When set, root searches only answer the question (no `root_best`,
    /// no forbidden cards): the root is searched as any other node, with
    /// the table, the quick-trick bounds and the shortcuts.
    pub value_only: bool,
    /// Per root card (suit, rank of the top of its group): the bounds on
    /// North-South's total tricks after it that earlier root searches of
    /// the same position proved (`root_lb` at least, `root_ub` at most).
    /// A root search takes a card's value from them when they decide it.
    root_lb: [[i8; 16]; 4],
    root_ub: [[i8; 16]; 4],
    /// Whether the current root search took a value from those bounds (its
    /// ranks are then incomplete and its result is not stored).
    root_known: bool,
    /// Nodes visited since creation.
    pub nodes: u64,
    /// Counters of what the search did (see [`SearchStats`]).
    pub stats: SearchStats,
    /// Suit lengths, 4 bits per (seat, suit), kept up to date by make/unmake.
    len_key: u64,
    /// Owner patterns (see `tt`) at trick boundaries, indexed by tricks
    /// left: kept up to date as tricks complete, so a lead node reads its
    /// pattern instead of recomputing it. (This array and the two below
    /// have 16 slots and are indexed by tricks left masked to 4 bits, so
    /// no index is bounds-checked.)
    pats: [[u32; 4]; 16],
    /// The cards of completed tricks (`trick_suit` in bytes 0..=3,
    /// `trick_rank` in bytes 4..=7), indexed by the tricks left before the
    /// trick completed; restored on unmake.
    done: [u64; 16],
    /// `removed` before the trick completed, indexed as `done`.
    removed_before: [[u16; 4]; 16],
    tt: TransTable,
    tt_trump: usize,
    /// Per seat and suit, the cards the seat held in the positions set up
    /// since the table was last cleared (see [`Searcher::set_position`]).
    tt_seen: [[u16; 4]; 4],
    /// Refutations by situation (see [`cut_cache`]).
    cuts: CutCache,
    /// The pruning rules in use (all but in tests of the rules).
    pub rules: Rules,
}

/// From this many tricks left on, lead nodes probe the table before
/// computing quick tricks: deep in the tree table hits are common and
/// cheaper than the bounds (3 took the fewest instructions; see
/// docs/performance.md).
const TABLE_FIRST_TRICKS: i32 = 3;

/// Default transposition table size in entries (24 bytes each).
pub const DEFAULT_TT_ENTRIES: usize = 2_000_000;

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new(DEFAULT_TT_ENTRIES)
    }
}

impl Searcher {
    /// A searcher whose table keeps at most `tt_entries` entries.
    pub fn new(tt_entries: usize) -> Searcher {
        Searcher {
            hands: [[0; 4]; 4],
            removed: [FULL; 4],
            trump: 4,
            leader: 0,
            trick_suit: [0; 4],
            trick_rank: [0; 4],
            trick_len: 0,
            win_idx: 0,
            ns_won: 0,
            tricks_left: 0,
            depth: 0,
            cut_move: [0; MAX_DEPTH],
            tt_hint: [0; MAX_DEPTH],
            forbidden: [0; 4],
            root_best: None,
            value_only: false,
            root_lb: [[0; 16]; 4],
            root_ub: [[13; 16]; 4],
            root_known: false,
            nodes: 0,
            stats: SearchStats::default(),
            len_key: 0,
            pats: [[0; 4]; 16],
            done: [0; 16],
            removed_before: [[0; 4]; 16],
            tt: TransTable::new(tt_entries),
            tt_trump: usize::MAX,
            tt_seen: [[0; 4]; 4],
            cuts: CutCache::default(),
            rules: Rules::ALL,
        }
    }

    /// Forgets all stored results.
    pub fn clear_table(&mut self) {
        self.tt.clear();
        self.tt_seen = [[0; 4]; 4];
        self.cut_move = [0; MAX_DEPTH];
        self.tt_hint = [0; MAX_DEPTH];
    }

    /// The most entries the transposition table keeps.
    pub fn table_capacity(&self) -> usize {
        self.tt.capacity()
    }

    /// Number of entries in the transposition table.
    pub fn table_len(&self) -> usize {
        self.tt.len()
    }

    /// Sets up `pos` as the root. The table is kept if the trump is the
    /// same and no card of `pos` was held by another seat in the positions
    /// searched since the last clear (later positions of the same deal, as
    /// in play analysis, or the same deal with another leader). Stored
    /// results are facts about positions, valid for any root, but another
    /// deal's entries only crowd the buckets: on 50 seeded `SolveBoard`
    /// calls, clearing for a new deal took 1.7% less time, and the cheap
    /// deals after a costly one half the time (as DDS, which clears its
    /// table for a deal that is not "similar").
    pub fn set_position(&mut self, pos: &SearchPos) {
        let mut held = pos.hands;
        for (i, &(s, r)) in pos.trick[..pos.trick_len].iter().enumerate() {
            held[(pos.leader + i) & 3][s as usize & 3] |= 1 << r;
        }
        let moved = (0..4).any(|h| {
            (0..4).any(|s| {
                let others = (1..4).fold(0, |a, k| a | self.tt_seen[(h + k) & 3][s]);
                held[h][s] & others != 0
            })
        });
        if moved {
            // Another deal: its refutations and move hints would only
            // mislead the first searches. On 50 seeded tables and then 50
            // `SolveBoard` calls, one after another: nodes -0.2% and
            // -1.8% (a small deal after a large one took twice the nodes
            // with them); 12 tables and solves: -0.75% instructions. A new
            // strain of the same deal keeps them.
            self.cuts.clear();
            self.cut_move = [0; MAX_DEPTH];
            self.tt_hint = [0; MAX_DEPTH];
        }
        if pos.trump != self.tt_trump || moved {
            self.tt.clear();
            self.tt_seen = [[0; 4]; 4];
            self.tt_trump = pos.trump;
        }
        for (seen, cards) in self.tt_seen.iter_mut().zip(held.iter()) {
            for (a, b) in seen.iter_mut().zip(cards.iter()) {
                *a |= b;
            }
        }
        self.hands = pos.hands;
        self.trump = pos.trump;
        self.leader = pos.leader;
        self.trick_len = pos.trick_len;
        self.win_idx = 0;
        for i in 0..pos.trick_len {
            let (s, r) = pos.trick[i];
            self.trick_suit[i] = s as usize;
            self.trick_rank[i] = r;
            if i > 0 && self.beats(i, self.win_idx) {
                self.win_idx = i;
            }
        }
        for s in 0..4 {
            let mut present = 0u16;
            for h in 0..4 {
                present |= pos.hands[h][s];
            }
            for i in 0..pos.trick_len {
                if pos.trick[i].0 as usize == s {
                    present |= 1 << pos.trick[i].1;
                }
            }
            self.removed[s] = FULL & !present;
        }
        self.ns_won = 0;
        self.len_key = self.compute_lengths();
        self.tricks_left = pos.tricks_left();
        self.pats[self.tricks_left as usize] = self.compute_pattern();
        self.depth = 0;
        self.forbidden = [0; 4];
        self.root_best = None;
        self.root_lb = [[0; 16]; 4];
        self.root_ub = [[13; 16]; 4];
    }

    /// Forbids the root moves whose cards are in `cards` (per suit masks).
    pub fn set_forbidden(&mut self, cards: [u16; 4]) {
        self.forbidden = cards;
    }

    /// The seat to play now.
    #[inline]
    fn player(&self) -> usize {
        (self.leader + self.trick_len) & 3
    }

    /// True if the card at trick index `a` beats the one at index `b`.
    #[inline]
    fn beats(&self, a: usize, b: usize) -> bool {
        let (sa, sb) = (self.trick_suit[a], self.trick_suit[b]);
        if sa == sb {
            self.trick_rank[a] > self.trick_rank[b]
        } else {
            sa == self.trump
        }
    }

    /// Plays `rank` of `suit` for `p`, the player to move. Cards that do
    /// not complete a trick take the short inlined path; the fourth card's
    /// bookkeeping (trick winner, table pattern, cards out of play) is out
    /// of line. Returns what [`Searcher::unmake_by`] needs to take the
    /// card back.
    #[inline(always)]
    fn make_by(&mut self, p: usize, suit: usize, rank: u8) -> Undo {
        debug_assert_eq!(p, self.player());
        self.hands[p][suit] &= !(1u16 << rank);
        self.len_key -= 1 << (4 * (p * 4 + suit));
        let i = self.trick_len;
        self.trick_suit[i] = suit;
        self.trick_rank[i] = rank;
        let u = Undo {
            completed: i == 3,
            old_leader: self.leader as u8,
            old_win: self.win_idx as u8,
        };
        if i == 0 {
            self.win_idx = 0;
        } else if self.beats(i, self.win_idx) {
            self.win_idx = i;
        }
        self.depth += 1;
        if i == 3 {
            self.complete_trick(suit, rank);
        } else {
            self.trick_len += 1;
        }
        u
    }

    /// The fourth card of a trick, `rank` of `suit`, has been played: the
    /// winner's side scores, the cards leave play, and the winner leads
    /// next.
    ///
    /// No wide load here reads memory that narrow stores have just
    /// written: such a load cannot take its data from those stores and
    /// waits for them to reach the cache (as whole-array copies of the
    /// trick, which `make_by` writes a card at a time, and of an owner
    /// pattern built a field at a time, these waits took a third of this
    /// function's time). So the fourth card comes in registers, the
    /// trick's record is built in a register and stored whole, and the
    /// next owner pattern is copied whole from this one (written long
    /// before) and then updated in place, a field at a time.
    #[inline(never)]
    fn complete_trick(&mut self, suit: usize, rank: u8) {
        let t = self.tricks_left as usize & 15;
        let cards = [
            (self.trick_suit[0], self.trick_rank[0]),
            (self.trick_suit[1], self.trick_rank[1]),
            (self.trick_suit[2], self.trick_rank[2]),
            (suit, rank),
        ];
        let winner = (self.leader + self.win_idx) & 3;
        if winner & 1 == 0 {
            self.ns_won += 1;
        }
        self.removed_before[t] = self.removed;
        let next = t.wrapping_sub(1) & 15;
        self.pats[next] = self.pats[t];
        let mut record = 0u64;
        for (k, &(s, r)) in cards.iter().enumerate() {
            let s = s & 3;
            record |= (s as u64) << (8 * k) | u64::from(r) << (32 + 8 * k);
            let present = FULL & !self.removed[s];
            self.pats[next][s] =
                tt::delete_field(self.pats[next][s], popcount::count(present >> (r + 1)));
            self.removed[s] |= 1 << r;
        }
        self.done[t] = record;
        self.leader = winner;
        self.trick_len = 0;
        self.tricks_left -= 1;
    }

    /// [`Searcher::make_by`] taken back: `u` is what it returned for the
    /// card, `rank` of `suit`, that player `p` played last.
    #[inline(always)]
    fn unmake_by(&mut self, p: usize, suit: usize, rank: u8, u: Undo) {
        self.depth -= 1;
        if u.completed {
            self.reopen_trick(u.old_leader as usize);
        } else {
            self.trick_len -= 1;
        }
        debug_assert_eq!(p, self.player());
        self.hands[p][suit] |= 1u16 << rank;
        self.len_key += 1 << (4 * (p * 4 + suit));
        self.win_idx = u.old_win as usize;
    }

    /// Undoes [`Searcher::complete_trick`]: the trick's cards come back
    /// into play with `old_leader` on lead, three cards played.
    #[inline(never)]
    fn reopen_trick(&mut self, old_leader: usize) {
        let winner = self.leader;
        if winner & 1 == 0 {
            self.ns_won -= 1;
        }
        self.tricks_left += 1;
        let t = self.tricks_left as usize & 15;
        let record = self.done[t];
        self.trick_suit = std::array::from_fn(|k| (record >> (8 * k)) as usize & 3);
        self.trick_rank = std::array::from_fn(|k| (record >> (32 + 8 * k)) as u8);
        self.removed = self.removed_before[t];
        self.leader = old_leader;
        self.trick_len = 3;
    }

    /// The rank that won the trick just completed, if it won by rank
    /// (another card of its suit was in the trick). Call right after a
    /// `make` that completed the trick, before `unmake_by`.
    #[inline]
    fn last_trick_rank_win(&self) -> Option<(usize, u8)> {
        // win_idx still refers to the completed trick.
        let w = self.win_idx;
        let ws = self.trick_suit[w];
        let by_rank = (0..4).any(|k| k != w && self.trick_suit[k] == ws);
        by_rank.then(|| (ws, self.trick_rank[w]))
    }

    /// The suit-length signature used as the table's bucket key.
    #[inline]
    fn lengths(&self) -> u64 {
        self.len_key
    }

    /// Computes the suit-length signature from scratch.
    fn compute_lengths(&self) -> u64 {
        let mut key = 0u64;
        for h in 0..4 {
            for s in 0..4 {
                key |= (popcount::count(self.hands[h][s]) as u64) << (4 * (h * 4 + s));
            }
        }
        key
    }

    /// Owner pattern of the remaining cards, all suits packed (see `tt`).
    /// Valid at a trick boundary.
    #[inline]
    fn pattern(&self) -> tt::Pattern {
        let t = self.tricks_left as usize & 15;
        debug_assert_eq!(self.pats[t], self.compute_pattern());
        tt::pack(&self.pats[t])
    }

    /// Owner pattern per suit computed from scratch. Cards in the current
    /// trick count as present with owner bits 0; they are deleted from the
    /// pattern when the trick completes.
    fn compute_pattern(&self) -> [u32; 4] {
        let mut out = [0u32; 4];
        for (s, slot) in out.iter_mut().enumerate() {
            let present = FULL & !self.removed[s];
            let mut bits = 0u32;
            // North owns as 0: only the other hands set bits.
            for h in 1..4u32 {
                let mut cards = self.hands[h as usize][s];
                while cards != 0 {
                    let r = cards.trailing_zeros();
                    cards &= cards - 1;
                    let above = popcount::count(present >> (r + 1));
                    bits |= h << (24 - 2 * above);
                }
            }
            *slot = bits;
        }
        out
    }

    /// For each suit, the ranks of the top `ks[s]` remaining cards, as the
    /// lowest such rank's bit (enough for `wr`, which only uses minima).
    #[inline]
    fn ks_to_ranks(&self, ks: &[u8; 4]) -> [u16; 4] {
        std::array::from_fn(|s| moves::nth_highest(FULL & !self.removed[s], u32::from(ks[s])))
    }

    /// For each suit, how many of the top remaining cards are at or above
    /// the lowest rank in `wr[s]`.
    #[inline]
    fn ranks_to_ks(&self, wr: &[u16; 4]) -> [u8; 4] {
        let mut ks = [0u8; 4];

        for s in 0..4 {
            if wr[s] != 0 {
                let low = wr[s].trailing_zeros();
                let present = FULL & !self.removed[s];
                ks[s] = popcount::count(present >> low) as u8;
            }
        }
        ks
    }

    /// Makes `card` (suit, rank) the first card tried by the next root
    /// search of a lead position for `target` (it is put in the cut cache
    /// under the root's key, the cache's card being the first a lead
    /// tries). Play analysis names the card led next, so that its proof
    /// or refutation is in the table for the search after it.
    /// A card that is not a real one (suit above 3, rank outside 2..=14)
    /// is ignored.
    #[inline(never)]
    pub fn prefer_at_root(&mut self, target: i32, card: (usize, u8)) {
        let real = card.0 < 4 && (2..=14).contains(&card.1);
        if real && self.trick_len == 0 && self.depth == 0 {
            let key = self.cut_key(self.leader, target);
            self.cuts.put(key, card.0, card.1);
        }
    }

    /// Can North-South reach `target` tricks in total (counted from the
    /// start of the root's trick)? `wr` receives the ranks that mattered.
    pub fn search(&mut self, target: i32, wr: &mut [u16; 4]) -> bool {
        self.root_known = false;
        self.search_node(target, wr)
    }

    /// [`Searcher::search`], inlined into the move loop.
    #[inline(always)]
    fn search_node(&mut self, target: i32, wr: &mut [u16; 4]) -> bool {
        self.nodes += 1;
        if self.trick_len == 0 {
            if self.ns_won >= target {
                return true;
            }
            if self.ns_won + self.tricks_left < target {
                return false;
            }
            if self.tricks_left == 1 && !self.is_root() {
                return self.last_trick(target, wr);
            }
            return self.search_lead(target, wr);
        }
        if self.trick_len == 1 && !self.is_root() && self.rules.has(Rules::SECOND_HAND) {
            if let Some(cutoff) = self.second_hand_cutoff(target) {
                if let Some((value, ranks)) = self.second_hand_cut(cutoff) {
                    merge_min(wr, &ranks);
                    return value;
                }
            }
        }
        if !self.is_root() {
            let (p, ls) = (self.player(), self.trick_suit[0]);
            let held = self.hands[p][ls];
            if held != 0 && held & (held - 1) == 0 && self.rules.has(Rules::FORCED_CARD) {
                return self.play_forced(p, ls, moves::top(held), target, wr);
            }
        } else {
            return self.search_root(target, wr);
        }
        self.search_moves(target, wr, 0)
    }

    /// A follower's only card of the suit led: played without a move
    /// list (as [`Searcher::search_moves`] would with its single move).
    #[inline(never)]
    fn play_forced(&mut self, p: usize, s: usize, r: u8, target: i32, wr: &mut [u16; 4]) -> bool {
        let mut child = [0u16; 4];
        let res = self.try_card(p, s, r, target, &mut child);
        merge_min(wr, &child);
        res
    }

    /// Plays `rank` of `suit` for player `p`, searches the position and
    /// takes the card back: the value; `child` (empty on entry) receives
    /// the ranks that mattered below (the card's own rank when it won the
    /// trick by rank).
    #[inline(always)]
    fn try_card(
        &mut self,
        p: usize,
        suit: usize,
        rank: u8,
        target: i32,
        child: &mut [u16; 4],
    ) -> bool {
        let u = self.make_by(p, suit, rank);
        if u.completed {
            if let Some((ws, wrk)) = self.last_trick_rank_win() {
                child[ws] |= 1 << wrk;
            }
        }
        let res = self.search_node(target, child);
        self.unmake_by(p, suit, rank, u);
        res
    }

    /// The tricks the side of second hand (to play) needs to decide the
    /// node, if [`Searcher::second_hand_cut`] can count that many: NS need
    /// `target - ns_won`, EW decide it once NS cannot reach the target; in
    /// a trump contract only the trick in progress is counted.
    #[inline(always)]
    fn second_hand_cutoff(&self, target: i32) -> Option<i32> {
        let cutoff = if self.player() & 1 == 0 {
            target - self.ns_won
        } else {
            self.ns_won + self.tricks_left - target + 1
        };
        (self.trump == 4 || cutoff <= 1).then_some(cutoff)
    }

    /// Second hand's quick tricks: if second hand's side surely wins the
    /// trick in progress (it tops the led suit beyond third hand's reach,
    /// or can ruff where third hand cannot overruff), plus at no trump the
    /// winners the hand that then leads can cash at once, and that is
    /// enough for its side, the node's value and the ranks relied on.
    ///
    /// `cutoff`: the tricks second hand's side needs to decide the node
    /// (see [`Searcher::second_hand_cutoff`]).
    #[inline(never)]
    fn second_hand_cut(&self, cutoff: i32) -> Option<(bool, [u16; 4])> {
        let p = self.player();
        let pp = (p + 2) & 3;
        let third = (p + 1) & 3;
        let ls = self.trick_suit[0];
        let lr = self.trick_rank[0];
        let t = self.trump;
        let ns = p & 1 == 0;
        let h = &self.hands;
        let mut ranks = [0u16; 4];
        let can_ruff = |x: usize| h[x][ls] == 0 && h[x][t] != 0;
        let ours = h[p][ls] | h[pp][ls];
        if t < 4 && ls != t && (can_ruff(p) || can_ruff(pp)) {
            if can_ruff(third) {
                return None;
            }
        } else if ours != 0 && moves::top(ours) > lr.max(top_or_zero(h[third][ls])) {
            if t < 4 && ls != t && can_ruff(third) {
                return None;
            }
            ranks[ls] = 1 << moves::top(ours);
        } else {
            return None;
        }
        let mut tricks = 1;
        if tricks < cutoff && t == 4 && ours != 0 {
            // The hand holding the top card wins and leads next.
            let hh = if h[p][ls] > h[pp][ls] { p } else { pp };
            let present = FULL & !self.removed[ls];
            let top1 = moves::top(present & !(1 << lr));
            let rest = present & !(1 << lr) & !(1 << top1);
            if h[hh][ls] & (1 << top1) != 0 && rest != 0 && h[hh][ls] & (1 << moves::top(rest)) != 0
            {
                tricks += 1;
                // Its next card wins by rank, unless no other hand has a
                // card of the suit left after this trick: then by length,
                // which the table key holds.
                let alone = (0..4).filter(|&x| x != hh).all(|x| {
                    let n = popcount::count(h[x][ls]);
                    n == 0 || (n == 1 && x != self.leader)
                });
                if !alone {
                    ranks[ls] |= 1 << moves::top(rest);
                }
            }
            for s in 0..4 {
                if tricks >= cutoff {
                    break;
                }
                if s == ls || h[hh][s] == 0 {
                    continue;
                }
                let others = h[(hh + 1) & 3][s] | h[(hh + 2) & 3][s] | h[(hh + 3) & 3][s];
                if others == 0 {
                    tricks += popcount::count(h[hh][s]) as i32;
                } else {
                    let top_s = moves::top(FULL & !self.removed[s]);
                    if h[hh][s] & (1 << top_s) != 0 {
                        tricks += 1;
                        ranks[s] |= 1 << top_s;
                    }
                }
            }
        }
        (tricks >= cutoff).then_some((ns, ranks))
    }

    /// Plays out the last trick (each hand has one card).
    fn last_trick(&mut self, target: i32, wr: &mut [u16; 4]) -> bool {
        let mut best_seat = self.leader;
        let mut best = (0usize, 0u8);
        let mut by_rank = false;
        for k in 0..4 {
            let h = (self.leader + k) & 3;
            let s = (0..4).find(|&s| self.hands[h][s] != 0).unwrap_or(0);
            let r = (15 - self.hands[h][s].leading_zeros()) as u8;
            if k == 0 {
                best = (s, r);
                continue;
            }
            if s == best.0 {
                by_rank = true;
                if r > best.1 {
                    best = (s, r);
                    best_seat = h;
                }
            } else if s == self.trump {
                best = (s, r);
                best_seat = h;
                by_rank = false;
            }
        }
        if by_rank {
            wr[best.0] |= 1 << best.1;
        }
        let won = self.ns_won + i32::from(best_seat & 1 == 0);
        won >= target
    }

    /// A node at a trick boundary: quick tricks, table lookup, then moves.
    /// At the root neither shortcut is taken (the root must name a move,
    /// and may have forbidden moves); its result is stored only when no
    /// move was forbidden.
    fn search_lead(&mut self, target: i32, wr: &mut [u16; 4]) -> bool {
        let leader_ns = self.leader & 1 == 0;
        let need = target - self.ns_won;
        if self.is_root() {
            let key = tt::bucket_key(self.lengths(), self.leader);
            let pattern = self.pattern();
            let mut local = [0u16; 4];
            let result = self.search_root(target, &mut local);
            if self.forbidden == [0; 4] && !self.root_known {
                let ks = self.ranks_to_ks(&local);
                let (lb, ub) = if result {
                    (need as u8, self.tricks_left as u8)
                } else {
                    (0, (need - 1) as u8)
                };
                self.tt.store(key, pattern, ks, lb, ub, 0);
            }
            merge_min(wr, &local);
            return result;
        }
        self.stats.trick_nodes += 1;
        // Deep in the tree (many tricks left) table hits are common and
        // cheaper than the quick-trick bounds: probe the table first there.
        let table_first = self.tricks_left >= TABLE_FIRST_TRICKS;
        if !table_first {
            if let Some(value) = self.bounds_cut(target, wr) {
                return value;
            }
        }
        let key = tt::bucket_key(self.lengths(), self.leader);
        let pattern = self.pattern();
        self.stats.table_probes += 1;
        let hit = if self.rules.has(Rules::TABLE) {
            self.tt.probe(key, pattern, need)
        } else {
            None
        };
        if let Some(e) = hit {
            self.stats.table_hits += 1;
            if e.best != 0 {
                self.tt_hint[self.depth] = e.best;
            }
            let (decided, ks) = (e.lb as i32 >= need, e.ks());
            let ranks = self.ks_to_ranks(&ks);
            merge_min(wr, &ranks);
            return decided;
        }
        if table_first {
            if let Some(value) = self.bounds_cut(target, wr) {
                return value;
            }
        }
        let mut local = [0u16; 4];
        let result = self.search_moves(target, &mut local, self.tt_hint[self.depth]);
        let ks = self.ranks_to_ks(&local);
        let (lb, ub) = if result {
            (need as u8, self.tricks_left as u8)
        } else {
            (0, (need - 1) as u8)
        };
        let best = if result == leader_ns {
            self.cut_move[self.depth]
        } else {
            0
        };
        self.tt.store(key, pattern, ks, lb, ub, best);
        merge_min(wr, &local);
        result
    }

    /// Quick tricks of the side on lead and sure trump tricks of both
    /// sides; returns the node's value if they decide it. The other side's
    /// sure tricks are checked first: they are cheap, and the two sides'
    /// bounds can never both decide (they are sound), so the order does
    /// not change the answer. Of the bounds that decide, the one relying on
    /// the fewest ranks is taken (so the table entries above it answer for
    /// more positions): sure trump tricks (by length alone when that is
    /// enough, else down to one rank), then the rest.
    #[inline]
    fn bounds_cut(&mut self, target: i32, wr: &mut [u16; 4]) -> Option<bool> {
        let leader_ns = self.leader & 1 == 0;
        let other = (self.leader + 1) & 3;
        // Tricks the side of `ns` needs to decide the node (at least 1
        // here: undecided nodes only).
        let need_of = |ns: bool| {
            if ns {
                target - self.ns_won
            } else {
                self.ns_won + self.tricks_left - target + 1
            }
        };
        let decide = |this: &mut Self, wr: &mut [u16; 4], ranks: [u16; 4], ns: bool| {
            this.stats.quick_cuts += 1;
            merge_min(wr, &ranks);
            Some(ns)
        };
        let trump_ranks = |rank: u16| {
            let mut r = [0u16; 4];
            r[self.trump] = rank;
            r
        };
        let need = need_of(!leader_ns) as u32;
        // Each seat's trumps, from the packed lengths of the table key.
        let t = self.trump;
        let tl: [u32; 4] = if t < 4 {
            std::array::from_fn(|h| ((self.len_key >> (4 * (h * 4 + t))) & 15) as u32)
        } else {
            [0; 4]
        };
        let trumps = t < 4 && self.rules.has(Rules::TRUMP_COUNTS);
        if trumps {
            let (lt, rank) = quick::sure_trump_tricks(&self.hands, t, other, need, &tl);
            if lt >= need {
                return decide(self, wr, trump_ranks(rank), !leader_ns);
            }
            if need <= 2 {
                let (lt, rank) = quick::trump_tricks_below_top(&self.hands, t, other);
                if lt >= need {
                    return decide(self, wr, trump_ranks(rank), !leader_ns);
                }
            }
        }
        let tricks = self.tricks_left as u32;
        let losers = self.rules.has(Rules::LOSERS);
        if need == 1 && losers {
            if let Some(r) =
                quick::opponents_win_now(&self.hands, self.removed, self.trump, self.leader)
            {
                return decide(self, wr, r, !leader_ns);
            }
            // The leader's side needs every trick.
            let h = &self.hands;
            if let Some(r) =
                quick::cannot_take_all(h, self.removed, self.trump, self.leader, tricks)
            {
                return decide(self, wr, r, !leader_ns);
            }
        }
        let need = need_of(leader_ns) as u32;
        if trumps {
            let (lt, rank) = quick::sure_trump_tricks(&self.hands, t, self.leader, need, &tl);
            if lt >= need {
                return decide(self, wr, trump_ranks(rank), leader_ns);
            }
        }
        if need == 1 && losers {
            // The other side needs every trick.
            if let Some(r) =
                quick::cannot_take_all(&self.hands, self.removed, self.trump, other, tricks)
            {
                return decide(self, wr, r, leader_ns);
            }
        }
        if !self.rules.has(Rules::QUICK_TRICKS)
            || !quick::quick_tricks_possible(
                &self.hands,
                self.removed,
                self.trump,
                self.leader,
                need,
            )
        {
            return None;
        }
        let split = self.rules.has(Rules::SPLIT_TOPS);
        let (qt, qt_ranks) = quick::quick_tricks(
            &self.hands,
            self.removed,
            self.trump,
            self.leader,
            need,
            split,
        );
        if qt >= need {
            return decide(self, wr, qt_ranks, leader_ns);
        }
        None
    }

    /// The cut cache's key for player `p` to play (see [`cut_cache`]):
    /// the trump suit, the position in the trick and the seat, and
    /// - on lead: the hand, the parity of partner's suit lengths and the
    ///   tricks North-South still need;
    /// - following suit: the cards of the suit led at the start of the
    ///   trick and the card winning it so far (and whose it is);
    /// - void in the suit led: the hand, the card winning the trick so far
    ///   (and whose it is), and in a trump contract the tricks needed.
    #[inline(always)]
    fn cut_key(&self, p: usize, target: i32) -> u64 {
        let k = self.trick_len;
        let h = &self.hands[p];
        let hand = u64::from(h[0])
            | (u64::from(h[1]) << 16)
            | (u64::from(h[2]) << 32)
            | (u64::from(h[3]) << 48);
        let need = (target - self.ns_won) as u64 & 15;
        let base = (self.trump as u64) | ((k as u64) << 3) | ((p as u64) << 5);
        if k == 0 {
            let pp = &self.hands[(p + 2) & 3];
            let parity = (0..4).fold(0, |a, s| a | u64::from(popcount::count(pp[s]) & 1) << s);
            return cut_cache::mix(cut_cache::mix(base | (need << 8) | (parity << 16), hand), 1);
        }
        let w = self.win_idx;
        let (ws, wr) = (self.trick_suit[w] as u64, u64::from(self.trick_rank[w]));
        let rel = ((self.leader + w + 4 - p) & 3) as u64;
        let ls = self.trick_suit[0];
        let win = base | (ws << 8) | (wr << 10) | (rel << 14);
        if h[ls] != 0 {
            let present = u64::from(FULL & !self.removed[ls]);
            cut_cache::mix(win | (present << 16) | ((ls as u64) << 32), 2)
        } else {
            let need = if self.trump < 4 { need } else { 0 };
            cut_cache::mix(cut_cache::mix(win | (need << 16), hand), 3)
        }
    }

    /// Tries the moves of the player to play (below the root).
    fn search_moves(&mut self, target: i32, wr: &mut [u16; 4], tt_best: u8) -> bool {
        let p = self.player();
        let max_node = p & 1 == 0;
        let mut acc = [0u16; 4];
        // Per suit: cards below this rank are equivalent to one already
        // tried (it was below every rank that mattered in its subtree).
        let mut skip_below = [0u8; 4];
        let ls = self.trick_suit[0];
        let fourth_follows = self.trick_len == 3 && self.hands[p][ls] != 0;
        let use_cache = !fourth_follows && (self.trick_len != 2 || self.hands[p][ls] == 0);
        let key = if use_cache {
            self.cut_key(p, target)
        } else {
            0
        };
        // A likely refutation, tried before any list is built: the fourth
        // hand's first card in DDS's order when it follows suit (found
        // without the list), elsewhere the cut cache's card.
        let first = if fourth_follows {
            Some((ls, self.fourth_hand_first(self.hands[p][ls], ls)))
        } else if use_cache {
            self.cuts.get(key)
        } else {
            None
        };
        // The first card's suit and rank once tried and failed.
        let mut tried: Option<(usize, u8)> = None;
        if let Some((s, r)) = first {
            let legal = self.hands[p][s] & (1 << r) != 0
                && (self.trick_len == 0 || s == ls || self.hands[p][ls] == 0);
            if legal {
                // Played as the top of its group of equivalent cards, as
                // the list would play it: the rank bookkeeping (and the
                // table entries built on it) assumes the top was tried.
                // (Its lower equivalent cards are only needed once it fails.)
                let r = moves::group_top(self.hands[p][s], self.removed[s], r);
                let mut child = [0u16; 4];
                let res = self.try_card(p, s, r, target, &mut child);
                if res == max_node {
                    merge_min(wr, &child);
                    self.cut_move[self.depth] = ((s as u8) << 4) | r;
                    return res;
                }
                let seq = moves::group_below(self.hands[p][s], self.removed[s], r);
                failed(s, r, seq, child, &mut skip_below, &mut acc);
                tried = Some((s, r));
            }
        }
        let mut list = moves::MoveList::default();
        let n = self.gen_moves(&mut list, tt_best);
        for m in list[..n].iter() {
            let (s, r) = (m.suit as usize, m.rank);
            if tried == Some((s, r)) {
                continue;
            }
            if r < skip_below[s] && self.rules.has(Rules::EQUIVALENT_CARDS) {
                self.stats.skipped_moves += 1;
                continue;
            }
            let mut child = [0u16; 4];
            let res = self.try_card(p, s, r, target, &mut child);
            if res == max_node {
                merge_min(wr, &child);
                self.cut_move[self.depth] = (m.suit << 4) | m.rank;
                if use_cache {
                    self.cuts.put(key, s, r);
                }
                return res;
            }
            failed(s, r, m.seq, child, &mut skip_below, &mut acc);
        }
        merge_min(wr, &acc);
        !max_node
    }

    /// The root's move loop: [`Searcher::search_moves`] without the cut
    /// cache, skipping forbidden cards, taking a card's value from the
    /// bounds of earlier root searches of the position when they decide
    /// it, and recording what this search proves. Sets `root_best`.
    #[inline(never)]
    fn search_root(&mut self, target: i32, wr: &mut [u16; 4]) -> bool {
        let p = self.player();
        let max_node = p & 1 == 0;
        let mut acc = [0u16; 4];
        let mut skip_below = [0u8; 4];
        let mut list = moves::MoveList::default();
        let n = self.gen_moves(&mut list, 0);
        self.root_best = None;
        for m in list[..n].iter() {
            let (s, r) = (m.suit as usize, m.rank);
            if r < skip_below[s] && self.rules.has(Rules::EQUIVALENT_CARDS) {
                // Equivalent to a card that failed.
                self.stats.skipped_moves += 1;
                self.root_record(s, r, !max_node, target);
                continue;
            }
            let (lb, ub) = (self.root_lb[s][r as usize], self.root_ub[s][r as usize]);
            let known = if !self.rules.has(Rules::ROOT_BOUNDS) {
                None
            } else if i32::from(lb) >= target {
                Some(true)
            } else if i32::from(ub) < target {
                Some(false)
            } else {
                None
            };
            if let Some(v) = known {
                self.root_known = true;
                if v == max_node {
                    self.root_best = Some(*m);
                    return v;
                }
                continue;
            }
            let mut child = [0u16; 4];
            let res = self.try_card(p, s, r, target, &mut child);
            self.root_record(s, r, res, target);
            if res == max_node {
                merge_min(wr, &child);
                self.root_best = Some(*m);
                return res;
            }
            failed(s, r, m.seq, child, &mut skip_below, &mut acc);
        }
        merge_min(wr, &acc);
        !max_node
    }
}

impl Searcher {
    /// Records that North-South reach (`reached`) or miss `target` tricks
    /// after root card `r` of suit `s`.
    fn root_record(&mut self, s: usize, r: u8, reached: bool, target: i32) {
        let t = target.clamp(-1, 14) as i8;
        let r = (r & 15) as usize;
        if reached {
            self.root_lb[s][r] = self.root_lb[s][r].max(t);
        } else {
            self.root_ub[s][r] = self.root_ub[s][r].min(t - 1);
        }
    }

    /// True at the root of a search that must name its move (see
    /// [`Searcher::value_only`]).
    #[inline(always)]
    fn is_root(&self) -> bool {
        self.depth == 0 && !(self.value_only && self.rules.has(Rules::ROOT_SHORTCUTS))
    }

    /// Tricks not yet completed at the root position.
    pub fn tricks_left_root(&self) -> i32 {
        self.tricks_left
    }

    /// The ordered root moves (ignoring forbidden cards).
    pub fn root_moves(&mut self) -> Vec<Move> {
        let saved = self.forbidden;
        self.forbidden = [0; 4];
        let mut list = moves::MoveList::default();
        self.gen_moves(&mut list, 0);
        self.forbidden = saved;
        list.to_vec()
    }

    /// In the last trick: the card of the player to play (the highest card
    /// of the first non-empty suit).
    pub fn last_trick_card(&self) -> Move {
        let p = self.player();
        let s = (0..4).find(|&s| self.hands[p][s] != 0).unwrap_or(0);
        Move {
            suit: s as u8,
            rank: moves::top(self.hands[p][s]),
            seq: 0,
            weight: 0,
        }
    }

    /// In the last trick: does the side to play win it?
    pub fn last_trick_side_wins(&mut self) -> bool {
        let side = self.player() & 1;
        let mut played = [(0, 0, 0, Undo::default()); 4];
        let mut n = 0;
        while self.trick_len > 0 || n == 0 {
            let m = self.last_trick_card();
            let p = self.player();
            let (s, r) = (m.suit as usize, m.rank);
            played[n] = (p, s, r, self.make_by(p, s, r));
            n += 1;
        }
        let winner = self.leader;
        for &(p, s, r, u) in played[..n].iter().rev() {
            self.unmake_by(p, s, r, u);
        }
        winner & 1 == side
    }
}

/// The bookkeeping of a move loop after card `r` of suit `s` (the top of
/// a group whose lower cards are `seq`) failed, its subtree relying on the
/// ranks `child`: cards of the suit below every rank that mattered there
/// are equivalent to it (`skip_below`), and the ranks join `acc`.
#[inline]
fn failed(
    s: usize,
    r: u8,
    seq: u16,
    mut child: [u16; 4],
    skip_below: &mut [u8; 4],
    acc: &mut [u16; 4],
) {
    let low = if child[s] == 0 {
        15
    } else {
        child[s].trailing_zeros() as u8
    };
    if r < low && low > skip_below[s] {
        skip_below[s] = low;
    }
    // Every move was tried here, so the card's whole group must fail too
    // in any position this result is applied to: if the card won its
    // trick by rank, so must its lowest equivalent.
    if child[s] & (1 << r) != 0 && seq != 0 {
        child[s] |= 1 << seq.trailing_zeros();
    }
    merge_min(acc, &child);
}

/// Highest rank in a holding, or 0 when it is empty.
#[inline]
fn top_or_zero(h: u16) -> u8 {
    if h == 0 {
        0
    } else {
        moves::top(h)
    }
}

/// Merges rank sets keeping, per suit, everything (callers only use minima).
#[inline]
fn merge_min(into: &mut [u16; 4], from: &[u16; 4]) {
    for s in 0..4 {
        into[s] |= from[s];
    }
}
