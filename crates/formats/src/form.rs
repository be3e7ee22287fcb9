//! The scenario form: every input of a scenario as one flat, serialisable record.
//!
//! Flat on purpose: the page binds each field to a control, a share link writes each non-default
//! field as one `key=value`, and switching the workload keeps the other workloads' fields.
//! [`Form::to_request`] turns it into the engine's [`Request`], checking every value.

use crate::fields;
use gpu_sizer_engine::catalog::{BillingMode, Catalog, Currency};
use gpu_sizer_engine::cost::money::Exchange;
use gpu_sizer_engine::model::{Attention, ModelKind, Moe, Transformer};
use gpu_sizer_engine::plan::{Constraints, CostInputs, Features, Objective, Request, StorageNeeds};
use gpu_sizer_engine::scenario::{
    AutoLayout, Classic, DataSource, DevBox, InputError, KvPrecision, Lora, LoraTargets, Loss,
    ModelSpec, Optimizer, Parallelism, Recompute, Render, Scenario, Serve, Server, Train,
    TrainPrecision, TrainShape, WeightFormat, Workload, ZeroStage,
};
use serde::{Deserialize, Serialize};

/// Which kind of job.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum WorkloadKind {
    /// Pre-training or full fine-tuning.
    Train,
    #[default]
    Lora,
    Serve,
    Classic,
    Render,
    Dev,
}

/// How the model is given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum ModelSource {
    #[default]
    Preset,
    /// Parameter count only: coarser.
    Params,
    /// Architecture numbers.
    Custom,
}

impl WorkloadKind {
    pub const ALL: &'static [WorkloadKind] = &[
        WorkloadKind::Train,
        WorkloadKind::Lora,
        WorkloadKind::Serve,
        WorkloadKind::Classic,
        WorkloadKind::Render,
        WorkloadKind::Dev,
    ];

    /// The key used in links, files and form controls.
    pub fn key(self) -> &'static str {
        match self {
            WorkloadKind::Train => "train",
            WorkloadKind::Lora => "lora",
            WorkloadKind::Serve => "serve",
            WorkloadKind::Classic => "classic",
            WorkloadKind::Render => "render",
            WorkloadKind::Dev => "dev",
        }
    }
}

impl ModelSource {
    pub const ALL: &'static [ModelSource] = &[
        ModelSource::Preset,
        ModelSource::Params,
        ModelSource::Custom,
    ];

    /// The key used in links, files and form controls.
    pub fn key(self) -> &'static str {
        match self {
            ModelSource::Preset => "preset",
            ModelSource::Params => "params",
            ModelSource::Custom => "custom",
        }
    }
}

macro_rules! key_enum {
    ($(#[$doc:meta])* $name:ident => $engine:ty { $($variant:ident = $key:literal => $target:expr,)* }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum $name {
            $(#[serde(rename = $key)] $variant,)*
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),*];

            /// The key used in links, files and form controls.
            pub fn key(self) -> &'static str {
                match self {
                    $($name::$variant => $key,)*
                }
            }

            pub fn from_key(key: &str) -> Option<$name> {
                match key {
                    $($key => Some($name::$variant),)*
                    _ => None,
                }
            }

            /// The key for an engine value (the inverse of [`Self::engine`]).
            pub fn of(value: $engine) -> $name {
                Self::ALL
                    .iter()
                    .copied()
                    .find(|k| k.engine() == value)
                    .expect("every engine value has a key")
            }

            pub fn engine(self) -> $engine {
                match self {
                    $($name::$variant => $target,)*
                }
            }
        }
    };
}

key_enum! {
    /// Numeric format of a training run.
    PrecisionKey => TrainPrecision {
        Fp32 = "fp32" => TrainPrecision::Fp32,
        Bf16Mixed = "bf16_mixed" => TrainPrecision::Bf16Mixed,
        Fp16Mixed = "fp16_mixed" => TrainPrecision::Fp16Mixed,
        Fp8Mixed = "fp8_mixed" => TrainPrecision::Fp8Mixed,
        Bf16 = "bf16" => TrainPrecision::Bf16,
    }
}

