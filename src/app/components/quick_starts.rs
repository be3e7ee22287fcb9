//! Quick-start cards: one click fills a complete scenario for a common job.

use crate::app::i18n::t;
use crate::app::prefs::text_in;
use crate::app::prefs::use_prefs;
use crate::app::state::use_state;
use gpu_sizer_formats::quickstart::QuickStart;
use gpu_sizer_markup::page::quick_start;
use leptos::prelude::*;

/// The row of cards.
#[component]
pub fn QuickStarts() -> impl IntoView {
    let state = use_state();
    let lang = use_prefs().lang;
    view! {
        <section class="quick-starts" aria-labelledby="quick-heading">
            <h2 id="quick-heading" class="sr-only">{text_in(lang, t::QUICK_STARTS)}</h2>
            {QuickStart::ALL
                .iter()
                .map(|q| {
                    let q = *q;
                    let (title, sub) = quick_start(q);
                    view! {
                        <button
                            type="button"
                            class="card"
                            data-testid=format!("quick-{}", q.key())
                            on:click=move |_| {
                                state
                                    .form
                                    .update(|f| {
                                        let keep = (f.currency, f.cny_per_usd);
                                        *f = q.form();
                                        (f.currency, f.cny_per_usd) = keep;
                                    });
                                state.selected.set(None);
                            }
                        >
                            <strong>{text_in(lang, title)}</strong>
                            <span>{text_in(lang, sub)}</span>
                        </button>
                    }
                })
                .collect_view()}
        </section>
    }
}
