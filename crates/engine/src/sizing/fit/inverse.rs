//! The inverse search of serving: the most sequences a replica holds at once.

use super::{fit_on_with, largest_fitting, serve_of};
use crate::catalog::Gpu;
use crate::explain::Numbers;
use crate::scenario::{InputError, Model, Serve, Workload};

/// Most concurrent sequences (at the workload's context) that fit with `tp` GPUs.
pub fn max_concurrency(
    model: &Model,
    workload: &Workload,
    gpu: &Gpu,
    tp: u32,
) -> Result<Option<u32>, InputError> {
    let s = serve_of(workload)?;
    largest_fitting(1, 1_000_000, |n| {
        let w = Workload::Serve(Serve {
            concurrency: n,
            tensor_parallel: Some(tp),
            ..s.clone()
        });
        Ok(fit_on_with(model, &w, gpu, tp, Numbers)?.fits())
    })
}
