//! Peak throughput at a precision and the share of it a job reaches, by GPU class.

use crate::catalog::Gpu;
use crate::explain::{Detail, Term};
use crate::scenario::TrainPrecision;
use crate::sizing::defaults::*;

/// GPU classes with distinct published efficiency measurements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GpuClass {
    /// A100, A800, A30: compute-only Ampere parts.
    AmpereDatacenter,
    Hopper,
    /// No published measurement in the defaults: Hopper's figures are used.
    Blackwell,
    /// Graphics-capable parts (GeForce, RTX workstation, T4, A10, L4, L40S, L20).
    Graphics,
    /// Volta and Pascal compute parts: Ampere's figures are used.
    OlderDatacenter,
    /// Other vendors (AMD, Google TPU, AWS Trainium, Huawei Ascend): A100 figures are used.
    OtherVendor,
}

/// Classifies a catalog GPU from its vendor, architecture and graphics support.
pub fn class_of(gpu: &Gpu) -> GpuClass {
    if !gpu.vendor.eq_ignore_ascii_case("nvidia") {
        return GpuClass::OtherVendor;
    }
    let arch = gpu.architecture.to_ascii_lowercase();
    if !gpu.graphics_apis.is_empty() || arch.contains("ada") || arch.contains("turing") {
        GpuClass::Graphics
    } else if arch.contains("hopper") {
        GpuClass::Hopper
    } else if arch.contains("blackwell") {
        GpuClass::Blackwell
    } else if arch.contains("ampere") {
        GpuClass::AmpereDatacenter
    } else {
        GpuClass::OlderDatacenter
    }
}

/// Peak dense throughput used for a job and the efficiency band applied to it.
#[derive(Debug, Clone, PartialEq)]
pub struct Compute {
    /// Dense peak, FLOP/s per GPU.
    pub peak_flops: f64,
    /// Share of the peak reached on the matmuls executed (recompute included).
    pub efficiency: Band,
    pub terms: Vec<Term>,
    pub warnings: Vec<String>,
}

/// Matmul precision of a job.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MathPrecision {
    Fp32,
    Bf16,
    Fp8,
}

impl From<TrainPrecision> for MathPrecision {
    fn from(p: TrainPrecision) -> Self {
        match p {
            TrainPrecision::Fp32 => MathPrecision::Fp32,
            TrainPrecision::Fp8Mixed => MathPrecision::Fp8,
            _ => MathPrecision::Bf16,
        }
    }
}

fn class_band(class: GpuClass) -> (Band, &'static str) {
    match class {
        GpuClass::AmpereDatacenter | GpuClass::OlderDatacenter | GpuClass::OtherVendor => {
            (EFF_AMPERE_DC, LLM_FOUNDRY)
        }
        GpuClass::Hopper | GpuClass::Blackwell => (EFF_HOPPER, LLM_FOUNDRY),
        GpuClass::Graphics => (EFF_GRAPHICS, TORCHTUNE),
    }
}

/// Peak and efficiency for matmul-bound work of a model with `params` parameters, or `None`
/// (with the reason) when the catalog lacks the peak for that precision.
pub fn compute(gpu: &Gpu, precision: MathPrecision, params: f64) -> Result<Compute, String> {
    compute_with(gpu, precision, params, Detail::Full)
}

/// [`compute`] with formulas only when `detail` asks for them.
pub fn compute_with(
    gpu: &Gpu,
    precision: MathPrecision,
    params: f64,
    detail: Detail,
) -> Result<Compute, String> {
    let class = class_of(gpu);
    let mut warnings = Vec::new();
    let (band, src) = class_band(class);
    let (peak_tflops, band, src, what) = match precision {
        MathPrecision::Fp32 => (gpu.fp32_tflops, band, src, "fp32 (non-tensor)"),
        MathPrecision::Bf16 => (gpu.bf16_tflops, band, src, "bf16/fp16 tensor"),
        MathPrecision::Fp8 => match (gpu.fp8_tflops, class) {
            (Some(p), GpuClass::Hopper | GpuClass::Blackwell) => {
                (Some(p), EFF_HOPPER_FP8, LLM_FOUNDRY, "fp8 tensor")
            }
            (Some(p), _) => (Some(p), band, src, "fp8 tensor"),
            (None, _) => {
                warnings.push(format!(
                    "{} has no fp8 peak in the catalog: timed at its bf16 peak",
                    gpu.name
                ));
                (gpu.bf16_tflops, band, src, "bf16/fp16 tensor (no fp8)")
            }
        },
    };
    let Some(peak_tflops) = peak_tflops.filter(|p| *p > 0.0) else {
        return Err(format!(
            "{} has no {what} peak in the catalog, so time cannot be estimated",
            gpu.name
        ));
    };
    match class {
        GpuClass::Blackwell => warnings.push(format!(
            "no published training efficiency for {} in the defaults: Hopper's is used",
            gpu.architecture
        )),
        GpuClass::OlderDatacenter => warnings.push(format!(
            "no published training efficiency for {} in the defaults: the A100's is used",
            gpu.architecture
        )),
        GpuClass::OtherVendor => warnings.push(format!(
            "{} {} efficiency is taken from NVIDIA A100 measurements",
            gpu.vendor, gpu.architecture
        )),
        _ => {}
    }
    let size = size_factor(params);
    let eff = band.scale(size);
    let terms = vec![
        Term {
            key: "peak",
            value: peak_tflops,
            unit: "TFLOP/s",
            formula: detail.text(|| format!("{} dense {what} peak", gpu.name)),
            source: gpu.sources.first().map(|_| "catalog (data/gpus.toml)"),
        },
        Term {
            key: "efficiency",
            value: eff.expected,
            unit: "fraction",
            formula: detail.text(|| {
                format!(
                    "{:?} class {:.3} (band {:.2}–{:.2}) × model-size factor {size:.3}",
                    class, band.expected, band.low, band.high
                )
            }),
            source: Some(src),
        },
    ];
    Ok(Compute {
        peak_flops: peak_tflops * 1e12,
        efficiency: eff,
        terms,
        warnings,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    #[test]
    fn classes_follow_vendor_architecture_and_graphics() {
        let c = |id: &str| class_of(Catalog::builtin().gpu(id).unwrap());
        assert_eq!(c("a100-80gb-sxm"), GpuClass::AmpereDatacenter);
        assert_eq!(c("h100-sxm"), GpuClass::Hopper);
        assert_eq!(c("rtx-4090"), GpuClass::Graphics);
        assert_eq!(c("a10"), GpuClass::Graphics);
        assert_eq!(c("b200"), GpuClass::Blackwell);
        assert_eq!(c("mi300x"), GpuClass::OtherVendor);
        assert_eq!(c("v100-32gb-sxm2"), GpuClass::OlderDatacenter);
    }

    #[test]
    fn missing_peak_is_an_explained_error() {
        // A part whose datasheet gives no bf16 figure.
        let mut g = Catalog::builtin().gpu("rtx-3090").unwrap().clone();
        g.bf16_tflops = None;
        assert!(compute(&g, MathPrecision::Bf16, 7e9).is_err());
    }
}
