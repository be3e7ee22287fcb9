//! What the job does with the model. One variant per kind of job the calculator sizes.

use super::InputError;

mod check;
mod serve;

pub use check::{MAX_MICRO_BATCH, MAX_SEQ_LEN};
pub use serve::{KvPrecision, Serve, Server, WeightFormat};

/// The job.
#[derive(Debug, Clone, PartialEq)]
pub enum Workload {
    /// Pre-training or full fine-tuning: every weight is trained.
    Train(Train),
    /// LoRA or QLoRA fine-tuning: frozen base weights plus small trained adapters.
    Lora(Lora),
    /// Serving an LLM: weights plus KV cache, latency and throughput.
    Serve(Serve),
    /// Classic deep learning (CNNs, small transformers) counted in samples and epochs.
    Classic(Classic),
    /// Serving a vision, recommender or encoder model: requests per second within a latency
    /// bound, each request one forward pass of known FLOPs.
    Infer(Infer),
    /// Scientific computing in double precision (FP64), given by its operations or by the hours
    /// it takes on a reference GPU.
    Science(Science),
    /// Offline rendering or live video streams.
    Render(Render),
    /// An interactive development box: only memory and hours matter.
    DevBox(DevBox),
}

/// Numeric formats of a training run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TrainPrecision {
    /// Everything in fp32 (4-byte weights and gradients, no master copy).
    Fp32,
    /// bf16 compute with an fp32 master copy of the weights (mixed precision).
    Bf16Mixed,
    /// fp16 compute with an fp32 master copy and loss scaling (GPUs without bf16).
    Fp16Mixed,
    /// fp8 matrix multiplies (Transformer Engine style) with bf16 weights and an fp32 master copy.
    Fp8Mixed,
    /// Pure bf16: weights, gradients and optimizer states in bf16, no fp32 copy.
    Bf16,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Optimizer {
    /// Adam / AdamW: two fp32 states (momentum, variance) per parameter.
    AdamW,
    /// bitsandbytes 8-bit Adam: two 1-byte states per parameter.
    Adam8bit,
    /// Adafactor without momentum: factored second moment, one row and one column per matrix.
    Adafactor,
    /// SGD with momentum: one state per parameter.
    SgdMomentum,
}

/// ZeRO stage (FSDP full sharding is stage 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ZeroStage {
    /// Plain data parallelism: every GPU holds everything.
    Zero0,
    /// Optimizer states sharded across data-parallel ranks.
    Zero1,
    /// + gradients sharded.
    Zero2,
    /// + weights sharded (FSDP FULL_SHARD).
    Zero3,
}

impl ZeroStage {
    pub fn from_number(n: u8) -> Option<ZeroStage> {
        match n {
            0 => Some(ZeroStage::Zero0),
            1 => Some(ZeroStage::Zero1),
            2 => Some(ZeroStage::Zero2),
            3 => Some(ZeroStage::Zero3),
            _ => None,
        }
    }

    pub fn number(self) -> u8 {
        self as u8
    }
}

/// Activation recomputation (gradient checkpointing).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Recompute {
    /// Keep every activation the backward pass needs.
    None,
    /// Recompute only the attention core (Korthikanti et al. 2022): drops the s² terms.
    Selective,
    /// Keep only each layer's input; recompute the layer in the backward pass (one extra forward).
    Full,
}

/// How the model is split across GPUs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Parallelism {
    pub zero: ZeroStage,
    /// Tensor-parallel degree (inside a node).
    pub tensor: u32,
    /// Pipeline stages.
    pub pipeline: u32,
    /// Model chunks per pipeline stage (Megatron's interleaved 1F1B schedule): the bubble
    /// shrinks by this factor, point-to-point traffic grows by it. 1: plain 1F1B.
    pub virtual_stages: u32,
    /// Which of the three the person left to the engine: the planner chooses them per
    /// candidate (`sizing::layout`), memory and time use the values above as they stand.
    pub auto: AutoLayout,
}

/// Parts of a parallel layout the engine chooses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct AutoLayout {
    pub zero: bool,
    pub tensor: bool,
    pub pipeline: bool,
}

