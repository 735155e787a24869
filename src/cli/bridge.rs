//! `kibitz bridge`: double dummy tables and card-by-card solving.

use std::io::Write;

use dds::bridge::{dd_table, Board, CardResult, Deal, Seat, Solver, Strain, Suit};

use super::args::{Args, OptSpec};
use super::{command_list, dispatch, CliError, Command};

/// The commands of `kibitz bridge`, in help order.
pub const COMMANDS: &[Command] = &[
    Command {
        name: "table",
        summary: "Double dummy table: declarer's tricks in every strain",
        run: table,
    },
    Command {
        name: "solve",
        summary: "Tricks for the leader's side after each card the leader can play",
        run: solve,
    },
];

/// Strains in the order of the table's rows.
const TABLE_ROWS: [Strain; 5] = [
    Strain::NoTrump,
    Strain::Trump(Suit::Spades),
    Strain::Trump(Suit::Hearts),
    Strain::Trump(Suit::Diamonds),
    Strain::Trump(Suit::Clubs),
];

/// Declarers in the order of the table's columns (partners side by side).
const TABLE_COLUMNS: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];

/// How a PBN deal is written, shown in every bridge help.
const DEAL_HELP: &str = "\
A PBN deal is the first seat, a colon, then four hands clockwise separated
by spaces, each hand's suits in the order spades.hearts.diamonds.clubs
(ranks AKQJT98765432, '-' for an empty hand), for example:
  \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"
All four hands must hold the same number of cards (1 to 13).
";

/// The text of `kibitz bridge table --help`.
const TABLE_HELP: &str = "\
Usage: kibitz bridge table \"<PBN deal>\"

Prints the double dummy table: the tricks declarer takes, one row per
strain (NT, S, H, D, C) and one column per declarer (N, S, E, W).
";

/// The text of `kibitz bridge solve --help`.
const SOLVE_HELP: &str = "\
Usage: kibitz bridge solve \"<PBN deal>\" --trump <S|H|D|C|N> --leader <N|E|S|W>

Prints every card the leader can lead with the tricks the leader's side
then takes (DDS SolveBoard with target -1, solutions 3, mode 1): best
first, equal scores in suit order S H D C and rank order. '= ...' lists
the leader's lower cards in the same suit that are equivalent to the card.

Options:
  -t, --trump <S|H|D|C|N>   Trump suit, or N (NT) for no trump
  -l, --leader <N|E|S|W>    The seat on lead
";

/// Entry point of `kibitz bridge ...`.
pub fn run(mut args: Args, out: &mut dyn Write) -> Result<(), CliError> {
    match args.next().as_deref() {
        None => Err(CliError::usage(
            "kibitz bridge",
            "missing command (expected one of: table, solve)",
        )),
        Some("-h" | "--help" | "help") => {
            write!(out, "{}", help())?;
            Ok(())
        }
        Some(word) => dispatch(COMMANDS, "kibitz bridge", word, args, out),
    }
}

/// The text of `kibitz bridge --help`.
fn help() -> String {
    format!(
        "Usage: kibitz bridge <command> [options] \"<PBN deal>\"\n\nCommands:\n{}\n{DEAL_HELP}\n{TABLE_HELP}\n{SOLVE_HELP}",
        command_list(COMMANDS)
    )
}

/// `kibitz bridge table "<PBN deal>"`.
fn table(args: Args, out: &mut dyn Write) -> Result<(), CliError> {
    const NAME: &str = "kibitz bridge table";
    let parsed = args.parse(&[], NAME)?;
    if parsed.help {
        write!(out, "{TABLE_HELP}\n{DEAL_HELP}")?;
        return Ok(());
    }
    let deal = deal_argument(&parsed.positionals, NAME)?;
    let table = dd_table(&mut Solver::new(), &deal);
    write!(out, "{}", format_table(&table))?;
    Ok(())
}

/// Formats a DD table (`[strain][declarer]` in DDS order) as the grid
/// described in `TABLE_HELP`.
pub fn format_table(table: &[[i32; 4]; 5]) -> String {
    let mut text = String::from("  ");
    for seat in TABLE_COLUMNS {
        text.push_str(&format!("{:>4}", seat.letter()));
    }
    text.push('\n');
    for strain in TABLE_ROWS {
        text.push_str(&format!("{:<2}", strain_name(strain)));
        for seat in TABLE_COLUMNS {
            text.push_str(&format!("{:>4}", table[strain.index()][seat.index()]));
        }
        text.push('\n');
    }
    text
}

