//! The formats GPU Sizer writes and must keep reading: the scenario form (what a person fills in),
//! share links and saved scenarios. Everything here is versioned; the engine's own types are not
//! serialised, so they can change freely while these formats keep decoding.
//!
//! Used by the page (state, URL, localStorage) and by the CLI (`estimate <share link>`), so it has
//! no web dependency.

pub mod base64url;
pub mod catalog_edits;
pub mod custom_offer;
pub mod decimal;
pub mod fields;
#[cfg(test)]
mod fixtures;
pub mod form;
pub mod json;
pub mod lang;
pub mod link;
pub mod lists;
pub mod own_machine;
pub mod project;
pub mod quickstart;
pub mod saved_list;
pub mod shared_prices;
pub mod store;

pub use form::Form;
