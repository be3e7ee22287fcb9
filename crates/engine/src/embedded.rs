//! The data built into the engine, in the form each build reads.
//!
//! `build.rs` turns the TOML under `data/` into JSON, whole for native builds (the CLI prints the
//! maintainers' notes and every source), and into the compact form (`crate::compact`) for the
//! page: one copy without the sources and notes, which both of its modules start from (the first
//! answer paints before the app has loaded, so its size is the visitor's wait, and the form shows
//! no source either), and the sources of the catalog and of the efficiency table as streams of
//! their own, which only code the app loads after its first paint reads. Neither module parses
//! JSON at start-up.

use crate::catalog::Catalog;
use crate::model::ModelPreset;
use crate::sizing::time::efficiency::EfficiencyTable;

/// The embedded value of one data set, without its sources in the page: the JSON file natively,
/// the compact file in the page's modules, read knowing `$known` (the strings it was written
/// knowing, see `crate::compact::encode`). Both were validated by `build.rs`, so reading cannot
/// fail.
macro_rules! embedded {
    ($native:literal, $page:literal, $known:expr) => {{
        #[cfg(not(target_arch = "wasm32"))]
        let value = serde_json::from_str(include_str!(concat!(env!("OUT_DIR"), "/", $native)));
        #[cfg(target_arch = "wasm32")]
        let value =
            crate::compact::decode(include_bytes!(concat!(env!("OUT_DIR"), "/", $page)), $known)
                .ok_or(());
        value.expect(concat!("build.rs writes a valid ", $native))
    }};
}

/// The same data set with the sources the page's copy leaves out, read from their own stream
/// (natively, [`embedded!`]'s value has them). Only code the page loads after its first paint
/// calls this, so the sources' bytes ship with that code.
#[cfg(target_arch = "wasm32")]
macro_rules! with_sources {
    ($page:literal, $sources:literal, $known:expr) => {
        crate::compact::decode_split(
            include_bytes!(concat!(env!("OUT_DIR"), "/", $page)),
            include_bytes!(concat!(env!("OUT_DIR"), "/", $sources)),
            $known,
        )
        .expect(concat!("build.rs writes valid ", $sources))
    };
}

/// The catalog as the page starts from it: without the sources and dates its figures carry (a
/// quarter of its bytes), which only parts loaded later show ([`catalog_with_sources`]).
pub(crate) fn catalog() -> Catalog {
    embedded!(
        "catalog.json",
        "catalog-first.bin",
        crate::catalog::summary::known()
    )
}

/// The whole catalog, sources included (natively, [`catalog`] is).
#[cfg(target_arch = "wasm32")]
pub(crate) fn catalog_with_sources() -> Catalog {
    with_sources!(
        "catalog-first.bin",
        "catalog-sources.bin",
        crate::catalog::summary::known()
    )
}

pub(crate) fn presets() -> Vec<ModelPreset> {
    embedded!("models.json", "models-first.bin", &[])
}

/// The efficiency table as the page starts from it: every rate, without the source and the
/// derivation that only an explained figure shows ([`efficiency_with_sources`]).
pub(crate) fn efficiency() -> EfficiencyTable {
    embedded!("efficiency.json", "efficiency-first.bin", &[])
}

