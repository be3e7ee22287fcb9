//! The memory estimate and the offers that can hold it.

use super::quick_form::QuickInputs;
use gpu_sizer_engine::catalog::{Catalog, Currency};
use gpu_sizer_engine::sizing::{estimate_memory, fitting_offers, MemoryEstimate};
use leptos::prelude::*;
use std::fmt;

/// A user input the engine cannot work with; shown by the error boundary.
#[derive(Debug, Clone, PartialEq)]
pub struct InputError(pub String);

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InputError {}

/// Memory breakdown and the ranked list of offers. Errors propagate to the enclosing
/// `ErrorBoundary`, which keeps the form usable.
#[component]
pub fn Results(
    /// The form state to estimate from.
    inputs: QuickInputs,
) -> impl IntoView {
    let estimate = Memo::new(move |_| {
        inputs
            .scenario()
            .and_then(|s| estimate_memory(&s))
            .map_err(InputError)
    });
    move || estimate.get().map(|e| view! { <Estimate estimate=e /> })
}

#[component]
fn Estimate(estimate: MemoryEstimate) -> impl IntoView {
    let catalog = Catalog::builtin();
    let rows = fitting_offers(catalog, &estimate)
        .into_iter()
        .map(|fit| {
            let price = match fit.on_demand_per_hour {
                Some((p, Currency::Usd)) => format!("${p:.2}/h"),
                Some((p, Currency::Cny)) => format!("¥{p:.2}/h"),
                None => "enter your price".to_string(),
            };
            let provider = catalog
                .provider(&fit.offer.provider)
                .map_or(fit.offer.provider.clone(), |p| p.name.clone());
            view! {
                <tr data-testid="offer-row" data-offer-id=fit.offer.id.clone()>
                    <td>{provider}</td>
                    <td>{fit.offer.instance_type.clone()}</td>
                    <td>{fit.offer.region.clone()}</td>
                    <td>{format!("{} × {}", fit.offer.gpu_count, fit.gpu.name)}</td>
                    <td class="num">{fit.gpus_needed}</td>
                    <td class="num" data-testid="offer-price">{price}</td>
                </tr>
            }
        })
        .collect_view();
    let terms = estimate
        .terms
        .iter()
        .map(|t| {
            view! {
                <li>
                    <span class="term-key">{t.key}</span>
                    " "
                    <span class="num">{format!("{:.1} {}", t.value, t.unit)}</span>
                    <span class="formula">{t.formula.clone()}</span>
                </li>
            }
        })
        .collect_view();
    view! {
        <section class="panel" aria-labelledby="memory-heading">
            <h2 id="memory-heading">"Memory needed"</h2>
            <p class="big" data-testid="memory-total">
                {format!("{:.1} GiB", estimate.total_gib)}
            </p>
            <ul class="terms">{terms}</ul>
        </section>
        <section class="panel" aria-labelledby="offers-heading">
            <h2 id="offers-heading">"Offers that fit, cheapest first"</h2>
            <table class="offers">
                <thead>
                    <tr>
                        <th scope="col">"Provider"</th>
                        <th scope="col">"Instance"</th>
                        <th scope="col">"Region"</th>
                        <th scope="col">"GPUs"</th>
                        <th scope="col">"Needed"</th>
                        <th scope="col">"On-demand"</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </section>
    }
}
