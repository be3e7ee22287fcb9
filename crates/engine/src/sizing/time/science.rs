//! Double-precision (FP64) jobs: the job's operations over the FP64 peak times the share the
//! code sustains, or hours measured on a reference GPU scaled by the ratio of FP64 peaks. The
//! work splits evenly over the GPUs.

use super::{term, Figure, Timing};
use crate::catalog::Gpu;
use crate::cite::ASSUMPTION;
use crate::explain::Detail;
use crate::scenario::{Cluster, Science};
use crate::sizing::defaults::{FP64_PROXY_BAND, WEAK_FP64_RATIO};
use crate::warning::{Untimed, Warning};

/// The FP64 peak of `gpu`, or why there is none.
fn fp64(gpu: &Gpu, reference: bool) -> Result<f64, Untimed> {
    gpu.fp64_tflops.filter(|v| *v > 0.0).ok_or(Untimed::NoFp64 {
        gpu: gpu.name.clone(),
        reference,
    })
}

/// Hours of `s` on `cluster`; `reference` is the GPU the hours were measured on, if given.
pub fn science_time_with(
    s: &Science,
    reference: Option<&Gpu>,
    cluster: &Cluster,
    detail: impl Detail,
) -> Timing {
    let gpu = cluster.gpu;
    let gpus = cluster.gpus.max(1);
    let peak = match fp64(gpu, false) {
        Ok(p) => p,
        Err(why) => return Timing::unknown(gpus, why),
    };
    let mut terms = vec![term(
        "fp64_peak",
        peak,
        "TFLOP/s",
        detail.text(|| format!("{} vector FP64 peak per GPU (catalog)", gpu.name)),
        None,
    )];
    let gpu_hours = match (s.pflop, reference) {
        (Some(pflop), _) => {
            let h = pflop * 1e3 / (peak * s.share) / 3600.0;
            terms.push(term(
                "fp64_gpu_hours",
                h,
                "h",
                detail.text(|| {
                    format!(
                        "{pflop} PFLOP / ({peak} TFLOP/s × {} sustained share, your input)",
                        s.share
                    )
                }),
                Some(ASSUMPTION),
            ));
            h
        }
        (None, Some(r)) => {
            let ref_peak = match fp64(r, true) {
                Ok(p) => p,
                Err(why) => return Timing::unknown(gpus, why),
            };
            let hours = s.reference_hours.unwrap_or(0.0);
            let h = hours * ref_peak / peak;
            terms.push(term(
                "fp64_gpu_hours",
                h,
                "h",
                detail
                    .text(|| format!("{hours} h on {} × {ref_peak} / {peak} FP64 TFLOP/s", r.name)),
                Some(ASSUMPTION),
            ));
            h
        }
        (None, None) => return Timing::unknown(gpus, Untimed::NoRequestRate),
    };
    let hours = gpu_hours / f64::from(gpus);
    terms.push(term(
        "hours",
        hours,
        "h",
        detail.text(|| {
            format!(
                "{gpu_hours:.2} GPU-hours / {gpus} GPUs; band ×{}–×{}",
                FP64_PROXY_BAND.low, FP64_PROXY_BAND.high
            )
        }),
        None,
    ));
    let mut warnings = Vec::new();
    if let Some(fp32) = gpu.fp32_tflops.filter(|v| *v / peak >= WEAK_FP64_RATIO) {
        warnings.push(Warning::WeakFp64 {
            gpu: gpu.name.clone(),
            ratio: (fp32 / peak).round(),
        });
    }
    let band = FP64_PROXY_BAND.scale(hours);
    Timing {
        hours: Some(band),
        gpus,
        figures: vec![Figure {
            key: "fp64_peak",
            unit: "TFLOP/s",
            band: crate::sizing::defaults::Band::exact(peak),
        }],
        terms,
        warnings,
        untimed: None,
    }
}
