//! The catalog of GPUs, providers and offers, embedded at build time from `data/`.

pub mod schema;
pub mod validate;

pub use schema::{
    BillingMode, Catalog, Currency, Fabric, Gpu, InstanceLink, Offer, Provider, Quote,
};

use std::sync::OnceLock;

/// JSON written by `build.rs` from the TOML files; validated there, so parsing cannot fail. The
/// page (wasm) embeds it without the maintainers' notes, to stay small.
#[cfg(not(target_arch = "wasm32"))]
const EMBEDDED: &str = include_str!(concat!(env!("OUT_DIR"), "/catalog.json"));
#[cfg(target_arch = "wasm32")]
const EMBEDDED: &str = include_str!(concat!(env!("OUT_DIR"), "/catalog-page.json"));

impl Catalog {
    /// The catalog shipped with this build. Parsed once, on first use.
    pub fn builtin() -> &'static Catalog {
        static CATALOG: OnceLock<Catalog> = OnceLock::new();
        CATALOG.get_or_init(|| {
            serde_json::from_str(EMBEDDED).expect("build.rs writes a valid catalog")
        })
    }

    pub fn gpu(&self, id: &str) -> Option<&Gpu> {
        self.gpus.iter().find(|g| g.id == id)
    }

    pub fn provider(&self, id: &str) -> Option<&Provider> {
        self.providers.iter().find(|p| p.id == id)
    }
}

impl Offer {
    /// The price quoted for `mode`, if the catalog has one.
    pub fn quote(&self, mode: BillingMode) -> Option<&Quote> {
        self.prices.iter().find(|q| q.mode == mode)
    }
}
