//! Non-LLM serving (vision, recommender, BERT-like encoders): each request is one forward pass
//! of known FLOPs. A batch takes the longer of a fixed floor (launches, copies) and its FLOPs
//! over the share of the tensor peak published runs reach; the latency bound caps the batch,
//! and one GPU serves the batch over its time.

use super::{term, Figure, Timing};
use crate::catalog::Gpu;
use crate::cite::{ASSUMPTION, DLE_RESNET50_INFERENCE, MLPERF_INFERENCE, PALM_FLOPS};
use crate::explain::Detail;
use crate::explain::Source;
use crate::scenario::{Cluster, Infer, InferPrecision, InputError, Model};
use crate::sizing::defaults::{
    Band, INFER_BATCH_WAITS, INFER_EAGER_FLOOR_MS, INFER_EAGER_SHARE, INFER_TRT_FLOOR_MS,
    INFER_TRT_SHARE,
};
use crate::warning::{Untimed, Warning};

/// Hardware FLOPs of one request and how they were found.
pub fn request_flops(
    model: &Model,
    i: &Infer,
    detail: impl Detail,
) -> Result<(f64, String, Option<Source>), InputError> {
    if let Some(g) = i.gflops_per_sample {
        return Ok((
            g * 1e9,
            detail.text(|| format!("{g} GFLOP per request (your input)")),
            None,
        ));
    }
    if let Some(d) = &model.dense {
        let f = d.forward_gflops_per_sample * 2e9;
        return Ok((
            f,
            detail.text(|| {
                format!(
                    "{} G multiply-adds × 2 FLOP at {}",
                    d.forward_gflops_per_sample, d.input
                )
            }),
            None,
        ));
    }
    if let Some(t) = &model.transformer {
        let max = t.max_position_embeddings.max(1);
        let seq = f64::from(i.seq_len.map_or(max, |s| s.clamp(1, max)));
        let n = model.matmul_params();
        let attn = 4.0 * model.layers() * model.attention_width() * model.attended_tokens(seq);
        return Ok((
            (2.0 * n + attn) * seq,
            detail.text(|| format!("(2·N + 4·L·H·Q·T) × {seq} tokens, N = {:.3e}", n)),
            Some(PALM_FLOPS),
        ));
    }
    Err(InputError::new(
        "infer_gflops",
        "give the FLOPs per request: the model has neither a per-sample figure nor an architecture",
    ))
}

/// The tensor peak the request runs at, TFLOP/s, and the precision it is counted at.
fn peak(gpu: &Gpu, i: &Infer) -> Option<(f64, &'static str)> {
    let fp16 = gpu.bf16_tflops.filter(|v| *v > 0.0).map(|v| (v, "fp16"));
    match (i.precision, i.tensorrt) {
        (InferPrecision::Int8, true) => gpu
            .int8_tops
            .filter(|v| *v > 0.0)
            .map(|v| (v, "int8"))
            .or(fp16),
        _ => fp16,
    }
}

