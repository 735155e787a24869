//! `kibitz bridge table`: double dummy tables and par of deals given as
//! arguments or on stdin, as text, JSON lines or CSV.

use std::io::{BufRead, Write};

use clap::{Args, ValueEnum};
use kibitz::bridge::batch::dd_tables;
use kibitz::bridge::par::{dealer_par, sides_par, ParStrings};
use kibitz::bridge::{DdTable, Deal, Seat};

use super::{
    parse_deal, strain_name, thread_count, SeatArg, VulArg, DEAL_HELP, TABLE_COLUMNS, TABLE_ROWS,
};
use crate::{CliError, HELP_TEMPLATE};

/// Examples of `kibitz bridge table --help`.
const TABLE_EXAMPLES: &str = "\
Par is printed when --vul or --dealer is given (the other defaults to
none / N): the four strings of DDS's Par (each side's par when it bids
first) and the par of DealerPar (the dealer's side bids first), exactly
as DDS 2.9 writes them.

Examples:
  kibitz bridge table \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"
  kibitz bridge table --vul ns --dealer e \"E:QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75 AK96.KQ8.A98.K63\"
  kibitz bridge table - --format csv --vul none < deals.txt > tables.csv
  kibitz bridge random 100 --format json | jq .tricks.N.NT";

/// Options of `kibitz bridge table`.
#[derive(Debug, Args)]
#[command(help_template = HELP_TEMPLATE, after_help = format!("{DEAL_HELP}\n\n{TABLE_EXAMPLES}"))]
pub struct TableArgs {
    /// PBN deals, or '-' to read one deal per line from stdin
    #[arg(value_name = "DEAL")]
    deals: Vec<String>,
    #[command(flatten)]
    output: TableOutput,
}

/// The options shared by `table` and `random`.
#[derive(Debug, Args)]
pub struct TableOutput {
    /// Vulnerability for par
    #[arg(long, value_enum)]
    vul: Option<VulArg>,
    /// Dealer for par
    #[arg(long, value_enum)]
    dealer: Option<SeatArg>,
    /// Output format (json: one object per line)
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Threads (default: one per core)
    #[arg(long)]
    threads: Option<usize>,
}

/// The output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// A grid per deal
    Text,
    /// One JSON object per deal and line
    Json,
    /// A header line, then one line per deal
    Csv,
}

/// Entry point of `kibitz bridge table`.
pub fn run(args: TableArgs, out: &mut dyn Write) -> Result<(), CliError> {
    const NAME: &str = "kibitz bridge table";
    if args.deals.is_empty() {
        return Err(CliError::usage(NAME, "missing PBN deal"));
    }
    let (texts, from_stdin) = if args.deals == ["-"] {
        (stdin_deals()?, true)
    } else {
        (group_deals(&args.deals), false)
    };
    let mut deals = Vec::with_capacity(texts.len());
    for (origin, text) in &texts {
        let deal = parse_deal(text).map_err(|e| match origin {
            Some(line) => CliError::Input(format!("stdin line {line}: {e}")),
            None => CliError::Input(e),
        })?;
        deals.push(deal);
    }
    let labels = from_stdin || deals.len() > 1;
    write_tables(&deals, &args.output, labels, out)
}

/// Deals from the positional arguments: an argument that starts with a
/// seat and a colon starts a deal, others continue it (an unquoted deal
/// arrives as four arguments).
fn group_deals(args: &[String]) -> Vec<(Option<usize>, String)> {
    let mut deals: Vec<(Option<usize>, String)> = Vec::new();
    for arg in args {
        let starts = arg.get(1..2) == Some(":")
            && arg.chars().next().is_some_and(|c| "NESWnesw".contains(c));
        match deals.last_mut() {
            Some((_, text)) if !starts => {
                text.push(' ');
                text.push_str(arg);
            }
            _ => deals.push((None, arg.clone())),
        }
    }
    deals
}

/// Deals from stdin, one per non-empty line, with their line numbers.
fn stdin_deals() -> Result<Vec<(Option<usize>, String)>, CliError> {
    let mut deals = Vec::new();
    for (i, line) in std::io::stdin().lock().lines().enumerate() {
        let line = line.map_err(|e| CliError::Input(format!("cannot read stdin: {e}")))?;
        let line = line.trim();
        if !line.is_empty() {
            deals.push((Some(i + 1), line.to_string()));
        }
    }
    Ok(deals)
}

/// The tables of `deals` (`[strain][declarer]` in DDS order), solved on
/// `threads` threads.
pub fn solve_tables(deals: &[Deal], threads: usize) -> Vec<DdTable> {
    dd_tables(deals, threads)
}

/// The par texts of a table: DDS `Par`'s four strings and `DealerPar`'s
/// result.
struct ParTexts {
    sides: [String; 4],
    dealer: String,
}

impl ParTexts {
    fn new(table: &DdTable, vul: VulArg, dealer: Seat) -> ParTexts {
        let v = vul.vulnerability();
        let sides = sides_par(table, v);
        let p = ParStrings(&sides);
        ParTexts {
            sides: [p.score(0), p.score(1), p.contracts(0), p.contracts(1)],
            dealer: dealer_par(table, dealer.index(), v).to_string(),
        }
    }
}

