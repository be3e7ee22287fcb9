//! The module's allocator: it hands out memory and never takes any back.
//!
//! The module runs once (read the link, evaluate, write the card) and then only stays in the
//! page. A wasm memory never shrinks, so what the standard allocator (dlmalloc) frees would
//! only serve later allocations of that one run. Never freeing costs under a megabyte more
//! (3.1 MiB of memory after the links tried, against 2.3 to 2.7 MiB) and saves dlmalloc:
//! 4.7 KB of the module's gzip, compiled on the page's main thread when first called, and its
//! bookkeeping on every allocation.

use core::alloc::{GlobalAlloc, Layout};
use core::arch::wasm32;
use core::cell::Cell;
use core::ptr::null_mut;

/// A wasm page.
const PAGE: usize = 65_536;
/// The memory grows by at least this many pages at a time (1 MiB), so a run of a few megabytes
/// grows it a few times: each growth is a call into the engine, which may move the memory.
const GROW_PAGES: usize = 16;

/// Allocations in order from the end of the memory, which grows as they need.
pub struct Bump {
    /// Where the next allocation may start.
    next: Cell<usize>,
    /// The end of the memory this allocator has grown, 0 before its first allocation.
    end: Cell<usize>,
}

// wasm32-unknown-unknown without the atomics feature has one thread.
unsafe impl Sync for Bump {}

impl Bump {
    pub const fn new() -> Self {
        Bump {
            next: Cell::new(0),
            end: Cell::new(0),
        }
    }

    /// The first address at or after `next` aligned to `align` (a power of two), if any.
    fn aligned(next: usize, align: usize) -> Option<usize> {
        Some(next.checked_add(align - 1)? & !(align - 1))
    }
}

unsafe impl GlobalAlloc for Bump {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let (size, align) = (layout.size(), layout.align());
        let fits = |start: usize| {
            start
                .checked_add(size)
                .filter(|stop| *stop <= self.end.get())
        };
        let mut start = Bump::aligned(self.next.get(), align);
        if start.and_then(fits).is_none() {
            // New pages at the end of the memory, enough for this allocation at any alignment.
            let Some(wanted) = size.checked_add(align) else {
                return null_mut();
            };
            let pages = wanted.div_ceil(PAGE).max(GROW_PAGES);
            let first = wasm32::memory_grow(0, pages);
            if first == usize::MAX {
                return null_mut();
            }
            let base = first * PAGE;
            // The space left below the new pages is kept when they follow this allocator's own.
            if base != self.end.get() {
                self.next.set(base);
            }
            self.end.set(base + pages * PAGE);
            start = Bump::aligned(self.next.get(), align);
        }
        match start.and_then(fits) {
            Some(stop) => {
                self.next.set(stop);
                (stop - size) as *mut u8
            }
            None => null_mut(),
        }
    }

    unsafe fn dealloc(&self, _: *mut u8, _: Layout) {}

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let at = ptr as usize;
        // The last allocation (a string or list being built) changes size in place when the
        // memory already holds it.
        let last = at + layout.size() == self.next.get();
        if let Some(stop) = at
            .checked_add(new_size)
            .filter(|s| last && *s <= self.end.get())
        {
            self.next.set(stop);
            return ptr;
        }
        // SAFETY: the caller guarantees `new_size` rounded up to `layout.align()` does not
        // overflow, and the alignment is `layout`'s, a power of two.
        let new =
            unsafe { self.alloc(Layout::from_size_align_unchecked(new_size, layout.align())) };
        if !new.is_null() {
            // SAFETY: both blocks are at least this long, and a new block never overlaps an old one.
            unsafe { core::ptr::copy_nonoverlapping(ptr, new, layout.size().min(new_size)) };
        }
        new
    }
}
