//! The quick estimate behind the page's first form: a model known only by its parameter count,
//! served or fully fine-tuned on one GPU, and the offers whose GPUs together hold it.
//!
//! It runs the full engine with the defaults a newcomer would pick (vLLM-style serving of one
//! 4096-token sequence; bf16 mixed-precision AdamW with full recompute at 2048 tokens).

use super::defaults::MEMORY_RESERVE;
use super::memory::{serve_memory, train_memory, MemoryEstimate};
use crate::catalog::{BillingMode, Catalog, Currency, Gpu, Offer};
use crate::scenario::{
    Model, ModelSpec, Optimizer, Recompute, Serve, Train, TrainPrecision, TrainShape, WeightFormat,
};

/// What the job does with the model.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Workload {
    Inference,
    FullFineTune,
}

/// Numeric format of the weights.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Precision {
    Fp32,
    Bf16,
    Fp8,
    Int8,
    Int4,
}

impl Precision {
    /// Bytes one parameter takes in this format (before format overheads).
    pub fn bytes(self) -> f64 {
        match self {
            Precision::Fp32 => 4.0,
            Precision::Bf16 => 2.0,
            Precision::Fp8 | Precision::Int8 => 1.0,
            Precision::Int4 => 0.5,
        }
    }

    fn weight_format(self) -> WeightFormat {
        match self {
            Precision::Fp32 => WeightFormat::Fp32,
            Precision::Bf16 => WeightFormat::Bf16,
            Precision::Fp8 => WeightFormat::Fp8,
            Precision::Int8 => WeightFormat::Int8,
            Precision::Int4 => WeightFormat::Int4Awq,
        }
    }
}

/// The smallest scenario: a model known only by its parameter count.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct QuickScenario {
    /// Parameters in billions.
    pub params_b: f64,
    pub workload: Workload,
    pub precision: Precision,
}

/// Estimates memory on one GPU from the parameter count alone.
///
/// Rejects a parameter count that is not a positive finite number below 100 000 B, so a typo
/// gives a message instead of a nonsense answer.
pub fn estimate_memory(s: &QuickScenario) -> Result<MemoryEstimate, String> {
    let model = Model::resolve(&ModelSpec::ParamsOnly {
        params_b: s.params_b,
    })
    .map_err(|_| {
        format!(
            "The model size must be between 0 and 100 000 billion parameters (got {}).",
            s.params_b
        )
    })?;
    let result = match s.workload {
        Workload::Inference => {
            let serve = Serve {
                weights: s.precision.weight_format(),
                tensor_parallel: Some(1),
                ..Serve::default()
            };
            serve_memory(&model, &serve, 1)
        }
        Workload::FullFineTune => {
            let train = Train {
                shape: TrainShape {
                    recompute: Recompute::Full,
                    ..TrainShape::default()
                },
                precision: if s.precision == Precision::Fp32 {
                    TrainPrecision::Fp32
                } else {
                    TrainPrecision::Bf16Mixed
                },
                optimizer: Optimizer::AdamW,
                ..Train::default()
            };
            train_memory(&model, &train, 1)
        }
    };
    result.map_err(|e| e.to_string())
}

/// An offer that holds the job.
#[derive(Debug, Clone, PartialEq)]
pub struct OfferFit<'a> {
    pub offer: &'a Offer,
    pub gpu: &'a Gpu,
    /// GPUs of the instance the job needs, sharded evenly (tensor parallel or ZeRO-3).
    pub gpus_needed: u32,
    /// On-demand price of the whole instance, if the catalog has one.
    pub on_demand_per_hour: Option<(f64, Currency)>,
}

/// The offers whose GPUs together hold `need` (split evenly), cheapest on-demand first
/// (unpriced last).
pub fn fitting_offers<'a>(catalog: &'a Catalog, need: &MemoryEstimate) -> Vec<OfferFit<'a>> {
    let mut fits: Vec<OfferFit<'a>> = catalog
        .offers
        .iter()
        .filter_map(|offer| {
            let gpu = catalog.gpu(&offer.gpu)?;
            let usable = gpu.memory_gib * (1.0 - MEMORY_RESERVE);
            let needed = (need.total_gib / usable).ceil().max(1.0);
            if needed.is_nan() || needed > f64::from(offer.gpu_count) {
                return None;
            }
            Some(OfferFit {
                offer,
                gpu,
                gpus_needed: needed as u32,
                on_demand_per_hour: offer
                    .quote(BillingMode::OnDemand)
                    .map(|q| (q.per_hour, q.currency)),
            })
        })
        .collect();
    fits.sort_by(|a, b| {
        let price = |f: &OfferFit| f.on_demand_per_hour.map_or(f64::INFINITY, |p| p.0);
        price(a)
            .total_cmp(&price(b))
            .then_with(|| a.offer.id.cmp(&b.offer.id))
    });
    fits
}

#[cfg(test)]
mod tests {
    use super::*;

    fn total(params_b: f64, workload: Workload, precision: Precision) -> f64 {
        estimate_memory(&QuickScenario {
            params_b,
            workload,
            precision,
        })
        .unwrap()
        .total_gib
    }

    #[test]
    fn seven_b_bf16_inference_is_weights_plus_cache_and_runtime() {
        let t = total(7.0, Workload::Inference, Precision::Bf16);
        let weights = 7e9 * 2.0 / crate::units::GIB;
        assert!(t > weights + 1.0 && t < weights + 6.0, "{t}");
    }

    #[test]
    fn full_fine_tune_needs_sixteen_bytes_per_param_and_more() {
        let t = total(7.0, Workload::FullFineTune, Precision::Bf16);
        assert!(t > 7e9 * 16.0 / crate::units::GIB, "{t}");
    }

    #[test]
    fn ten_times_the_params_needs_more_than_five_times_the_memory() {
        for w in [Workload::Inference, Workload::FullFineTune] {
            let small = total(7.0, w, Precision::Bf16);
            let large = total(70.0, w, Precision::Bf16);
            assert!(large > 5.0 * small, "{w:?}: {small} -> {large}");
        }
    }

    #[test]
    fn int4_weights_are_about_a_quarter_of_bf16() {
        let weights = |p| {
            estimate_memory(&QuickScenario {
                params_b: 70.0,
                workload: Workload::Inference,
                precision: p,
            })
            .unwrap()
            .term("weights")
            .unwrap()
            .value
        };
        let r = weights(Precision::Bf16) / weights(Precision::Int4);
        assert!(r > 3.5 && r < 4.0, "{r}");
    }

    #[test]
    fn bad_sizes_are_rejected_with_a_message() {
        for bad in [0.0, -1.0, f64::NAN, f64::INFINITY, 1e9] {
            let s = QuickScenario {
                params_b: bad,
                workload: Workload::Inference,
                precision: Precision::Bf16,
            };
            assert!(estimate_memory(&s).unwrap_err().contains("model size"));
        }
    }

    #[test]
    fn a_seven_b_model_fits_some_offer() {
        let need = estimate_memory(&QuickScenario {
            params_b: 7.0,
            workload: Workload::Inference,
            precision: Precision::Bf16,
        })
        .unwrap();
        assert!(!fitting_offers(Catalog::builtin(), &need).is_empty());
    }
}
