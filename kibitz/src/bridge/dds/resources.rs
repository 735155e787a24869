//! DDS 2.9's resource rules: the configured threads, each with a solver,
//! the memory cap that sizes their tables, and a pool of solvers for the
//! calls that take no thread index.
//!
//! The state is process-wide, as DDS's is; every function here is
//! thread-safe.

use std::sync::Arc;

use once_cell::sync::Lazy;
use parking_lot::{Mutex, RwLock};

use super::DdsError;
use crate::bridge::batch::Workers;
use crate::bridge::search::DEFAULT_TT_ENTRIES;
use crate::bridge::Solver;

/// Transposition-table memory DDS gives a small thread (upper bound, MB).
const SMALL_THREAD_MB: f64 = 30.0;
/// Transposition-table memory DDS gives a large thread (upper bound, MB).
const LARGE_THREAD_MB: f64 = 160.0;
/// The threading back-end reported by default (5 = STL threads).
const DEFAULT_THREADING: i32 = 5;

/// The back-end codes `SetThreading` accepts (as Debian's DDS 2.9.0 build:
/// none, OpenMP, Boost, STL) and their names; all of them run on Rust's
/// threads here.
pub const THREADING_BACKENDS: [(i32, &str); 4] =
    [(0, "None"), (2, "OpenMP"), (4, "Boost"), (5, "STL")];

/// One thread index: a solver, created on first use.
type Slot = Arc<Mutex<Option<Solver>>>;

/// The configuration set by `SetResources` and friends, and one solver
/// slot per thread index.
struct Registry {
    /// Solver slots, one per valid thread index.
    slots: Vec<Slot>,
    /// Large transposition tables among the threads (DDS's memory split).
    large: usize,
    /// Memory cap in MB that the split was computed from.
    memory_mb: usize,
    /// The threading code last accepted by `SetThreading`.
    threading: i32,
}

impl Registry {
    /// The configuration DDS starts with: a thread per core, no memory cap.
    fn new() -> Registry {
        let mut reg = Registry {
            slots: Vec::new(),
            large: 0,
            memory_mb: 0,
            threading: DEFAULT_THREADING,
        };
        reg.configure(0, 0);
        reg
    }

    /// Applies DDS's `SetResources` rules: threads = cores, or fewer if
    /// asked; each thread needs at least a small table, as many as fit get
    /// a large one. Unlike DDS (which then crashes), at least one thread
    /// always remains.
    fn configure(&mut self, max_memory_mb: i32, max_threads: i32) {
        let cores = cores();
        let mut threads = if max_threads <= 0 {
            cores
        } else {
            cores.min(max_threads as usize)
        };
        let memory = if max_memory_mb > 0 {
            (1.3 * f64::from(max_memory_mb)).min(default_memory_mb() as f64)
        } else {
            default_memory_mb() as f64
        };
        threads = threads.min((memory / SMALL_THREAD_MB) as usize).max(1);
        let spare = memory - threads as f64 * SMALL_THREAD_MB;
        let large = ((spare / (LARGE_THREAD_MB - SMALL_THREAD_MB)).max(0.0) as usize).min(threads);
        self.slots.truncate(threads);
        while self.slots.len() < threads {
            self.slots.push(Arc::new(Mutex::new(None)));
        }
        self.large = large;
        self.memory_mb = memory as usize;
    }
}

static REGISTRY: Lazy<RwLock<Registry>> = Lazy::new(|| RwLock::new(Registry::new()));

/// Spare solvers for the functions without a thread index (`CalcDDtable`).
static POOL: Lazy<Mutex<Vec<Solver>>> = Lazy::new(|| Mutex::new(Vec::new()));

/// The number of cores (at least 1), found once, as DDS finds it at
/// start-up: every `SolveBoard` and `CalcDDtable` call asks for it.
pub fn cores() -> usize {
    crate::cores::cores()
}

