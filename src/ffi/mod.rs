//! The C ABI. The only module with `unsafe` and `extern "C"` functions.
//!
//! `dds_types` mirrors DDS 2.9.0's `dll.h`; `dds` holds its functions.

pub mod backgammon;
pub mod dds;
pub mod dds_batch;
pub mod dds_par;
pub mod dds_play;
pub mod dds_tables;
pub mod dds_types;
pub mod go;
pub mod score;
