//! Play analysis: after each card of a played hand, how many tricks
//! declarer's side can still take with double dummy play (DDS 2.9's
//! `AnalysePlay` semantics).
//!
//! Declarer's side is the side *not* on lead at the starting position.
//! Every value counts declarer's tricks from the start of the trick in
//! progress at the starting position: tricks already won in the analysed
//! play plus the double dummy value of the rest.
//!
//! Each re-solve keeps the solver's transposition table and starts from a
//! bound derived from the previous value, as DDS does: after a card the
//! other side's value is at least the tricks the previous side could not
//! take, and after a trick won by the side that just played its last card
//! that side's value drops by at least the trick it won. DDS trusts these
//! bounds (they hold whenever the play is legal); with a revoke they can
//! be wrong, and the value then stays at the bound exactly as in DDS.

use super::cards::{Card, Seat, Strain};
use super::solve::{Board, Solver};

/// Why a play could not be analysed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The card at `index` of the play is not held by the player on turn.
    NotHeld {
        /// Position of the card in the play (0-based).
        index: usize,
        /// The card.
        card: Card,
        /// The player on turn.
        seat: Seat,
        /// The values computed before the faulty card (as DDS leaves them).
        tricks: Vec<i32>,
    },
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayError::NotHeld {
                index, card, seat, ..
            } => write!(
                f,
                "card {} of the play ({card}) is not held by {}",
                index + 1,
                seat.letter()
            ),
        }
    }
}

impl std::error::Error for PlayError {}

/// How the previous value bounds the next one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    /// The next value is at least the hint.
    Lower(i32),
    /// The next value is at most the hint.
    Upper(i32),
}

/// True if `a` beats the trick's current winner `best`.
fn beats(a: Card, best: Card, trump: Strain) -> bool {
    let is_trump = |c: Card| trump.trump() == Some(c.suit);
    if is_trump(a) {
        !is_trump(best) || a.rank > best.rank
    } else {
        !is_trump(best) && a.suit == best.suit && a.rank > best.rank
    }
}

/// The seat (counted from the leader) that wins a complete trick.
fn trick_winner(trick: &[Card], trump: Strain) -> usize {
    let mut best = 0;
    for i in 1..trick.len() {
        if beats(trick[i], trick[best], trump) {
            best = i;
        }
    }
    best
}

/// The number of cards of `board` still to be played, trick in progress
/// included: four times the tricks left.
fn tricks_left(board: &Board) -> i32 {
    ((board.deal.len() as usize + board.trick.len()) / 4) as i32
}

/// The most cards after `board` that [`analyse_play`] analyses: the play
/// up to the end of the second-to-last trick (the last trick is forced).
pub fn max_analysed_cards(board: &Board) -> usize {
    (4 * (tricks_left(board) - 1).max(0) as usize).saturating_sub(board.trick.len())
}

/// The side-to-play value, searched the way DDS does from a bound: the
/// search starts at the hint and moves away from it in the bound's
/// direction only, so a wrong bound is returned as is.
fn bounded_value(solver: &mut Solver, board: &Board, bound: Bound) -> i32 {
    match bound {
        Bound::Lower(hint) => {
            // The hint itself needs no search: the card just played could
            // only keep or lower its own side's tricks. (After a revoke the
            // hint may be out of reach; then `hint + 1` is too, and the
            // hint is returned as is, as DDS does.)
            let mut v = hint;
            while v < 13 && solver.reaches(board, v + 1) {
                v += 1;
            }
            v
        }
        Bound::Upper(hint) => {
            let mut v = hint;
            while v > 0 && !solver.reaches(board, v) {
                v -= 1;
            }
            v
        }
    }
}

