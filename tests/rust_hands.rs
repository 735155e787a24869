//! DDS's own hand files through the Rust API: DD tables and SolveBoard(-1, 3, 1).

mod common;

use dds::bridge::{dd_table, Board, Deal, Seat, Solver, Strain};
use std::time::Instant;

#[test]
fn list100_tables_and_fut() {
    let hands = common::read_hands("list100.txt");
    assert_eq!(hands.len(), 100);
    let mut solver = Solver::new();
    let mut order_ok = 0;
    let t0 = Instant::now();
    for (i, h) in hands.iter().enumerate() {
        let deal = Deal::from_pbn(&h.pbn).unwrap();
        let t = dd_table(&mut solver, &deal);
        let flat: Vec<i32> = t.iter().flatten().copied().collect();
        assert_eq!(flat, h.table, "table of hand {i}");
        let board = Board::new(
            deal,
            Strain::from_index(h.trump as usize).unwrap(),
            Seat::from_index(h.first as usize).unwrap(),
        );
        let fut = solver.solve_board(&board, -1, 3, 1);
        let got: Vec<(i32, i32, i32, i32)> = fut
            .cards
            .iter()
            .map(|c| (c.card.suit as i32, c.card.rank as i32, c.equals.0 as i32, c.score))
            .collect();
        let mut a = got.clone();
        let mut b = h.fut.clone();
        a.sort();
        b.sort();
        assert_eq!(a, b, "FUT set of hand {i}");
        if got == h.fut {
            order_ok += 1;
        }
    }
    eprintln!("list100: tables + FUT in {:?}; FUT order matches {order_ok}/100", t0.elapsed());
}
