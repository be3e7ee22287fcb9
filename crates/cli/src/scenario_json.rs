//! The JSON scenario format read by `gpu-sizer estimate` (documented in `docs/scenario.md`).
//!
//! Every object rejects unknown fields, so a typo is an error naming the field instead of a
//! silently ignored setting. Optional fields take the defaults listed in the docs.

use gpu_sizer_engine::model::{ModelKind, Transformer};
use gpu_sizer_engine::report::Options;
use gpu_sizer_engine::scenario::{
    Classic, DataFeed, DevBox, InputError, KvPrecision, Lora, LoraTargets, ModelSpec, Optimizer,
    Parallelism, Recompute, Render, Scenario, Serve, Train, TrainPrecision, TrainShape,
    WeightFormat, Workload, ZeroStage,
};
use serde::Deserialize;

/// A whole scenario file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    /// Required except for `render` and `dev_box`, which do not use a model.
    #[serde(default)]
    pub model: Option<ModelJson>,
    pub workload: WorkloadJson,
    #[serde(default)]
    pub data: Option<DataJson>,
    #[serde(default)]
    pub deadline_h: Option<f64>,
    /// Offer ids, GPU ids or provider ids to consider (all when empty).
    #[serde(default)]
    pub only: Vec<String>,
    #[serde(default)]
    pub max_instances: Option<u32>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "snake_case")]
