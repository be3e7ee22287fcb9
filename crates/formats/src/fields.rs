//! The fields of a [`Form`], defined once: the short key a share link uses, the unit and a line
//! of documentation. `docs/scenario.md` and `docs/links.md` contain tables generated from this
//! list (a test keeps them in step), so the documentation cannot drift from the code.

use crate::form::{
    CurrencyKey, KvKey, LossKey, ModeKey, ModelSource, ObjectiveKey, OptimizerKey, PrecisionKey,
    RecomputeKey, ServerKey, WeightKey, WorkloadKind,
};
use crate::Form;
use serde_json::Value;
use std::sync::OnceLock;

/// One field of the form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Field {
    /// The field's name in JSON (the Rust field name).
    pub name: &'static str,
    /// Its key in a share link. Short, unique, never the name of another field.
    pub key: &'static str,
    /// Unit of a number, or empty.
    pub unit: &'static str,
}

impl Field {
    /// What it means, for the documentation.
    pub fn about(&self) -> &'static str {
        FIELDS
            .iter()
            .position(|f| f == self)
            .map_or("", |i| ABOUT[i])
    }
}

/// `FIELDS` and `ABOUT` from one list of `(name, key, unit, about)`. The documentation is a table
/// of its own so that code which only reads forms and links, such as the first-answer module,
/// does not carry it.
macro_rules! fields {
    ($(($name:literal, $key:literal, $unit:literal, $about:literal),)*) => {
        /// Every field of [`Form`], in the order share links write them.
        pub const FIELDS: &[Field] = &[$(Field { name: $name, key: $key, unit: $unit }),*];
        /// What each of [`FIELDS`] means, in the same order.
        const ABOUT: &[&str] = &[$($about),*];
    };
}

