//! `kibitz bridge play`: the tricks declarer's side can still take with
//! double dummy play after every card of a played hand (DDS's play
//! analysis), marking the cards that gave a trick away.

use std::io::Write;

use clap::Args;
use kibitz::bridge::input::{self, play_values, InputError};
use kibitz::bridge::{Board, Card, Seat, Solver, Strain};

use super::{board_arguments, DEAL_HELP};
use crate::{CliError, HELP_TEMPLATE};

/// Details of `kibitz bridge play --help`.
const PLAY_DETAILS: &str = "\
Prints, before the play and after each card, how many tricks declarer's
side takes in all with double dummy play from then on (as DDS's
AnalysePlayPBN; declarer sits on the leader's right). A card after which
its side can take fewer tricks than before is marked 'lost a trick'
(or 'lost N tricks'). The cards must be legal: held by the player to
move, following suit when able; the winner of each trick leads the next.

Example:
  kibitz bridge play \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\" --trump S --leader N --play \"HK HA H3 H2 S2 S6 SK SA\"";

/// Options of `kibitz bridge play`.
#[derive(Debug, Args)]
#[command(help_template = HELP_TEMPLATE, after_help = format!("{PLAY_DETAILS}\n\n{DEAL_HELP}"))]
pub struct PlayArgs {
    /// The PBN deal (quoted, or as four arguments)
    #[arg(value_name = "DEAL")]
    deal: Vec<String>,
    /// Trump suit (S, H, D, C), or N (NT) for no trump
    #[arg(short, long, value_name = "S|H|D|C|N")]
    trump: Option<String>,
    /// The seat on lead to the first trick
    #[arg(short, long, value_name = "N|E|S|W")]
    leader: Option<String>,
    /// The cards played, in order, e.g. "HK HA H3 H2 S2"
    #[arg(short, long, value_name = "CARDS")]
    play: Option<String>,
}

/// Entry point of `kibitz bridge play`.
pub fn run(args: PlayArgs, out: &mut dyn Write) -> Result<(), CliError> {
    const NAME: &str = "kibitz bridge play";
    let (deal, trump, leader) = board_arguments(NAME, &args.deal, args.trump, args.leader)?;
    let text = args
        .play
        .ok_or_else(|| CliError::usage(NAME, "missing option --play"))?;
    let input_error = |e: InputError| CliError::Input(format!("--play: {e}"));
    let cards = input::parse_cards(&text).map_err(input_error)?;
    // Legality first, with the card's number in the message.
    let played = input::play_cards(deal, trump, leader, &cards).map_err(input_error)?;
    let board = Board::new(deal, trump, leader);
    let values = play_values(&mut Solver::new(), &board, &cards).map_err(input_error)?;
    write!(
        out,
        "{}",
        format_play(board, &cards, &played.seats, &values)
    )?;
    Ok(())
}

/// The report: a title, the count before play, then one line per card
/// (`seats[k]` played `cards[k]`).
fn format_play(board: Board, cards: &[Card], seats: &[Seat], values: &[i32]) -> String {
    let declarer = board.first.prev();
    let side = if declarer.is_ns() { "N-S" } else { "E-W" };
    let trump = match board.trump {
        Strain::NoTrump => "no trump".to_string(),
        Strain::Trump(s) => format!("trump {}", s.letter()),
    };
    let mut text = format!(
        "{} leads, {trump}; declarer {} ({side})\n{side} tricks with double dummy play:\n   start        {:>2}\n",
        board.first.letter(),
        declarer.letter(),
        values[0]
    );
    for (k, (&card, &seat)) in cards.iter().zip(seats).enumerate() {
        let (before, after) = (values[k], values[k + 1]);
        let lost = if seat.is_ns() == declarer.is_ns() {
            before - after
        } else {
            after - before
        };
        let mark = match lost {
            1 => "  lost a trick".to_string(),
            n if n > 1 => format!("  lost {n} tricks"),
            _ => String::new(),
        };
        text.push_str(&format!(
            "{:>3}.  {}  {card}  {after:>2}{mark}\n",
            k + 1,
            seat.letter()
        ));
    }
    text
}
