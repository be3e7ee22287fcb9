//! What the page shows of the catalog before it needs the rest: the GPUs a person can pin in
//! the form, and the counts and date in the footer. `build.rs` writes them from the data files
//! as constants, so the page shows them without reading the catalog, some 80 KB to decode on
//! every start; the catalog is read when the first answer is computed, after the first paint.

include!(concat!(env!("OUT_DIR"), "/summary.rs"));

/// The strings the catalog's compact copies take as known (`crate::compact::encode`): every
/// GPU's id and name, which the page holds here already.
pub fn known() -> &'static [&'static str] {
    GPUS.as_flattened()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Catalog;

    #[test]
    fn the_summary_is_the_catalogs() {
        let catalog = Catalog::builtin();
        let gpus: Vec<[&str; 2]> = catalog
            .gpus
            .iter()
            .map(|g| [g.id.as_str(), g.name.as_str()])
            .collect();
        assert_eq!(GPUS, gpus.as_slice());
        assert_eq!(OFFERS, catalog.offers.len());
        assert_eq!(PROVIDERS, catalog.providers.len());
        assert_eq!(Some(NEWEST_READ_ON), catalog.newest_read_on());
    }
}