pub enum ModelJson {
    Preset(String),
    ParamsB(f64),
    Custom(CustomJson),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CustomJson {
    #[serde(default = "custom_name")]
    pub name: String,
    #[serde(default = "llm")]
    pub kind: ModelKind,
    #[serde(default)]
    pub params_b: Option<f64>,
    pub transformer: Transformer,
}

fn custom_name() -> String {
    "custom model".into()
}

fn llm() -> ModelKind {
    ModelKind::Llm
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "snake_case")]
pub enum WorkloadJson {
    Train(TrainJson),
    Lora(LoraJson),
    Serve(ServeJson),
    Classic(ClassicJson),
    Render(RenderJson),
    DevBox(DevBoxJson),
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PrecisionJson {
    Fp32,
    Bf16Mixed,
    Fp16Mixed,
    Fp8Mixed,
    Bf16,
}

impl From<PrecisionJson> for TrainPrecision {
    fn from(p: PrecisionJson) -> Self {
        match p {
            PrecisionJson::Fp32 => TrainPrecision::Fp32,
            PrecisionJson::Bf16Mixed => TrainPrecision::Bf16Mixed,
            PrecisionJson::Fp16Mixed => TrainPrecision::Fp16Mixed,
            PrecisionJson::Fp8Mixed => TrainPrecision::Fp8Mixed,
            PrecisionJson::Bf16 => TrainPrecision::Bf16,
        }
    }
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OptimizerJson {
    Adamw,
    Adam8bit,
    Adafactor,
    SgdMomentum,
}

impl From<OptimizerJson> for Optimizer {
    fn from(o: OptimizerJson) -> Self {
        match o {
            OptimizerJson::Adamw => Optimizer::AdamW,
            OptimizerJson::Adam8bit => Optimizer::Adam8bit,
            OptimizerJson::Adafactor => Optimizer::Adafactor,
            OptimizerJson::SgdMomentum => Optimizer::SgdMomentum,
        }
    }
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RecomputeJson {
    None,
    Selective,
    Full,
}

impl From<RecomputeJson> for Recompute {
    fn from(r: RecomputeJson) -> Self {
        match r {
            RecomputeJson::None => Recompute::None,
            RecomputeJson::Selective => Recompute::Selective,
            RecomputeJson::Full => Recompute::Full,
        }
    }
}

fn one() -> u32 {
    1
}
fn seq_default() -> u32 {
    2048
}
fn yes() -> bool {
    true
}
fn adamw() -> OptimizerJson {
    OptimizerJson::Adamw
}
fn no_recompute() -> RecomputeJson {
    RecomputeJson::None
}
fn bf16_mixed() -> PrecisionJson {
    PrecisionJson::Bf16Mixed
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrainJson {
    pub tokens: f64,
    #[serde(default = "seq_default")]
    pub seq_len: u32,
    #[serde(default = "one")]
    pub micro_batch: u32,
    #[serde(default)]
    pub global_batch_tokens: Option<f64>,
    #[serde(default = "no_recompute")]
    pub recompute: RecomputeJson,
    #[serde(default = "yes")]
    pub flash_attention: bool,
    #[serde(default)]
    pub chunked_loss: bool,
    #[serde(default = "bf16_mixed")]
    pub precision: PrecisionJson,
    #[serde(default = "adamw")]
    pub optimizer: OptimizerJson,
    #[serde(default)]
    pub zero_stage: u8,
    #[serde(default = "one")]
    pub tensor_parallel: u32,
    #[serde(default = "one")]
    pub pipeline_parallel: u32,
    #[serde(default)]
    pub paged_optimizer: bool,
    #[serde(default)]
    pub optimizer_in_backward: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LoraJson {
    pub tokens: f64,
    #[serde(default = "seq_default")]
    pub seq_len: u32,
    #[serde(default = "one")]
    pub micro_batch: u32,
    #[serde(default)]
    pub global_batch_tokens: Option<f64>,
    #[serde(default = "no_recompute")]
    pub recompute: RecomputeJson,
    #[serde(default = "yes")]
    pub flash_attention: bool,
    #[serde(default)]
    pub chunked_loss: bool,
    #[serde(default = "rank_default")]
    pub rank: u32,
    #[serde(default = "targets_default")]
    pub targets: Vec<String>,
    #[serde(default)]
    pub qlora: bool,
    #[serde(default)]
    pub paged_optimizer: bool,
    #[serde(default = "adamw")]
    pub optimizer: OptimizerJson,
    #[serde(default)]
    pub zero_stage: u8,
    #[serde(default = "one")]
    pub tensor_parallel: u32,
    #[serde(default = "one")]
    pub pipeline_parallel: u32,
}

fn rank_default() -> u32 {
    16
}
fn targets_default() -> Vec<String> {
    vec!["q".into(), "v".into()]
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WeightsJson {
    Fp32,
    Bf16,
    Fp16,
    Fp8,
    Int8,
    Int4Gptq,
    Int4Awq,
    GgufQ4KM,
    GgufQ5KM,
    GgufQ6K,
    GgufQ8_0,
}

impl From<WeightsJson> for WeightFormat {
    fn from(w: WeightsJson) -> Self {
        match w {
            WeightsJson::Fp32 => WeightFormat::Fp32,
            WeightsJson::Bf16 | WeightsJson::Fp16 => WeightFormat::Bf16,
            WeightsJson::Fp8 => WeightFormat::Fp8,
            WeightsJson::Int8 => WeightFormat::Int8,
            WeightsJson::Int4Gptq => WeightFormat::Int4Gptq,
            WeightsJson::Int4Awq => WeightFormat::Int4Awq,
            WeightsJson::GgufQ4KM => WeightFormat::GgufQ4KM,
            WeightsJson::GgufQ5KM => WeightFormat::GgufQ5KM,
            WeightsJson::GgufQ6K => WeightFormat::GgufQ6K,
            WeightsJson::GgufQ8_0 => WeightFormat::GgufQ8_0,
        }
    }
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KvJson {
    Bf16,
    Fp16,
    Fp8,
    Int8,
}

impl From<KvJson> for KvPrecision {
    fn from(k: KvJson) -> Self {
        match k {
            KvJson::Bf16 | KvJson::Fp16 => KvPrecision::Bf16,
            KvJson::Fp8 => KvPrecision::Fp8,
            KvJson::Int8 => KvPrecision::Int8,
        }
    }
}

fn bf16_weights() -> WeightsJson {
    WeightsJson::Bf16
}
fn bf16_kv() -> KvJson {
    KvJson::Bf16
}
fn utilization() -> f64 {
    0.9
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ServeJson {
    #[serde(default = "bf16_weights")]
    pub weights: WeightsJson,
    #[serde(default = "bf16_kv")]
    pub kv: KvJson,
    pub context_tokens: u32,
    #[serde(default = "one")]
    pub concurrency: u32,
    pub prompt_tokens: u32,
    pub output_tokens: u32,
    #[serde(default = "utilization")]
    pub memory_utilization: f64,
    #[serde(default)]
    pub tensor_parallel: Option<u32>,
    #[serde(default)]
    pub batch_tokens: Option<u32>,
    #[serde(default)]
    pub latency_target_ms: Option<f64>,
    #[serde(default)]
    pub requests_per_s: Option<f64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClassicJson {
    pub samples: f64,
    #[serde(default = "one_f")]
    pub epochs: f64,
    pub batch: u32,
    #[serde(default = "bf16_mixed")]
    pub precision: PrecisionJson,
    #[serde(default = "adamw")]
    pub optimizer: OptimizerJson,
    #[serde(default)]
    pub seq_len: Option<u32>,
}

fn one_f() -> f64 {
    1.0
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RenderJson {
    #[serde(default)]
    pub frames: f64,
    #[serde(default)]
    pub reference_seconds_per_frame: f64,
    pub reference_gpu: String,
    #[serde(default)]
    pub scene_gib: f64,
    #[serde(default)]
    pub streams: u32,
    #[serde(default)]
    pub stream_gib: f64,
    #[serde(default)]
    pub stream_hours: f64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DevBoxJson {
    pub hours: f64,
    pub min_gpu_memory_gib: f64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DataJson {
    pub bytes_per_sample: f64,
    pub storage_mbs: f64,
}

fn zero(stage: u8) -> Result<ZeroStage, InputError> {
    ZeroStage::from_number(stage)
        .ok_or_else(|| InputError::new("workload.zero_stage", "must be 0, 1, 2 or 3"))
}

impl ScenarioFile {
    /// Parses JSON text; a syntax error or an unknown or missing field names the field.
    pub fn parse(text: &str) -> Result<ScenarioFile, String> {
        serde_json::from_str(text).map_err(|e| format!("scenario: {e}"))
    }

    /// The engine's scenario and search options.
    pub fn into_engine(self) -> Result<(Scenario, Options), InputError> {
        let model = match self.model {
            Some(ModelJson::Preset(id)) => ModelSpec::Preset(id),
            Some(ModelJson::ParamsB(b)) => ModelSpec::ParamsOnly { params_b: b },
            Some(ModelJson::Custom(c)) => ModelSpec::Custom {
                name: c.name,
                kind: c.kind,
                params_b: c.params_b,
                transformer: c.transformer,
            },
            // Rendering and development boxes size no model; a placeholder keeps one type.
            None if matches!(
                self.workload,
                WorkloadJson::Render(_) | WorkloadJson::DevBox(_)
            ) =>
            {
                ModelSpec::ParamsOnly { params_b: 1e-6 }
            }
            None => return Err(InputError::new("model", "required for this workload")),
        };
        let workload = match self.workload {
            WorkloadJson::Train(t) => Workload::Train(Train {
                shape: TrainShape {
                    tokens: t.tokens,
                    seq_len: t.seq_len,
                    micro_batch: t.micro_batch,
                    global_batch_tokens: t.global_batch_tokens,
                    recompute: t.recompute.into(),
                    flash_attention: t.flash_attention,
                    chunked_loss: t.chunked_loss,
                },
                precision: t.precision.into(),
                optimizer: t.optimizer.into(),
                parallel: Parallelism {
                    zero: zero(t.zero_stage)?,
                    tensor: t.tensor_parallel,
                    pipeline: t.pipeline_parallel,
                },
                paged_optimizer: t.paged_optimizer,
                optimizer_in_backward: t.optimizer_in_backward,
            }),
            WorkloadJson::Lora(l) => Workload::Lora(Lora {
                shape: TrainShape {
                    tokens: l.tokens,
                    seq_len: l.seq_len,
                    micro_batch: l.micro_batch,
                    global_batch_tokens: l.global_batch_tokens,
                    recompute: l.recompute.into(),
                    flash_attention: l.flash_attention,
                    chunked_loss: l.chunked_loss,
                },
                rank: l.rank,
                targets: LoraTargets::parse(&l.targets)?,
                qlora: l.qlora,
                paged_optimizer: l.paged_optimizer,
                optimizer: l.optimizer.into(),
                parallel: Parallelism {
                    zero: zero(l.zero_stage)?,
                    tensor: l.tensor_parallel,
                    pipeline: l.pipeline_parallel,
                },
            }),
            WorkloadJson::Serve(s) => Workload::Serve(Serve {
                weights: s.weights.into(),
                kv: s.kv.into(),
                context_tokens: s.context_tokens,
                concurrency: s.concurrency,
                prompt_tokens: s.prompt_tokens,
                output_tokens: s.output_tokens,
                memory_utilization: s.memory_utilization,
                tensor_parallel: s.tensor_parallel,
                batch_tokens: s.batch_tokens,
                latency_target_ms: s.latency_target_ms,
                requests_per_s: s.requests_per_s,
            }),
            WorkloadJson::Classic(c) => Workload::Classic(Classic {
                samples: c.samples,
                epochs: c.epochs,
                batch: c.batch,
                precision: c.precision.into(),
                optimizer: c.optimizer.into(),
                seq_len: c.seq_len,
            }),
            WorkloadJson::Render(r) => Workload::Render(Render {
                frames: r.frames,
                reference_seconds_per_frame: r.reference_seconds_per_frame,
                reference_gpu: r.reference_gpu,
                scene_gib: r.scene_gib,
                streams: r.streams,
                stream_gib: r.stream_gib,
                stream_hours: r.stream_hours,
            }),
            WorkloadJson::DevBox(d) => Workload::DevBox(DevBox {
                hours: d.hours,
                min_gpu_memory_gib: d.min_gpu_memory_gib,
            }),
        };
        let mut options = Options {
            only: self.only,
            ..Options::default()
        };
        if let Some(m) = self.max_instances {
            if m == 0 {
                return Err(InputError::new("max_instances", "must be at least 1"));
            }
            options.max_instances = m;
        }
        Ok((
            Scenario {
                model,
                workload,
                data: self.data.map(|d| DataFeed {
                    bytes_per_sample: d.bytes_per_sample,
                    storage_mbs: d.storage_mbs,
                }),
                deadline_h: self.deadline_h,
            },
            options,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_fields_are_named() {
        let e = ScenarioFile::parse(
            r#"{"model": {"preset": "llama-3.1-8b"}, "workload": {"serve": {"context_tokens": 4096, "prompt_tokens": 1, "output_tokens": 1, "concurency": 8}}}"#,
        )
        .unwrap_err();
        assert!(e.contains("concurency"), "{e}");
    }

    #[test]
    fn missing_fields_are_named() {
        let e = ScenarioFile::parse(r#"{"model": {"params_b": 7}, "workload": {"train": {}}}"#)
            .unwrap_err();
        assert!(e.contains("tokens"), "{e}");
    }

    #[test]
    fn bad_values_name_the_engine_field() {
        let f = ScenarioFile::parse(
            r#"{"model": {"params_b": 7}, "workload": {"train": {"tokens": 1e9, "zero_stage": 5}}}"#,
        )
        .unwrap();
        assert_eq!(f.into_engine().unwrap_err().field, "workload.zero_stage");
    }
}
