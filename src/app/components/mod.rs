//! One component per file.
//!
//! A `<select>` follows its choice with one effect, `prop:value` on the element, and each option
//! is created `selected` if it is the choice at that moment: a value set before the options exist
//! selects nothing, so the options carry the first one. A reactive `selected` on every option
//! would cost an effect per option (over a hundred in the form) and rerun them all on each choice.

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
