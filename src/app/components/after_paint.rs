//! Progressive rendering: the first answer is painted before the panels below it are built.
//!
//! Building the ranking, charts and saved scenarios takes longer than the answer itself; on a slow
//! phone it would hold back the first paint. They follow one frame later.

use leptos::prelude::*;
use std::time::Duration;

/// Runs `f` once the browser has painted the page as it is now.
pub fn after_next_paint(f: impl FnOnce() + 'static) {
    after_paint_boxed(Box::new(f));
}

/// [`after_next_paint`] for one type of callback: the browser's callbacks are built once, not
/// for each caller.
fn after_paint_boxed(f: Box<dyn FnOnce()>) {
    // rAF runs before the frame is painted; the timeout it schedules runs after.
    request_animation_frame(move || set_timeout(f, Duration::ZERO));
}

/// Drops `value` once the browser has painted the page as it is now: for a large value replaced
/// by an input (the previous report), whose freeing would otherwise delay the frame showing the
/// new one. At most one waits: a second before that frame (a hidden page paints none) frees the
/// first at once, so nothing piles up.
pub fn drop_after_paint(value: impl std::any::Any) {
    thread_local! {
        static WAITING: std::cell::RefCell<Option<Box<dyn std::any::Any>>> =
            const { std::cell::RefCell::new(None) };
    }
    let earlier = WAITING.with_borrow_mut(|waiting| waiting.replace(Box::new(value)));
    if earlier.is_none() {
        after_next_paint(|| drop(WAITING.with_borrow_mut(Option::take)));
    }
}

/// False until the browser has painted the page as it was when this was called.
pub fn painted() -> ReadSignal<bool> {
    let painted = RwSignal::new(false);
    after_next_paint(move || _ = painted.try_set(true));
    painted.read_only()
}

/// Renders its children once the browser has painted the page as it was when this mounted.
#[component]
pub fn AfterFirstPaint(children: ChildrenFn) -> impl IntoView {
    let painted = painted();
    move || painted.get().then(|| children())
}
