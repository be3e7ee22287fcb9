//! Component tests in headless Chromium (wasm-bindgen-test): mount, change an input, read the DOM.
#![cfg(target_arch = "wasm32")]

use gpu_sizer::app::App;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
use web_sys::{Element, Event, EventInit, HtmlElement, HtmlInputElement, HtmlSelectElement};

wasm_bindgen_test_configure!(run_in_browser);

/// A mounted app in its own element, removed when dropped.
struct Mounted {
    host: Element,
    _handle: leptos::mount::UnmountHandle<leptos::tachys::view::any_view::AnyViewState>,
}

/// Starts from a clean page: no scenario in the URL, nothing stored.
fn reset() {
    let window = web_sys::window().unwrap();
    let path = window.location().pathname().unwrap();
    window
        .history()
        .unwrap()
        .replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&path))
        .unwrap();
    window.local_storage().unwrap().unwrap().clear().unwrap();
}

async fn mount() -> Mounted {
    reset();
    mount_as_is().await
}

/// Waits `ms` milliseconds of the browser's clock.
async fn sleep(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
}

/// Mounts the app on whatever URL and storage the test prepared, and waits for the panels that
/// follow the first paint.
async fn mount_as_is() -> Mounted {
    let app = mount_now();
    for _ in 0..200 {
        if exists(&app, "ranking") {
            break;
        }
        sleep(10).await;
    }
    app
}

fn mount_now() -> Mounted {
    let document = web_sys::window().unwrap().document().unwrap();
    let host = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&host).unwrap();
    let handle = leptos::mount::mount_to(host.clone().unchecked_into(), || {
        leptos::prelude::IntoAny::into_any(App(gpu_sizer::app::AppProps::builder()
            .boot(gpu_sizer::app::persist::boot(false))
            .build()))
    });
    Mounted {
        host,
        _handle: handle,
    }
}

impl Mounted {
    fn find(&self, test_id: &str) -> Element {
        self.host
            .query_selector(&format!("[data-testid={test_id}]"))
            .unwrap()
            .unwrap_or_else(|| panic!("no element with data-testid={test_id}"))
    }

    fn text(&self, test_id: &str) -> String {
        self.find(test_id).text_content().unwrap_or_default()
    }

    fn count(&self, test_id: &str) -> u32 {
        self.host
            .query_selector_all(&format!("[data-testid={test_id}]"))
            .unwrap()
            .length()
    }

    /// Sets a field's value and fires the bubbling event Leptos's delegated handlers listen for.
    fn set(&self, test_id: &str, value: &str, event: &str) {
        let el = self.find(test_id);
        if let Some(input) = el.dyn_ref::<HtmlInputElement>() {
            input.set_value(value);
        } else {
            el.dyn_ref::<HtmlSelectElement>().unwrap().set_value(value);
        }
        let init = EventInit::new();
        init.set_bubbles(true);
        el.dispatch_event(&Event::new_with_event_init_dict(event, &init).unwrap())
            .unwrap();
    }
}

impl Mounted {
    fn click(&self, test_id: &str) {
        self.find(test_id).unchecked_into::<HtmlElement>().click();
    }
}

impl Drop for Mounted {
    fn drop(&mut self) {
        self.host.remove();
    }
}

fn exists(app: &Mounted, test_id: &str) -> bool {
    app.count(test_id) > 0
}

#[wasm_bindgen_test]
async fn the_form_shows_the_fields_of_the_chosen_workload() {
    let app = mount().await;
    assert!(exists(&app, "field-tokens"));
    assert!(!exists(&app, "field-requests_per_s"));
    app.set("workload-select", "serve", "change");
    leptos::task::tick().await;
    assert!(exists(&app, "field-requests_per_s"));
    assert!(!exists(&app, "field-tokens"));
    app.set("workload-select", "dev", "change");
    leptos::task::tick().await;
    assert!(exists(&app, "field-dev_hours"));
    assert!(!exists(&app, "model-select"), "a dev box needs no model");
}

#[wasm_bindgen_test]
async fn more_tokens_take_longer_and_cost_more() {
    let app = mount().await;
    let time = app.text("pick-time");
    let total = |app: &Mounted| {
        app.find("recommendation")
            .get_attribute("data-total")
            .unwrap()
            .parse::<f64>()
            .unwrap()
    };
    let before = total(&app);
    app.set("field-tokens", "1e9", "input");
    leptos::task::tick().await;
    assert_ne!(time, app.text("pick-time"));
    assert!(total(&app) > before);
}

