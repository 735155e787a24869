//! `kibitz go`: a GTP engine on stdin/stdout and worm listings of SGF
//! positions.

use std::io::{self, Write};

use dds::go::coord::{to_gtp, to_gtp_or_pass};
use dds::go::gtp::Engine;
use dds::go::sgf::{self, Until};
use dds::go::Worms;

use super::args::{Args, OptSpec};
use super::{command_list, dispatch, CliError, Command};

/// The commands of `kibitz go`, in help order.
pub const COMMANDS: &[Command] = &[
    Command {
        name: "gtp",
        summary: "GTP engine on stdin/stdout (GNU Go 3.8's worm analysis commands)",
        run: gtp,
    },
    Command {
        name: "worms",
        summary: "List the strings of an SGF position with their worm data",
        run: worms,
    },
];

/// The text of `kibitz go gtp --help`.
const GTP_HELP: &str = "\
Usage: kibitz go gtp

Reads GTP version 2 commands from standard input and answers on standard
output, framed as GNU Go does (`=id answer` or `?id error`, then a blank
line), until `quit` or end of input. 'list_commands' lists the commands:
board (boardsize, clear_board, komi, play, undo, showboard, loadsgf,
is_legal), strings (countlib, findlib, list_stones) and worm analysis
(worm_stones, worm_cutstone, worm_data).
";

/// The text of `kibitz go worms --help`.
const WORMS_HELP: &str = "\
Usage: kibitz go worms <file.sgf> [--move N]

Loads the main line of an SGF record (before move N when given, as GTP
'loadsgf file N') and prints one line per string in board order: origin,
colour, size, effective size, liberties of order 1-4, cutstone, genus,
attack and defense points, then its stones.

Options:
  -m, --move <N>   Stop before move N (1 = before the first move)
";

/// Entry point of `kibitz go ...`.
pub fn run(mut args: Args, out: &mut dyn Write) -> Result<(), CliError> {
    match args.next().as_deref() {
        None => Err(CliError::usage(
            "kibitz go",
            "missing command (expected one of: gtp, worms)",
        )),
        Some("-h" | "--help" | "help") => {
            write!(
                out,
                "Usage: kibitz go <command> [options]\n\nCommands:\n{}\n{GTP_HELP}\n{WORMS_HELP}",
                command_list(COMMANDS)
            )?;
            Ok(())
        }
        Some(word) => dispatch(COMMANDS, "kibitz go", word, args, out),
    }
}

/// `kibitz go gtp`.
fn gtp(args: Args, out: &mut dyn Write) -> Result<(), CliError> {
    const NAME: &str = "kibitz go gtp";
    let parsed = args.parse(&[], NAME)?;
    if parsed.help {
        write!(out, "{GTP_HELP}")?;
        return Ok(());
    }
    if let Some(extra) = parsed.positionals.first() {
        return Err(CliError::usage(
            NAME,
            format!("unexpected argument '{extra}'"),
        ));
    }
    let stdin = io::stdin();
    let stderr = io::stderr();
    Engine::new().run(stdin.lock(), out, &mut stderr.lock())?;
    Ok(())
}

/// `kibitz go worms <file> [--move N]`.
fn worms(args: Args, out: &mut dyn Write) -> Result<(), CliError> {
    const NAME: &str = "kibitz go worms";
    let specs = [OptSpec {
        long: "move",
        short: Some('m'),
        takes_value: true,
    }];
    let parsed = args.parse(&specs, NAME)?;
    if parsed.help {
        write!(out, "{WORMS_HELP}")?;
        return Ok(());
    }
    let [file] = parsed.positionals.as_slice() else {
        return Err(CliError::usage(NAME, "expected one SGF file"));
    };
    let until = match parsed.value("move") {
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
