//! Kibitz: game-analysis library with a C ABI.
//!
//! - [`bridge`]: a double dummy solver, exposed through a drop-in replacement
//!   of the DDS 2.9 C API (`libdds.so`).
//! - [`score`]: chess-engine search scores (mate and draw scores,
//!   transposition-table adjustment, packing, integrated bounds, MTD(f)).
//! - [`backgammon`]: gnubg-compatible board, position and match IDs, position
//!   classes and legal moves (`include/kibitz/backgammon.h`).
//! - [`go`]: Go board analysis (worms, SGF, a GTP engine) after GNU Go 3.8.
//!
//! The C entry points live in the `ffi` module; everything else is safe Rust
//! with its own API.

pub mod backgammon;
pub mod bridge;
pub mod ffi;
pub mod go;
pub mod key_hash;
pub mod score;
