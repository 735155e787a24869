//! Command-line front end: the top-level dispatcher, errors and help.
//!
//! A module (`bridge`, later `backgammon`, `go`, ...) is one entry in
//! [`MODULES`] with a `run` function that receives the remaining arguments.
//! Commands write their output to the `out` writer they are given and
//! return a [`CliError`] instead of printing errors themselves.

pub mod args;
pub mod bg;
pub mod bg_eval;
pub mod bridge;
pub mod go;
pub mod score;

use std::fmt;
use std::io::{self, Write};

use args::Args;

/// The version line printed by `kibitz --version`.
pub const VERSION: &str = concat!("kibitz ", env!("CARGO_PKG_VERSION"));

/// Why a command failed.
#[derive(Debug)]
pub enum CliError {
    /// The command line is wrong. `help` is the command whose `--help`
    /// explains the right usage, e.g. `"kibitz bridge"`.
    Usage {
        /// What is wrong.
        message: String,
        /// The command to run with `--help`.
        help: &'static str,
    },
    /// An input (a deal, a position) is invalid.
    Input(String),
    /// Writing the output failed.
    Io(io::Error),
}

impl CliError {
    /// A usage error pointing at `help`'s `--help`.
    pub fn usage(help: &'static str, message: impl Into<String>) -> CliError {
        CliError::Usage {
            message: message.into(),
            help,
        }
    }

    /// The process exit code: 2 for bad usage or input, 0 when the reader
    /// of our output went away (broken pipe), 1 for other output errors.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Usage { .. } | CliError::Input(_) => 2,
            CliError::Io(e) if e.kind() == io::ErrorKind::BrokenPipe => 0,
            CliError::Io(_) => 1,
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
            CliError::Input(message) => write!(f, "kibitz: error: {message}"),
            CliError::Io(e) => write!(f, "kibitz: error: cannot write output: {e}"),
        }
    }
}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> CliError {
        CliError::Io(e)
    }
}

/// The signature of a module's or a command's entry point.
pub type RunFn = fn(Args, &mut dyn Write) -> Result<(), CliError>;

/// A named subcommand with a one-line summary for the help listing.
pub struct Command {
    /// The word typed on the command line.
    pub name: &'static str,
    /// One line for the help listing.
    pub summary: &'static str,
    /// The entry point, given the arguments after `name`.
    pub run: RunFn,
}

/// The top-level modules, in help order. Add new game modules here.
pub const MODULES: &[Command] = &[
    Command {
        name: "bridge",
        summary: "Double dummy analysis of bridge deals (DDS 2.9 compatible)",
        run: bridge::run,
    },
    Command {
        name: "bg",
        summary: "Backgammon positions, match IDs and legal moves (gnubg compatible)",
        run: bg::run,
    },
    Command {
        name: "score",
        summary: "Chess-engine search scores: UCI text, bands, TT form",
        run: score::run,
    },
    Command {
        name: "go",
        summary: "Go board analysis: worms, SGF, a GTP engine (GNU Go 3.8 compatible)",
        run: go::run,
    },
];

/// Runs the command line `args` (without the program name).
pub fn run(args: Vec<String>, out: &mut dyn Write) -> Result<(), CliError> {
    let mut args = Args::new(args);
    match args.next().as_deref() {
        None => Err(CliError::usage(
            "kibitz",
            "missing module (try 'kibitz bridge')",
        )),
        Some("-h" | "--help" | "help") => {
            write!(out, "{}", top_help())?;
            Ok(())
        }
        Some("-V" | "--version") => {
            writeln!(out, "{VERSION}")?;
            Ok(())
        }
        Some(word) => dispatch(MODULES, "kibitz", word, args, out),
    }
}

/// Runs the entry of `commands` called `word`, or reports an unknown
/// command of `parent` (e.g. `"kibitz bridge"`).
pub fn dispatch(
    commands: &[Command],
    parent: &'static str,
    word: &str,
    args: Args,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    match commands.iter().find(|c| c.name == word) {
        Some(command) => (command.run)(args, out),
        None if word.starts_with('-') => {
            Err(CliError::usage(parent, format!("unknown option '{word}'")))
        }
        None => {
            let known: Vec<&str> = commands.iter().map(|c| c.name).collect();
            Err(CliError::usage(
                parent,
                format!(
                    "unknown command '{word}' (expected one of: {})",
                    known.join(", ")
                ),
            ))
        }
    }
}

/// Formats a `Commands:` listing of `commands`.
pub fn command_list(commands: &[Command]) -> String {
    let width = commands.iter().map(|c| c.name.len()).max().unwrap_or(0);
    commands
        .iter()
        .map(|c| format!("  {:width$}  {}\n", c.name, c.summary))
        .collect()
}

/// The text of `kibitz --help`.
fn top_help() -> String {
    format!(
        "{VERSION}: game analysis; a drop-in replacement for the DDS 2.9 bridge double dummy solver

Usage: kibitz <module> <command> [options]

Modules:
{}
Options:
  -h, --help     Print this help
  -V, --version  Print the version

Run 'kibitz <module> --help' for the commands of a module.
",
        command_list(MODULES)
    )
}