/// Requests per second the cluster's GPUs serve within the latency bound (each GPU a replica
/// of its own), and the batch each forms.
pub fn infer_time_with(
    model: &Model,
    i: &Infer,
    cluster: &Cluster,
    detail: impl Detail,
) -> Result<Timing, InputError> {
    let gpu = cluster.gpu;
    let (flops, flops_text, flops_source) = request_flops(model, i, detail)?;
    let Some((peak_t, at)) = peak(gpu, i) else {
        return Ok(Timing::unknown(
            1,
            Untimed::NoPeak {
                gpu: gpu.name.clone(),
                precision: crate::sizing::time::efficiency::Precision::Bf16,
            },
        ));
    };
    let (share, floor_ms, src) = if i.tensorrt {
        (INFER_TRT_SHARE, INFER_TRT_FLOOR_MS, MLPERF_INFERENCE)
    } else {
        (
            INFER_EAGER_SHARE,
            INFER_EAGER_FLOOR_MS,
            DLE_RESNET50_INFERENCE,
        )
    };
    // A preset that publishes its own small-batch latency replaces the generic floor, which
    // is a deep CNN's; a FLOPs figure typed by the user keeps the generic one.
    let own_floor = model
        .dense
        .as_ref()
        .filter(|_| i.gflops_per_sample.is_none())
        .and_then(|d| d.batch_floor_ms);
    let floor_ms = own_floor.unwrap_or(floor_ms);
    // ms one request's compute takes at each end of the share band.
    let per_request = share.invert(flops / (peak_t * 1e12) * 1e3);
    let mut terms = vec![
        term(
            "request_flops",
            flops / 1e9,
            "GFLOP",
            flops_text,
            flops_source,
        ),
        term(
            "inference_share",
            share.expected,
            "fraction",
            detail.text(|| {
                format!(
                    "share of the {at} peak {peak_t} TFLOP/s reached ({}; band {}–{})",
                    if i.tensorrt {
                        "TensorRT"
                    } else {
                        "eager PyTorch"
                    },
                    share.low,
                    share.high
                )
            }),
            Some(src),
        ),
        term(
            "batch_floor_ms",
            floor_ms,
            "ms",
            detail.text(|| match own_floor {
                Some(_) => "shortest time a batch takes: the model's published small-batch \
                            latency (see the preset's source)"
                    .into(),
                None => "shortest time a batch takes (launches, copies)".into(),
            }),
            if own_floor.is_some() { None } else { Some(src) },
        ),
    ];
    let mut warnings = Vec::new();
    let batch_at = |per: f64| -> u32 {
        match i.latency_ms {
            Some(l) => {
                let room = l / INFER_BATCH_WAITS;
                ((room / per).floor() as u32).clamp(1, i.batch)
            }
            None => i.batch,
        }
    };
    let batch_ms = |b: u32, per: f64| (f64::from(b) * per).max(floor_ms);
    let b = batch_at(per_request.expected);
    let t = batch_ms(b, per_request.expected);
    let latency = INFER_BATCH_WAITS * t;
    if let Some(target) = i.latency_ms.filter(|l| latency > *l) {
        warnings.push(Warning::BatchOfOneTooSlow {
            ms: latency,
            target_ms: target,
        });
    }
    let rate_at = |per: f64| {
        let b = batch_at(per);
        f64::from(b) / batch_ms(b, per) * 1e3
    };
    // The longest time per request gives the lowest rate.
    let gpus = cluster.gpus.max(1);
    let rate = Band::new(
        rate_at(per_request.high),
        rate_at(per_request.expected),
        rate_at(per_request.low),
    )
    .scale(f64::from(gpus));
    terms.push(term(
        "batch_at_latency_target",
        f64::from(b),
        "",
        detail.text(|| match i.latency_ms {
            Some(l) => format!(
                "largest batch with {INFER_BATCH_WAITS} × batch time ≤ {l} ms, at most {}",
                i.batch
            ),
            None => format!("{} (your batch; no latency bound)", i.batch),
        }),
        Some(ASSUMPTION),
    ));
    terms.push(term(
        "batch_ms",
        t,
        "ms",
        detail.text(|| {
            format!(
                "max({floor_ms} ms, {b} × {:.4} ms per request)",
                per_request.expected
            )
        }),
        None,
    ));
    terms.push(term(
        "requests_per_s",
        rate.expected,
        "req/s",
        detail.text(|| format!("{b} requests / {t:.3} ms × {gpus} GPU(s)")),
        None,
    ));
    let figures = vec![
        Figure {
            key: "requests_per_s",
            unit: "req/s",
            band: rate,
        },
        Figure {
            key: "request_latency_ms",
            unit: "ms",
            band: Band::exact(latency),
        },
        Figure {
            key: "batch_at_latency_target",
            unit: "",
            band: Band::exact(f64::from(b)),
        },
    ];
    Ok(Timing {
        hours: None,
        gpus,
        figures,
        terms,
        warnings,
        untimed: None,
    })
}
