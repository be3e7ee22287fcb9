//! The ranked table: every candidate that meets the constraints, sortable and filterable, with the
//! excluded ones and their reasons one click away.

use crate::app::format;
use crate::app::i18n::{self, t, Lang};
use crate::app::prefs::use_prefs;
use crate::app::state::{use_state, CandidateKey};
use gpu_sizer_engine::plan::Candidate;
use leptos::prelude::*;

/// Rows shown before "show all".
const PAGE: usize = 40;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SortBy {
    Rank,
    Cost,
    Time,
    PerHour,
}

/// Filters chosen by the reader; empty strings mean "all".
#[derive(Debug, Clone, Default, PartialEq)]
struct Filters {
    provider: String,
    region: String,
    gpu: String,
    mode: String,
}

impl Filters {
    fn keep(&self, c: &Candidate) -> bool {
        (self.provider.is_empty() || c.provider.id == self.provider)
            && (self.region.is_empty() || c.offer.region == self.region)
            && (self.gpu.is_empty() || c.gpu.id == self.gpu)
            && (self.mode.is_empty() || format::mode_key(c.mode) == self.mode)
    }
}

pub fn key_of(c: &Candidate) -> CandidateKey {
    (
        c.offer.id.clone(),
        format::mode_key(c.mode).to_string(),
        c.instances,
    )
}

/// Distinct (value, label) pairs of the ranked candidates, for a filter's options.
fn options(
    list: &[Candidate],
    f: impl Fn(&Candidate) -> (String, String),
) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = list.iter().map(f).collect();
    out.sort();
    out.dedup();
    out
}

fn filter_select(
    id: &'static str,
    label: i18n::Text,
    lang: RwSignal<Lang>,
    choices: Vec<(String, String)>,
    value: impl Fn() -> String + Send + Sync + 'static,
    set: impl Fn(String) + Send + Sync + 'static,
) -> AnyView {
    let value = std::sync::Arc::new(value);
    view! {
        <label class="filter">
            <span>{move || label.get(lang.get())}</span>
            <select data-testid=id on:change=move |ev| set(event_target_value(&ev))>
                <option value="">{move || t::ALL.get(lang.get())}</option>
                {choices
                    .into_iter()
                    .map(|(v, l)| {
                        let value = value.clone();
                        let v2 = v.clone();
                        view! { <option value=v selected=move || value() == v2>{l}</option> }
                    })
                    .collect_view()}
            </select>
        </label>
    }
    .into_any()
}

