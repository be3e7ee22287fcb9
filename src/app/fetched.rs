//! Data a page fetches when it is opened, instead of carrying it in the app's wasm: every visitor
//! downloads the app before it responds, and few open the page that needs the data. The build
//! ships each file beside the app under a name from its content (`DATA` in
//! scripts/post-build.mjs) and lists it in the page's start settings (`#gpu-sizer-start`, under
//! `data`); the service worker keeps it for offline use like every other file of the build.

use crate::app::i18n::Lang;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// The files, by the name post-build lists each under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DataFile {
    /// The calibration table the guide shows (`crates/engine/data/accuracy.tsv`).
    Accuracy,
    /// The guide's sections in one language, as markup (`gpu_sizer_markup::guide`).
    Guide(Lang),
}

impl DataFile {
    fn name(self) -> String {
        match self {
            DataFile::Accuracy => "accuracy".to_string(),
            DataFile::Guide(lang) => gpu_sizer_markup::guide::data_name(lang),
        }
    }
}

/// The text of `file`, or why it could not be had (the browser's words, for the page to show
/// after its own).
pub async fn text(file: DataFile) -> Result<String, String> {
    let url = url(file).ok_or("the page lists no such file")?;
    let window = web_sys::window().ok_or("no window")?;
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str(&url))
        .await
        .map_err(describe)?
        .unchecked_into();
    if !response.ok() {
        return Err(format!("HTTP {}", response.status()));
    }
    let text = JsFuture::from(response.text().map_err(describe)?)
        .await
        .map_err(describe)?;
    text.as_string().ok_or_else(|| "not text".to_string())
}

/// Where `file` is, from the start settings.
fn url(file: DataFile) -> Option<String> {
    let settings = web_sys::window()?
        .document()?
        .get_element_by_id("gpu-sizer-start")?
        .text_content()?;
    let settings = gpu_sizer_formats::json::Json::parse(&settings).ok()?;
    settings
        .get("data")?
        .get(&file.name())?
        .as_str()
        .map(str::to_owned)
}

fn describe(error: JsValue) -> String {
    match error.dyn_ref::<js_sys::Error>() {
        Some(error) => error.message().into(),
        None => error
            .as_string()
            .unwrap_or_else(|| "unknown error".to_string()),
    }
}
