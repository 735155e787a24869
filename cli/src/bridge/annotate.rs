//! `kibitz bridge annotate`: adds double dummy tags to every board of a
//! PBN file, changing no other byte.
//!
//! Tags written (the forms Bridge Composer writes and other programs read):
//! - `[DoubleDummyTricks "..."]`: 20 hex digits (lower case), the tricks of
//!   declarers N, S, E, W in turn, each in NT, S, H, D, C.
//! - `[OptimumScore "NS <score>"]`: par score from North-South's view.
//! - `[ParContract "..."]`: the par contracts, `"<NS|EW|N|E|S|W> <level><S|H|D|C|NT>"`
//!   plus `x` for a doubled sacrifice and `+n` overtricks or `-n`
//!   undertricks, several separated by `"; "`, or `"Pass"`.
//! - `[OptimumResultTable "Declarer;Denomination\2R;Result\2R"]` and its
//!   20 rows `N NT  6` in the order of `DoubleDummyTricks`.
//!
//! Par is DDS's `DealerPar` (the dealer's side bids first) with the game's
//! `Dealer` and `Vulnerable` tags (from the board number when a tag is
//! missing); without either, only the tricks are written.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use kibitz::bridge::par::{dealer_par, DealerParResult, ParDenom, Vulnerability};
use kibitz::bridge::{DdTable, Deal, Seat};

use super::pbn::{self, Game, PbnFile};
use super::table::solve_tables;
use super::{parse_deal, strain_name, thread_count, TABLE_COLUMNS, TABLE_ROWS};
use crate::{CliError, HELP_TEMPLATE};

