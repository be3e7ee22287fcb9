//! One candidate in detail: memory against the GPU, time and cost term by term with formulas and
//! sources, the catalog price with its date, break-even and spot figures.

use super::ranking::key_of;
use crate::app::format;
use crate::app::i18n::{self, t, Lang};
use crate::app::prefs::use_prefs;
use crate::app::state::use_state;
use gpu_sizer_engine::catalog::validate::parse_date;
use gpu_sizer_engine::catalog::Catalog;
use gpu_sizer_engine::explain::Term;
use gpu_sizer_engine::plan::pitfalls::STALE_AFTER_DAYS as STALE_DAYS;
use gpu_sizer_engine::plan::{explain, Candidate, Request};
use leptos::prelude::*;

/// Colours of the memory bar, cycled by term (CSS classes, so both themes style them).
const SEGMENTS: usize = 8;

fn term_rows(terms: &[Term], lang: Lang, currency_symbol: Option<&str>) -> AnyView {
    terms
        .iter()
        .map(|term| {
            let value = match (term.unit, currency_symbol) {
                ("currency", Some(sym)) => i18n::money(term.value, sym),
                (unit, _) => format!(
                    "{} {unit}",
                    i18n::number(term.value, if term.value.abs() < 10.0 { 3 } else { 1 })
                ),
            };
            let source = term.source.map(|s| {
                view! { <p class="source">{format!("{}: {s}", t::SOURCE.get(lang))}</p> }
            });
            view! {
                <li>
                    <details>
                        <summary>
                            <span class="term-key">{term.key}</span>
                            <span class="num">{value}</span>
                        </summary>
                        <p class="formula">{term.formula.clone()}</p>
                        {source}
                    </details>
                </li>
            }
        })
        .collect_view()
        .into_any()
}

/// An SVG bar of the memory terms against the GPU's memory.
fn memory_bar(
    c: &Candidate,
    memory: &gpu_sizer_engine::sizing::MemoryEstimate,
    lang: Lang,
) -> AnyView {
    let capacity = c.gpu.memory_gib.max(memory.total_gib).max(1e-9);
    let mut x = 0.0;
    let segments = memory
        .terms
        .iter()
        .filter(|t| t.value > 0.0)
        .enumerate()
        .map(|(i, term)| {
            let w = term.value / capacity * 100.0;
            let rect = view! {
                <rect
                    x=format!("{x:.3}")
                    y="0"
                    width=format!("{w:.3}")
                    height="10"
                    class=format!("seg seg{}", i % SEGMENTS)
                >
                    <title>{format!("{}: {} GiB", term.key, i18n::number(term.value, 2))}</title>
                </rect>
            };
            x += w;
            rect
        })
        .collect_view();
    let gpu_line = c.gpu.memory_gib / capacity * 100.0;
    let legend = memory
        .terms
        .iter()
        .filter(|t| t.value > 0.0)
        .enumerate()
        .map(|(i, term)| {
            view! {
                <li>
                    <span class=format!("swatch seg{}", i % SEGMENTS) aria-hidden="true"></span>
                    {format!("{} {} GiB", term.key, i18n::number(term.value, 2))}
                </li>
            }
        })
        .collect_view();
    view! {
        <figure class="memory-bar" data-testid="memory-bar">
            <svg viewBox="0 0 100 14" preserveAspectRatio="none" role="img"
                aria-label=format!("{} {} / {} GiB", t::MEMORY_PER_GPU.get(lang),
                    i18n::number(c.memory.total_gib, 1), i18n::number(c.gpu.memory_gib, 0))>
                <rect x="0" y="0" width=format!("{gpu_line:.3}") height="10" class="capacity" />
                {segments}
                <line x1=format!("{gpu_line:.3}") x2=format!("{gpu_line:.3}") y1="0" y2="14" class="limit" />
            </svg>
            <figcaption>
                {format!(
                    "{} GiB / {} GiB ({}: {:.0}%)",
                    i18n::number(c.memory.total_gib, 1),
                    i18n::number(c.gpu.memory_gib, 0),
                    t::HEADROOM.get(lang),
                    c.headroom * 100.0
                )}
            </figcaption>
            <ul class="legend">{legend}</ul>
        </figure>
    }
    .into_any()
}