key_enum! {
    OptimizerKey => Optimizer {
        AdamW = "adamw" => Optimizer::AdamW,
        Adam8bit = "adam8bit" => Optimizer::Adam8bit,
        Adafactor = "adafactor" => Optimizer::Adafactor,
        SgdMomentum = "sgd_momentum" => Optimizer::SgdMomentum,
    }
}

key_enum! {
    /// How the loss over the vocabulary is computed.
    LossKey => Loss {
        Standard = "standard" => Loss::Standard,
        Chunked = "chunked" => Loss::Chunked,
        Fused = "fused" => Loss::Fused,
    }
}

key_enum! {
    RecomputeKey => Recompute {
        None = "none" => Recompute::None,
        Selective = "selective" => Recompute::Selective,
        Full = "full" => Recompute::Full,
    }
}

key_enum! {
    /// Weight format when serving.
    WeightKey => WeightFormat {
        Fp32 = "fp32" => WeightFormat::Fp32,
        Bf16 = "bf16" => WeightFormat::Bf16,
        Fp8 = "fp8" => WeightFormat::Fp8,
        Int8 = "int8" => WeightFormat::Int8,
        Fp4 = "fp4" => WeightFormat::Fp4,
        Int4Gptq = "int4_gptq" => WeightFormat::Int4Gptq,
        Int4Awq = "int4_awq" => WeightFormat::Int4Awq,
        GgufQ4_0 = "q4_0" => WeightFormat::GgufQ4_0,
        GgufQ4KM = "q4_k_m" => WeightFormat::GgufQ4KM,
        GgufQ5KM = "q5_k_m" => WeightFormat::GgufQ5KM,
        GgufQ6K = "q6_k" => WeightFormat::GgufQ6K,
        GgufQ8_0 = "q8_0" => WeightFormat::GgufQ8_0,
    }
}

key_enum! {
    KvKey => KvPrecision {
        Bf16 = "bf16" => KvPrecision::Bf16,
        Fp8 = "fp8" => KvPrecision::Fp8,
        Int8 = "int8" => KvPrecision::Int8,
        Fp4 = "fp4" => KvPrecision::Fp4,
        Q8_0 = "q8_0" => KvPrecision::Q8_0,
        Q4_0 = "q4_0" => KvPrecision::Q4_0,
    }
}

key_enum! {
    /// The inference server (Ollama and LM Studio run llama.cpp).
    ServerKey => Server {
        Vllm = "vllm" => Server::Vllm,
        Sglang = "sglang" => Server::Sglang,
        TensorrtLlm = "tensorrt_llm" => Server::TensorrtLlm,
        Tgi = "tgi" => Server::Tgi,
        LlamaCpp = "llama_cpp" => Server::LlamaCpp,
    }
}

key_enum! {
    ObjectiveKey => Objective {
        Cheapest = "cheapest" => Objective::Cheapest,
        Fastest = "fastest" => Objective::Fastest,
        BestValue = "best_value" => Objective::BestValue,
    }
}

key_enum! {
    CurrencyKey => Currency {
        Usd = "USD" => Currency::Usd,
        Cny = "CNY" => Currency::Cny,
    }
}

key_enum! {
    ModeKey => BillingMode {
        OnDemand = "on-demand" => BillingMode::OnDemand,
        Spot = "spot" => BillingMode::Spot,
        Monthly = "monthly" => BillingMode::Monthly,
        Reserved1y = "reserved-1y" => BillingMode::Reserved1y,
        Reserved3y = "reserved-3y" => BillingMode::Reserved3y,
        Serverless = "serverless" => BillingMode::Serverless,
    }
}

