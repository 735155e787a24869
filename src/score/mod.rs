//! Search scores as chess engines represent them: mate scores at the ends
//! of a 16-bit range, table-base and recognised wins below them, saturated
//! heuristic values and draw scores in the middle; their transposition-table
//! adjustment, packing into bit fields, integrated bounds and values, and
//! the MTD(f) and target-trick drivers over a caller's zero-window search.
//!
//! Stockfish 15.1's numbers are the defaults ([`ScoreScale::STOCKFISH`]);
//! every function is total: out-of-range inputs saturate as documented.
//!
//! - [`value`]: [`Score`], [`ScoreScale`], mate scores, UCI text.
//! - [`draw`]: zero, contempt and ply-based draw scores, grain rounding.
//! - [`tt`]: `to_tt` / `from_tt` with the 50-move-rule guard.
//! - [`pack`]: signed and offset bit fields of 2 to 32 bits.
//! - [`pair`]: Stockfish's packed midgame/endgame pair.
//! - [`prune`]: mate-distance pruning of a search window.
//! - [`ibv`]: Beal's integrated bounds and values.
//! - [`mtdf`](mod@mtdf): the MTD(f) driver with Dailey's step enlargement.
//! - [`target`]: the DDS-style target driver for values `0..=n`.

pub mod draw;
pub mod ibv;
pub mod mtdf;
pub mod pack;
pub mod pair;
pub mod prune;
pub mod target;
pub mod tt;
pub mod value;

pub use draw::{DrawRule, Side};
pub use ibv::{ibv_exact, ibv_kind, ibv_lower, ibv_upper, ibv_value, IbvKind};
pub use mtdf::{mtdf, Mtdf};
pub use pack::BitField;
pub use pair::{eg, make_pair, mg};
pub use target::{target_search, Target};
pub use value::{Band, ScaleError, Score, ScoreScale, SCORE_LIMIT};
