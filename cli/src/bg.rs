//! `kibitz bg`: backgammon positions (gnubg position and match IDs) and
//! legal moves.

use std::io::Write;

use kibitz::backgammon::{diagram, Board, GameState, MatchState};

use clap::{Args, Subcommand};

use super::{missing_command, CliError, HELP_TEMPLATE};

/// Examples of `kibitz bg --help`.
const BG_EXAMPLES: &str = "\
Usage of the commands:
  kibitz bg show <position-id> [<match-id>]
  kibitz bg moves <position-id> <dice>
  kibitz bg eval <position-id> [<match-id>] [--plies N]

Examples:
  kibitz bg show 4HPwATDgc/ABMA
  kibitz bg show 2MY5BwDs7swAAA cAngADAAKAAE
  kibitz bg moves 4HPwATDgc/ABMA 31
  kibitz bg eval RgMAwBIAAAAAAA";

/// `kibitz bg` and its commands.
#[derive(Debug, Args)]
#[command(help_template = HELP_TEMPLATE, after_help = format!("{ID_HELP}\n{BG_EXAMPLES}"))]
pub struct BgArgs {
    /// The command.
    #[command(subcommand)]
    command: Option<BgCommand>,
}

/// The commands of `kibitz bg`, in help order.
#[derive(Debug, Subcommand)]
enum BgCommand {
    /// Board diagram, pip counts, class and match state of a gnubg ID
    Show(ShowArgs),
    /// Every distinct legal move of the player on roll for a roll
    Moves(MovesArgs),
    /// gnubg's cube analysis (exact for two-sided bearoffs)
    Eval(super::bg_eval::EvalArgs),
}

/// Arguments of `kibitz bg show`.
#[derive(Debug, Args)]
#[command(help_template = HELP_TEMPLATE, after_help = format!("{SHOW_HELP}\n{ID_HELP}\nExample:\n  kibitz bg show 2MY5BwDs7swAAA cAngADAAKAAE"))]
pub struct ShowArgs {
    /// Position ID, then optionally a match ID
    #[arg(value_name = "ID")]
    positionals: Vec<String>,
}

/// Arguments of `kibitz bg moves`.
#[derive(Debug, Args)]
#[command(help_template = HELP_TEMPLATE, after_help = format!("{MOVES_HELP}\n{ID_HELP}\nExample:\n  kibitz bg moves 4HPwATDgc/ABMA 31"))]
pub struct MovesArgs {
    /// Position ID and dice (two digits 1-6, e.g. 31)
    #[arg(value_name = "ARG")]
    positionals: Vec<String>,
}

/// How IDs are written, shown in every bg help.
const ID_HELP: &str = "\
A position ID is gnubg's 14-character Base64 code of the board seen by the
player on roll (X), e.g. 4HPwATDgc/ABMA for the starting position; a match
ID is gnubg's 12-character code of cube, score and dice, e.g. MAEAAAAAAAAA.
";

/// The text of `kibitz bg show --help`.
const SHOW_HELP: &str = "\
Prints the board (X is on roll and moves from 24 down to 1), the pip
counts, gnubg's position class and, given a match ID, the match state.
";

/// The text of `kibitz bg moves --help`.
const MOVES_HELP: &str = "\
Lists every distinct legal move of the player on roll in gnubg's notation
(e.g. 8/5 6/5, bar/22, 13/7*, 6/off), each with the position ID after the
move with the opponent on roll. <dice> is two digits 1-6, e.g. 31 or 66.
";

/// Entry point of `kibitz bg ...`.
pub fn run(args: BgArgs, out: &mut dyn Write) -> Result<(), CliError> {
    match args.command {
        None => Err(missing_command::<BgCommand>("kibitz bg")),
        Some(BgCommand::Show(a)) => show(a, out),
        Some(BgCommand::Moves(a)) => moves(a, out),
        Some(BgCommand::Eval(a)) => super::bg_eval::eval(a, out),
    }
}

/// Parses a position ID argument.
fn board_argument(id: &str) -> Result<Board, CliError> {
    Board::from_position_id(id).map_err(|e| CliError::Input(format!("bad position ID '{id}': {e}")))
}

