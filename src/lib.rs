//! Kibitz: game-analysis library with a C ABI.
//!
//! - [`bridge`]: a double dummy solver, exposed through a drop-in replacement
//!   of the DDS 2.9 C API (`libdds.so`).
//!
//! The C entry points live in the `ffi` module; everything else is safe Rust
//! with its own API.

pub mod bridge;
pub mod ffi;