impl AutoLayout {
    /// Everything chosen by the engine.
    pub const ALL: AutoLayout = AutoLayout {
        zero: true,
        tensor: true,
        pipeline: true,
    };

    pub fn any(self) -> bool {
        self.zero || self.tensor || self.pipeline
    }
}

impl Default for Parallelism {
    fn default() -> Self {
        Parallelism {
            zero: ZeroStage::Zero0,
            tensor: 1,
            pipeline: 1,
            virtual_stages: 1,
            auto: AutoLayout::default(),
        }
    }
}

/// Batch shape and activation handling shared by full and LoRA training.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TrainShape {
    /// Tokens to train on (D).
    pub tokens: f64,
    pub seq_len: u32,
    /// Sequences per GPU per forward/backward pass.
    pub micro_batch: u32,
    /// Tokens per optimizer step across all GPUs; `None`: one micro-batch per GPU per step.
    pub global_batch_tokens: Option<f64>,
    pub recompute: Recompute,
    /// Fused (flash) attention: the s × s score matrix is never stored.
    pub flash_attention: bool,
    /// How the cross-entropy is computed; its logits are the largest single tensor of a
    /// fine-tuning step at long context.
    pub loss: Loss,
}

/// How the loss over the vocabulary is computed. It decides whether the whole s × V logits
/// exist in fp32 (Hugging Face Transformers), in 16 bits only (chunked), or never (fused).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Loss {
    /// Hugging Face Transformers: fp32 logits, a shifted fp32 copy, the fp32 log-softmax kept
    /// for the backward pass and its fp32 gradient.
    Standard,
    /// torchtune's `CEWithChunkedOutputLoss` and similar: 16-bit logits, upcast chunk by chunk.
    Chunked,
    /// Fused linear cross-entropy (Liger Kernel, Cut Cross-Entropy, Unsloth): the output layer
    /// and the loss run chunk by chunk; the whole logits never exist.
    Fused,
}

impl Default for TrainShape {
    fn default() -> Self {
        TrainShape {
            tokens: 1e9,
            seq_len: 2048,
            micro_batch: 1,
            global_batch_tokens: None,
            recompute: Recompute::None,
            flash_attention: true,
            loss: Loss::Standard,
        }
    }
}

/// Pre-training or full fine-tuning.
#[derive(Debug, Clone, PartialEq)]
pub struct Train {
    pub shape: TrainShape,
    pub precision: TrainPrecision,
    pub optimizer: Optimizer,
    pub parallel: Parallelism,
    /// Optimizer states in pageable host memory (bitsandbytes paged optimizers): they leave the
    /// GPU under memory pressure and are copied back when needed, over PCIe.
    pub paged_optimizer: bool,
    /// Each gradient is applied and freed as soon as it is computed (torchtune
    /// `optimizer_in_bwd`): only one gradient tensor is alive at a time.
    pub optimizer_in_backward: bool,
}

impl Default for Train {
    fn default() -> Self {
        Train {
            shape: TrainShape::default(),
            precision: TrainPrecision::Bf16Mixed,
            optimizer: Optimizer::AdamW,
            parallel: Parallelism::default(),
            paged_optimizer: false,
            optimizer_in_backward: false,
        }
    }
}

/// Which linear modules carry LoRA adapters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct LoraTargets {
    pub q: bool,
    pub k: bool,
    pub v: bool,
    pub o: bool,
    pub gate: bool,
    pub up: bool,
    pub down: bool,
}

impl LoraTargets {
    /// Every linear layer of the blocks (the QLoRA paper's recommendation).
    pub const ALL: LoraTargets = LoraTargets {
        q: true,
        k: true,
        v: true,
        o: true,
        gate: true,
        up: true,
        down: true,
    };