/// Analyses `play` from `board`: element `k` of the answer is the number
/// of tricks declarer's side takes with double dummy play after the first
/// `k` cards (element 0 before any card). At most
/// [`max_analysed_cards`] cards are analysed; later ones are ignored.
///
/// Only that each card is held by the player on turn is checked; revokes
/// are allowed (as in DDS) and trick winners follow the cards played.
/// The board must be valid (equal hand sizes); with no cards left the
/// answer is `[0]`.
pub fn analyse_play(
    solver: &mut Solver,
    board: &Board,
    play: &[Card],
) -> Result<Vec<i32>, PlayError> {
    let total = tricks_left(board);
    if total == 0 {
        return Ok(vec![0]);
    }
    let start_side = board.first.index() & 1;
    // Each search of a lead position tries the card led next first: its
    // proof (or refutation) is then in the table when the search after it
    // needs it. (The order changes no answer.)
    let play = &play[..max_analysed_cards(board).min(play.len())];
    solver.prefer(play.first().copied());
    let mut score = solver.max_tricks(board);
    let mut out = Vec::with_capacity(play.len().min(52) + 1);
    let to_play_side = |b: &Board| b.to_play().index() & 1;
    out.push(if to_play_side(board) == start_side {
        total - score
    } else {
        score
    });

    let mut pos = board.clone();
    let mut remaining = total;
    let mut declarer_won = 0;
    for (index, &card) in play.iter().enumerate() {
        let seat = pos.to_play();
        let hand = &mut pos.deal.0[seat.index()];
        if !(2..=14).contains(&card.rank) || !hand.contains(card) {
            solver.prefer(None);
            return Err(PlayError::NotHeld {
                index,
                card,
                seat,
                tricks: out,
            });
        }
        hand.0[card.suit.index()].0 &= !(1u16 << card.rank);
        pos.trick.push(card);
        let bound = if pos.trick.len() == 4 {
            let winner = pos.first.advance(trick_winner(&pos.trick, pos.trump));
            if winner.index() & 1 != start_side {
                declarer_won += 1;
            }
            remaining -= 1;
            let same_side_leads = (winner.index() + pos.first.index()) % 2 == 0;
            pos.first = winner;
            pos.trick.clear();
            if same_side_leads {
                Bound::Lower(remaining - score)
            } else {
                Bound::Upper(score - 1)
            }
        } else {
            Bound::Lower(remaining - score)
        };
        solver.prefer(play.get(index + 1).copied());
        score = if remaining == 1 && pos.trick.is_empty() {
            solver.max_tricks(&pos)
        } else {
            bounded_value(solver, &pos, bound)
        };
        out.push(
            declarer_won
                + if to_play_side(&pos) == start_side {
                    remaining - score
                } else {
                    score
                },
        );
    }
    solver.prefer(None);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::cards::{Deal, Suit};

    fn cards(text: &str) -> Vec<Card> {
        let b = text.as_bytes();
        b.chunks(2)
            .map(|c| {
                let suit = Suit::from_letter(c[0] as char).unwrap();
                let rank = crate::bridge::cards::rank_from_char(c[1] as char).unwrap();
                Card::new(suit, rank)
            })
            .collect()
    }

    /// DDS's list100.txt (and list1.txt), hand 1: spades, North leads.
    fn list100_hand1() -> Board {
        let pbn = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
        Board::new(
            Deal::from_pbn(pbn).unwrap(),
            Strain::Trump(Suit::Spades),
            Seat::North,
        )
    }

    #[test]
    fn list100_first_hand() {
        // DDS's list100.txt, hand 1: PLAY 45 cards, TRACE 46 values, all 8.
        let board = list100_hand1();
        let play = cards(
            "CTC4CACJH8H4HKH9D5DAD9D2S7S5S2SQD8D4DQD3H3HAH6H7C3C8CQC2S3SKSAS6HQH5HJHTCKC9D6C5S4SJS8C6DJ",
        );
        let got = analyse_play(&mut Solver::new(), &board, &play).unwrap();
        assert_eq!(got, vec![8; 46]);
    }

    #[test]
    fn card_not_held() {
        let board = Board::new(
            Deal::from_pbn("N:AK... QJ... 32... T9...").unwrap(),
            Strain::NoTrump,
            Seat::North,
        );
        // North leads the ace (NS take both tricks), then East plays the 3
        // of spades, which South holds.
        let err = analyse_play(&mut Solver::new(), &board, &cards("SAS3")).unwrap_err();
        assert_eq!(
            err,
            PlayError::NotHeld {
                index: 1,
                card: Card::new(Suit::Spades, 3),
                seat: Seat::East,
                tricks: vec![0, 0],
            }
        );
    }

    #[test]
    fn revoke_keeps_the_bound_as_dds() {
        // Recorded from Debian's DDS 2.9.0 (AnalysePlayBin): spades, West
        // led the club five; South ruffs with the spade ten while holding
        // clubs (a revoke). The true value after the fourth card would
        // give declarer 4, but DDS's search starts from the bound the
        // previous value gives and stays there: 3 throughout.
        let mut board = Board::new(
            Deal::from_pbn("N:A.J.J7.KQ87 KQJ4..4.AJ3 T2.T6.T.964 73.73.9.T2").unwrap(),
            Strain::Trump(Suit::Spades),
            Seat::West,
        );
        board.trick.push(Card::new(Suit::Clubs, 5));
        let got = analyse_play(&mut Solver::new(), &board, &cards("C7CJSTHTH3HJSK")).unwrap();
        assert_eq!(got, vec![3; 8]);
    }

    #[test]
    fn preferred_lead_changes_no_answer() {
        // The card a lead tries first (play analysis names the card led
        // next) changes the search's order, never its answer: each of the
        // leader's cards preferred in turn, every target, in one warm
        // solver, against a cold solver with no preference.
        let deal = list100_hand1().deal;
        for strain in [Strain::NoTrump, Strain::Trump(Suit::Hearts)] {
            let board = Board::new(deal, strain, Seat::East);
            let plain: Vec<bool> = (1..=13).map(|t| Solver::new().reaches(&board, t)).collect();
            assert_eq!(
                plain.iter().filter(|&&r| r).count() as i32,
                Solver::new().max_tricks(&board)
            );
            let mut warm = Solver::new();
            for suit in Suit::ALL {
                for rank in deal.hand(Seat::East).suit(suit).ranks_desc() {
                    warm.prefer(Some(Card::new(suit, rank)));
                    let got: Vec<bool> = (1..=13).rev().map(|t| warm.reaches(&board, t)).collect();
                    assert_eq!(
                        got.into_iter().rev().collect::<Vec<_>>(),
                        plain,
                        "{suit:?} {rank}"
                    );
                }
            }
        }
    }

    #[test]
    fn bad_card_later_in_the_play() {
        // The card after the one being analysed is named to the search
        // before it is checked: a card of no real rank must be ignored
        // there and reported when its turn comes. (DDS's list100.txt,
        // hand 1, as in `list100_first_hand`: South wins the first trick
        // and would lead the bad card.)
        let board = list100_hand1();
        for rank in [0u8, 1, 15, 200] {
            let mut play = cards("CTC4CACJ");
            // (Built by hand: `Card::new` asserts a real rank.)
            play.push(Card {
                suit: Suit::Hearts,
                rank,
            });
            let err = analyse_play(&mut Solver::new(), &board, &play).unwrap_err();
            assert_eq!(
                err,
                PlayError::NotHeld {
                    index: 4,
                    card: play[4],
                    seat: Seat::South,
                    tricks: vec![8; 5],
                }
            );
        }
    }

    #[test]
    fn no_cards_left() {
        let board = Board::new(Deal::default(), Strain::NoTrump, Seat::North);
        assert_eq!(analyse_play(&mut Solver::new(), &board, &[]), Ok(vec![0]));
        assert_eq!(max_analysed_cards(&board), 0);
    }

    #[test]
    fn two_tricks_by_hand() {
        // East leads; declarer (NS) holds AK and 32 against QJ and T9: the
        // value is 2 throughout; the last trick is never analysed.
        let board = Board::new(
            Deal::from_pbn("N:AK... QJ... 32... T9...").unwrap(),
            Strain::NoTrump,
            Seat::East,
        );
        let got = analyse_play(&mut Solver::new(), &board, &cards("SQS2STSASKSJS3S9")).unwrap();
        assert_eq!(got, vec![2, 2, 2, 2, 2]);
        assert_eq!(max_analysed_cards(&board), 4);
    }
}