/// Every input of a scenario. `None` means "not set" (no deadline, no budget, engine default).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Form {
    /// The person's label for the scenario (plain text, never markup).
    pub name: String,
    pub workload: WorkloadKind,

    // Model.
    pub model_source: ModelSource,
    pub model: String,
    pub params_b: f64,
    pub layers: u32,
    pub hidden: u32,
    pub heads: u32,
    pub kv_heads: u32,
    pub head_dim: u32,
    pub ffn: u32,
    pub vocab: u32,
    /// Custom architecture: gated (SwiGLU) MLP with three matrices, or a plain two-matrix MLP.
    pub gated_mlp: bool,
    /// Custom architecture: the output layer shares the input embedding's weights.
    pub tied_embeddings: bool,
    /// Custom architecture: routed experts per layer (0: a dense model).
    pub experts: u32,
    /// Custom architecture: routed experts each token visits.
    pub active_experts: u32,
    /// Custom architecture: experts every token visits.
    pub shared_experts: u32,
    /// Custom architecture: width of one expert's MLP.
    pub expert_ffn: u32,
    /// Custom architecture: the published parameter count, when it differs from the count the
    /// shape gives (billions).
    pub custom_params_b: Option<f64>,

    // Training and fine-tuning.
    pub tokens: f64,
    pub seq_len: u32,
    pub micro_batch: u32,
    pub global_batch_tokens: Option<f64>,
    pub precision: PrecisionKey,
    pub optimizer: OptimizerKey,
    /// `None`: the engine chooses the ZeRO stage, tensor and pipeline degrees per candidate.
    pub zero: Option<u8>,
    pub tensor_parallel: Option<u32>,
    pub pipeline_parallel: Option<u32>,
    /// Model chunks per pipeline stage (interleaved schedule); `None`: chosen with the stages.
    pub virtual_pipeline: Option<u32>,
    pub recompute: RecomputeKey,
    pub flash_attention: bool,
    pub lora_rank: u32,
    /// Comma-separated module names (`q,k,v,o,gate,up,down` or `all`).
    pub lora_targets: String,
    pub qlora: bool,
    pub paged_optimizer: bool,
    /// Full training: the optimizer steps each parameter in the backward pass.
    pub optimizer_in_backward: bool,
    pub loss: LossKey,

    // Serving.
    pub server: ServerKey,
    pub weights: WeightKey,
    pub kv: KvKey,
    pub context_tokens: u32,
    pub concurrency: u32,
    pub prompt_tokens: u32,
    pub output_tokens: u32,
    /// `None`: the server's own default.
    pub memory_utilization: Option<f64>,
    /// Offline batch job: requests to process; `None`: an online service.
    pub batch_requests: Option<f64>,
    pub latency_ms: Option<f64>,
    /// With a latency target, also consider spot instances.
    pub spot_with_latency: bool,
    pub requests_per_s: Option<f64>,
    /// Peak-to-average ratio of the daily traffic.
    pub peak_ratio: f64,

    // Classic deep learning.
    pub samples: f64,
    pub epochs: f64,
    pub batch: u32,

    // Rendering and video.
    pub frames: f64,
    pub seconds_per_frame: f64,
    pub reference_gpu: String,
    pub scene_gib: f64,
    pub streams: u32,
    pub stream_gib: f64,
    pub stream_hours: f64,

    // Development box.
    pub dev_hours: f64,
    /// The least GPU memory as the card is sold (a class of card: 24 takes a 24 GB card).
    pub dev_min_gib: f64,
    /// Also accept accelerators needing a stack other than CUDA.
    pub dev_non_cuda: bool,

    // Data pipeline.
    pub bytes_per_sample: Option<f64>,
    /// Storage throughput, when known; `None`: each offer's own storage.
    pub storage_mbs: Option<f64>,

    // Limits.
    pub deadline_h: Option<f64>,
    pub budget: Option<f64>,
    pub max_gpus: u32,
    /// Only this GPU (catalog id; empty: any).
    pub gpu: String,
    /// Exactly this many GPUs in total (`None`: the counts the engine tries).
    pub gpus: Option<u32>,
    /// Only this offer (catalog id; empty: any).
    pub offer: String,
    /// Comma-separated provider ids (empty: all).
    pub providers: String,
    /// Comma-separated regions (empty: all).
    pub regions: String,
    /// Comma-separated billing modes (empty: all).
    pub modes: String,
    pub need_nvlink: bool,
    pub need_mig: bool,
    pub need_graphics: bool,
    pub need_video: bool,
    pub need_cuda: bool,
    pub objective: ObjectiveKey,

    // Hidden costs.
    pub data_gb: f64,
    pub checkpoints_gb: f64,
    pub snapshot_gb: f64,
    pub retention_h: f64,
    pub fast_storage: bool,
    pub egress_gb: f64,
    pub ingress_gb: f64,
    pub idle_h: f64,
    pub idle_periods: f64,
    /// Minutes an auto-stop waits before stopping an idle instance; `None`: no auto-stop.
    pub auto_stop_min: Option<f64>,
    pub setup_h: f64,
    /// Spot interruptions per hour; `None`: the provider-kind default.
    pub spot_rate: Option<f64>,
    pub restart_min: f64,
    pub checkpoint_min: f64,

    // Money.
    pub currency: CurrencyKey,
    pub cny_per_usd: f64,
}

