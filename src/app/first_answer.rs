//! The first answer, on screen before the page's controls are built: built into index.html for
//! a first visit (`gpu_sizer_markup::prerender`), else painted here, as soon as the app's code
//! has loaded, before the app mounts ([`paint`]). The app removes it in the task in which it
//! mounts, so no frame shows both.

use super::state;
use gpu_sizer_engine::plan::{evaluate_fitting_with, SizingCache};
use gpu_sizer_engine::Catalog;
use gpu_sizer_markup::answer;
use gpu_sizer_markup::html::Html;
use gpu_sizer_markup::i18n::Lang;
use gpu_sizer_markup::page::{self, frame, Start, View, FIRST_ANSWER_CLASS};
use leptos::prelude::document;

/// The card of the first answer on screen, as markup: the answer to the form the app starts
/// from, in the page's language ([`paint`] paints only an answer the app would give). None when
/// there is none, e.g. a job that fits nowhere.
pub fn card() -> Option<String> {
    Some(results()?.inner_html()).filter(|card| !card.is_empty())
}

/// The results column of the first answer's frame on screen. Of the copies built into the page,
/// the boot script keeps only the one shown, emptied when its answer is not the visitor's.
fn results() -> Option<web_sys::Element> {
    let selector = format!(".{FIRST_ANSWER_CLASS} .results");
    document().query_selector(&selector).ok()?
}

/// Paints the answer to the form the app starts from (`start`: the link's, else the draft) into
/// the page's frame, in `lang`, when the page holds none (and the frame too, when the page does
/// not show the one built into it): building the form and its panels takes longer than the
/// answer, and a person opening a link sees the answer a frame or more sooner.
/// When it painted, what the evaluation found, for the app, whose first evaluation is of the
/// same job: the answer itself, or at least the job's placements and timings
/// ([`state::Found`]). `None` when nothing was painted:
/// - the page has an answer already (a first visit's, built in), or opens on another page;
/// - the answer needs a catalog of the person's own (their machine, MIG slices, a link's prices,
///   which the app asks about first; with prices stored, [`super::start`] mounts once they are
///   read and does not call this);
/// - the job fits nowhere: what would fit is a search the app makes once, after its first frame.
pub fn paint(start: &Start, lang: Lang) -> Option<state::Found> {
    if card().is_some() {
        return None;
    }
    let today = state::today();
    let Answer { card, found } = answer(start, lang, today)?;
    // The frame built into the page shows already, laid out, in the page's language: only the
    // card is new to lay out. Without one, the whole frame.
    match results() {
        Some(results) => results.insert_adjacent_html("afterbegin", &card.finish()),
        None => document()
            .body()?
            .insert_adjacent_html("afterbegin", &frame(&card, lang, false)),
    }
    .ok()?;
    Some(found)
}

/// Removes the first answer (the app calls this once it has mounted).
pub fn remove() {
    let selector = format!(".{FIRST_ANSWER_CLASS}");
    while let Ok(Some(element)) = document().query_selector(&selector) {
        element.remove();
    }
}

/// The first answer to `start` as of `today`, with what its evaluation found: what [`paint`]
/// paints, and what [`first_card`] returns the card of.
struct Answer {
    card: Html,
    found: state::Found,
}

/// The answer to `start`, or `None` when the app does not paint one first (see [`paint`]).
fn answer(start: &Start, lang: Lang, today: Option<i64>) -> Option<Answer> {
    if start.view != View::Calculator
        || start.form.own
        || start.form.mig_slices
        || start.prices.is_some()
    {
        return None;
    }
    let mut sizings = SizingCache::default();
    let catalog = Catalog::builtin();
    let report = start
        .form
        .to_request(today)
        .and_then(|request| evaluate_fitting_with(catalog, &request, &mut sizings));
    if report.as_ref().is_ok_and(|r| r.fits_nowhere()) {
        return None;
    }
    let card = answer::card(&report, lang);
    let answered = report.ok().map(|report| state::Answered {
        today,
        catalog,
        report,
    });
    let found = state::Found { sizings, answered };
    Some(Answer { card, found })
}

/// The card of the first answer to the address's query `search` (else the autosaved `draft`),
/// in the language of the page's `lang` tag, at the clock reading `now_ms`, as [`paint`] would
/// paint it; `None` where it would paint none. The start-up worker (boot/start-worker.js) calls
/// this on an instance of its own of the module it hands the page, and the page paints the card
/// it returns before it starts the app (boot/boot.mjs): the worker's thread is not the busy main
/// thread. Its calls compile the evaluation's and the card's code, which a module's instances
/// share, so the page finds that code compiled too. Calls nothing outside the module: the
/// worker's instance has no page.
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn first_card(search: &str, draft: Option<String>, lang: &str, now_ms: f64) -> Option<String> {
    let lang = Lang::from_tag(lang).unwrap_or_default();
    let start = page::start(search, draft.as_deref(), lang == Lang::Zh);
    let today = page::day_of(now_ms);
    answer(&start, lang, today).map(|answer| answer.card.finish())
}
