//! The C ABI. The only module with `unsafe` and `extern "C"` functions.
