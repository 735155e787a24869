//! DDS 2.9.0's single-board C functions (`SolveBoard`, `CalcDDtable`, their
//! PBN twins), its resource and information functions, and the helpers the
//! other DDS entry points share: input checks in DDS's order, conversions
//! between C structs and the bridge core, the per-thread-index solvers and
//! panic containment.
//!
//! Only conversion, validation and error mapping happen here; the search
//! is `crate::bridge`'s.
#![allow(non_snake_case)]

use std::os::raw::{c_char, c_int, c_uint};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use once_cell::sync::Lazy;
use parking_lot::{Mutex, RwLock};

use super::dds_types::*;
use crate::bridge::cards::{parse_pbn_lenient, rank_from_char};
use crate::bridge::search::DEFAULT_TT_ENTRIES;
use crate::bridge::{dd_table, Board, Card, Deal, FutureTricks, Hand, Holding, Seat, Solver};
use crate::bridge::{Strain, Suit};

// ---------------------------------------------------------------------------
// Panic containment
// ---------------------------------------------------------------------------

/// Runs `f`, turning a panic into `RETURN_UNKNOWN_FAULT`.
pub(crate) fn guard(f: impl FnOnce() -> c_int) -> c_int {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or(RETURN_UNKNOWN_FAULT)
}

/// Runs `f`, swallowing a panic (for the `void` functions).
pub(crate) fn guard_void(f: impl FnOnce()) {
    let _ = catch_unwind(AssertUnwindSafe(f));
}

// ---------------------------------------------------------------------------
// Resources: thread indices, memory, threading back-end
// ---------------------------------------------------------------------------

/// Transposition-table memory DDS gives a small thread (upper bound, MB).
const SMALL_THREAD_MB: f64 = 30.0;
/// Transposition-table memory DDS gives a large thread (upper bound, MB).
const LARGE_THREAD_MB: f64 = 160.0;
/// The threading back-end reported by default (5 = STL threads).
const DEFAULT_THREADING: c_int = 5;
/// The back-end codes `SetThreading` accepts (as Debian's DDS 2.9.0 build:
/// none, OpenMP, Boost, STL); all of them run on Rust's threads here.
const THREADING_CODES: [(c_int, &str); 4] = [(0, "None"), (2, "OpenMP"), (4, "Boost"), (5, "STL")];

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
    threading: c_int,
}

static REGISTRY: Lazy<RwLock<Registry>> = Lazy::new(|| {
    let mut reg = Registry {
        slots: Vec::new(),
        large: 0,
        memory_mb: 0,
        threading: DEFAULT_THREADING,
    };
    configure(&mut reg, 0, 0);
    RwLock::new(reg)
});

/// Spare solvers for the functions without a thread index (`CalcDDtable`).
static POOL: Lazy<Mutex<Vec<Solver>>> = Lazy::new(|| Mutex::new(Vec::new()));

/// The number of cores (at least 1), found once, as DDS finds it at
/// start-up: the look-up reads the process's affinity and cgroup limits
/// (21 system calls, 27 us on the reference VM), and every `SolveBoard`
/// and `CalcDDtable` call asks for it.
pub(crate) fn cores() -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Memory DDS would consider available without a user cap: 70 % of half
/// the physical RAM (MB).
#[cfg(unix)]
fn default_memory_mb() -> usize {
    // SAFETY: sysconf only reads system configuration.
    let (pages, size) = unsafe {
        (
            libc::sysconf(libc::_SC_PHYS_PAGES),
            libc::sysconf(libc::_SC_PAGESIZE),
        )
    };
    if pages <= 0 || size <= 0 {
        return 4096;
    }
    let mb = (pages as u128 * size as u128 / (1024 * 1024)) as f64;
    (0.7 * mb / 2.0) as usize
}

/// Memory assumed available without a user cap (MB).
#[cfg(not(unix))]
fn default_memory_mb() -> usize {
    4096
}

