//! Criterion benchmarks of the backgammon core on seeded random legal
//! positions (contact, bar, race, bearoff): position IDs encoded and
//! decoded per second, and legal moves generated per second over all 21
//! rolls. gnubg has no library to link, so there is no in-process
//! reference run; the differential test `oracle_gnubg` checks the results.

#[path = "../tests/support/random.rs"]
mod random;

#[path = "../tests/support/bg_random.rs"]
mod bg_random;

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use kibitz::backgammon::Board;
use random::Rng;

/// Positions per benchmark iteration.
const POSITIONS: usize = 1000;

/// The seeded benchmark positions.
fn boards() -> Vec<Board> {
    let mut rng = Rng::new(0xbe7c4);
    (0..POSITIONS)
        .map(|_| bg_random::random_board(&mut rng))
        .collect()
}

/// The 21 distinct rolls.
fn rolls() -> Vec<(u8, u8)> {
    (1..=6u8)
        .flat_map(|a| (1..=a).map(move |b| (a, b)))
        .collect()
}

fn bench_ids(c: &mut Criterion) {
    let boards = boards();
    let ids: Vec<String> = boards.iter().map(Board::position_id).collect();
    let mut group = c.benchmark_group("position_id");
    group
        .throughput(Throughput::Elements(POSITIONS as u64))
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    group.bench_function("encode", |b| {
        b.iter(|| {
            for board in &boards {
                black_box(board.position_id());
            }
        })
    });
    group.bench_function("decode", |b| {
        b.iter(|| {
            for id in &ids {
                black_box(Board::from_position_id(id).unwrap());
            }
        })
    });
    group.finish();
}

fn bench_moves(c: &mut Criterion) {
    let boards: Vec<Board> = boards().into_iter().take(100).collect();
    let rolls = rolls();
    let total: usize = boards
        .iter()
        .flat_map(|b| {
            rolls
                .iter()
                .map(move |&(d0, d1)| b.legal_moves(d0, d1).len())
        })
        .sum();
    let mut group = c.benchmark_group("legal_moves");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    group.throughput(Throughput::Elements(total as u64));
    group.bench_function("moves_100_positions_x_21_rolls", |b| {
        b.iter(|| {
            for board in &boards {
                for &(d0, d1) in &rolls {
                    black_box(board.legal_moves(d0, d1));
                }
            }
        })
    });
    group.finish();
    eprintln!(
        "legal_moves: {} positions x 21 rolls = {} generations, {total} moves",
        boards.len(),
        boards.len() * 21
    );
}

criterion_group!(benches, bench_ids, bench_moves);
criterion_main!(benches);
