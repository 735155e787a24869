//! The `kibitz` command line.
//!
//! `kibitz <module> <command> [options]`: each game module (`bridge`, `bg`,
//! `score`, `go`) is a subcommand with its own commands, parsed with clap.
//! Errors go to stderr as one line with exit code 2 (bad usage or input) or
//! 1 (some boards of a batch failed).

pub mod bg;
pub mod bg_eval;
pub mod bridge;
pub mod go;
pub mod go_show;
pub mod score;

use std::fmt;
use std::io::{self, Write};
use std::process::ExitCode;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory, Parser, Subcommand};

/// The help layout of every command: usage first, then the description,
/// the arguments and the examples.
pub const HELP_TEMPLATE: &str =
    "{usage-heading} {usage}\n\n{about-with-newline}\n{all-args}{after-help}";

/// Examples shown by `kibitz --help`.
const TOP_EXAMPLES: &str = "\
Examples:
  kibitz bridge table \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"
  kibitz bridge annotate session.pbn -o session-dd.pbn
  kibitz bg moves 4HPwATDgc/ABMA 31
  kibitz score show --pawn 361 31997
  kibitz go worms game.sgf --move 20

Run 'kibitz <module> --help' for the commands of a module.";

/// `kibitz`: game analysis from the command line.
#[derive(Debug, Parser)]
#[command(
    name = "kibitz",
    version,
    about = "Game analysis; a drop-in replacement for the DDS 2.9 bridge double dummy solver",
    override_usage = "kibitz <module> <command> [options]",
    help_template = HELP_TEMPLATE,
    subcommand_value_name = "module",
    subcommand_help_heading = "Modules",
    after_help = TOP_EXAMPLES
)]
pub struct Cli {
    /// The game module.
    #[command(subcommand)]
    module: Option<Module>,
}

/// The top-level modules, in help order.
#[derive(Debug, Subcommand)]
enum Module {
    /// Double dummy analysis of bridge deals (DDS 2.9 compatible)
    Bridge(bridge::BridgeArgs),
    /// Backgammon positions, match IDs and legal moves (gnubg compatible)
    Bg(bg::BgArgs),
    /// Chess-engine search scores: UCI text, bands, TT form
    Score(score::ScoreArgs),
    /// Go board analysis: worms, SGF, a GTP engine (GNU Go 3.8 compatible)
    Go(go::GoArgs),
}

/// Why a command failed.
#[derive(Debug)]
pub enum CliError {
    /// The command line is wrong. `help` is the command whose `--help`
    /// explains the right usage, e.g. `"kibitz bridge"`.
    Usage {
        /// What is wrong.
        message: String,
        /// The command to run with `--help`.
        help: String,
    },
    /// An input (a deal, a position) is invalid.
    Input(String),
    /// Some items of a batch failed; their errors were already reported.
    Failed(String),
    /// Writing the output failed.
    Io(io::Error),
}

impl CliError {
    /// A usage error pointing at `help`'s `--help`.
    pub fn usage(help: &str, message: impl Into<String>) -> CliError {
        CliError::Usage {
            message: message.into(),
            help: help.to_string(),
        }
    }

    /// The process exit code: 2 for bad usage or input, 1 when items of a
    /// batch failed or for other output errors, 0 when the reader of our
    /// output went away (broken pipe).
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Usage { .. } | CliError::Input(_) => 2,
            CliError::Io(e) if e.kind() == io::ErrorKind::BrokenPipe => 0,
            CliError::Io(_) | CliError::Failed(_) => 1,
        }
    }

    /// The text to print on stderr, if any (none for a broken pipe).
    pub fn message(&self) -> Option<String> {
        match self {
            CliError::Io(e) if e.kind() == io::ErrorKind::BrokenPipe => None,
            other => Some(other.to_string()),
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage { message, help } => {
                write!(
                    f,
                    "kibitz: error: {message}\nRun '{help} --help' for usage."
                )
            }
            CliError::Input(message) | CliError::Failed(message) => {
                write!(f, "kibitz: error: {message}")
            }
            CliError::Io(e) => write!(f, "kibitz: error: cannot write output: {e}"),
        }
    }
}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> CliError {
        CliError::Io(e)
    }
}

/// Runs the command line `args` (without the program name).
pub fn run(args: Vec<String>, out: &mut dyn Write) -> Result<(), CliError> {
    let path = command_path(&args);
    let argv = std::iter::once("kibitz".to_string()).chain(args);
    let cli = match Cli::try_parse_from(argv) {
        Ok(cli) => cli,
        Err(e) => return clap_error(e, &path, out),
    };
    match cli.module {
        None => Err(CliError::usage(
            "kibitz",
            "missing module (try 'kibitz bridge')",
        )),
        Some(Module::Bridge(a)) => bridge::run(a, out),
        Some(Module::Bg(a)) => bg::run(a, out),
        Some(Module::Score(a)) => score::run(a, out),
        Some(Module::Go(a)) => go::run(a, out),
    }
}

