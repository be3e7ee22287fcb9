//! Saved scenarios on the calculator page: name and save the form, reopen, rename, duplicate,
//! delete, tick two to four for the compare page, export and import a file, copy the share link.
//! Also the page-wide notices about the opened link and about storage.
//!
//! Names come from people and links: they are rendered as text nodes only, never as markup.

use crate::app::components::export::download;
use crate::app::components::scenario_name::ScenarioName;
use crate::app::components::share::{ShareLink, SharedNotice};
use crate::app::format;
use crate::app::i18n::{self, t, Lang, Text};
use crate::app::persist::{self, use_persist};
use crate::app::prefs::use_prefs;
use crate::app::state::{use_state, View};
use gpu_sizer_engine::model::presets;
use gpu_sizer_formats::form::{ModelSource, WorkloadKind};
use gpu_sizer_formats::saved_list;
use gpu_sizer_formats::store;
use gpu_sizer_formats::Form;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The workload's name.
pub fn workload_text(w: WorkloadKind) -> Text {
    match w {
        WorkloadKind::Train => t::WL_TRAIN,
        WorkloadKind::Lora => t::WL_LORA,
        WorkloadKind::Serve => t::WL_SERVE,
        WorkloadKind::Classic => t::WL_CLASSIC,
        WorkloadKind::Infer => t::WL_INFER,
        WorkloadKind::Science => t::WL_SCIENCE,
        WorkloadKind::Render => t::WL_RENDER,
        WorkloadKind::Dev => t::WL_DEV,
    }
}

/// The model a form names, for lists and the compare page ("—" for jobs without one).
pub fn model_text(form: &Form, lang: Lang) -> String {
    if matches!(
        form.workload,
        WorkloadKind::Render | WorkloadKind::Dev | WorkloadKind::Science
    ) {
        return "—".into();
    }
    match form.model_source {
        ModelSource::Preset => presets()
            .iter()
            .find(|m| m.id == form.model)
            .map_or_else(|| form.model.clone(), |m| m.name.clone()),
        ModelSource::Params => format!(
            "{} {}",
            i18n::number(form.params_b, 1),
            t::BILLION_PARAMS.get(lang)
        ),
        ModelSource::Custom => t::CUSTOM_MODEL.get(lang).into(),
    }
}

/// A button running `act`; one function for every button of this file (smaller code).
fn button(test_id: &'static str, text: Text, lang: Lang, act: Box<dyn Fn()>) -> AnyView {
    view! {
        <button type="button" class="secondary" data-testid=test_id on:click=move |_| act()>
            {text.get(lang)}
        </button>
    }
    .into_any()
}