impl Default for Form {
    /// Fine-tuning Llama 3.1 8B with LoRA on 100 M tokens: the most common question.
    fn default() -> Self {
        Form {
            name: String::new(),
            workload: WorkloadKind::Lora,
            model_source: ModelSource::Preset,
            model: "llama-3.1-8b".into(),
            params_b: 7.0,
            layers: 32,
            hidden: 4096,
            heads: 32,
            kv_heads: 8,
            head_dim: 128,
            ffn: 14336,
            vocab: 128_256,
            gated_mlp: true,
            tied_embeddings: false,
            experts: 0,
            active_experts: 0,
            shared_experts: 0,
            expert_ffn: 0,
            custom_params_b: None,
            tokens: 1e8,
            seq_len: 2048,
            micro_batch: 4,
            global_batch_tokens: None,
            precision: PrecisionKey::Bf16Mixed,
            optimizer: OptimizerKey::AdamW,
            zero: None,
            tensor_parallel: None,
            pipeline_parallel: None,
            virtual_pipeline: None,
            recompute: RecomputeKey::Selective,
            flash_attention: true,
            lora_rank: 16,
            lora_targets: "q,k,v,o,gate,up,down".into(),
            qlora: false,
            paged_optimizer: false,
            optimizer_in_backward: false,
            loss: LossKey::Standard,
            weights: WeightKey::Bf16,
            kv: KvKey::Bf16,
            context_tokens: 4096,
            concurrency: 16,
            prompt_tokens: 512,
            output_tokens: 256,
            server: ServerKey::Vllm,
            memory_utilization: None,
            batch_requests: None,
            latency_ms: None,
            spot_with_latency: false,
            requests_per_s: Some(1.0),
            peak_ratio: 3.0,
            samples: 1_281_167.0,
            epochs: 10.0,
            batch: 256,
            frames: 1000.0,
            seconds_per_frame: 60.0,
            reference_gpu: "l4".into(),
            scene_gib: 8.0,
            streams: 0,
            stream_gib: 0.5,
            stream_hours: 0.0,
            dev_hours: 40.0,
            dev_min_gib: 16.0,
            dev_non_cuda: false,
            bytes_per_sample: None,
            storage_mbs: None,
            deadline_h: None,
            budget: None,
            max_gpus: 8,
            gpu: String::new(),
            gpus: None,
            offer: String::new(),
            providers: String::new(),
            regions: String::new(),
            modes: String::new(),
            need_nvlink: false,
            need_mig: false,
            need_graphics: false,
            need_video: false,
            need_cuda: false,
            objective: ObjectiveKey::Cheapest,
            data_gb: 100.0,
            checkpoints_gb: 0.0,
            snapshot_gb: 0.0,
            retention_h: 0.0,
            fast_storage: false,
            egress_gb: 0.0,
            ingress_gb: 0.0,
            idle_h: 0.0,
            idle_periods: 0.0,
            auto_stop_min: None,
            setup_h: 0.5,
            spot_rate: None,
            restart_min: 10.0,
            checkpoint_min: 5.0,
            currency: CurrencyKey::Usd,
            cny_per_usd: Exchange::default().cny_per_usd,
        }
    }
}

