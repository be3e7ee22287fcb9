//! Head to head: the scenario's job on two to four GPUs or offers side by side, each as if it
//! were the only hardware allowed (`plan::versus`), drawn by [`gpu_sizer_markup::versus`]. The
//! list is the form's `versus` field, so a link carries it with `view=versus`. GPUs are added from
//! one list; a specific offer (the person's own custom offers too) by its GPU, then the offer.

use crate::app::prefs::text_in;
use crate::app::prefs::use_prefs;
use crate::app::state::use_state;
use gpu_sizer_engine::plan::versus::{head_to_head, MAX_ENTRIES};
use gpu_sizer_formats::lists;
use gpu_sizer_markup::hardware as w;
use gpu_sizer_markup::versus::{offer_choices, title, versus};
use leptos::prelude::*;

/// The head-to-head page.
#[component]
pub fn Versus() -> impl IntoView {
    let state = use_state();
    let lang = use_prefs().lang;
    // The head-to-head rows cite the sources of the figures they compare.
    let catalog = gpu_sizer_engine::catalog::Catalog::with_sources();
    let ids = Memo::new(move |_| state.form.with(|f| lists::parse(&f.versus)));
    let set = move |id: &str, on: bool| {
        state
            .form
            .update(|f| f.versus = lists::toggle(&f.versus, id, on))
    };
    let markup = move || {
        let lang = lang.get();
        let ids = ids.get();
        if ids.len() < 2 {
            return format!(
                "<p class=\"muted\" data-testid=\"versus-too-few\">{}</p>",
                w::VERSUS_TOO_FEW.get(lang)
            );
        }
        state.request.with(|request| {
            let Ok(request) = request else {
                return String::new();
            };
            let sides = head_to_head(state.catalog.get(), request, &ids);
            versus(state.catalog.get(), &sides, request.costs.currency, lang).finish()
        })
    };
    // The GPU whose offers the offer picker lists (none chosen: no offers).
    let offer_gpu = RwSignal::new(String::new());
    let full = move || ids.with(|l| l.len() >= MAX_ENTRIES);
    let offers = move || {
        let gpu = offer_gpu.get();
        let lang = lang.get();
        offer_choices(state.catalog.get(), &gpu, lang)
            .into_iter()
            .map(|(id, label)| view! { <option value=id>{label}</option> })
            .collect_view()
    };
    let chips = move || {
        ids.get()
            .into_iter()
            .map(|id| {
                let name = title(state.catalog.get(), &id);
                let remove = id.clone();
                view! {
                    <li data-testid="versus-item" data-id=id.clone()>
                        {name}
                        " "
                        <button type="button" class="link" data-testid="versus-remove"
                            on:click=move |_| set(&remove, false)>
                            {text_in(lang, w::VERSUS_REMOVE)}
                        </button>
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <section class="panel" data-testid="versus">
            <h2>{text_in(lang, w::HEAD_TO_HEAD)}</h2>
            <p class="muted">{text_in(lang, w::VERSUS_INTRO)}</p>
            <ul class="chips">{chips}</ul>
            <div class="field">
                <label for="versus-add">{text_in(lang, w::VERSUS_ADD)}</label>
                <select
                    id="versus-add"
                    data-testid="versus-add"
                    prop:disabled=full
                    prop:value=move || {
                        ids.track();
                        String::new()
                    }
                    on:change=move |ev| {
                        let id = event_target_value(&ev);
                        if !id.is_empty() {
                            set(&id, true);
                        }
                    }
                >
                    <option value="" selected=true>"—"</option>
                    {gpu_options(catalog)}
                </select>
            </div>
            <fieldset class="versus-offer">
                <legend>{text_in(lang, w::VERSUS_ADD_OFFER)}</legend>
                <div class="field">
                    <label for="versus-offer-gpu">{text_in(lang, w::VERSUS_OFFER_GPU)}</label>
                    <select
                        id="versus-offer-gpu"
                        data-testid="versus-offer-gpu"
                        prop:disabled=full
                        on:change=move |ev| offer_gpu.set(event_target_value(&ev))
                    >
                        <option value="" selected=true>"—"</option>
                        {gpu_options(catalog)}
                    </select>
                </div>
                <div class="field">
                    <label for="versus-add-offer">{text_in(lang, w::VERSUS_OFFER)}</label>
                    <select
                        id="versus-add-offer"
                        data-testid="versus-add-offer"
                        prop:disabled=move || full() || offer_gpu.with(String::is_empty)
                        prop:value=move || {
                            ids.track();
                            offer_gpu.track();
                            String::new()
                        }
                        on:change=move |ev| {
                            let id = event_target_value(&ev);
                            if !id.is_empty() {
                                set(&id, true);
                            }
                        }
                    >
                        <option value="" selected=true>"—"</option>
                        {offers}
                    </select>
                </div>
            </fieldset>
            <div class="markup" inner_html=markup></div>
        </section>
    }
}

/// One option per GPU of `catalog`, for the pickers that add a GPU or list its offers.
fn gpu_options(catalog: &gpu_sizer_engine::catalog::Catalog) -> impl IntoView {
    catalog
        .gpus
        .iter()
        .map(|g| view! { <option value=g.id.clone()>{g.name.clone()}</option> })
        .collect_view()
}
