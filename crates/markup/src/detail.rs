//! One candidate in detail, as markup: memory against the GPU, time and cost term by term with
//! formulas and sources, the price with its date, break-even and spot figures.

use crate::format;
use crate::html::Html;
use crate::i18n::{self, t, Lang};
use gpu_sizer_engine::catalog::{Catalog, Currency};
use gpu_sizer_engine::explain::Term;
use gpu_sizer_engine::plan::{explain, Candidate, Request};

/// Colours of the memory bar, cycled by term (CSS classes, so both themes style them).
const SEGMENTS: usize = 8;

/// A part's heading with its figure: "Time · 5.3 h (4.1–6.8 h)".
fn subheading(h: &mut Html, label: &str, figure: &str) {
    h.raw("<h3>")
        .text(&format!("{label} · {figure}"))
        .raw("</h3>");
}

/// The terms as a list whose items open to their formula and source, each named and its value
/// worded for the reader (the engine's keys and units are identifiers).
fn term_list(h: &mut Html, terms: &[Term], testid: Option<&str>, lang: Lang, currency: Currency) {
    h.raw(r#"<ul class="terms""#);
    if let Some(testid) = testid {
        h.attr("data-testid", testid);
    }
    h.raw(">");
    for term in terms {
        h.raw(r#"<li><details><summary><span class="term-key">"#)
            .text(format::term_name(term.key, lang))
            .raw(r#"</span><span class="num">"#)
            .text(&format::quantity(term.value, term.unit, currency, lang))
            .raw(r#"</span></summary><p class="formula">"#)
            .text(&term.formula)
            .raw("</p>");
        if let Some(source) = term.source {
            h.raw(r#"<p class="source">"#)
                .text(&format!("{}: {source}", t::SOURCE.get(lang)))
                .raw("</p>");
        }
        h.raw("</details></li>");
    }
    h.raw("</ul>");
}

/// An SVG bar of the memory terms against the GPU's memory.
fn memory_bar(
    h: &mut Html,
    c: &Candidate,
    memory: &gpu_sizer_engine::sizing::MemoryEstimate,
    lang: Lang,
) {
    let capacity = c.gpu.memory_gib.max(memory.total_gib).max(1e-9);
    let gpu_line = format!("{:.3}", c.gpu.memory_gib / capacity * 100.0);
    let shown = || memory.terms.iter().filter(|t| t.value > 0.0).enumerate();
    h.raw(r#"<figure class="memory-bar" data-testid="memory-bar"><svg viewBox="0 0 100 14" preserveAspectRatio="none" role="img""#)
        .attr(
            "aria-label",
            &format!(
                "{} {} / {} GiB",
                t::MEMORY_PER_GPU.get(lang),
                i18n::number(c.memory.total_gib, 1),
                i18n::number(c.gpu.memory_gib, 0)
            ),
        )
        .raw(r#"><rect x="0" y="0" height="10" class="capacity""#)
        .attr("width", &gpu_line)
        .raw("></rect>");
    let mut x = 0.0;
    for (i, term) in shown() {
        let w = term.value / capacity * 100.0;
        h.raw("<rect")
            .attr("x", &format!("{x:.3}"))
            .attr("y", "0")
            .attr("width", &format!("{w:.3}"))
            .attr("height", "10")
            .attr("class", &format!("seg seg{}", i % SEGMENTS))
            .raw("><title>")
            .text(&format!(
                "{}: {} GiB",
                format::term_name(term.key, lang),
                i18n::number(term.value, 2)
            ))
            .raw("</title></rect>");
        x += w;
    }
    h.raw("<line")
        .attr("x1", &gpu_line)
        .attr("x2", &gpu_line)
        .raw(r#" y1="0" y2="14" class="limit"></line></svg><figcaption>"#)
        .text(&{
            let (used, of) = (
                i18n::number(c.memory.total_gib, 1),
                i18n::number(c.gpu.memory_gib, 0),
            );
            let headroom = c.headroom * 100.0;
            match lang {
                Lang::En => format!("{used} GiB / {of} GiB (headroom: {headroom:.0}%)"),
                Lang::Zh => format!("{used} GiB / {of} GiB（余量 {headroom:.0}%）"),
            }
        })
        .raw(r#"</figcaption><ul class="legend">"#);
    for (i, term) in shown() {
        h.raw("<li><span")
            .attr("class", &format!("swatch seg{}", i % SEGMENTS))
            .raw(r#" aria-hidden="true"></span>"#)
            .text(&format!(
                "{} {} GiB",
                format::term_name(term.key, lang),
                i18n::number(term.value, 2)
            ))
            .raw("</li>");
    }
    h.raw("</ul></figure>");
}

/// The detail panel of `c`, one of the candidates `catalog` and `request` were ranked on: rebuilt
/// whole on every input change, it is written with one `innerHTML` (see [`crate::html`]).
pub fn detail(
    catalog: &Catalog,
    c: &Candidate,
    request: &Request,
    lang: Lang,
    today: Option<i64>,
) -> Html {
    let currency = request.costs.currency;
    let sym = gpu_sizer_engine::cost::money::symbol(currency);
    // The ranking carries numbers only; the candidate on screen is recomputed with its formulas.
    let Ok(explained) = explain(catalog, c, request) else {
        return Html::new();
    };
    let stale = today.is_some_and(|now| c.quote.is_stale(now));
    let mut h = Html::new();
    h.raw(r#"<section class="panel detail" data-testid="detail" aria-labelledby="detail-heading""#)
        .attr("data-offer-id", &c.offer.id)
        .raw(r#"><h2 id="detail-heading">"#)
        .text(&format!(
            "{} · {} · {}",
            format::provider_name(c.provider, lang),
            c.offer.instance_type,
            c.offer.region
        ))
        .raw(r#"</h2><p class="muted">"#)
        .text(&format!(
            "{} · {} · {}/h",
            match &c.serving {
                Some(f) => format::fleet(c, f, lang),
                None => format!("{} × {}", c.gpus, c.gpu.name),
            },
            format::mode(c.mode).get(lang),
            i18n::money(c.price_per_hour, sym)
        ))
        .raw(" · ");
    // A price a person typed has no page to link to: an override says so alone, an offer of
    // their own keeps the day it was typed.
    if c.price_overridden {
        h.raw("<span>").text(t::YOUR_PRICE.get(lang)).raw("</span>");
    } else if let Some(href) = c.quote.link() {
        h.raw("<span><a")
            .attr("href", href)
            .raw(r#" rel="noopener noreferrer" target="_blank">"#)
            .text(t::PRICE_SOURCE.get(lang))
            .raw("</a>");
        price_date(&mut h, c, lang);
        h.raw("</span>");
    } else {
        h.raw("<span>").text(t::YOUR_PRICE.get(lang));
        price_date(&mut h, c, lang);
        h.raw("</span>");
    }
    if stale {
        h.raw(r#"<span class="badge warning" data-testid="stale-price">"#)
            .text(&if c.quote.undated {
                t::UNDATED.get(lang).to_string()
            } else {
                i18n::stale_limit(t::STALE, lang)
            })
            .raw("</span>");
    }
    h.raw("</p>");
    if c.deadline_at_risk {
        h.raw(r#"<p class="warning">"#)
            .text(t::DEADLINE_RISK.get(lang))
            .raw("</p>");
    }
    h.raw("<h3>").text(t::MEMORY_PER_GPU.get(lang)).raw("</h3>");
    memory_bar(&mut h, c, &explained.memory, lang);
    if let Ok(fits) = gpu_sizer_engine::plan::what_fits(catalog, c, request) {
        crate::hardware::what_fits(&mut h, &fits, lang);
    }
    term_list(&mut h, &explained.memory.terms, None, lang, currency);
    match &c.serving {
        // A service runs the month on every offer: its time is how fast it answers.
        Some(f) => subheading(
            &mut h,
            format::service_time(f.served).get(lang),
            &format::ms(f.time_per_output_token_ms, lang),
        ),
        None => subheading(
            &mut h,
            t::TIME.get(lang),
            &format::hours_band(c.hours, lang),
        ),
    }
    term_list(
        &mut h,
        &explained.timing.terms,
        Some("time-lines"),
        lang,
        currency,
    );
    subheading(
        &mut h,
        if c.serving.is_some() {
            t::COST_PER_MONTH.get(lang)
        } else {
            t::TOTAL_COST.get(lang)
        },
        &format::money_band(c.cost, currency),
    );
    term_list(&mut h, &explained.cost, Some("cost-lines"), lang, currency);
    if let Some(b) = &explained.break_even {
        h.raw(r#"<p data-testid="break-even">"#)
            .text(&format!(
                "{}: {} ({:.0}% {})",
                t::BREAK_EVEN.get(lang),
                i18n::duration(b.hours, lang),
                b.utilisation * 100.0,
                t::UTILISATION.get(lang)
            ))
            .raw("</p>");
    }
    if let Some(q) = &explained.queue {
        h.raw(r#"<h3 data-testid="queue-heading">"#)
            .text(format::QUEUE_HEADING.get(lang))
            .raw(r#"</h3><p data-testid="queue-advice">"#)
            .text(&format::queue_advice(q, currency, lang))
            .raw("</p>");
        term_list(&mut h, &q.terms, Some("queue-lines"), lang, currency);
    }
    if let Some(s) = &explained.spot {
        h.raw(r#"<p data-testid="spot-outcome">"#)
            .text(&format!(
                "{}: {} · {}: {} · {}: {:.1}",
                t::CHECKPOINT_EVERY.get(lang),
                i18n::duration(s.checkpoint_interval_hours, lang),
                t::EXPECTED_TIME.get(lang),
                i18n::duration(s.expected_hours, lang),
                t::INTERRUPTIONS.get(lang),
                s.expected_interruptions
            ))
            .raw("</p>");
    }
    h.raw("</section>");
    h
}

/// " · as of 1 Nov 2026": the date the price's source carries, or " · date unknown" (not "as
/// of date unknown").
fn price_date(h: &mut Html, c: &Candidate, lang: Lang) {
    let date = format::price_date(&c.quote, lang);
    if c.quote.as_of.is_some() && !c.quote.undated {
        h.text(&format!(" · {} {date}", t::AS_OF.get(lang)));
    } else {
        h.text(&format!(" · {date}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::{hostile_catalog, hostile_report, request, TODAY};
    use gpu_sizer_engine::catalog::validate::USER_SOURCE;
    use gpu_sizer_engine::catalog::STALE_AFTER_DAYS;
    use gpu_sizer_engine::plan::evaluate;

    #[test]
    fn a_typed_offer_is_text_with_no_link_for_its_price() {
        let (report, request) = hostile_report();
        let pick = report.pick().unwrap();
        let html = detail(hostile_catalog(), pick, &request, Lang::En, Some(TODAY)).finish();
        assert!(!html.is_empty());
        assert!(!html.contains("<img"), "{html}");
        assert!(html.contains("&lt;img src=x onerror=alert(1)&gt;"));
        assert!(!html.contains("href"), "{html}");
        assert!(!html.contains(USER_SOURCE), "{html}");
        assert!(html.contains(t::YOUR_PRICE.get(Lang::En)));
        // Dated the day it was typed: not old.
        assert!(!html.contains("stale-price"));
    }

    #[test]
    fn a_published_price_links_its_source_and_an_old_one_is_flagged() {
        let request = request(Some(TODAY));
        let catalog = gpu_sizer_engine::catalog::Catalog::builtin();
        let report = evaluate(catalog, &request).unwrap();
        let c = report
            .ranked
            .iter()
            .find(|c| !c.quote.undated && c.quote.link().is_some())
            .unwrap();
        let html = detail(catalog, c, &request, Lang::En, Some(TODAY)).finish();
        let href = format!(r#"href="{}""#, c.quote.link().unwrap());
        assert!(html.contains(&href), "{html}");
        let as_of = TODAY - c.quote.age_days(TODAY).unwrap();
        let old = detail(
            catalog,
            c,
            &request,
            Lang::En,
            Some(as_of + STALE_AFTER_DAYS + 1),
        );
        let old = old.finish();
        assert!(old.contains("stale-price"), "{old}");
        assert!(old.contains(&format!("{STALE_AFTER_DAYS} days")), "{old}");
    }

    #[test]
    fn a_price_of_unknown_date_says_so_once_in_each_language() {
        let request = request(Some(TODAY));
        let catalog = gpu_sizer_engine::catalog::Catalog::builtin();
        let report = evaluate(catalog, &request).unwrap();
        let undated = report.ranked.iter().find(|c| c.quote.undated).unwrap();
        let dated = report.ranked.iter().find(|c| !c.quote.undated).unwrap();
        for lang in [Lang::En, Lang::Zh] {
            let html = detail(catalog, undated, &request, lang, Some(TODAY)).finish();
            let unknown = t::DATE_UNKNOWN.get(lang);
            assert!(html.contains(&format!(" · {unknown}")), "{html}");
            assert!(
                !html.contains(&format!("{} {unknown}", t::AS_OF.get(lang))),
                "{html}"
            );
            let html = detail(catalog, dated, &request, lang, Some(TODAY)).finish();
            assert!(
                html.contains(&format!(" · {} ", t::AS_OF.get(lang))),
                "{html}"
            );
        }
    }
}
