//! GPU Sizer's words and markup, without a view framework.
//!
//! The answer card and the frame around it are plain text, so the app (in the browser: painted
//! before its form is built, then under Leptos) and the build (natively, into index.html for a
//! first visit) build them the same way. Whatever reads or
//! writes the browser's storage names its keys here too, for the same reason. The app's other
//! panels rebuilt as markup (the ranking's rows, the detail, the charts) are here as well, where
//! native tests reach them and their geometry.

pub mod answer;
pub mod charts;
pub mod detail;
pub mod excluded;
#[cfg(test)]
mod fixture;
pub mod format;
pub mod guide;
pub mod hardware;
pub mod html;
pub mod i18n;
pub mod keys;
pub mod page;
pub mod prerender;
pub mod project;
pub mod ranking;
pub mod shared;
pub mod versus;