fields! {
    ("name", "n", "", "Your label for the scenario (plain text)."),
    ("workload", "w", "", "Which kind of job. `train`: pre-training or full fine-tuning."),
    ("model_source", "ms", "", "How the model is given: a preset, a parameter count, or its architecture."),
    ("model", "m", "", "Preset id when `model_source` is `preset` (`gpu-sizer models` lists them)."),
    ("params_b", "pb", "billion parameters", "Model size when `model_source` is `params` (a Llama-like shape is assumed)."),
    ("layers", "ly", "", "Custom architecture: transformer layers."),
    ("hidden", "hd", "", "Custom architecture: hidden size."),
    ("heads", "h", "", "Custom architecture: attention heads."),
    ("kv_heads", "kvh", "", "Custom architecture: key/value heads (1: MQA, = heads: MHA, else GQA)."),
    ("head_dim", "hdim", "", "Custom architecture: dimension of one head."),
    ("ffn", "ffn", "", "Custom architecture: intermediate (MLP) size, gated."),
    ("vocab", "voc", "", "Custom architecture: vocabulary size."),
    ("gated_mlp", "gm", "", "Custom architecture: gated (SwiGLU) MLP of three matrices; `false`: a plain two-matrix MLP."),
    ("tied_embeddings", "te", "", "Custom architecture: the output layer shares the input embedding's weights."),
    ("experts", "ex", "", "Custom architecture: routed experts per layer (mixture of experts); 0: dense."),
    ("active_experts", "ea", "", "Custom architecture: routed experts each token visits."),
    ("shared_experts", "es", "", "Custom architecture: experts every token visits."),
    ("expert_ffn", "ef", "", "Custom architecture: width of one expert's MLP (0: `ffn`)."),
    ("custom_params_b", "cpb", "billion parameters", "Custom architecture: the published parameter count, when it differs from what the shape gives; `null`: from the shape."),
    ("tokens", "tok", "tokens", "Training and fine-tuning: tokens to train on (all epochs)."),
    ("seq_len", "seq", "tokens", "Training and fine-tuning: sequence length."),
    ("micro_batch", "mb", "sequences", "Training and fine-tuning: sequences per GPU per forward/backward pass."),
    ("global_batch_tokens", "gbt", "tokens", "Tokens per optimizer step over all GPUs; `null`: one micro-batch per GPU."),
    ("precision", "p", "", "Numeric format of training and classic jobs; for LoRA, `fp8_mixed` runs the frozen weights' matmuls in fp8."),
    ("optimizer", "opt", "", "Optimizer (of the adapters, for LoRA)."),
    ("zero", "z", "", "ZeRO / FSDP stage, 0 to 3; `null`: chosen per candidate (the least sharding that fits)."),
    ("tensor_parallel", "tp", "GPUs", "Tensor-parallel degree (training and serving); `null`: chosen per candidate, inside a node, only as far as memory needs."),
    ("pipeline_parallel", "pp", "GPUs", "Pipeline-parallel degree; `null`: chosen per candidate (stages across nodes when one node cannot hold the model)."),
    ("virtual_pipeline", "vp", "", "Model chunks per pipeline stage (interleaved 1F1B schedule); `null`: two layers per chunk when the engine chooses the stages, else 1."),
    ("recompute", "rc", "", "Activation recomputation (checkpointing)."),
    ("flash_attention", "fa", "", "Fused attention: no sequence × sequence scores are stored."),
    ("lora_rank", "r", "", "LoRA adapter rank."),
    ("lora_targets", "lt", "", "Comma-separated modules carrying adapters: `q,k,v,o,gate,up,down` or `all`."),
    ("qlora", "q", "", "QLoRA: 4-bit NF4 base weights."),
    ("paged_optimizer", "po", "", "Optimizer states in pageable host memory."),
    ("optimizer_in_backward", "oib", "", "Full training: each parameter is updated as soon as its gradient is ready, so only one gradient is alive at a time (torchtune's `optimizer_in_bwd`)."),
    ("loss", "ls", "", "How the cross-entropy is computed: `standard` (Hugging Face Transformers: the whole logits in fp32), `chunked` (torchtune: 16-bit logits, upcast chunk by chunk) or `fused` (Liger Kernel, Unsloth: the logits never exist whole)."),
    ("server", "sv", "", "Serving: the inference server (`llama_cpp` also stands for Ollama and LM Studio); it decides how memory is reserved and how fast decoding runs."),
    ("weights", "wf", "", "Serving: weight format (`fp4`: NVFP4/MXFP4 on Blackwell; `q4_0` … `q8_0`: GGUF for llama.cpp)."),
    ("kv", "kv", "", "Serving: KV-cache format."),
    ("context_tokens", "ctx", "tokens", "Serving: longest context per sequence (prompt + output)."),
    ("concurrency", "cc", "sequences", "Serving: sequences decoded together."),
    ("prompt_tokens", "pt", "tokens", "Serving: prompt of a typical request."),
    ("output_tokens", "ot", "tokens", "Serving: output of a typical request."),
    ("memory_utilization", "mu", "share (0–1)", "Serving: the server's memory share (vLLM `gpu_memory_utilization`, SGLang `mem_fraction_static`, TensorRT-LLM `free_gpu_memory_fraction`); `null`: the server's default."),
    ("batch_requests", "br", "requests", "Serving: an offline batch job of this many requests, run at the largest batch that fits (its time and total cost); `null`: an online service."),
    ("latency_ms", "lat", "ms", "Serving: longest acceptable time per output token; `null`: none."),
    ("spot_with_latency", "swl", "", "Serving with `latency_ms` set: also consider spot instances (priced with spare instances against reclaims). Off: a latency-bound service is kept off spot."),
    ("requests_per_s", "rps", "requests/s", "Serving: average traffic; `null`: one replica's capacity."),
    ("peak_ratio", "pk", "×", "Serving: peak-to-average ratio of the daily traffic."),
    ("samples", "smp", "samples", "Classic deep learning: samples per epoch."),
    ("epochs", "ep", "", "Classic deep learning: passes over the data."),
    ("batch", "b", "samples", "Classic deep learning: batch per GPU."),
    ("frames", "fr", "frames", "Rendering: frames to render."),
    ("seconds_per_frame", "spf", "s", "Rendering: seconds per frame measured on `reference_gpu`."),
    ("reference_gpu", "ref", "", "Rendering: catalog GPU id the frame time was measured on."),
    ("scene_gib", "sc", "GiB", "Rendering: scene resident on every GPU."),
    ("streams", "st", "", "Video: concurrent encodes."),
    ("stream_gib", "sg", "GiB", "Video: buffers per stream."),
    ("stream_hours", "sh", "h", "Video: hours of streaming."),
    ("dev_hours", "dh", "h", "Development box: hours of use."),
    ("dev_min_gib", "dm", "GiB", "Development box: least GPU memory as the card is sold (a class of card: 24 takes a 24 GB card)."),
    ("dev_non_cuda", "dnc", "", "Development box: also consider accelerators that need another stack than CUDA (ROCm, CANN, XLA, Neuron)."),
    ("bytes_per_sample", "bps", "bytes", "Training data per sample read from storage; `null`: storage is not modelled."),
    ("storage_mbs", "smb", "MB/s", "Storage throughput feeding the GPUs (with `bytes_per_sample`); `null`: each offer's own, its local disk when the data fits there, else the provider's tier (`fast_storage` picks the fastest)."),
    ("deadline_h", "dl", "h", "Wall-clock limit; `null`: none."),
    ("budget", "bud", "report currency", "Most the whole job may cost; `null`: none."),
    ("max_gpus", "mg", "GPUs", "Most GPUs in total."),
    ("gpu", "g", "", "Only offers of this GPU (catalog id, e.g. `h100-sxm`; empty: any)."),
    ("gpus", "gn", "GPUs", "Exactly this many GPUs in total (a multiple of the instance's GPUs, or fewer than one instance holds); `null`: the engine tries the fewest that fit and doublings up to `max_gpus`."),
    ("offer", "of", "", "Only this offer (catalog id; empty: any)."),
    ("providers", "pr", "", "Comma-separated provider ids to consider (empty: all)."),
    ("regions", "reg", "", "Comma-separated regions to consider (empty: all)."),
    ("modes", "md", "", "Comma-separated billing modes to consider (empty: all)."),
    ("need_nvlink", "nvl", "", "Only instances with NVLink or NVSwitch between GPUs."),
    ("need_mig", "mig", "", "Only GPUs that can be partitioned (MIG)."),
    ("need_graphics", "gfx", "", "Only GPUs with graphics APIs (rendering, remote desktop)."),
    ("need_video", "vid", "", "Only GPUs with hardware video encoders."),
    ("need_cuda", "cuda", "", "Only CUDA GPUs."),
    ("objective", "obj", "", "What “best” means."),
    ("data_gb", "dg", "GB", "Data kept on block storage (datasets, downloads)."),
    ("checkpoints_gb", "ck", "GB", "Checkpoints and results kept on block storage."),
    ("snapshot_gb", "sn", "GB", "Snapshots kept."),
    ("retention_h", "ret", "h", "Hours storage is kept after the job."),
    ("fast_storage", "fs", "", "Use the provider's fastest storage tier, not its cheapest (a training job's cheapest is never a hard disk when an SSD tier exists): priced and read at its provisioned maximum."),
    ("egress_gb", "eg", "GB", "Data sent out to the internet."),
    ("ingress_gb", "ig", "GB", "Data brought in."),
    ("idle_h", "ih", "h", "Hours instances stay up unused."),
    ("idle_periods", "ip", "", "Separate stretches the idle hours come in (nights, a weekend); at least one."),
    ("auto_stop_min", "as", "min", "Auto-stop: an idle instance is stopped after this many minutes, so each idle period bills only that; `null`: no auto-stop."),
    ("setup_h", "su", "h", "Set-up before the job, billed at the instance rate."),
    ("spot_rate", "sr", "per instance-hour", "Spot interruptions; `null`: the provider kind's default."),
    ("restart_min", "rm", "min", "Minutes from a spot interruption to work resuming."),
    ("checkpoint_min", "cm", "min", "Minutes to write one checkpoint."),
    ("currency", "cur", "", "Currency of the report and of `budget`."),
    ("cny_per_usd", "fx", "CNY per USD", "Exchange rate used to convert prices."),
}