/// The whole efficiency table (natively, [`efficiency`] is).
#[cfg(target_arch = "wasm32")]
pub(crate) fn efficiency_with_sources() -> EfficiencyTable {
    with_sources!("efficiency-first.bin", "efficiency-sources.bin", &[])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::summary;
    use crate::compact::decode;
    use serde::de::DeserializeOwned;
    use std::fmt::Debug;

    /// The compact file holds exactly the JSON it was written from: every string, flag and
    /// float bit, so the first answer is computed from the figures the app reads.
    fn same<T: DeserializeOwned + PartialEq + Debug + crate::compact::Compact>(
        bin: &[u8],
        json: &str,
        known: &[&'static str],
    ) {
        let json: T = serde_json::from_str(json).unwrap();
        assert_eq!(decode::<T>(bin, known).as_ref(), Some(&json));
    }

    macro_rules! out {
        ($name:literal) => {
            include_bytes!(concat!(env!("OUT_DIR"), "/", $name))
        };
    }

    /// The page's copy and its sources' stream hold exactly the page's JSON, every field
    /// included.
    #[test]
    fn the_compact_data_with_its_sources_is_the_page_json() {
        fn same_split<T: DeserializeOwned + PartialEq + Debug + crate::compact::Compact>(
            lean: &[u8],
            sources: &[u8],
            json: &[u8],
            known: &[&'static str],
        ) {
            let json: T = serde_json::from_slice(json).unwrap();
            let whole = crate::compact::decode_split::<T>(lean, sources, known);
            assert_eq!(whole.as_ref(), Some(&json));
        }
        same_split::<Catalog>(
            out!("catalog-first.bin"),
            out!("catalog-sources.bin"),
            out!("catalog-page.json"),
            summary::known(),
        );
        same_split::<EfficiencyTable>(
            out!("efficiency-first.bin"),
            out!("efficiency-sources.bin"),
            out!("efficiency-page.json"),
            &[],
        );
    }

    #[test]
    fn the_compact_data_is_the_first_answer_json() {
        let text = |bytes: &[u8]| String::from_utf8(bytes.to_vec()).unwrap();
        let catalog = text(out!("catalog-first.json"));
        same::<Catalog>(out!("catalog-first.bin"), &catalog, summary::known());
        same::<Vec<ModelPreset>>(
            out!("models-first.bin"),
            &text(out!("models-first.json")),
            &[],
        );
        same::<EfficiencyTable>(
            out!("efficiency-first.bin"),
            &text(out!("efficiency-first.json")),
            &[],
        );
    }

    /// The first-answer copy leaves out sources and notes only: every other field matches the
    /// page's copy, so the two modules answer alike.
    #[test]
    fn the_first_answer_catalog_differs_from_the_page_only_by_sources_and_notes() {
        let page: Catalog =
            serde_json::from_str(include_str!(concat!(env!("OUT_DIR"), "/catalog-page.json")))
                .unwrap();
        let mut first: Catalog = decode(out!("catalog-first.bin"), summary::known()).unwrap();
        assert_eq!(first.offers.len(), page.offers.len());
        for (f, p) in first.gpus.iter_mut().zip(&page.gpus) {
            f.sources.clone_from(&p.sources);
        }
        for (f, p) in first.offers.iter_mut().zip(&page.offers) {
            f.spec_source.clone_from(&p.spec_source);
            for (fq, pq) in f.prices.iter_mut().zip(&p.prices) {
                fq.source.clone_from(&pq.source);
                fq.read_on.clone_from(&pq.read_on);
            }
        }
        for (f, p) in first.providers.iter_mut().zip(&page.providers) {
            let priced = f
                .storage
                .iter_mut()
                .map(|t| &mut t.price)
                .chain(f.snapshot.as_mut())
                .chain(f.egress.iter_mut().map(|e| &mut e.price))
                .chain(f.bandwidth.iter_mut().map(|b| &mut b.price))
                .chain(f.bandwidth_package.as_mut())
                .chain(
                    f.cross_zone
                        .iter_mut()
                        .flat_map(|z| [&mut z.sent, &mut z.received]),
                );
            let page_priced = p
                .storage
                .iter()
                .map(|t| &t.price)
                .chain(p.snapshot.as_ref())
                .chain(p.egress.iter().map(|e| &e.price))
                .chain(p.bandwidth.iter().map(|b| &b.price))
                .chain(p.bandwidth_package.as_ref())
                .chain(p.cross_zone.iter().flat_map(|z| [&z.sent, &z.received]));
            for (fp, pp) in priced.zip(page_priced) {
                fp.source.clone_from(&pp.source);
                fp.read_on.clone_from(&pp.read_on);
            }
            if let (Some(fr), Some(pr)) = (f.refund.as_mut(), p.refund.as_ref()) {
                fr.source.clone_from(&pr.source);
                fr.read_on.clone_from(&pr.read_on);
                fr.note.clone_from(&pr.note);
            }
        }
        assert_eq!(first, page);
    }
}
