//! Model presets and what the engine derives from their architecture numbers.

pub mod schema;

pub use schema::{Attention, ModelKind, ModelPreset, Moe, Transformer};

use std::sync::OnceLock;

/// The presets shipped with this build (`crate::embedded`), read once on first use.
pub fn presets() -> &'static [ModelPreset] {
    static PRESETS: OnceLock<Vec<ModelPreset>> = OnceLock::new();
    PRESETS.get_or_init(crate::embedded::presets)
}

/// Looks a preset up by its id.
pub fn preset(id: &str) -> Option<&'static ModelPreset> {
    presets().iter().find(|m| m.id == id)
}
