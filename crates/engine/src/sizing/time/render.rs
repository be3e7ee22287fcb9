//! Rendering and video: a user-measured time per frame on a reference GPU, scaled by the ratio
//! of fp32 throughputs (a stated proxy: ray tracing and rasterisation also depend on RT cores,
//! clocks and memory), and a check that each stream gets a hardware encoder.

use super::{term, Figure, Timing};
use crate::catalog::Gpu;
use crate::cite::ASSUMPTION;
use crate::explain::{Detail, Full};
use crate::scenario::{Cluster, Render};
use crate::sizing::defaults::{Band, RENDER_PROXY_BAND};
use crate::warning::{Untimed, Warning};

/// Hours to render the frames on `cluster` (frames split evenly over its GPUs) and stream hours.
pub fn render_time(r: &Render, reference: &Gpu, cluster: &Cluster) -> Timing {
    render_time_with(r, reference, cluster, Full)
}

/// [`render_time`] with formulas only when `detail` asks for them.
pub fn render_time_with(
    r: &Render,
    reference: &Gpu,
    cluster: &Cluster,
    detail: impl Detail,
) -> Timing {
    let gpu = cluster.gpu;
    let gpus = cluster.gpus.max(1);
    let mut warnings = Vec::new();
    let mut terms = Vec::new();
    let mut figures = Vec::new();
    let mut hours = Band::exact(0.0);

    if r.frames > 0.0 {
        let Some(ref_tf) = reference.fp32_tflops.filter(|v| *v > 0.0) else {
            return Timing::unknown(
                gpus,
                Untimed::NoFp32 {
                    gpu: reference.name.clone(),
                    reference: true,
                },
            );
        };
        let Some(tf) = gpu.fp32_tflops.filter(|v| *v > 0.0) else {
            return Timing::unknown(
                gpus,
                Untimed::NoFp32 {
                    gpu: gpu.name.clone(),
                    reference: false,
                },
            );
        };
        let per_frame = r.reference_seconds_per_frame * ref_tf / tf;
        terms.push(term(
            "seconds_per_frame",
            per_frame,
            "s",
            detail.text(|| {
                format!(
                    "{} s on {} × {ref_tf} / {tf} fp32 TFLOP/s ({}); band ×{}–×{}",
                    r.reference_seconds_per_frame,
                    reference.name,
                    gpu.name,
                    RENDER_PROXY_BAND.low,
                    RENDER_PROXY_BAND.high
                )
            }),
            Some(ASSUMPTION),
        ));
        let frame_hours = r.frames * per_frame / f64::from(gpus) / 3600.0;
        let band = RENDER_PROXY_BAND.scale(frame_hours);
        terms.push(term(
            "render_hours",
            frame_hours,
            "h",
            detail.text(|| format!("{} frames × {per_frame:.2} s / {gpus} GPUs", r.frames)),
            None,
        ));
        figures.push(Figure {
            key: "seconds_per_frame",
            unit: "s",
            band: RENDER_PROXY_BAND.scale(per_frame),
        });
        hours = band;
    }
    if r.streams > 0 {
        match gpu.video_encoders {
            Some(0) => warnings.push(Warning::NoVideoEncoder {
                gpu: gpu.name.clone(),
                streams: r.streams,
            }),
            None => warnings.push(Warning::VideoEncodersUnknown {
                gpu: gpu.name.clone(),
            }),
            Some(n) => terms.push(term(
                "video_encoders",
                f64::from(n) * f64::from(gpus),
                "encoders",
                detail.text(|| {
                    format!(
                        "{n} per GPU × {gpus} GPUs for {} streams (sessions per encoder depend on resolution and driver)",
                        r.streams
                    )
                }),
                None,
            )),
        }
        let h = r.stream_hours;
        hours = Band::new(hours.low.max(h), hours.expected.max(h), hours.high.max(h));
    }
    Timing {
        hours: Some(hours),
        gpus,
        figures,
        terms,
        warnings,
        untimed: None,
    }
}
