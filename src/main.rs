//! The `kibitz` command line.
//!
//! `kibitz <module> <command> [options]`: each game module (`bridge`, `bg`,
//! `score`, `go`) is a subcommand with its own commands, parsed with clap.
//! Errors go to stderr as one line with exit code 2 (bad usage or input) or
//! 1 (some boards of a batch failed).

mod cli;

use std::io::{self, Write};
use std::process::ExitCode;

/// Runs the command line; exit code 0 on success, 2 on bad usage or input, 1 on
/// failed boards or output errors.
fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let result = cli::run(args, &mut out).and_then(|()| out.flush().map_err(cli::CliError::Io));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => report(&err),
    }
}

/// Prints `err` to stderr and returns the exit code that goes with it.
fn report(err: &cli::CliError) -> ExitCode {
    let code = err.exit_code();
    if let Some(text) = err.message() {
        // Nothing sensible is left to do if stderr itself is gone.
        let _ = writeln!(io::stderr().lock(), "{text}");
    }
    ExitCode::from(code)
}
