//! The project plan: phases added from the calculator's scenario, each answered on its own best
//! instance and billing mode, totalled (`plan::phases::evaluate_project`, drawn by
//! [`gpu_sizer_markup::project`]); exported and imported as a project file (`docs/project.md`).

use crate::app::components::export::download;
use crate::app::persist;
use crate::app::plan_store::ProjectState;
use crate::app::prefs::text_in;
use crate::app::prefs::use_prefs;
use crate::app::state::{today, use_state};
use gpu_sizer_engine::plan::phases::evaluate_project;
use gpu_sizer_formats::project::{PlanPhase, Project};
use gpu_sizer_formats::shared_prices::MAX_LINK_CHARS;
use gpu_sizer_markup::hardware as w;
use gpu_sizer_markup::i18n::{t, Text};
use leptos::prelude::*;

/// The project page.
#[component]
pub fn ProjectPlan() -> impl IntoView {
    let state = use_state();
    let lang = use_prefs().lang;
    let plan = crate::app::provided::<ProjectState>();
    plan.read(lang.get_untracked());
    let project = plan.project;
    let name = RwSignal::new(String::new());
    let months = RwSignal::new("1".to_string());
    let runs = RwSignal::new("1".to_string());
    let message = plan.message;
    let link: RwSignal<Option<String>> = RwSignal::new(None);
    let copied: RwSignal<Option<bool>> = RwSignal::new(None);
    let copy_link = move |_| {
        let url = state
            .form
            .with_untracked(|f| project.with_untracked(|p| persist::plan_url(f, p)));
        let n = url.chars().count();
        if n > MAX_LINK_CHARS {
            link.set(None);
            message.set(gpu_sizer_markup::project::link_too_long(
                n,
                lang.get_untracked(),
            ));
            return;
        }
        copied.set(None);
        persist::copy(&url, copied);
        link.set(Some(url));
    };
    let add = move |_| {
        let form = state.form.get_untracked();
        let phase = PlanPhase {
            name: match name.get_untracked().trim() {
                "" => format!(
                    "{} {}",
                    w::PHASE.get(lang.get_untracked()),
                    project.with_untracked(|p| p.phases.len()) + 1
                ),
                n => n.to_string(),
            },
            months: months.get_untracked().trim().parse().unwrap_or(f64::NAN),
            runs: runs.get_untracked().trim().parse().unwrap_or(f64::NAN),
            form,
        };
        project.update(|p| p.phases.push(phase));
        name.set(String::new());
    };
    let markup = move || {
        let lang = lang.get();
        project.with(|p| {
            if p.phases.is_empty() {
                return format!(
                    "<p class=\"muted\" data-testid=\"project-empty\">{}</p>",
                    w::NO_PHASES.get(lang)
                );
            }
            let currency = state.form.with(|f| f.currency.engine());
            let phases = match p.to_phases(Some(today().unwrap_or(0))) {
                Ok(phases) => phases,
                Err(e) => {
                    return format!(
                        "<p class=\"error\" role=\"alert\">{}: {}</p>",
                        e.field,
                        html_escape(&e.message)
                    )
                }
            };
            match evaluate_project(state.catalog.get(), &phases) {
                Ok(report) => {
                    gpu_sizer_markup::project::project(&phases, &report, currency, lang).finish()
                }
                Err(e) => format!(
                    "<p class=\"error\" role=\"alert\" data-testid=\"project-error\">{}: {}</p>",
                    e.field,
                    html_escape(&e.message)
                ),
            }
        })
    };
    let export = move |_| {
        let json = project.with_untracked(Project::to_json);
        download("gpu-sizer-project.json", "application/json", &json);
    };
    let import = move |ev: leptos::ev::Event| {
        crate::app::persist::read_file(
            &ev,
            Box::new(move |text| {
                let Ok(text) = text else {
                    message.set(t::FILE_TOO_LARGE.get(lang.get_untracked()).into());
                    return;
                };
                match Project::from_json(&text) {
                    Ok(p) => {
                        project.set(p);
                        message.set(String::new());
                    }
                    Err(e) => message.set(format!("{}: {}", e.field, e.message)),
                }
            }),
        );
    };
    let remove_last = move |_| {
        project.update(|p| {
            p.phases.pop();
        })
    };
    let input = move |id: &'static str, label: Text, value: RwSignal<String>| {
        view! {
            <div class="field">
                <label for=id>{text_in(lang, label)}</label>
                <input id=id data-testid=id type="text" prop:value=move || value.get()
                    on:input=move |ev| value.set(event_target_value(&ev)) />
            </div>
        }
    };
    view! {
        <section class="panel" data-testid="project">
            <h2>{text_in(lang, w::PROJECT)}</h2>
            <p class="muted">{text_in(lang, w::PROJECT_INTRO)}</p>
            {input("phase-name", w::PHASE_NAME, name)}
            {input("phase-months", w::MONTHS, months)}
            {input("phase-runs", w::RUNS, runs)}
            <button type="button" data-testid="add-phase" on:click=add>{text_in(lang, w::ADD_PHASE)}</button>
            " "
            <button type="button" class="secondary" data-testid="remove-phase" on:click=remove_last>
                {text_in(lang, w::REMOVE_PHASE)}
            </button>
            <div class="markup" inner_html=markup></div>
            <div class="export">
                <button type="button" class="secondary" data-testid="export-plan" on:click=export>
                    {text_in(lang, w::EXPORT_PLAN)}
                </button>
                <label class="secondary file">
                    <span>{text_in(lang, w::IMPORT_PLAN)}</span>
                    <input type="file" accept="application/json,.json" data-testid="import-plan" on:change=import />
                </label>
            </div>
            <div class="export">
                <button type="button" class="secondary" data-testid="save-plan" on:click=move |_| plan.save(lang.get_untracked())>
                    {text_in(lang, w::SAVE_PLAN)}
                </button>
                <button type="button" class="secondary" data-testid="copy-plan-link" on:click=copy_link>
                    {text_in(lang, w::COPY_PLAN_LINK)}
                </button>
            </div>
            {move || link.get().map(|url| view! {
                <div class="field">
                    <label for="plan-link">{text_in(lang, w::PLAN_LINK)}</label>
                    <input id="plan-link" data-testid="plan-link" type="text" readonly prop:value=url />
                    <p class="help" role="status">
                        {move || (copied.get() == Some(true)).then(|| t::LINK_COPIED.get(lang.get()))}
                    </p>
                </div>
            })}
            <p role="status" data-testid="project-message">{move || message.get()}</p>
        </section>
    }
}

/// Text for markup written as a string.
fn html_escape(s: &str) -> String {
    let mut h = gpu_sizer_markup::html::Html::new();
    h.text(s);
    h.finish()
}
