//! The solver's public face: a board (remaining cards, trump, current
//! trick), and `SolveBoard`'s target / solutions / mode semantics on top of
//! the boolean search.

use super::cards::{Card, Deal, Holding, Seat, Strain, Suit};
use super::dds_order;
use super::guess;
use super::search::{Move, Rules, SearchPos, SearchStats, Searcher, DEFAULT_TT_ENTRIES};

/// A position to solve: the remaining cards, the strain, and the trick in
/// progress (0 to 3 cards, led by `first`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// The cards still held.
    pub deal: Deal,
    /// Trump suit or no trump.
    pub trump: Strain,
    /// The seat that led (or leads) the current trick.
    pub first: Seat,
    /// Cards already played to the current trick, in order.
    pub trick: Vec<Card>,
}

impl Board {
    /// A board at the start of a trick.
    pub fn new(deal: Deal, trump: Strain, first: Seat) -> Board {
        Board {
            deal,
            trump,
            first,
            trick: Vec::new(),
        }
    }

    /// The seat to play next.
    pub fn to_play(&self) -> Seat {
        self.first.advance(self.trick.len())
    }

    /// A guess of the side to play's tricks from points and trumps (see
    /// `guess`), at the start of a trick only.
    fn first_guess(&self) -> Option<i32> {
        self.trick
            .is_empty()
            .then(|| guess::tricks_on_lead(&self.deal, self.trump, self.first))
    }

    fn search_pos(&self) -> SearchPos {
        let mut hands = [[0u16; 4]; 4];
        for (h, hand) in self.deal.0.iter().enumerate() {
            for (s, holding) in hand.0.iter().enumerate() {
                hands[h][s] = holding.0;
            }
        }
        let mut trick = [(0u8, 0u8); 3];
        for (i, c) in self.trick.iter().take(3).enumerate() {
            trick[i] = (c.suit as u8, c.rank);
        }
        SearchPos {
            hands,
            trump: self.trump.index(),
            leader: self.first.index(),
            trick,
            trick_len: self.trick.len().min(3),
        }
    }
}

/// One card of a `SolveBoard` answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardResult {
    /// The card (the highest of its equivalence group).
    pub card: Card,
    /// The lower equivalent cards of the same hand and suit.
    pub equals: Holding,
    /// Tricks for the side to play from the start of the current trick
    /// (-2 for mode 0's single-card shortcut).
    pub score: i32,
}

/// The answer of `SolveBoard`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FutureTricks {
    /// Search nodes visited.
    pub nodes: i32,
    /// The cards returned, best first.
    pub cards: Vec<CardResult>,
    /// `score[0]` when no card is returned (target not reachable).
    pub no_card_score: i32,
}

/// A double dummy solver with its own transposition table. Not shared
/// between threads; create one per thread.
pub struct Solver {
    search: Searcher,
    /// See [`Solver::prefer`].
    prefer: Option<(usize, u8)>,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver with the default table size.
    pub fn new() -> Solver {
        Solver::with_table_entries(DEFAULT_TT_ENTRIES)
    }

    /// A solver whose table keeps at most `entries` entries.
    pub fn with_table_entries(entries: usize) -> Solver {
        Solver {
            search: Searcher::new(entries),
            prefer: None,
        }
    }

    /// The most entries its transposition table keeps.
    pub fn table_capacity(&self) -> usize {
        self.search.table_capacity()
    }

    /// Entries in its transposition table now.
    pub fn table_len(&self) -> usize {
        self.search.table_len()
    }

    /// Sets the pruning rules the search may use. Takes effect only in
    /// builds with the `rule-switches` feature (the soundness tests);
    /// elsewhere every rule is always on.
    pub fn set_rules(&mut self, rules: Rules) {
        self.search.rules = rules;
        self.search.clear_table();
    }

    /// Forgets the transposition table.
    pub fn clear(&mut self) {
        self.search.clear_table();
    }

    /// What the search has done since the solver was created.
    pub fn stats(&self) -> SearchStats {
        self.search.stats
    }

    /// Search nodes visited so far.
    pub fn nodes(&self) -> u64 {
        self.search.nodes
    }

    /// The most tricks the side to play can take, counted from the start
    /// of the current trick.
    pub fn max_tricks(&mut self, board: &Board) -> i32 {
        self.max_tricks_guess(board, board.first_guess())
    }

