//! What a person types: deals, strains, seats and cards as text, a play
//! checked card by card, and the play analysis of a whole play. The
//! command line and the Python package share these, so both give the same
//! answers and the same error messages.
//!
//! ```
//! use kibitz::bridge::input::{parse_cards, parse_deal, parse_seat, parse_strain, play_cards};
//!
//! let deal = parse_deal("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3")?;
//! let (trump, leader) = (parse_strain("S").unwrap(), parse_seat("N").unwrap());
//! let played = play_cards(deal, trump, leader, &parse_cards("DJ DA D9 D3")?)?;
//! assert_eq!((played.tricks, played.ns_tricks), (1, 0));
//! assert_eq!(
//!     play_cards(deal, trump, leader, &parse_cards("SA")?).unwrap_err().to_string(),
//!     "card 1 (SA) is not in N's hand"
//! );
//! # Ok::<(), kibitz::bridge::input::InputError>(())
//! ```

use std::fmt;

use super::cards::rank_from_char;
use super::{analyse_play, Board, Card, Deal, Seat, Solver, Strain, Suit};

/// Bad input, with a message for the person who typed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError(pub String);

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InputError {}

/// Parses a PBN deal and checks that the solver can take it: all four
/// hands hold the same number of cards, 1 to 13.
pub fn parse_deal(text: &str) -> Result<Deal, InputError> {
    let deal = Deal::from_pbn(text).map_err(|e| InputError(format!("bad deal: {e}")))?;
    let counts = Seat::ALL.map(|s| deal.hand(s).len());
    if counts[0] > 0 && counts.iter().all(|&n| n == counts[0]) {
        return Ok(deal);
    }
    Err(InputError(format!(
        "bad deal: all four hands must hold the same number of cards, 1 to 13 (N {}, E {}, S {}, W {})",
        counts[0], counts[1], counts[2], counts[3]
    )))
}

/// The name of a strain: NT, S, H, D or C.
pub fn strain_name(strain: Strain) -> &'static str {
    match strain {
        Strain::NoTrump => "NT",
        Strain::Trump(Suit::Spades) => "S",
        Strain::Trump(Suit::Hearts) => "H",
        Strain::Trump(Suit::Diamonds) => "D",
        Strain::Trump(Suit::Clubs) => "C",
    }
}

/// Parses a strain: S, H, D, C, N or NT (any case), or its English name.
pub fn parse_strain(text: &str) -> Option<Strain> {
    match text.to_ascii_lowercase().as_str() {
        "s" | "spades" => Some(Strain::Trump(Suit::Spades)),
        "h" | "hearts" => Some(Strain::Trump(Suit::Hearts)),
        "d" | "diamonds" => Some(Strain::Trump(Suit::Diamonds)),
        "c" | "clubs" => Some(Strain::Trump(Suit::Clubs)),
        "n" | "nt" | "notrump" | "notrumps" => Some(Strain::NoTrump),
        _ => None,
    }
}

/// Parses a seat: N, E, S or W (any case), or its English name.
pub fn parse_seat(text: &str) -> Option<Seat> {
    match text.to_ascii_lowercase().as_str() {
        "n" | "north" => Some(Seat::North),
        "e" | "east" => Some(Seat::East),
        "s" | "south" => Some(Seat::South),
        "w" | "west" => Some(Seat::West),
        _ => None,
    }
}

/// Parses cards written suit first (`SA`, `hT`, `C10`), separated by spaces
/// or commas.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, InputError> {
    text.split([' ', ','])
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut chars = w.chars();
            let suit = chars
                .next()
                .and_then(|c| Suit::from_letter(c.to_ascii_uppercase()));
            let rest = chars.as_str();
            let rank = match rest {
                "10" => Some(10),
                r if r.chars().count() == 1 => r.chars().next().and_then(rank_from_char),
                _ => None,
            };
            match (suit, rank) {
                (Some(s), Some(r)) => Ok(Card::new(s, r)),
                _ => Err(InputError(format!(
                    "bad card '{w}' (expected suit then rank, e.g. SA or HT)"
                ))),
            }
        })
        .collect()
}

/// A position after some cards were played.
#[derive(Clone, Debug)]
pub struct Played {
    /// The position to solve.
    pub board: Board,
    /// Tricks completed so far.
    pub tricks: usize,
    /// Of those, the tricks won by North-South.
    pub ns_tricks: usize,
    /// The seat that played each card, in order.
    pub seats: Vec<Seat>,
}

