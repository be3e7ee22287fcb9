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

#[wasm_bindgen_test]
async fn a_larger_model_needs_more_memory_and_fits_fewer_offers() {
    let app = mount();
    let small = app.text("memory-total");
    let small_offers = app.count("offer-row");
    assert!(small_offers > 0, "a 7B model fits somewhere");

    app.set("params-input", "70", "input");
    leptos::task::tick().await;

    let large = app.text("memory-total");
    assert_ne!(small, large);
    let gib = |s: &str| s.trim_end_matches(" GiB").parse::<f64>().unwrap();
    assert!(gib(&large) > 5.0 * gib(&small), "{small} -> {large}");
    assert!(app.count("offer-row") < small_offers);
}

#[wasm_bindgen_test]
async fn fine_tuning_needs_more_than_inference() {
    let app = mount();
    let inference = app.text("memory-total");
    app.set("workload-select", "full-fine-tune", "change");
    leptos::task::tick().await;
    assert_ne!(inference, app.text("memory-total"));
}

#[wasm_bindgen_test]
async fn a_bad_size_shows_a_message_and_keeps_the_input() {
    let app = mount();
    app.set("params-input", "seven", "input");
    leptos::task::tick().await;
    assert!(app.text("input-error").contains("seven"));
    let input: HtmlInputElement = app.find("params-input").unchecked_into();
    assert_eq!(input.value(), "seven");

    app.set("params-input", "13", "input");
    leptos::task::tick().await;
    assert!(app.text("memory-total").ends_with("GiB"));
}