/// The error "missing command" of a module whose subcommand was left out.
pub fn missing_command<S: Subcommand>(parent: &str) -> CliError {
    let names: Vec<String> = S::augment_subcommands(clap::Command::new("x"))
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    CliError::usage(
        parent,
        format!("missing command (expected one of: {})", names.join(", ")),
    )
}

/// Turns a clap error into ours: help and version go to `out` (success),
/// everything else becomes one line naming the problem.
fn clap_error(e: clap::Error, help: &str, out: &mut dyn Write) -> Result<(), CliError> {
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            write!(out, "{}", e.render())?;
            return Ok(());
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            return Err(CliError::usage(help, "missing command"));
        }
        _ => {}
    }
    let text = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => s.clone(),
        Some(ContextValue::Strings(v)) => v.join(", "),
        _ => String::new(),
    };
    // `--trump <TRUMP>` -> `--trump`.
    let arg = text(ContextKind::InvalidArg);
    let option = arg.split_whitespace().next().unwrap_or("").to_string();
    let message = match e.kind() {
        ErrorKind::UnknownArgument if arg.starts_with('-') => format!("unknown option '{arg}'"),
        ErrorKind::UnknownArgument => format!("unexpected argument '{arg}'"),
        ErrorKind::InvalidSubcommand => {
            let word = text(ContextKind::InvalidSubcommand);
            let known = subcommand_names(help);
            if word.starts_with('-') {
                format!("unknown option '{word}'")
            } else {
                format!("unknown command '{word}' (expected one of: {known})")
            }
        }
        ErrorKind::ArgumentConflict
            if text(ContextKind::PriorArg).is_empty() || text(ContextKind::PriorArg) == arg =>
        {
            format!("option {option} given more than once")
        }
        ErrorKind::InvalidValue if text(ContextKind::InvalidValue).is_empty() => {
            format!("option {option} needs a value")
        }
        ErrorKind::InvalidValue => format!(
            "bad {option} '{}' (expected one of: {})",
            text(ContextKind::InvalidValue),
            text(ContextKind::ValidValue)
        ),
        ErrorKind::ValueValidation => format!(
            "bad {option} '{}': {}",
            text(ContextKind::InvalidValue),
            std::error::Error::source(&e)
                .map(|s| s.to_string())
                .unwrap_or_default()
        ),
        ErrorKind::MissingRequiredArgument => format!("missing {arg}"),
        _ => first_line(&e),
    };
    Err(CliError::usage(help, message))
}

/// Clap's own message, first line, without its `error: ` prefix.
fn first_line(e: &clap::Error) -> String {
    let rendered = e.render().to_string();
    let line = rendered.lines().next().unwrap_or("bad command line");
    line.strip_prefix("error: ").unwrap_or(line).to_string()
}

/// The command the arguments name (`kibitz bridge solve`): the leading
/// words that are subcommands.
fn command_path(args: &[String]) -> String {
    let mut cmd = Cli::command();
    let mut path = String::from("kibitz");
    for word in args {
        match cmd.find_subcommand(word) {
            Some(sub) if sub.get_name() != "help" => {
                path.push(' ');
                path.push_str(sub.get_name());
                cmd = sub.clone();
            }
            _ => break,
        }
    }
    path
}

/// The subcommands of the command called `path` (`kibitz bridge`),
/// comma-separated.
fn subcommand_names(path: &str) -> String {
    let mut cmd = Cli::command();
    for word in path.split_whitespace().skip(1) {
        match cmd.find_subcommand(word) {
            Some(sub) => cmd = sub.clone(),
            None => break,
        }
    }
    let names: Vec<&str> = cmd
        .get_subcommands()
        .map(|c| c.get_name())
        .filter(|n| *n != "help")
        .collect();
    names.join(", ")
}

/// Runs the command line; exit code 0 on success, 2 on bad usage or input, 1 on
/// failed boards or output errors.
fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let result = run(args, &mut out).and_then(|()| out.flush().map_err(CliError::Io));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => report(&err),
    }
}

/// Prints `err` to stderr and returns the exit code that goes with it.
fn report(err: &CliError) -> ExitCode {
    let code = err.exit_code();
    if let Some(text) = err.message() {
        // Nothing sensible is left to do if stderr itself is gone.
        let _ = writeln!(io::stderr().lock(), "{text}");
    }
    ExitCode::from(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clap_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
