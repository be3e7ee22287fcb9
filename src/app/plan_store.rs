//! Where the project plan comes from and is kept: the opened link's plan (`pl=`), else the one
//! saved in this browser, else none. Saving is the person's choice (a button), so opening a
//! link never overwrites a saved plan; a stored plan that cannot be read is kept aside. The plan is
//! read when the plan page is first shown ([`ProjectState::read`]), so its readers are that page's
//! code, not among what the page waits for at start-up.

use super::keys::StorageKey;
use gpu_sizer_formats::project::{link, Project, VERSION};
use gpu_sizer_markup::hardware as w;
use gpu_sizer_markup::i18n::Lang;
use leptos::prelude::*;

/// The project being planned and what the page says about it; in context, so switching tabs
/// keeps it for the page's life.
#[derive(Clone, Copy)]
pub struct ProjectState {
    pub project: RwSignal<Project>,
    /// The page's last word on the plan (a link read, a save, an import).
    pub message: RwSignal<String>,
    /// The opened link's plan value (if any) until the plan is read; `None` once it is.
    unread: StoredValue<Option<Option<String>>>,
}

fn empty() -> Project {
    Project {
        version: VERSION,
        name: String::new(),
        phases: Vec::new(),
    }
}

impl ProjectState {
    /// An empty plan, until [`ProjectState::read`] reads the link's plan (`value`) or the saved one.
    pub fn new(value: Option<String>) -> ProjectState {
        ProjectState {
            project: RwSignal::new(empty()),
            message: RwSignal::new(String::new()),
            unread: StoredValue::new(Some(value)),
        }
    }

    /// Reads the link's plan, else the saved one, else leaves the plan empty; once.
    pub fn read(self, lang: Lang) {
        let Some(value) = self.unread.try_update_value(Option::take).flatten() else {
            return;
        };
        let (project, message) = match value.as_deref().map(link::decode) {
            Some(Ok(linked)) => (
                linked.project,
                gpu_sizer_markup::project::from_link(Ok(linked.ignored), lang),
            ),
            Some(Err(why)) => {
                let (saved, _) = saved(lang);
                (saved, gpu_sizer_markup::project::from_link(Err(why), lang))
            }
            None => saved(lang),
        };
        self.project.set(project);
        self.message.set(message);
    }

    /// Stores the plan; the message says whether the browser took it.
    pub fn save(self, lang: Lang) {
        let json = self.project.with_untracked(Project::to_json);
        let ok = gpu_sizer_storage::write(StorageKey::Plan, &json);
        let text = if ok { w::PLAN_SAVED } else { w::PLAN_NOT_SAVED };
        self.message.set(text.get(lang).into());
    }
}

/// The saved plan (or none), and a message when one could not be read (it is kept aside).
fn saved(lang: Lang) -> (Project, String) {
    let Some(raw) = gpu_sizer_storage::read(StorageKey::Plan) else {
        return (empty(), String::new());
    };
    match Project::from_json(&raw) {
        Ok(p) => (p, String::new()),
        Err(_) => {
            gpu_sizer_storage::write(StorageKey::PlanUnreadable, &raw);
            gpu_sizer_storage::remove(StorageKey::Plan);
            (empty(), w::PLAN_KEPT_ASIDE.get(lang).into())
        }
    }
}