    /// As [`Solver::max_tricks`], starting the search from a guess of the
    /// answer (a good guess saves searches; any guess gives the same result).
    pub fn max_tricks_guess(&mut self, board: &Board, guess: Option<i32>) -> i32 {
        let pos = board.search_pos();
        self.search.set_position(&pos);
        let total = pos.tricks_left();
        let guess = guess.unwrap_or((total + 1) / 2).clamp(0, total);
        self.value_only(|s| s.best(guess, total, pos.to_play()).0)
    }

    /// Can the side to play take `t` tricks, counted from the start of the
    /// current trick? (True for `t <= 0`.) Keeps the transposition table.
    pub fn reaches(&mut self, board: &Board, t: i32) -> bool {
        let pos = board.search_pos();
        self.search.set_position(&pos);
        self.value_only(|s| s.test(t, pos.tricks_left(), pos.to_play()))
    }

    /// Sets the card that value-only searches of a lead position try
    /// first (`None`: their usual order). Play analysis names the card
    /// played next. A card of no real rank (outside 2..=14) is ignored
    /// (by `Searcher::prefer_at_root`).
    pub fn prefer(&mut self, card: Option<Card>) {
        self.prefer = card.map(|c| (c.suit.index(), c.rank));
    }

    /// Runs `f` with root searches that only answer their question (see
    /// `Searcher::value_only`): no card is named, so the root may use the
    /// table and the shortcuts.
    fn value_only<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R {
        self.search.value_only = true;
        let r = f(self);
        self.search.value_only = false;
        r
    }

    /// Can the side to play reach `t` tricks? Sets `root_best` on success.
    fn test(&mut self, t: i32, total: i32, to_play: usize) -> bool {
        if t <= 0 {
            return true;
        }
        if t > total {
            return false;
        }
        let mut wr = [0u16; 4];
        self.search.stats.root_searches += 1;
        let ns_target = if to_play & 1 == 0 { t } else { total - t + 1 };
        if let (Some(card), true) = (self.prefer, self.search.value_only) {
            self.search.prefer_at_root(ns_target, card);
        }
        let reached = self.search.search(ns_target, &mut wr);
        reached == (to_play & 1 == 0)
    }

    /// The best score reachable (at most `hi`) and the move that reaches it.
    fn best(&mut self, guess: i32, hi: i32, to_play: usize) -> (i32, Option<Move>) {
        let total = self.search.tricks_left_root();
        let (mut lo, mut hi) = (0, hi.min(total));
        let mut g = guess;
        let mut mv = None;
        while lo < hi {
            g = g.clamp(lo + 1, hi);
            if self.test(g, total, to_play) {
                lo = g;
                mv = self.search.root_best;
                g += 1;
            } else {
                hi = g - 1;
                g -= 1;
            }
        }
        (lo, mv)
    }

