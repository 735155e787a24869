//! The Python extension `kibitz._kibitz`: thin functions over the safe
//! `kibitz` crate. The Python modules (`python/kibitz/`) give them their
//! Pythonic shape, type hints and docstrings; everything here converts
//! arguments, calls the crate with the GIL released where it searches,
//! and turns bad input into `ValueError` with the command line's message.

use pyo3::prelude::*;

mod backgammon;
mod bridge;
mod go;
mod score;

/// The extension module.
#[pymodule]
fn _kibitz(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    bridge::register(m)?;
    backgammon::register(m)?;
    go::register(m)?;
    score::register(m)?;
    Ok(())
}
