//! Single values of the form, each followed on its own, for the controls that show them.
//!
//! The form is one signal, and every edit changes it. A control showing one of its fields used a
//! memo of that field: a training form has 54 such controls, so each edit notified 54 memos and
//! their effects, reran every memo and moved each one's subscription to the form. One effect
//! now reads the form for all of them and notifies a control only when its value changed: an
//! edit runs one small closure per control, and only the controls whose value changed are
//! rewritten. A control's value is read from the form when it is notified, so no signal of each
//! value's type is kept (a signal type per value type made the code larger than the memos had).

use gpu_sizer_formats::Form;
use leptos::prelude::*;

/// The values followed from one form; see [`Followers::follow`].
#[derive(Clone, Copy)]
pub struct Followers {
    form: RwSignal<Form>,
    each: StoredValue<Each, LocalStorage>,
}

/// The followers of a form, and the number the next one is known by.
#[derive(Default)]
struct Each {
    next: u64,
    all: Vec<Follower>,
}

/// One value followed: whether it changed in a form (it keeps the last value it saw), and whom
/// to tell when it did.
struct Follower {
    id: u64,
    changed: Box<dyn FnMut(&Form) -> bool>,
    notify: Trigger,
}

/// A value of the form, as a control reads it: from the form, notified only when it changes.
pub struct Followed<T: 'static> {
    form: RwSignal<Form>,
    get: fn(&Form) -> T,
    changed: Trigger,
}

impl<T> Clone for Followed<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Followed<T> {}

impl<T> Followed<T> {
    /// The value now, and the caller rerun when it changes.
    pub fn get(self) -> T {
        self.changed.track();
        self.get_untracked()
    }

    /// The value now.
    pub fn get_untracked(self) -> T {
        self.form.with_untracked(self.get)
    }

    /// `f` of the value now, and the caller rerun when it changes.
    pub fn with<R>(self, f: impl FnOnce(&T) -> R) -> R {
        f(&self.get())
    }

    /// `f` of the value now.
    pub fn with_untracked<R>(self, f: impl FnOnce(&T) -> R) -> R {
        f(&self.get_untracked())
    }
}

impl Followers {
    /// Followers of `form`, brought up to date by one effect after each of its changes.
    pub fn of(form: RwSignal<Form>) -> Followers {
        let each = StoredValue::new_local(Each::default());
        Effect::new(move |_| {
            form.with(|f| {
                each.update_value(|each| {
                    for follower in &mut each.all {
                        if (follower.changed)(f) {
                            follower.notify.notify();
                        }
                    }
                });
            });
        });
        Followers { form, each }
    }

    /// What `get` reads from the form, followed for as long as the calling owner (a control)
    /// lives.
    pub fn follow<T: PartialEq>(self, get: fn(&Form) -> T) -> Followed<T> {
        let mut last = self.form.with_untracked(get);
        let changed = move |f: &Form| {
            let now = get(f);
            let changed = now != last;
            last = now;
            changed
        };
        let trigger = Trigger::new();
        let id = self.each.try_update_value(|each| {
            let id = each.next;
            each.next += 1;
            each.all.push(Follower {
                id,
                changed: Box::new(changed),
                notify: trigger,
            });
            id
        });
        let each = self.each;
        on_cleanup(move || {
            each.try_update_value(|each| each.all.retain(|f| Some(f.id) != id));
        });
        Followed {
            form: self.form,
            get,
            changed: trigger,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;
    use std::rc::Rc;
    use wasm_bindgen_test::wasm_bindgen_test as test;

    wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

    /// How many times an effect reading `value` ran.
    fn runs_of(value: Followed<f64>) -> Rc<Cell<u32>> {
        let runs = Rc::new(Cell::new(0));
        let counted = Rc::clone(&runs);
        Effect::new(move |_| {
            value.get();
            counted.set(counted.get() + 1);
        });
        runs
    }

    /// An edit reaches the controls of the value it changed and no other, each control reads the
    /// form's value, and a control gone is followed no more.
    #[test]
    async fn an_edit_notifies_only_the_values_it_changed() {
        // Effects need Leptos's executor, which a mount sets up.
        leptos::mount::mount_to_body(|| ());
        let owner = Owner::new();
        owner.set();
        let form = RwSignal::new(Form::default());
        let followers = Followers::of(form);
        let control = owner.child();
        let (egress, idle) = control.with(|| {
            (
                followers.follow(|f| f.egress_gb),
                followers.follow(|f| f.idle_h),
            )
        });
        let (egress_runs, idle_runs) = control.with(|| (runs_of(egress), runs_of(idle)));
        leptos::task::tick().await;
        assert_eq!((egress_runs.get(), idle_runs.get()), (1, 1));

        form.update(|f| f.egress_gb += 100.0);
        leptos::task::tick().await;
        assert_eq!((egress_runs.get(), idle_runs.get()), (2, 1));
        assert_eq!(egress.get_untracked(), form.with_untracked(|f| f.egress_gb));

        // An edit that leaves the value as it was notifies nobody.
        form.update(|f| f.egress_gb += 0.0);
        leptos::task::tick().await;
        assert_eq!((egress_runs.get(), idle_runs.get()), (2, 1));

        assert_eq!(followers.each.with_value(|e| e.all.len()), 2);
        drop(control);
        assert_eq!(followers.each.with_value(|e| e.all.len()), 0);
        form.update(|f| f.idle_h += 1.0);
        leptos::task::tick().await;
        assert_eq!(idle_runs.get(), 1, "a control gone is not rerun");
    }
}
