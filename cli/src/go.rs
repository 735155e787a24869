//! `kibitz go`: a GTP engine on stdin/stdout and worm listings of SGF
//! positions.

use std::io::{self, IsTerminal, Write};

use kibitz::go::coord::{to_gtp, to_gtp_or_pass};
use kibitz::go::dragons::Dragons;
use kibitz::go::gtp::Engine;
use kibitz::go::sgf::{self, Until};
use kibitz::go::Worms;

use super::go_show::render;

use clap::{Args, Subcommand};

use super::{missing_command, CliError, HELP_TEMPLATE};

/// Examples of `kibitz go --help`.
const GO_EXAMPLES: &str = "\
Examples:
  kibitz go gtp < commands.gtp
  echo 'loadsgf game.sgf 20\nworm_data C5' | kibitz go gtp
  kibitz go worms game.sgf --move 20
  kibitz go show game.sgf 20";

/// `kibitz go` and its commands.
#[derive(Debug, Args)]
#[command(help_template = HELP_TEMPLATE, after_help = GO_EXAMPLES)]
pub struct GoArgs {
    /// The command.
    #[command(subcommand)]
    command: Option<GoCommand>,
}

/// The commands of `kibitz go`, in help order.
#[derive(Debug, Subcommand)]
enum GoCommand {
    /// GTP engine on stdin/stdout (GNU Go 3.8's worm analysis commands)
    Gtp(GtpArgs),
    /// List the strings of an SGF position with their worm data
    Worms(WormsArgs),
    /// Show the dragons of an SGF position, coloured by status
    Show(ShowArgs),
}

/// Arguments of `kibitz go show`.
#[derive(Debug, Args)]
#[command(help_template = HELP_TEMPLATE, after_help = format!("{SHOW_HELP}\nExample:\n  kibitz go show game.sgf 20"))]
pub struct ShowArgs {
    /// The SGF file, then optionally N: stop before move N
    #[arg(value_name = "FILE [MOVE]")]
    positionals: Vec<String>,
    /// Colours: auto (when stdout is a terminal), always or never
    #[arg(long, value_name = "WHEN", default_value = "auto")]
    color: String,
}

/// The text of `kibitz go show --help`.
const SHOW_HELP: &str = "\
Loads the main line of an SGF record (before move MOVE when given, as GTP
'loadsgf file MOVE') and draws the board with each dragon as a letter:
black dragons A, B, ..., white dragons a, b, ... in board order. On a
terminal the letters are coloured by dragon status: green alive, yellow
unknown, white dead, red critical. A legend lists each dragon's origin,
colour, stones and status.
";

/// Arguments of `kibitz go gtp`.
#[derive(Debug, Args)]
#[command(help_template = HELP_TEMPLATE, after_help = format!("{GTP_HELP}\nExample:\n  kibitz go gtp < commands.gtp"))]
pub struct GtpArgs {
    /// (none: anything here is an error)
    #[arg(hide = true)]
    positionals: Vec<String>,
}

/// Arguments of `kibitz go worms`.
#[derive(Debug, Args)]
#[command(help_template = HELP_TEMPLATE, after_help = format!("{WORMS_HELP}\nExample:\n  kibitz go worms game.sgf --move 20"))]
pub struct WormsArgs {
    /// The SGF file
    #[arg(value_name = "FILE")]
    positionals: Vec<String>,
    /// Stop before move N (1 = before the first move)
    #[arg(short, long, value_name = "N")]
    r#move: Option<String>,
}

/// The text of `kibitz go gtp --help`.
const GTP_HELP: &str = "\
Reads GTP version 2 commands from standard input and answers on standard
output, framed as GNU Go does (`=id answer` or `?id error`, then a blank
line), until `quit` or end of input. 'list_commands' lists the commands:
board (boardsize, clear_board, komi, play, undo, showboard, loadsgf,
is_legal), strings (countlib, findlib, list_stones), worm analysis
(worm_stones, worm_cutstone, worm_data), dragons and eyes (dragon_stones,
same_dragon, dragon_data, dragon_status, eval_eye) and
unconditional_status.
";

/// The text of `kibitz go worms --help`.
const WORMS_HELP: &str = "\
Loads the main line of an SGF record (before move N when given, as GTP
'loadsgf file N') and prints one line per string in board order: origin,
colour, size, effective size, liberties of order 1-4, cutstone, genus,
attack and defense points, then its stones.
";

