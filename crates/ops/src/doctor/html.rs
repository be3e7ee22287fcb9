//! The diagnosis as markup for the page: one `innerHTML` write, text escaped by `Html`.

use super::words::{
    self, AT_STAKE, EXAMPLE, FINDINGS, GPU, INSTANCE, INTRO, MEMORY, NO_INSTANCE, NO_PRICE, PASTE,
    PER_GPU, POWER, PRICE, SAMPLES, TITLE, TO_DO, TRY, UTIL,
};
use super::{Diagnosis, Finding, ReadError, Reading};
use gpu_sizer_engine::catalog::Catalog;
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

/// The remedies, each with a button the page's one click handler finds by `data-remedy`, its
/// index in `d.remedies`.
pub fn remedies(d: &Diagnosis, lang: Lang, sym: &str) -> String {
    let mut h = Html::new();
    if d.remedies.is_empty() {
        return String::new();
    }
    h.raw("<h3>")
        .text(TO_DO.get(lang))
        .raw(r#"</h3><ul class="remedies">"#);
    for (i, r) in d.remedies.iter().enumerate() {
        h.raw(r#"<li data-testid="doctor-remedy">"#)
            .text(&words::remedy(r, lang, sym))
            .raw(r#" <button type="button" class="link""#)
            .attr("data-remedy", &i.to_string())
            .raw(">")
            .text(TRY.get(lang))
            .raw("</button></li>");
    }
    h.raw("</ul>");
    h.finish()
}

/// The diagnosis panel: the report and the remedies.
pub fn result(reading: &Reading, d: &Diagnosis, lang: Lang, sym: &str) -> String {
    format!(
        r#"<section class="panel" data-testid="doctor-result"><div data-testid="doctor-report">{}</div>{}</section>"#,
        report(reading, d, lang),
        remedies(d, lang, sym)
    )
}

/// Why the paste could not be read, naming its line.
pub fn error(e: &ReadError, lang: Lang) -> String {
    let mut h = Html::new();
    h.raw(r#"<p class="panel error" role="alert" data-testid="doctor-error">"#)
        .text(&words::error(e, lang))
        .raw("</p>");
    h.finish()
}

/// The page's form with what was typed: the paste, the instance, the price. Built again only when
/// the language changes (the page's handlers find its fields by id).
pub fn form(catalog: &Catalog, lang: Lang, text: &str, chosen: &str, price: &str) -> String {
    let mut h = Html::new();
    h.raw(r#"<section class="panel"><h2>"#)
        .text(TITLE.get(lang))
        .raw(r#"</h2><p class="muted">"#)
        .text(INTRO.get(lang))
        .raw(r#"</p><label for="doctor-input">"#)
        .text(PASTE.get(lang))
        .raw(r#"</label><textarea id="doctor-input" data-testid="doctor-input" rows="12" spellcheck="false">"#)
        .text(text)
        .raw(r#"</textarea><div class="doctor-price"><label>"#)
        .text(INSTANCE.get(lang))
        .raw(r#"<select id="doctor-offer" data-testid="doctor-offer">"#);
    offers(&mut h, catalog, lang, chosen);
    h.raw("</select></label><label>")
        .text(PRICE.get(lang))
        .raw(r#"<input id="doctor-price" data-testid="doctor-price" type="number" min="0" step="any""#)
        .attr("value", price)
        .raw(r#"></label></div><button type="button" class="secondary" data-testid="doctor-example">"#)
        .text(EXAMPLE.get(lang))
        .raw("</button></section>");
    h.finish()
}

/// The instances to choose from, as a select's options (`chosen` selected): every priced offer
/// of the catalog, in its order (grouped by provider).
fn offers(h: &mut Html, catalog: &Catalog, lang: Lang, chosen: &str) {
    h.raw(r#"<option value="">"#)
        .text(NO_INSTANCE.get(lang))
        .raw("</option>");
    for o in catalog.offers.iter().filter(|o| !o.prices.is_empty()) {
        let gpu = catalog
            .gpu(&o.gpu)
            .map_or(o.gpu.as_str(), |g| g.name.as_str());
        let provider = catalog
            .provider(&o.provider)
            .map_or(o.provider.as_str(), |p| p.name.as_str());
        h.raw("<option").attr("value", &o.id);
        if o.id == chosen {
            h.raw(" selected");
        }
        h.raw(">")
            .text(&format!(
                "{provider} · {} · {} × {gpu} · {}",
                o.instance_type, o.gpu_count, o.region
            ))
            .raw("</option>");
    }
}
