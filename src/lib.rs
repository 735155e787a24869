//! Kibitz: game-analysis library with a C ABI.
//!
//! - [`bridge`]: a double dummy solver, exposed through a drop-in replacement
//!   of the DDS 2.9 C API (`libdds.so`).
//! - [`go`]: Go board analysis (worms, SGF, a GTP engine) after GNU Go 3.8.
//!
//! The C entry points live in the `ffi` module; everything else is safe Rust
//! with its own API.

pub mod bridge;
pub mod ffi;
pub mod go;