/// An engine error with its field named as the form names it (`workload.context_tokens` →
/// `context_tokens`, `model.preset` → `model`). Fields the form does not have keep the engine's
/// name. Use it on errors of `plan::evaluate` for a request made by [`Form::to_request`].
pub fn in_form_terms(error: InputError) -> InputError {
    let engine = error.field.as_str();
    let name = match engine {
        "workload.rank" => "lora_rank",
        "workload.targets" => "lora_targets",
        "workload.zero_stage" => "zero",
        "workload.latency_target_ms" => "latency_ms",
        "workload.reference_seconds_per_frame" => "seconds_per_frame",
        "workload.hours" => "dev_hours",
        "workload.min_gpu_memory_gib" => "dev_min_gib",
        "model.preset" => "model",
        "model.params_b" => "params_b",
        "model.transformer.num_hidden_layers" => "layers",
        "model.transformer.hidden_size" => "hidden",
        "model.transformer.num_attention_heads" => "heads",
        "model.transformer.num_key_value_heads" => "kv_heads",
        "model.transformer.head_dim" => "head_dim",
        "model.transformer.intermediate_size" => "ffn",
        "model.transformer.vocab_size" => "vocab",
        "data.bytes_per_sample" => "bytes_per_sample",
        "data.storage_mbs" => "storage_mbs",
        other => other.strip_prefix("workload.").unwrap_or(other),
    };
    if name != engine && fields::by_name(name).is_some() {
        InputError::new(name, error.message)
    } else {
        error
    }
}

