//! Two to four saved scenarios side by side: what each is, and the key figures of the engine's
//! recommendation for it (the pick, its time and cost bands, memory per GPU).

use crate::app::components::scenarios::{model_text, workload_text};
use crate::app::format;
use crate::app::i18n::{self, t, Lang, Text};
use crate::app::persist::use_persist;
use crate::app::prefs::use_prefs;
use crate::app::state::{use_state, AppState, View};
use gpu_sizer_formats::store::SavedScenario;
use leptos::prelude::*;

/// One scenario's column: its cells in row order, and the pick's offer id and total.
struct Column {
    id: String,
    name: String,
    offer: String,
    total: String,
    cells: Vec<String>,
}

const ROWS: [Text; 6] = [
    t::WORKLOAD,
    t::MODEL,
    t::RECOMMENDED,
    t::TIME,
    t::TOTAL_COST,
    t::MEMORY_PER_GPU,
];

fn column(state: AppState, s: &SavedScenario, lang: Lang) -> Column {
    let mut cells = vec![
        workload_text(s.form.workload).get(lang).to_string(),
        model_text(&s.form, lang),
    ];
    let (mut offer, mut total) = (String::new(), String::new());
    match state.evaluate(&s.form) {
        Err(e) => cells.push(format!("{}: {e}", t::CHECK_INPUT.get(lang))),
        Ok(report) => match report.pick() {
            None => cells.push(t::NO_CANDIDATE.get(lang).into()),
            Some(pick) => {
                let currency = report.currency;
                offer = pick.offer.id.clone();
                total = format!("{:.2}", pick.cost.expected);
                let provider = format::provider_name(pick.provider, lang);
                cells.extend([
                    format!(
                        "{provider} · {} — {} · {}",
                        pick.offer.instance_type,
                        match &pick.serving {
                            Some(f) => format::fleet(pick, f, lang),
                            None => format!(
                                "{} × {} × {}",
                                pick.instances, pick.offer.gpu_count, pick.gpu.name
                            ),
                        },
                        format::mode(pick.mode).get(lang)
                    ),
                    format::time_of(pick, lang),
                    format::cost_of(pick, currency, lang),
                    format!(
                        "{} GiB {} {} GiB",
                        i18n::number(pick.memory.total_gib, 1),
                        t::OF.get(lang),
                        i18n::number(pick.gpu.memory_gib, 0)
                    ),
                ]);
            }
        },
    }
    cells.resize(ROWS.len(), "—".into());
    Column {
        id: s.id.clone(),
        name: if s.name.trim().is_empty() {
            t::UNNAMED.get(lang).into()
        } else {
            s.name.clone()
        },
        offer,
        total,
        cells,
    }
}

/// The compare page.
#[component]
pub fn Compare() -> impl IntoView {
    let state = use_state();
    let p = use_persist();
    p.load_saved();
    let lang = use_prefs().lang;
    move || {
        let lang = lang.get();
        let ids = p.compare.get();
        let chosen: Vec<SavedScenario> = p.saved.with(|list| {
            ids.iter()
                .filter_map(|id| list.iter().find(|s| &s.id == id).cloned())
                .collect()
        });
        if chosen.len() < 2 {
            return view! {
                <section class="panel" data-testid="compare-empty">
                    <h2>{t::COMPARE_TITLE.get(lang)}</h2>
                    <p>{t::COMPARE_EMPTY.get(lang)}</p>
                    <button type="button" class="secondary" on:click=move |_| state.view.set(View::Calculator)>
                        {t::TO_CALCULATOR.get(lang)}
                    </button>
                </section>
            }
            .into_any();
        }
        let columns: Vec<Column> = chosen.iter().map(|s| column(state, s, lang)).collect();
        let head = columns
            .iter()
            .map(|c| {
                view! {
                    <th scope="col" data-testid="compare-col" data-id=c.id.clone()
                        data-offer-id=c.offer.clone() data-total=c.total.clone()>
                        {c.name.clone()}
                    </th>
                }
            })
            .collect_view();
        let rows = ROWS
            .iter()
            .enumerate()
            .map(|(i, label)| {
                let cells = columns
                    .iter()
                    .map(|c| view! { <td>{c.cells.get(i).cloned().unwrap_or_default()}</td> })
                    .collect_view();
                view! {
                    <tr>
                        <th scope="row">{label.get(lang)}</th>
                        {cells}
                    </tr>
                }
            })
            .collect_view();
        view! {
            <section class="panel" data-testid="compare">
                <h2>{t::COMPARE_TITLE.get(lang)}</h2>
                <div class="table-wrap">
                    <table data-testid="compare-table">
                        <thead>
                            <tr>
                                <th scope="col">{t::NAME.get(lang)}</th>
                                {head}
                            </tr>
                        </thead>
                        <tbody>{rows}</tbody>
                    </table>
                </div>
            </section>
        }
        .into_any()
    }
}