/// The field named `name` (its JSON name).
pub fn by_name(name: &str) -> Option<&'static Field> {
    FIELDS.iter().find(|f| f.name == name)
}

/// The field whose link key is `key`.
pub fn by_key(key: &str) -> Option<&'static Field> {
    FIELDS.iter().find(|f| f.key == key)
}

/// The field `name` was most likely meant to be: a link key, or a name a few edits away.
pub fn closest(name: &str) -> Option<&'static Field> {
    if let Some(field) = by_key(name) {
        return Some(field);
    }
    let name = name.to_ascii_lowercase();
    FIELDS
        .iter()
        .map(|f| (edit_distance(&name, f.name), f))
        .filter(|(d, f)| *d <= 3.max(f.name.len() / 4))
        .min_by_key(|(d, _)| *d)
        .map(|(_, f)| f)
}

/// Levenshtein distance, by characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != *cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

/// Optional fields holding whole numbers: their default (`null`) does not show the type.
const OPTIONAL_WHOLE: &[&str] = &[
    "zero",
    "tensor_parallel",
    "pipeline_parallel",
    "virtual_pipeline",
    "gpus",
];

/// True when `name` holds a whole number (a count or a stage), set or not.
pub fn is_whole(name: &str) -> bool {
    OPTIONAL_WHOLE.contains(&name)
        || defaults()
            .get(name)
            .is_some_and(|v| matches!(v, Value::Number(n) if n.is_u64()))
}

