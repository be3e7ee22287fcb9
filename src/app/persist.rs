//! The page's adapter to the outside world: the address bar, `localStorage`, the clipboard and
//! files. Everything else works on signals; only this module reads or writes the URL and the
//! scenario keys of storage.
//!
//! - Start-up ([`boot`]): a scenario in the URL wins (the share link a person opened), then the
//!   autosaved draft, then the default form. Parts of a link that cannot be used are kept for a
//!   notice.
//! - The address bar follows the form with `history.replaceState` (no new history entry per
//!   keystroke; the path is kept, so the page works under any sub-path).
//! - The draft is saved on every change; a refusing storage only raises a message, the page keeps
//!   everything in memory.
//! - Both are written once the frame showing the change is painted (`replaceState` is slow on a
//!   phone and would delay that frame), spaced out when the form keeps changing (see
//!   [`WRITE_BURST`]), and at once when the page is hidden or left.
//! - Saved scenarios go through `gpu_sizer_formats::store`, written with the entries a load kept
//!   aside and the deletions it made, so nothing is lost. The list is read by the parts that show
//!   it ([`Persist::load_saved`]), not at start-up, so its readers and the merge below are their
//!   code, not among what the page waits for. Another tab's writes arrive as `storage`
//!   events and are merged in (`saved_list::merge_tabs`: by the deletions each tab recorded, so a
//!   save written over by a tab that had not seen it yet comes back, and a deletion sticks).
//! - Storage goes through `gpu_sizer_storage`, which never throws: with storage blocked the page
//!   works from memory, says after its first frame that nothing will be kept, and the address bar
//!   still carries the scenario.

use super::components::after_paint::after_next_paint;
use super::keys::{StorageKey, VIEW_PARAM};
use super::state::{AppState, View};
use gpu_sizer_formats::catalog_edits::CatalogEdits;
use gpu_sizer_formats::fields;
use gpu_sizer_formats::link::{self, Ignored};
use gpu_sizer_formats::project::{link as project_link, Project};
use gpu_sizer_formats::saved_list;
use gpu_sizer_formats::saved_list::Ours;
use gpu_sizer_formats::shared_prices;
use gpu_sizer_formats::store::{self, Deleted, SavedScenario};
use gpu_sizer_formats::Form;
use gpu_sizer_markup::page::{self, Start};
use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

use gpu_sizer_storage::{read, write};
use std::cell::Cell;
use std::time::Duration;

/// The address bar and the draft are written after each frame that shows a change, up to this
/// many in a row; then once every [`WRITE_EVERY_MS`] while the form keeps changing. Browsers
/// refuse `history.replaceState` called too often, Safari past 100 calls in 30 seconds (a
/// `SecurityError`), Chromium past 200 in 10: someone typing values in a row reached Safari's
/// limit, and the address bar then stopped following the form, so a link copied from it missed
/// the last edits. With these, a page makes at most 80 calls in 30 seconds.
pub const WRITE_BURST: f64 = 20.0;
/// See [`WRITE_BURST`]: one more write allowed every this many milliseconds.
pub const WRITE_EVERY_MS: f64 = 500.0;

thread_local! {
    /// The writes the page may make at once, as counted at a time ([`monotonic_ms`]), and whether
    /// a write waits for the next one allowed: one address bar per page.
    static WRITES: Cell<(f64, f64)> = const { Cell::new((WRITE_BURST, 0.0)) };
    static QUEUED: Cell<bool> = const { Cell::new(false) };
}

/// Takes one write of those allowed now ([`WRITE_BURST`]), or says in how many milliseconds one
/// is allowed.
fn take_write() -> Result<(), f64> {
    let now = monotonic_ms();
    let (allowed, at) = WRITES.get();
    let allowed = (allowed + (now - at) / WRITE_EVERY_MS).min(WRITE_BURST);
    if allowed >= 1.0 {
        WRITES.set((allowed - 1.0, now));
        Ok(())
    } else {
        WRITES.set((allowed, now));
        Err((1.0 - allowed) * WRITE_EVERY_MS)
    }
}

/// Runs `write` if one is allowed now ([`take_write`]), else once one is; one write waits at a
/// time, and writes what the form is by then.
fn when_allowed(write: impl Fn() + Copy + 'static) {
    match take_write() {
        Ok(()) => write(),
        Err(wait) if !QUEUED.replace(true) => {
            // Boxed: the one `set_timeout` of a boxed callback the page has already.
            let later: Box<dyn FnOnce()> = Box::new(move || {
                QUEUED.set(false);
                // Asks again: a write is never made without one allowed.
                when_allowed(write);
            });
            set_timeout(later, Duration::from_millis(wait.ceil() as u64));
        }
        Err(_) => {}
    }
}

