//! Component tests in headless Chromium (wasm-bindgen-test): mount, change an input, read the DOM.
#![cfg(target_arch = "wasm32")]

use gpu_sizer::app::App;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
use web_sys::{Element, Event, EventInit, HtmlInputElement, HtmlSelectElement};

wasm_bindgen_test_configure!(run_in_browser);

/// A mounted app in its own element, removed when dropped.
struct Mounted {
    host: Element,
    _handle: leptos::mount::UnmountHandle<leptos::tachys::view::any_view::AnyViewState>,
}

fn mount() -> Mounted {
    let document = web_sys::window().unwrap().document().unwrap();
    let host = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&host).unwrap();
    let handle = leptos::mount::mount_to(host.clone().unchecked_into(), || {
        leptos::prelude::IntoAny::into_any(App())
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
    let app = mount();
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
    let app = mount();
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
    let app = mount();
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
async fn charts_plot_every_candidate_and_the_fleet() {
    let app = mount();
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
