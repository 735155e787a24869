//! `kibitz bridge`: double dummy tables with par, PBN file annotation,
//! card-by-card solving and random deals.

mod annotate;
mod pbn;
mod play;
mod random;
mod solve;
mod table;

use std::io::Write;

use clap::{Args, Subcommand, ValueEnum};
pub use kibitz::bridge::input::strain_name;
use kibitz::bridge::input::{self, parse_seat, parse_strain};
use kibitz::bridge::par::Vulnerability;
use kibitz::bridge::{Deal, Seat, Strain, Suit};

use super::{missing_command, CliError, HELP_TEMPLATE};

/// How a PBN deal is written, shown in the bridge helps.
const DEAL_HELP: &str = "\
A PBN deal is the first seat, a colon, then four hands clockwise separated
by spaces, each hand's suits in the order spades.hearts.diamonds.clubs
(ranks AKQJT98765432, '-' for an empty hand), for example:
  \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"
All four hands must hold the same number of cards (1 to 13).";

/// Examples of `kibitz bridge --help`.
const BRIDGE_EXAMPLES: &str = "\
Examples:
  kibitz bridge table \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\" --vul ns --dealer e
  kibitz bridge table - --format csv < deals.txt
  kibitz bridge annotate session.pbn -o session-dd.pbn --threads 2
  kibitz bridge solve \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\" --trump S --leader N
  kibitz bridge random 3 --seed 7

Run 'kibitz bridge <command> --help' for the options of a command.";

/// `kibitz bridge` and its commands.
#[derive(Debug, Args)]
#[command(
    help_template = HELP_TEMPLATE,
    after_help = format!("{DEAL_HELP}\n\n{BRIDGE_EXAMPLES}")
)]
pub struct BridgeArgs {
    /// The command.
    #[command(subcommand)]
    command: Option<BridgeCommand>,
}

/// The commands of `kibitz bridge`, in help order.
#[derive(Debug, Subcommand)]
enum BridgeCommand {
    /// Double dummy table (declarer's tricks in every strain) and par
    Table(table::TableArgs),
    /// Add double dummy tables and par to every board of a PBN file
    Annotate(annotate::AnnotateArgs),
    /// Tricks for the side to play after each card it can play
    Solve(solve::SolveArgs),
    /// Random deals and their double dummy tables
    Random(random::RandomArgs),
    /// Declarer's tricks after every card of a played hand
    Play(play::PlayArgs),
}

/// Entry point of `kibitz bridge ...`.
pub fn run(args: BridgeArgs, out: &mut dyn Write) -> Result<(), CliError> {
    match args.command {
        None => Err(missing_command::<BridgeCommand>("kibitz bridge")),
        Some(BridgeCommand::Table(a)) => table::run(a, out),
        Some(BridgeCommand::Annotate(a)) => annotate::run(a, out),
        Some(BridgeCommand::Solve(a)) => solve::run(a, out),
        Some(BridgeCommand::Random(a)) => random::run(a, out),
        Some(BridgeCommand::Play(a)) => play::run(a, out),
    }
}

/// Who is vulnerable, as typed on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum VulArg {
    /// Nobody
    None,
    /// North-South
    Ns,
    /// East-West
    Ew,
    /// Both sides
    All,
}

impl VulArg {
    /// The par module's vulnerability.
    pub fn vulnerability(self) -> Vulnerability {
        match self {
            VulArg::None => Vulnerability::None,
            VulArg::Ns => Vulnerability::NorthSouth,
            VulArg::Ew => Vulnerability::EastWest,
            VulArg::All => Vulnerability::Both,
        }
    }
}

/// A seat, as typed on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SeatArg {
    /// North
    N,
    /// East
    E,
    /// South
    S,
    /// West
    W,
}

impl SeatArg {
    /// The seat.
    pub fn seat(self) -> Seat {
        match self {
            SeatArg::N => Seat::North,
            SeatArg::E => Seat::East,
            SeatArg::S => Seat::South,
            SeatArg::W => Seat::West,
        }
    }
}

/// The number of threads to use: `requested`, or one per core.
pub fn thread_count(requested: Option<usize>) -> usize {
    requested
        .filter(|&n| n > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// The deal, trump and leader of `solve` and `play` (command `name`), with
/// usage errors for missing or bad options.
pub fn board_arguments(
    name: &str,
    deal: &[String],
    trump: Option<String>,
    leader: Option<String>,
) -> Result<(Deal, Strain, Seat), CliError> {
    let trump = trump.ok_or_else(|| CliError::usage(name, "missing option --trump"))?;
    let trump = parse_strain(&trump).ok_or_else(|| {
        CliError::usage(
            name,
            format!("bad --trump '{trump}' (expected S, H, D, C or N)"),
        )
    })?;
    let leader = leader.ok_or_else(|| CliError::usage(name, "missing option --leader"))?;
    let leader = parse_seat(&leader).ok_or_else(|| {
        CliError::usage(
            name,
            format!("bad --leader '{leader}' (expected N, E, S or W)"),
        )
    })?;
    if deal.is_empty() {
        return Err(CliError::usage(name, "missing PBN deal"));
    }
    let deal = parse_deal(&deal.join(" ")).map_err(CliError::Input)?;
    Ok((deal, trump, leader))
}

/// Parses a deal and checks that the solver can take it.
pub fn parse_deal(text: &str) -> Result<Deal, String> {
    input::parse_deal(text).map_err(|e| e.0)
}

/// Strains in the order of the table's rows and of PBN's tags.
pub const TABLE_ROWS: [Strain; 5] = [
    Strain::NoTrump,
    Strain::Trump(Suit::Spades),
    Strain::Trump(Suit::Hearts),
    Strain::Trump(Suit::Diamonds),
    Strain::Trump(Suit::Clubs),
];

/// Declarers in the order of the table's columns and of PBN's tags
/// (partners side by side).
pub const TABLE_COLUMNS: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];
