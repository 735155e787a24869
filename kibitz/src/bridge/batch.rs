//! Batches: many boards or many tables solved on a pool of threads.
//!
//! Work is handed out hardest first (by an estimate of the search's
//! fan-out), so that one slow board does not start last and leave the other
//! threads idle. Identical jobs are solved once and their result copied, as
//! DDS does. Every worker thread has its own [`Solver`]; results never
//! depend on which thread solved what (see [`Solver`]'s table reuse rules),
//! so a batch gives exactly the answers of solving its items one by one.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::cards::{Deal, Seat, Strain};
use super::search::DEFAULT_TT_ENTRIES;
use super::solve::{Board, FutureTricks, Solver};
use super::table::strain_row;

/// One `SolveBoard` call of a batch.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BoardJob {
    /// The position.
    pub board: Board,
    /// DDS's `target` (-1..=13).
    pub target: i32,
    /// DDS's `solutions` (1..=3).
    pub solutions: i32,
    /// DDS's `mode` (0..=2).
    pub mode: i32,
}

/// For each item the index of the first equal item (itself when unique).
pub fn first_equal<T: Eq + Hash>(items: &[T]) -> Vec<usize> {
    let mut seen: HashMap<&T, usize> = HashMap::with_capacity(items.len());
    items
        .iter()
        .enumerate()
        .map(|(i, item)| *seen.entry(item).or_insert(i))
        .collect()
}

/// A cheap estimate of how hard a deal is to search: the number of
/// distinct moves (groups of equivalent cards) each hand has, summed.
pub fn fan_out(deal: &Deal) -> u32 {
    let mut present = [0u16; 4];
    for hand in &deal.0 {
        for (s, h) in hand.0.iter().enumerate() {
            present[s] |= h.0;
        }
    }
    let mut groups = 0;
    for hand in &deal.0 {
        for (s, h) in hand.0.iter().enumerate() {
            // A group starts at every held card whose next higher present
            // card belongs to another hand (or that is the suit's top).
            let mut cards = h.0;
            while cards != 0 {
                let r = cards.trailing_zeros();
                cards &= cards - 1;
                let above = present[s] & !((2u32 << r) - 1) as u16;
                let next = above & above.wrapping_neg();
                if next == 0 || h.0 & next == 0 {
                    groups += 1;
                }
            }
        }
    }
    groups
}

/// A cheap estimate of how hard one strain of a deal is, relative to its
/// other strains: no trump first, then the trump suits split most evenly
/// between the sides (both sides ruff and the search branches more), ties
/// to the suit whose shortest hand is longest. One table's strains spread
/// over two threads in this order leave one thread idle for less time.
pub fn strain_weight(deal: &Deal, strain: Strain) -> u32 {
    let Some(suit) = strain.trump() else {
        return 1 << 10;
    };
    let len = |seat: Seat| deal.hand(seat).suit(suit).len();
    let ns = len(Seat::North) + len(Seat::South);
    let ew = len(Seat::East) + len(Seat::West);
    let shortest = Seat::ALL.into_iter().map(len).min().unwrap_or(0);
    ns * ew * 16 + shortest
}

/// How a batch runs: the number of worker threads and the size of each
/// worker's transposition table. A bare `usize` is that many threads with
/// default-sized tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Workers {
    /// Worker threads (at least one is used).
    pub threads: usize,
    /// Most transposition-table entries of each worker's solver.
    pub table_entries: usize,
}

impl From<usize> for Workers {
    fn from(threads: usize) -> Workers {
        Workers {
            threads,
            table_entries: DEFAULT_TT_ENTRIES,
        }
    }
}

/// Runs `work` on every item of `items` with up to `workers.threads`
/// threads, each with its own solver, taking items in decreasing order of
/// `cost`; the results in input order. A panic in `work` is passed on to
/// the caller.
pub fn parallel_map<T, R, C, W>(
    items: &[T],
    workers: impl Into<Workers>,
    cost: C,
    work: W,
) -> Vec<R>
where
    T: Sync,
    R: Send,
    C: Fn(&T) -> u32,
    W: Fn(&mut Solver, &T) -> R + Sync,
{
    let Workers {
        threads,
        table_entries,
    } = workers.into();
    let mut order: Vec<usize> = (0..items.len()).collect();
    // Stable: equal costs keep their input order.
    order.sort_by_key(|&i| std::cmp::Reverse(cost(&items[i])));
    let threads = threads.clamp(1, items.len().max(1));
    let next = AtomicUsize::new(0);
    let mut done: Vec<(usize, R)> = Vec::with_capacity(items.len());
    if threads == 1 {
        let mut solver = Solver::with_table_entries(table_entries);
        for &i in &order {
            done.push((i, work(&mut solver, &items[i])));
        }
    } else {
        std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|_| {
                    scope.spawn(|| {
                        let mut solver = Solver::with_table_entries(table_entries);
                        let mut mine = Vec::new();
                        loop {
                            let k = next.fetch_add(1, Ordering::Relaxed);
                            let Some(&i) = order.get(k) else { break };
                            mine.push((i, work(&mut solver, &items[i])));
                        }
                        mine
                    })
                })
                .collect();
            for w in workers {
                match w.join() {
                    Ok(mine) => done.extend(mine),
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
        });
    }
    done.sort_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, r)| r).collect()
}

