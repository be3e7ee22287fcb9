//! What one price override costs the page's catalog memo (`src/app/state.rs`) with a custom offer
//! present: before, the memo read every edit, so each override rebuilt the catalog and compared
//! it with the last one field by field; now a memo of the custom offers alone stands in front,
//! so an override clones and compares those few rows. Run with
//! `cargo run --release -p gpu-sizer-formats --example catalog_memo`.

use gpu_sizer_engine::catalog::Catalog;
use gpu_sizer_formats::catalog_edits::{with_offers, CatalogEdits};
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let base = Catalog::builtin();
    let mut custom = base.offers[0].clone();
    custom.id = "custom-offer".into();
    custom.region = "home-lab".into();
    let mut edits = CatalogEdits::default();
    edits.custom_offers.push(custom);
    let rounds = 200;

    let start = Instant::now();
    let mut last = with_offers(base, &edits.custom_offers);
    for _ in 0..rounds {
        let next = with_offers(base, black_box(&edits.custom_offers));
        black_box(next == last);
        last = next;
    }
    let before = start.elapsed().as_secs_f64() * 1e6 / f64::from(rounds);

    let start = Instant::now();
    let mut last = edits.custom_offers.clone();
    for _ in 0..rounds {
        let next = black_box(&edits.custom_offers).clone();
        black_box(next == last);
        last = next;
    }
    let after = start.elapsed().as_secs_f64() * 1e6 / f64::from(rounds);
    println!(
        "per price override, {} offers in the catalog: rebuild and compare the catalog {before:.1} µs; clone and compare the custom offers {after:.2} µs",
        base.offers.len() + 1
    );
}
