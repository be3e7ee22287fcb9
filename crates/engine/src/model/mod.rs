//! Model presets and what the engine derives from their architecture numbers.

pub mod schema;

pub use schema::{Attention, ModelKind, ModelPreset, Moe, Transformer};

use std::sync::OnceLock;

#[cfg(not(target_arch = "wasm32"))]
const EMBEDDED: &str = include_str!(concat!(env!("OUT_DIR"), "/models.json"));
/// The page embeds the presets without their notes (see the catalog).
#[cfg(all(target_arch = "wasm32", not(feature = "first-answer")))]
const EMBEDDED: &str = include_str!(concat!(env!("OUT_DIR"), "/models-page.json"));
#[cfg(all(target_arch = "wasm32", feature = "first-answer"))]
const EMBEDDED: &str = include_str!(concat!(env!("OUT_DIR"), "/models-first.json"));

/// The presets shipped with this build, parsed once on first use.
pub fn presets() -> &'static [ModelPreset] {
    static PRESETS: OnceLock<Vec<ModelPreset>> = OnceLock::new();
    PRESETS.get_or_init(|| serde_json::from_str(EMBEDDED).expect("build.rs writes valid presets"))
}

/// Looks a preset up by its id.
pub fn preset(id: &str) -> Option<&'static ModelPreset> {
    presets().iter().find(|m| m.id == id)
}
