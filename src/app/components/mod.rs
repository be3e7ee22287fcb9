//! One component per file.

pub mod quick_form;
pub mod results;
