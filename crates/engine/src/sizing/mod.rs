//! Sizing: memory a job needs (`memory`), which GPUs hold it (`fit`), how long it takes
//! (`time`), with every default constant in `defaults` (the citations behind them in
//! `crate::cite`) and each inference server's published behaviour in `server`.
//!
//! Every function that returns explained figures comes in two forms: the plain name (e.g.
//! [`memory::estimate`], [`fit::fit_on`], [`time::estimate`]) fills every formula, and its
//! `_with` variant takes a [`Detail`](crate::explain::Detail): under
//! [`Numbers`](crate::explain::Numbers) the formulas stay empty and nothing is formatted (that
//! copy of the code has none of it), the values being the same. Searches and the
//! ranking of a whole catalog use numbers; the candidate a person looks at is explained in full.

pub mod defaults;
pub mod fit;
pub mod layout;
pub mod memory;
pub mod server;
pub mod time;

pub use memory::MemoryEstimate;
