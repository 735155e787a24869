//! Kibitz's C library: `libdds.so` / `libdds.a`.
//!
//! - [`dds`]: DDS 2.9.0's C interface (`include/dds/dll.h`), all 30
//!   functions with DDS's structs, codes and texts. Its items are also
//!   re-exported at the crate root, as C sees them.
//! - [`backgammon`], [`go`], [`score`]: Kibitz's own C interfaces
//!   (`include/kibitz/<module>.h`).
//!
//! Every entry point converts and validates its C input, calls the safe
//! `kibitz` crate and maps the result to a C code; a panic never crosses
//! the boundary.

mod boundary;
mod c_string;

pub mod backgammon;
pub mod dds;
pub mod go;
pub mod score;

pub use dds::*;
