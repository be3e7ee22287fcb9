//! Sizing: memory a job needs (`memory`), which GPUs hold it (`fit`), how long it takes
//! (`time`), with every default constant and its source in `defaults`. `quick` keeps the page's
//! parameter-count-only estimate.

pub mod defaults;
pub mod fit;
pub mod memory;
pub mod quick;
pub mod time;

pub use memory::MemoryEstimate;
pub use quick::{estimate_memory, fitting_offers, OfferFit, Precision, QuickScenario, Workload};