/// Milliseconds on the page's monotonic clock. Not the wall clock: a time sync may step it, ahead
/// (the page would write more often than browsers allow) or back (the address bar would stop
/// following the form for as long).
fn monotonic_ms() -> f64 {
    #[wasm_bindgen::prelude::wasm_bindgen]
    extern "C" {
        // Every page has one (`window.performance`); bound directly, it is one import.
        #[wasm_bindgen(js_namespace = performance, js_name = now)]
        fn performance_now() -> f64;
    }
    performance_now()
}

/// The form and page to start with (see [`page::start`]): the link's, else the draft, else the
/// starting form.
pub fn boot(chinese: bool) -> Start {
    let search = window().location().search().unwrap_or_default();
    page::start(&search, read(StorageKey::Draft).as_deref(), chinese)
}

/// Replaces the address bar's query with the form's link (and the page, when not the calculator).
fn follow(query: &str, view: View) {
    let location = window().location();
    let mut search = format!("?{query}");
    if view != View::Calculator {
        search.push_str(&format!("&{VIEW_PARAM}={}", view.key()));
    }
    if location.search().ok().as_deref() == Some(search.as_str()) {
        return;
    }
    let url = format!(
        "{}{search}{}",
        location.pathname().unwrap_or_default(),
        location.hash().unwrap_or_default()
    );
    if let Ok(history) = window().history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
    }
}

/// The full share link of `form`, carrying `prices` when given (`shared_prices`).
pub fn share_url(form: &Form, prices: Option<&CatalogEdits>) -> String {
    let location = window().location();
    let mut url = format!(
        "{}{}?{}",
        location.origin().unwrap_or_default(),
        location.pathname().unwrap_or_default(),
        link::encode(form)
    );
    if let Some(prices) = prices.filter(|p| !p.is_empty()) {
        url.push_str(&format!(
            "&{}={}",
            shared_prices::PARAM,
            shared_prices::encode(prices)
        ));
    }
    url
}

/// The link of `project` on the plan page, beside the calculator's `form`.
pub fn plan_url(form: &Form, project: &Project) -> String {
    format!(
        "{}&{VIEW_PARAM}={}&{}={}",
        share_url(form, None),
        View::Plan.key(),
        project_link::PARAM,
        project_link::encode(project)
    )
}

/// `json` indented for people, by the browser's own JSON (smaller than a second serialiser), or as
/// it is when it cannot be.
pub fn pretty(json: &str) -> String {
    js_sys::JSON::parse(json)
        .and_then(|v| {
            js_sys::JSON::stringify_with_replacer_and_space(
                &v,
                &JsValue::NULL,
                &JsValue::from_f64(2.0),
            )
        })
        .map(String::from)
        .unwrap_or_else(|_| json.to_string())
}

/// Saved scenarios and what the page says about storage and links. One in context.
#[derive(Clone, Copy)]
pub struct Persist {
    pub saved: RwSignal<Vec<SavedScenario>>,
    /// Ids ticked for comparison (at most four).
    pub compare: RwSignal<Vec<String>>,
    /// The saved scenario the form was opened from.
    pub current: RwSignal<Option<String>>,
    /// Parts of the opened link that were not used (empty: no notice).
    pub link_notice: RwSignal<Vec<Ignored>>,
    /// Saved entries that could not be read at start-up (0: no notice).
    pub kept_aside: RwSignal<usize>,
    /// The browser refused a write.
    pub storage_failed: RwSignal<bool>,
    /// Storage took no write when the page started: nothing will be kept (the message says so).
    /// Tried once the page's first frame is painted: a write and a removal are milliseconds on a
    /// phone, and the message can wait that frame.
    pub blocked: StoredValue<bool>,
    /// Raw entries kept aside, written back with every save.
    quarantined: StoredValue<Vec<String>>,
    /// The deletions this tab knows of, written with the list (see `saved_list::merge_tabs`).
    deleted: StoredValue<Vec<Deleted>>,
    /// The stored list as last read or written: the base of a merge with another tab.
    seen: StoredValue<Option<String>>,
    /// The storage message was dismissed (until a write succeeds again).
    hushed: StoredValue<bool>,
    /// How another tab's write to the list is taken in; set once the list has been read
    /// ([`Persist::load_saved`]), until when such writes are left to that read. A pointer the
    /// parts set, not a call in the listener, so that the merge's code is theirs.
    follow_tabs: StoredValue<Option<FollowTabs>>,
}

/// Takes in another tab's write to the saved list (the text it wrote, if any).
type FollowTabs = fn(Persist, Option<String>);

