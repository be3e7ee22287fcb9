//! The scenario form: workload, model and the fields of that workload up front; parallelism,
//! limits, billing and hidden costs folded away under "Advanced".
//!
//! The form is a layout of field names. Each field's label, unit, help, range or options and the
//! way it is read and written come from the field table (`gpu_sizer_formats::fields`), once, in
//! both languages; results recompute on every change.
//!
//! What "Advanced" folds away is built one frame after the form, like the panels below the answer:
//! the form can be typed into before the fields nobody sees yet exist.

use super::after_paint::AfterFirstPaint;
use super::fields::{field, label, options, options_markup};
use super::hardware;
use super::model_picker::ModelPicker;
use crate::app::format;
use crate::app::i18n::{t, Text};
use crate::app::prefs::text_in;
use crate::app::prefs::use_prefs;
use crate::app::state::use_state;
use gpu_sizer_formats::form::{ModeKey, WorkloadKind};
use gpu_sizer_formats::lists;
use gpu_sizer_markup::html;
use leptos::prelude::*;

/// The fields of a workload: up front, and first under "Advanced".
pub fn layout(workload: WorkloadKind) -> [&'static [&'static str]; 2] {
    match workload {
        WorkloadKind::Train => [
            &["tokens", "seq_len", "micro_batch", "precision", "optimizer"],
            TRAINING_ADVANCED,
        ],
        WorkloadKind::Lora => [
            &["tokens", "seq_len", "micro_batch", "lora_rank", "qlora"],
            TRAINING_ADVANCED,
        ],
        WorkloadKind::Serve => [
            &[
                "server",
                "requests_per_s",
                "peak_ratio",
                "prompt_tokens",
                "output_tokens",
                "context_tokens",
                "concurrency",
                "weights",
                "latency_ms",
            ],
            &[
                "kv",
                "memory_utilization",
                "batch_requests",
                "tensor_parallel",
                "pipeline_parallel",
                "spot_with_latency",
            ],
        ],
        WorkloadKind::Classic => [
            &["samples", "epochs", "batch", "precision"],
            &["optimizer", "bytes_per_sample", "storage_mbs"],
        ],
        WorkloadKind::Infer => [
            &[
                "requests_per_s",
                "peak_ratio",
                "latency_ms",
                "infer_precision",
                "tensorrt",
                "batch",
            ],
            &["infer_gflops", "seq_len", "spot_with_latency"],
        ],
        WorkloadKind::Science => [
            &[
                "fp64_pflop",
                "fp64_share",
                "fp64_ref_hours",
                "reference_gpu",
                "fp64_memory_gib",
            ],
            &[],
        ],
        WorkloadKind::Render => [
            &[
                "frames",
                "seconds_per_frame",
                "reference_gpu",
                "scene_gib",
                "streams",
                "stream_hours",
            ],
            &[],
        ],
        WorkloadKind::Dev => [&["dev_hours", "dev_min_gib", "dev_non_cuda"], &[]],
    }
}

const TRAINING_ADVANCED: &[&str] = &[
    "zero",
    "tensor_parallel",
    "pipeline_parallel",
    "global_batch_tokens",
    "recompute",
    "flash_attention",
    "paged_optimizer",
    "bytes_per_sample",
    "storage_mbs",
];

/// Below every workload's fields.
pub const LIMITS: &[&str] = &["deadline_h", "budget", "objective", "modes"];

/// Under "Advanced", after the workload's own fields.
pub const HIDDEN_COSTS: &[&str] = &[
    "data_gb",
    "checkpoints_gb",
    "snapshot_gb",
    "retention_h",
    "fast_storage",
    "egress_gb",
    "ingress_gb",
    "cross_zone_gb",
    "cross_cloud_gb",
    "bandwidth_mbps",
    "stop_after_months",
    "idle_h",
    WEEKEND_IDLE,
    "idle_periods",
    "auto_stop_min",
    "setup_h",
    "spot_rate",
    "restart_min",
    "checkpoint_min",
];

/// Under "Advanced", after the hidden costs: the same job run many times a month, on instances
/// started for each run or kept up (not for a service, which runs the month already).
pub const QUEUE: &[&str] = &[
    "queue_jobs",
    "queue_per",
    "queue_job_h",
    "queue_arrival",
    "queue_startup_min",
    "queue_idle_min",
    "queue_kept",
];

/// Under "Advanced", last.
pub const REQUIREMENTS: &[&str] = &[
    "max_gpus",
    "need_nvlink",
    "need_mig",
    "mig_slices",
    "mig_price_factor",
    "need_graphics",
    "need_video",
    "need_cuda",
    "providers",
    "cny_per_usd",
];

/// Not a field: the button that fills in a weekend left running, among the hidden costs.
pub const WEEKEND_IDLE: &str = "weekend_idle";