/// Solves every job (as [`Solver::solve_board`]) on `threads` threads;
/// identical jobs are solved once.
pub fn solve_boards(jobs: &[BoardJob], threads: impl Into<Workers>) -> Vec<FutureTricks> {
    let first = first_equal(jobs);
    let unique: Vec<usize> = (0..jobs.len()).filter(|&i| first[i] == i).collect();
    let solved = parallel_map(
        &unique,
        threads,
        |&i| fan_out(&jobs[i].board.deal),
        |solver, &i| {
            let j = &jobs[i];
            solver.solve_board(&j.board, j.target, j.solutions, j.mode)
        },
    );
    let mut by_index: HashMap<usize, FutureTricks> = unique.into_iter().zip(solved).collect();
    let mut out: Vec<FutureTricks> = Vec::with_capacity(jobs.len());
    for (i, &f) in first.iter().enumerate() {
        // `f <= i`, so a copy's original is already in `out`.
        let ft = if f == i {
            by_index.remove(&i).unwrap_or_default()
        } else {
            out[f].clone()
        };
        out.push(ft);
    }
    out
}

/// Declarer's tricks of `deal` in each strain of `strains`, indexed by
/// declarer (N, E, S, W), on `threads` threads; identical (deal, strain)
/// pairs are solved once.
pub fn strain_rows(jobs: &[(Deal, Strain)], threads: impl Into<Workers>) -> Vec<[i32; 4]> {
    let first = first_equal(jobs);
    let unique: Vec<usize> = (0..jobs.len()).filter(|&i| first[i] == i).collect();
    let solved = parallel_map(
        &unique,
        threads,
        // Hardest deal first; within a deal, the strains by weight.
        |&i| fan_out(&jobs[i].0) << 11 | strain_weight(&jobs[i].0, jobs[i].1),
        |solver, &i| strain_row(solver, &jobs[i].0, jobs[i].1),
    );
    let mut rows = vec![[0; 4]; jobs.len()];
    for (&i, row) in unique.iter().zip(solved) {
        rows[i] = row;
    }
    for i in 0..jobs.len() {
        rows[i] = rows[first[i]];
    }
    rows
}

/// The DD tables of `deals` (each as [`dd_table`](super::dd_table) gives
/// it), the strain searches of all deals spread over the workers.
pub fn dd_tables(deals: &[Deal], threads: impl Into<Workers>) -> Vec<super::DdTable> {
    let jobs: Vec<(Deal, Strain)> = deals
        .iter()
        .flat_map(|d| Strain::ALL.map(|s| (*d, s)))
        .collect();
    let rows = strain_rows(&jobs, threads);
    rows.chunks(5)
        .map(|chunk| {
            let mut table = [[0; 4]; 5];
            for (s, row) in Strain::ALL.iter().zip(chunk) {
                table[s.index()] = *row;
            }
            table
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIST1: &str = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";

    #[test]
    fn first_equal_points_at_first_copy() {
        assert_eq!(first_equal(&[3, 1, 3, 2, 1]), vec![0, 1, 0, 3, 1]);
    }

    #[test]
    fn parallel_map_keeps_input_order() {
        let items: Vec<u32> = (0..50).collect();
        let out = parallel_map(&items, 3, |&x| x % 7, |_, &x| x * 2);
        assert_eq!(out, (0..50).map(|x| x * 2).collect::<Vec<_>>());
    }

    #[test]
    fn fan_out_counts_groups() {
        // One card each: four groups.
        let deal = Deal::from_pbn("N:A... K... Q... J...").unwrap();
        assert_eq!(fan_out(&deal), 4);
        // AKQ with North, J with East: North's three cards are one group.
        let deal = Deal::from_pbn("N:AKQ... J.32.. T.5.2. 9.4.3.").unwrap();
        assert_eq!(fan_out(&deal), 1 + 2 + 3 + 3);
    }

    #[test]
    fn strain_weight_puts_no_trump_then_even_fits_first() {
        // Sides' trump lengths: spades 5-8, hearts 7-6, diamonds 6-7,
        // clubs 8-5; the shortest hands 2, 3, 2, 2.
        let deal = Deal::from_pbn(LIST1).unwrap();
        let w = Strain::ALL.map(|s| strain_weight(&deal, s));
        assert_eq!(w, [642, 675, 674, 642, 1024]);
    }

    #[test]
    fn batch_equals_single_solves() {
        let deal = Deal::from_pbn(LIST1).unwrap();
        let jobs: Vec<(Deal, Strain)> = Strain::ALL.iter().map(|&s| (deal, s)).collect();
        let mut doubled = jobs.clone();
        doubled.extend(jobs.iter().cloned());
        let rows = strain_rows(&doubled, 2);
        let mut solver = Solver::new();
        for (i, (d, s)) in doubled.iter().enumerate() {
            assert_eq!(rows[i], strain_row(&mut solver, d, *s), "job {i}");
        }
        // DDS 2.9's TABLE line for list1: S row 5 8 5 8.
        assert_eq!(rows[0], [5, 8, 5, 8]);
        let board_jobs: Vec<BoardJob> = [Seat::North, Seat::East, Seat::North]
            .iter()
            .map(|&first| BoardJob {
                board: Board::new(deal, Strain::ALL[0], first),
                target: -1,
                solutions: 3,
                mode: 1,
            })
            .collect();
        let out = solve_boards(&board_jobs, 2);
        for (job, ft) in board_jobs.iter().zip(&out) {
            let want = Solver::new().solve_board(&job.board, -1, 3, 1);
            assert_eq!(ft, &want);
        }
    }
}
