//! Memory a job needs, as a list of named terms.

use crate::explain::Term;
use crate::units::{gib, GIB};

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
    /// Bytes one parameter takes in this format.
    pub fn bytes(self) -> f64 {
        match self {
            Precision::Fp32 => 4.0,
            Precision::Bf16 => 2.0,
            Precision::Fp8 | Precision::Int8 => 1.0,
            Precision::Int4 => 0.5,
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

/// Memory needed, term by term; `total_gib` is their sum.
#[derive(Debug, Clone, PartialEq)]
pub struct MemoryEstimate {
    pub terms: Vec<Term>,
    pub total_gib: f64,
}

const TM101: &str =
    "EleutherAI, Transformer Math 101 (2023), https://blog.eleuther.ai/transformer-math/";
const ZERO: &str = "Rajbhandari et al., ZeRO (2020) §3.1, https://arxiv.org/abs/1910.02054";

/// Estimates memory from the parameter count alone.
///
/// Rejects a parameter count that is not a positive finite number below 100 000 B, so a typo
/// gives a message instead of a nonsense answer.
pub fn estimate_memory(s: &QuickScenario) -> Result<MemoryEstimate, String> {
    if !(s.params_b.is_finite() && s.params_b > 0.0 && s.params_b < 100_000.0) {
        return Err(format!(
            "The model size must be between 0 and 100 000 billion parameters (got {}).",
            s.params_b
        ));
    }
    let params = s.params_b * 1e9;
    let mut terms = Vec::new();
    match s.workload {
        Workload::Inference => {
            let bytes = s.precision.bytes();
            let weights = params * bytes;
            terms.push(Term {
                key: "weights",
                value: gib(weights),
                unit: "GiB",
                formula: format!("{} B params × {bytes} B", s.params_b),
                source: None,
            });
            terms.push(Term {
                key: "overhead",
                value: gib(weights * 0.2),
                unit: "GiB",
                formula: "20% of weights for KV cache, activations and runtime".into(),
                source: Some(TM101),
            });
        }
        Workload::FullFineTune => {
            // Mixed precision with AdamW: 2 B weights + 2 B gradients + 12 B optimizer
            // (fp32 master copy, momentum, variance). Pure fp32 training also totals 16 B.
            for (key, bytes, what) in [
                ("weights", 2.0, "bf16 weights"),
                ("gradients", 2.0, "bf16 gradients"),
                (
                    "optimizer",
                    12.0,
                    "fp32 master weights, Adam momentum and variance",
                ),
            ] {
                terms.push(Term {
                    key,
                    value: gib(params * bytes),
                    unit: "GiB",
                    formula: format!("{} B params × {bytes} B ({what})", s.params_b),
                    source: Some(ZERO),
                });
            }
        }
    }
    terms.push(Term {
        key: "cuda_context",
        value: gib(GIB),
        unit: "GiB",
        formula: "CUDA context and framework workspace per GPU".into(),
        source: Some(TM101),
    });
    let total_gib = terms.iter().map(|t| t.value).sum();
    Ok(MemoryEstimate { terms, total_gib })
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
    fn seven_b_bf16_inference_is_weights_plus_a_fifth_plus_context() {
        // 7e9 × 2 B = 13.04 GiB; × 1.2 = 15.65 GiB; + 1 GiB context.
        let t = total(7.0, Workload::Inference, Precision::Bf16);
        assert!((t - 16.646).abs() < 0.01, "{t}");
    }

    #[test]
    fn full_fine_tune_needs_sixteen_bytes_per_param() {
        // 7e9 × 16 B = 104.3 GiB + 1 GiB context.
        let t = total(7.0, Workload::FullFineTune, Precision::Bf16);
        assert!((t - 105.31).abs() < 0.01, "{t}");
    }

    #[test]
    fn int4_needs_a_quarter_of_bf16_weights() {
        let bf16 = total(70.0, Workload::Inference, Precision::Bf16) - 1.0;
        let int4 = total(70.0, Workload::Inference, Precision::Int4) - 1.0;
        assert!((bf16 / int4 - 4.0).abs() < 1e-9);
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
}
