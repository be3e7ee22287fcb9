//! One component per file.

pub mod after_paint;
pub mod charts;
pub mod detail;
pub mod export;
pub mod fields;
pub mod hardware;
pub mod launch;
pub mod model_picker;
pub mod on_screen;
pub mod quick_starts;
pub mod ranking;
pub mod recommendation;
pub mod scenario_form;
pub mod scenario_name;
pub mod scenarios;
pub mod share;
pub mod toolbar;
pub mod update_banner;