/// Keeps the URL, the draft and, once the saved scenarios are read, other tabs in step with the
/// page.
pub fn start(state: AppState, ignored: Vec<Ignored>) -> Persist {
    let p = Persist {
        saved: RwSignal::new(Vec::new()),
        compare: RwSignal::new(Vec::new()),
        current: RwSignal::new(None),
        link_notice: RwSignal::new(ignored),
        kept_aside: RwSignal::new(0),
        storage_failed: RwSignal::new(false),
        blocked: StoredValue::new(false),
        quarantined: StoredValue::new(Vec::new()),
        deleted: StoredValue::new(Vec::new()),
        seen: StoredValue::new(None),
        hushed: StoredValue::new(false),
        follow_tabs: StoredValue::new(None),
    };
    // Before any write the page makes (each follows a frame too), so that the message a refusing
    // storage raises says it is blocked, not that one write failed.
    after_next_paint(move || {
        if !gpu_sizer_storage::usable() {
            p.blocked.set_value(true);
            p.storage_failed.set(true);
        }
    });
    // The draft is written on change only, so opening a page does not overwrite another tab's.
    let draft_changed = StoredValue::new(false);
    // The page's changes, counted, and the last one written.
    let changes = StoredValue::new(0u32);
    let written = StoredValue::new(0u32);
    let sync = move || {
        // Gone with the page (unmounted), or written already (flushed when the page was hidden):
        // nothing to follow.
        let Some(last) = changes
            .try_get_value()
            .filter(|&n| n != written.get_value())
        else {
            return;
        };
        written.set_value(last);
        // The link and the draft are written from the same field values, read once.
        let values = state.form.with_untracked(fields::values_of);
        follow(&link::encode_values(&values), state.view.get_untracked());
        if draft_changed.get_value() {
            draft_changed.set_value(false);
            p.outcome(write(StorageKey::Draft, &fields::json_of(&values)));
        }
    };
    // The URL and the draft follow the page once the frame showing the change is painted: the
    // address bar's update and the storage write (milliseconds on a slow phone) never hold that
    // frame back, and changes made before it are written once, by the last change's call. (A
    // call queued for an earlier change, whose frame has passed, writes nothing.) Past the
    // writes allowed in a row (`take_write`), one write waits for the next allowed and takes what
    // the form is by then. A page hidden meanwhile paints no frame: its write is made as it is
    // hidden (below), or when it is shown again.
    let schedule = move || {
        let change = changes.get_value().wrapping_add(1);
        changes.set_value(change);
        after_next_paint(move || {
            if changes.try_get_value() != Some(change) {
                return;
            }
            when_allowed(sync);
        });
    };
    Effect::new(move |first: Option<()>| {
        state.form.track();
        if first.is_some() {
            draft_changed.set_value(true);
        }
        schedule();
    });
    Effect::new(move |_| {
        state.view.track();
        schedule();
    });
    let flush = move |_| sync();
    let hidden = window_event_listener_untyped("visibilitychange", flush);
    let left = window_event_listener_untyped("pagehide", flush);
    let handle = window_event_listener_untyped("storage", move |ev| {
        let ev = ev.unchecked_ref::<web_sys::StorageEvent>();
        if ev.key().as_deref() == Some(StorageKey::Scenarios.as_str()) {
            if let Some(follow) = p.follow_tabs.get_value() {
                follow(p, ev.new_value());
            }
        }
    });
    on_cleanup(move || {
        handle.remove();
        hidden.remove();
        left.remove();
    });
    p
}

impl Persist {
    /// Shows or clears the storage message after a write; every refused write (draft, saved
    /// scenarios, catalog edits) comes here.
    pub fn outcome(self, ok: bool) {
        if ok {
            self.hushed.set_value(false);
        } else if !self.hushed.get_value() && !self.storage_failed.get_untracked() {
            self.storage_failed.set(true);
        }
    }

    /// Hides the storage message until storage works again.
    pub fn hush(self) {
        self.hushed.set_value(true);
        self.storage_failed.set(false);
    }

    /// Reads the saved list, once, and from then on takes in other tabs' changes to it. Called by
    /// the parts that show or change the list.
    pub fn load_saved(self) {
        if self.follow_tabs.get_value().is_some() {
            return;
        }
        let raw = read(StorageKey::Scenarios);
        let loaded = store::load(raw.as_deref().unwrap_or(""));
        self.saved.set(loaded.scenarios);
        self.kept_aside.set(loaded.quarantined.len());
        self.quarantined.set_value(loaded.quarantined);
        self.deleted.set_value(loaded.deleted.unwrap_or_default());
        self.seen.set_value(raw);
        self.follow_tabs.set_value(Some(|p, theirs| {
            // What the other tab wrote, from the event itself: a tab whose own write is still
            // under way may go on reading its own value for a while (Chromium keeps it), and a
            // save it never read would be lost. Then storage as read now. Merging twice is safe.
            let theirs = p.take_in(theirs);
            if p.sync() | theirs {
                let _ = p.write_list();
            }
        }));
    }