/// The names in the layout that are not drawn from the field table alone.
pub const OWN_CONTROLS: &[&str] = &[
    "reference_gpu",
    "modes",
    "providers",
    WEEKEND_IDLE,
    "gpu",
    "offer",
];

/// One entry of the layout: a field's control, or a piece with a component of its own.
fn piece(name: &'static str) -> AnyView {
    match name {
        "reference_gpu" => view! { <ReferenceGpu /> }.into_any(),
        "modes" => view! { <BillingModes /> }.into_any(),
        "providers" => view! { <Providers /> }.into_any(),
        WEEKEND_IDLE => view! { <WeekendIdle /> }.into_any(),
        "gpu" => view! { <hardware::PinnedGpu /> }.into_any(),
        "offer" => view! { <hardware::PinnedOffer /> }.into_any(),
        "own_price" => hardware::own_price(),
        name => field(name),
    }
}

fn section(names: &'static [&'static str]) -> AnyView {
    names
        .iter()
        .map(|name| piece(name))
        .collect_view()
        .into_any()
}

/// The whole form.
#[component]
pub fn ScenarioForm() -> impl IntoView {
    let state = use_state();
    let lang = use_prefs().lang;
    let workload = state.follow(|f| f.workload);
    let main = move || section(layout(workload.get())[0]);
    let advanced = move || section(layout(workload.get())[1]);
    let uses_model = move || {
        !matches!(
            workload.get(),
            WorkloadKind::Render | WorkloadKind::Dev | WorkloadKind::Science
        )
    };
    view! {
        <form class="panel form" data-testid="scenario-form" on:submit=|ev| ev.prevent_default()>
            <h2>{text_in(lang, t::FORM_TITLE)}</h2>
            <div class="field">
                <label for="field-workload">{text_in(lang, t::WORKLOAD)}</label>
                <select
                    id="field-workload"
                    data-testid="workload-select"
                    prop:value=move || workload.get().key()
                    on:change=move |ev| {
                        let key = event_target_value(&ev);
                        if let Some(w) = WorkloadKind::ALL.iter().find(|w| w.key() == key) {
                            state.form.update(|f| f.workload = *w);
                        }
                    }
                    inner_html=move || {
                        options_markup(options("workload"), lang.get(), workload.get_untracked().key())
                    }
                ></select>
            </div>
            <Show when=uses_model>
                <ModelPicker />
            </Show>
            {main}
            <fieldset class="limits">
                <legend>{text_in(lang, t::LIMITS)}</legend>
                {section(LIMITS)}
            </fieldset>
            <fieldset class="hardware" data-testid="hardware">
                <legend>{text_in(lang, gpu_sizer_markup::hardware::HARDWARE)}</legend>
                {section(hardware::FIELDS)}
            </fieldset>
            <details class="advanced" data-testid="advanced">
                <summary>{text_in(lang, t::ADVANCED)}</summary>
                <AfterFirstPaint>
                    {advanced}
                    <fieldset>
                        <legend>{text_in(lang, t::HIDDEN_COSTS)}</legend>
                        {section(HIDDEN_COSTS)}
                    </fieldset>
                    <Show when=move || workload.get() != WorkloadKind::Infer>
                        <fieldset data-testid="queue">
                            <legend>{text_in(lang, t::QUEUE)}</legend>
                            {section(QUEUE)}
                        </fieldset>
                    </Show>
                    <fieldset>
                        <legend>{text_in(lang, t::REQUIREMENTS)}</legend>
                        {section(REQUIREMENTS)}
                    </fieldset>
                </AfterFirstPaint>
            </details>
        </form>
    }
}

/// Fills in the idle hours of a weekend left running, in one stretch.
#[component]
fn WeekendIdle() -> impl IntoView {
    let state = use_state();
    let lang = use_prefs().lang;
    view! {
        <button
            type="button"
            class="secondary"
            data-testid="weekend-idle"
            on:click=move |_| {
                state
                    .form
                    .update(|f| {
                        f.idle_h = gpu_sizer_engine::cost::hidden::WEEKEND_HOURS;
                        f.idle_periods = 1.0;
                    })
            }
        >
            {text_in(lang, t::WEEKEND_IDLE)}
        </button>
    }
}

