//! Sizing: memory a job needs and which offers can hold it.

pub mod fit;
pub mod memory;

pub use fit::{fitting_offers, OfferFit};
pub use memory::{estimate_memory, MemoryEstimate, Precision, QuickScenario, Workload};