/// Solves `deals` and writes their tables in the chosen format; `labels`
/// prints each deal above its text table.
pub fn write_tables(
    deals: &[Deal],
    opts: &TableOutput,
    labels: bool,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let tables = solve_tables(deals, thread_count(opts.threads));
    let par = opts.vul.is_some() || opts.dealer.is_some();
    let vul = opts.vul.unwrap_or(VulArg::None);
    let dealer = opts.dealer.map_or(Seat::North, SeatArg::seat);
    if opts.format == Format::Csv {
        writeln!(out, "{}", csv_header(par))?;
    }
    for (i, (deal, table)) in deals.iter().zip(&tables).enumerate() {
        let pbn = deal.to_pbn(Seat::North);
        let par = par.then(|| ParTexts::new(table, vul, dealer));
        match opts.format {
            Format::Text => {
                if labels {
                    if i > 0 {
                        writeln!(out)?;
                    }
                    writeln!(out, "{pbn}")?;
                }
                write!(out, "{}", format_table(table))?;
                if let Some(p) = par {
                    writeln!(
                        out,
                        "Par (vul {}): \"{}\"",
                        vul_name(vul),
                        p.sides.join("\" \"")
                    )?;
                    writeln!(out, "Dealer par (dealer {}): {}", dealer.letter(), p.dealer)?;
                }
            }
            Format::Json => writeln!(out, "{}", json_line(&pbn, table, par.as_ref(), vul, dealer))?,
            Format::Csv => writeln!(out, "{}", csv_line(&pbn, table, par.as_ref(), vul, dealer))?,
        }
    }
    Ok(())
}

/// The name of a vulnerability as typed: none, ns, ew or all.
fn vul_name(vul: VulArg) -> &'static str {
    match vul {
        VulArg::None => "none",
        VulArg::Ns => "ns",
        VulArg::Ew => "ew",
        VulArg::All => "all",
    }
}

/// Formats a DD table (`[strain][declarer]` in DDS order) as a grid: one
/// row per strain (NT, S, H, D, C), one column per declarer (N, S, E, W).
pub fn format_table(table: &DdTable) -> String {
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

/// A JSON string literal.
fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// One deal as a JSON object: `deal`, `tricks` (declarer -> strain ->
/// tricks) and, with par, `par`.
fn json_line(
    pbn: &str,
    table: &DdTable,
    par: Option<&ParTexts>,
    vul: VulArg,
    dealer: Seat,
) -> String {
    let seats: Vec<String> = TABLE_COLUMNS
        .iter()
        .map(|seat| {
            let cells: Vec<String> = TABLE_ROWS
                .iter()
                .map(|s| format!("\"{}\":{}", strain_name(*s), table[s.index()][seat.index()]))
                .collect();
            format!("\"{}\":{{{}}}", seat.letter(), cells.join(","))
        })
        .collect();
    let mut line = format!(
        "{{\"deal\":{},\"tricks\":{{{}}}",
        json_string(pbn),
        seats.join(",")
    );
    if let Some(p) = par {
        let sides: Vec<String> = p.sides.iter().map(|s| json_string(s)).collect();
        line.push_str(&format!(
            ",\"par\":{{\"vul\":\"{}\",\"dealer\":\"{}\",\"sides\":[{}],\"dealer_par\":{}}}",
            vul_name(vul),
            dealer.letter(),
            sides.join(","),
            json_string(&p.dealer)
        ));
    }
    line.push('}');
    line
}

/// The CSV header: `deal`, `N_NT` ... `W_C`, and the par columns.
fn csv_header(par: bool) -> String {
    let mut cols = vec!["deal".to_string()];
    for seat in TABLE_COLUMNS {
        for s in TABLE_ROWS {
            cols.push(format!("{}_{}", seat.letter(), strain_name(s)));
        }
    }
    if par {
        for c in [
            "vul",
            "dealer",
            "par_ns",
            "par_ew",
            "par_contracts_ns",
            "par_contracts_ew",
            "dealer_par",
        ] {
            cols.push(c.to_string());
        }
    }
    cols.join(",")
}

/// A CSV field, quoted when it holds a comma or a quote.
fn csv_field(s: &str) -> String {
    if s.contains([',', '"']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// One deal as a CSV line (see [`csv_header`]).
fn csv_line(
    pbn: &str,
    table: &DdTable,
    par: Option<&ParTexts>,
    vul: VulArg,
    dealer: Seat,
) -> String {
    let mut cols = vec![csv_field(pbn)];
    for seat in TABLE_COLUMNS {
        for s in TABLE_ROWS {
            cols.push(table[s.index()][seat.index()].to_string());
        }
    }
    if let Some(p) = par {
        cols.push(vul_name(vul).to_string());
        cols.push(dealer.letter().to_string());
        cols.extend(p.sides.iter().map(|s| csv_field(s)));
        cols.push(csv_field(&p.dealer));
    }
    cols.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deals_are_grouped_by_their_seat_prefix() {
        let args: Vec<String> = ["N:A...", "K...", "e:Q... J... T... 9...", "-"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let got: Vec<String> = group_deals(&args).into_iter().map(|(_, t)| t).collect();
        assert_eq!(got, ["N:A... K...", "e:Q... J... T... 9... -"]);
    }

    #[test]
    fn csv_quotes_commas() {
        assert_eq!(csv_field("NS:EW 2Nx,EW 3Cx"), "\"NS:EW 2Nx,EW 3Cx\"");
        assert_eq!(csv_field("NS 100"), "NS 100");
        assert_eq!(json_string("a\"b\\\n"), "\"a\\\"b\\\\\\u000a\"");
    }
}