#[wasm_bindgen_test]
async fn a_bad_number_is_kept_and_flagged() {
    let app = mount().await;
    let total = app.find("recommendation").get_attribute("data-total");
    app.set("field-tokens", "seven", "input");
    leptos::task::tick().await;
    let input: HtmlInputElement = app.find("field-tokens").unchecked_into();
    assert_eq!(input.value(), "seven");
    assert_eq!(input.get_attribute("aria-invalid").as_deref(), Some("true"));
    assert_eq!(
        app.find("recommendation").get_attribute("data-total"),
        total
    );
}

#[wasm_bindgen_test]
async fn a_number_shows_as_typed_until_left_then_grouped() {
    let app = mount().await;
    let input: HtmlInputElement = app.find("field-tokens").unchecked_into();
    let time = app.text("pick-time");
    app.set("field-tokens", "1.5e9", "input");
    leptos::task::tick().await;
    assert_eq!(input.value(), "1.5e9", "kept as typed while typing");
    assert_ne!(app.text("pick-time"), time, "and answered");
    // Another field's edit leaves the box being typed in alone.
    app.set("field-seq_len", "4096", "input");
    leptos::task::tick().await;
    assert_eq!(input.value(), "1.5e9");
    app.set("field-tokens", "1.5e9", "change");
    leptos::task::tick().await;
    assert_eq!(input.value(), "1,500,000,000", "grouped once left");
    app.set("field-tokens", "2e9", "input");
    leptos::task::tick().await;
    assert_eq!(input.value(), "2e9", "typed again");
}

#[wasm_bindgen_test]
async fn charts_plot_every_candidate_and_the_fleet() {
    let app = mount().await;
    let dots = app
        .find("chart-scatter")
        .query_selector_all("circle")
        .unwrap()
        .length();
    assert!(dots > 3, "{dots} points");
    app.set("workload-select", "serve", "change");
    leptos::task::tick().await;
    let bars = app
        .find("chart-fleet")
        .query_selector_all("rect.bar")
        .unwrap()
        .length();
    assert_eq!(bars, 24, "one bar per hour");
}

fn stored_scenarios() -> String {
    web_sys::window()
        .unwrap()
        .local_storage()
        .unwrap()
        .unwrap()
        .get_item("gpu-sizer.scenarios")
        .unwrap()
        .unwrap_or_default()
}

#[wasm_bindgen_test]
async fn saving_a_scenario_lists_it_and_stores_it() {
    let app = mount().await;
    assert_eq!(app.count("saved-item"), 0);
    app.set("scenario-name", "Nightly LoRA <b>run</b>", "input");
    leptos::task::tick().await;
    app.click("save-scenario");
    leptos::task::tick().await;
    assert_eq!(app.count("saved-item"), 1);
    assert_eq!(app.text("saved-name"), "Nightly LoRA <b>run</b>");
    let stored = gpu_sizer_formats::store::load(&stored_scenarios());
    assert_eq!(stored.scenarios.len(), 1);
    assert_eq!(stored.scenarios[0].name, "Nightly LoRA <b>run</b>");
    assert_eq!(stored.scenarios[0].form.name, "Nightly LoRA <b>run</b>");
    // Saving again updates the same entry; a new name saves a second one.
    app.click("save-scenario");
    leptos::task::tick().await;
    assert_eq!(app.count("saved-item"), 1);
    app.set("scenario-name", "Second", "input");
    leptos::task::tick().await;
    app.click("save-scenario");
    leptos::task::tick().await;
    assert_eq!(app.count("saved-item"), 2);
    assert_eq!(
        gpu_sizer_formats::store::load(&stored_scenarios())
            .scenarios
            .len(),
        2
    );
}

