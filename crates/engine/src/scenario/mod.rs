//! What the user asks the engine: a model, a workload and the data feeding it, as plain Rust
//! types. Front ends (the page, the CLI's JSON format) build these; the engine never parses text.

pub mod cluster;
pub mod model;
pub mod params;
pub mod workload;

pub use cluster::Cluster;
pub use model::{Model, ModelSpec};
pub use workload::{
    AutoLayout, Classic, DataFeed, DataSource, DevBox, Infer, InferPrecision, KvPrecision, Lora,
    LoraTargets, Loss, Optimizer, Parallelism, Recompute, Render, Science, Serve, Server, Train,
    TrainPrecision, TrainShape, WeightFormat, Workload, ZeroStage, MAX_MICRO_BATCH, MAX_SEQ_LEN,
};

use crate::float_text::Shortest;
use std::fmt;

/// A whole question: which model, doing what, fed how fast, by when.
#[derive(Debug, Clone, PartialEq)]
pub struct Scenario {
    pub model: ModelSpec,
    pub workload: Workload,
    /// What the training data is read from; `None`: storage is assumed never to be the
    /// bottleneck.
    pub data: Option<DataSource>,
    /// Wall-clock limit in hours; candidates that cannot meet it get more GPUs or are flagged.
    pub deadline_h: Option<f64>,
}

/// An input the engine cannot work with. `field` names it the way the scenario spells it
/// (e.g. `workload.seq_len`), so a form or a JSON file can point at the culprit.
#[derive(Debug, Clone, PartialEq)]
pub struct InputError {
    pub field: String,
    /// The developer's wording (English), for the CLI and JSON readers.
    pub message: String,
    /// What is wrong as data, for the page to say in the reader's language.
    pub why: InputProblem,
}

/// What is wrong with an input, as data; `Other` when only the message says it.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum InputProblem {
    #[default]
    Other,
    /// Outside `min..=max` (`max` may be infinite), or not a number; `whole` for counts.
    Range { min: f64, max: f64, whole: bool },
    /// A serving context shorter than the prompt and the output it must hold.
    ContextTooShort { prompt: u32, output: u32 },
    /// The workload needs a transformer architecture the chosen model does not have.
    NeedsArchitecture,
}

impl InputError {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            field: field.into(),
            message: message.into(),
            why: InputProblem::Other,
        }
    }

    /// The same error, saying what is wrong as data.
    pub fn because(self, why: InputProblem) -> Self {
        Self { why, ..self }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

impl std::error::Error for InputError {}

/// Checks that `value` is finite and within `min..=max`, naming `field` otherwise.
pub(crate) fn check_range(field: &str, value: f64, min: f64, max: f64) -> Result<f64, InputError> {
    if value.is_finite() && value >= min && value <= max {
        Ok(value)
    } else {
        Err(InputError::new(
            field,
            format!(
                "must be a number between {} and {} (got {})",
                Shortest(min),
                Shortest(max),
                Shortest(value)
            ),
        )
        .because(InputProblem::Range {
            min,
            max,
            whole: false,
        }))
    }
}

/// Checks that a count is within `min..=max`. Sizing checks its counts on every cluster it
/// times, so the check is inlined and building the error is kept out of its way.
#[inline]
pub(crate) fn check_count(field: &str, value: u32, min: u32, max: u32) -> Result<u32, InputError> {
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(count_out_of_range(field, value, min, max))
    }
}

#[cold]
fn count_out_of_range(field: &str, value: u32, min: u32, max: u32) -> InputError {
    InputError::new(
        field,
        format!("must be a whole number between {min} and {max} (got {value})"),
    )
    .because(InputProblem::Range {
        min: f64::from(min),
        max: f64::from(max),
        whole: true,
    })
}