/// Details of `kibitz bridge annotate --help`.
const ANNOTATE_DETAILS: &str = "\
Solves every board (game with a [Deal] tag) of a PBN file and writes the
file back with [DoubleDummyTricks] (20 hex digits: declarers N, S, E, W,
each in NT, S, H, D, C), [OptimumScore \"NS 420\"], [ParContract \"NS 4S\"]
and [OptimumResultTable] with its 20 rows. Existing tags of these names are
replaced; every other byte (comments, other tags, non-ASCII text, line
endings) is copied unchanged. Par is DDS's DealerPar with the [Dealer]
and [Vulnerable] tags (or those of the board number).

A board that fails (e.g. a bad deal) is reported on stderr with the file,
the board number and the line, and left unchanged; the others are still
annotated and the exit code is 1. With --strict the first failure stops
the run and nothing is written.

--shard i/n keeps only games i, i+n, i+2n, ... (1-based, in file order);
shard 1 also keeps the lines before the first game. Concatenating the n
outputs gives every game once, grouped by shard.

Examples:
  kibitz bridge annotate session.pbn -o session-dd.pbn
  kibitz bridge annotate big.pbn --threads 2 > big-dd.pbn

  # Slurm array job, 100 tasks of 1 core:
  #SBATCH --array=1-100 --cpus-per-task=1
  kibitz bridge annotate deals.pbn --threads 1 --shard $SLURM_ARRAY_TASK_ID/100 -o out-$SLURM_ARRAY_TASK_ID.pbn

  # GNU parallel, 8 shards on the local cores:
  parallel kibitz bridge annotate deals.pbn --threads 1 --shard {}/8 -o out-{}.pbn ::: $(seq 8)

  # Spark: records are whole games (record delimiter \"\\n\\n\"), each
  # partition piped through one kibitz reading stdin:
  games.pipe(\"kibitz bridge annotate - --threads 1\").saveAsTextFile(\"deals-dd\")";

/// Options of `kibitz bridge annotate`.
#[derive(Debug, Args)]
#[command(help_template = HELP_TEMPLATE, after_help = ANNOTATE_DETAILS)]
pub struct AnnotateArgs {
    /// The PBN file ('-' for stdin)
    input: PathBuf,
    /// Where to write the annotated file (default: stdout)
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Threads (default: one per core)
    #[arg(long)]
    threads: Option<usize>,
    /// Process only shard i of n (i in 1..=n)
    #[arg(long, value_name = "i/n", value_parser = parse_shard)]
    shard: Option<(usize, usize)>,
    /// Stop at the first board that fails
    #[arg(long)]
    strict: bool,
}

/// Parses `i/n` with 1 <= i <= n.
fn parse_shard(text: &str) -> Result<(usize, usize), String> {
    let (i, n) = text.split_once('/').ok_or("expected i/n, e.g. 3/10")?;
    let i: usize = i.trim().parse().map_err(|_| "i is not a number")?;
    let n: usize = n.trim().parse().map_err(|_| "n is not a number")?;
    if n == 0 || i == 0 || i > n {
        return Err("expected 1 <= i <= n".into());
    }
    Ok((i, n))
}

/// One board to solve.
struct Job {
    game: usize,
    deal: Deal,
    par: Option<(Seat, Vulnerability)>,
}

/// Entry point of `kibitz bridge annotate`.
pub fn run(args: AnnotateArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let name = args.input.display().to_string();
    let data = if name == "-" {
        let mut buf = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin().lock(), &mut buf)
            .map_err(|e| CliError::Input(format!("cannot read stdin: {e}")))?;
        buf
    } else {
        std::fs::read(&args.input)
            .map_err(|e| CliError::Input(format!("cannot read '{name}': {e}")))?
    };
    let file = pbn::parse(&data);
    let (shard, shards) = args.shard.unwrap_or((1, 1));
    let chosen: Vec<usize> = (0..file.games.len())
        .filter(|g| g % shards == shard - 1)
        .collect();

    let mut errors = Vec::new();
    let jobs = collect_jobs(&file, &chosen, &name, &mut errors);
    if args.strict {
        if let Some(first) = errors.first() {
            return Err(CliError::Failed(first.clone()));
        }
    }
    let threads = thread_count(args.threads);
    let tables = solve_with_progress(&jobs, threads);
    let mut new_tags: Vec<Option<Vec<Vec<u8>>>> = vec![None; file.games.len()];
    for (job, table) in jobs.iter().zip(&tables) {
        new_tags[job.game] = Some(tag_lines(table, job.par));
    }

    let mut text: Vec<u8> = Vec::with_capacity(data.len() + jobs.len() * 400);
    let prologue_end = file.games.first().map_or(file.lines.len(), |g| g.start);
    if shard == 1 {
        for l in &file.lines[..prologue_end] {
            text.extend_from_slice(l.text);
            text.extend_from_slice(l.end);
        }
    }
    for &g in &chosen {
        write_game(&file, &file.games[g], new_tags[g].as_deref(), &mut text);
    }
    match &args.output {
        Some(path) => std::fs::write(path, &text)
            .map_err(|e| CliError::Input(format!("cannot write '{}': {e}", path.display())))?,
        None => out.write_all(&text)?,
    }
    for e in &errors {
        eprintln!("kibitz: error: {e}");
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(CliError::Failed(format!(
            "{name}: {} of {} boards failed",
            errors.len(),
            errors.len() + jobs.len()
        )))
    }
}

/// The boards of the chosen games; errors (file, board, line) go to
/// `errors`. Tag values `#` repeat the previous game's value, as PBN allows.
fn collect_jobs(
    file: &PbnFile,
    chosen: &[usize],
    name: &str,
    errors: &mut Vec<String>,
) -> Vec<Job> {
    let mut jobs = Vec::new();
    let mut previous: [Option<Vec<u8>>; 3] = Default::default();
    let mut chosen = chosen.iter().peekable();
    for (g, game) in file.games.iter().enumerate() {
        let mut value = |k: usize, tag: &str| -> Option<Vec<u8>> {
            let v = game.tag(tag).map(|t| t.value.clone());
            let v = match v {
                Some(v) if v == b"#" => previous[k].clone(),
                other => other,
            };
            if v.is_some() {
                previous[k].clone_from(&v);
            }
            v
        };
        let deal = value(0, "Deal");
        let dealer = value(1, "Dealer");
        let vul = value(2, "Vulnerable");
        if chosen.peek() != Some(&&g) {
            continue;
        }
        chosen.next();
        let (Some(deal), Some(tag)) = (deal, game.tag("Deal")) else {
            continue;
        };
        let board = game
            .tag("Board")
            .map(|t| String::from_utf8_lossy(&t.value).into_owned());
        let place = format!(
            "{name}: board {} (line {})",
            board.as_deref().unwrap_or("?"),
            tag.line + 1
        );
        let deal = match std::str::from_utf8(&deal)
            .map_err(|_| "bad deal: not ASCII".to_string())
            .and_then(parse_deal)
        {
            Ok(d) if d.hand(Seat::North).len() == 13 => d,
            Ok(_) => {
                errors.push(format!("{place}: bad deal: hands must hold 13 cards"));
                continue;
            }
            Err(e) => {
                errors.push(format!("{place}: {e}"));
                continue;
            }
        };
        let number = board
            .as_deref()
            .and_then(|b| b.trim().parse::<usize>().ok());
        let dealer = dealer
            .and_then(|d| d.first().and_then(|&c| Seat::from_letter(c as char)))
            .or_else(|| number.map(|n| Seat::ALL[(n + 3) % 4]));
        let vul = vul
            .and_then(|v| parse_vul(&v))
            .or_else(|| number.map(board_vul));
        jobs.push(Job {
            game: g,
            deal,
            par: dealer.zip(vul),
        });
    }
    jobs
}

/// A `Vulnerable` tag value: None/Love/-, NS, EW, All/Both.
fn parse_vul(v: &[u8]) -> Option<Vulnerability> {
    match String::from_utf8_lossy(v)
        .trim()
        .to_ascii_lowercase()
        .as_str()
    {
        "none" | "love" | "-" => Some(Vulnerability::None),
        "ns" => Some(Vulnerability::NorthSouth),
        "ew" => Some(Vulnerability::EastWest),
        "all" | "both" => Some(Vulnerability::Both),
        _ => None,
    }
}

/// The vulnerability of a board number in the standard 16-board cycle.
fn board_vul(n: usize) -> Vulnerability {
    const CYCLE: [Vulnerability; 4] = [
        Vulnerability::None,
        Vulnerability::NorthSouth,
        Vulnerability::EastWest,
        Vulnerability::Both,
    ];
    let k = (n + 15) % 16;
    CYCLE[(k + k / 4) % 4]
}

/// Solves every job's table, showing a progress bar on stderr when it is
/// a terminal.
fn solve_with_progress(jobs: &[Job], threads: usize) -> Vec<DdTable> {
    let bar = if std::io::stderr().is_terminal() {
        let bar =
            ProgressBar::with_draw_target(Some(jobs.len() as u64), ProgressDrawTarget::stderr());
        if let Ok(style) =
            ProgressStyle::with_template("{bar:40} {pos}/{len} boards, {elapsed} (ETA {eta})")
        {
            bar.set_style(style);
        }
        bar
    } else {
        ProgressBar::hidden()
    };
    let chunk = (threads * 16).max(64);
    let mut tables = Vec::with_capacity(jobs.len());
    for part in jobs.chunks(chunk) {
        let deals: Vec<Deal> = part.iter().map(|j| j.deal).collect();
        tables.extend(solve_tables(&deals, threads));
        bar.inc(part.len() as u64);
    }
    bar.finish_and_clear();
    tables
}

/// The tag lines (without line endings) for a table and optional par.
fn tag_lines(table: &DdTable, par: Option<(Seat, Vulnerability)>) -> Vec<Vec<u8>> {
    let mut digits = String::new();
    let mut rows = Vec::new();
    for seat in TABLE_COLUMNS {
        for strain in TABLE_ROWS {
            let t = table[strain.index()][seat.index()];
            digits.push(char::from_digit(t as u32, 16).unwrap_or('?'));
            rows.push(format!(
                "{} {:>2} {:>2}",
                seat.letter(),
                strain_name(strain),
                t
            ));
        }
    }
    let mut lines = vec![format!("[DoubleDummyTricks \"{digits}\"]")];
    if let Some((dealer, vul)) = par {
        let (score, contract) = par_tags(&dealer_par(table, dealer.index(), vul));
        lines.push(format!("[OptimumScore \"{score}\"]"));
        lines.push(format!("[ParContract \"{contract}\"]"));
    }
    lines.push("[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]".to_string());
    lines.extend(rows);
    lines.into_iter().map(String::into_bytes).collect()
}

/// The `OptimumScore` and `ParContract` values of a dealer par result.
pub fn par_tags(par: &DealerParResult) -> (String, String) {
    match par {
        DealerParResult::PassedOut => ("NS 0".into(), "Pass".into()),
        DealerParResult::Par { score, contracts } => {
            let list: Vec<String> = contracts
                .iter()
                .map(|c| {
                    let denom = match c.denom {
                        ParDenom::NoTrump => "NT".to_string(),
                        d => d.letter().to_string(),
                    };
                    let doubled = if c.result < 0 { "x" } else { "" };
                    let result = match c.result {
                        0 => String::new(),
                        r => format!("{r:+}"),
                    };
                    format!("{} {}{denom}{doubled}{result}", c.seats.label(), c.level)
                })
                .collect();
            let contract = if list.is_empty() {
                "Pass".to_string()
            } else {
                list.join("; ")
            };
            (format!("NS {score}"), contract)
        }
    }
}

/// The tags annotation replaces.
const OUR_TAGS: [&str; 4] = [
    "DoubleDummyTricks",
    "OptimumScore",
    "ParContract",
    "OptimumResultTable",
];

/// Writes a game's lines, with `tags` (if any) replacing the existing
/// annotation tags (at the first one's place) or following the `Deal` tag.
fn write_game(file: &PbnFile, game: &Game, tags: Option<&[Vec<u8>]>, text: &mut Vec<u8>) {
    let Some(tags) = tags else {
        for l in &file.lines[game.start..game.end] {
            text.extend_from_slice(l.text);
            text.extend_from_slice(l.end);
        }
        return;
    };
    let mut dropped = Vec::new();
    for t in game
        .tags
        .iter()
        .filter(|t| OUR_TAGS.contains(&t.name.as_str()))
    {
        dropped.push(t.line);
        dropped.extend(&t.section);
    }
    let at = dropped.iter().min().copied();
    let deal_line = game.tag("Deal").map_or(game.start, |t| t.line);
    // The file's own line ending, taken from the Deal line (or the first
    // line that has one).
    let eol: &[u8] = std::iter::once(deal_line)
        .chain(game.start..game.end)
        .map(|i| file.lines[i].end)
        .find(|e| !e.is_empty())
        .unwrap_or(b"\n");
    let emit = |text: &mut Vec<u8>, last_end: &[u8]| {
        for (k, t) in tags.iter().enumerate() {
            text.extend_from_slice(t);
            if k + 1 < tags.len() {
                text.extend_from_slice(eol);
            } else {
                text.extend_from_slice(last_end);
            }
        }
    };
    for i in game.start..game.end {
        let l = &file.lines[i];
        if Some(i) == at {
            emit(
                text,
                if l.end.is_empty() && i + 1 == file.lines.len() {
                    b""
                } else {
                    eol
                },
            );
            continue;
        }
        if dropped.contains(&i) {
            continue;
        }
        text.extend_from_slice(l.text);
        if at.is_none() && i == deal_line {
            text.extend_from_slice(eol);
            emit(text, l.end);
        } else {
            text.extend_from_slice(l.end);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_number_schedule() {
        let v: Vec<Vulnerability> = (1..=16).map(board_vul).collect();
        use Vulnerability::*;
        assert_eq!(
            v,
            [
                None, NorthSouth, EastWest, Both, NorthSouth, EastWest, Both, None, EastWest, Both,
                None, NorthSouth, Both, None, NorthSouth, EastWest
            ]
        );
        assert_eq!(board_vul(17), None);
        assert_eq!(parse_shard("3/10"), Ok((3, 10)));
        assert!(parse_shard("0/10").is_err() && parse_shard("11/10").is_err());
    }
}
