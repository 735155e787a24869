//! CPU clocks and resource usage, shared by the side-by-side benches.

/// CPU seconds counted so far by `clock`
/// (`libc::CLOCK_THREAD_CPUTIME_ID` or `libc::CLOCK_PROCESS_CPUTIME_ID`).
pub fn cpu_seconds(clock: libc::clockid_t) -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime fills the struct.
    unsafe { libc::clock_gettime(clock, &mut t) };
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

/// This process's resource usage so far (`getrusage(RUSAGE_SELF)`).
pub fn process_usage() -> libc::rusage {
    // SAFETY: getrusage fills the zeroed struct.
    unsafe {
        let mut ru: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut ru);
        ru
    }
}
