//! The ranked table: every candidate that meets the constraints, sortable and filterable, with the
//! excluded ones and their reasons one click away.

use super::on_screen::{after_paint_while_shown, on_screen, while_shown};
use crate::app::format;
use crate::app::i18n::{self, t, Lang};
use crate::app::prefs::text_in;
use crate::app::prefs::use_prefs;
use crate::app::state::{use_state, CandidateKey};
use gpu_sizer_engine::catalog::{BillingMode, Catalog};
use gpu_sizer_engine::plan::Candidate;
use gpu_sizer_engine::sort;
use gpu_sizer_markup::{excluded, ranking};
use leptos::prelude::*;
use wasm_bindgen::prelude::*;

/// Rows shown before "show all": every row is rebuilt on each input change, so the first page is
/// kept to what a reader compares at a glance.
const PAGE: usize = 20;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SortBy {
    Rank,
    Cost,
    Time,
    PerHour,
}

/// Filters chosen by the reader; empty strings mean "all". The GPU filter is the form's pinned
/// GPU, so a link keeps it.
#[derive(Debug, Clone, Default, PartialEq)]
struct Filters {
    provider: String,
    region: String,
    mode: String,
}

impl Filters {
    fn keep(&self, c: &Candidate) -> bool {
        (self.provider.is_empty() || c.provider.id == self.provider)
            && (self.region.is_empty() || c.offer.region == self.region)
            && (self.mode.is_empty() || format::mode_key(c.mode) == self.mode)
    }
}

/// Whether `c` is the candidate with `key` (compared in place: the detail looks for it among
/// hundreds of candidates on every change).
pub fn has_key(c: &Candidate, key: &CandidateKey) -> bool {
    c.offer.id == key.0 && format::mode_key(c.mode) == key.1 && c.instances == key.2
}

/// The values the filters offer, from the ranked candidates.
#[derive(Debug, Clone, Default, PartialEq)]
struct Choices {
    providers: Vec<(String, String)>,
    regions: Vec<(String, String)>,
    gpus: Vec<(String, String)>,
    modes: Vec<BillingMode>,
}

/// The rows on screen, and how many are shown of how many.
#[derive(Debug, Clone, PartialEq)]
struct Listing {
    rows: Vec<ranking::Row>,
    shown: usize,
    total: usize,
}

/// The keys of the rows a table body shows, in order.
type Written = Vec<ranking::Key>;

#[wasm_bindgen(module = "/src/app/components/ranking_rows.js")]
extern "C" {
    /// Writes rows' [`ranking::Row::fields`] into the rows of `tbody`, as many as there are rows
    /// in `fields`. Throws when the body holds other elements than the rows written here.
    #[wasm_bindgen(js_name = writeRows, catch)]
    fn write_fields(tbody: &web_sys::Element, fields: &str) -> Result<(), JsValue>;
}

/// Writes `now` into `tbody`, which shows the rows `before` (`None`: none yet). When as many rows
/// follow and at least half keep their candidate (an input usually moves a few rows and changes
/// the figures of the rest), they are written into the row elements there, each value compared
/// with what the row shows and written where it differs, all in one call to JS
/// (`ranking_rows.js`): the browser then neither parses nor restyles rows, and lays out only the
/// texts that changed. Otherwise, or for a value that cannot be passed so, the body is written
/// whole, as markup. Measured at 4× CPU throttling with the ranking on screen, against changed
/// figures written cell by cell from wasm and a moved row's markup written in its place (one
/// call from wasm per write cost more than the writes): steps the size of typing came to their
/// last DOM change 2.3 to 5.6 ms sooner and were shown 3 to 12 ms sooner (four runs of 8 to 10
/// rounds in turns). Steps that move most rows came 1.3 to 2.4 ms later written in place than
/// as markup (three runs), so those are written whole. Moving the elements of rows that only
/// moved into their new places was measured earlier: no faster, the moves and removals costing
/// what the parsing saved.
fn write_rows(tbody: &web_sys::Element, before: Option<&Written>, now: &Listing) {
    let kept = before
        .filter(|keys| keys.len() == now.rows.len())
        .map(|keys| {
            keys.iter()
                .zip(&now.rows)
                .filter(|(k, r)| **k == r.key)
                .count()
        });
    if kept.is_some_and(|kept| 2 * kept >= now.rows.len()) {
        let fields: Option<String> = now.rows.iter().map(|r| r.fields.as_deref()).collect();
        if fields.is_some_and(|fields| write_fields(tbody, &fields).is_ok()) {
            return;
        }
    }
    tbody.set_inner_html(&now.rows.iter().map(|r| r.html.as_str()).collect::<String>());
}

