//! `kibitz score`: what a search score means, and its transposition-table
//! form.

use std::io::Write;

use kibitz::score::{Score, ScoreScale};

use clap::{Args, Subcommand};

use super::{missing_command, CliError, HELP_TEMPLATE};

/// Examples of `kibitz score --help`.
const SCORE_EXAMPLES: &str = "\
Examples:
  kibitz score show --pawn 361 31997 361 -- -31998
  kibitz score tt --ply 2 31997 100
  kibitz score tt --ply 2 --probe 31999 31900";

/// `kibitz score` and its commands.
#[derive(Debug, Args)]
#[command(help_template = HELP_TEMPLATE, after_help = format!("{SCALE_HELP}\nUsage of the commands:\n  kibitz score show [--pawn N] [--classic] <score>...\n  kibitz score tt --ply <P> [--probe] [--rule50 <R>] [--classic] <score>...\n\n{SCORE_EXAMPLES}"))]
pub struct ScoreArgs {
    /// The command.
    #[command(subcommand)]
    command: Option<ScoreCommand>,
}

/// The commands of `kibitz score`, in help order.
#[derive(Debug, Subcommand)]
enum ScoreCommand {
    /// UCI text and band of scores
    Show(ShowArgs),
    /// Transposition-table form of scores (or back with --probe)
    Tt(TtArgs),
}

/// Arguments of `kibitz score show`.
#[derive(Debug, Args)]
#[command(help_template = HELP_TEMPLATE, after_help = format!("{SHOW_HELP}\n{SCALE_HELP}\nExample:\n  kibitz score show --pawn 361 31997 361 -- -31998"))]
pub struct ShowArgs {
    /// Scores (integers)
    #[arg(value_name = "SCORE")]
    positionals: Vec<String>,
    /// Internal value of one pawn for 'cp' (default 100; Stockfish 15.1 uses 361)
    #[arg(short, long, value_name = "N")]
    pawn: Option<String>,
    /// Use the classic 16-bit scale
    #[arg(long)]
    classic: bool,
}

/// Arguments of `kibitz score tt`.
#[derive(Debug, Args)]
#[command(help_template = HELP_TEMPLATE, after_help = format!("{TT_HELP}\n{SCALE_HELP}\nExample:\n  kibitz score tt --ply 2 31997 100"))]
pub struct TtArgs {
    /// Scores (integers)
    #[arg(value_name = "SCORE")]
    positionals: Vec<String>,
    /// The ply the score was found at
    #[arg(long, value_name = "P")]
    ply: Option<String>,
    /// Read scores back from the table instead
    #[arg(long)]
    probe: bool,
    /// Plies since the last capture or pawn move (with --probe)
    #[arg(long, value_name = "R")]
    rule50: Option<String>,
    /// Use the classic 16-bit scale
    #[arg(long)]
    classic: bool,
}

/// Shared help text.
const SCALE_HELP: &str = "\
Scores are integers from the side to move's point of view on Stockfish
15.1's scale (mate 32000, max ply 246), or with --classic on the classic
16-bit scale (mate 16383). Put '--' before negative scores.
";

/// The text of `kibitz score show --help`.
const SHOW_HELP: &str = "\
Prints each score, its UCI text ('mate N' or 'cp N'; '-' beyond mate) and
its band.
";

/// The text of `kibitz score tt --help`.
const TT_HELP: &str = "\
Prints the value a transposition table stores for each score found at
ply P (mates and table-base scores count from the node instead of the
root), or with --probe the score read back at ply P, with R plies since
the last capture or pawn move (default 0; mates the 50-move rule may void
are not trusted).
";

/// Entry point of `kibitz score ...`.
pub fn run(args: ScoreArgs, out: &mut dyn Write) -> Result<(), CliError> {
    match args.command {
        None => Err(missing_command::<ScoreCommand>("kibitz score")),
        Some(ScoreCommand::Show(a)) => show(a, out),
        Some(ScoreCommand::Tt(a)) => tt(a, out),
    }
}

/// The scale chosen by `--classic`.
fn scale(classic: bool) -> ScoreScale {
    if classic {
        ScoreScale::CLASSIC
    } else {
        ScoreScale::STOCKFISH
    }
}

/// An integer argument or option value.
fn number(text: &str, what: &str, command: &'static str) -> Result<i32, CliError> {
    text.parse()
        .map_err(|_| CliError::usage(command, format!("{what} '{text}' is not an integer")))
}

/// The score arguments (at least one).
fn scores(positionals: &[String], command: &'static str) -> Result<Vec<Score>, CliError> {
    if positionals.is_empty() {
        return Err(CliError::usage(command, "missing score"));
    }
    positionals
        .iter()
        .map(|p| number(p, "score", command).map(Score::new))
        .collect()
}

/// `kibitz score show <score>...`.
fn show(parsed: ShowArgs, out: &mut dyn Write) -> Result<(), CliError> {
    const NAME: &str = "kibitz score show";
    let pawn = match parsed.pawn.as_deref() {
        Some(v) => number(v, "pawn value", NAME)?,
        None => 100,
    };
    if pawn < 1 {
        return Err(CliError::usage(NAME, "the pawn value must be at least 1"));
    }
    let sc = scale(parsed.classic);
    for s in scores(&parsed.positionals, NAME)? {
        let uci = sc.to_uci(s, pawn).unwrap_or_else(|| "-".into());
        writeln!(out, "{s}\t{uci}\t{}", sc.band(s))?;
    }
    Ok(())
}

/// `kibitz score tt --ply P [--probe] [--rule50 R] <score>...`.
fn tt(parsed: TtArgs, out: &mut dyn Write) -> Result<(), CliError> {
    const NAME: &str = "kibitz score tt";
    let ply = match parsed.ply.as_deref() {
        Some(v) => number(v, "ply", NAME)?,
        None => return Err(CliError::usage(NAME, "missing --ply")),
    };
    let sc = scale(parsed.classic);
    if !(0..=sc.max_ply()).contains(&ply) {
        return Err(CliError::usage(
            NAME,
            format!("--ply must be 0 to {}", sc.max_ply()),
        ));
    }
    let rule50 = match parsed.rule50.as_deref() {
        Some(v) => number(v, "rule50", NAME)?,
        None => 0,
    };
    let probe = parsed.probe;
    if !probe && parsed.rule50.as_deref().is_some() {
        return Err(CliError::usage(NAME, "--rule50 needs --probe"));
    }
    for s in scores(&parsed.positionals, NAME)? {
        let t = if probe {
            sc.from_tt(s, ply, rule50)
        } else {
            sc.to_tt(s, ply)
        };
        writeln!(out, "{t}")?;
    }
    Ok(())
}
