//! Choosing the model: a searchable preset list, a bare parameter count, or architecture numbers.

use super::fields::{num_field, NumSpec};
use crate::app::i18n::{t, Text};
use crate::app::prefs::use_prefs;
use crate::app::state::use_state;
use gpu_sizer_engine::model::presets;
use gpu_sizer_formats::form::ModelSource;
use gpu_sizer_formats::Form;
use leptos::prelude::*;

const fn tx(en: &'static str, zh: &'static str) -> Text {
    Text { en, zh }
}

macro_rules! arch {
    ($name:ident, $key:literal, $en:literal, $zh:literal, $field:ident, $max:expr) => {
        static $name: NumSpec = NumSpec {
            key: $key,
            label: tx($en, $zh),
            help: tx("From the model's config.json.", "见模型的 config.json。"),
            unit: tx("", ""),
            get: |f: &Form| Some(f64::from(f.$field)),
            set: |f: &mut Form, v: Option<f64>| {
                if let Some(v) = v {
                    f.$field = v as u32;
                }
            },
            optional: false,
            min: 1.0,
            max: $max,
        };
    };
}

static PARAMS_F: NumSpec = NumSpec {
    key: "params_b",
    label: tx("Parameters", "参数量"),
    help: tx(
        "Billions of parameters. Coarser: layer shapes are assumed.",
        "单位十亿。较粗略：层结构按假设估算。",
    ),
    unit: tx("billion", "十亿"),
    get: |f: &Form| Some(f.params_b),
    set: |f: &mut Form, v: Option<f64>| {
        if let Some(v) = v {
            f.params_b = v;
        }
    },
    optional: false,
    min: 0.001,
    max: 100_000.0,
};
arch!(LAYERS_F, "layers", "Layers", "层数", layers, 1000.0);
arch!(HIDDEN_F, "hidden", "Hidden size", "隐藏维度", hidden, 1e6);
arch!(
    HEADS_F,
    "heads",
    "Attention heads",
    "注意力头数",
    heads,
    1e4
);
arch!(KV_HEADS_F, "kv_heads", "KV heads", "KV 头数", kv_heads, 1e4);
arch!(
    HEAD_DIM_F,
    "head_dim",
    "Head dimension",
    "头维度",
    head_dim,
    1e4
);
arch!(FFN_F, "ffn", "FFN size", "FFN 维度", ffn, 1e7);
arch!(VOCAB_F, "vocab", "Vocabulary", "词表大小", vocab, 1e7);

const SOURCES: [(ModelSource, &str, Text); 3] = [
    (ModelSource::Preset, "preset", tx("Preset", "预设模型")),
    (
        ModelSource::Params,
        "params",
        tx("Parameter count", "按参数量"),
    ),
    (
        ModelSource::Custom,
        "custom",
        tx("Architecture", "自定义结构"),
    ),
];

/// The model part of the form.
#[component]
pub fn ModelPicker() -> impl IntoView {
    let state = use_state();
    let lang = use_prefs().lang;
    let source = Memo::new(move |_| state.form.with(|f| f.model_source));
    // Each option follows this memo, not the whole form: a keystroke elsewhere reaches no option.
    let model = Memo::new(move |_| state.form.with(|f| f.model.clone()));
    let query = RwSignal::new(String::new());
    let matches = move || {
        let q = query.get().to_ascii_lowercase();
        presets()
            .iter()
            .filter(|m| {
                q.is_empty()
                    || m.name.to_ascii_lowercase().contains(&q)
                    || m.id.contains(&q)
                    || m.family.to_ascii_lowercase().contains(&q)
            })
            .map(|m| {
                let id: &'static str = m.id.as_str();
                let label = format!("{} · {:.1}B", m.name, m.params_b);
                view! {
                    <option value=id selected=move || model.with(|m| m == id)>
                        {label}
                    </option>
                }
            })
            .collect_view()
    };
    view! {
        <fieldset class="model">
            <legend>{move || t::MODEL.get(lang.get())}</legend>
            <div class="segmented" role="radiogroup" aria-label=move || t::MODEL.get(lang.get())>
                {SOURCES
                    .iter()
                    .map(|(s, key, text)| {
                        let s = *s;
                        let id = format!("model-source-{key}");
                        view! {
                            <span>
                                <input
                                    type="radio"
                                    name="model-source"
                                    id=id.clone()
                                    data-testid=id.clone()
                                    prop:checked=move || source.get() == s
                                    on:change=move |_| state.form.update(|f| f.model_source = s)
                                />
                                <label for=id>{move || text.get(lang.get())}</label>
                            </span>
                        }
                    })
                    .collect_view()}
            </div>
            {move || match source.get() {
                ModelSource::Preset => {
                    view! {
                        <div class="field">
                            <label for="model-search">{move || t::SEARCH_MODELS.get(lang.get())}</label>
                            <input
                                id="model-search"
                                data-testid="model-search"
                                type="search"
                                autocomplete="off"
                                prop:value=move || query.get()
                                on:input=move |ev| query.set(event_target_value(&ev))
                            />
                            <label for="field-model" class="sr-only">
                                {move || t::MODEL.get(lang.get())}
                            </label>
                            <select
                                id="field-model"
                                data-testid="model-select"
                                size="6"
                                on:change=move |ev| {
                                    let id = event_target_value(&ev);
                                    state.form.update(|f| f.model = id);
                                }
                            >
                                {matches}
                            </select>
                        </div>
                    }
                        .into_any()
                }
                ModelSource::Params => num_field(&PARAMS_F),
                ModelSource::Custom => {
                    [&LAYERS_F, &HIDDEN_F, &HEADS_F, &KV_HEADS_F, &HEAD_DIM_F, &FFN_F, &VOCAB_F]
                        .into_iter()
                        .map(num_field)
                        .collect_view()
                        .into_any()
                }
            }}
        </fieldset>
    }
}
