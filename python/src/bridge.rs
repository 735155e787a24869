//! The bridge functions of the extension: deals, DD tables, par, solving
//! a position and play analysis.

use std::cell::RefCell;

use kibitz::bridge::batch::dd_tables;
use kibitz::bridge::input::{
    parse_cards, parse_deal, parse_seat, parse_strain, play_cards, play_values, InputError,
};
use kibitz::bridge::par::{dealer_par, sides_par, DealerParResult, ParStrings, Vulnerability};
use kibitz::bridge::{dd_table, Board, Card, Deal, Seat, Solver, Strain};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

thread_local! {
    /// One solver per thread, kept warm between calls.
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::new());
}

/// `ValueError` with an input error's message.
fn value_error(e: InputError) -> PyErr {
    PyValueError::new_err(e.0)
}

fn strain(text: &str) -> PyResult<Strain> {
    parse_strain(text).ok_or_else(|| {
        PyValueError::new_err(format!("bad trump '{text}' (expected S, H, D, C or N)"))
    })
}

fn seat(text: &str, what: &str) -> PyResult<Seat> {
    parse_seat(text).ok_or_else(|| {
        PyValueError::new_err(format!("bad {what} '{text}' (expected N, E, S or W)"))
    })
}

/// The deal of PBN `text`, checked as the command line checks it.
fn deal(text: &str) -> PyResult<Deal> {
    parse_deal(text).map_err(value_error)
}

/// `text` as a PBN deal from North, after checking it.
#[pyfunction]
fn bridge_parse_deal(text: &str) -> PyResult<String> {
    Ok(deal(text)?.to_pbn(Seat::North))
}

/// The DD table of a PBN deal: `[strain S H D C NT][declarer N E S W]`.
#[pyfunction]
fn bridge_dd_table(py: Python<'_>, pbn: &str) -> PyResult<Vec<[i32; 4]>> {
    let deal = deal(pbn)?;
    let table = py.allow_threads(|| SOLVER.with(|s| dd_table(&mut s.borrow_mut(), &deal)));
    Ok(table.to_vec())
}

/// The DD tables of many PBN deals on `threads` threads.
#[pyfunction]
fn bridge_dd_tables(
    py: Python<'_>,
    pbns: Vec<String>,
    threads: usize,
) -> PyResult<Vec<Vec<[i32; 4]>>> {
    let deals = pbns
        .iter()
        .enumerate()
        .map(|(i, p)| parse_deal(p).map_err(|e| PyValueError::new_err(format!("deal {i}: {e}"))))
        .collect::<PyResult<Vec<Deal>>>()?;
    let tables = py.allow_threads(|| dd_tables(&deals, threads.max(1)));
    Ok(tables.iter().map(|t| t.to_vec()).collect())
}

/// The vulnerability of `text`: none, ns, ew or all (also both).
fn vulnerability(text: &str) -> PyResult<Vulnerability> {
    match text.to_ascii_lowercase().as_str() {
        "none" | "-" | "love" => Ok(Vulnerability::None),
        "ns" | "n-s" => Ok(Vulnerability::NorthSouth),
        "ew" | "e-w" => Ok(Vulnerability::EastWest),
        "all" | "both" => Ok(Vulnerability::Both),
        _ => Err(PyValueError::new_err(format!(
            "bad vul '{text}' (expected none, ns, ew or all)"
        ))),
    }
}

/// Par of a DD table `[strain][declarer]`: the dealer's par score from
/// North-South's view, its contracts, and DDS `Par`'s four strings.
#[pyfunction]
fn bridge_par(
    table: Vec<[i32; 4]>,
    vul: &str,
    dealer: &str,
) -> PyResult<(i32, Vec<String>, [String; 4])> {
    let table: [[i32; 4]; 5] = table
        .try_into()
        .map_err(|_| PyValueError::new_err("bad table: 5 strains of 4 declarers expected"))?;
    if table.iter().flatten().any(|t| !(0..=13).contains(t)) {
        return Err(PyValueError::new_err("bad table: tricks must be 0 to 13"));
    }
    let v = vulnerability(vul)?;
    let dealer = seat(dealer, "dealer")?;
    let (score, contracts) = match dealer_par(&table, dealer.index(), v) {
        DealerParResult::PassedOut => (0, Vec::new()),
        DealerParResult::Par { score, contracts } => {
            (score, contracts.iter().map(|c| c.to_string()).collect())
        }
    };
    let sides = sides_par(&table, v);
    let p = ParStrings(&sides);
    Ok((
        score,
        contracts,
        [p.score(0), p.score(1), p.contracts(0), p.contracts(1)],
    ))
}

/// Every card the player to move can play after `played`, with the tricks
/// that player's side then takes from the current trick on; best first.
#[pyfunction]
fn bridge_solve(
    py: Python<'_>,
    pbn: &str,
    trump: &str,
    leader: &str,
    played: &str,
) -> PyResult<Vec<(String, i32)>> {
    let deal = deal(pbn)?;
    let (trump, leader) = (strain(trump)?, seat(leader, "leader")?);
    let cards = parse_cards(played).map_err(value_error)?;
    let board = play_cards(deal, trump, leader, &cards)
        .map_err(value_error)?
        .board;
    if board.deal.is_empty() {
        return Err(PyValueError::new_err("every card has been played"));
    }
    let answer = py.allow_threads(|| SOLVER.with(|s| s.borrow_mut().solve_board(&board, -1, 3, 1)));
    let mut out = Vec::new();
    for c in &answer.cards {
        out.push((c.card, c.score));
        for rank in c.equals.ranks_desc() {
            out.push((Card::new(c.card.suit, rank), c.score));
        }
    }
    // Best first, then suit order S H D C and rank order, as the CLI.
    out.sort_by_key(|(c, t)| (-t, c.suit.index(), std::cmp::Reverse(c.rank)));
    Ok(out.into_iter().map(|(c, t)| (c.to_string(), t)).collect())
}

/// Declarer's side's tricks before the play and after each card of
/// `play`; `leader` leads the first trick (declarer is on their right).
#[pyfunction]
fn bridge_analyse_play(
    py: Python<'_>,
    pbn: &str,
    trump: &str,
    leader: &str,
    play: &str,
) -> PyResult<Vec<i32>> {
    let deal = deal(pbn)?;
    let (trump, leader) = (strain(trump)?, seat(leader, "leader")?);
    let cards = parse_cards(play).map_err(value_error)?;
    let board = Board::new(deal, trump, leader);
    py.allow_threads(|| SOLVER.with(|s| play_values(&mut s.borrow_mut(), &board, &cards)))
        .map_err(value_error)
}

/// Adds the bridge functions to the extension.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(bridge_parse_deal, m)?)?;
    m.add_function(wrap_pyfunction!(bridge_dd_table, m)?)?;
    m.add_function(wrap_pyfunction!(bridge_dd_tables, m)?)?;
    m.add_function(wrap_pyfunction!(bridge_par, m)?)?;
    m.add_function(wrap_pyfunction!(bridge_solve, m)?)?;
    m.add_function(wrap_pyfunction!(bridge_analyse_play, m)?)?;
    Ok(())
}