/// Applies DDS's `SetResources` rules: threads = cores, or fewer if asked;
/// each thread needs at least a small table, as many as fit get a large one.
/// Unlike DDS (which then crashes), at least one thread always remains.
fn configure(reg: &mut Registry, max_memory_mb: c_int, max_threads: c_int) {
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
    reg.slots.truncate(threads);
    while reg.slots.len() < threads {
        reg.slots.push(Arc::new(Mutex::new(None)));
    }
    reg.large = large;
    reg.memory_mb = memory as usize;
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
/// else a new solver of that size (after `SetResources` changed it).
fn sized(solver: Option<Solver>, entries: usize) -> Solver {
    match solver {
        Some(s) if s.table_capacity() == entries => s,
        _ => Solver::with_table_entries(entries),
    }
}

/// The batch configuration: the configured threads, each with a table of
/// the size the memory cap allows.
pub(crate) fn batch_workers() -> crate::bridge::batch::Workers {
    crate::bridge::batch::Workers {
        threads: thread_count(),
        table_entries: solver_entries(),
    }
}

/// The number of configured threads (valid thread indices are below it).
pub(crate) fn thread_count() -> usize {
    REGISTRY.read().slots.len()
}

/// Runs `f` with the solver of thread index `index`, or returns
/// `RETURN_THREAD_INDEX` if the index is not configured. Calls with
/// different indices run concurrently; calls with the same index wait for
/// each other. A solver that panics is dropped (a fresh one replaces it).
pub(crate) fn with_thread_solver<R>(
    index: c_int,
    f: impl FnOnce(&mut Solver) -> R,
) -> Result<R, c_int> {
    let slot = {
        let reg = REGISTRY.read();
        usize::try_from(index)
            .ok()
            .and_then(|i| reg.slots.get(i))
            .cloned()
            .ok_or(RETURN_THREAD_INDEX)?
    };
    let entries = solver_entries();
    let mut held = slot.lock();
    let mut solver = sized(held.take(), entries);
    let r = f(&mut solver);
    *held = Some(solver);
    Ok(r)
}

/// Runs `f` with a solver of the shared pool (for functions that take no
/// thread index). Thread-safe; concurrent callers get different solvers.
pub(crate) fn with_pool_solver<R>(f: impl FnOnce(&mut Solver) -> R) -> R {
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

// ---------------------------------------------------------------------------
// Input checks (DDS's BoardRangeChecks then BoardValueChecks)
// ---------------------------------------------------------------------------

/// The 13 rank bits of a DDS holding (the two low bits are ignored, as DDS
/// shifts them out).
fn holding_bits(v: c_uint) -> u16 {
    (v & 0x7ffc) as u16
}

/// The number of tricks DDS counts as remaining for `cards` cards (a trick
/// in progress counts as a whole trick).
fn tricks_remaining(cards: i32) -> i32 {
    let base = (cards - 4) >> 2;
    if cards % 4 != 0 {
        base + 2
    } else {
        base + 1
    }
}

/// How many cards of the current trick DDS assumes were played, derived
/// from the number of cards still held (1..=52).
fn cards_in_trick(cards: i32) -> usize {
    ((52 - cards) % 4) as usize
}

/// DDS's formal parameter checks, in its order: target, solutions, mode,
/// trump, first, current-trick ranks and suits, holding values.
pub(crate) fn range_checks(
    dl: &deal,
    target: c_int,
    solutions: c_int,
    mode: c_int,
) -> Result<(), c_int> {
    let checks = [
        (target < -1, RETURN_TARGET_WRONG_LO),
        (target > 13, RETURN_TARGET_WRONG_HI),
        (solutions < 1, RETURN_SOLNS_WRONG_LO),
        (solutions > 3, RETURN_SOLNS_WRONG_HI),
        (mode < 0, RETURN_MODE_WRONG_LO),
        (mode > 2, RETURN_MODE_WRONG_HI),
        (!(0..=4).contains(&dl.trump), RETURN_TRUMP_WRONG),
        (!(0..=3).contains(&dl.first), RETURN_FIRST_WRONG),
    ];
    if let Some(&(_, code)) = checks.iter().find(|c| c.0) {
        return Err(code);
    }
    let played = dl.currentTrickRank.map(|r| r != 0);
    for (&r, &suit) in dl.currentTrickRank.iter().zip(&dl.currentTrickSuit) {
        if r != 0 && (!(2..=14).contains(&r) || !(0..=3).contains(&suit)) {
            return Err(RETURN_SUIT_OR_RANK);
        }
    }
    // A card needs the cards before it (no gaps).
    if (1..3).any(|k| played[k] && !played[k - 1]) {
        return Err(RETURN_SUIT_OR_RANK);
    }
    let bad_value = |c: c_uint| c != 0 && !(0x0004..0x8000).contains(&c);
    if dl.remainCards.iter().flatten().any(|&c| bad_value(c)) {
        return Err(RETURN_SUIT_OR_RANK);
    }
    Ok(())
}

/// DDS's consistency checks after the range checks, in its order: zero
/// cards, too many cards, target above the tricks remaining, unequal hand
/// sizes, a current-trick card still held, duplicated cards. Returns the
/// number of cards in the current trick (derived from the card count).
pub(crate) fn value_checks(dl: &deal, target: c_int) -> Result<usize, c_int> {
    let held = dl.remainCards.map(|hand| hand.map(holding_bits));
    let count = held
        .iter()
        .flatten()
        .map(|h| h.count_ones() as i32)
        .sum::<i32>();
    if count <= 0 {
        return Err(RETURN_ZERO_CARDS);
    }
    if count > 52 {
        return Err(RETURN_TOO_MANY_CARDS);
    }
    if target > tricks_remaining(count) {
        return Err(RETURN_TARGET_TOO_HIGH);
    }
    let in_trick = cards_in_trick(count);
    let mut per_hand = held.map(|hand| hand.iter().map(|h| h.count_ones()).sum::<u32>());
    for k in 0..in_trick {
        per_hand[(dl.first as usize + k) % 4] += 1;
    }
    if per_hand.iter().any(|&n| n != per_hand[0]) {
        return Err(RETURN_CARD_COUNT);
    }
    for k in 0..in_trick {
        let rank = dl.currentTrickRank[k];
        // A rank-0 ("phantom") card is never found among the held cards.
        if rank != 0 {
            let suit = dl.currentTrickSuit[k] as usize;
            if held.iter().any(|hand| hand[suit] & (1 << rank) != 0) {
                return Err(RETURN_PLAYED_CARD);
            }
        }
    }
    for s in 0..4 {
        let mut seen = 0u16;
        for hand in &held {
            if hand[s] & seen != 0 {
                return Err(RETURN_DUPLICATE_CARDS);
            }
            seen |= hand[s];
        }
    }
    // DDS would index out of bounds with a rank-0 card of a bad suit.
    if (0..in_trick).any(|k| !(0..=3).contains(&dl.currentTrickSuit[k])) {
        return Err(RETURN_SUIT_OR_RANK);
    }
    Ok(in_trick)
}

/// All of `SolveBoard`'s input checks; the board to solve.
pub(crate) fn board_from_deal(
    dl: &deal,
    target: c_int,
    solutions: c_int,
    mode: c_int,
) -> Result<Board, c_int> {
    range_checks(dl, target, solutions, mode)?;
    let in_trick = value_checks(dl, target)?;
    let deal = deal_from_holdings(&dl.remainCards);
    let strain = Strain::from_index(dl.trump as usize).ok_or(RETURN_TRUMP_WRONG)?;
    let first = Seat::from_index(dl.first as usize).ok_or(RETURN_FIRST_WRONG)?;
    let trick = (0..in_trick)
        .map(|k| {
            let suit =
                Suit::from_index(dl.currentTrickSuit[k] as usize).ok_or(RETURN_SUIT_OR_RANK)?;
            // Built directly: rank 0 is DDS's "phantom" card (led but unknown).
            Ok(Card {
                suit,
                rank: dl.currentTrickRank[k] as u8,
            })
        })
        .collect::<Result<Vec<Card>, c_int>>()?;
    Ok(Board {
        deal,
        trump: strain,
        first,
        trick,
    })
}

/// The deal of DDS holdings `[hand][suit]` (low bits ignored).
pub(crate) fn deal_from_holdings(cards: &[[c_uint; DDS_SUITS]; DDS_HANDS]) -> Deal {
    Deal(cards.map(|hand| Hand(hand.map(|h| Holding(holding_bits(h))))))
}

/// DDS's `ConvertFromPBN`: holdings `[hand][suit]`, or `RETURN_PBN_FAULT`
/// (also where DDS would write a card outside its four hands).
pub(crate) fn holdings_from_pbn(
    text: &[c_char; 80],
) -> Result<[[c_uint; DDS_SUITS]; DDS_HANDS], c_int> {
    let bytes = text.map(|c| c as u8);
    if pbn_overflows(&bytes) {
        return Err(RETURN_PBN_FAULT);
    }
    let h = parse_pbn_lenient(&bytes).ok_or(RETURN_PBN_FAULT)?;
    Ok(h.map(|hand| hand.map(c_uint::from)))
}

/// True if DDS's `ConvertFromPBN` would store a card beyond its four hands:
/// it maps the k-th space-separated group to a hand without wrapping for
/// North and East first (k >= 4 is out of bounds), and wraps only once
/// for South (k >= 6) and West (k >= 5). DDS then corrupts memory.
fn pbn_overflows(bytes: &[u8]) -> bool {
    let end = bytes
        .iter()
        .take(80)
        .position(|&b| b == 0)
        .unwrap_or(bytes.len().min(80));
    let bytes = &bytes[..end];
    let Some(at) = bytes.iter().take(3).position(|b| b"NESWnesw".contains(b)) else {
        return false;
    };
    let last_group = match bytes[at].to_ascii_uppercase() {
        b'S' => 5,
        b'W' => 4,
        _ => 3,
    };
    let mut group = 0;
    for &b in bytes.iter().skip(at + 2) {
        if b == b' ' {
            group += 1;
        } else if rank_from_char(b as char).is_some() && group > last_group {
            return true;
        }
    }
    false
}

/// The C form of a `SolveBoard` answer; unused slots are 0, and with no
/// card `score[0]` carries the "target not reachable" value.
pub(crate) fn future_tricks_to_c(ft: &FutureTricks) -> futureTricks {
    let mut out = futureTricks {
        nodes: ft.nodes,
        cards: ft.cards.len().min(13) as c_int,
        ..futureTricks::default()
    };
    for (i, c) in ft.cards.iter().take(13).enumerate() {
        out.suit[i] = c.card.suit.index() as c_int;
        out.rank[i] = c_int::from(c.card.rank);
        out.equals[i] = c_int::from(c.equals.0);
        out.score[i] = c.score;
    }
    if ft.cards.is_empty() {
        out.score[0] = ft.no_card_score;
    }
    out
}

/// Solves a checked board with the solver of `thread_index` and writes the
/// answer to `futp`; the shared body of `SolveBoard` and `SolveBoardPBN`.
///
/// # Safety
/// `futp` must be NULL or valid for writing one `futureTricks`.
unsafe fn solve_board_c(
    dl: &deal,
    target: c_int,
    solutions: c_int,
    mode: c_int,
    futp: *mut futureTricks,
    thread_index: c_int,
) -> c_int {
    if thread_index < 0 || thread_index as usize >= thread_count() {
        return RETURN_THREAD_INDEX;
    }
    let board = match board_from_deal(dl, target, solutions, mode) {
        Ok(b) => b,
        Err(code) => return code,
    };
    if futp.is_null() {
        return RETURN_UNKNOWN_FAULT;
    }
    let ft = match with_thread_solver(thread_index, |s| {
        s.solve_board(&board, target, solutions, mode)
    }) {
        Ok(ft) => ft,
        Err(code) => return code,
    };
    // SAFETY: futp is non-null and, per the contract, writable.
    unsafe { futp.write(future_tricks_to_c(&ft)) };
    RETURN_NO_FAULT
}

/// The checks `CalcDDtable` applies (those of `SolveBoard` with target -1,
/// one solution, North on lead); the deal to tabulate.
pub(crate) fn table_deal_checked(cards: &[[c_uint; DDS_SUITS]; DDS_HANDS]) -> Result<Deal, c_int> {
    let dl = deal {
        trump: 4,
        first: 0,
        currentTrickSuit: [0; 3],
        currentTrickRank: [0; 3],
        remainCards: *cards,
    };
    range_checks(&dl, -1, 1, 1)?;
    value_checks(&dl, -1)?;
    let deal = deal_from_holdings(cards);
    // DDS accepts 49..=51 cards when North (and East, South) hold one card
    // less, then returns meaningless numbers; refuse instead.
    if deal.len() % 4 != 0 {
        return Err(RETURN_CARD_COUNT);
    }
    Ok(deal)
}

/// A row of declarers' tricks in `deal` as DDS reports it: 13 minus the
/// defenders' tricks, also for short deals.
pub(crate) fn dds_row(deal: &Deal, row: [i32; 4]) -> [c_int; 4] {
    let offset = 13 - (deal.len() / 4) as c_int;
    row.map(|t| t + offset)
}

/// The DD table of a checked deal, as DDS reports it (see [`dds_row`]).
pub(crate) fn table_results(solver: &mut Solver, deal: &Deal) -> ddTableResults {
    ddTableResults {
        resTable: dd_table(solver, deal).map(|row| dds_row(deal, row)),
    }
}

/// The shared body of `CalcDDtable` and `CalcDDtablePBN`.
///
/// # Safety
/// `tablep` must be NULL or valid for writing one `ddTableResults`.
unsafe fn calc_table_c(
    cards: &[[c_uint; DDS_SUITS]; DDS_HANDS],
    tablep: *mut ddTableResults,
) -> c_int {
    let deal = match table_deal_checked(cards) {
        Ok(d) => d,
        Err(code) => return code,
    };
    if tablep.is_null() {
        return RETURN_UNKNOWN_FAULT;
    }
    let workers = batch_workers();
    let res = if workers.threads > 1 {
        // As DDS 2.9: the five strains on the configured threads.
        let jobs = Strain::ALL.map(|s| (deal, s));
        let rows = crate::bridge::batch::strain_rows(&jobs, workers);
        let mut res = ddTableResults::default();
        for ((_, strain), row) in jobs.iter().zip(rows) {
            res.resTable[strain.index()] = dds_row(&deal, row);
        }
        res
    } else {
        with_pool_solver(|s| table_results(s, &deal))
    };
    // SAFETY: tablep is non-null and, per the contract, writable.
    unsafe { tablep.write(res) };
    RETURN_NO_FAULT
}

// ---------------------------------------------------------------------------
// Text helpers
// ---------------------------------------------------------------------------

/// The DDS text of a return code, or "Not a DDS error code".
pub(crate) fn error_text(code: c_int) -> &'static str {
    match code {
        RETURN_NO_FAULT => TEXT_NO_FAULT,
        RETURN_UNKNOWN_FAULT => TEXT_UNKNOWN_FAULT,
        RETURN_ZERO_CARDS => TEXT_ZERO_CARDS,
        RETURN_TARGET_TOO_HIGH => TEXT_TARGET_TOO_HIGH,
        RETURN_DUPLICATE_CARDS => TEXT_DUPLICATE_CARDS,
        RETURN_TARGET_WRONG_LO => TEXT_TARGET_WRONG_LO,
        RETURN_TARGET_WRONG_HI => TEXT_TARGET_WRONG_HI,
        RETURN_SOLNS_WRONG_LO => TEXT_SOLNS_WRONG_LO,
        RETURN_SOLNS_WRONG_HI => TEXT_SOLNS_WRONG_HI,
        RETURN_TOO_MANY_CARDS => TEXT_TOO_MANY_CARDS,
        RETURN_SUIT_OR_RANK => TEXT_SUIT_OR_RANK,
        RETURN_PLAYED_CARD => TEXT_PLAYED_CARD,
        RETURN_CARD_COUNT => TEXT_CARD_COUNT,
        RETURN_THREAD_INDEX => TEXT_THREAD_INDEX,
        RETURN_MODE_WRONG_LO => TEXT_MODE_WRONG_LO,
        RETURN_MODE_WRONG_HI => TEXT_MODE_WRONG_HI,
        RETURN_TRUMP_WRONG => TEXT_TRUMP_WRONG,
        RETURN_FIRST_WRONG => TEXT_FIRST_WRONG,
        RETURN_PLAY_FAULT => TEXT_PLAY_FAULT,
        RETURN_PBN_FAULT => TEXT_PBN_FAULT,
        RETURN_TOO_MANY_BOARDS => TEXT_TOO_MANY_BOARDS,
        RETURN_THREAD_CREATE => TEXT_THREAD_CREATE,
        RETURN_THREAD_WAIT => TEXT_THREAD_WAIT,
        RETURN_THREAD_MISSING => TEXT_THREAD_MISSING,
        RETURN_NO_SUIT => TEXT_NO_SUIT,
        RETURN_TOO_MANY_TABLES => TEXT_TOO_MANY_TABLES,
        RETURN_CHUNK_SIZE => TEXT_CHUNK_SIZE,
        _ => "Not a DDS error code",
    }
}

/// Copies `text` into a C char array, truncated to leave room for the NUL.
pub(crate) fn write_c_string<const N: usize>(dst: &mut [c_char; N], text: &str) {
    let n = text.len().min(N.saturating_sub(1));
    for (d, &b) in dst.iter_mut().zip(&text.as_bytes()[..n]) {
        *d = b as c_char;
    }
    if N > 0 {
        dst[n] = 0;
    }
}

/// The `DDSInfo` record `GetDDSInfo` fills.
fn dds_info() -> DDSInfo {
    let (threads, large, memory_mb, threading) = {
        let reg = REGISTRY.read();
        (reg.slots.len(), reg.large, reg.memory_mb, reg.threading)
    };
    let system = if cfg!(target_os = "windows") {
        1
    } else if cfg!(target_os = "linux") {
        3
    } else if cfg!(target_os = "macos") {
        4
    } else {
        0
    };
    let system_name = ["unknown", "Windows", "Cygwin", "Linux", "Apple"][system as usize];
    let sizes = format!("{} S, {} L", threads - large, large);
    let backends: Vec<String> = THREADING_CODES
        .iter()
        .map(|&(code, name)| {
            if code == threading {
                format!("{name}(*)")
            } else {
                name.to_string()
            }
        })
        .collect();
    let bits = usize::BITS as c_int;
    let text = [
        "Kibitz DDS-compatible library".to_string(),
        "-----------------------------".to_string(),
        format!(
            "{:<20}{:>15}",
            "Library",
            concat!("Kibitz ", env!("CARGO_PKG_VERSION"))
        ),
        format!("{:<20}{:>15}", "DDS API version", "2.9.0"),
        format!("{:<20}{:>15}", "System", system_name),
        format!("{:<20}{:>15}", "Word size", format!("{bits} bits")),
        format!("{:<20}{:>15}", "Compiler", "rustc"),
        format!("{:<20}{:>15}", "Constructor", "none"),
        format!("{:<20}{:>15}", "Memory max (MB)", memory_mb),
        format!("{:<20}{:>15}", "Number of cores", cores()),
        format!("{:<20}{:>15}", "Number of threads", threads),
        format!("{:<20}{:>15}", "Thread sizes", sizes),
        format!("Threading {}", backends.join(" ")),
    ]
    .join("\n")
        + "\n";
    let mut info = DDSInfo {
        major: 2,
        minor: 9,
        patch: 0,
        versionString: [0; 10],
        system,
        numBits: bits,
        // DDS's codes name C++ compilers (3 is GNU g++); 0 is none of them,
        // as the text's "rustc" says.
        compiler: 0,
        constructor: 0,
        numCores: cores() as c_int,
        threading,
        noOfThreads: threads as c_int,
        threadSizes: [0; 128],
        systemString: [0; 1024],
    };
    write_c_string(&mut info.versionString, "2.9.0");
    write_c_string(&mut info.threadSizes, &sizes);
    write_c_string(&mut info.systemString, &text);
    info
}

// ---------------------------------------------------------------------------
// The C functions
// ---------------------------------------------------------------------------

/// Solves one position (binary deal) with the solver of `threadIndex`.
/// Returns 1 on success. Errors: -15 bad thread index (checked first);
/// -5, -7, -8, -9, -16, -17, -18, -19, -12 bad target, solutions, mode,
/// trump, first, current trick or holding value; -2, -10, -3, -14, -13, -4
/// zero cards, too many cards, target too high, unequal hands, played card
/// still held, duplicate card; -1 `futp` is NULL or an internal error.
///
/// # Safety
/// `futp` must be NULL or point to a writable `futureTricks`.
#[no_mangle]
pub unsafe extern "C" fn SolveBoard(
    dl: deal,
    target: c_int,
    solutions: c_int,
    mode: c_int,
    futp: *mut futureTricks,
    threadIndex: c_int,
) -> c_int {
    // SAFETY: futp's contract is the caller's.
    guard(|| unsafe { solve_board_c(&dl, target, solutions, mode, futp, threadIndex) })
}

/// Solves one position given as a PBN deal. Returns 1 on success; -99 if
/// the PBN text is bad (checked first), otherwise the errors of
/// `SolveBoard` (-15 bad thread index, ..., -1 `futp` is NULL).
///
/// # Safety
/// `futp` must be NULL or point to a writable `futureTricks`.
#[no_mangle]
pub unsafe extern "C" fn SolveBoardPBN(
    dlpbn: dealPBN,
    target: c_int,
    solutions: c_int,
    mode: c_int,
    futp: *mut futureTricks,
    thrId: c_int,
) -> c_int {
    guard(|| {
        let remainCards = match holdings_from_pbn(&dlpbn.remainCards) {
            Ok(h) => h,
            Err(code) => return code,
        };
        let dl = deal {
            trump: dlpbn.trump,
            first: dlpbn.first,
            currentTrickSuit: dlpbn.currentTrickSuit,
            currentTrickRank: dlpbn.currentTrickRank,
            remainCards,
        };
        // SAFETY: futp's contract is the caller's.
        unsafe { solve_board_c(&dl, target, solutions, mode, futp, thrId) }
    })
}

/// Computes the double dummy table of a binary deal: `resTable[strain][hand]`
/// = declarer's tricks, the strains on the configured threads (as DDS).
/// Returns 1 on success. Errors: -12 bad holding
/// value; -2 zero cards; -10 too many cards; -14 unequal hands (or a card
/// count that is not a multiple of 4); -4 duplicate card; -1 `tablep` is
/// NULL or an internal error.
///
/// # Safety
/// `tablep` must be NULL or point to a writable `ddTableResults`.
#[no_mangle]
pub unsafe extern "C" fn CalcDDtable(tableDeal: ddTableDeal, tablep: *mut ddTableResults) -> c_int {
    // SAFETY: tablep's contract is the caller's.
    guard(|| unsafe { calc_table_c(&tableDeal.cards, tablep) })
}

/// Computes the double dummy table of a PBN deal. Returns 1 on success;
/// -99 if the PBN text is bad, otherwise the errors of `CalcDDtable`.
///
/// # Safety
/// `tablep` must be NULL or point to a writable `ddTableResults`.
#[no_mangle]
pub unsafe extern "C" fn CalcDDtablePBN(
    tableDealPBN: ddTableDealPBN,
    tablep: *mut ddTableResults,
) -> c_int {
    guard(|| {
        let cards = match holdings_from_pbn(&tableDealPBN.cards) {
            Ok(h) => h,
            Err(code) => return code,
        };
        // SAFETY: tablep's contract is the caller's.
        unsafe { calc_table_c(&cards, tablep) }
    })
}

/// Sets the number of threads: `userThreads` <= 0 means one per core, more
/// than the cores is limited to the cores. Same as `SetResources(0, n)`.
/// Returns nothing; cannot fail.
#[no_mangle]
pub extern "C" fn SetMaxThreads(userThreads: c_int) {
    SetResources(0, userThreads);
}

/// Sets the memory cap (MB, <= 0 for none) and the number of threads
/// (<= 0 for one per core, limited to the cores and to what the memory cap
/// allows at 30 MB per thread, at least 1). Returns nothing; cannot fail.
#[no_mangle]
pub extern "C" fn SetResources(maxMemoryMB: c_int, maxThreads: c_int) {
    guard_void(|| configure(&mut REGISTRY.write(), maxMemoryMB, maxThreads));
}

/// Chooses a threading back-end. Returns 1 for the codes DDS 2.9.0 (Debian
/// build) accepts: 0 none, 2 OpenMP, 4 Boost, 5 STL (all run on Rust
/// threads here); -104 (`RETURN_THREAD_MISSING`) for any other code.
#[no_mangle]
pub extern "C" fn SetThreading(code: c_int) -> c_int {
    guard(|| {
        if THREADING_CODES.iter().any(|&(c, _)| c == code) {
            REGISTRY.write().threading = code;
            RETURN_NO_FAULT
        } else {
            RETURN_THREAD_MISSING
        }
    })
}

/// Frees the memory of all solvers (transposition tables); later calls
/// allocate again. Returns nothing; cannot fail.
#[no_mangle]
pub extern "C" fn FreeMemory() {
    guard_void(|| {
        let slots: Vec<Slot> = REGISTRY.read().slots.clone();
        for slot in slots {
            *slot.lock() = None;
        }
        POOL.lock().clear();
    });
}

/// Frees the solvers, the thread slots and the pool (what `FreeMemory`
/// frees, and the slots themselves). Runs when the library is unloaded
/// (`dlclose`) or the process exits; without it every `dlopen`/`dlclose`
/// cycle leaked the solvers' memory, as the statics that pointed to it
/// are unmapped. Never blocks: state another thread still holds (only
/// possible at process exit) is left alone.
pub(crate) fn release_at_unload() {
    if let Some(mut reg) = Lazy::get(&REGISTRY).and_then(|r| r.try_write()) {
        let slots = std::mem::take(&mut reg.slots);
        drop(reg);
        drop(slots);
    }
    if let Some(mut pool) = Lazy::get(&POOL).and_then(|p| p.try_lock()) {
        *pool = Vec::new();
    }
}

/// `release_at_unload` as an ELF destructor of the library.
#[cfg(target_os = "linux")]
extern "C" fn release_at_unload_c() {
    guard_void(release_at_unload);
}

/// The destructor entry: the loader calls it at `dlclose` and at exit.
#[cfg(target_os = "linux")]
#[used]
#[link_section = ".fini_array"]
static RELEASE_AT_UNLOAD: extern "C" fn() = release_at_unload_c;

/// Fills `*info` with version (2.9.0), system, threads and a description.
/// Does nothing if `info` is NULL.
///
/// # Safety
/// `info` must be NULL or point to a writable `DDSInfo`.
#[no_mangle]
pub unsafe extern "C" fn GetDDSInfo(info: *mut DDSInfo) {
    guard_void(|| {
        if !info.is_null() {
            let value = dds_info();
            // SAFETY: info is non-null and, per the contract, writable.
            unsafe { info.write(value) };
        }
    });
}

/// Writes the text of return code `code` (NUL-terminated, at most 80
/// bytes) to `line`; "Not a DDS error code" for unknown codes. Does nothing
/// if `line` is NULL.
///
/// # Safety
/// `line` must be NULL or point to at least 80 writable bytes.
#[no_mangle]
pub unsafe extern "C" fn ErrorMessage(code: c_int, line: *mut c_char) {
    guard_void(|| {
        if line.is_null() {
            return;
        }
        let mut buf = [0 as c_char; 80];
        write_c_string(&mut buf, error_text(code));
        let len = buf
            .iter()
            .position(|&c| c == 0)
            .map_or(buf.len(), |n| n + 1);
        // SAFETY: line is non-null and has room for 80 bytes; len <= 80.
        unsafe { std::ptr::copy_nonoverlapping(buf.as_ptr(), line, len) };
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CStr;

    const LIST1: &str = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";

    fn pbn80(text: &str) -> [c_char; 80] {
        let mut out = [0 as c_char; 80];
        write_c_string(&mut out, text);
        out
    }

    fn list1_deal() -> deal {
        deal {
            trump: 0,
            first: 0,
            currentTrickSuit: [0; 3],
            currentTrickRank: [0; 3],
            remainCards: holdings_from_pbn(&pbn80(LIST1)).unwrap(),
        }
    }

    fn solve(dl: deal, target: c_int, solutions: c_int, mode: c_int) -> (c_int, futureTricks) {
        let mut fut = futureTricks::default();
        let r = unsafe { SolveBoard(dl, target, solutions, mode, &mut fut, 0) };
        (r, fut)
    }

    fn code(dl: deal, target: c_int, solutions: c_int, mode: c_int) -> c_int {
        solve(dl, target, solutions, mode).0
    }

    /// The cards of an answer as sorted (suit, rank, equals, score).
    fn answer(fut: &futureTricks) -> Vec<(c_int, c_int, c_int, c_int)> {
        let mut v: Vec<_> = (0..fut.cards as usize)
            .map(|i| (fut.suit[i], fut.rank[i], fut.equals[i], fut.score[i]))
            .collect();
        v.sort();
        v
    }

    /// Removes `rank` of `suit` from `hand` and plays it to the trick.
    fn play(dl: &mut deal, k: usize, hand: usize, suit: usize, rank: c_int) {
        dl.remainCards[hand][suit] &= !(1 << rank);
        dl.currentTrickSuit[k] = suit as c_int;
        dl.currentTrickRank[k] = rank;
    }

    #[test]
    fn list1_solves_like_dds() {
        let (r, fut) = solve(list1_deal(), -1, 3, 1);
        assert_eq!(r, RETURN_NO_FAULT);
        assert_eq!(fut.cards, 9);
        assert_eq!(&fut.score[..9], &[5, 5, 5, 5, 5, 5, 4, 4, 4]);
        // DDS's FUT line as a set (the order is the move ordering's).
        let mut expect = vec![
            (2, 5, 0, 5),
            (2, 8, 0, 5),
            (2, 11, 0, 5),
            (3, 10, 768, 5),
            (0, 6, 0, 5),
            (0, 12, 2048, 5),
            (1, 2, 0, 4),
            (1, 6, 32, 4),
            (1, 13, 0, 4),
        ];
        expect.sort();
        assert_eq!(answer(&fut), expect);
        assert_eq!(&fut.suit[9..], &[0; 4]);
        assert_eq!(&fut.score[9..], &[0; 4]);
    }

    #[test]
    fn range_checks_in_dds_order() {
        let d = list1_deal();
        assert_eq!(code(d, -2, 0, -1), RETURN_TARGET_WRONG_LO);
        assert_eq!(code(d, 14, 0, -1), RETURN_TARGET_WRONG_HI);
        assert_eq!(code(d, -1, 0, -1), RETURN_SOLNS_WRONG_LO);
        assert_eq!(code(d, -1, 4, -1), RETURN_SOLNS_WRONG_HI);
        assert_eq!(code(d, -1, 1, -1), RETURN_MODE_WRONG_LO);
        assert_eq!(code(d, -1, 1, 3), RETURN_MODE_WRONG_HI);
        let bad = deal {
            trump: 5,
            first: 4,
            ..d
        };
        assert_eq!(code(bad, -1, 1, 1), RETURN_TRUMP_WRONG);
        assert_eq!(code(deal { trump: -1, ..d }, -1, 1, 1), RETURN_TRUMP_WRONG);
        assert_eq!(code(deal { trump: 4, ..bad }, -1, 1, 1), RETURN_FIRST_WRONG);
    }

    #[test]
    fn current_trick_range_checks() {
        fn with(ranks: [c_int; 3], suits: [c_int; 3]) -> deal {
            let mut d = list1_deal();
            d.currentTrickRank = ranks;
            d.currentTrickSuit = suits;
            d
        }
        assert_eq!(code(with([1, 0, 0], [0; 3]), -1, 1, 1), RETURN_SUIT_OR_RANK);
        assert_eq!(
            code(with([15, 0, 0], [0; 3]), -1, 1, 1),
            RETURN_SUIT_OR_RANK
        );
        assert_eq!(
            code(with([5, 0, 0], [4, 0, 0]), -1, 1, 1),
            RETURN_SUIT_OR_RANK
        );
        assert_eq!(code(with([0, 5, 0], [0; 3]), -1, 1, 1), RETURN_SUIT_OR_RANK);
        assert_eq!(code(with([5, 0, 6], [0; 3]), -1, 1, 1), RETURN_SUIT_OR_RANK);
        // With 52 cards, in-range trick fields are ignored.
        let (r, fut) = solve(with([14, 5, 0], [3, 1, 0]), -1, 3, 1);
        assert_eq!((r, fut.cards), (RETURN_NO_FAULT, 9));
        // A rank-0 card's suit is not range-checked.
        assert_eq!(code(with([0, 0, 0], [9, 9, 9]), -1, 1, 1), RETURN_NO_FAULT);
    }

    #[test]
    fn holding_values() {
        let mut d = list1_deal();
        d.remainCards[1][0] = 3;
        assert_eq!(code(d, -1, 1, 1), RETURN_SUIT_OR_RANK);
        let mut d = list1_deal();
        d.remainCards[1][0] |= 0x8000;
        assert_eq!(code(d, -1, 1, 1), RETURN_SUIT_OR_RANK);
        // The two low bits of a valid holding are ignored.
        let mut d = list1_deal();
        d.remainCards[0][0] |= 1;
        assert_eq!(solve(d, -1, 3, 1).1.score[..9], [5, 5, 5, 5, 5, 5, 4, 4, 4]);
        // Range checks come before value checks.
        let mut d = list1_deal();
        d.remainCards[0][0] |= 0x7ffc;
        assert_eq!(code(d, -1, 1, 1), RETURN_TOO_MANY_CARDS);
        d.currentTrickRank[0] = 99;
        assert_eq!(code(d, -1, 1, 1), RETURN_SUIT_OR_RANK);
    }

    #[test]
    fn value_checks_in_dds_order() {
        assert_eq!(code(deal::default(), -1, 1, 1), RETURN_ZERO_CARDS);
        assert_eq!(code(deal::default(), 5, 1, 1), RETURN_ZERO_CARDS);
        let mut d = list1_deal();
        d.remainCards[0][0] |= 1 << 2;
        assert_eq!(code(d, -1, 1, 1), RETURN_TOO_MANY_CARDS);
        // North also holds West's S2 (and gives up HK to keep 13 cards).
        let mut d = list1_deal();
        d.remainCards[0][0] |= 1 << 2;
        d.remainCards[0][1] &= !(1 << 13);
        assert_eq!(code(d, -1, 1, 1), RETURN_DUPLICATE_CARDS);
        // Unequal hands.
        let mut d = list1_deal();
        d.remainCards[1][0] &= !(1 << 8);
        d.currentTrickRank[0] = 8;
        assert_eq!(code(d, -1, 1, 1), RETURN_CARD_COUNT);
        // Played card still held (N leads SJ but keeps it).
        let mut d = list1_deal();
        d.remainCards[0][0] &= !(1 << 12);
        d.currentTrickRank[0] = 11;
        assert_eq!(code(d, -1, 1, 1), RETURN_PLAYED_CARD);
    }

    #[test]
    fn target_too_high_counts_trick_in_progress() {
        // 48 cards: 12 tricks.
        let mut d = list1_deal();
        for (h, r) in [(0, 8), (1, 4), (2, 2), (3, 3)] {
            d.remainCards[h][3] &= !(1 << r);
        }
        assert_eq!(code(d, 13, 1, 1), RETURN_TARGET_TOO_HIGH);
        let (r, fut) = solve(d, 12, 1, 1);
        assert_eq!((r, fut.cards, fut.score[0]), (RETURN_NO_FAULT, 0, -1));
        // 51 cards: the trick in progress counts, 13 tricks.
        let mut d = list1_deal();
        play(&mut d, 0, 0, 0, 12);
        let (r, fut) = solve(d, 13, 1, 1);
        assert_eq!((r, fut.cards, fut.score[0]), (RETURN_NO_FAULT, 0, -1));
        // One card: one trick.
        let mut d = deal::default();
        d.remainCards[3][0] = 4;
        assert_eq!(code(d, 2, 1, 1), RETURN_TARGET_TOO_HIGH);
    }

    #[test]
    fn trick_in_progress_matches_dds() {
        // DDS 2.9.0: N leads SQ -> E: 03/0/8 08/128/8.
        let mut d = list1_deal();
        play(&mut d, 0, 0, 0, 12);
        let (r, fut) = solve(d, -1, 3, 1);
        assert_eq!(r, RETURN_NO_FAULT);
        assert_eq!(answer(&fut), vec![(0, 3, 0, 8), (0, 8, 128, 8)]);
    }

    #[test]
    fn phantom_card_matches_dds() {
        // 51 cards, rank 0 led in spades: DDS gives 08/128/9 03/0/9.
        let mut d = list1_deal();
        play(&mut d, 0, 0, 0, 12);
        d.currentTrickRank[0] = 0;
        let (r, fut) = solve(d, -1, 3, 1);
        assert_eq!(r, RETURN_NO_FAULT);
        assert_eq!(answer(&fut), vec![(0, 3, 0, 9), (0, 8, 128, 9)]);
        // A phantom in a suit outside 0..=3 (DDS reads out of bounds).
        d.currentTrickSuit[0] = 7;
        assert_eq!(code(d, -1, 3, 1), RETURN_SUIT_OR_RANK);
    }

    #[test]
    fn last_trick_ignores_target() {
        let mut d = deal::default();
        d.remainCards[0][0] = 1 << 14;
        d.remainCards[1][1] = 1 << 14;
        d.remainCards[2][2] = 1 << 14;
        d.remainCards[3][0] = 1 << 2;
        let (r, fut) = solve(d, 1, 1, 1);
        assert_eq!(
            (r, fut.cards, fut.suit[0], fut.rank[0], fut.score[0]),
            (1, 1, 0, 14, 1)
        );
        d.first = 1;
        let (_, fut) = solve(d, 1, 1, 1);
        assert_eq!((fut.suit[0], fut.rank[0], fut.score[0]), (1, 14, 0));
        d.trump = 1;
        assert_eq!(solve(d, -1, 3, 1).1.score[0], 1);
        assert_eq!(code(d, 2, 1, 1), RETURN_TARGET_TOO_HIGH);
    }

    #[test]
    fn thread_index_is_checked_first() {
        let d = deal {
            trump: 9,
            ..list1_deal()
        };
        let n = thread_count() as c_int;
        let mut fut = futureTricks::default();
        for bad in [-1, n, 1000] {
            assert_eq!(
                unsafe { SolveBoard(d, -2, 9, 9, &mut fut, bad) },
                RETURN_THREAD_INDEX
            );
        }
        assert_eq!(
            unsafe { SolveBoard(d, -2, 9, 9, &mut fut, n - 1) },
            RETURN_TARGET_WRONG_LO
        );
    }

    #[test]
    fn null_output_is_a_general_error_after_validation() {
        let d = list1_deal();
        assert_eq!(
            unsafe { SolveBoard(d, -1, 1, 1, std::ptr::null_mut(), 0) },
            RETURN_UNKNOWN_FAULT
        );
        assert_eq!(
            unsafe { SolveBoard(d, -2, 1, 1, std::ptr::null_mut(), 0) },
            RETURN_TARGET_WRONG_LO
        );
        let td = ddTableDeal {
            cards: d.remainCards,
        };
        assert_eq!(
            unsafe { CalcDDtable(td, std::ptr::null_mut()) },
            RETURN_UNKNOWN_FAULT
        );
    }

    #[test]
    fn pbn_variant() {
        let mut p = dealPBN {
            trump: 0,
            first: 0,
            currentTrickSuit: [0; 3],
            currentTrickRank: [0; 3],
            remainCards: pbn80("   N:"),
        };
        let mut fut = futureTricks::default();
        // The PBN text is checked before the thread index.
        assert_eq!(
            unsafe { SolveBoardPBN(p, -1, 3, 1, &mut fut, 99) },
            RETURN_PBN_FAULT
        );
        p.remainCards = pbn80(LIST1);
        assert_eq!(
            unsafe { SolveBoardPBN(p, -1, 3, 1, &mut fut, 99) },
            RETURN_THREAD_INDEX
        );
        assert_eq!(
            unsafe { SolveBoardPBN(p, 9, 2, 1, &mut fut, 0) },
            RETURN_NO_FAULT
        );
        assert_eq!((fut.cards, fut.score[0]), (0, -1));
        assert_eq!(
            unsafe { SolveBoardPBN(p, 0, 1, 1, &mut fut, 0) },
            RETURN_NO_FAULT
        );
        assert_eq!((fut.cards, fut.score[0], fut.nodes), (1, 0, 0));
    }

    #[test]
    fn pbn_groups_beyond_dds_hands() {
        let h = |t: &str| holdings_from_pbn(&pbn80(t));
        assert!(h(&format!("{LIST1} ")).is_ok());
        assert_eq!(h(&format!("{LIST1} A")), Err(RETURN_PBN_FAULT));
        assert_eq!(h("E:A... K... Q... J... T..."), Err(RETURN_PBN_FAULT));
        assert_eq!(h("W:A... K... Q... J... T... 9..."), Err(RETURN_PBN_FAULT));
        assert_eq!(
            h("S:A... K... Q... J... T... 9... 8..."),
            Err(RETURN_PBN_FAULT)
        );
        // DDS wraps once for West and South: the fifth group is West's.
        let w = h("W:A... K... Q... J... T...").unwrap();
        assert_eq!(w[3][0], (1 << 14) | (1 << 10));
        let s = h("S:A... K... Q... J... T... 9...").unwrap();
        assert_eq!(
            (s[2][0], s[3][0]),
            ((1 << 14) | (1 << 10), (1 << 13) | (1 << 9))
        );
    }

    #[test]
    fn tables() {
        let expect = [5, 8, 5, 8, 6, 6, 6, 6, 5, 7, 5, 7, 7, 5, 7, 5, 6, 6, 6, 6];
        let mut t = ddTableResults::default();
        let td = ddTableDealPBN {
            cards: pbn80(LIST1),
        };
        assert_eq!(unsafe { CalcDDtablePBN(td, &mut t) }, RETURN_NO_FAULT);
        assert_eq!(t.resTable.concat(), expect);
        let bad = ddTableDealPBN { cards: pbn80("x") };
        assert_eq!(unsafe { CalcDDtablePBN(bad, &mut t) }, RETURN_PBN_FAULT);
        // 48 cards: DDS counts 13 minus the defenders' tricks.
        let mut cards = list1_deal().remainCards;
        for (h, r) in [(0, 8), (1, 4), (2, 2), (3, 3)] {
            cards[h][3] &= !(1 << r);
        }
        assert_eq!(
            unsafe { CalcDDtable(ddTableDeal { cards }, &mut t) },
            RETURN_NO_FAULT
        );
        assert_eq!(
            t.resTable.concat(),
            [6, 8, 6, 8, 7, 6, 7, 6, 6, 7, 6, 7, 8, 5, 8, 5, 7, 6, 7, 6]
        );
        let mut errs = |cards| unsafe { CalcDDtable(ddTableDeal { cards }, &mut t) };
        assert_eq!(errs([[0; 4]; 4]), RETURN_ZERO_CARDS);
        let mut c = list1_deal().remainCards;
        c[0][0] = 1;
        assert_eq!(errs(c), RETURN_SUIT_OR_RANK);
        let mut c = list1_deal().remainCards;
        c[0][0] |= 4;
        assert_eq!(errs(c), RETURN_TOO_MANY_CARDS);
        let mut c = list1_deal().remainCards;
        c[0][0] &= !(1 << 12);
        assert_eq!(errs(c), RETURN_CARD_COUNT);
        let mut c = list1_deal().remainCards;
        c[1][0] &= !(1 << 8);
        assert_eq!(errs(c), RETURN_CARD_COUNT);
    }

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
    fn error_messages() {
        let mut line = [b'X' as c_char; 80];
        unsafe { ErrorMessage(RETURN_SUIT_OR_RANK, line.as_mut_ptr()) };
        let text = unsafe { CStr::from_ptr(line.as_ptr()) };
        assert_eq!(
            text.to_str().unwrap(),
            "currentTrickSuit or currentTrickRank has wrong data"
        );
        for c in [-6, -11, 0, 2, -100, -300] {
            unsafe { ErrorMessage(c, line.as_mut_ptr()) };
            let text = unsafe { CStr::from_ptr(line.as_ptr()) };
            assert_eq!(text.to_str().unwrap(), "Not a DDS error code");
        }
        assert_eq!(error_text(-19), "First is not in 0 .. 2");
        assert_eq!(error_text(1), "Success");
        unsafe { ErrorMessage(1, std::ptr::null_mut()) };
    }

    #[test]
    fn info_and_threading() {
        let mut info = std::mem::MaybeUninit::<DDSInfo>::zeroed();
        unsafe { GetDDSInfo(info.as_mut_ptr()) };
        let info = unsafe { info.assume_init() };
        assert_eq!((info.major, info.minor, info.patch), (2, 9, 0));
        let v = unsafe { CStr::from_ptr(info.versionString.as_ptr()) };
        assert_eq!(v.to_str().unwrap(), "2.9.0");
        assert_eq!(info.numCores as usize, cores());
        let s = unsafe { CStr::from_ptr(info.systemString.as_ptr()) }
            .to_str()
            .unwrap();
        assert!(
            s.contains("Kibitz") && s.contains(env!("CARGO_PKG_VERSION")),
            "{s}"
        );
        let sizes = unsafe { CStr::from_ptr(info.threadSizes.as_ptr()) }
            .to_str()
            .unwrap();
        assert!(sizes.ends_with(" L") && sizes.contains(" S, "), "{sizes}");
        unsafe { GetDDSInfo(std::ptr::null_mut()) };
        for c in [-1, 1, 3, 6, 7, 8, 100] {
            assert_eq!(SetThreading(c), RETURN_THREAD_MISSING);
        }
        for c in [0, 2, 4, 5] {
            assert_eq!(SetThreading(c), RETURN_NO_FAULT);
        }
    }

    #[test]
    fn resource_rules() {
        let mut reg = Registry {
            slots: Vec::new(),
            large: 0,
            memory_mb: 0,
            threading: 5,
        };
        let n = cores();
        configure(&mut reg, 0, 0);
        assert_eq!(reg.slots.len(), n);
        configure(&mut reg, 0, 1);
        assert_eq!((reg.slots.len(), reg.large), (1, 1));
        configure(&mut reg, 0, n as c_int + 5);
        assert_eq!(reg.slots.len(), n);
        // DDS 2.9.0: SetResources(40, 2) -> 1 thread "1 S, 0 L";
        // (150, 2) -> "1 S, 1 L"; (100, 2) -> "2 S, 0 L".
        configure(&mut reg, 40, 2);
        assert_eq!((reg.slots.len(), reg.large), (1, 0));
        if n >= 2 {
            configure(&mut reg, 150, 2);
            assert_eq!((reg.slots.len(), reg.large), (2, 1));
            configure(&mut reg, 100, 2);
            assert_eq!((reg.slots.len(), reg.large), (2, 0));
        }
        configure(&mut reg, 1, 2);
        assert_eq!(reg.slots.len(), 1);
    }

    #[test]
    fn concurrent_calls_with_distinct_indices() {
        let n = thread_count().max(1);
        let handles: Vec<_> = (0..n)
            .map(|i| {
                std::thread::spawn(move || {
                    let mut fut = futureTricks::default();
                    let r = unsafe { SolveBoard(list1_deal(), -1, 1, 1, &mut fut, i as c_int) };
                    let mut t = ddTableResults::default();
                    let rt = unsafe {
                        CalcDDtable(
                            ddTableDeal {
                                cards: list1_deal().remainCards,
                            },
                            &mut t,
                        )
                    };
                    (r, fut.score[0], rt, t.resTable[0][0])
                })
            })
            .collect();
        for h in handles {
            assert_eq!(h.join().unwrap(), (1, 5, 1, 5));
        }
        FreeMemory();
        assert_eq!(code(list1_deal(), -1, 1, 1), RETURN_NO_FAULT);
    }
}
