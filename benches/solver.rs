//! Criterion benchmarks of the pure-Rust solver API on seeded random deals:
//! a full DD table (`dd_table`) and `solve_board(-1, 3, 1)` from a cold
//! transposition table. Small samples so `cargo bench` stays short; for the
//! comparison with DDS see the `vs_dds` bench.

#[path = "../tests/support/random.rs"]
mod random;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use kibitz::bridge::{dd_table, Board, Deal, Hand, Holding, Seat, Solver, Strain};
use random::{random_deal, Holdings, Rng};
use std::time::Duration;

/// Number of deals benchmarked (each is its own benchmark id).
const DEALS: usize = 3;

fn to_deal(h: &Holdings) -> Deal {
    Deal(h.map(|hand| Hand(hand.map(|x| Holding(x as u16)))))
}

fn deals() -> Vec<(Deal, Strain, Seat)> {
    let mut rng = Rng::new(0x5eed);
    (0..DEALS)
        .map(|_| {
            let d = to_deal(&random_deal(&mut rng));
            let strain = Strain::from_index(rng.below(5)).unwrap();
            let first = Seat::from_index(rng.below(4)).unwrap();
            (d, strain, first)
        })
        .collect()
}

fn bench_table(c: &mut Criterion) {
    let mut group = c.benchmark_group("dd_table");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    let mut solver = Solver::new();
    for (i, (d, _, _)) in deals().iter().enumerate() {
        group.bench_with_input(BenchmarkId::from_parameter(i), d, |b, d| {
            b.iter(|| {
                solver.clear();
                dd_table(&mut solver, d)
            })
        });
    }
    group.finish();
}

fn bench_solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve_board_-1_3_1");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    let mut solver = Solver::new();
    for (i, (d, strain, first)) in deals().iter().enumerate() {
        let board = Board::new(*d, *strain, *first);
        group.bench_with_input(BenchmarkId::from_parameter(i), &board, |b, board| {
            b.iter(|| {
                solver.clear();
                solver.solve_board(board, -1, 3, 1)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_table, bench_solve);
criterion_main!(benches);