/// Plays `cards` from `deal`: `leader` leads the first trick, the winner
/// of each trick leads the next; every card must be held by the player to
/// move, who must follow suit when able.
pub fn play_cards(
    deal: Deal,
    trump: Strain,
    leader: Seat,
    cards: &[Card],
) -> Result<Played, InputError> {
    let mut board = Board::new(deal, trump, leader);
    let (mut tricks, mut ns_tricks) = (0, 0);
    let mut seats = Vec::with_capacity(cards.len());
    for (i, &card) in cards.iter().enumerate() {
        let seat = board.to_play();
        seats.push(seat);
        let hand = board.deal.hand(seat);
        if !hand.contains(card) {
            return Err(InputError(format!(
                "card {} ({card}) is not in {}'s hand",
                i + 1,
                seat.letter()
            )));
        }
        if let Some(lead) = board.trick.first() {
            if card.suit != lead.suit && !hand.suit(lead.suit).is_empty() {
                return Err(InputError(format!(
                    "card {} ({card}): {} must follow suit {}",
                    i + 1,
                    seat.letter(),
                    lead.suit.letter()
                )));
            }
        }
        board.deal.0[seat.index()].0[card.suit.index()].0 &= !(1u16 << card.rank);
        board.trick.push(card);
        if board.trick.len() == 4 {
            let winner = board.first.advance(winning_card(&board.trick, trump));
            tricks += 1;
            ns_tricks += usize::from(winner.is_ns());
            board.first = winner;
            board.trick.clear();
        }
    }
    Ok(Played {
        board,
        tricks,
        ns_tricks,
        seats,
    })
}

/// The index in `trick` of the card that wins it.
fn winning_card(trick: &[Card], trump: Strain) -> usize {
    let mut best = 0;
    for (i, c) in trick.iter().enumerate().skip(1) {
        let b = trick[best];
        let beats = if c.suit == b.suit {
            c.rank > b.rank
        } else {
            trump.trump() == Some(c.suit)
        };
        if beats {
            best = i;
        }
    }
    best
}

/// Declarer's side's tricks (declarer: the player left of `board.first`,
/// the leader) before the play and after each of `cards`: the play
/// analysis of a whole play. The analyser covers every card but those of
/// the last trick, whose cards are forced; there the count is the result.
pub fn play_values(
    solver: &mut Solver,
    board: &Board,
    cards: &[Card],
) -> Result<Vec<i32>, InputError> {
    play_cards(board.deal, board.trump, board.first, cards)?;
    let mut values = analyse_play(solver, board, cards).map_err(|e| InputError(e.to_string()))?;
    if values.len() < cards.len() + 1 {
        let last = final_tricks(board, cards)?;
        values.resize(cards.len() + 1, last);
    }
    Ok(values)
}

/// Declarer's side's tricks at the end of the hand when `cards` reach the
/// last trick: the remaining cards are each player's only one.
fn final_tricks(board: &Board, cards: &[Card]) -> Result<i32, InputError> {
    let mut all = cards.to_vec();
    loop {
        let Played { board: b, .. } = play_cards(board.deal, board.trump, board.first, &all)?;
        if b.deal.is_empty() {
            break;
        }
        let hand = b.deal.hand(b.to_play());
        let Some(card) = Suit::ALL
            .iter()
            .find_map(|&s| hand.suit(s).ranks_desc().next().map(|r| Card::new(s, r)))
        else {
            break;
        };
        all.push(card);
    }
    let done = play_cards(board.deal, board.trump, board.first, &all)?;
    let declarer_ns = !board.first.is_ns();
    let ns = done.ns_tricks as i32;
    Ok(if declarer_ns {
        ns
    } else {
        done.tricks as i32 - ns
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tricks_are_won_by_trumps_or_the_highest_card_of_the_led_suit() {
        let c = |t: &str| parse_cards(t).unwrap();
        let spades = Strain::Trump(Suit::Spades);
        assert_eq!(winning_card(&c("H2 HA S2 HK"), spades), 2);
        assert_eq!(winning_card(&c("H2 HA S2 HK"), Strain::NoTrump), 1);
        assert_eq!(winning_card(&c("D5 C10 D9 D3"), spades), 2);
        assert_eq!(
            parse_cards("SA X2").unwrap_err().to_string(),
            "bad card 'X2' (expected suit then rank, e.g. SA or HT)"
        );
        assert!(parse_cards("S1").is_err());
    }

    #[test]
    fn a_whole_play_is_counted_to_its_last_trick() {
        let deal = parse_deal("N:A2.. K3.. Q4.. J5..").unwrap();
        let board = Board::new(deal, Strain::NoTrump, Seat::North);
        let cards = parse_cards("SA S3 S4 S5 S2 SK SQ SJ").unwrap();
        // West declares (North leads): E-W take the second trick only.
        assert_eq!(
            play_values(&mut Solver::new(), &board, &cards).unwrap(),
            [1, 1, 1, 1, 1, 1, 1, 1, 1]
        );
        assert_eq!(
            play_values(&mut Solver::new(), &board, &parse_cards("S3").unwrap())
                .unwrap_err()
                .to_string(),
            "card 1 (S3) is not in N's hand"
        );
    }
}
