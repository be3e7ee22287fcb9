//! The pinned hardware: one GPU of the catalog, then any offer of it or one offer, with the
//! count of GPUs and the person's own machine drawn from the field table.

use crate::app::format;
use crate::app::prefs::text_in;
use crate::app::prefs::use_prefs;
use crate::app::state::use_state;
use gpu_sizer_engine::catalog::summary;
use gpu_sizer_markup::hardware as w;
use gpu_sizer_markup::html;
use leptos::prelude::*;

/// The fields of the hardware group, in order ("gpu" and "offer" are drawn here).
pub const FIELDS: &[&str] = &["gpu", "offer", "gpus", "own", "own_price"];

/// The GPU to pin (any: every GPU of the catalog). Choosing another GPU drops a pinned offer of
/// the previous one.
#[component]
pub fn PinnedGpu() -> impl IntoView {
    let state = use_state();
    let lang = use_prefs().lang;
    let chosen = state.follow(|f| f.gpu.clone());
    view! {
        <div class="field">
            <label for="field-gpu">{text_in(lang, super::fields::label("gpu"))}</label>
            <select
                id="field-gpu"
                data-testid="field-gpu"
                prop:value=move || chosen.get()
                on:change=move |ev| {
                    let id = event_target_value(&ev);
                    state.form.update(|f| {
                        f.offer.clear();
                        f.gpu = id;
                    });
                }
                // From the catalog's summary: the form is built without reading the catalog.
                // Rewritten for another language, with the GPU chosen then.
                inner_html=move || {
                    let any = ("", w::ANY_GPU.get(lang.get()));
                    let gpus = summary::GPUS.iter().map(|&[id, name]| (id, name));
                    let gpus = std::iter::once(any).chain(gpus);
                    chosen.with_untracked(|c| html::options(gpus, c))
                }
            ></select>
        </div>
    }
}

/// One offer of the pinned GPU, or any; hidden until a GPU is pinned and on the person's own
/// machine.
#[component]
pub fn PinnedOffer() -> impl IntoView {
    let state = use_state();
    let lang = use_prefs().lang;
    let gpu = state.follow(|f| (!f.own).then(|| f.gpu.clone()));
    let chosen = state.follow(|f| f.offer.clone());
    move || {
        let gpu = gpu.get().filter(|g| !g.is_empty())?;
        let catalog = gpu_sizer_engine::catalog::Catalog::builtin();
        let lang = lang.get();
        let offers = catalog
            .offers
            .iter()
            .filter(|o| o.gpu == gpu)
            .map(|o| {
                let id: &'static str = o.id.as_str();
                let provider = catalog
                    .providers
                    .iter()
                    .find(|p| p.id == o.provider)
                    .map_or(o.provider.as_str(), |p| format::provider_name(p, lang));
                let text = format!(
                    "{provider} · {} · {} · {} GPU",
                    o.region, o.instance_type, o.gpu_count
                );
                (id, text)
            })
            .collect::<Vec<_>>();
        let any = ("", w::ANY_OFFER.get(lang));
        let offers = chosen.with_untracked(|c| {
            let offers = offers.iter().map(|(id, text)| (*id, text.as_str()));
            html::options(std::iter::once(any).chain(offers), c)
        });
        Some(view! {
            <div class="field">
                <label for="field-offer">{super::fields::label("offer").get(lang)}</label>
                <select
                    id="field-offer"
                    data-testid="field-offer"
                    prop:value=move || chosen.get()
                    on:change=move |ev| {
                        let id = event_target_value(&ev);
                        state.form.update(|f| f.offer = id);
                    }
                    inner_html=offers
                ></select>
            </div>
        })
    }
}

/// The price of the person's machine, shown only when the job runs on it.
pub fn own_price() -> AnyView {
    let state = use_state();
    let own = state.follow(|f| f.own);
    view! { <Show when=move || own.get()>{super::fields::field("own_price")}</Show> }.into_any()
}
