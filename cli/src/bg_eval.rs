//! `kibitz bg eval`: gnubg-like cube analysis of a position and match
//! state with Kibitz's own evaluators, the bearoff databases; other
//! positions need an evaluator (a neural net) Kibitz does not have, which
//! the command says.

use std::io::Write;

use kibitz::backgammon::{
    evaluate_cubeful, money_equity, Board, CubeDecision, CubeEval, CubeInfo, MatchEquityTable,
    MatchState, PositionClass,
};

use clap::Args;

use super::{CliError, HELP_TEMPLATE};

/// The text of `kibitz bg eval --help` after the usage line.
const EVAL_HELP: &str = "\
Cube analysis of the player on roll as gnubg 1.07 makes it: winning
chances, cubeless equity, the cubeful equities of no double, double/take
and double/pass (money per unit of the cube, match play normalised to the
current cube) and the proper cube action. The match ID defaults to money
play with the Jacoby rule; beavers are allowed in money play, as in
gnubg. --plies (0-2, default 0) looks ahead that many rolls. Kibitz
evaluates bearoffs (all chequers of both sides home) with its own
databases, exact when both sides have at most 6 chequers; for other
positions it says that an evaluator is needed (the C function
bg_evaluate_cubeful takes one).
";

/// Arguments of `kibitz bg eval`.
#[derive(Debug, Args)]
#[command(
    help_template = HELP_TEMPLATE,
    after_help = format!("{EVAL_HELP}\nExample:\n  kibitz bg eval RgMAwBIAAAAAAA")
)]
pub struct EvalArgs {
    /// Position ID, then optionally a match ID (default: money, Jacoby)
    #[arg(value_name = "ID")]
    positionals: Vec<String>,
    /// Rolls to look ahead (0-2)
    #[arg(short, long, value_name = "N")]
    plies: Option<String>,
}

/// `kibitz bg eval <position-id> [<match-id>] [--plies N]`.
pub fn eval(parsed: EvalArgs, out: &mut dyn Write) -> Result<(), CliError> {
    const NAME: &str = "kibitz bg eval";
    let plies = match parsed.plies.as_deref() {
        None => 0,
        Some(v) => match v.parse::<u32>() {
            Ok(n) if n <= 2 => n,
            _ => return Err(CliError::usage(NAME, format!("bad --plies '{v}' (0-2)"))),
        },
    };
    let (pos, mid) = match parsed.positionals.as_slice() {
        [] => return Err(CliError::usage(NAME, "missing position ID")),
        [pos] => (pos.as_str(), "MAEAAAAAAAAA"),
        [pos, m] => (pos.as_str(), m.as_str()),
        _ => return Err(CliError::usage(NAME, "too many arguments")),
    };
    let board = Board::from_position_id(pos)
        .map_err(|e| CliError::Input(format!("bad position ID '{pos}': {e}")))?;
    let state = MatchState::from_match_id(mid)
        .map_err(|e| CliError::Input(format!("bad match ID '{mid}': {e}")))?;
    let ci = CubeInfo {
        cube: state.cube,
        owner: state.cube_owner.map(usize::from),
        mover: usize::from(state.dice_owner),
        match_to: state.match_length,
        score: state.score,
        crawford: state.crawford,
        jacoby: state.jacoby,
        beavers: state.is_money(),
    }
    .validated()
    .map_err(|e| CliError::Input(format!("match ID '{mid}': {e}")))?;
    let class = board.class();
    let met = MatchEquityTable::default_table();
    let built_in = matches!(
        class,
        PositionClass::Bearoff2 | PositionClass::Bearoff1 | PositionClass::Over
    );
    let result = if built_in {
        evaluate_cubeful(&board, &ci, met, plies, &mut |_| None).ok()
    } else {
        None
    };
    let Some((p, e)) = result else {
        return Err(CliError::Input(format!(
            "position {pos} ({}) needs an evaluator: Kibitz evaluates only bearoffs (all \
             chequers of both sides home) by itself; bg_evaluate_cubeful in the C library \
             takes your evaluator",
            class.name()
        )));
    };
    writeln!(out, "Position ID: {pos}")?;
    writeln!(out, "Match ID: {mid}")?;
    let evaluator = match class {
        PositionClass::Bearoff2 => "exact two-sided bearoff database",
        PositionClass::Bearoff1 => "one-sided bearoff database",
        _ => "game over",
    };
    writeln!(out, "Evaluator: {evaluator}, {plies}-ply")?;
    let (name, cubeless) = if ci.is_money() {
        ("Equity", money_equity(&p))
    } else {
        ("EMG", ci.utility(&p, met))
    };
    writeln!(
        out,
        "        Win     W(g)    W(bg)   L(g)    L(bg)   {name}"
    )?;
    writeln!(
        out,
        "static: {:.4}  {:.4}  {:.4}  {:.4}  {:.4}  {:+.4}",
        p[0], p[1], p[2], p[3], p[4], cubeless
    )?;
    write!(out, "{}", cube_lines(&e, &ci))?;
    Ok(())
}

/// gnubg's percentage after the proper action: how far the no double
/// equity is between double/take and double/pass (too good: between
/// double/pass and double/take).
fn percent(e: &CubeEval) -> Option<f32> {
    use CubeDecision::*;
    match e.decision {
        NoDoubleTake | NoDoubleBeaver | NoRedoubleTake | NoRedoubleBeaver => {
            Some((e.no_double - e.double_take) / (e.double_pass - e.double_take))
        }
        TooGoodPass | TooGoodRedoublePass => {
            Some((e.no_double - e.double_pass) / (e.double_take - e.double_pass))
        }
        _ => None,
    }
}

/// The cube analysis lines: the three equities, the best first, with
/// their differences to it, and the proper action.
fn cube_lines(e: &CubeEval, ci: &CubeInfo) -> String {
    let re = if ci.owner.is_some() { "re" } else { "" };
    let cap = if ci.owner.is_some() { "Red" } else { "D" };
    let mut rows = vec![
        (format!("No {re}double"), e.no_double),
        (format!("{cap}ouble, take"), e.double_take),
        (format!("{cap}ouble, pass"), e.double_pass),
    ];
    let best = rows.iter().position(|(_, v)| *v == e.optimal).unwrap_or(0);
    let first = rows.remove(best);
    rows.sort_by(|a, b| b.1.total_cmp(&a.1));
    rows.insert(0, first);
    let mut text = String::from("Cube analysis\nCubeful equities:\n");
    for (i, (label, v)) in rows.iter().enumerate() {
        let line = format!("{}. {label:<20}{v:+.4}", i + 1);
        if i == 0 {
            text.push_str(&format!("{line}\n"));
        } else {
            text.push_str(&format!("{line}  ({:+.4})\n", v - e.optimal));
        }
    }
    let action = e.decision.text();
    match percent(e) {
        Some(x) => text.push_str(&format!(
            "Proper cube action: {action} ({:.1}%)\n",
            100.0 * x
        )),
        None => text.push_str(&format!("Proper cube action: {action}\n")),
    }
    text
}