/// The values an enumerated field accepts, or `None` for free values.
pub fn choices(name: &str) -> Option<Vec<&'static str>> {
    fn keys<T: Copy>(all: &[T], key: fn(T) -> &'static str) -> Option<Vec<&'static str>> {
        Some(all.iter().map(|v| key(*v)).collect())
    }
    match name {
        "workload" => keys(WorkloadKind::ALL, WorkloadKind::key),
        "model_source" => keys(ModelSource::ALL, ModelSource::key),
        "precision" => keys(PrecisionKey::ALL, PrecisionKey::key),
        "optimizer" => keys(OptimizerKey::ALL, OptimizerKey::key),
        "recompute" => keys(RecomputeKey::ALL, RecomputeKey::key),
        "loss" => keys(LossKey::ALL, LossKey::key),
        "weights" => keys(WeightKey::ALL, WeightKey::key),
        "kv" => keys(KvKey::ALL, KvKey::key),
        "server" => keys(ServerKey::ALL, ServerKey::key),
        "objective" => keys(ObjectiveKey::ALL, ObjectiveKey::key),
        "currency" => keys(CurrencyKey::ALL, CurrencyKey::key),
        "modes" => keys(ModeKey::ALL, ModeKey::key),
        _ => None,
    }
}

/// The default form as a JSON object (field name → value).
pub fn defaults() -> &'static serde_json::Map<String, Value> {
    static DEFAULTS: OnceLock<serde_json::Map<String, Value>> = OnceLock::new();
    DEFAULTS.get_or_init(|| match serde_json::to_value(Form::default()) {
        Ok(Value::Object(map)) => map,
        _ => serde_json::Map::new(),
    })
}

/// The JSON type of a field, as the documentation names it.
fn kind(name: &str, default: &Value) -> &'static str {
    if choices(name).is_some() && name != "modes" {
        return "choice";
    }
    match (name, default) {
        (n, Value::Null) if OPTIONAL_WHOLE.contains(&n) => "whole number or null",
        ("requests_per_s", _) | (_, Value::Null) => "number or null",
        (_, Value::Bool(_)) => "boolean",
        (_, Value::String(_)) => "text",
        (_, Value::Number(n)) if n.is_u64() => "whole number",
        (_, Value::Number(_)) => "number",
        _ => "",
    }
}

/// A value of one field that serde would not take, with serde's reason.
pub(crate) struct Rejected<T> {
    pub tag: T,
    pub field: &'static Field,
    pub reason: String,
}