    /// Takes in what another tab stored since this tab last read or wrote the list; `true` when
    /// this tab holds something the stored list lacks.
    fn sync(self) -> bool {
        self.take_in(read(StorageKey::Scenarios))
    }

    /// Takes in `raw`, a stored list (see [`Persist::sync`]).
    fn take_in(self, raw: Option<String>) -> bool {
        if raw == self.seen.get_value() {
            return false;
        }
        let base = store::load(self.seen.get_value().as_deref().unwrap_or("")).scenarios;
        let theirs = store::load(raw.as_deref().unwrap_or(""));
        self.seen.set_value(raw);
        let ours = self.saved.get_untracked();
        let merged = self.quarantined.with_value(|quarantined| {
            self.deleted.with_value(|deleted| {
                let ours = Ours {
                    scenarios: &ours,
                    quarantined,
                    deleted,
                };
                saved_list::merge_tabs(&base, ours, &theirs)
            })
        });
        self.quarantined.set_value(merged.quarantined);
        self.deleted.set_value(merged.deleted);
        if merged.scenarios != ours {
            self.saved.set(merged.scenarios);
        }
        merged.adds
    }

    /// Writes the saved list after taking in any other tab's change; `false` when refused. The
    /// list is read first if it was not, so a write never replaces one unread.
    pub fn store(self) -> bool {
        self.load_saved();
        self.sync();
        self.write_list()
    }

    /// Deletes the saved scenario `id`, recording the deletion for other tabs, and stores the list.
    pub fn delete(self, id: &str) {
        let now = js_sys::Date::now();
        self.saved.update(|list| {
            self.deleted
                .update_value(|deleted| saved_list::delete(list, deleted, id, now))
        });
        self.store();
    }

    /// Takes in scenarios read from a file (one deleted here before comes back) and stores the
    /// list (a refused write is reported like any other). Returns how many were added and how
    /// many saved ones they changed, so the page can say what the import did.
    pub fn import(self, mut incoming: Vec<SavedScenario>) -> (usize, usize) {
        let now = js_sys::Date::now();
        self.deleted
            .with_value(|deleted| saved_list::revive(&mut incoming, deleted, now));
        let (mut added, mut updated) = (0, 0);
        self.saved.update(|list| {
            let merged = store::merge(list, &incoming);
            added = merged.len() - list.len();
            updated = list.iter().zip(&merged).filter(|(a, b)| a != b).count();
            *list = merged;
        });
        self.store();
        (added, updated)
    }

    /// Writes the saved list, entries kept aside and deletions included; `false` when refused.
    fn write_list(self) -> bool {
        let text = self.saved.with_untracked(|s| {
            self.quarantined
                .with_value(|q| self.deleted.with_value(|d| store::save_state(s, q, d)))
        });
        let ok = write(StorageKey::Scenarios, &text);
        if ok {
            self.seen.set_value(Some(text));
        }
        self.outcome(ok);
        ok
    }
}

/// The persistence state from context (provided by `App`).
pub fn use_persist() -> Persist {
    crate::app::provided::<Persist>()
}

/// Puts `text` on the clipboard; `done` receives `false` when there is no clipboard or the browser
/// refuses.
pub fn copy(text: &str, done: RwSignal<Option<bool>>) {
    let navigator = window().navigator();
    let clipboard = js_sys::Reflect::get(&navigator, &JsValue::from_str("clipboard"))
        .ok()
        .filter(|c| c.is_object());
    let Some(clipboard) = clipboard else {
        done.set(Some(false));
        return;
    };
    let promise = clipboard
        .unchecked_into::<web_sys::Clipboard>()
        .write_text(text);
    leptos::task::spawn_local(async move {
        let ok = wasm_bindgen_futures::JsFuture::from(promise).await.is_ok();
        done.set(Some(ok));
    });
}

/// The largest file the page reads (bytes): more than `localStorage` keeps (about 5 MB in every
/// browser), and reading more would hold the page for seconds.
pub const MAX_FILE_BYTES: f64 = 5.0 * 1024.0 * 1024.0;

/// The text of the file chosen in the input that fired `ev`, given to `then`; a file over
/// [`MAX_FILE_BYTES`] is not read, `then` gets its size instead.
pub fn read_file(ev: &leptos::ev::Event, then: Box<dyn FnOnce(Result<String, f64>)>) {
    let Some(input) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
    else {
        return;
    };
    let Some(file) = input.files().and_then(|f| f.get(0)) else {
        return;
    };
    // The same file can be chosen again.
    input.set_value("");
    if file.size() > MAX_FILE_BYTES {
        then(Err(file.size()));
        return;
    }
    let promise = file.text();
    leptos::task::spawn_local(async move {
        if let Ok(text) = wasm_bindgen_futures::JsFuture::from(promise).await {
            then(Ok(text.as_string().unwrap_or_default()));
        }
    });
}
