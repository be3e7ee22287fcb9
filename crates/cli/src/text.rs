//! The report for people: the best candidates, then the pick in full with every formula.

use crate::view::{money, BandView, CandidateView, PickView, ReportView, ServingView, TermView};
use gpu_sizer_engine::catalog::Currency;
use std::fmt::Write as _;

fn hours(h: f64) -> String {
    if !h.is_finite() {
        "—".into()
    } else if h < 1.0 {
        format!("{:.0} min", h * 60.0)
    } else if h < 48.0 {
        format!("{h:.1} h")
    } else {
        format!("{:.1} d", h / 24.0)
    }
}

fn hours_band(b: BandView) -> String {
    if b.low == b.high {
        return hours(b.expected);
    }
    format!("{} ({}–{})", hours(b.expected), hours(b.low), hours(b.high))
}

fn money_band(c: Currency, b: BandView) -> String {
    if b.low == b.high {
        return money(c, b.expected);
    }
    format!(
        "{} ({}–{})",
        money(c, b.expected),
        money(c, b.low),
        money(c, b.high)
    )
}

/// A number for a term: short, whatever its size.
fn number(v: f64) -> String {
    let a = v.abs();
    if v == 0.0 {
        "0".into()
    } else if !(1e-3..1e6).contains(&a) {
        format!("{v:.3e}")
    } else if a >= 100.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.3}")
    }
}

fn term_lines(out: &mut String, currency: Currency, list: &[TermView]) {
    for t in list {
        let value = if t.unit == "currency" {
            money(currency, t.value)
        } else {
            format!("{} {}", number(t.value), t.unit)
        };
        let source = t.source.map(|s| format!("  [{s}]")).unwrap_or_default();
        let _ = writeln!(
            out,
            "    {:<26} {:>14}  {}{source}",
            t.key, value, t.formula
        );
    }
}

