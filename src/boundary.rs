//! The one panic boundary of the C library.
//!
//! Every `extern "C"` function runs its body through [`boundary`]. The
//! safe crate does not panic on input the checks let through, but if a bug
//! makes it panic, the panic stops here and C gets an error value: a panic
//! never unwinds into C.

use std::panic::{catch_unwind, AssertUnwindSafe};

/// Runs `body`; returns `on_panic` if it panics.
pub(crate) fn boundary<T>(on_panic: T, body: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(body)).unwrap_or(on_panic)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_the_error_value() {
        assert_eq!(boundary(-1, || 7), 7);
        assert_eq!(boundary(-1, || panic!("bug")), -1);
        boundary((), || panic!("bug"));
    }
}
