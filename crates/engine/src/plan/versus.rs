//! Head to head: the same job on two to four GPUs or offers, each answered as if it were the only
//! hardware allowed, and what limits each one's speed.

use super::{evaluate, Candidate, Report, Request};
use crate::catalog::Catalog;
use crate::scenario::InputError;
use crate::warning::Warning;

/// Most entries compared at once.
pub const MAX_ENTRIES: usize = 4;

/// What holds a candidate's speed back, read from its own timing terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// The matrix multiplications (or, serving, the compute of a decode step).
    Compute,
    /// Streaming weights, activations or the KV cache through memory.
    MemoryBandwidth,
    /// Collectives, pipeline bubbles and transfers between GPUs or instances.
    Interconnect,
    /// Storage feeds the GPUs slower than they consume.
    Storage,
}

/// One entry: the GPU or offer id as given, and its report (an error when the id is unknown).
#[derive(Debug, Clone)]
pub struct Side<'a> {
    pub id: String,
    pub report: Result<Report<'a>, InputError>,
}

/// The job of `request` on each of `ids` (catalog GPU ids or offer ids, at most
/// [`MAX_ENTRIES`]): the request with only that GPU, or only that offer, allowed.
pub fn head_to_head<'a>(catalog: &'a Catalog, request: &Request, ids: &[String]) -> Vec<Side<'a>> {
    ids.iter()
        .take(MAX_ENTRIES)
        .map(|id| Side {
            id: id.clone(),
            report: on_one(catalog, request, id),
        })
        .collect()
}

fn on_one<'a>(catalog: &'a Catalog, request: &Request, id: &str) -> Result<Report<'a>, InputError> {
    let mut r = request.clone();
    if catalog.gpu(id).is_some() {
        r.constraints.gpu = Some(id.to_string());
        r.constraints.offer = None;
    } else if let Some(offer) = catalog.offers.iter().find(|o| o.id == id) {
        r.constraints.gpu = Some(offer.gpu.clone());
        r.constraints.offer = Some(id.to_string());
    } else {
        return Err(InputError::new(
            "versus",
            format!("no GPU or offer with id '{id}' in the catalog"),
        ));
    }
    evaluate(catalog, &r)
}

/// What limits `c`: storage when it caps the GPUs; for a service, memory bandwidth when a decode
/// step's reads take its whole time, else compute; for training, the largest of a step's
/// matrix work, memory traffic and the rest (communication, bubble, transfers). None when the
/// timing has no such terms (rendering, a development box).
pub fn limit(c: &Candidate) -> Option<Limit> {
    let t = &c.timing;
    if t.warnings
        .iter()
        .any(|w| matches!(w, Warning::StorageCapsGpus { .. }))
    {
        return Some(Limit::Storage);
    }
    let value = |key: &str| t.terms.iter().find(|x| x.key == key).map(|x| x.value);
    if let (Some(tpot_ms), Some(bw)) = (value("time_per_output_token"), value("decode_bandwidth")) {
        let reads = value("weights_read_per_step").unwrap_or(0.0)
            + value("kv_read_per_step").unwrap_or(0.0);
        let memory_ms = if bw > 0.0 { reads / bw * 1000.0 } else { 0.0 };
        let overhead = value("server_step_overhead").unwrap_or(0.0);
        // The step is max(memory, compute) and the server's overhead: memory-bound when the
        // reads take the rest of it (to rounding).
        return Some(if memory_ms >= (tpot_ms - overhead) * 0.97 {
            Limit::MemoryBandwidth
        } else {
            Limit::Compute
        });
    }
    let compute = value("compute_per_step")?;
    let memory = value("memory_traffic_per_step").unwrap_or(0.0);
    let step = value("step_time").unwrap_or(compute + memory);
    let rest = (step - compute - memory).max(0.0);
    Some(if compute >= memory && compute >= rest {
        Limit::Compute
    } else if memory >= rest {
        Limit::MemoryBandwidth
    } else {
        Limit::Interconnect
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::{Constraints, CostInputs, Objective};
    use crate::scenario::{Lora, ModelSpec, Scenario, Serve, Workload};

    fn request(workload: Workload) -> Request {
        Request {
            scenario: Scenario {
                model: ModelSpec::Preset("llama-3.1-8b".into()),
                workload,
                data: None,
                deadline_h: None,
            },
            costs: CostInputs::default(),
            constraints: Constraints::default(),
            objective: Objective::Cheapest,
            today: None,
        }
    }

    #[test]
    fn each_side_runs_on_its_own_gpu_or_offer() {
        let catalog = Catalog::builtin();
        let ids: Vec<String> = [
            "a100-80gb-sxm",
            "h100-sxm",
            "aws-us-west-2-p5.48xlarge",
            "nope",
        ]
        .map(String::from)
        .to_vec();
        let sides = head_to_head(catalog, &request(Workload::Lora(Lora::default())), &ids);
        assert_eq!(sides.len(), 4);
        for (side, gpu) in sides.iter().zip(["a100-80gb-sxm", "h100-sxm", "h100-sxm"]) {
            let report = side.report.as_ref().unwrap();
            assert!(!report.ranked.is_empty(), "{}", side.id);
            assert!(report.ranked.iter().all(|c| c.gpu.id == gpu), "{}", side.id);
        }
        let offer = sides[2].report.as_ref().unwrap();
        assert!(offer
            .ranked
            .iter()
            .all(|c| c.offer.id == "aws-us-west-2-p5.48xlarge"));
        assert_eq!(sides[3].report.as_ref().unwrap_err().field, "versus");
        // The H100 does the same job in fewer GPU-hours.
        let gpu_hours = |i: usize| {
            let report = sides[i].report.as_ref().unwrap();
            report.pick().unwrap().timing.gpu_hours().unwrap().expected
        };
        assert!(
            gpu_hours(1) < gpu_hours(0),
            "{} vs {}",
            gpu_hours(1),
            gpu_hours(0)
        );
    }

    #[test]
    fn serving_small_batches_is_limited_by_memory_bandwidth() {
        let catalog = Catalog::builtin();
        let serve = Serve {
            concurrency: 1,
            ..Serve::default()
        };
        let sides = head_to_head(
            catalog,
            &request(Workload::Serve(serve)),
            &["h100-sxm".into()],
        );
        let report = sides[0].report.as_ref().unwrap();
        assert_eq!(limit(report.pick().unwrap()), Some(Limit::MemoryBandwidth));
        let lora = head_to_head(
            catalog,
            &request(Workload::Lora(Lora::default())),
            &["h100-sxm".into()],
        );
        let pick = lora[0].report.as_ref().unwrap();
        assert!(limit(pick.pick().unwrap()).is_some());
    }
}
