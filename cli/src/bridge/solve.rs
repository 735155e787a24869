//! `kibitz bridge solve`: every card the player to move can play, with the
//! tricks its side then takes (DDS `SolveBoard(-1, 3, 1)`), after an
//! optional sequence of cards already played.

use std::io::Write;

use clap::Args;
use kibitz::bridge::cards::rank_char;
use kibitz::bridge::input::{self, Played};
use kibitz::bridge::{Card, CardResult, Deal, Seat, Solver, Strain};

use super::{board_arguments, DEAL_HELP};
use crate::{CliError, HELP_TEMPLATE};

/// Details of `kibitz bridge solve --help`.
const SOLVE_DETAILS: &str = "\
Prints every card the player to move can play with the tricks that
player's side then takes (DDS SolveBoard with target -1, solutions 3,
mode 1): best first, equal scores in suit order S H D C and rank order.
'= ...' lists the lower cards of the same hand and suit that are
equivalent to the card. With --played, the cards are first played from
the deal (the leader leads the first trick, the winner of each trick
leads the next); the count is then of the tricks from the current one on.

Examples:
  kibitz bridge solve \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\" --trump S --leader N
  kibitz bridge solve \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\" -t S -l N --played \"HK HA H3\"";

/// Options of `kibitz bridge solve`.
#[derive(Debug, Args)]
#[command(help_template = HELP_TEMPLATE, after_help = format!("{SOLVE_DETAILS}\n\n{DEAL_HELP}"))]
pub struct SolveArgs {
    /// The PBN deal (quoted, or as four arguments)
    #[arg(value_name = "DEAL")]
    deal: Vec<String>,
    /// Trump suit (S, H, D, C), or N (NT) for no trump
    #[arg(short, long, value_name = "S|H|D|C|N")]
    trump: Option<String>,
    /// The seat on lead to the first trick
    #[arg(short, long, value_name = "N|E|S|W")]
    leader: Option<String>,
    /// Cards already played, in order, e.g. "SA SK S2 S3 HQ"
    #[arg(short, long, value_name = "CARDS")]
    played: Option<String>,
}

/// Entry point of `kibitz bridge solve`.
pub fn run(args: SolveArgs, out: &mut dyn Write) -> Result<(), CliError> {
    const NAME: &str = "kibitz bridge solve";
    let (deal, trump, leader) = board_arguments(NAME, &args.deal, args.trump, args.leader)?;
    let cards = match &args.played {
        Some(text) => parse_cards(text).map_err(CliError::Input)?,
        None => Vec::new(),
    };
    let played = play(deal, trump, leader, &cards).map_err(CliError::Input)?;
    if played.board.deal.is_empty() {
        return Err(CliError::Input(
            "--played: every card has been played".into(),
        ));
    }
    let answer = Solver::new().solve_board(&played.board, -1, 3, 1);
    write!(out, "{}", format_solution(&played, answer.cards))?;
    Ok(())
}

/// Parses the cards of option `--played`.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, String> {
    input::parse_cards(text).map_err(|e| format!("--played: {e}"))
}

/// Plays `cards` from `deal` (see [`input::play_cards`]); errors name
/// option `--played`.
pub fn play(deal: Deal, trump: Strain, leader: Seat, cards: &[Card]) -> Result<Played, String> {
    input::play_cards(deal, trump, leader, cards).map_err(|e| format!("--played: {e}"))
}

/// Formats `SolveBoard`'s cards: a title line, then one line per card,
/// best first, ties in suit order and rank order.
pub fn format_solution(played: &Played, mut cards: Vec<CardResult>) -> String {
    let board = &played.board;
    cards.sort_by_key(|c| {
        (
            -c.score,
            c.card.suit.index(),
            std::cmp::Reverse(c.card.rank),
        )
    });
    let trump_text = match board.trump {
        Strain::NoTrump => "no trump".to_string(),
        Strain::Trump(suit) => format!("trump {}", suit.letter()),
    };
    let seat = board.to_play();
    let side = if seat.is_ns() { "N-S" } else { "E-W" };
    let mut text = if played.tricks == 0 && board.trick.is_empty() {
        format!(
            "{} to lead, {trump_text}; tricks for {side} after each card:\n",
            seat.letter()
        )
    } else {
        let trick: Vec<String> = board.trick.iter().map(Card::to_string).collect();
        let current = if trick.is_empty() {
            String::new()
        } else {
            format!(" after {} led {}", board.first.letter(), trick.join(" "))
        };
        format!(
            "{} to play to trick {}{current}, {trump_text}; N-S {} E-W {} so far; tricks from this trick on for {side} after each card:\n",
            seat.letter(),
            played.tricks + 1,
            played.ns_tricks,
            played.tricks - played.ns_tricks
        )
    };
    for c in &cards {
        text.push_str(&format!("{} {:>2}", c.card, c.score));
        if !c.equals.is_empty() {
            let equals: Vec<String> = c
                .equals
                .ranks_desc()
                .map(|r| format!("{}{}", c.card.suit.letter(), rank_char(r)))
                .collect();
            text.push_str(&format!("  = {}", equals.join(" ")));
        }
        text.push('\n');
    }
    text
}