/// Entry point of `kibitz go ...`.
pub fn run(args: GoArgs, out: &mut dyn Write) -> Result<(), CliError> {
    match args.command {
        None => Err(missing_command::<GoCommand>("kibitz go")),
        Some(GoCommand::Gtp(a)) => gtp(a, out),
        Some(GoCommand::Worms(a)) => worms(a, out),
        Some(GoCommand::Show(a)) => show(a, out),
    }
}

/// `kibitz go gtp`.
fn gtp(parsed: GtpArgs, out: &mut dyn Write) -> Result<(), CliError> {
    const NAME: &str = "kibitz go gtp";
    if let Some(extra) = parsed.positionals.first() {
        return Err(CliError::usage(
            NAME,
            format!("unexpected argument '{extra}'"),
        ));
    }
    let stdin = io::stdin();
    // Not locked for the session: the engine's threads write their traces
    // to stderr too (KIBITZ_OWL_TRACE and the like).
    Engine::new().run(stdin.lock(), out, &mut io::stderr())?;
    Ok(())
}

/// Loads the SGF `file` up to `until`.
fn load(file: &str, until: &Until) -> Result<sgf::Loaded, CliError> {
    let text =
        std::fs::read(file).map_err(|e| CliError::Input(format!("cannot read '{file}': {e}")))?;
    sgf::load(&String::from_utf8_lossy(&text), until)
        .map_err(|e| CliError::Input(format!("{file}: {e}")))
}

/// `kibitz go show <file> [move] [--color WHEN]`.
fn show(parsed: ShowArgs, out: &mut dyn Write) -> Result<(), CliError> {
    const NAME: &str = "kibitz go show";
    let (file, until) = match parsed.positionals.as_slice() {
        [file] => (file, Until::End),
        [file, n] => match n.parse::<usize>() {
            Ok(n) if n > 0 => (file, Until::Move(n)),
            _ => return Err(CliError::usage(NAME, format!("bad move number '{n}'"))),
        },
        _ => {
            return Err(CliError::usage(
                NAME,
                "expected an SGF file and an optional move",
            ))
        }
    };
    let colour = match parsed.color.as_str() {
        "auto" => io::stdout().is_terminal(),
        "always" => true,
        "never" => false,
        other => return Err(CliError::usage(NAME, format!("bad --color '{other}'"))),
    };
    let loaded = load(file, &until)?;
    let pos = loaded.board.position();
    let dragons = Dragons::analyze(pos, &Worms::analyze(pos));
    writeln!(out, "{} to move", loaded.to_move.name())?;
    write!(out, "{}", render(pos, &dragons, colour))?;
    Ok(())
}

/// `kibitz go worms <file> [--move N]`.
fn worms(parsed: WormsArgs, out: &mut dyn Write) -> Result<(), CliError> {
    const NAME: &str = "kibitz go worms";
    let [file] = parsed.positionals.as_slice() else {
        return Err(CliError::usage(NAME, "expected one SGF file"));
    };
    let until = match parsed.r#move.as_deref() {
        None => Until::End,
        Some(n) => match n.parse::<usize>() {
            Ok(n) if n > 0 => Until::Move(n),
            _ => return Err(CliError::usage(NAME, format!("bad move number '{n}'"))),
        },
    };
    let text =
        std::fs::read(file).map_err(|e| CliError::Input(format!("cannot read '{file}': {e}")))?;
    let loaded = sgf::load(&String::from_utf8_lossy(&text), &until)
        .map_err(|e| CliError::Input(format!("{file}: {e}")))?;
    let pos = loaded.board.position();
    let n = pos.size();
    let worms = Worms::analyze(pos);
    writeln!(out, "{} to move", loaded.to_move.name())?;
    for w in worms.all().iter().filter(|w| w.color.stone().is_some()) {
        let stones: Vec<String> = worms
            .points(w.origin)
            .iter()
            .map(|&p| to_gtp(n, p))
            .collect();
        writeln!(
            out,
            "{} {} size {} eff {:.2} libs {} {} {} {} cut {} genus {} attack {} defense {}: {}",
            to_gtp(n, w.origin),
            w.color.name(),
            w.size,
            w.effective_size as f64,
            w.liberties,
            w.liberties2,
            w.liberties3,
            w.liberties4,
            w.cutstone,
            w.genus,
            to_gtp_or_pass(n, w.attack_point),
            to_gtp_or_pass(n, w.defense_point),
            stones.join(" ")
        )?;
    }
    Ok(())
}
