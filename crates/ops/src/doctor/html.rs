//! The diagnosis as markup for the page: one `innerHTML` write, text escaped by `Html`.

use super::words::{
    self, AT_STAKE, FINDINGS, GPU, MEMORY, NO_PRICE, PER_GPU, POWER, SAMPLES, UTIL,
};
use super::{Diagnosis, Finding, Reading};
use gpu_sizer_markup::html::Html;
use gpu_sizer_markup::i18n::{number, Lang};

fn kind(f: &Finding) -> &'static str {
    match f {
        Finding::Idle { .. } => "idle",
        Finding::Unbalanced { .. } => "unbalanced",
        Finding::InputBound { .. } => "input-bound",
        Finding::Underused { .. } => "underused",
        Finding::OutOfMemoryRisk { .. } => "oom-risk",
        Finding::MemoryBound { .. } => "memory-bound",
        Finding::Busy { .. } => "busy",
    }
}

/// The report: the table per GPU, the findings, the money at stake and the lines left out.
pub fn report(reading: &Reading, d: &Diagnosis, lang: Lang) -> String {
    let opt = |v: Option<f64>, dec: usize| v.map_or("—".to_string(), |v| number(v, dec));
    let mut h = Html::new();
    h.raw(r#"<h3>"#)
        .text(PER_GPU.get(lang))
        .raw(r#"</h3><table class="doctor-gpus"><thead><tr>"#);
    for head in [GPU, SAMPLES, UTIL, MEMORY, POWER] {
        h.raw(r#"<th scope="col">"#)
            .text(head.get(lang))
            .raw("</th>");
    }
    h.raw("</tr></thead><tbody>");
    for g in &d.gpus {
        h.raw(r#"<tr data-testid="doctor-gpu""#)
            .attr("data-util", &opt(g.util_mean, 0))
            .raw("><td>")
            .text(&format!("{} {}", g.index, g.name.as_deref().unwrap_or("")))
            .raw(r#"</td><td class="num">"#)
            .text(&g.samples.to_string())
            .raw(r#"</td><td class="num">"#)
            .text(&format!(
                "{}% ({}–{}%)",
                opt(g.util_mean, 0),
                opt(g.util_min, 0),
                opt(g.util_max, 0)
            ))
            .raw(r#"</td><td class="num">"#)
            .text(&format!(
                "{} / {} GiB",
                opt(g.mem_used_gib_max, 1),
                opt(g.mem_total_gib, 1)
            ))
            .raw(r#"</td><td class="num">"#)
            .text(&format!(
                "{} / {} W",
                opt(g.power_mean_w, 0),
                opt(g.power_cap_w, 0)
            ))
            .raw("</td></tr>");
    }
    h.raw("</tbody></table><h3>")
        .text(FINDINGS.get(lang))
        .raw("</h3><ul>");
    for f in &d.findings {
        h.raw(r#"<li data-testid="doctor-finding""#)
            .attr("data-kind", kind(f))
            .raw(">")
            .text(&words::finding(f, lang))
            .raw("</li>");
    }
    h.raw("</ul><h3>")
        .text(AT_STAKE.get(lang))
        .raw(r#"</h3><p data-testid="doctor-money""#);
    match &d.money {
        Some(m) => h
            .attr("data-per-month", &format!("{:.2}", m.per_month))
            .raw(">")
            .text(&words::money(m, lang)),
        None => h.raw(r#" class="muted">"#).text(NO_PRICE.get(lang)),
    };
    h.raw("</p>");
    if let Some(s) = words::skipped(&reading.skipped, lang) {
        h.raw(r#"<p class="muted" data-testid="doctor-skipped">"#)
            .text(&s)
            .raw("</p>");
    }
    h.finish()
}