/// The key a row carries in its data attributes.
fn row_key(tr: &web_sys::Element) -> Option<CandidateKey> {
    Some((
        tr.get_attribute("data-offer-id")?,
        tr.get_attribute("data-mode")?,
        tr.get_attribute("data-instances")?.parse().ok()?,
    ))
}

/// Marks the open candidate's row (class `selected`) and unmarks `marked`, the row marked before
/// (gone from the page if its row was written anew). The row is found by its place among `keys`,
/// the rows' keys in the order they are written, so the page is neither searched nor are its
/// rows' attributes read back: this runs after every input that rewrites the rows.
fn mark_selected<'k>(
    tbody: &web_sys::Element,
    marked: StoredValue<Option<web_sys::Element>, LocalStorage>,
    mut keys: impl Iterator<Item = &'k ranking::Key>,
    selected: Option<&CandidateKey>,
) {
    // Only this function sets the class, on one row at a time.
    if let Some(row) = marked.try_update_value(Option::take).flatten() {
        let _ = row.remove_attribute("class");
    }
    let Some((offer, mode, instances)) = selected else {
        return;
    };
    let at = keys.position(|key| key.0 == *offer && key.1 == mode && key.2 == *instances);
    if let Some(row) = at.and_then(|at| tbody.children().item(u32::try_from(at).ok()?)) {
        let _ = row.set_attribute("class", "selected");
        marked.set_value(Some(row));
    }
}

/// The key of the row whose "details" button was clicked, if the click was on one.
fn clicked_row(ev: &leptos::ev::MouseEvent) -> Option<CandidateKey> {
    use wasm_bindgen::JsCast;
    let target: web_sys::Element = ev.target()?.dyn_into().ok()?;
    target.closest("[data-testid=open-detail]").ok()??;
    row_key(&target.closest("tr").ok()??)
}

/// The first of each offer's candidates in `list`. An offer's candidates (its billing modes and
/// instance counts: thousands in a ranking, for a few hundred offers) share its provider, region
/// and GPU, all that the filters offer, so the options are gathered from these alone. Offers
/// found in no place of `catalog` are all kept.
fn one_per_offer<'c, 'a>(catalog: &Catalog, list: &'c [Candidate<'a>]) -> Vec<&'c Candidate<'a>> {
    let mut seen = vec![false; catalog.offers.len()];
    list.iter()
        .filter(|c| {
            catalog
                .place_of(c.offer)
                .is_none_or(|place| !std::mem::replace(&mut seen[place], true))
        })
        .collect()
}

