//! Taking the answer elsewhere: the ranking as CSV, a print-friendly page.

use super::on_screen::Printing;
use crate::app::format;
use crate::app::i18n::t;
use crate::app::prefs::text_in;
use crate::app::prefs::use_prefs;
use crate::app::state::use_state;
use gpu_sizer_engine::plan::Report;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// One CSV field, quoted when it must be.
fn field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The ranking as CSV (English headers, plain numbers, the report's currency).
pub fn ranking_csv(report: &Report) -> String {
    let mut out = String::from(
        "rank,provider,region,instance_type,offer_id,gpu,gpus,instances,billing_mode,hours_low,hours_expected,hours_high,cost_low,cost_expected,cost_high,currency,price_per_hour,price_source,price_as_of,price_read_on\n",
    );
    let currency = gpu_sizer_formats::form::CurrencyKey::of(report.currency).key();
    for (i, c) in report.ranked.iter().enumerate() {
        let cells = [
            (i + 1).to_string(),
            field(&c.provider.name),
            field(&c.offer.region),
            field(&c.offer.instance_type),
            field(&c.offer.id),
            field(&c.gpu.name),
            c.gpus.to_string(),
            c.instances.to_string(),
            format::mode_key(c.mode).to_string(),
            format!("{:.3}", c.hours.low),
            format!("{:.3}", c.hours.expected),
            format!("{:.3}", c.hours.high),
            format!("{:.2}", c.cost.low),
            format!("{:.2}", c.cost.expected),
            format!("{:.2}", c.cost.high),
            currency.to_string(),
            format!("{:.4}", c.price_per_hour),
            field(&c.quote.source),
            field(
                c.quote
                    .as_of
                    .as_deref()
                    .filter(|_| !c.quote.undated)
                    .unwrap_or("undated"),
            ),
            field(c.quote.read_on.as_deref().unwrap_or("")),
        ];
        out.push_str(&cells.join(","));
        out.push('\n');
    }
    out
}

/// Offers `text` as a file download.
pub fn download(name: &str, mime: &str, text: &str) {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    if let Ok(a) = document().create_element("a") {
        let a: web_sys::HtmlAnchorElement = a.unchecked_into();
        a.set_href(&url);
        a.set_download(name);
        a.click();
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}

/// Export buttons.
#[component]
pub fn Export() -> impl IntoView {
    let state = use_state();
    let lang = use_prefs().lang;
    let printing = crate::app::provided::<Printing>();
    let csv = move |_| {
        state.report.with(|r| {
            if let Ok(r) = r {
                download("gpu-sizer-ranking.csv", "text/csv", &ranking_csv(r));
            }
        })
    };
    view! {
        <div class="export" role="group" aria-label=text_in(lang, t::EXPORT)>
            <button type="button" class="secondary" data-testid="download-csv" on:click=csv>
                {text_in(lang, t::DOWNLOAD_CSV)}
            </button>
            <button type="button" class="secondary" data-testid="print" on:click=move |_| printing.print()>
                {text_in(lang, t::PRINT)}
            </button>
        </div>
    }
}