/// The table.
#[component]
pub fn Ranking() -> impl IntoView {
    let state = use_state();
    let lang = use_prefs().lang;
    let sort = RwSignal::new(SortBy::Rank);
    let descending = RwSignal::new(false);
    let filters = RwSignal::new(Filters::default());
    let show_all = RwSignal::new(false);

    let header = move |by: SortBy, text: i18n::Text, testid: &'static str| {
        view! {
            <th
                scope="col"
                aria-sort=move || {
                    if sort.get() != by {
                        "none"
                    } else if descending.get() {
                        "descending"
                    } else {
                        "ascending"
                    }
                }
            >
                <button
                    type="button"
                    class="sort"
                    data-testid=testid
                    on:click=move |_| {
                        if sort.get_untracked() == by {
                            descending.update(|d| *d = !*d);
                        } else {
                            sort.set(by);
                            descending.set(false);
                        }
                    }
                >
                    {move || text.get(lang.get())}
                </button>
            </th>
        }
    };

    let (lang_sig, filters_all) = (lang, filters);
    let body = move || {
        let lang = lang.get();
        let filters = filters.get();
        let by = sort.get();
        let desc = descending.get();
        let all = show_all.get();
        let selected = state.selected.get();
        state.report.with(|report| {
            let Ok(report) = report else {
                return ().into_any();
            };
            let currency = report.currency;
            let mut rows: Vec<(usize, &Candidate)> = report
                .ranked
                .iter()
                .enumerate()
                .filter(|(_, c)| filters.keep(c))
                .collect();
            let key = |c: &Candidate| match by {
                SortBy::Rank => 0.0,
                SortBy::Cost => c.cost.expected,
                SortBy::Time => c.hours.expected,
                SortBy::PerHour => c.price_per_hour * f64::from(c.instances),
            };
            if by != SortBy::Rank {
                rows.sort_by(|a, b| key(a.1).total_cmp(&key(b.1)).then(a.0.cmp(&b.0)));
            }
            if desc {
                rows.reverse();
            }
            let total = rows.len();
            let shown = if all { total } else { total.min(PAGE) };
            let providers = options(&report.ranked, |c| {
                (c.provider.id.clone(), c.provider.name.clone())
            });
            let regions = options(&report.ranked, |c| (c.offer.region.clone(), c.offer.region.clone()));
            let gpus = options(&report.ranked, |c| (c.gpu.id.clone(), c.gpu.name.clone()));
            let modes = options(&report.ranked, |c| {
                (format::mode_key(c.mode).to_string(), format::mode(c.mode).get(lang).to_string())
            });
            let rows_view = rows
                .into_iter()
                .take(shown)
                .map(|(rank, c)| {
                    let key = key_of(c);
                    let is_selected = selected.as_ref() == Some(&key);
                    let provider = if lang == Lang::Zh {
                        c.provider.name_zh.clone().unwrap_or(c.provider.name.clone())
                    } else {
                        c.provider.name.clone()
                    };
                    let label = format!("{provider} — {} {}", t::DETAILS.get(lang), c.offer.instance_type);
                    view! {
                        <tr
                            data-testid="result-row"
                            data-offer-id=c.offer.id.clone()
                            data-mode=format::mode_key(c.mode)
                            data-total=format!("{:.2}", c.cost.expected)
                            data-hours=format!("{:.4}", c.hours.expected)
                            class:selected=is_selected
                        >
                            <td class="num">{rank + 1}</td>
                            <td>
                                <button
                                    type="button"
                                    class="link"
                                    aria-label=label
                                    data-testid="open-detail"
                                    on:click=move |_| state.selected.set(Some(key.clone()))
                                >
                                    {provider}
                                </button>
                            </td>
                            <td>{c.offer.instance_type.clone()}<br /><span class="muted">{c.offer.region.clone()}</span></td>
                            <td>{format!("{} × {}", c.gpus, c.gpu.name)}</td>
                            <td>{format::mode(c.mode).get(lang)}</td>
                            <td class="num">{i18n::duration(c.hours.expected, lang)}</td>
                            <td class="num" data-testid="row-total">{format::money(c.cost.expected, currency)}</td>
                            <td class="num">{format::money(c.price_per_hour * f64::from(c.instances), currency)}</td>
                        </tr>
                    }
                })
                .collect_view();
            let excluded_groups = {
                let mut groups: Vec<(i18n::Text, usize)> = Vec::new();
                for e in &report.excluded {
                    let kind = format::reason_kind(&e.reason);
                    match groups.iter_mut().find(|(k, _)| *k == kind) {
                        Some((_, n)) => *n += 1,
                        None => groups.push((kind, 1)),
                    }
                }
                groups
            };
            let excluded_rows = report
                .excluded
                .iter()
                .take(200)
                .map(|e| {
                    view! {
                        <li data-testid="excluded-row" data-offer-id=e.offer.id.clone()>
                            <span>{format!("{} {} ({})", e.offer.provider, e.offer.instance_type, e.offer.region)}</span>
                            " — "
                            <span>{format::reason(&e.reason, currency, lang)}</span>
                        </li>
                    }
                })
                .collect_view();
            view! {
                <div class="filters" role="group" aria-label=t::FILTERS.get(lang)>
                    {filter_select("filter-provider", t::PROVIDER, lang_sig, providers,
                        move || filters_all.with(|f| f.provider.clone()),
                        move |v| filters_all.update(|f| f.provider = v))}
                    {filter_select("filter-region", t::REGION, lang_sig, regions,
                        move || filters_all.with(|f| f.region.clone()),
                        move |v| filters_all.update(|f| f.region = v))}
                    {filter_select("filter-gpu", t::GPU, lang_sig, gpus,
                        move || filters_all.with(|f| f.gpu.clone()),
                        move |v| filters_all.update(|f| f.gpu = v))}
                    {filter_select("filter-mode", t::BILLING, lang_sig, modes,
                        move || filters_all.with(|f| f.mode.clone()),
                        move |v| filters_all.update(|f| f.mode = v))}
                </div>
                <p class="muted" data-testid="result-count">
                    {format!("{} {} / {}", shown, t::SHOWN_OF.get(lang), total)}
                </p>
                <div class="table-wrap">
                    <table class="ranking">
                        <thead>
                            <tr>
                                {header(SortBy::Rank, t::RANK, "sort-rank")}
                                <th scope="col">{t::PROVIDER.get(lang)}</th>
                                <th scope="col">{t::INSTANCE.get(lang)}</th>
                                <th scope="col">{t::GPUS.get(lang)}</th>
                                <th scope="col">{t::BILLING.get(lang)}</th>
                                {header(SortBy::Time, t::TIME, "sort-time")}
                                {header(SortBy::Cost, t::TOTAL_COST, "sort-cost")}
                                {header(SortBy::PerHour, t::PER_HOUR, "sort-per-hour")}
                            </tr>
                        </thead>
                        <tbody>{rows_view}</tbody>
                    </table>
                </div>
                {(total > shown).then(|| view! {
                    <button type="button" class="secondary" data-testid="show-all"
                        on:click=move |_| show_all.set(true)>
                        {format!("{} ({total})", t::SHOW_ALL.get(lang))}
                    </button>
                })}
                <details class="excluded" data-testid="excluded">
                    <summary>
                        {format!("{} ({})", t::EXCLUDED.get(lang), report.excluded.len())}
                    </summary>
                    <ul class="reasons">
                        {excluded_groups
                            .into_iter()
                            .map(|(k, n)| view! { <li>{format!("{}: {n}", k.get(lang))}</li> })
                            .collect_view()}
                    </ul>
                    <ul class="excluded-list" tabindex="0" aria-label=t::EXCLUDED.get(lang)>{excluded_rows}</ul>
                </details>
            }
            .into_any()
        })
    };
    view! {
        <section class="panel" aria-labelledby="ranking-heading" data-testid="ranking">
            <h2 id="ranking-heading">{move || t::RANKING.get(lang.get())}</h2>
            {body}
        </section>
    }
}