    /// Parses `q,k,v,o,gate,up,down` style names (also `q_proj`, `gate_proj`, `all`).
    pub fn parse(names: &[String]) -> Result<LoraTargets, InputError> {
        let mut t = LoraTargets::default();
        for raw in names {
            // `trim_end_matches("_proj")`, without core's substring searcher (see `crate::text`).
            let mut name = raw.trim();
            while let Some(stem) = name.strip_suffix("_proj") {
                name = stem;
            }
            match name {
                "q" => t.q = true,
                "k" => t.k = true,
                "v" => t.v = true,
                "o" | "output" => t.o = true,
                "gate" => t.gate = true,
                "up" => t.up = true,
                "down" => t.down = true,
                "all" => t = LoraTargets::ALL,
                other => {
                    return Err(InputError::new(
                        "workload.targets",
                        format!("unknown module '{other}' (use q, k, v, o, gate, up, down or all)"),
                    ))
                }
            }
        }
        Ok(t)
    }

    pub fn any(&self) -> bool {
        self.q || self.k || self.v || self.o || self.gate || self.up || self.down
    }
}

/// LoRA / QLoRA fine-tuning.
#[derive(Debug, Clone, PartialEq)]
pub struct Lora {
    pub shape: TrainShape,
    pub rank: u32,
    pub targets: LoraTargets,
    /// 4-bit NF4 base weights with double quantisation (QLoRA).
    pub qlora: bool,
    pub paged_optimizer: bool,
    /// Optimizer of the adapters.
    pub optimizer: Optimizer,
    pub parallel: Parallelism,
    /// Matmul precision of the frozen weights: fp8 runs their matmuls in 8 bits (the weights
    /// stay 16-bit in memory); anything else is bf16.
    pub precision: TrainPrecision,
}

impl Default for Lora {
    fn default() -> Self {
        Lora {
            shape: TrainShape::default(),
            rank: 16,
            targets: LoraTargets {
                q: true,
                v: true,
                ..LoraTargets::default()
            },
            qlora: false,
            paged_optimizer: false,
            optimizer: Optimizer::AdamW,
            parallel: Parallelism::default(),
            precision: TrainPrecision::Bf16Mixed,
        }
    }
}

/// Classic training counted in samples (images, clips, short texts).
#[derive(Debug, Clone, PartialEq)]
pub struct Classic {
    pub samples: f64,
    pub epochs: f64,
    /// Samples per GPU per step.
    pub batch: u32,
    pub precision: TrainPrecision,
    pub optimizer: Optimizer,
    /// For transformer presets: tokens per sample (patches for ViT, tokens for BERT).
    pub seq_len: Option<u32>,
}

/// Numeric format an inference model runs in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum InferPrecision {
    /// fp16 (or bf16) tensor-core matmuls.
    Fp16,
    /// int8 tensor-core matmuls (post-training quantisation, as MLPerf submissions run).
    Int8,
}

/// Serving a non-LLM model (vision, recommender, BERT-like encoder): one forward pass a request.
#[derive(Debug, Clone, PartialEq)]
pub struct Infer {
    /// Forward FLOPs of one request (hardware FLOPs: a multiply-add counts two), when the user
    /// states them; `None`: from the model (its per-sample figure or its architecture).
    pub gflops_per_sample: Option<f64>,
    pub precision: InferPrecision,
    /// Compiled with TensorRT (or a similar ahead-of-time engine); otherwise eager PyTorch.
    pub tensorrt: bool,
    /// Largest batch the server forms (dynamic batching).
    pub batch: u32,
    /// Tokens per request for encoder presets (BERT); `None`: the model's maximum positions.
    pub seq_len: Option<u32>,
    /// Longest acceptable time from a request's arrival to its answer, ms; `None`: none.
    pub latency_ms: Option<f64>,
    /// Average traffic, requests per second; `None`: one replica's capacity.
    pub requests_per_s: Option<f64>,
}

/// A double-precision (FP64) job: simulation, linear algebra, anything that needs 64-bit floats.
#[derive(Debug, Clone, PartialEq)]
pub struct Science {
    /// FP64 operations of the whole job, in PFLOP (10^15); `None`: given by `reference_hours`.
    pub pflop: Option<f64>,
    /// Share of the FP64 peak the code sustains when the job is given in operations.
    pub share: f64,
    /// Hours the job takes on one `reference_gpu`, when the user measured it.
    pub reference_hours: Option<f64>,
    /// Catalog id of the GPU `reference_hours` was measured on.
    pub reference_gpu: String,
    /// Memory the job needs on each GPU, GiB.
    pub memory_gib: f64,
}