/// Billing modes to consider, as checkboxes (none ticked: all).
#[component]
fn BillingModes() -> impl IntoView {
    let state = use_state();
    let lang = use_prefs().lang;
    let modes = state.follow(|f| f.modes.clone());
    let toggle = move |m: ModeKey, on: bool| {
        let offered: Vec<ModeKey> = offered_modes().map(|(m, _)| m).collect();
        state
            .form
            .update(|f| f.modes = lists::toggle_mode(&f.modes, &offered, m, on))
    };
    view! {
        <div class="field modes" role="group" aria-labelledby="modes-label">
            <span id="modes-label" class="label">{text_in(lang, label("modes"))}</span>
            {offered_modes()
                .map(|(m, text)| {
                    let id = format!("mode-{}", m.key());
                    view! {
                        <span class="check">
                            <input
                                type="checkbox"
                                id=id.clone()
                                data-testid=id.clone()
                                prop:checked=move || modes.with(|modes| lists::has_mode(modes, m))
                                on:change=move |ev| toggle(m, event_target_checked(&ev))
                            />
                            <label for=id>{text_in(lang, *text)}</label>
                        </span>
                    }
                })
                .collect_view()}
        </div>
    }
}

/// The billing modes a person can tick, with their labels.
fn offered_modes() -> impl Iterator<Item = (ModeKey, &'static Text)> {
    options("modes")
        .iter()
        .filter_map(|(key, text)| Some((ModeKey::from_key(key)?, text)))
}

/// Providers to consider, as checkboxes (none ticked: all).
#[component]
fn Providers() -> impl IntoView {
    let state = use_state();
    let lang = use_prefs().lang;
    let catalog = gpu_sizer_engine::catalog::Catalog::builtin();
    // Each box follows this memo, not the whole form: a keystroke elsewhere reaches no box.
    let chosen = state.follow(|f| f.providers.clone());
    let toggle = move |id: &'static str, on: bool| {
        state
            .form
            .update(|f| f.providers = lists::toggle(&f.providers, id, on))
    };
    view! {
        <div class="field providers" role="group" aria-labelledby="providers-label">
            <span id="providers-label" class="label">
                {text_in(lang, label("providers"))}
            </span>
            {catalog
                .providers
                .iter()
                .map(|p| {
                    let id: &'static str = p.id.as_str();
                    let dom_id = format!("provider-{id}");
                    view! {
                        <span class="check">
                            <input
                                type="checkbox"
                                id=dom_id.clone()
                                data-testid=dom_id.clone()
                                prop:checked=move || chosen.with(|p| lists::contains(p, id))
                                on:change=move |ev| toggle(id, event_target_checked(&ev))
                            />
                            <label for=dom_id>
                                {move || format::provider_name(p, lang.get())}
                            </label>
                        </span>
                    }
                })
                .collect_view()}
        </div>
    }
}

/// The GPU a render time was measured on.
#[component]
fn ReferenceGpu() -> impl IntoView {
    let state = use_state();
    let lang = use_prefs().lang;
    let catalog = gpu_sizer_engine::catalog::Catalog::builtin();
    // The select follows this memo, not the whole form: a keystroke elsewhere does not reach it.
    let chosen = state.follow(|f| f.reference_gpu.clone());
    view! {
        <div class="field">
            <label for="field-reference_gpu">
                {text_in(lang, label("reference_gpu"))}
            </label>
            <select
                id="field-reference_gpu"
                data-testid="field-reference_gpu"
                prop:value=move || chosen.get()
                on:change=move |ev| {
                    let id = event_target_value(&ev);
                    state.form.update(|f| f.reference_gpu = id);
                }
                inner_html={
                    let gpus = catalog.gpus.iter().filter(|g| !g.graphics_apis.is_empty());
                    let options = gpus.map(|g| (g.id.as_str(), g.name.as_str()));
                    chosen.with_untracked(|c| html::options(options, c))
                }
            ></select>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::super::model_picker;
    use super::*;
    use gpu_sizer_formats::fields::{self, Input};
    use wasm_bindgen_test::wasm_bindgen_test as test;

    /// Every name of the layout is a field with a control, or a piece drawn by a component of
    /// its own; and every field with a label shows somewhere.
    #[test]
    fn the_layout_names_fields_of_the_table() {
        let mut shown: Vec<&str> =
            [LIMITS, hardware::FIELDS, HIDDEN_COSTS, QUEUE, REQUIREMENTS].concat();
        for w in WorkloadKind::ALL {
            shown.extend(layout(*w).concat());
        }
        for name in &shown {
            let drawn = fields::about(name).is_some_and(|a| !matches!(a.input, Input::Other));
            assert!(
                drawn || OWN_CONTROLS.contains(name),
                "{name} has no control"
            );
        }
        let picker = [model_picker::PARAMETERS, model_picker::ARCHITECTURE].concat();
        for field in fields::FIELDS {
            let about = field.about();
            let on_form = shown.contains(&field.name) || picker.contains(&field.name);
            let own_place = ["workload", "model_source"].contains(&field.name);
            if !about.label.en.is_empty() && !own_place {
                assert!(
                    on_form,
                    "{} has a label but no place on the form",
                    field.name
                );
            }
        }
    }
}
