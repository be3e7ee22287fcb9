//! What one evaluation learnt of a job on each GPU model, kept for the next evaluation of the
//! same job.
//!
//! A person edits one field at a time, and most fields (prices, storage, traffic, billing modes,
//! the deadline, the budget, the objective) change neither where the job fits nor how long it
//! takes: the next evaluation takes every placement and timing as they are. A new amount of work
//! (a training run's tokens, a classic job's samples and epochs) keeps the placements and times
//! the job again. A new model, job shape, catalog or filter starts afresh, so that offers are
//! placed in the order a first evaluation places them and the report is the same as one made
//! without the cache (`tests/properties.rs` checks it over random sequences of requests).

use super::placement::OnGpu;
use super::{Constraints, Request};
use crate::catalog::Catalog;
use crate::scenario::{DataSource, ModelSpec, Workload};

/// The placements and timings of the last evaluation, for a caller that evaluates again as a
/// person edits (see [`crate::plan::evaluate_with`]). Empty at first; it borrows the catalog it
/// was filled from, and is emptied when asked about another.
#[derive(Default)]
pub struct SizingCache<'a> {
    job: Option<Job<'a>>,
    on_gpu: Vec<OnGpu<'a>>,
}

/// What the cached placements and timings were found for.
struct Job<'a> {
    catalog: &'a Catalog,
    model: ModelSpec,
    workload: Workload,
    data: Option<DataSource>,
    /// The request's constraints that decide which offers are placed, and in what order.
    filters: Constraints,
}

impl<'a> SizingCache<'a> {
    /// What is known of `request`'s job on each of `catalog`'s GPUs (by index): all of the last
    /// evaluation's, its placements alone, or nothing.
    pub(super) fn for_request(
        &mut self,
        catalog: &'a Catalog,
        request: &Request,
    ) -> &mut [OnGpu<'a>] {
        let scenario = &request.scenario;
        let job = Job {
            catalog,
            model: scenario.model.clone(),
            workload: scenario.workload.clone(),
            data: scenario.data,
            filters: filters(&request.constraints),
        };
        match &self.job {
            Some(last) if last.places_like(&job) => {
                if last.workload != job.workload || last.data != job.data {
                    for known in &mut self.on_gpu {
                        known.retime(&job.workload);
                    }
                }
            }
            _ => {
                self.on_gpu.clear();
                self.on_gpu.resize_with(catalog.gpus.len(), OnGpu::default);
            }
        }
        self.job = Some(job);
        &mut self.on_gpu
    }
}

impl Job<'_> {
    /// Whether `other` is placed as this job is: on the same catalog, with the same model, job
    /// shape and filters (the amount of work aside).
    fn places_like(&self, other: &Job) -> bool {
        std::ptr::eq(self.catalog, other.catalog)
            && self.model == other.model
            && self.filters == other.filters
            && self.workload.with_amount_of(&other.workload) == other.workload
    }
}

/// `constraints` without what is applied after a job is placed (the budget, spot for services
/// with a latency target, billing modes): the rest decides which offers are placed.
fn filters(constraints: &Constraints) -> Constraints {
    Constraints {
        budget: None,
        spot_with_latency: false,
        modes: Vec::new(),
        ..constraints.clone()
    }
}
