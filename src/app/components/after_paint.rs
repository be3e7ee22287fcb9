//! Progressive rendering: the first answer is painted before the panels below it are built.
//!
//! Building the ranking, charts and saved scenarios takes longer than the answer itself; on a slow
//! phone it would hold back the first paint. They follow one frame later.

use leptos::prelude::*;
use std::time::Duration;

/// Runs `f` once the browser has painted the page as it is now.
pub fn after_next_paint(f: impl FnOnce() + 'static) {
    // rAF runs before the frame is painted; the timeout it schedules runs after.
    request_animation_frame(move || set_timeout(f, Duration::ZERO));
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