/// Offline rendering (frames) or live video streams.
#[derive(Debug, Clone, PartialEq)]
pub struct Render {
    /// Frames to render (0 for a pure streaming job).
    pub frames: f64,
    /// Seconds one frame takes on `reference_gpu`, measured by the user.
    pub reference_seconds_per_frame: f64,
    /// Catalog id of the GPU the reference time was measured on.
    pub reference_gpu: String,
    /// Scene (geometry + textures) resident on each GPU, GiB.
    pub scene_gib: f64,
    /// Concurrent video streams to encode, each needing a hardware encoder session.
    pub streams: u32,
    /// Memory each stream's decode/encode buffers take, GiB.
    pub stream_gib: f64,
    /// Hours the streams run.
    pub stream_hours: f64,
}

/// An interactive box: the user states the memory they need and the hours they will use it.
#[derive(Debug, Clone, PartialEq)]
pub struct DevBox {
    pub hours: f64,
    /// The least GPU memory, as the card is sold: a development box asks for a class of card
    /// ("a 24 GB card"), not for a computed need, so a 24 GiB card qualifies for 24.
    pub min_gpu_memory_gib: f64,
    /// Accept accelerators that need a software stack other than CUDA (ROCm, CANN, XLA,
    /// Neuron). Off by default: development code, notebooks and their libraries assume CUDA.
    pub non_cuda: bool,
}

/// What a training job reads from storage. The throughput is the user's when they know it;
/// otherwise the plan takes it from the storage each candidate would use (its local NVMe, or the
/// provider's tier), since that is what differs between offers.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DataSource {
    /// Bytes read per training sample (per sequence for LLMs, per image for CNNs).
    pub bytes_per_sample: f64,
    /// Sustained read throughput, MB/s, when the user states it.
    pub storage_mbs: Option<f64>,
}

impl DataSource {
    /// The feed at `storage_mbs` (the stated figure wins over the one given).
    pub fn feed(&self, storage_mbs: f64) -> DataFeed {
        DataFeed {
            bytes_per_sample: self.bytes_per_sample,
            storage_mbs: self.storage_mbs.unwrap_or(storage_mbs),
        }
    }
}

/// Storage feeding the job: when it cannot deliver the bytes the GPUs consume, it sets the pace.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DataFeed {
    /// Bytes read per training sample (per sequence for LLMs, per image for CNNs).
    pub bytes_per_sample: f64,
    /// Sustained read throughput of the storage, MB/s (10^6 bytes per second).
    pub storage_mbs: f64,
}

impl Parallelism {
    /// GPUs one model replica spans.
    pub fn model_parallel(&self) -> u32 {
        self.tensor.saturating_mul(self.pipeline).max(1)
    }
}

impl Workload {
    /// An online service, priced by the month from its traffic; everything else (an offline
    /// batch of requests included) is a job with an end, priced by its hours.
    pub fn is_service(&self) -> bool {
        matches!(self, Workload::Serve(s) if s.batch_requests.is_none())
            || matches!(self, Workload::Infer(_))
    }

    /// This workload doing `other`'s amount of work (a training run's tokens, a classic job's
    /// samples and epochs) when both are of one kind. The amount decides how long a job runs,
    /// never where it fits or how it is laid out, so a job's placements outlive a change of it.
    pub(crate) fn with_amount_of(&self, other: &Workload) -> Workload {
        let mut w = self.clone();
        match (&mut w, other) {
            (Workload::Train(t), Workload::Train(o)) => t.shape.tokens = o.shape.tokens,
            (Workload::Lora(l), Workload::Lora(o)) => l.shape.tokens = o.shape.tokens,
            (Workload::Classic(c), Workload::Classic(o)) => {
                c.samples = o.samples;
                c.epochs = o.epochs;
            }
            _ => {}
        }
        w
    }
}