fn list(text: &str) -> Vec<String> {
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

fn positive(field: &str, value: f64) -> Result<f64, InputError> {
    if value.is_finite() && value >= 0.0 {
        Ok(value)
    } else {
        Err(InputError::new(
            field,
            format!("must be a number ≥ 0 (got {value})"),
        ))
    }
}

impl Form {
    /// An online service, priced by the month; an offline batch of requests is a job with
    /// an end, like training.
    pub fn is_service(&self) -> bool {
        self.workload == WorkloadKind::Serve && self.batch_requests.is_none()
    }

    /// Reads a form from JSON: the flat record the page saves, every field optional (missing
    /// fields take their defaults). A misspelt field, a value of the wrong type or an unknown
    /// choice is an error naming the field.
    pub fn from_json(text: &str) -> Result<Form, InputError> {
        let value: serde_json::Value = serde_json::from_str(text)
            .map_err(|e| InputError::new("json", format!("not valid JSON: {e}")))?;
        let serde_json::Value::Object(map) = value else {
            return Err(InputError::new(
                "json",
                "expected an object of form fields, e.g. {\"workload\": \"serve\"}",
            ));
        };
        let mut values = Vec::with_capacity(map.len());
        for (key, value) in map {
            let Some(field) = fields::by_name(&key) else {
                let hint = fields::closest(&key)
                    .map(|f| format!(" (did you mean '{}'?)", f.name))
                    .unwrap_or_default();
                return Err(InputError::new(key, format!("unknown field{hint}")));
            };
            values.push(((), field, value));
        }
        let (form, rejected) = fields::assemble(values);
        match rejected.into_iter().next() {
            Some(r) => Err(InputError::new(r.field.name, r.reason)),
            None => Ok(form),
        }
    }
}

impl Form {
    /// The engine's request for this form; the error names the field (as spelt here).
    pub fn to_request(&self, today: Option<i64>) -> Result<Request, InputError> {
        let model = match self.model_source {
            ModelSource::Preset => ModelSpec::Preset(self.model.clone()),
            ModelSource::Params => ModelSpec::ParamsOnly {
                params_b: self.params_b,
            },
            ModelSource::Custom => ModelSpec::Custom {
                name: if self.name.is_empty() {
                    "custom model".into()
                } else {
                    self.name.clone()
                },
                kind: ModelKind::Llm,
                params_b: self.custom_params_b,
                transformer: Transformer {
                    num_hidden_layers: self.layers,
                    hidden_size: self.hidden,
                    num_attention_heads: self.heads,
                    num_key_value_heads: self.kv_heads,
                    head_dim: self.head_dim,
                    intermediate_size: self.ffn,
                    vocab_size: self.vocab,
                    tie_word_embeddings: self.tied_embeddings,
                    attention: match self.kv_heads {
                        1 => Attention::Mqa,
                        k if k == self.heads => Attention::Mha,
                        _ => Attention::Gqa,
                    },
                    gated_mlp: self.gated_mlp,
                    max_position_embeddings: self.context_tokens.max(self.seq_len),
                    sliding_window: None,
                    sliding_window_layers: None,
                    moe: (self.experts > 0).then(|| Moe {
                        num_experts: self.experts,
                        experts_per_token: self.active_experts.clamp(1, self.experts),
                        shared_experts: self.shared_experts,
                        moe_intermediate_size: if self.expert_ffn > 0 {
                            self.expert_ffn
                        } else {
                            self.ffn
                        },
                        first_dense_layers: 0,
                        active_params_b: None,
                    }),
                    mla: None,
                    encoder_layers: None,
                },
            },
        };
        let shape = TrainShape {
            tokens: self.tokens,
            seq_len: self.seq_len,
            micro_batch: self.micro_batch,
            global_batch_tokens: self.global_batch_tokens,
            recompute: self.recompute.engine(),
            flash_attention: self.flash_attention,
            loss: self.loss.engine(),
        };
        let parallel = Parallelism {
            zero: match self.zero {
                Some(z) => ZeroStage::from_number(z)
                    .ok_or_else(|| InputError::new("zero", "must be 0, 1, 2 or 3"))?,
                None => ZeroStage::Zero0,
            },
            tensor: self.tensor_parallel.unwrap_or(1),
            pipeline: self.pipeline_parallel.unwrap_or(1),
            virtual_stages: self.virtual_pipeline.unwrap_or(1),
            auto: AutoLayout {
                zero: self.zero.is_none(),
                tensor: self.tensor_parallel.is_none(),
                pipeline: self.pipeline_parallel.is_none(),
            },
        };
        let workload = match self.workload {
            WorkloadKind::Train => Workload::Train(Train {
                shape,
                precision: self.precision.engine(),
                optimizer: self.optimizer.engine(),
                parallel,
                paged_optimizer: self.paged_optimizer,
                optimizer_in_backward: self.optimizer_in_backward,
            }),
            WorkloadKind::Lora => Workload::Lora(Lora {
                shape,
                rank: self.lora_rank,
                targets: LoraTargets::parse(&list(&self.lora_targets))
                    .map_err(|e| InputError::new("lora_targets", e.message))?,
                qlora: self.qlora,
                paged_optimizer: self.paged_optimizer,
                optimizer: self.optimizer.engine(),
                parallel,
                precision: self.precision.engine(),
            }),
            WorkloadKind::Serve => Workload::Serve(Serve {
                server: self.server.engine(),
                weights: self.weights.engine(),
                kv: self.kv.engine(),
                context_tokens: self.context_tokens,
                concurrency: self.concurrency,
                prompt_tokens: self.prompt_tokens,
                output_tokens: self.output_tokens,
                memory_utilization: self.memory_utilization,
                tensor_parallel: self.tensor_parallel,
                pipeline_parallel: self.pipeline_parallel,
                batch_requests: self.batch_requests,
                batch_tokens: None,
                latency_target_ms: self.latency_ms,
                requests_per_s: self.requests_per_s,
            }),
            WorkloadKind::Classic => Workload::Classic(Classic {
                samples: self.samples,
                epochs: self.epochs,
                batch: self.batch,
                precision: self.precision.engine(),
                optimizer: self.optimizer.engine(),
                seq_len: Some(self.seq_len),
            }),
            WorkloadKind::Render => Workload::Render(Render {
                frames: self.frames,
                reference_seconds_per_frame: self.seconds_per_frame,
                reference_gpu: self.reference_gpu.clone(),
                scene_gib: self.scene_gib,
                streams: self.streams,
                stream_gib: self.stream_gib,
                stream_hours: self.stream_hours,
            }),
            WorkloadKind::Dev => Workload::DevBox(DevBox {
                hours: self.dev_hours,
                min_gpu_memory_gib: self.dev_min_gib,
                non_cuda: self.dev_non_cuda,
            }),
        };
        let data = self.bytes_per_sample.map(|bytes| DataSource {
            bytes_per_sample: bytes,
            storage_mbs: self.storage_mbs,
        });
        let mut modes = Vec::new();
        for key in list(&self.modes) {
            modes.push(
                ModeKey::from_key(&key)
                    .ok_or_else(|| {
                        InputError::new("modes", format!("unknown billing mode '{key}'"))
                    })?
                    .engine(),
            );
        }
        if !(self.cny_per_usd.is_finite() && self.cny_per_usd > 0.0) {
            return Err(InputError::new("cny_per_usd", "must be a positive number"));
        }
        let costs = CostInputs {
            storage: StorageNeeds {
                data_gb: positive("data_gb", self.data_gb)?,
                checkpoints_gb: positive("checkpoints_gb", self.checkpoints_gb)?,
                snapshot_gb: positive("snapshot_gb", self.snapshot_gb)?,
                retention_h: positive("retention_h", self.retention_h)?,
                fast_tier: self.fast_storage,
            },
            egress_gb: positive("egress_gb", self.egress_gb)?,
            ingress_gb: positive("ingress_gb", self.ingress_gb)?,
            idle_h: positive("idle_h", self.idle_h)?,
            idle_periods: positive("idle_periods", self.idle_periods)?,
            auto_stop_h: match self.auto_stop_min {
                Some(m) => Some(positive("auto_stop_min", m)? / 60.0),
                None => None,
            },
            serving_peak_ratio: positive("peak_ratio", self.peak_ratio)?.max(1.0),
            setup_h: positive("setup_h", self.setup_h)?,
            spot_interruptions_per_h: match self.spot_rate {
                Some(r) => Some(positive("spot_rate", r)?),
                None => None,
            },
            spot_restart_h: positive("restart_min", self.restart_min)? / 60.0,
            checkpoint_write_h: positive("checkpoint_min", self.checkpoint_min)? / 60.0,
            currency: self.currency.engine(),
            fx: Exchange {
                cny_per_usd: self.cny_per_usd,
            },
            price_overrides: Vec::new(),
        };
        if let Some(d) = self.deadline_h {
            if !(d.is_finite() && d > 0.0) {
                return Err(InputError::new(
                    "deadline_h",
                    "must be a positive number of hours",
                ));
            }
        }
        if let Some(b) = self.budget {
            if !(b.is_finite() && b > 0.0) {
                return Err(InputError::new("budget", "must be a positive amount"));
            }
        }
        if self.max_gpus == 0 {
            return Err(InputError::new("max_gpus", "must be at least 1"));
        }
        if self.gpus == Some(0) {
            return Err(InputError::new("gpus", "must be at least 1"));
        }
        let gpu = self.gpu.trim();
        if !gpu.is_empty() && Catalog::builtin().gpu(gpu).is_none() {
            return Err(InputError::new(
                "gpu",
                format!("no GPU with id '{gpu}' in the catalog (`gpu-sizer catalog` lists them)"),
            ));
        }
        let request = Request {
            scenario: Scenario {
                model,
                workload,
                data,
                deadline_h: self.deadline_h,
            },
            costs,
            constraints: Constraints {
                spot_with_latency: self.spot_with_latency,
                budget: self.budget,
                providers: list(&self.providers),
                regions: list(&self.regions),
                max_gpus: self.max_gpus,
                require: Features {
                    nvlink: self.need_nvlink,
                    mig: self.need_mig,
                    graphics: self.need_graphics,
                    video: self.need_video,
                    cuda: self.need_cuda,
                },
                modes,
                gpu: (!gpu.is_empty()).then(|| gpu.to_string()),
                gpus: self.gpus,
                offer: Some(self.offer.trim())
                    .filter(|o| !o.is_empty())
                    .map(str::to_string),
            },
            objective: self.objective.engine(),
            today,
        };
        request.scenario.workload.check().map_err(in_form_terms)?;
        Ok(request)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_form_is_a_valid_request() {
        let req = Form::default().to_request(None).unwrap();
        assert!(matches!(req.scenario.workload, Workload::Lora(_)));
    }

    #[test]
    fn bad_values_name_their_field() {
        type Edit = fn(&mut Form);
        let cases: Vec<(Edit, &str)> = vec![
            (|f| f.zero = Some(7), "zero"),
            (|f| f.modes = "on-demand,weekly".into(), "modes"),
            (|f| f.egress_gb = -1.0, "egress_gb"),
            (|f| f.auto_stop_min = Some(-5.0), "auto_stop_min"),
            (|f| f.deadline_h = Some(0.0), "deadline_h"),
            (|f| f.cny_per_usd = f64::NAN, "cny_per_usd"),
            (|f| f.lora_targets = "qq".into(), "lora_targets"),
            (|f| f.max_gpus = 0, "max_gpus"),
            (|f| f.seq_len = 0, "seq_len"),
            (|f| f.lora_rank = 0, "lora_rank"),
            (
                |f| {
                    f.workload = WorkloadKind::Serve;
                    f.context_tokens = 100;
                },
                "context_tokens",
            ),
            (
                |f| {
                    f.workload = WorkloadKind::Dev;
                    f.dev_hours = -1.0;
                },
                "dev_hours",
            ),
        ];
        for (edit, field) in cases {
            let mut form = Form::default();
            edit(&mut form);
            let err = form.to_request(None).unwrap_err();
            assert_eq!(err.field, field, "{err}");
        }
    }

    #[test]
    fn workload_and_source_keys_are_their_json_names() {
        for k in WorkloadKind::ALL {
            assert_eq!(serde_json::to_value(k).unwrap(), k.key());
        }
        for k in ModelSource::ALL {
            assert_eq!(serde_json::to_value(k).unwrap(), k.key());
        }
    }

    #[test]
    fn json_errors_name_the_field() {
        let form = Form::from_json(r#"{"workload": "serve", "concurrency": 64}"#).unwrap();
        assert_eq!(form.workload, WorkloadKind::Serve);
        assert_eq!(form.concurrency, 64);
        assert_eq!(form.model, Form::default().model);
        let cases = [
            (
                r#"{"concurency": 4}"#,
                "concurency",
                "did you mean 'concurrency'",
            ),
            (r#"{"ctx": 4}"#, "ctx", "did you mean 'context_tokens'"),
            (r#"{"workload": "trian"}"#, "workload", "unknown variant"),
            (r#"{"max_gpus": -1}"#, "max_gpus", "invalid value"),
            (r#"{"tokens": "many"}"#, "tokens", "invalid type"),
            (
                r#"{"latency_ms": null, "zero": 1.5}"#,
                "zero",
                "invalid type",
            ),
            ("[1]", "json", "object"),
            ("{", "json", "not valid JSON"),
        ];
        for (text, field, message) in cases {
            let err = Form::from_json(text).unwrap_err();
            assert_eq!(err.field, field, "{text}: {err}");
            assert!(err.message.contains(message), "{text}: {err}");
        }
    }

    #[test]
    fn enum_keys_round_trip() {
        for k in WeightKey::ALL {
            assert_eq!(WeightKey::from_key(k.key()), Some(*k));
        }
        for k in ModeKey::ALL {
            assert_eq!(ModeKey::from_key(k.key()), Some(*k));
            assert_eq!(ModeKey::of(k.engine()), *k);
        }
        for k in CurrencyKey::ALL {
            assert_eq!(CurrencyKey::of(k.engine()), *k);
        }
    }
}

#[cfg(test)]
mod no_fit {
    use super::*;
    use gpu_sizer_engine::catalog::Catalog;
    use gpu_sizer_engine::plan::{evaluate, remedies};

    /// QLoRA on Llama 3.1 70B with the form's defaults (micro-batch 4, selective
    /// recomputation): when no offer holds it, the report names configurations that do, each
    /// one checked by running it.
    #[test]
    fn qlora_70b_with_the_form_defaults_names_a_configuration_that_fits() {
        let form = Form {
            model: "llama-3.1-70b".into(),
            qlora: true,
            ..Form::default()
        };
        assert_eq!(
            (form.micro_batch, form.recompute),
            (4, RecomputeKey::Selective)
        );
        let request = form.to_request(None).unwrap();
        let catalog = Catalog::builtin();
        let report = evaluate(catalog, &request).unwrap();
        if report.pick().is_some() {
            return;
        }
        assert!(
            !report.suggestions.is_empty(),
            "nothing fits and nothing is suggested"
        );
        for s in &report.suggestions {
            let changed = remedies::apply(&request, &s.changes);
            let again = evaluate(catalog, &changed).unwrap();
            let pick = again.pick().expect("the suggestion fits");
            assert_eq!(pick.offer.id, s.pick.offer.id);
            assert!((pick.cost.expected - s.pick.cost.expected).abs() < 1e-9);
            assert!(s.pick.memory.total_gib <= s.pick.gpu.memory_gib);
            assert!(s.pick.headroom >= 0.0);
        }
    }
}
