//! Panels below the fold follow the form only while they are on screen.
//!
//! The ranking, the detail and the charts are rebuilt from the whole report; on every keystroke
//! that costs more than the answer itself, for panels nobody sees while typing in the form. They
//! are kept as they are while off screen and brought up to date as they come near the viewport,
//! and all of them before the page is printed.

use leptos::html::ElementType;
use leptos::prelude::*;
use send_wrapper::SendWrapper;
use wasm_bindgen::prelude::*;
use web_sys::{IntersectionObserver, IntersectionObserverEntry, IntersectionObserverInit};

/// How near the viewport a panel counts as on screen: it is rebuilt before it scrolls into view.
const MARGIN: &str = "25% 0px";

/// Whether the page is being printed: every panel is then on paper, so counts as on screen.
#[derive(Debug, Clone, Copy)]
pub struct Printing(RwSignal<bool>);

impl Printing {
    /// Follows the browser's print events (a print from its menu) and provides the state to the
    /// panels below.
    pub fn provide() -> Printing {
        let printing = Printing(RwSignal::new(false));
        let before = window_event_listener_untyped("beforeprint", move |_| printing.0.set(true));
        let after = window_event_listener_untyped("afterprint", move |_| printing.0.set(false));
        on_cleanup(move || {
            before.remove();
            after.remove();
        });
        provide_context(printing);
        printing
    }

    /// Prints the page once every panel is up to date: the panels catch up in the microtasks
    /// that follow, the print dialog opens in the next task.
    pub fn print(self) {
        self.0.set(true);
        set_timeout(
            move || {
                let _ = window().print();
            },
            std::time::Duration::ZERO,
        );
    }
}

/// Whether the element of `target` is on screen or within [`MARGIN`] of it, or the page is being
/// printed. `true` until the browser says otherwise, and wherever it cannot tell, so nothing is
/// left stale for want of an observer.
pub fn on_screen<E>(target: NodeRef<E>) -> Signal<bool>
where
    E: ElementType,
    E::Output: JsCast + Clone + 'static,
{
    let shown = RwSignal::new(true);
    let printing = use_context::<Printing>();
    Effect::new(move |_| {
        let Some(element) = target.get() else {
            return;
        };
        let report = Closure::<dyn Fn(js_sys::Array)>::new(move |entries: js_sys::Array| {
            if let Some(entry) = entries.iter().last() {
                let entry: IntersectionObserverEntry = entry.unchecked_into();
                shown.try_set(entry.is_intersecting());
            }
        });
        let options = IntersectionObserverInit::new();
        options.set_root_margin(MARGIN);
        let Ok(observer) =
            IntersectionObserver::new_with_options(report.as_ref().unchecked_ref(), &options)
        else {
            return;
        };
        observer.observe(element.unchecked_ref());
        let held = SendWrapper::new((observer, report));
        on_cleanup(move || held.take().0.disconnect());
    });
    Signal::derive(move || shown.get() || printing.is_some_and(|p| p.0.get()))
}

/// A panel's content from `build`, rebuilt on every change of what it reads while `shown`, and
/// kept as it is while not (then only `shown` is tracked, so it catches up when it is back).
pub fn while_shown<T>(shown: Signal<bool>, build: impl Fn() -> T + Send + Sync + 'static) -> Memo<T>
where
    T: Clone + PartialEq + Send + Sync + 'static,
{
    Memo::new(move |previous: Option<&T>| match previous {
        Some(previous) if !shown.get() => previous.clone(),
        _ => {
            shown.track();
            build()
        }
    })
}

/// Notified once the browser has painted after each change of what `changed` reads while
/// `shown`: what a panel builds from it (reading the rest untracked) follows a frame later, for
/// what the frame after an input does not show (a filter's options, seen only once the list is
/// opened), so that frame does not wait for it. Changes that come before the notice are taken in
/// by that one. Not at first, nor when the panel comes back on screen: a [`while_shown`] build
/// runs then anyway.
pub fn after_paint_while_shown(shown: Signal<bool>, changed: impl Fn() + 'static) -> Trigger {
    let notice = Trigger::new();
    let pending = StoredValue::new(false);
    Effect::new(move |first: Option<()>| {
        changed();
        if first.is_none() || !shown.get_untracked() || pending.get_value() {
            return;
        }
        pending.set_value(true);
        super::after_paint::after_next_paint(move || {
            // Not when the panel has gone meanwhile.
            if pending.try_set_value(false).is_none() {
                notice.notify();
            }
        });
    });
    notice
}
