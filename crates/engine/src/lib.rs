//! GPU Sizer's engine: how much GPU memory a job needs, how long it takes on each cloud offer and
//! what it costs, computed from an embedded catalog.
//!
//! The engine is pure: no I/O, no clock, no web dependency. Callers (the Leptos page, the CLI,
//! tests) hand it a scenario and get back figures that carry their own explanation ([`Term`]s),
//! so every number the user sees can be traced to a formula and a source.

pub mod accuracy;
pub mod catalog;
pub mod cite;
pub mod compact;
pub mod cost;
mod embedded;
pub mod explain;
pub mod float_text;
pub mod model;
pub mod plan;
pub mod scenario;
pub mod sizing;
pub mod sort;
pub mod text;
pub mod units;
pub mod warning;

pub use catalog::Catalog;
pub use explain::Term;
pub use scenario::{InputError, Model, ModelSpec, Scenario};
pub use warning::{Untimed, Warning};