/// Writes `rows` as columns padded to their widest cell (the first column right-aligned).
fn table<const N: usize>(out: &mut String, rows: &[[String; N]]) {
    let mut widths = [0usize; N];
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    for row in rows {
        let mut line = String::new();
        for (i, (cell, w)) in row.iter().zip(widths).enumerate() {
            let pad = " ".repeat(w - cell.chars().count());
            if i == 0 {
                line.push_str(&pad);
                line.push_str(cell);
            } else if i + 1 == N {
                line.push_str(cell);
            } else {
                line.push_str(cell);
                line.push_str(&pad);
            }
            line.push_str("  ");
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
}

fn shape(c: &CandidateView) -> String {
    format!("{} × {} × {}", c.instances, c.gpus_per_instance, c.gpu_name)
}

fn time_cell(c: &CandidateView) -> String {
    match &c.serving {
        Some(s) => latency(s),
        None => hours_band(c.hours),
    }
}

/// Time per output token, against the target when there is one.
fn latency(s: &ServingView) -> String {
    if s.served == "requests" {
        return match s.latency_target_ms {
            Some(t) => format!("{:.1} ms/request (bound {t})", s.time_per_output_token_ms),
            None => format!("{:.1} ms/request", s.time_per_output_token_ms),
        };
    }
    match s.latency_target_ms {
        Some(t) => format!("{:.1} ms/token (target {t})", s.time_per_output_token_ms),
        None => format!("{:.1} ms/token", s.time_per_output_token_ms),
    }
}

/// A serving fleet in words: replicas, instances, GPUs rented.
fn fleet(s: &ServingView, c: &CandidateView) -> String {
    let spares = if s.spare_instances > 0 {
        format!(", {} spare against spot reclaims", s.spare_instances)
    } else {
        String::new()
    };
    let how = match s.scaling {
        "fixed" => "kept all month".to_string(),
        "serverless" => format!("{:.1} workers on average", s.mean_instances),
        _ => format!("{:.1} on average, autoscaled", s.mean_instances),
    };
    format!(
        "{} replica(s) of {} GPU(s) on {} instance(s) of {} GPU(s) at the busiest hour{spares} ({how}); {} GPUs rented",
        s.replicas, s.gpus_per_replica, s.instances, c.gpus_per_instance, c.gpus
    )
}

/// The report as text. `currency` is the report's.
pub fn render(v: &ReportView, currency: Currency) -> String {
    let mut out = String::new();
    scenario(&mut out, v);
    top(&mut out, v, currency);
    match &v.pick {
        None => {
            let _ = writeln!(
                out,
                "\nNo recommendation: no candidate meets every constraint."
            );
            if !v.suggestions.is_empty() {
                let _ = writeln!(
                    out,
                    "\nWhat would fit (each under every constraint, with its pick):"
                );
                for s in &v.suggestions {
                    let c = &s.pick;
                    let _ = writeln!(
                        out,
                        "  - {}: {:.1} GiB per GPU of {:.0} GiB on {} ({}, {}), {}, {}",
                        s.changes.join(" + "),
                        s.memory_gib,
                        s.gpu_memory_gib,
                        shape(c),
                        c.offer,
                        c.mode,
                        money_band(currency, c.cost),
                        time_cell(c)
                    );
                }
            }
        }
        Some(p) => pick(&mut out, v, p, currency),
    }
    closing(&mut out, v);
    out
}

/// The scenario, what a link left out, and the warnings about it.
fn scenario(out: &mut String, v: &ReportView) {
    let model = match &v.scenario.model {
        Some(m) => format!(" · {m}"),
        None => String::new(),
    };
    let _ = writeln!(
        out,
        "Scenario: {}{model} · objective {} · {}",
        v.scenario.workload, v.scenario.objective, v.scenario.currency
    );
    if let Some(h) = &v.scenario.hardware {
        let _ = writeln!(out, "Hardware: {h}");
    }
    for i in &v.ignored_input {
        let _ = writeln!(
            out,
            "ignored in the link: {}={} ({})",
            i.key, i.value, i.reason
        );
    }
    for w in &v.warnings {
        let _ = writeln!(out, "warning: {w}");
    }
}

/// The best candidates as a table.
fn top(out: &mut String, v: &ReportView, currency: Currency) {
    let per = if v.scenario.per_month { " / month" } else { "" };
    let _ = writeln!(
        out,
        "\n{} candidate(s) meet every constraint; the best {}:",
        v.ranked,
        v.top.len()
    );
    let mut rows = vec![[
        "#".to_string(),
        "offer".into(),
        "provider".into(),
        "region".into(),
        "instances × GPUs".into(),
        "mode".into(),
        if v.scenario.per_month {
            "latency".into()
        } else {
            "time".into()
        },
        format!("cost{per}"),
    ]];
    for c in &v.top {
        let risk = if c.deadline_at_risk {
            " (deadline at risk)"
        } else {
            ""
        };
        rows.push([
            c.rank.to_string(),
            c.offer.clone(),
            c.provider_name.clone(),
            c.region.clone(),
            shape(c),
            c.mode.to_string(),
            time_cell(c),
            format!("{}{risk}", money_band(currency, c.cost)),
        ]);
    }
    table(out, &rows);
}

/// The pick: what it rents, its price and source, its speed and cost, then its figures term by
/// term.
fn pick(out: &mut String, v: &ReportView, p: &PickView, currency: Currency) {
    let per = if v.scenario.per_month { " / month" } else { "" };
    let c = &p.candidate;
    let _ = writeln!(
        out,
        "\nRecommendation: {} — {} at {}, {}",
        c.offer, c.instance_type, c.provider_name, c.region
    );
    let _ = writeln!(
        out,
        "  {} ({} GPU(s)), {} at {}/h per instance",
        shape(c),
        c.gpus,
        c.mode,
        money(currency, c.price_per_hour)
    );
    let _ = writeln!(
        out,
        "  catalog price {} {}/h, as of {}: {}{}",
        number(p.quote.per_hour),
        p.quote.currency,
        match (&p.quote.as_of, p.quote.undated) {
            (Some(day), false) => day.as_str(),
            _ => "date unknown",
        },
        p.quote.source,
        if c.price_overridden {
            " (overridden)"
        } else {
            ""
        }
    );
    match &c.serving {
        Some(s) if s.served == "requests" => {
            let _ = writeln!(out, "  fleet: {}", fleet(s, c));
            let _ = writeln!(
                out,
                "  speed: {}, {:.0} inferences/s per replica",
                latency(s),
                s.requests_per_s_per_replica
            );
            let _ = writeln!(
                out,
                "  cost{per} {}, {} per million inferences",
                money_band(currency, c.cost),
                money(currency, s.per_million_tokens)
            );
        }
        Some(s) => {
            let _ = writeln!(out, "  fleet: {}", fleet(s, c));
            let _ = writeln!(
                out,
                "  speed: {}, first token in {:.3} s, {:.0} tokens/s and {:.2} requests/s per replica",
                latency(s),
                s.time_to_first_token_s,
                s.tokens_per_s_per_replica,
                s.requests_per_s_per_replica
            );
            let _ = writeln!(
                out,
                "  cost{per} {}, {} per million tokens",
                money_band(currency, c.cost),
                money(currency, s.per_million_tokens)
            );
        }
        None => {
            let _ = writeln!(out, "  time {}", hours_band(c.hours));
            let _ = writeln!(out, "  cost{per} {}", money_band(currency, c.cost));
        }
    }
    for w in &c.warnings {
        let _ = writeln!(out, "  warning: {w}");
    }
    pick_terms(out, p, currency);
}

/// The pick's cost lines, memory, time, break-even and spot outcome, with their formulas.
fn pick_terms(out: &mut String, p: &PickView, currency: Currency) {
    let c = &p.candidate;
    let _ = writeln!(out, "\n  Cost lines");
    term_lines(out, currency, &p.cost_lines);
    let total: f64 = p.cost_lines.iter().map(|t| t.value).sum();
    let _ = writeln!(out, "    {:<26} {:>14}", "total", money(currency, total));

    let _ = writeln!(
        out,
        "\n  Memory per GPU: {:.1} GiB, {:.0} % of usable memory left free",
        p.memory.total_gib,
        c.headroom * 100.0
    );
    term_lines(out, currency, &p.memory.terms);
    if !p.memory.host_terms.is_empty() {
        let _ = writeln!(out, "  In host memory, per GPU:");
        term_lines(out, currency, &p.memory.host_terms);
    }

    if !p.what_fits.is_empty() {
        let _ = writeln!(out, "\n  What fits on these GPUs");
        for t in &p.what_fits {
            let _ = writeln!(
                out,
                "    {:<40} {:>8} {}  {}",
                t.name, t.value, t.unit, t.formula
            );
        }
    }

    let _ = writeln!(out, "\n  Time");
    for f in &p.time.figures {
        let _ = writeln!(
            out,
            "    {:<26} {:>14}  ({}–{})",
            f.key,
            format!("{} {}", number(f.band.expected), f.unit),
            number(f.band.low),
            number(f.band.high)
        );
    }
    term_lines(out, currency, &p.time.terms);
    for w in &p.time.warnings {
        let _ = writeln!(out, "    warning: {w}");
    }

    if let Some(b) = &p.break_even {
        let _ = writeln!(
            out,
            "\n  Break-even against on-demand: {} of use per term ({:.0} % utilisation)",
            hours(b.hours),
            b.utilisation * 100.0
        );
        term_lines(out, currency, &b.terms);
    }
    if let Some(q) = &p.queue {
        let _ = writeln!(
            out,
            "\n  Queue of jobs, a month: start and stop, or keep up\n    {}",
            q.advice
        );
        term_lines(out, currency, &q.terms);
    }
    if let Some(s) = &p.spot {
        let _ = writeln!(
            out,
            "\n  Spot: checkpoint every {}, {:.2} interruption(s) expected, {} in all",
            hours(s.checkpoint_interval_hours),
            s.expected_interruptions,
            hours(s.expected_hours)
        );
        term_lines(out, currency, &s.terms);
    }
}

/// Pitfalls, why the pick wins, its sensitivity and what was left out.
fn closing(out: &mut String, v: &ReportView) {
    if !v.pitfalls.is_empty() {
        let _ = writeln!(out, "\nPitfalls");
        for p in &v.pitfalls {
            let _ = writeln!(out, "  - {}", p.message);
        }
    }
    if let Some(w) = &v.why {
        let _ = writeln!(out, "\nWhy this pick ({}): {}", w.objective, w.text);
    }
    if !v.sensitivity.is_empty() {
        let _ = writeln!(
            out,
            "\nSensitivity (the pick's figure moved, the others kept)"
        );
        for s in &v.sensitivity {
            let outcome = if s.holds {
                "the pick holds".to_string()
            } else {
                format!("{} would win", s.winner)
            };
            let _ = writeln!(
                out,
                "  {:<10} {:>+4.0} %: {outcome}",
                s.factor,
                s.change * 100.0
            );
        }
    }
    let _ = writeln!(out, "\nLeft out: {} candidate(s)", v.excluded.total);
    for r in &v.excluded.by_reason {
        let _ = writeln!(out, "  {:>5}  {}", r.count, r.reason);
    }
    if let Some(c) = &v.excluded.closest_fit {
        let _ = writeln!(
            out,
            "  closest to fitting: {}, short by {:.1} GiB per GPU",
            c.offer, c.short_gib
        );
    }
}
