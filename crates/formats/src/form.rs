//! The scenario form: every input of a scenario as one flat, serialisable record.
//!
//! Flat on purpose: the page binds each field to a control, a share link writes each non-default
//! field as one `key=value`, and switching the workload keeps the other workloads' fields.
//! [`Form::to_request`] turns it into the engine's request, checking every value.

mod keys;
mod request;

pub use keys::{
    ArrivalKey, CurrencyKey, InferKey, KvKey, LossKey, ModeKey, ModelSource, ObjectiveKey,
    OptimizerKey, PeriodKey, PrecisionKey, RecomputeKey, ServerKey, WeightKey, WorkloadKind,
};
pub use request::in_form_terms;

use crate::fields;
use crate::json::Json;
use gpu_sizer_engine::cost::money::Exchange;
use gpu_sizer_engine::cost::queue::{DEFAULT_IDLE_STOP_MIN, DEFAULT_STARTUP_MIN};
use gpu_sizer_engine::scenario::InputError;
use serde::{Deserialize, Serialize};

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
    /// The job on the person's own machine: `gpus` × `gpu` (see `own_machine`).
    pub own: bool,
    /// What an hour of the person's machine costs them; `None`: no price, time only.
    pub own_price: Option<f64>,
    /// Head to head: comma-separated GPU or offer ids the job is compared on.
    pub versus: String,
    /// Comma-separated provider ids (empty: all).
    pub providers: String,
    /// Comma-separated regions (empty: all).
    pub regions: String,
    /// Comma-separated billing modes (empty: all).
    pub modes: String,
    pub need_nvlink: bool,
    pub need_mig: bool,
    /// Also consider MIG slices (`catalog::mig`), priced at their share × `mig_price_factor`.
    pub mig_slices: bool,
    pub mig_price_factor: f64,
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
    /// Fixed public bandwidth bought (按固定带宽), Mbps; 0: traffic paid by the GB.
    pub bandwidth_mbps: f64,
    /// Months after which a subscription is expected to be cancelled; `None`: kept.
    pub stop_after_months: Option<f64>,
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

    // Non-LLM inference (with `batch`, `seq_len`, `latency_ms`, `requests_per_s`, `peak_ratio`).
    pub infer_precision: InferKey,
    /// Compiled with TensorRT; otherwise eager PyTorch.
    pub tensorrt: bool,
    /// Forward GFLOPs of one request, when typed in; `None`: from the model.
    pub infer_gflops: Option<f64>,

    // Scientific computing in FP64 (with `reference_gpu`).
    /// FP64 operations of the job, PFLOP; `None`: given by `fp64_ref_hours`.
    pub fp64_pflop: Option<f64>,
    /// Share of the FP64 peak the code sustains.
    pub fp64_share: f64,
    /// Hours the job takes on one `reference_gpu`.
    pub fp64_ref_hours: Option<f64>,
    /// Memory the job needs per GPU, GiB.
    pub fp64_memory_gib: f64,

    // Data moved each month beyond the internet egress (`fields/table/transfer.rs`).
    /// Between availability zones of the pick's region, GB a month.
    pub cross_zone_gb: f64,
    /// To another cloud or region, GB a month.
    pub cross_cloud_gb: f64,
    // A queue of the job over the month: started and stopped, or kept up.
    /// Jobs each `queue_per`; `None`: one job, no queue.
    pub queue_jobs: Option<f64>,
    pub queue_per: PeriodKey,
    /// Hours one job runs on the chosen instance; `None`: the scenario's own job.
    pub queue_job_h: Option<f64>,
    pub queue_arrival: ArrivalKey,
    /// Minutes billed at each start before the work begins.
    pub queue_startup_min: f64,
    /// Idle minutes before the scale-down stops the instances.
    pub queue_idle_min: f64,
    /// Sets of the job's instances kept up all month.
    pub queue_kept: u32,
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
            own: false,
            own_price: None,
            versus: String::new(),
            providers: String::new(),
            regions: String::new(),
            modes: String::new(),
            need_nvlink: false,
            need_mig: false,
            mig_slices: false,
            mig_price_factor: 1.0,
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
            bandwidth_mbps: 0.0,
            stop_after_months: None,
            idle_h: 0.0,
            idle_periods: 0.0,
            auto_stop_min: None,
            setup_h: 0.5,
            spot_rate: None,
            restart_min: 10.0,
            checkpoint_min: 5.0,
            currency: CurrencyKey::Usd,
            cny_per_usd: Exchange::default().cny_per_usd,
            infer_precision: InferKey::Int8,
            tensorrt: true,
            infer_gflops: None,
            fp64_pflop: Some(1000.0),
            fp64_share: 0.5,
            fp64_ref_hours: None,
            fp64_memory_gib: 16.0,
            cross_zone_gb: 0.0,
            cross_cloud_gb: 0.0,
            queue_jobs: None,
            queue_per: PeriodKey::Day,
            queue_job_h: None,
            queue_arrival: ArrivalKey::Spread,
            queue_startup_min: DEFAULT_STARTUP_MIN,
            queue_idle_min: DEFAULT_IDLE_STOP_MIN,
            queue_kept: 1,
        }
    }
}

impl Form {
    /// An online service, priced by the month; an offline batch of requests is a job with
    /// an end, like training.
    pub fn is_service(&self) -> bool {
        (self.workload == WorkloadKind::Serve && self.batch_requests.is_none())
            || self.workload == WorkloadKind::Infer
    }

    /// The form as the flat JSON record [`Form::from_json`] reads, as `serde_json::to_string`
    /// writes it, but from the link's field values ([`fields::json_of`]): the page writes its
    /// draft on every change, and this spares its wasm a second copy of the form's serialiser.
    pub fn to_json(&self) -> String {
        fields::json_of(&fields::values_of(self))
    }

    /// Reads a form from JSON: the flat record the page saves, every field optional (missing
    /// fields take their defaults). A misspelt field, a value of the wrong type or an unknown
    /// choice is an error naming the field.
    pub fn from_json(text: &str) -> Result<Form, InputError> {
        let value = Json::parse(text)
            .map_err(|e| InputError::new("json", format!("not valid JSON: {e}")))?;
        let Json::Object(map) = value else {
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

#[cfg(test)]
mod tests;