/// Distinct (value, label) pairs of the candidates, for a filter's options: gathered as
/// borrowed pairs, only the distinct ones copied. The strings are borrowed from the catalog, so
/// the many candidates of one GPU or provider share one address: repeats are dropped by
/// address first (cheap to sort), and only the few left are sorted by text. This runs after
/// every input while the ranking is on screen.
fn options<'a>(
    list: &[&'a Candidate],
    f: impl Fn(&'a Candidate) -> (&'a str, &'a str),
) -> Vec<(String, String)> {
    let mut pairs: Vec<(&str, &str)> = list.iter().map(|&c| f(c)).collect();
    let address = |&(value, label): &(&str, &str)| (value as *const str, label as *const str);
    // Hundreds of offers: the standard sort made for this key is the faster one here.
    #[allow(clippy::disallowed_methods)]
    pairs.sort_unstable_by_key(address);
    pairs.dedup_by_key(|pair| address(pair));
    sort::by(&mut pairs, Ord::cmp);
    pairs.dedup();
    pairs
        .into_iter()
        .map(|(value, label)| (value.to_string(), label.to_string()))
        .collect()
}

fn filter_select(
    id: &'static str,
    label: i18n::Text,
    lang: RwSignal<Lang>,
    choices: Vec<(String, String)>,
    value: impl Fn() -> String + Send + Sync + 'static,
    set: impl Fn(String) + Send + Sync + 'static,
) -> AnyView {
    let now = untrack(&value);
    view! {
        <label class="filter">
            <span>{text_in(lang, label)}</span>
            <select
                data-testid=id
                prop:value=value
                on:change=move |ev| set(event_target_value(&ev))
            >
                <option value="">{text_in(lang, t::ALL)}</option>
                {choices
                    .into_iter()
                    .map(|(v, l)| {
                        let selected = now == v;
                        view! { <option value=v selected=selected>{l}</option> }
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
    // The excluded list can run to hundreds of rows: built only while it is open.
    let excluded_open = RwSignal::new(false);
    let panel = NodeRef::<leptos::html::Section>::new();
    let shown = on_screen(panel);
    let serving = state.follow(|f| f.is_service());
    // The GPU filter shows the form's pinned GPU.
    let gpu = state.follow(|f| f.gpu.clone());

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
                    {move || {
                        // A service runs the month everywhere: its time column is latency.
                        let text = if by == SortBy::Time && serving.get() { t::LATENCY } else { text };
                        text.get(lang.get())
                    }}
                </button>
            </th>
        }
    };

    // The filters' choices change only when the set of providers, regions, GPUs or modes in the
    // ranking does: the filter bar is not rebuilt on every keystroke. They are gathered after the
    // frame that shows the new rows: nobody sees them before opening a list.
    let gathered = after_paint_while_shown(shown, move || state.report.track());
    let choices = while_shown(shown, move || {
        gathered.track();
        let catalog = state.catalog.get_untracked();
        state.report.with_untracked(|report| {
            let Ok(report) = report else {
                return Choices::default();
            };
            let offers = one_per_offer(catalog, &report.ranked);
            Choices {
                providers: options(&offers, |c| (&c.provider.id, &c.provider.name)),
                regions: options(&offers, |c| (&c.offer.region, &c.offer.region)),
                gpus: options(&offers, |c| (&c.gpu.id, &c.gpu.name)),
                modes: {
                    // A handful of modes: kept distinct as they come, sorted once.
                    let mut modes: Vec<BillingMode> = Vec::new();
                    for c in &report.ranked {
                        if !modes.contains(&c.mode) {
                            modes.push(c.mode);
                        }
                    }
                    sort::by_key(&mut modes, |m| format::mode_key(*m));
                    modes
                },
            }
        })
    });
    let filter_bar = move || {
        let lang_now = lang.get();
        let Choices {
            providers,
            regions,
            gpus,
            modes,
        } = choices.get();
        let modes = modes
            .into_iter()
            .map(|m| {
                (
                    format::mode_key(m).to_string(),
                    format::mode(m).get(lang_now).to_string(),
                )
            })
            .collect();
        view! {
            <div class="filters" role="group" aria-label=t::FILTERS.get(lang_now)>
                {filter_select("filter-provider", t::PROVIDER, lang, providers,
                    move || filters.with(|f| f.provider.clone()),
                    move |v| filters.update(|f| f.provider = v))}
                {filter_select("filter-region", t::REGION, lang, regions,
                    move || filters.with(|f| f.region.clone()),
                    move |v| filters.update(|f| f.region = v))}
                {filter_select("filter-gpu", t::GPU, lang, gpus,
                    move || gpu.get(),
                    move |v| state.form.update(|f| {
                        f.offer.clear();
                        f.gpu = v;
                    }))}
                {filter_select("filter-mode", t::BILLING, lang, modes,
                    move || filters.with(|f| f.mode.clone()),
                    move |v| filters.update(|f| f.mode = v))}
            </div>
        }
    };
    // The rows as markup. The open candidate is marked by an effect below, not in the markup: a
    // change of selection then rewrites no row, and the focus stays on the button pressed.
    let listing = while_shown(shown, move || {
        let lang = lang.get();
        let filters = filters.get();
        let by = sort.get();
        let desc = descending.get();
        let all = show_all.get();
        state.report.with(|report| {
            let report = report.as_ref().ok()?;
            let mut rows: Vec<(usize, &Candidate)> = report
                .ranked
                .iter()
                .enumerate()
                .filter(|(_, c)| filters.keep(c))
                .collect();
            let key = |c: &Candidate| match by {
                SortBy::Rank => 0.0,
                SortBy::Cost => c.cost.expected,
                SortBy::Time => ranking::time_key(c),
                SortBy::PerHour => c.fleet_price_per_hour(),
            };
            if by != SortBy::Rank {
                sort::by(&mut rows, |a, b| {
                    key(a.1).total_cmp(&key(b.1)).then(a.0.cmp(&b.0))
                });
            }
            if desc {
                rows.reverse();
            }
            let total = rows.len();
            let shown = if all { total } else { total.min(PAGE) };
            Some(Listing {
                rows: ranking::rows(rows.into_iter().take(shown), report.currency, lang),
                shown,
                total,
            })
        })
    });
    let tbody = NodeRef::<leptos::html::Tbody>::new();
    // The row marked as open, if any.
    let marked = StoredValue::new_local(None);
    // New rows are marked as they are written (below).
    Effect::new(move |_| {
        let selected = state.selected.get();
        if let Some(tbody) = tbody.get() {
            // The rows on screen are the listing's (its change rewrites them, and marks them).
            listing.with_untracked(|l| {
                let rows = l.iter().flat_map(|l| &l.rows).map(|r| &r.key);
                mark_selected(&tbody, marked, rows, selected.as_ref());
            });
        }
    });
    // The table is built once; an input change rewrites only its rows, count and "show all".
    let has_rows = move || listing.with(Option::is_some);
    let count = move || {
        listing.with(|l| {
            l.as_ref()
                .map(|l| i18n::shown_of(l.shown, l.total, lang.get()))
        })
    };
    // Whether rows are hidden changes seldom; the button is rebuilt only then, not on each input
    // (its count is text of its own).
    let rows_hidden =
        Memo::new(move |_| listing.with(|l| l.as_ref().is_some_and(|l| l.total > l.shown)));
    let table = move || {
        // The effect's value is what this table's body shows: a body built anew (the table shown
        // again) comes with a new effect, and starts empty.
        Effect::new(move |before: Option<Option<Written>>| {
            let before = before.flatten();
            let tbody = tbody.get()?;
            let written = listing.with(|now| {
                let now = now.as_ref()?;
                write_rows(&tbody, before.as_ref(), now);
                Some(now.rows.iter().map(|r| r.key.clone()).collect())
            });
            let shows = written.or(before);
            // Rows written anew lost their mark, and rows written in place may show another
            // candidate.
            let rows = shows.iter().flatten();
            mark_selected(
                &tbody,
                marked,
                rows,
                state.selected.get_untracked().as_ref(),
            );
            shows
        });
        view! {
            <p class="muted" data-testid="result-count">{count}</p>
            <div class="table-wrap">
                <table class="ranking">
                    <thead>
                        <tr>
                            {header(SortBy::Rank, t::RANK, "sort-rank")}
                            <th scope="col">{text_in(lang, t::PROVIDER)}</th>
                            <th scope="col">{text_in(lang, t::INSTANCE)}</th>
                            <th scope="col">{text_in(lang, t::GPUS)}</th>
                            <th scope="col">{text_in(lang, t::BILLING)}</th>
                            {header(SortBy::Time, t::TIME, "sort-time")}
                            {header(SortBy::Cost, t::TOTAL_COST, "sort-cost")}
                            {header(SortBy::PerHour, t::PER_HOUR, "sort-per-hour")}
                        </tr>
                    </thead>
                    <tbody
                        node_ref=tbody
                        on:click=move |ev| {
                            if let Some(key) = clicked_row(&ev) {
                                state.selected.set(Some(key));
                            }
                        }
                    ></tbody>
                </table>
            </div>
            {move || rows_hidden.get().then(|| view! {
                <button type="button" class="secondary" data-testid="show-all"
                    on:click=move |_| show_all.set(true)>
                    {move || listing.with(|l| {
                        let total = l.as_ref().map_or(0, |l| l.total);
                        format!("{} ({})", t::SHOW_ALL.get(lang.get()), i18n::number(total as f64, 0))
                    })}
                </button>
            })}
        }
    };
    // The list of excluded candidates likewise: the element stays, its count follows the report,
    // and what only an open list shows (the counts by reason and the rows) is built only then.
    let excluded_count = while_shown(shown, move || {
        state
            .report
            .with(|r| r.as_ref().map_or(0, |r| r.excluded.len()))
    });
    let excluded_contents = move || {
        let lang = lang.get();
        excluded_open.get().then(|| {
            let catalog = state.catalog.get();
            let html = state.report.with(|report| match report {
                Ok(r) => excluded::markup(&r.excluded, catalog, r.currency, lang).finish(),
                Err(_) => String::new(),
            });
            view! {
                <ul class="excluded-list" tabindex="0" aria-label=t::EXCLUDED.get(lang) inner_html=html></ul>
            }
        })
    };
    let excluded = move || {
        view! {
            <details
                class="excluded"
                data-testid="excluded"
                open=excluded_open.get_untracked()
                on:toggle=move |ev| {
                    excluded_open.set(event_target::<web_sys::Element>(&ev).has_attribute("open"))
                }
            >
                <summary>
                    {move || format!("{} ({})", t::EXCLUDED.get(lang.get()), excluded_count.get())}
                </summary>
                {excluded_contents}
            </details>
        }
    };
    view! {
        <section class="panel" aria-labelledby="ranking-heading" data-testid="ranking" node_ref=panel>
            <h2 id="ranking-heading">{text_in(lang, t::RANKING)}</h2>
            {filter_bar}
            <Show when=has_rows>{table()}{excluded()}</Show>
        </section>
    }
}