/// What an import did: how many scenarios the file held, and of them how many were new, newer
/// versions of saved ones, or already saved as they are; and how many could not be read.
fn import_status(lang: Lang, n: usize, added: usize, updated: usize, bad: usize) -> String {
    if n == 0 && bad == 0 {
        return t::IMPORT_NOTHING.get(lang).into();
    }
    let same = n - added - updated;
    let mut out = match lang {
        Lang::En if added == n => format!("Imported {n} scenario{}.", plural(n)),
        Lang::En => {
            let mut parts = vec![format!("{added} added")];
            if updated > 0 {
                parts.push(format!("{updated} updated to the file's newer version"));
            }
            if same > 0 {
                parts.push(format!("{same} already saved, left as they are"));
            }
            format!(
                "The file holds {n} scenario{}: {}.",
                plural(n),
                parts.join(", ")
            )
        }
        Lang::Zh if added == n => format!("已导入 {n} 个方案。"),
        Lang::Zh => {
            let mut parts = vec![format!("新增 {added} 个")];
            if updated > 0 {
                parts.push(format!("{updated} 个更新为文件中较新的版本"));
            }
            if same > 0 {
                parts.push(format!("{same} 个已保存过，保持不变"));
            }
            format!("文件中有 {n} 个方案：{}。", parts.join("，"))
        }
    };
    if bad > 0 {
        out.push_str(&match lang {
            Lang::En => format!(
                " {bad} could not be read and {} left out.",
                if bad == 1 { "was" } else { "were" }
            ),
            Lang::Zh => format!("另有 {bad} 条无法读取，未导入。"),
        });
    }
    out
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn new_id() -> String {
    saved_list::new_id(js_sys::Date::now(), js_sys::Math::random())
}

/// What one row of the list is doing.
#[derive(Clone, PartialEq)]
enum Pending {
    Rename(String),
    Delete(String),
}

/// The "Saved scenarios" panel.
#[component]
pub fn Scenarios() -> impl IntoView {
    let state = use_state();
    let p = use_persist();
    p.load_saved();
    let lang = use_prefs().lang;
    let status = RwSignal::new(String::new());
    let pending: RwSignal<Option<Pending>> = RwSignal::new(None);
    let new_name = RwSignal::new(String::new());

    // Save updates the scenario the form was opened from while it keeps its name; else adds one.
    let save = move || {
        let lang = lang.get_untracked();
        let now = js_sys::Date::now();
        if state.form.with_untracked(|f| f.name.trim().is_empty()) {
            let n = p.saved.with_untracked(Vec::len) + 1;
            state
                .form
                .update(|f| f.name = format!("{} {n}", t::SCENARIO.get(lang)));
        }
        let form = state.form.get_untracked();
        let current = p.current.get_untracked();
        let mut id = String::new();
        p.saved
            .update(|list| id = saved_list::save_form(list, current.as_deref(), form, now, new_id));
        if current.as_deref() != Some(id.as_str()) {
            p.current.set(Some(id));
        }
        let text = if p.store() {
            t::SAVED_DONE
        } else {
            t::SAVED_IN_PAGE
        };
        status.set(text.get(lang).into());
    };
    let import = move |ev: leptos::ev::Event| {
        persist::read_file(
            &ev,
            Box::new(move |text| {
                let Ok(text) = text else {
                    status.set(t::FILE_TOO_LARGE.get(lang.get_untracked()).into());
                    return;
                };
                let loaded = store::import(&text);
                let (n, bad) = (loaded.scenarios.len(), loaded.quarantined.len());
                let (mut added, mut updated) = (0, 0);
                if n > 0 {
                    (added, updated) = p.import(loaded.scenarios);
                }
                let lang = lang.get_untracked();
                status.set(import_status(lang, n, added, updated, bad));
            }),
        );
    };

    let list = move || {
        let lang = lang.get();
        let doing = pending.get();
        let ticked = p.compare.get();
        let full = ticked.len() >= 4;
        p.saved.with(|list| {
            if list.is_empty() {
                return view! { <li class="muted" data-testid="saved-empty">{t::NOTHING_SAVED.get(lang)}</li> }
                    .into_any();
            }
            list.iter()
                .map(|s| {
                    let checked = ticked.contains(&s.id);
                    let name = if s.name.trim().is_empty() {
                        t::UNNAMED.get(lang).to_string()
                    } else {
                        s.name.clone()
                    };
                    let meta = format!(
                        "{} · {}",
                        workload_text(s.form.workload).get(lang),
                        model_text(&s.form, lang)
                    );
                    let id = s.id.clone();
                    let actions = match &doing {
                        Some(Pending::Rename(x)) if *x == s.id => {
                            let commit = move || {
                                let name = new_name.get_untracked().trim().to_string();
                                if !name.is_empty() {
                                    let now = js_sys::Date::now();
                                    p.saved.update(|list| {
                                        saved_list::rename(list, &id, &name, now);
                                    });
                                    p.store();
                                    if p.current.get_untracked().as_deref() == Some(id.as_str()) {
                                        state.form.update(|f| f.name = name.clone());
                                    }
                                }
                                pending.set(None);
                            };
                            let commit_key = commit.clone();
                            view! {
                                <input
                                    type="text"
                                    data-testid="rename-input"
                                    aria-label=t::NEW_NAME.get(lang)
                                    maxlength="200"
                                    prop:value=s.name.clone()
                                    on:input=move |ev| new_name.set(event_target_value(&ev))
                                    on:keydown=move |ev| {
                                        match ev.key().as_str() {
                                            "Enter" => commit_key(),
                                            "Escape" => pending.set(None),
                                            _ => {}
                                        }
                                    }
                                />
                                {button("rename-ok", t::OK, lang, Box::new(commit))}
                                {button("cancel", t::CANCEL, lang, Box::new(move || pending.set(None)))}
                            }
                            .into_any()
                        }
                        Some(Pending::Delete(x)) if *x == s.id => view! {
                            <span>{t::DELETE_ASK.get(lang)}</span>
                            {button(
                                "confirm-delete",
                                t::DELETE,
                                lang,
                                Box::new(move || {
                                    p.compare.update(|c| c.retain(|x| *x != id));
                                    if p.current.get_untracked().as_deref() == Some(id.as_str()) {
                                        p.current.set(None);
                                    }
                                    p.delete(&id);
                                    pending.set(None);
                                }),
                            )}
                            {button("cancel", t::CANCEL, lang, Box::new(move || pending.set(None)))}
                        }
                        .into_any(),
                        _ => {
                            let (open, rename, dup, del) =
                                (id.clone(), id.clone(), id.clone(), id.clone());
                            let old_name = s.name.clone();
                            view! {
                                {button("open-scenario", t::OPEN, lang, Box::new(move || {
                                    let form = p.saved.with_untracked(|list| {
                                        list.iter().find(|s| s.id == open).map(|s| s.form.clone())
                                    });
                                    if let Some(form) = form {
                                        state.form.set(form);
                                        state.selected.set(None);
                                        p.current.set(Some(open.clone()));
                                    }
                                }))}
                                {button("rename-scenario", t::RENAME, lang, Box::new(move || {
                                    new_name.set(old_name.clone());
                                    pending.set(Some(Pending::Rename(rename.clone())));
                                }))}
                                {button("duplicate-scenario", t::DUPLICATE, lang, Box::new(move || {
                                    let suffix = t::COPY_SUFFIX.get(lang);
                                    let now = js_sys::Date::now();
                                    p.saved.update(|list| {
                                        saved_list::duplicate(list, &dup, suffix, now, new_id);
                                    });
                                    p.store();
                                }))}
                                {button("delete-scenario", t::DELETE, lang, Box::new(move || {
                                    pending.set(Some(Pending::Delete(del.clone())));
                                }))}
                            }
                            .into_any()
                        }
                    };
                    let tick = s.id.clone();
                    view! {
                        <li class="saved-item" data-testid="saved-item" data-id=s.id.clone()>
                            <label class="check">
                                <input
                                    type="checkbox"
                                    data-testid="compare-check"
                                    prop:checked=checked
                                    disabled=full && !checked
                                    on:change=move |ev| {
                                        let on = event_target_checked(&ev);
                                        p.compare.update(|c| {
                                            c.retain(|x| *x != tick);
                                            if on && c.len() < 4 {
                                                c.push(tick.clone());
                                            }
                                        });
                                    }
                                />
                                {t::COMPARE_PICK.get(lang)}
                            </label>
                            " "
                            <strong data-testid="saved-name">{name}</strong>
                            " "
                            <span class="muted">{meta}</span>
                            <div class="export">{actions}</div>
                        </li>
                    }
                })
                .collect_view()
                .into_any()
        })
    };

    // One closure for the panel (re-rendered only when the language changes), smaller than one per
    // text; the parts that change with the form or the list have their own.
    move || {
        let lang = lang.get();
        view! {
            <section class="panel scenarios" data-testid="scenarios" aria-labelledby="scenarios-heading">
                <h2 id="scenarios-heading">{t::SAVED_SCENARIOS.get(lang)}</h2>
                <ScenarioName/>
                <div class="export">
                    {button("save-scenario", t::SAVE_SCENARIO, lang, Box::new(save))}
                    {button("export-scenarios", t::EXPORT_ALL, lang, Box::new(move || {
                        let json = p.saved.with_untracked(|s| persist::pretty(&store::save(s)));
                        download("gpu-sizer-scenarios.json", "application/json", &json);
                    }))}
                    {button("import-button", t::IMPORT, lang, Box::new(|| {
                        if let Some(input) = document().get_element_by_id("import-scenarios") {
                            input.unchecked_into::<web_sys::HtmlElement>().click();
                        }
                    }))}
                    <input
                        id="import-scenarios"
                        type="file"
                        hidden
                        accept=".json,application/json"
                        data-testid="import-scenarios"
                        on:change=import
                    />
                </div>
                <ShareLink />
                <p class="help" role="status" data-testid="scenario-status">{move || status.get()}</p>
                <ul class="saved-list" data-testid="saved-list">{list}</ul>
                <p class="help">{t::COMPARE_HINT.get(lang)}</p>
                <button
                    type="button"
                    class="secondary"
                    data-testid="compare-selected"
                    disabled=move || !(2..=4).contains(&p.compare.with(Vec::len))
                    on:click=move |_| state.view.set(View::Compare)
                >
                    {t::COMPARE_SELECTED.get(lang)}
                </button>
            </section>
        }
        .into_any()
    }
}

/// A value from a link as the notice quotes it: at most 60 characters, the rest elided.
fn shortened(value: &str, lang: Lang) -> String {
    const MOST: usize = 60;
    let Some((end, _)) = value.char_indices().nth(MOST) else {
        return value.to_string();
    };
    let count = i18n::number(value.chars().count() as f64, 0);
    match lang {
        Lang::En => format!("{}… ({count} characters)", &value[..end]),
        Lang::Zh => format!("{}…（共 {count} 个字符）", &value[..end]),
    }
}

/// Notices about the opened link, entries kept aside, and storage that refuses writes.
#[component]
pub fn Notices() -> impl IntoView {
    let p = use_persist();
    let lang = use_prefs().lang;
    move || {
        let lang = lang.get();
        let link = p.link_notice.with(|ignored| {
            (!ignored.is_empty()).then(|| {
                let items = ignored
                    .iter()
                    .map(|i| {
                        view! {
                            <li>
                                <code>{format!("{}={}", i.key, shortened(&i.value, lang))}</code>
                                " — "
                                {format::link_problem(&i.reason, lang)}
                            </li>
                        }
                    })
                    .collect_view();
                view! {
                    <div class="panel notice" role="status" data-testid="link-notice">
                        <p>{t::LINK_NOTICE.get(lang)}</p>
                        <ul>{items}</ul>
                        {button("dismiss-link-notice", t::DISMISS, lang, Box::new(move || p.link_notice.set(Vec::new())))}
                    </div>
                }
            })
        });
        let kept = (p.kept_aside.get() > 0).then(|| {
            view! {
                <div class="panel notice" role="status" data-testid="quarantine-notice">
                    <p>{t::KEPT_ASIDE.get(lang)}</p>
                    {button("dismiss-quarantine-notice", t::DISMISS, lang, Box::new(move || p.kept_aside.set(0)))}
                </div>
            }
        });
        let storage = p.storage_failed.get().then(|| {
            view! {
                <div class="panel notice error" role="status" data-testid="storage-error">
                    <p>{if p.blocked.get_value() { t::STORAGE_BLOCKED } else { t::STORAGE_REFUSED }.get(lang)}</p>
                    {button("dismiss-storage-error", t::DISMISS, lang, Box::new(move || p.hush()))}
                </div>
            }
        });
        view! { <SharedNotice /> {link} {kept} {storage} }.into_any()
    }
}
