//! One component per file.

pub mod quick_form;
pub mod results;
pub mod toolbar;
pub mod update_banner;
