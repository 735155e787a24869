//! DDS's resource and information functions: threads, memory, threading
//! back-end, `GetDDSInfo` and `ErrorMessage`.

use std::os::raw::{c_char, c_int};

use kibitz::bridge::dds::resources::{self, THREADING_BACKENDS};
use kibitz::bridge::dds::DdsError;

use super::types::*;
use crate::boundary::boundary;
use crate::c_string::{write_c_string, write_c_string_raw};

/// The DDS text of a return code, or "Not a DDS error code".
pub(crate) fn error_text(code: c_int) -> &'static str {
    if code == RETURN_NO_FAULT {
        return TEXT_NO_FAULT;
    }
    DdsError::from_code(code).map_or("Not a DDS error code", DdsError::text)
}

/// The `DDSInfo` record `GetDDSInfo` fills.
fn dds_info() -> DDSInfo {
    let resources::ResourceInfo {
        threads,
        large_tables: large,
        memory_mb,
        threading,
        cores,
    } = resources::info();
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
    let backends: Vec<String> = THREADING_BACKENDS
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
        format!("{:<20}{:>15}", "Number of cores", cores),
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
        numCores: cores as c_int,
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
    boundary((), || resources::set_resources(maxMemoryMB, maxThreads));
}

/// Chooses a threading back-end. Returns 1 for the codes DDS 2.9.0 (Debian
/// build) accepts: 0 none, 2 OpenMP, 4 Boost, 5 STL (all run on Rust
/// threads here); -104 (`RETURN_THREAD_MISSING`) for any other code.
#[no_mangle]
pub extern "C" fn SetThreading(code: c_int) -> c_int {
    boundary(RETURN_UNKNOWN_FAULT, || {
        match resources::set_threading(code) {
            Ok(()) => RETURN_NO_FAULT,
            Err(e) => e.code(),
        }
    })
}

/// Frees the memory of all solvers (transposition tables); later calls
/// allocate again. Returns nothing; cannot fail.
#[no_mangle]
pub extern "C" fn FreeMemory() {
    boundary((), resources::free_memory);
}

/// Frees the solvers, the thread slots and the pool when the library is
/// unloaded (`dlclose`) or the process exits; without it every
/// `dlopen`/`dlclose` cycle leaked the solvers' memory, as the statics
/// that pointed to it are unmapped.
#[cfg(target_os = "linux")]
extern "C" fn release_at_unload_c() {
    boundary((), resources::release_all);
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
    boundary((), || {
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
    boundary((), || {
        // SAFETY: line is non-null and has room for 80 bytes.
        unsafe { write_c_string_raw(line, 80, error_text(code)) };
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CStr;

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
        assert_eq!(info.numCores as usize, resources::cores());
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

    /// The header's codes and texts are the safe crate's.
    #[test]
    fn codes_and_texts_agree_with_the_safe_crate() {
        let header = [
            (RETURN_UNKNOWN_FAULT, TEXT_UNKNOWN_FAULT),
            (RETURN_ZERO_CARDS, TEXT_ZERO_CARDS),
            (RETURN_TARGET_TOO_HIGH, TEXT_TARGET_TOO_HIGH),
            (RETURN_DUPLICATE_CARDS, TEXT_DUPLICATE_CARDS),
            (RETURN_TARGET_WRONG_LO, TEXT_TARGET_WRONG_LO),
            (RETURN_TARGET_WRONG_HI, TEXT_TARGET_WRONG_HI),
            (RETURN_SOLNS_WRONG_LO, TEXT_SOLNS_WRONG_LO),
            (RETURN_SOLNS_WRONG_HI, TEXT_SOLNS_WRONG_HI),
            (RETURN_TOO_MANY_CARDS, TEXT_TOO_MANY_CARDS),
            (RETURN_SUIT_OR_RANK, TEXT_SUIT_OR_RANK),
            (RETURN_PLAYED_CARD, TEXT_PLAYED_CARD),
            (RETURN_CARD_COUNT, TEXT_CARD_COUNT),
            (RETURN_THREAD_INDEX, TEXT_THREAD_INDEX),
            (RETURN_MODE_WRONG_LO, TEXT_MODE_WRONG_LO),
            (RETURN_MODE_WRONG_HI, TEXT_MODE_WRONG_HI),
            (RETURN_TRUMP_WRONG, TEXT_TRUMP_WRONG),
            (RETURN_FIRST_WRONG, TEXT_FIRST_WRONG),
            (RETURN_PLAY_FAULT, TEXT_PLAY_FAULT),
            (RETURN_PBN_FAULT, TEXT_PBN_FAULT),
            (RETURN_TOO_MANY_BOARDS, TEXT_TOO_MANY_BOARDS),
            (RETURN_THREAD_CREATE, TEXT_THREAD_CREATE),
            (RETURN_THREAD_WAIT, TEXT_THREAD_WAIT),
            (RETURN_THREAD_MISSING, TEXT_THREAD_MISSING),
            (RETURN_NO_SUIT, TEXT_NO_SUIT),
            (RETURN_TOO_MANY_TABLES, TEXT_TOO_MANY_TABLES),
            (RETURN_CHUNK_SIZE, TEXT_CHUNK_SIZE),
        ];
        assert_eq!(header.len(), DdsError::ALL.len());
        for ((code, text), e) in header.into_iter().zip(DdsError::ALL) {
            assert_eq!((code, text), (e.code(), e.text()));
        }
    }
}
