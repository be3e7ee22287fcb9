//! The utilisation doctor: paste nvidia-smi output of a running job, see what it means, what the
//! idle share costs at the instance's price, and try the remedies in the calculator. The paste
//! is read in the browser by `gpu_sizer_ops::doctor`; nothing is sent anywhere.

use crate::app::prefs::use_prefs;
use crate::app::state::{use_state, View};
use gpu_sizer_engine::catalog::{BillingMode, Catalog};
use gpu_sizer_engine::cost::money::{symbol, Exchange};
use gpu_sizer_ops::doctor::words::{
    self, DIAGNOSE, EXAMPLE, INSTANCE, INTRO, NO_INSTANCE, PASTE, PRICE, TITLE, TO_DO, TRY,
};
use gpu_sizer_ops::doctor::{diagnose, html, read, Context, Price, Remedy};
use leptos::prelude::*;

/// A real paste to try the page with: a model loaded on an A10G and nothing running
/// (NVIDIA/DCGM issue 232, as kept among the parser's fixtures).
const SAMPLE: &str =
    include_str!("../../../crates/ops/tests/data/doctor/smi-535-a10g-loaded-idle.txt");

/// The page.
#[component]
pub fn Doctor() -> impl IntoView {
    let state = use_state();
    let lang = use_prefs().lang;
    let text = RwSignal::new(String::new());
    let offer = RwSignal::new(String::new());
    let typed = RwSignal::new(String::new());
    let catalog = Catalog::builtin();
    let options = move || {
        let lang = lang.get();
        let mut offers: Vec<_> = catalog
            .offers
            .iter()
            .filter(|o| !o.prices.is_empty())
            .collect();
        offers.sort_by(|a, b| (&a.provider, &a.gpu, &a.id).cmp(&(&b.provider, &b.gpu, &b.id)));
        let first = view! { <option value="">{NO_INSTANCE.get(lang)}</option> };
        let rest = offers
            .into_iter()
            .map(|o| {
                let gpu = catalog
                    .gpu(&o.gpu)
                    .map_or(o.gpu.as_str(), |g| g.name.as_str());
                let provider = catalog
                    .provider(&o.provider)
                    .map_or(o.provider.as_str(), |p| p.name.as_str());
                let label = format!(
                    "{provider} · {} · {} × {gpu} · {}",
                    o.instance_type, o.gpu_count, o.region
                );
                view! { <option value=o.id.clone()>{label}</option> }
            })
            .collect_view();
        (first, rest)
    };
    // The reading, the diagnosis and the remedies, recomputed as the paste or the price changes.
    let result = Memo::new(move |_| {
        let pasted = text.get();
        if pasted.trim().is_empty() {
            return None;
        }
        let lang = lang.get();
        let (currency, fx) = state.form.with(|f| {
            (
                f.currency.engine(),
                Exchange {
                    cny_per_usd: f.cny_per_usd,
                },
            )
        });
        let chosen = offer.with(|id| catalog.offers.iter().find(|o| o.id == *id));
        let price = match typed
            .with(|t| t.trim().parse::<f64>().ok())
            .filter(|p| p.is_finite() && *p >= 0.0)
        {
            Some(per_hour) => Some(Price {
                per_hour,
                gpus: chosen.map_or(0, |o| o.gpu_count),
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
        Some(match read(&pasted) {
            Err(e) => Err(words::error(&e, lang)),
            Ok(reading) => {
                // A typed price without an instance covers the GPUs the paste shows.
                let price = price.map(|p| Price {
                    gpus: if p.gpus == 0 {
                        reading.gpus.len() as u32
                    } else {
                        p.gpus
                    },
                    ..p
                });
                let cx = Context {
                    catalog,
                    price,
                    gpu: chosen.and_then(|o| catalog.gpu(&o.gpu)),
                    currency,
                    fx,
                };
                let d = diagnose(&reading, &cx);
                let sym = symbol(currency);
                let remedies: Vec<(String, Remedy)> = d
                    .remedies
                    .iter()
                    .map(|r| (words::remedy(r, lang, sym), r.clone()))
                    .collect();
                Ok((html::report(&reading, &d, lang), remedies))
            }
        })
    });
    let apply = move |r: Remedy| {
        state.form.update(|f| r.apply(f));
        state.view.set(View::Calculator);
    };
    view! {
        <div class="doctor" data-testid="doctor">
            <section class="panel">
                <h2>{move || TITLE.get(lang.get())}</h2>
                <p class="muted">{move || INTRO.get(lang.get())}</p>
                <label class="field" for="doctor-input">{move || PASTE.get(lang.get())}</label>
                <textarea
                    id="doctor-input"
                    data-testid="doctor-input"
                    rows="12"
                    spellcheck="false"
                    prop:value=move || text.get()
                    on:input=move |ev| text.set(event_target_value(&ev))
                ></textarea>
                <div class="doctor-price">
                    <label>
                        {move || INSTANCE.get(lang.get())}
                        <select data-testid="doctor-offer" on:change=move |ev| offer.set(event_target_value(&ev))>
                            {options}
                        </select>
                    </label>
                    <label>
                        {move || PRICE.get(lang.get())}
                        <input
                            type="number"
                            min="0"
                            step="any"
                            data-testid="doctor-price"
                            prop:value=move || typed.get()
                            on:input=move |ev| typed.set(event_target_value(&ev))
                        />
                    </label>
                </div>
                <button type="button" class="secondary" data-testid="doctor-example" on:click=move |_| text.set(SAMPLE.to_string())>
                    {move || EXAMPLE.get(lang.get())}
                </button>
            </section>
            {move || {
                result.get().map(|r| match r {
                    Err(message) => view! {
                        <p class="panel error" role="alert" data-testid="doctor-error">{message}</p>
                    }.into_any(),
                    Ok((markup, remedies)) => view! {
                        <section class="panel" data-testid="doctor-result" aria-label=move || DIAGNOSE.get(lang.get())>
                            <div inner_html=markup data-testid="doctor-report"></div>
                            <Show when={
                                let empty = remedies.is_empty();
                                move || !empty
                            }>
                                <h3>{move || TO_DO.get(lang.get())}</h3>
                            </Show>
                            <ul class="remedies">
                                {remedies.clone().into_iter().map(|(label, remedy)| view! {
                                    <li data-testid="doctor-remedy">
                                        {label}
                                        " "
                                        <button type="button" class="link" on:click=move |_| apply(remedy.clone())>
                                            {move || TRY.get(lang.get())}
                                        </button>
                                    </li>
                                }).collect_view()}
                            </ul>
                        </section>
                    }.into_any(),
                })
            }}
        </div>
    }
}

/// Every text of the page, for the translation test.
pub fn all_texts() -> Vec<gpu_sizer_markup::i18n::Text> {
    let mut texts = words::all_texts();
    texts.extend(gpu_sizer_ops::launch::words::all_texts());
    texts
}