/// Memory DDS would consider available without a user cap: 70 % of half
/// the physical RAM (MB), or 4096 MB where the RAM cannot be read.
fn default_memory_mb() -> usize {
    static MB: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *MB.get_or_init(|| physical_memory_mb().map_or(4096, |mb| (0.7 * mb as f64 / 2.0) as usize))
}

/// The physical RAM in MB, from `/proc/meminfo` (the figure `sysconf`'s
/// page count times page size gives).
fn physical_memory_mb() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    (kb > 0).then_some(kb / 1024)
}

/// Bytes of memory one transposition-table entry may take, with the
/// growth slack of its bucket and the hash map around it.
const BYTES_PER_ENTRY: usize = 64;

/// Table entries for each solver when `memory_mb` is shared by `solvers`
/// solvers, each given at most a large DDS thread's share.
fn entries_for(memory_mb: usize, solvers: usize) -> usize {
    let per_solver = (memory_mb as f64 / solvers.max(1) as f64).min(LARGE_THREAD_MB);
    let entries = (per_solver * 1024.0 * 1024.0) as usize / BYTES_PER_ENTRY;
    entries.clamp(1024, DEFAULT_TT_ENTRIES)
}

/// Table entries for a new solver under the current configuration (the
/// solvers of the thread indices and the pool share the memory cap).
fn solver_entries() -> usize {
    let reg = REGISTRY.read();
    entries_for(reg.memory_mb, reg.slots.len().max(cores()))
}

/// `solver` if its table has the size the configuration asks for now,
/// else a new solver of that size (after `set_resources` changed it).
fn sized(solver: Option<Solver>, entries: usize) -> Solver {
    match solver {
        Some(s) if s.table_capacity() == entries => s,
        _ => Solver::with_table_entries(entries),
    }
}

/// DDS's `SetResources`: the memory cap (MB, <= 0 for none) and the number
/// of threads (<= 0 for one per core, limited to the cores and to what the
/// memory cap allows at 30 MB per thread, at least 1).
pub fn set_resources(max_memory_mb: i32, max_threads: i32) {
    REGISTRY.write().configure(max_memory_mb, max_threads);
}

/// DDS's `SetThreading`: accepts the codes of [`THREADING_BACKENDS`].
pub fn set_threading(code: i32) -> Result<(), DdsError> {
    if THREADING_BACKENDS.iter().any(|&(c, _)| c == code) {
        REGISTRY.write().threading = code;
        Ok(())
    } else {
        Err(DdsError::ThreadMissing)
    }
}

/// DDS's `FreeMemory`: drops every solver (their tables); later calls
/// allocate again.
pub fn free_memory() {
    let slots: Vec<Slot> = REGISTRY.read().slots.clone();
    for slot in slots {
        *slot.lock() = None;
    }
    POOL.lock().clear();
}

/// Drops the solvers, the thread slots and the pool, for a library that is
/// being unloaded. Never blocks: state another thread still holds (only
/// possible at process exit) is left alone.
pub fn release_all() {
    if let Some(mut reg) = Lazy::get(&REGISTRY).and_then(|r| r.try_write()) {
        let slots = std::mem::take(&mut reg.slots);
        drop(reg);
        drop(slots);
    }
    if let Some(mut pool) = Lazy::get(&POOL).and_then(|p| p.try_lock()) {
        *pool = Vec::new();
    }
}

/// The configuration as `GetDDSInfo` reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResourceInfo {
    /// Configured threads.
    pub threads: usize,
    /// Threads with a large table (the rest have a small one).
    pub large_tables: usize,
    /// The memory cap in MB.
    pub memory_mb: usize,
    /// The threading back-end code.
    pub threading: i32,
    /// The cores found.
    pub cores: usize,
}

/// The current configuration.
pub fn info() -> ResourceInfo {
    let reg = REGISTRY.read();
    ResourceInfo {
        threads: reg.slots.len(),
        large_tables: reg.large,
        memory_mb: reg.memory_mb,
        threading: reg.threading,
        cores: cores(),
    }
}

