//! Kibitz: game analysis in safe Rust.
//!
//! - [`bridge`]: a double dummy solver with DDS 2.9's results: tables, par,
//!   solving a board card by card, play analysis, batches on many threads.
//! - [`backgammon`]: gnubg-compatible position and match IDs, match equity
//!   tables, cubeful equities and cube decisions, legal moves, n-ply over a
//!   caller's evaluator and exact bearoff.
//! - [`go`]: Go board analysis after GNU Go 3.8: worms, dragons, eyes,
//!   tactical and life-and-death reading, SGF and a GTP engine.
//! - [`score`]: chess-engine search scores (mate and draw scores,
//!   transposition-table adjustment, packing, integrated bounds, MTD(f)).
//!
//! ```
//! use kibitz::bridge::{dd_table, Deal, Seat, Solver, Strain};
//!
//! let pbn = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
//! let deal = Deal::from_pbn(pbn).expect("a valid PBN deal");
//! // Declarer's tricks, indexed [strain S H D C NT][declarer N E S W].
//! let table = dd_table(&mut Solver::new(), &deal);
//! assert_eq!(table[Strain::NoTrump.index()][Seat::North.index()], 6);
//! assert_eq!(table[0], [5, 8, 5, 8]);
//! ```
//!
//! The C library (`libdds.so`, the `kibitz-ffi` package) and the `kibitz`
//! command line are thin layers over this crate, which holds no `unsafe` code.

#![forbid(unsafe_code)]

pub mod backgammon;
pub mod bridge;
pub(crate) mod cores;
pub mod go;
pub mod key_hash;
pub mod score;

/// README.md shows the example above to Rust users.
#[cfg(test)]
mod readme {
    #[test]
    fn readme_shows_the_crate_example() {
        let readme = include_str!("../../README.md");
        let lib = include_str!("lib.rs");
        let start = lib.find("//! ```\n").expect("the crate example");
        let end = lib[start + 8..].find("//! ```\n").expect("its end") + start + 8;
        let example: String = lib[start + 8..end]
            .lines()
            .map(|l| {
                l.strip_prefix("//! ")
                    .unwrap_or(l.trim_start_matches("//!"))
            })
            .map(|l| format!("{l}\n"))
            .collect();
        assert!(readme.contains(&example), "README.md lacks:\n{example}");
    }
}
