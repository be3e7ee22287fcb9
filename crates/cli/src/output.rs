//! Rendering a report: a readable table for people, JSON for scripts.

use gpu_sizer_engine::catalog::Currency;
use gpu_sizer_engine::explain::Term;
use gpu_sizer_engine::report::{Candidate, Report};
use gpu_sizer_engine::sizing::defaults::Band;
use gpu_sizer_engine::sizing::time::Timing;
use serde_json::{json, Value};
use std::fmt::Write as _;

fn money(currency: Currency, v: f64) -> String {
    let symbol = match currency {
        Currency::Usd => "$",
        Currency::Cny => "¥",
    };
    if v >= 100.0 {
        format!("{symbol}{v:.0}")
    } else {
        format!("{symbol}{v:.2}")
    }
}

fn hours(h: f64) -> String {
    if h < 1.0 {
        format!("{:.0} min", h * 60.0)
    } else if h < 48.0 {
        format!("{h:.1} h")
    } else {
        format!("{:.1} d", h / 24.0)
    }
}

fn band_hours(b: Band) -> String {
    format!("{} ({}–{})", hours(b.expected), hours(b.low), hours(b.high))
}

/// The headline speed of a candidate: job time, or serving figures.
fn speed(t: &Timing) -> String {
    if let Some(h) = t.hours {
        return band_hours(h);
    }
    match (
        t.figure("tokens_per_s"),
        t.figure("time_to_first_token_s"),
        t.figure("time_per_output_token_ms"),
    ) {
        (Some(tps), Some(ttft), Some(tpot)) => format!(
            "{:.0} tok/s, TTFT {:.2} s, {:.1} ms/token",
            tps.band.expected, ttft.band.expected, tpot.band.expected
        ),
        _ => "—".into(),
    }
}

fn cost(c: &Candidate) -> String {
    match &c.cost {
        Some(cost) => match cost.total {
            Some(t) => format!(
                "{} ({}–{})",
                money(cost.currency, t.expected),
                money(cost.currency, t.low),
                money(cost.currency, t.high)
            ),
            None => format!("{}/h", money(cost.currency, cost.per_hour)),
        },
        None => "enter your price".into(),
    }
}

fn terms_text(out: &mut String, terms: &[Term]) {
    for t in terms {
        let _ = writeln!(
            out,
            "    {:<24} {:>12.3} {:<10} {}{}",
            t.key,
            t.value,
            t.unit,
            t.formula,
            t.source.map(|s| format!("  [{s}]")).unwrap_or_default()
        );
    }
}

/// The report as text: model, warnings, the best candidate's breakdown, then the ranking.
pub fn text(report: &Report, top: usize, show_model: bool) -> String {
    let mut out = String::new();
    let m = &report.model;
    if show_model {
        let _ = writeln!(
            out,
            "Model: {} ({:.3} B parameters)",
            m.name,
            m.params / 1e9
        );
    }
    for w in &report.warnings {
        let _ = writeln!(out, "warning: {}", w.message);
    }
    if let Some(best) = report.candidates.first() {
        if !out.is_empty() {
            out.push('\n');
        }
        let _ = writeln!(
            out,
            "Best: {} — {} × {} ({} instance(s))",
            best.offer.id, best.gpus, best.gpu.name, best.instances
        );
        let _ = writeln!(
            out,
            "  Memory per GPU: {:.1} GiB of {:.1} GiB usable",
            best.fit.memory.total_gib, best.fit.usable.value
        );
        terms_text(&mut out, &best.fit.memory.terms);
        if !best.fit.memory.host_terms.is_empty() {
            let _ = writeln!(out, "  In host memory:");
            terms_text(&mut out, &best.fit.memory.host_terms);
        }
        let _ = writeln!(out, "  Time: {}", speed(&best.timing));
        terms_text(&mut out, &best.timing.terms);
        if let Some(c) = &best.cost {
            let _ = writeln!(out, "  Cost: {}", cost(best));
            terms_text(&mut out, &c.terms);
        }
        for w in &best.warnings {
            let _ = writeln!(out, "  warning: {}", w.message);
        }
    }
    let _ = writeln!(
        out,
        "\n{:>3}  {:<46} {:>5} {:>4} {:>9}  {:<40} on-demand cost",
        "#", "offer", "GPUs", "inst", "GiB/GPU", "time"
    );
    for (i, c) in report.candidates.iter().take(top).enumerate() {
        let _ = writeln!(
            out,
            "{:>3}  {:<46} {:>5} {:>4} {:>9.1}  {:<40} {}{}",
            i + 1,
            c.offer.id,
            c.gpus,
            c.instances,
            c.fit.memory.total_gib,
            speed(&c.timing),
            cost(c),
            if c.warnings.is_empty() { "" } else { "  (!)" }
        );
    }
    if report.candidates.len() > top {
        let _ = writeln!(
            out,
            "     … {} more (use --top N)",
            report.candidates.len() - top
        );
    }
    let _ = writeln!(
        out,
        "\n{} offer(s) cannot run this job.",
        report.rejected.len()
    );
    if let Some(r) = report
        .rejected
        .iter()
        .filter_map(|r| r.short_by_gib.map(|s| (s, r)))
        .min_by(|a, b| a.0.total_cmp(&b.0))
    {
        let _ = writeln!(out, "  Closest: {} — {}", r.1.offer.id, r.1.reason);
    }
    out
}

fn band(b: Band) -> Value {
    json!({"low": b.low, "expected": b.expected, "high": b.high})
}

fn terms(ts: &[Term]) -> Value {
    Value::Array(
        ts.iter()
            .map(|t| {
                json!({
                    "key": t.key,
                    "value": t.value,
                    "unit": t.unit,
                    "formula": t.formula,
                    "source": t.source,
                })
            })
            .collect(),
    )
}

fn candidate(c: &Candidate) -> Value {
    json!({
        "offer": c.offer.id,
        "gpu": c.gpu.id,
        "gpus": c.gpus,
        "instances": c.instances,
        "memory": {
            "total_gib": c.fit.memory.total_gib,
            "usable_gib": c.fit.usable.value,
            "headroom": c.fit.headroom(),
            "terms": terms(&c.fit.memory.terms),
            "host_terms": terms(&c.fit.memory.host_terms),
        },
        "time": {
            "hours": c.timing.hours.map(band),
            "figures": c.timing.figures.iter().map(|f| json!({
                "key": f.key, "unit": f.unit, "band": band(f.band)
            })).collect::<Vec<_>>(),
            "terms": terms(&c.timing.terms),
        },
        "cost": c.cost.as_ref().map(|k| json!({
            "currency": match k.currency { Currency::Usd => "USD", Currency::Cny => "CNY" },
            "per_hour": k.per_hour,
            "total": k.total.map(band),
            "terms": terms(&k.terms),
        })),
        "warnings": c.warnings.iter().map(|w| json!({"key": w.key, "message": w.message})).collect::<Vec<_>>(),
    })
}

/// The report as JSON.
pub fn json(report: &Report) -> Value {
    json!({
        "model": {
            "name": report.model.name,
            "params": report.model.params,
            "active_params": report.model.active_params(),
            "coarse": report.model.coarse,
        },
        "warnings": report.warnings.iter().map(|w| json!({"key": w.key, "message": w.message})).collect::<Vec<_>>(),
        "candidates": report.candidates.iter().map(candidate).collect::<Vec<_>>(),
        "rejected": report.rejected.iter().map(|r| json!({
            "offer": r.offer.id, "reason": r.reason, "short_by_gib": r.short_by_gib
        })).collect::<Vec<_>>(),
    })
}