/// `kibitz bg show <position-id> [<match-id>]`.
fn show(parsed: ShowArgs, out: &mut dyn Write) -> Result<(), CliError> {
    const NAME: &str = "kibitz bg show";
    let (board, state) = match parsed.positionals.as_slice() {
        [] => return Err(CliError::usage(NAME, "missing position ID")),
        [pos] => (board_argument(pos)?, None),
        [pos, m] => {
            let state = MatchState::from_match_id(m)
                .map_err(|e| CliError::Input(format!("bad match ID '{m}': {e}")))?;
            (board_argument(pos)?, Some(state))
        }
        _ => return Err(CliError::usage(NAME, "too many arguments")),
    };
    writeln!(out, "Position ID: {}", board.position_id())?;
    write!(out, "{}", diagram(&board))?;
    let class = board.class();
    writeln!(out, "Class: {} ({})", class.name(), class.number())?;
    if let Some(state) = state {
        write!(out, "{}", describe_state(&state))?;
    }
    Ok(())
}

/// The lines describing a match state.
pub fn describe_state(s: &MatchState) -> String {
    let mut text = format!("Match ID: {}\n", s.match_id().unwrap_or_default());
    if s.is_money() {
        let jacoby = if s.jacoby { "on" } else { "off" };
        text.push_str(&format!("Match: money game, Jacoby rule {jacoby}\n"));
    } else {
        let crawford = if s.crawford { ", Crawford game" } else { "" };
        text.push_str(&format!(
            "Match: {}-point match, score {}-{}{crawford}\n",
            s.match_length, s.score[0], s.score[1]
        ));
    }
    let owner = match s.cube_owner {
        None => "centred".to_string(),
        Some(p) => format!("owned by player {p}"),
    };
    text.push_str(&format!("Cube: {}, {owner}\n", s.cube));
    let dice = if s.dice == [0, 0] {
        "not rolled".to_string()
    } else {
        format!("{}-{}", s.dice[0], s.dice[1])
    };
    text.push_str(&format!("On roll: player {}, dice {dice}\n", s.dice_owner));
    let state = match s.game_state {
        GameState::None => "no game",
        GameState::Playing => "playing",
        GameState::Over => "over",
        GameState::Resigned => "resigned",
        GameState::Dropped => "double dropped",
    };
    let offer = match (s.doubled, s.resigned) {
        (true, _) => ", double offered".to_string(),
        (false, 0) => String::new(),
        (false, r) => format!(
            ", resignation offered ({})",
            ["", "single", "gammon", "backgammon"][r as usize]
        ),
    };
    text.push_str(&format!(
        "Game: {state}, player {} to decide{offer}\n",
        s.turn
    ));
    text
}

/// Parses dice written as two digits 1-6 (`"31"`).
fn dice_argument(text: &str) -> Option<(u8, u8)> {
    let b = text.as_bytes();
    if b.len() != 2 || !b.iter().all(|c| (b'1'..=b'6').contains(c)) {
        return None;
    }
    Some((b[0] - b'0', b[1] - b'0'))
}

/// `kibitz bg moves <position-id> <dice>`.
fn moves(parsed: MovesArgs, out: &mut dyn Write) -> Result<(), CliError> {
    const NAME: &str = "kibitz bg moves";
    let [pos, dice] = parsed.positionals.as_slice() else {
        return Err(CliError::usage(
            NAME,
            "expected a position ID and the dice (e.g. 31)",
        ));
    };
    let (d0, d1) = dice_argument(dice).ok_or_else(|| {
        CliError::usage(
            NAME,
            format!("bad dice '{dice}' (expected two digits 1-6, e.g. 31)"),
        )
    })?;
    let board = board_argument(pos)?;
    let list = board.legal_moves(d0, d1);
    let plural = if list.len() == 1 { "" } else { "s" };
    writeln!(
        out,
        "Position ID: {}, roll {d0}{d1}: {} legal move{plural}",
        board.position_id(),
        list.len()
    )?;
    let texts: Vec<String> = list.iter().map(|m| m.play.text(&board)).collect();
    let width = texts.iter().map(String::len).max().unwrap_or(0);
    for (i, (m, text)) in list.iter().zip(&texts).enumerate() {
        writeln!(
            out,
            "{:>4}. {text:width$}  {}",
            i + 1,
            m.result.swapped().position_id()
        )?;
    }
    Ok(())
}
