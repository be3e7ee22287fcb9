//! The answer at a glance: the pick, its time and cost bands, why it wins, and the pitfalls.

use crate::app::format;
use crate::app::i18n::{self, t};
use crate::app::prefs::use_prefs;
use crate::app::state::use_state;
use leptos::prelude::*;

/// The recommendation card, or the reason there is none.
#[component]
pub fn Recommendation() -> impl IntoView {
    let state = use_state();
    let lang = use_prefs().lang;
    move || {
        let lang = lang.get();
        state.report.with(|report| match report {
            Err(e) => view! {
                <section class="panel error" role="alert" data-testid="input-error">
                    <h2>{t::CHECK_INPUT.get(lang)}</h2>
                    <p>{e.to_string()}</p>
                </section>
            }
            .into_any(),
            Ok(report) => match report.pick() {
                None => view! {
                    <section class="panel recommendation empty" data-testid="recommendation">
                        {heading(t::NO_CANDIDATE.get(lang))}
                        <p>{t::NO_CANDIDATE_HELP.get(lang)}</p>
                    </section>
                }
                .into_any(),
                Some(pick) => {
                    let currency = report.currency;
                    let why = report.why.as_ref().and_then(|w| {
                        report.ranked.get(w.runner_up).map(|r| {
                            let name = format!("{} {}", r.provider.name, r.offer.instance_type);
                            format::why(w, &name, currency, lang)
                        })
                    });
                    let provider = format::provider_name(pick.provider, lang).to_string();
                    let pitfalls = report
                        .pitfalls
                        .iter()
                        .map(|p| {
                            let (title, body) = format::pitfall(p, currency, lang);
                            view! {
                                <li>
                                    <strong>{title.get(lang)}</strong>
                                    " "
                                    {body}
                                </li>
                            }
                        })
                        .collect_view();
                    let has_pitfalls = !report.pitfalls.is_empty();
                    let warnings = report
                        .warnings
                        .iter()
                        .chain(pick.warnings.iter())
                        .map(|w| view! { <li>{format::warning(w, lang)}</li> })
                        .collect_view();
                    view! {
                        <section class="panel recommendation" data-testid="recommendation"
                            data-offer-id=pick.offer.id.clone()
                            data-total=format!("{:.2}", pick.cost.expected)>
                            <p class="eyebrow">{t::RECOMMENDED.get(lang)}</p>
                            {heading(view! { {provider}
                                " · "
                                {pick.offer.instance_type.clone()} })}
                            <p class="muted">
                                {format!(
                                    "{} × {} × {} · {} · {}",
                                    pick.instances,
                                    pick.offer.gpu_count,
                                    pick.gpu.name,
                                    pick.offer.region,
                                    format::mode(pick.mode).get(lang),
                                )}
                            </p>
                            <div class="figures">
                                <div>
                                    <span class="label">{t::TOTAL_COST.get(lang)}</span>
                                    <span class="big" data-testid="pick-cost">
                                        {format::money(pick.cost.expected, currency)}
                                    </span>
                                    <span class="muted">
                                        {format!(
                                            "{}–{}",
                                            format::money(pick.cost.low, currency),
                                            format::money(pick.cost.high, currency)
                                        )}
                                    </span>
                                </div>
                                <div>
                                    <span class="label">{t::TIME.get(lang)}</span>
                                    <span class="big" data-testid="pick-time">
                                        {i18n::duration(pick.hours.expected, lang)}
                                    </span>
                                    <span class="muted">
                                        {format!(
                                            "{}–{}",
                                            i18n::duration(pick.hours.low, lang),
                                            i18n::duration(pick.hours.high, lang)
                                        )}
                                    </span>
                                </div>
                                <div>
                                    <span class="label">{t::MEMORY_PER_GPU.get(lang)}</span>
                                    <span class="big" data-testid="memory-total">
                                        {format!("{} GiB", i18n::number(pick.memory.total_gib, 1))}
                                    </span>
                                    <span class="muted">
                                        {format!(
                                            "{} {} GiB",
                                            t::OF.get(lang),
                                            i18n::number(pick.gpu.memory_gib, 0)
                                        )}
                                    </span>
                                </div>
                            </div>
                            {why.map(|w| view! { <p class="why" data-testid="why">{w}</p> })}
                            <Show when=move || has_pitfalls>
                                <h3>{t::PITFALLS.get(lang)}</h3>
                            </Show>
                            <ul class="pitfalls" data-testid="pitfalls">{pitfalls}</ul>
                            <ul class="warnings">{warnings}</ul>
                        </section>
                    }
                    .into_any()
                }
            },
        })
    }
}

/// The answer's heading. `elementtiming` lets the browser report when it is painted (the
/// benchmark's "first result on screen").
fn heading(children: impl IntoView + 'static) -> impl IntoView {
    leptos::html::h2()
        .attr("elementtiming", "first-result")
        .child(children)
}