/// The number of configured threads (valid thread indices are below it).
pub fn thread_count() -> usize {
    REGISTRY.read().slots.len()
}

/// The batch configuration: the configured threads, each with a table of
/// the size the memory cap allows.
pub fn batch_workers() -> Workers {
    Workers {
        threads: thread_count(),
        table_entries: solver_entries(),
    }
}

/// Runs `f` with the solver of thread index `index`, or returns
/// `ThreadIndex` if the index is not configured. Calls with different
/// indices run concurrently; calls with the same index wait for each
/// other. A solver that panics is dropped (a fresh one replaces it).
pub fn with_thread_solver<R>(index: i32, f: impl FnOnce(&mut Solver) -> R) -> Result<R, DdsError> {
    let slot = {
        let reg = REGISTRY.read();
        usize::try_from(index)
            .ok()
            .and_then(|i| reg.slots.get(i))
            .cloned()
            .ok_or(DdsError::ThreadIndex)?
    };
    let entries = solver_entries();
    let mut held = slot.lock();
    let mut solver = sized(held.take(), entries);
    let r = f(&mut solver);
    *held = Some(solver);
    Ok(r)
}

/// Runs `f` with a solver of the shared pool (for functions that take no
/// thread index). Concurrent callers get different solvers.
pub fn with_pool_solver<R>(f: impl FnOnce(&mut Solver) -> R) -> R {
    let entries = solver_entries();
    let popped = POOL.lock().pop();
    let mut solver = sized(popped, entries);
    let r = f(&mut solver);
    let mut pool = POOL.lock();
    if pool.len() < cores().max(thread_count()) {
        pool.push(solver);
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_size_follows_the_memory_cap() {
        // Plenty of memory: the default table size.
        assert_eq!(entries_for(8000, 2), DEFAULT_TT_ENTRIES);
        // 78 MB shared by two solvers: 39 MB each at 64 bytes an entry.
        assert_eq!(entries_for(78, 2), 39 * 1024 * 1024 / 64);
        // Never below a minimal table.
        assert_eq!(entries_for(0, 4), 1024);
        // A solver of the wrong size is replaced, one of the right size kept.
        assert_eq!(sized(None, 5000).table_capacity(), 5000);
        assert_eq!(
            sized(Some(Solver::with_table_entries(7000)), 5000).table_capacity(),
            5000
        );
    }

    #[test]
    fn resource_rules() {
        let mut reg = Registry::new();
        let n = cores();
        assert_eq!(reg.slots.len(), n);
        reg.configure(0, 1);
        assert_eq!((reg.slots.len(), reg.large), (1, 1));
        reg.configure(0, n as i32 + 5);
        assert_eq!(reg.slots.len(), n);
        // DDS 2.9.0: SetResources(40, 2) -> 1 thread "1 S, 0 L";
        // (150, 2) -> "1 S, 1 L"; (100, 2) -> "2 S, 0 L".
        reg.configure(40, 2);
        assert_eq!((reg.slots.len(), reg.large), (1, 0));
        if n >= 2 {
            reg.configure(150, 2);
            assert_eq!((reg.slots.len(), reg.large), (2, 1));
            reg.configure(100, 2);
            assert_eq!((reg.slots.len(), reg.large), (2, 0));
        }
        reg.configure(1, 2);
        assert_eq!(reg.slots.len(), 1);
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn physical_memory_is_read() {
        assert!(physical_memory_mb().is_some_and(|mb| mb > 0));
    }

    #[test]
    fn threading_codes() {
        for c in [-1, 1, 3, 6, 7, 8, 100] {
            assert_eq!(set_threading(c), Err(DdsError::ThreadMissing));
        }
        for c in [0, 2, 4, 5] {
            assert_eq!(set_threading(c), Ok(()));
        }
    }
}
