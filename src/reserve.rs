//! An allocator that keeps a reserve of address space, so that running out of it under
//! `RLIMIT_AS` (`ulimit -v`) stops a run with "memory limit of X reached" instead of aborting.
//!
//! Why: past `RLIMIT_AS` an allocation fails, and Rust aborts the process on a failed
//! allocation (no unwinding, no message of ours, exit 134). The budget measures the virtual
//! size between steps of work ([`crate::limits::Budget`]), but one step can take more than
//! the margin it keeps: glibc gives every thread a heap of its own and reserves 64 MiB of
//! address space for it in one go, and oxidd's unique tables double. On 2016 problem 119
//! under a tight `ulimit -v`, four runs in six aborted so
//! (docs/benchmarks.md, "Memory reserve").
//!
//! So the program's allocator ([`Reserving`], installed in `main.rs`) holds a block of
//! address space from the start ([`keep`]). When an allocation fails, it gives the block
//! back, marks the memory as exhausted and tries again, which succeeds for anything smaller
//! than the block; the next check of the budget sees [`exhausted`] and stops the run with
//! exit code 3, and the way out (unwinding, the message) has the reserve's room to allocate.
//! A library user who does not install the allocator gets the previous behaviour.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicUsize, Ordering};

/// The reserve: a block from [`System`], or null.
static RESERVE: AtomicPtr<u8> = AtomicPtr::new(std::ptr::null_mut());
static RESERVE_BYTES: AtomicUsize = AtomicUsize::new(0);
/// Set once an allocation failed and the reserve was given back.
static EXHAUSTED: AtomicBool = AtomicBool::new(false);

const PAGE: usize = 4096;

/// The global allocator of the `ltsym` program: [`System`], falling back on the reserve.
pub struct Reserving;

// SAFETY: every call is passed on to `System` unchanged; the only addition is freeing the
// reserve block, which was allocated by `System` with the layout it is freed with and is
// taken out of `RESERVE` atomically, so it is freed once.
unsafe impl GlobalAlloc for Reserving {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if p.is_null() && release() {
            return System.alloc(layout);
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc_zeroed(layout);
        if p.is_null() && release() {
            return System.alloc_zeroed(layout);
        }
        p
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = System.realloc(ptr, layout, new_size);
        if p.is_null() && release() {
            return System.realloc(ptr, layout, new_size);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
}

/// Gives the reserve back; false when there was none left.
fn release() -> bool {
    let p = RESERVE.swap(std::ptr::null_mut(), Ordering::SeqCst);
    if p.is_null() {
        return false;
    }
    let bytes = RESERVE_BYTES.load(Ordering::SeqCst);
    EXHAUSTED.store(true, Ordering::SeqCst);
    if let Ok(layout) = Layout::from_size_align(bytes, PAGE) {
        // SAFETY: `p` came from `System.alloc` with this layout (see `keep`), and the swap
        // above made this the only place that frees it.
        unsafe { System.dealloc(p, layout) };
    }
    true
}

/// Holds `bytes` of address space in reserve (untouched: it costs no memory, only address
/// space). Called once at the start of the program; false when the block could not be had.
pub fn keep(bytes: usize) -> bool {
    if !RESERVE.load(Ordering::SeqCst).is_null() {
        return true;
    }
    let Ok(layout) = Layout::from_size_align(bytes.max(PAGE), PAGE) else {
        return false;
    };
    // SAFETY: the layout has a non-zero size.
    let p = unsafe { System.alloc(layout) };
    if p.is_null() {
        return false;
    }
    RESERVE_BYTES.store(layout.size(), Ordering::SeqCst);
    RESERVE.store(p, Ordering::SeqCst);
    true
}

/// Whether an allocation has failed: the memory is used up, the run must stop.
pub fn exhausted() -> bool {
    EXHAUSTED.load(Ordering::Relaxed)
}

/// Asks glibc for one heap for all threads. By default it gives each thread that allocates a
/// heap of its own, reserving 64 MiB of address space for it in one go: under a `ulimit -v`
/// several times what `check` of 2016 problem 110 needs, the heaps of the engines' thread and
/// of the signal-watching thread took so much that it stopped at once with the memory limit
/// (docs/benchmarks.md, "Memory reserve").
/// Called at the start of the program, before any thread. Elsewhere than on glibc, nothing.
pub fn one_heap() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        // SAFETY: mallopt only sets a tunable of the allocator; called before other threads.
        unsafe {
            libc::mallopt(libc::M_ARENA_MAX, 1);
        }
    }
}
