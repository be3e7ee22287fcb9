//! GPU Sizer's words and markup, without a view framework.
//!
//! The answer card and the frame around it are plain text, so three places build them the same
//! way: the app (in the browser, under Leptos), the first-answer module (in the browser, before the
//! app has loaded) and the build (natively, into index.html for a first visit). Whatever reads or
//! writes the browser's storage names its keys here too, for the same reason.

pub mod answer;
pub mod format;
pub mod html;
pub mod i18n;
pub mod keys;
pub mod page;
pub mod prerender;