    /// `SolveBoard` with DDS 2.9's semantics for `target` (-1..=13),
    /// `solutions` (1..=3) and `mode` (0..=2). The board must already be
    /// valid (see the FFI layer for DDS's input checks).
    pub fn solve_board(
        &mut self,
        board: &Board,
        target: i32,
        solutions: i32,
        mode: i32,
    ) -> FutureTricks {
        let pos = board.search_pos();
        let to_play = pos.to_play();
        let total = pos.tricks_left();
        self.search.set_position(&pos);
        // Root searches try the cards in DDS's root order (the searcher
        // orders moves as DDS does): each answers with the first card of
        // that order reaching its target, as DDS's.
        let nodes_before = self.search.nodes;
        let result = |m: &Move, score: i32| CardResult {
            card: Card::new(Suit::ALL[m.suit as usize], m.rank),
            equals: Holding(m.seq),
            score,
        };
        let mut out = FutureTricks::default();
        if total <= 1 {
            let m = self.search.last_trick_card();
            let wins = self.search.last_trick_side_wins();
            let score = if target == 0 && solutions < 3 {
                0
            } else {
                i32::from(wins)
            };
            out.cards.push(result(&Move { seq: 0, ..m }, score));
            return out;
        }
        let moves = self.search.root_moves();
        if mode == 0 && moves.len() == 1 {
            out.cards.push(result(&moves[0], -2));
            return out;
        }
        // The first search's target: from points and trumps at the start
        // of a trick, else half the tricks.
        let first_guess = board.first_guess().unwrap_or(7.min(total));
        match (target, solutions) {
            (0, 1) => out.cards.push(result(&moves[0], 0)),
            (0, 2) => out.cards.extend(moves.iter().map(|m| result(m, 0))),
            (_, 3) => {
                let mut forbidden = [0u16; 4];
                let mut hi = total;
                while out.cards.len() < moves.len() {
                    self.search.set_forbidden(forbidden);
                    // The first card starts from the first guess; later
                    // ones most often score what the previous card did.
                    let guess = if out.cards.is_empty() {
                        first_guess
                    } else {
                        hi
                    };
                    let (v, mv) = self.best(guess, hi, to_play);
                    match mv {
                        Some(m) if v > 0 => {
                            out.cards.push(result(&m, v));
                            forbidden[m.suit as usize] |= 1 << m.rank;
                            hi = v;
                        }
                        _ => {
                            for m in &moves {
                                if forbidden[m.suit as usize] & (1 << m.rank) == 0 {
                                    out.cards.push(result(m, 0));
                                }
                            }
                        }
                    }
                }
            }
            (-1, 1) => {
                let (v, mv) = self.best(first_guess, total, to_play);
                match mv {
                    Some(m) if v > 0 => out.cards.push(result(&m, v)),
                    _ => out.cards.push(result(&moves[0], 0)),
                }
            }
            (-1, 2) => {
                let (v, _) = self.best(first_guess, total, to_play);
                if v == 0 {
                    out.cards.extend(moves.iter().map(|m| result(m, 0)));
                } else {
                    self.all_reaching(v, total, to_play, &mut out);
                }
            }
            (t, 1) => {
                if self.test(t, total, to_play) {
                    let m = self.search.root_best.unwrap_or(moves[0]);
                    out.cards.push(result(&m, t));
                } else {
                    out.no_card_score = if t > 1 { -1 } else { 0 };
                }
            }
            (t, _) => {
                self.all_reaching(t, total, to_play, &mut out);
                if out.cards.is_empty() {
                    out.no_card_score = if t > 1 { -1 } else { 0 };
                }
            }
        }
        // Several cards: by score, then DDS's root order (a single card is
        // already the first of that order reaching its score).
        if out.cards.len() > 1 {
            dds_order::order_results(board, &mut out.cards);
        }
        self.search.set_forbidden([0; 4]);
        out.nodes = (self.search.nodes - nodes_before).min(i32::MAX as u64) as i32;
        out
    }

    /// Appends every root move that reaches `t`, each scored `t`.
    fn all_reaching(&mut self, t: i32, total: i32, to_play: usize, out: &mut FutureTricks) {
        let mut forbidden = [0u16; 4];
        loop {
            self.search.set_forbidden(forbidden);
            if !self.test(t, total, to_play) {
                break;
            }
            let Some(m) = self.search.root_best else {
                break;
            };
            out.cards.push(CardResult {
                card: Card::new(Suit::ALL[m.suit as usize], m.rank),
                equals: Holding(m.seq),
                score: t,
            });
            forbidden[m.suit as usize] |= 1 << m.rank;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(pbn: &str, trump: Strain, first: Seat) -> Board {
        Board::new(Deal::from_pbn(pbn).unwrap(), trump, first)
    }

    #[test]
    fn list1_first_hand() {
        // DDS 2.9: FUT 9 ... scores 5 5 5 5 5 5 4 4 4 (spades, North leads).
        let b = board(
            "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
            Strain::Trump(Suit::Spades),
            Seat::North,
        );
        let mut s = Solver::new();
        assert_eq!(s.max_tricks(&b), 5);
        let fut = s.solve_board(&b, -1, 3, 1);
        let scores: Vec<i32> = fut.cards.iter().map(|c| c.score).collect();
        assert_eq!(scores, vec![5, 5, 5, 5, 5, 5, 4, 4, 4]);
    }

    #[test]
    fn small_endings() {
        // North: AK of spades, South two low; EW hold QJ: NS take both.
        let b = board("N:AK... QJ... 32... T9...", Strain::NoTrump, Seat::North);
        assert_eq!(Solver::new().max_tricks(&b), 2);
        // East to lead with QJ: EW can't take a trick.
        let b = board("N:AK... QJ... 32... T9...", Strain::NoTrump, Seat::East);
        assert_eq!(Solver::new().max_tricks(&b), 0);
    }
}