fn detail_view(
    catalog: &Catalog,
    c: &Candidate,
    request: &Request,
    lang: Lang,
    today: Option<i64>,
) -> AnyView {
    let currency = request.costs.currency;
    let sym = gpu_sizer_engine::cost::money::symbol(currency);
    // The ranking carries numbers only; the candidate on screen is recomputed with its formulas.
    let Ok(explained) = explain(catalog, c, request) else {
        return ().into_any();
    };
    let age = parse_date(&c.quote.as_of)
        .zip(today)
        .map(|(d, now)| now - d);
    let stale = age.is_some_and(|a| a > STALE_DAYS);
    let source = if c.price_overridden {
        view! { <span>{t::YOUR_PRICE.get(lang)}</span> }.into_any()
    } else {
        view! {
            <span>
                <a href=c.quote.source.clone() rel="noopener noreferrer" target="_blank">{t::PRICE_SOURCE.get(lang)}</a>
                {format!(" · {} {}", t::AS_OF.get(lang), i18n::date(&c.quote.as_of, lang))}
            </span>
        }
        .into_any()
    };
    let break_even = explained.break_even.as_ref().map(|b| {
        view! {
            <p data-testid="break-even">
                {format!(
                    "{}: {} ({:.0}% {})",
                    t::BREAK_EVEN.get(lang),
                    i18n::duration(b.hours, lang),
                    b.utilisation * 100.0,
                    t::UTILISATION.get(lang)
                )}
            </p>
        }
    });
    let spot = explained.spot.as_ref().map(|s| {
        view! {
            <p data-testid="spot-outcome">
                {format!(
                    "{}: {} · {}: {} · {}: {:.1}",
                    t::CHECKPOINT_EVERY.get(lang),
                    i18n::duration(s.checkpoint_interval_hours, lang),
                    t::EXPECTED_TIME.get(lang),
                    i18n::duration(s.expected_hours, lang),
                    t::INTERRUPTIONS.get(lang),
                    s.expected_interruptions
                )}
            </p>
        }
    });
    let risk = c
        .deadline_at_risk
        .then(|| view! { <p class="warning">{t::DEADLINE_RISK.get(lang)}</p> });
    view! {
        <section class="panel detail" data-testid="detail" data-offer-id=c.offer.id.clone() aria-labelledby="detail-heading">
            <h2 id="detail-heading">
                {format!("{} · {} · {}", c.provider.name, c.offer.instance_type, c.offer.region)}
            </h2>
            <p class="muted">
                {format!(
                    "{} × {} · {} · {}/h",
                    c.gpus,
                    c.gpu.name,
                    format::mode(c.mode).get(lang),
                    i18n::money(c.price_per_hour, sym)
                )}
                " · "
                {source}
                {stale.then(|| view! { <span class="badge warning" data-testid="stale-price">{t::STALE.get(lang)}</span> })}
            </p>
            {risk}
            <h3>{t::MEMORY_PER_GPU.get(lang)}</h3>
            {memory_bar(c, &explained.memory, lang)}
            <ul class="terms">{term_rows(&explained.memory.terms, lang, None)}</ul>
            <h3>{format!("{} · {}", t::TIME.get(lang), format::hours_band(c.hours, lang))}</h3>
            <ul class="terms">{term_rows(&explained.timing.terms, lang, None)}</ul>
            <h3>{format!("{} · {}", t::TOTAL_COST.get(lang), format::money_band(c.cost, currency))}</h3>
            <ul class="terms" data-testid="cost-lines">{term_rows(&explained.cost, lang, Some(sym))}</ul>
            {break_even}
            {spot}
        </section>
    }
    .into_any()
}

/// The open candidate (the pick until the reader opens another).
#[component]
pub fn Detail() -> impl IntoView {
    let state = use_state();
    let lang = use_prefs().lang;
    let today = crate::app::state::today();
    move || {
        let lang = lang.get();
        let selected = state.selected.get();
        state.request.with(|request| {
            let Ok(request) = request else {
                return ().into_any();
            };
            state.report.with(|report| {
                let Ok(report) = report else {
                    return ().into_any();
                };
                let chosen = selected
                    .as_ref()
                    .and_then(|k| report.ranked.iter().find(|c| &key_of(c) == k))
                    .or_else(|| report.pick());
                match chosen {
                    Some(c) => detail_view(state.catalog.get(), c, request, lang, today),
                    None => ().into_any(),
                }
            })
        })
    }
}
