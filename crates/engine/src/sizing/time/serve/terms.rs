//! The terms of a replica's serving figures: what the server adds per step, the bandwidth
//! decoding reaches, what a step reads, and the times and rates they give.

use super::super::term;
use super::replica::{format_factor, Replica};
use super::Speeds;
use crate::cite::{GPT_FAST, PALM_FLOPS, TM101};
use crate::explain::{Detail, Term};
use crate::scenario::{Model, Serve};

/// The terms of the serving figures of `r` for `s` at the speeds found.
pub(super) fn terms(
    model: &Model,
    r: &Replica,
    s: &Serve,
    v: &Speeds,
    detail: impl Detail,
) -> Vec<Term> {
    let (layers, gbs, tp, avg_ctx, share) = (r.layers, r.gbs, r.tp, r.avg_ctx, r.share);
    let (batch, chosen, prompt, output) = (v.batch, v.chosen, r.prompt, r.output);
    let (d_exp, ttft, requests, decode_flops) = (v.d_exp, v.ttft, v.requests, r.decode_flops);
    let mut terms = r.c.terms.clone();
    terms.reserve(r.link_terms.len() + 7);
    terms.extend(r.link_terms.iter().cloned());
    terms.push(r.family_bw.term.clone());
    terms.push(term(
        "server_step_overhead",
        layers * r.step_layer_s * 1e3,
        "ms",
        detail.text(|| {
            format!(
                "{layers} layers × {:.0} µs per layer per step ({}{}). {}",
                r.step_layer_s * 1e6,
                r.profile.name,
                if r.hbm && r.profile.hbm_step_layer_s > 0.0 {
                    ", on HBM"
                } else {
                    ""
                },
                r.profile.derivation
            )
        }),
        Some(r.profile.speed_source),
    ));
    terms.push(term(
        "decode_bandwidth",
        gbs * r.decode_eff.expected,
        "GB/s",
        detail.text(|| {
            format!(
                "{gbs} GB/s × {:.2} (the family's decode share) × {:.2} ({}) × {:.2} ({:?} weights)",
                r.family_share.expected,
                r.profile.decode,
                r.profile.name,
                format_factor(s.weights),
                s.weights
            )
        }),
        Some(r.profile.speed_source),
    ));
    terms.push(term(
        "weights_read_per_step",
        r.reads.per_step(batch) / r.tpf / 1e9,
        "GB",
        detail.text(|| {
            format!(
                "{:.2} GB of weights{}{} / tp {tp}",
                r.reads.total / 1e9,
                if r.reads.lookup > 0.0 {
                    format!(
                        " − {:.2} GB embedding table (looked up, not read)",
                        r.reads.lookup / 1e9
                    )
                } else {
                    String::new()
                },
                if r.reads.experts > 0.0 {
                    format!(
                        "; experts: {:.0}% of {:.1} GB touched by {batch} sequences",
                        100.0
                            * (r.reads.per_step(batch) - r.reads.total
                                + r.reads.lookup
                                + r.reads.experts)
                            / r.reads.experts,
                        r.reads.experts / 1e9
                    )
                } else {
                    String::new()
                }
            )
        }),
        Some(GPT_FAST),
    ));
    terms.push(term(
        "kv_read_per_step",
        batch * model.kv_bytes(avg_ctx, r.kv_bytes) * share / 1e9,
        "GB",
        detail.text(|| {
            format!("{batch} sequences × KV of {avg_ctx} tokens (prompt + half the output) × {share:.3} per GPU")
        }),
        Some(TM101),
    ));
    terms.push(term(
        "time_per_output_token",
        d_exp.step_s * 1e3,
        "ms",
        detail.text(|| {
            format!(
                "max(memory {}, compute 2·N + attention = {decode_flops:.3e} FLOP × {batch} / (tp {tp} × {:.0} TFLOP/s × {:.2})){} — {}",
                "(weights + KV) / bandwidth",
                r.c.peak_flops / 1e12,
                r.ce.expected,
                if tp > 1 {
                    format!(" + {} all-reduces", 2.0 * layers)
                } else {
                    String::new()
                },
                if d_exp.memory_bound {
                    "memory-bound"
                } else {
                    "compute-bound"
                }
            )
        }),
        Some(GPT_FAST),
    ));
    terms.push(term(
        "time_to_first_token",
        ttft.expected,
        "s",
        detail.text(|| {
            format!(
                "prefill of {prompt} tokens: (2·N·P + 2·L·H·Q·P²) / (tp {tp} × peak × {:.2}), at least one read of the weights",
                r.pe.expected
            )
        }),
        Some(PALM_FLOPS),
    ));
    terms.push(term(
        "requests_per_s",
        requests.expected,
        "req/s",
        detail.text(|| {
            format!(
                "1 / (prefill {:.3} s + {output} output tokens × {:.1} ms / {chosen} sequences)",
                r.prefill_share(r.pe.expected, chosen),
                r.decode(chosen, r.decode_eff.expected, r.ce.expected)
                    .step_s
                    * 1e3
            )
        }),
        None,
    ));
    terms
}
