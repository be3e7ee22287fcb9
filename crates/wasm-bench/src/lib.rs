//! The engine's evaluation of a share link, exported from a wasm module built with the page's
//! release profile (size-optimised), for `scripts/engine-wasm.mjs` to time in Node's V8.
//!
//! The page's timings (`scripts/bench.mjs`, `scripts/compare.mjs`) move by a fifth from one run to
//! the next, far more than most changes to the engine; the native benchmarks
//! (`crates/engine/benches`) run code optimised for speed, which inlines what the size-optimised
//! wasm calls and compares text with the platform's `memcmp` where the wasm compares byte by
//! byte. This module runs the engine as the page runs it, without the page.

use gpu_sizer_engine::catalog::Catalog;
use gpu_sizer_engine::plan::{evaluate_with, SizingCache};
use gpu_sizer_formats::link;
use std::cell::RefCell;
use wasm_bindgen::prelude::wasm_bindgen;

thread_local! {
    /// What the last evaluations kept of their jobs, as the page keeps it between inputs.
    static KEPT: RefCell<SizingCache<'static>> = RefCell::new(SizingCache::default());
}

/// Evaluates the scenario of `link` (a share link or its query) against the built-in catalog and
/// says how many candidates it ranked, or 0 when the link's form is not a valid request. With
/// `keep`, the evaluation starts from what the last ones with `keep` found, as the page's does
/// after an input; without, from nothing, as a page's first.
#[wasm_bindgen]
pub fn evaluate(link: &str, keep: bool) -> u32 {
    let Ok(request) = link::decode(link).form.to_request(None) else {
        return 0;
    };
    let catalog = Catalog::builtin();
    let ranked = |cache: &mut SizingCache<'static>| {
        evaluate_with(catalog, &request, cache).map_or(0, |r| r.ranked.len() as u32)
    };
    if keep {
        KEPT.with_borrow_mut(ranked)
    } else {
        ranked(&mut SizingCache::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shared link of the page's benchmark (`SHARED_LINK` in tests/e2e/first-load.mjs).
    const SERVICE: &str = "?v=1&w=serve&ctx=8192&cc=32&pt=1024&lat=50&rps=2&eg=50";

    #[test]
    fn an_evaluation_from_what_was_kept_ranks_what_a_fresh_one_does() {
        let fresh = evaluate(SERVICE, false);
        assert!(fresh > 100, "the service ranks its candidates ({fresh})");
        assert_eq!(evaluate(SERVICE, true), fresh);
        assert_eq!(evaluate(SERVICE, true), fresh);
        let edited = "?v=1&tok=2e8";
        assert_eq!(evaluate(edited, true), evaluate(edited, false));
    }

    #[test]
    fn a_link_that_is_no_request_ranks_nothing() {
        assert_eq!(evaluate("?v=1&w=serve&cc=0", false), 0);
    }
}
