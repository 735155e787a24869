//! Opens Debian's DDS 2.9.0 (`libdds.so.0`) for the differential tests.
//!
//! The library is opened with its own symbols bound first
//! (`RTLD_DEEPBIND`), so its internal calls never reach our same-named
//! exports in the test binary, and it is never closed: DDS's destructor
//! crashes when the library is unloaded. Each test binds the symbols it
//! compares with [`symbol`].
#![allow(dead_code)]

use libloading::os::unix::Library;

/// Where Debian's library is looked for, in order.
pub const PATHS: [&str; 2] = ["/usr/lib/x86_64-linux-gnu/libdds.so.0", "libdds.so.0"];

/// One opened copy of Debian's library, kept for the life of the process.
pub struct Debian {
    lib: &'static Library,
    /// The path it was opened from.
    pub path: &'static str,
}

/// Opens the library from the first path that works; the error lists
/// every path tried with its loader message.
pub fn open() -> Result<Debian, String> {
    let flags = libc::RTLD_NOW | libc::RTLD_LOCAL | libc::RTLD_DEEPBIND;
    let mut errors = Vec::new();
    for path in PATHS {
        // SAFETY: loading DDS runs its constructor, which only sets up its
        // thread memory.
        match unsafe { Library::open(Some(path), flags) } {
            Ok(lib) => {
                return Ok(Debian {
                    lib: Box::leak(Box::new(lib)),
                    path,
                })
            }
            Err(e) => errors.push(format!("{path}: {e}")),
        }
    }
    Err(errors.join("; "))
}

impl Debian {
    /// The function `name` (without its NUL), as the caller's type.
    ///
    /// # Safety
    /// `T` must be the function pointer type that `dll.h` declares for
    /// `name`.
    pub unsafe fn symbol<T: Copy>(&self, name: &str) -> Result<T, String> {
        let c_name = format!("{name}\0");
        // SAFETY: the caller vouches for the type.
        unsafe { self.lib.get::<T>(c_name.as_bytes()) }
            .map(|f| *f)
            .map_err(|e| format!("{}: {name}: {e}", self.path))
    }
}

/// The panic boundary of a `harness = false` test that loads Debian's
/// library: runs `run`, prints a failing summary if it panics, and leaves
/// with `_exit` (DDS's destructor crashes at a normal exit).
pub fn exit_after(name: &str, run: impl FnOnce() -> i32 + std::panic::UnwindSafe) -> ! {
    let code = std::panic::catch_unwind(run).unwrap_or_else(|_| {
        println!("{name}: panicked");
        println!("0 passed, 1 failed");
        1
    });
    use std::io::Write;
    let _ = std::io::stdout().flush();
    // SAFETY: skips only the library's crashing destructor.
    unsafe { libc::_exit(code) }
}

/// `SolveBoard`'s binary deal for a position of `random.rs`.
pub fn to_deal(p: &super::random::Position) -> dds::deal {
    let mut d = dds::deal {
        trump: p.trump,
        first: p.first,
        ..Default::default()
    };
    for (i, &(s, r)) in p.trick.iter().enumerate() {
        d.currentTrickSuit[i] = s;
        d.currentTrickRank[i] = r;
    }
    d.remainCards = p.remain;
    d
}