/// The default form with `values` set. A value the form's type rejects (wrong type, out of
/// range, unknown choice) is left at its default and returned with the reason; the others are
/// kept. Never panics.
pub(crate) fn assemble<T>(values: Vec<(T, &'static Field, Value)>) -> (Form, Vec<Rejected<T>>) {
    let base = defaults();
    let build = |values: &[(T, &'static Field, Value)]| {
        let mut map = base.clone();
        for (_, field, value) in values {
            map.insert(field.name.to_string(), value.clone());
        }
        serde_json::from_value::<Form>(Value::Object(map))
    };
    if let Ok(form) = build(&values) {
        return (form, Vec::new());
    }
    // Some value is bad: try each alone against the default to find which.
    let mut good = Vec::new();
    let mut rejected = Vec::new();
    for (tag, field, value) in values {
        // The form's other fields take their defaults (`#[serde(default)]`).
        let mut alone = serde_json::Map::new();
        alone.insert(field.name.to_string(), value.clone());
        match serde_json::from_value::<Form>(Value::Object(alone)) {
            Ok(_) => good.push((tag, field, value)),
            Err(e) => rejected.push(Rejected {
                tag,
                field,
                reason: e.to_string(),
            }),
        }
    }
    match build(&good) {
        Ok(form) => (form, rejected),
        Err(e) => {
            // Fields are independent, so this does not happen; if it did, nothing is kept.
            rejected.extend(good.into_iter().map(|(tag, field, _)| Rejected {
                tag,
                field,
                reason: e.to_string(),
            }));
            (Form::default(), rejected)
        }
    }
}

fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}

/// The Markdown table of every field: name, type, unit, default, meaning (`docs/scenario.md`).
pub fn scenario_table() -> String {
    let defaults = defaults();
    let mut out =
        String::from("| field | type | unit | default | meaning |\n|---|---|---|---|---|\n");
    for field in FIELDS {
        let default = defaults.get(field.name).cloned().unwrap_or(Value::Null);
        let shown = match &default {
            Value::String(s) if s.is_empty() => "`\"\"`".to_string(),
            other => format!("`{other}`"),
        };
        let mut about = field.about().to_string();
        if let Some(values) = choices(field.name) {
            let list: Vec<String> = values.iter().map(|v| format!("`{v}`")).collect();
            about.push_str(" One of ");
            about.push_str(&list.join(", "));
            about.push('.');
        }
        out.push_str(&format!(
            "| `{}` | {} | {} | {} | {} |\n",
            field.name,
            kind(field.name, &default),
            cell(field.unit),
            cell(&shown),
            cell(&about)
        ));
    }
    out
}

/// The Markdown table of link keys (`docs/links.md`).
pub fn link_table() -> String {
    let mut out = String::from("| key | field |\n|---|---|\n");
    for field in FIELDS {
        out.push_str(&format!("| `{}` | `{}` |\n", field.key, field.name));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn the_table_lists_every_field_of_the_form_once() {
        let form: BTreeSet<String> = defaults().keys().cloned().collect();
        let table: BTreeSet<String> = FIELDS.iter().map(|f| f.name.to_string()).collect();
        assert_eq!(form, table);
        assert_eq!(FIELDS.len(), table.len(), "a field is listed twice");
    }

    #[test]
    fn link_keys_are_unique_and_never_another_fields_name() {
        let mut seen = BTreeSet::new();
        for field in FIELDS {
            assert!(seen.insert(field.key), "key {} used twice", field.key);
            assert_ne!(field.key, "v", "v is the version");
            if let Some(other) = by_name(field.key) {
                assert_eq!(other.name, field.name, "key {} is a field name", field.key);
            }
            assert!(
                field
                    .key
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()),
                "{}",
                field.key
            );
        }
    }

    fn doc(path: &str) -> String {
        let full = format!("{}/../../docs/{path}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
    }

    #[test]
    fn the_documentation_has_the_current_tables() {
        let table = scenario_table();
        assert!(
            doc("scenario.md").contains(&table),
            "docs/scenario.md is out of date; its field table should read:\n{table}"
        );
        let table = link_table();
        assert!(
            doc("links.md").contains(&table),
            "docs/links.md is out of date; its key table should read:\n{table}"
        );
    }
}
