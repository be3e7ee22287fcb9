//! The one way the page's wasm reaches `localStorage` (the start-up script,
//! `boot/gate.js`, has its own copy of the same rule in JavaScript).
//!
//! A browser may deny storage altogether (privacy settings, an embedded view: reading
//! `window.localStorage` throws), refuse writes (full quota, a private window) or hand back text
//! another program wrote. None of that may stop the page: every call here answers with an
//! `Option` or a `bool`, and nothing here panics or lets a JavaScript exception through.
//!
//! The storage itself is gloo-storage's `LocalStorage`. Its `raw()` throws where the browser
//! denies storage, so it is reached only once the browser has said it grants one; values are the
//! page's own text (JSON it wrote), read and written as they are.

use gloo_storage::{LocalStorage, Storage as _};
use gpu_sizer_markup::keys::StorageKey;
use web_sys::Storage;

/// The storage, if the browser grants one.
fn area() -> Option<Storage> {
    // Asking `window.localStorage` through web-sys is what `LocalStorage::raw()` does, unguarded.
    web_sys::window()?.local_storage().ok().flatten()?;
    Some(LocalStorage::raw())
}

/// The text stored under `key`, if any and if storage can be read.
pub fn read(key: StorageKey) -> Option<String> {
    area()?.get_item(key.as_str()).ok().flatten()
}

/// Stores `value` under `key`; `false` when the browser refuses.
pub fn write(key: StorageKey, value: &str) -> bool {
    area().is_some_and(|s| s.set_item(key.as_str(), value).is_ok())
}

/// Removes `key`; `false` when the browser refuses.
pub fn remove(key: StorageKey) -> bool {
    area().is_some_and(|s| s.remove_item(key.as_str()).is_ok())
}

/// Whether anything written now would be kept: storage is there and takes a write. Asked once at
/// start-up, so the page can say at once that nothing will be kept.
pub fn usable() -> bool {
    let Some(storage) = area() else {
        return false;
    };
    let probe = StorageKey::Probe.as_str();
    let ok = storage.set_item(probe, "1").is_ok();
    let _ = storage.remove_item(probe);
    ok
}