/// `kibitz bridge solve "<PBN deal>" --trump X --leader Y`.
fn solve(args: Args, out: &mut dyn Write) -> Result<(), CliError> {
    const NAME: &str = "kibitz bridge solve";
    let specs = [
        OptSpec {
            long: "trump",
            short: Some('t'),
            takes_value: true,
        },
        OptSpec {
            long: "leader",
            short: Some('l'),
            takes_value: true,
        },
    ];
    let parsed = args.parse(&specs, NAME)?;
    if parsed.help {
        write!(out, "{SOLVE_HELP}\n{DEAL_HELP}")?;
        return Ok(());
    }
    let trump = parsed
        .value("trump")
        .ok_or_else(|| CliError::usage(NAME, "missing option --trump"))?;
    let trump = parse_strain(trump).ok_or_else(|| {
        CliError::usage(
            NAME,
            format!("bad --trump '{trump}' (expected S, H, D, C or N)"),
        )
    })?;
    let leader = parsed
        .value("leader")
        .ok_or_else(|| CliError::usage(NAME, "missing option --leader"))?;
    let leader = parse_seat(leader).ok_or_else(|| {
        CliError::usage(
            NAME,
            format!("bad --leader '{leader}' (expected N, E, S or W)"),
        )
    })?;
    let deal = deal_argument(&parsed.positionals, NAME)?;
    let board = Board::new(deal, trump, leader);
    let answer = Solver::new().solve_board(&board, -1, 3, 1);
    write!(out, "{}", format_solution(leader, trump, answer.cards))?;
    Ok(())
}

/// Formats `SolveBoard`'s cards: a title line, then one line per card,
/// best first, ties in suit order and rank order.
pub fn format_solution(leader: Seat, trump: Strain, mut cards: Vec<CardResult>) -> String {
    cards.sort_by_key(|c| {
        (
            -c.score,
            c.card.suit.index(),
            std::cmp::Reverse(c.card.rank),
        )
    });
    let trump_text = match trump {
        Strain::NoTrump => "no trump".to_string(),
        Strain::Trump(suit) => format!("trump {}", suit.letter()),
    };
    let side = if leader.is_ns() { "N-S" } else { "E-W" };
    let mut text = format!(
        "{} to lead, {trump_text}; tricks for {side} after each card:\n",
        leader.letter()
    );
    for c in &cards {
        text.push_str(&format!("{} {:>2}", c.card, c.score));
        if !c.equals.is_empty() {
            let equals: Vec<String> = c
                .equals
                .ranks_desc()
                .map(|r| {
                    format!(
                        "{}{}",
                        c.card.suit.letter(),
                        dds::bridge::cards::rank_char(r)
                    )
                })
                .collect();
            text.push_str(&format!("  = {}", equals.join(" ")));
        }
        text.push('\n');
    }
    text
}

/// The deal given as positional arguments. Several arguments are joined
/// with spaces, so an unquoted deal works too.
fn deal_argument(positionals: &[String], command: &'static str) -> Result<Deal, CliError> {
    if positionals.is_empty() {
        return Err(CliError::usage(command, "missing PBN deal"));
    }
    let text = positionals.join(" ");
    let deal = Deal::from_pbn(&text).map_err(|e| CliError::Input(format!("bad deal: {e}")))?;
    check_counts(&deal)?;
    Ok(deal)
}

/// Rejects deals the solver cannot take: hands of different lengths or no
/// cards at all.
fn check_counts(deal: &Deal) -> Result<(), CliError> {
    let counts = Seat::ALL.map(|s| deal.hand(s).len());
    if counts[0] > 0 && counts.iter().all(|&n| n == counts[0]) {
        return Ok(());
    }
    Err(CliError::Input(format!(
        "bad deal: all four hands must hold the same number of cards, 1 to 13 (N {}, E {}, S {}, W {})",
        counts[0], counts[1], counts[2], counts[3]
    )))
}

/// The row label of a strain: NT, S, H, D or C.
fn strain_name(strain: Strain) -> String {
    match strain {
        Strain::NoTrump => "NT".to_string(),
        Strain::Trump(suit) => suit.letter().to_string(),
    }
}

/// Parses a strain: S, H, D, C, N or NT (any case), or its English name.
fn parse_strain(text: &str) -> Option<Strain> {
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
fn parse_seat(text: &str) -> Option<Seat> {
    match text.to_ascii_lowercase().as_str() {
        "n" | "north" => Some(Seat::North),
        "e" | "east" => Some(Seat::East),
        "s" | "south" => Some(Seat::South),
        "w" | "west" => Some(Seat::West),
        _ => None,
    }
}
