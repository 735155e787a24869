//! Bridge: double dummy solving, DD tables, par and play analysis.

pub mod batch;
pub mod cards;
pub mod dds;
mod dds_order;
mod guess;
pub mod input;
pub mod par;
pub mod play;
mod popcount;
pub mod reference;
mod search;
pub mod solve;
pub mod table;

pub use cards::{Card, Deal, Hand, Holding, PbnError, Rank, Seat, Strain, Suit};
pub use play::{analyse_play, PlayError};
pub use search::{Rules, SearchStats, DEFAULT_TT_ENTRIES};
pub use solve::{Board, CardResult, FutureTricks, Solver};
pub use table::{dd_table, DdTable};
