//! `kibitz score`: what a search score means, and its transposition-table
//! form.

use std::io::Write;

use dds::score::{Score, ScoreScale};

use super::args::{Args, OptSpec, Parsed};
use super::{command_list, dispatch, CliError, Command};

/// The commands of `kibitz score`, in help order.
pub const COMMANDS: &[Command] = &[
    Command {
        name: "show",
        summary: "UCI text and band of scores",
        run: show,
    },
    Command {
        name: "tt",
        summary: "Transposition-table form of scores (or back with --probe)",
        run: tt,
    },
];

/// Shared help text.
const SCALE_HELP: &str = "\
Scores are integers from the side to move's point of view on Stockfish
15.1's scale (mate 32000, max ply 246), or with --classic on the classic
16-bit scale (mate 16383). Put '--' before negative scores.
";

/// The text of `kibitz score show --help`.
const SHOW_HELP: &str = "\
Usage: kibitz score show [--pawn N] [--classic] <score>...

Prints each score, its UCI text ('mate N' or 'cp N'; '-' beyond mate) and
its band.

Options:
  -p, --pawn <N>   Internal value of one pawn for 'cp' (default 100;
                   Stockfish 15.1 uses 361)
      --classic    Use the classic 16-bit scale
";

/// The text of `kibitz score tt --help`.
const TT_HELP: &str = "\
Usage: kibitz score tt --ply <P> [--probe] [--rule50 <R>] [--classic] <score>...

Prints the value a transposition table stores for each score found at
ply P (mates and table-base scores count from the node instead of the
root), or with --probe the score read back at ply P, with R plies since
the last capture or pawn move (default 0; mates the 50-move rule may void
are not trusted).
";

/// Entry point of `kibitz score ...`.
pub fn run(mut args: Args, out: &mut dyn Write) -> Result<(), CliError> {
    match args.next().as_deref() {
        None => Err(CliError::usage(
            "kibitz score",
            "missing command (expected one of: show, tt)",
        )),
        Some("-h" | "--help" | "help") => {
            write!(out, "{}", help())?;
            Ok(())
        }
        Some(word) => dispatch(COMMANDS, "kibitz score", word, args, out),
    }
}

/// The text of `kibitz score --help`.
fn help() -> String {
    format!(
        "Usage: kibitz score <command> [options] <score>...\n\nCommands:\n{}\n{SCALE_HELP}\n{SHOW_HELP}\n{TT_HELP}",
        command_list(COMMANDS)
    )
}

/// The `--classic` flag.
const CLASSIC: OptSpec = OptSpec {
    long: "classic",
    short: None,
    takes_value: false,
};

/// The scale chosen by `--classic`.
fn scale(parsed: &Parsed) -> ScoreScale {
    if parsed.value("classic").is_some() {
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
fn scores(parsed: &Parsed, command: &'static str) -> Result<Vec<Score>, CliError> {
    if parsed.positionals.is_empty() {
        return Err(CliError::usage(command, "missing score"));
    }
    parsed
        .positionals
        .iter()
        .map(|p| number(p, "score", command).map(Score::new))
        .collect()
}

/// `kibitz score show <score>...`.
fn show(args: Args, out: &mut dyn Write) -> Result<(), CliError> {
    const NAME: &str = "kibitz score show";
    let specs = [
        OptSpec {
            long: "pawn",
            short: Some('p'),
            takes_value: true,
        },
        CLASSIC,
    ];
    let parsed = args.parse(&specs, NAME)?;
    if parsed.help {
        write!(out, "{SHOW_HELP}\n{SCALE_HELP}")?;
        return Ok(());
    }
    let pawn = match parsed.value("pawn") {
        Some(v) => number(v, "pawn value", NAME)?,
        None => 100,
    };
    if pawn < 1 {
        return Err(CliError::usage(NAME, "the pawn value must be at least 1"));
    }
    let sc = scale(&parsed);
    for s in scores(&parsed, NAME)? {
        let uci = sc.to_uci(s, pawn).unwrap_or_else(|| "-".into());
        writeln!(out, "{s}\t{uci}\t{}", sc.band(s))?;
    }
    Ok(())
}

/// `kibitz score tt --ply P [--probe] [--rule50 R] <score>...`.
fn tt(args: Args, out: &mut dyn Write) -> Result<(), CliError> {
    const NAME: &str = "kibitz score tt";
    let specs = [
        OptSpec {
            long: "ply",
            short: None,
            takes_value: true,
        },
        OptSpec {
            long: "probe",
            short: None,
            takes_value: false,
        },
        OptSpec {
            long: "rule50",
            short: None,
            takes_value: true,
        },
        CLASSIC,
    ];
    let parsed = args.parse(&specs, NAME)?;
    if parsed.help {
        write!(out, "{TT_HELP}\n{SCALE_HELP}")?;
        return Ok(());
    }
    let ply = match parsed.value("ply") {
        Some(v) => number(v, "ply", NAME)?,
        None => return Err(CliError::usage(NAME, "missing --ply")),
    };
    let sc = scale(&parsed);
    if !(0..=sc.max_ply()).contains(&ply) {
        return Err(CliError::usage(
            NAME,
            format!("--ply must be 0 to {}", sc.max_ply()),
        ));
    }
    let rule50 = match parsed.value("rule50") {
        Some(v) => number(v, "rule50", NAME)?,
        None => 0,
    };
    let probe = parsed.value("probe").is_some();
    if !probe && parsed.value("rule50").is_some() {
        return Err(CliError::usage(NAME, "--rule50 needs --probe"));
    }
    for s in scores(&parsed, NAME)? {
        let t = if probe {
            sc.from_tt(s, ply, rule50)
        } else {
            sc.to_tt(s, ply)
        };
        writeln!(out, "{t}")?;
    }
    Ok(())
}
