//! The inputs of the quick estimate: model size, workload and precision.

use gpu_sizer_engine::sizing::{Precision, QuickScenario, Workload};
use leptos::prelude::*;

/// The form's state. The size is kept as typed, so a half-typed number is never lost.
#[derive(Clone, Copy)]
pub struct QuickInputs {
    pub params_b: RwSignal<String>,
    pub workload: RwSignal<Workload>,
    pub precision: RwSignal<Precision>,
}

impl QuickInputs {
    pub fn new() -> Self {
        Self {
            params_b: RwSignal::new("7".to_string()),
            workload: RwSignal::new(Workload::Inference),
            precision: RwSignal::new(Precision::Bf16),
        }
    }

    /// The scenario the inputs describe, or a message saying which input is wrong.
    pub fn scenario(&self) -> Result<QuickScenario, String> {
        let raw = self.params_b.get();
        let params_b = raw
            .trim()
            .parse::<f64>()
            .map_err(|_| format!("“{raw}” is not a number of billions of parameters."))?;
        Ok(QuickScenario {
            params_b,
            workload: self.workload.get(),
            precision: self.precision.get(),
        })
    }
}

impl Default for QuickInputs {
    fn default() -> Self {
        Self::new()
    }
}

const WORKLOADS: [(Workload, &str, &str); 2] = [
    (Workload::Inference, "inference", "Inference"),
    (Workload::FullFineTune, "full-fine-tune", "Full fine-tuning"),
];

const PRECISIONS: [(Precision, &str, &str); 5] = [
    (Precision::Fp32, "fp32", "FP32 (4 bytes)"),
    (Precision::Bf16, "bf16", "BF16 / FP16 (2 bytes)"),
    (Precision::Fp8, "fp8", "FP8 (1 byte)"),
    (Precision::Int8, "int8", "INT8 (1 byte)"),
    (Precision::Int4, "int4", "INT4 (½ byte)"),
];

/// Model size, workload and precision; every change updates the results at once.
#[component]
pub fn QuickForm(
    /// Shared form state, read by the results.
    inputs: QuickInputs,
) -> impl IntoView {
    view! {
        <form class="panel form" on:submit=|ev| ev.prevent_default()>
            <label for="params-b">"Model size"</label>
            <div class="with-unit">
                <input
                    id="params-b"
                    data-testid="params-input"
                    type="text"
                    inputmode="decimal"
                    prop:value=move || inputs.params_b.get()
                    on:input=move |ev| inputs.params_b.set(event_target_value(&ev))
                />
                <span class="unit">"billion parameters"</span>
            </div>

            <label for="workload">"Workload"</label>
            <select
                id="workload"
                data-testid="workload-select"
                on:change=move |ev| {
                    let key = event_target_value(&ev);
                    if let Some((w, _, _)) = WORKLOADS.iter().find(|(_, k, _)| *k == key) {
                        inputs.workload.set(*w);
                    }
                }
            >
                {WORKLOADS
                    .iter()
                    .map(|(w, key, label)| {
                        let w = *w;
                        view! {
                            <option value=*key selected=move || inputs.workload.get() == w>
                                {*label}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>

            <label for="precision">"Weight precision"</label>
            <select
                id="precision"
                data-testid="precision-select"
                on:change=move |ev| {
                    let key = event_target_value(&ev);
                    if let Some((p, _, _)) = PRECISIONS.iter().find(|(_, k, _)| *k == key) {
                        inputs.precision.set(*p);
                    }
                }
            >
                {PRECISIONS
                    .iter()
                    .map(|(p, key, label)| {
                        let p = *p;
                        view! {
                            <option value=*key selected=move || inputs.precision.get() == p>
                                {*label}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </form>
    }
}
