//! The utilisation doctor: paste nvidia-smi output of a running job, see what it means, what the
//! idle share costs at the instance's price, and try the remedies in the calculator. The paste
//! is read in the browser by `gpu_sizer_ops::doctor`; nothing is sent anywhere.
//!
//! The diagnosis is markup (`doctor::html`) written with one `innerHTML`, its remedies' buttons
//! found by one click handler: the page costs the app little code.

use crate::app::prefs::use_prefs;
use crate::app::state::{use_state, View};
use gpu_sizer_engine::catalog::{BillingMode, Catalog};
use gpu_sizer_engine::cost::money::{symbol, Exchange};
use gpu_sizer_ops::doctor::words;
use gpu_sizer_ops::doctor::{diagnose, html, read, Context, Price, Remedy};
use leptos::prelude::*;

/// A real paste to try the page with: a model loaded on an A10G and nothing running
/// (NVIDIA/DCGM issue 232, as kept among the parser's fixtures).
const SAMPLE: &str =
    include_str!("../../../crates/ops/tests/data/doctor/smi-535-a10g-loaded-idle.txt");

/// The index in `data-remedy` of the remedy button clicked, if one was.
fn remedy_clicked(ev: &leptos::ev::MouseEvent) -> Option<usize> {
    use wasm_bindgen::JsCast;
    let target: web_sys::Element = ev.target()?.dyn_into().ok()?;
    target
        .closest("[data-remedy]")
        .ok()??
        .get_attribute("data-remedy")?
        .parse()
        .ok()
}

/// The page.
#[component]
pub fn Doctor() -> impl IntoView {
    let state = use_state();
    let lang = use_prefs().lang;
    let text = RwSignal::new(String::new());
    let offer = RwSignal::new(String::new());
    let typed = RwSignal::new(String::new());
    let catalog = Catalog::builtin();
    // The diagnosis's markup and its remedies, recomputed as the paste or the price changes.
    let result = Memo::new(move |_| {
        let pasted = text.get();
        if pasted.trim().is_empty() {
            return (String::new(), Vec::new());
        }
        let lang = lang.get();
        let reading = match read(&pasted) {
            Ok(r) => r,
            Err(e) => return (html::error(&e, lang), Vec::new()),
        };
        let (currency, fx) = state.form.with(|f| {
            (
                f.currency.engine(),
                Exchange {
                    cny_per_usd: f.cny_per_usd,
                },
            )
        });
        let chosen = offer.with(|id| catalog.offers.iter().find(|o| o.id == *id));
        let typed = typed.with(|t| t.trim().parse::<f64>().ok());
        // A typed price wins; without an instance it covers the GPUs the paste shows.
        let price = match typed.filter(|p| p.is_finite() && *p >= 0.0) {
            Some(per_hour) => Some(Price {
                per_hour,
                gpus: chosen.map_or(reading.gpus.len() as u32, |o| o.gpu_count),
                currency,
            }),
            None => chosen.and_then(|o| {
                let q = o.quote(BillingMode::OnDemand).or(o.prices.first())?;
                Some(Price {
                    per_hour: q.per_hour,
                    gpus: o.gpu_count,
                    currency: q.currency,
                })
            }),
        };
        let cx = Context {
            catalog,
            price,
            gpu: chosen.and_then(|o| catalog.gpu(&o.gpu)),
            currency,
            fx,
        };
        let d = diagnose(&reading, &cx);
        (
            html::result(&reading, &d, lang, symbol(currency)),
            d.remedies,
        )
    });
    let apply = move |ev: leptos::ev::MouseEvent| {
        let Some(remedy) =
            remedy_clicked(&ev).and_then(|i| result.with_untracked(|(_, r)| r.get(i).cloned()))
        else {
            return;
        };
        state.form.update(|f| Remedy::apply(&remedy, f));
        state.view.set(View::Calculator);
    };
    // The form is built again when the language changes or an example is filled in, never as
    // the reader types (the caret stays where it is); what was typed lives in the signals.
    let filled = RwSignal::new(0u32);
    let form = move || {
        filled.track();
        html::form(
            catalog,
            lang.get(),
            &text.get_untracked(),
            &offer.get_untracked(),
            &typed.get_untracked(),
        )
    };
    let on_input = move |ev: leptos::ev::Event| {
        use wasm_bindgen::JsCast;
        let Some(id) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .map(|e| e.id())
        else {
            return;
        };
        let value = event_target_value(&ev);
        match id.as_str() {
            "doctor-input" => text.set(value),
            "doctor-price" => typed.set(value),
            "doctor-offer" => offer.set(value),
            _ => {}
        }
    };
    let on_click = move |ev: leptos::ev::MouseEvent| {
        use wasm_bindgen::JsCast;
        let example = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.get_attribute("data-testid"))
            .is_some_and(|t| t == "doctor-example");
        if example {
            text.set(SAMPLE.to_string());
            filled.update(|n| *n += 1);
        }
    };
    view! {
        <div class="doctor" data-testid="doctor">
            <div on:input=on_input on:change=on_input on:click=on_click inner_html=form></div>
            <div on:click=apply inner_html=move || result.with(|(markup, _)| markup.clone())></div>
        </div>
    }
}

/// Every text of the page, for the translation test.
pub fn all_texts() -> Vec<gpu_sizer_markup::i18n::Text> {
    let mut texts = words::all_texts();
    texts.extend(gpu_sizer_ops::launch::words::all_texts());
    texts
}