#[wasm_bindgen_test]
async fn a_corrupt_saved_entry_is_kept_aside_and_reported() {
    reset();
    let corrupt = r#"{"version":1,"scenarios":[
        {"id":"a","name":"Readable","created":1,"updated":1,"form":{"workload":"serve"}},
        {"id":"b","name":"Broken","created":1,"updated":1,"form":{"workluad":"serve"}}
    ]}"#;
    web_sys::window()
        .unwrap()
        .local_storage()
        .unwrap()
        .unwrap()
        .set_item("gpu-sizer.scenarios", corrupt)
        .unwrap();
    let app = mount_as_is().await;
    leptos::task::tick().await;
    assert!(exists(&app, "quarantine-notice"));
    assert_eq!(app.count("saved-item"), 1);
    assert_eq!(app.text("saved-name"), "Readable");

    // Saving writes the unreadable entry back, untouched.
    app.click("save-scenario");
    leptos::task::tick().await;
    let stored = stored_scenarios();
    assert!(stored.contains("workluad"), "{stored}");
    let loaded = gpu_sizer_formats::store::load(&stored);
    assert_eq!(loaded.scenarios.len(), 2);
    assert_eq!(loaded.quarantined.len(), 1);

    app.click("dismiss-quarantine-notice");
    leptos::task::tick().await;
    assert!(!exists(&app, "quarantine-notice"));
}

#[wasm_bindgen_test]
async fn a_link_in_the_url_wins_and_its_bad_parts_are_listed() {
    reset();
    let window = web_sys::window().unwrap();
    let path = window.location().pathname().unwrap();
    window
        .history()
        .unwrap()
        .replace_state_with_url(
            &wasm_bindgen::JsValue::NULL,
            "",
            Some(&format!("{path}?v=1&w=serve&ctx=abc&zz=1")),
        )
        .unwrap();
    let app = mount_as_is().await;
    leptos::task::tick().await;
    assert!(exists(&app, "field-requests_per_s"), "the link's workload");
    let notice = app.text("link-notice");
    assert!(
        notice.contains("zz=1") && notice.contains("ctx=abc"),
        "{notice}"
    );
    // The address bar now holds the form's own link, once the form has rested.
    sleep(400).await;
    let search = window.location().search().unwrap();
    assert_eq!(search, "?v=1&w=serve");
}

/// The value a select shows and the label of its selected option.
fn chosen(app: &Mounted, test_id: &str) -> (String, String) {
    let select: HtmlSelectElement = app.find(test_id).unchecked_into();
    let label = select
        .selected_options()
        .item(0)
        .and_then(|o| o.text_content())
        .unwrap_or_default();
    (select.value(), label)
}

#[wasm_bindgen_test]
async fn the_selects_show_the_links_choices_in_either_language() {
    reset();
    let window = web_sys::window().unwrap();
    let path = window.location().pathname().unwrap();
    let link = format!("{path}?v=1&w=lora&m=mistral-7b-v0.3&g=h100-sxm&obj=fastest");
    window
        .history()
        .unwrap()
        .replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&link))
        .unwrap();
    let app = mount_as_is().await;
    let in_english = [
        ("workload-select", "lora"),
        ("model-select", "mistral-7b-v0.3"),
        ("field-gpu", "h100-sxm"),
        ("field-objective", "fastest"),
    ]
    .map(|(id, value)| {
        let (shown, label) = chosen(&app, id);
        assert_eq!(shown, value, "{id}");
        assert!(!label.is_empty(), "{id}");
        label
    });
    assert!(in_english[0].starts_with("LoRA"), "{}", in_english[0]);
    assert!(chosen(&app, "field-gpu").1.contains("H100"));

    app.set("lang-switch", "zh", "change");
    leptos::task::tick().await;
    assert_eq!(chosen(&app, "workload-select").0, "lora");
    assert!(chosen(&app, "workload-select").1.contains("微调"));
    assert_eq!(chosen(&app, "field-gpu").0, "h100-sxm");
    assert_eq!(chosen(&app, "field-objective").0, "fastest");
    assert_ne!(
        chosen(&app, "field-objective").1,
        in_english[3],
        "the label is translated"
    );

    // A choice made in the page holds through another change of language.
    app.set("field-gpu", "rtx-4090", "change");
    leptos::task::tick().await;
    app.set("lang-switch", "en", "change");
    leptos::task::tick().await;
    assert_eq!(chosen(&app, "field-gpu").0, "rtx-4090");
    assert_eq!(chosen(&app, "workload-select").1, in_english[0]);
}

#[wasm_bindgen_test]
fn markup_built_as_text_escapes_names() {
    let mut h = gpu_sizer::app::html::Html::new();
    h.raw("<td")
        .attr("title", "a\"b<c>'&")
        .raw(">")
        .text("<script>x</script>")
        .raw("</td>");
    assert_eq!(
        h.finish(),
        "<td title=\"a&quot;b&lt;c&gt;&#39;&amp;\">&lt;script&gt;x&lt;/script&gt;</td>"
    );
}
