//! What the job does with the model. One variant per kind of job the calculator sizes.

use super::{check_count, check_range, InputError};

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
            let name = raw.trim().trim_end_matches("_proj");
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

/// Weight storage format when serving.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WeightFormat {
    Fp32,
    Bf16,
    Fp8,
    Int8,
    /// 4-bit floating point with block scales (NVFP4, MXFP4): Blackwell's tensor cores run it.
    Fp4,
    Int4Gptq,
    Int4Awq,
    /// GGUF Q4_0: 32 weights in 4 bits with one 16-bit scale (llama.cpp's plainest 4-bit).
    GgufQ4_0,
    GgufQ4KM,
    GgufQ5KM,
    GgufQ6K,
    GgufQ8_0,
}

/// KV-cache element format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KvPrecision {
    Bf16,
    Fp8,
    Int8,
    /// 4-bit KV cache with block scales (TensorRT-LLM's NVFP4 cache on Blackwell).
    Fp4,
    /// llama.cpp's quantised caches (`--cache-type-k q8_0`, `q4_0`).
    Q8_0,
    Q4_0,
}

impl KvPrecision {
    pub fn bytes(self) -> f64 {
        match self {
            KvPrecision::Bf16 => 2.0,
            KvPrecision::Fp8 | KvPrecision::Int8 => 1.0,
            // 16 values in 4 bits with an 8-bit scale.
            KvPrecision::Fp4 => (16.0 * 4.0 + 8.0) / 8.0 / 16.0,
            // GGUF blocks of 32 values with a 16-bit scale: 34 and 18 bytes.
            KvPrecision::Q8_0 => 34.0 / 32.0,
            KvPrecision::Q4_0 => 18.0 / 32.0,
        }
    }
}

/// LLM inference servers. Each reserves GPU memory by its own rule and reaches its own share of
/// the hardware's speed; `sizing::server` holds their published figures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Server {
    Vllm,
    Sglang,
    TensorrtLlm,
    Tgi,
    /// llama.cpp and what runs on it (Ollama, LM Studio).
    LlamaCpp,
}

/// Serving an LLM.
#[derive(Debug, Clone, PartialEq)]
pub struct Serve {
    /// The server software: it decides how memory is reserved and how fast decode runs.
    pub server: Server,
    pub weights: WeightFormat,
    pub kv: KvPrecision,
    /// Longest context one sequence may reach (prompt + output), tokens.
    pub context_tokens: u32,
    /// Sequences decoded together (the batch of continuous batching).
    pub concurrency: u32,
    /// Typical request: prompt and output lengths, tokens.
    pub prompt_tokens: u32,
    pub output_tokens: u32,
    /// The server's memory setting (vLLM `gpu_memory_utilization`, SGLang
    /// `mem_fraction_static`, TensorRT-LLM `free_gpu_memory_fraction`); `None`: its default.
    pub memory_utilization: Option<f64>,
    /// Tensor-parallel degree; `None` lets the engine pick the smallest power of two that fits.
    pub tensor_parallel: Option<u32>,
    /// Pipeline stages; `None`: one stage per node when a replica spans several nodes.
    pub pipeline_parallel: Option<u32>,
    /// Offline batch job: requests to process at the largest batch that fits, which gives the
    /// job a duration and a total cost; `None`: an online service sized per month.
    pub batch_requests: Option<f64>,
    /// Tokens one forward pass may process (vLLM `max_num_batched_tokens`); `None`: vLLM's
    /// default without chunked prefill, max(context, 2048).
    pub batch_tokens: Option<u32>,
    /// Longest acceptable time per output token, ms (drives requests/s at a latency target).
    pub latency_target_ms: Option<f64>,
    /// Traffic to serve, requests per second (drives the instance count).
    pub requests_per_s: Option<f64>,
}

impl Default for Serve {
    fn default() -> Self {
        Serve {
            server: Server::Vllm,
            weights: WeightFormat::Bf16,
            kv: KvPrecision::Bf16,
            context_tokens: 4096,
            concurrency: 1,
            prompt_tokens: 512,
            output_tokens: 256,
            memory_utilization: None,
            tensor_parallel: None,
            pipeline_parallel: None,
            batch_requests: None,
            batch_tokens: None,
            latency_target_ms: None,
            requests_per_s: None,
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

    pub fn check(&self) -> Result<(), InputError> {
        check_range("data.bytes_per_sample", self.bytes_per_sample, 0.0, 1e12)?;
        if let Some(mbs) = self.storage_mbs {
            check_range("data.storage_mbs", mbs, 1e-3, 1e9)?;
        }
        Ok(())
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

/// Upper bound on token counts (10^15 is far beyond any published training run).
const MAX_TOKENS: f64 = 1e15;
/// Longest training sequence accepted; searches for the longest that fits stop here.
pub const MAX_SEQ_LEN: u32 = 10_000_000;
/// Largest micro-batch accepted; searches for the largest that fits stop here.
pub const MAX_MICRO_BATCH: u32 = 1_000_000;

impl TrainShape {
    /// Checks the shape's numbers; errors name the `workload.*` field.
    pub fn check(&self) -> Result<(), InputError> {
        check_range("workload.tokens", self.tokens, 1.0, MAX_TOKENS)?;
        check_count("workload.seq_len", self.seq_len, 1, MAX_SEQ_LEN)?;
        check_count("workload.micro_batch", self.micro_batch, 1, MAX_MICRO_BATCH)?;
        if let Some(g) = self.global_batch_tokens {
            check_range("workload.global_batch_tokens", g, 1.0, MAX_TOKENS)?;
        }
        Ok(())
    }
}

impl Parallelism {
    pub fn check(&self) -> Result<(), InputError> {
        check_count("workload.tensor_parallel", self.tensor, 1, 1024)?;
        check_count("workload.pipeline_parallel", self.pipeline, 1, 1024)?;
        check_count("workload.virtual_pipeline", self.virtual_stages, 1, 1024)?;
        Ok(())
    }

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
    }

    /// Checks every number of the workload; the error names the field.
    pub fn check(&self) -> Result<(), InputError> {
        match self {
            Workload::Train(t) => {
                t.shape.check()?;
                t.parallel.check()
            }
            Workload::Lora(l) => {
                l.shape.check()?;
                l.parallel.check()?;
                check_count("workload.rank", l.rank, 1, 65_536)?;
                if !l.targets.any() {
                    return Err(InputError::new(
                        "workload.targets",
                        "choose at least one module for the adapters",
                    ));
                }
                Ok(())
            }
            Workload::Serve(s) => {
                check_count("workload.context_tokens", s.context_tokens, 1, 100_000_000)?;
                check_count("workload.concurrency", s.concurrency, 1, 1_000_000)?;
                check_count("workload.prompt_tokens", s.prompt_tokens, 0, 100_000_000)?;
                check_count("workload.output_tokens", s.output_tokens, 1, 100_000_000)?;
                if u64::from(s.prompt_tokens) + u64::from(s.output_tokens)
                    > u64::from(s.context_tokens)
                {
                    return Err(InputError::new(
                        "workload.context_tokens",
                        format!(
                            "must hold prompt + output tokens ({} + {})",
                            s.prompt_tokens, s.output_tokens
                        ),
                    ));
                }
                if let Some(u) = s.memory_utilization {
                    check_range("workload.memory_utilization", u, 0.05, 1.0)?;
                }
                if let Some(tp) = s.tensor_parallel {
                    check_count("workload.tensor_parallel", tp, 1, 1024)?;
                }
                if let Some(pp) = s.pipeline_parallel {
                    check_count("workload.pipeline_parallel", pp, 1, 1024)?;
                }
                if let Some(n) = s.batch_requests {
                    check_range("workload.batch_requests", n, 1.0, MAX_TOKENS)?;
                }
                if let Some(b) = s.batch_tokens {
                    check_count("workload.batch_tokens", b, 1, 100_000_000)?;
                }
                if let Some(l) = s.latency_target_ms {
                    check_range("workload.latency_target_ms", l, 0.01, 1e7)?;
                }
                if let Some(r) = s.requests_per_s {
                    check_range("workload.requests_per_s", r, 0.0, 1e9)?;
                }
                Ok(())
            }
            Workload::Classic(c) => {
                check_range("workload.samples", c.samples, 1.0, MAX_TOKENS)?;
                check_range("workload.epochs", c.epochs, 0.001, 1e6)?;
                check_count("workload.batch", c.batch, 1, MAX_MICRO_BATCH)?;
                if let Some(s) = c.seq_len {
                    check_count("workload.seq_len", s, 1, MAX_SEQ_LEN)?;
                }
                Ok(())
            }
            Workload::Render(r) => {
                check_range("workload.frames", r.frames, 0.0, 1e12)?;
                check_range(
                    "workload.reference_seconds_per_frame",
                    r.reference_seconds_per_frame,
                    0.0,
                    1e9,
                )?;
                check_range("workload.scene_gib", r.scene_gib, 0.0, 100_000.0)?;
                check_count("workload.streams", r.streams, 0, 100_000)?;
                check_range("workload.stream_gib", r.stream_gib, 0.0, 1_000.0)?;
                check_range("workload.stream_hours", r.stream_hours, 0.0, 1e6)?;
                if r.frames == 0.0 && r.streams == 0 {
                    return Err(InputError::new(
                        "workload.frames",
                        "give frames to render or streams to encode",
                    ));
                }
                Ok(())
            }
            Workload::DevBox(d) => {
                check_range("workload.hours", d.hours, 0.0, 1e6)?;
                check_range(
                    "workload.min_gpu_memory_gib",
                    d.min_gpu_memory_gib,
                    0.0,
                    100_000.0,
                )?;
                Ok(())
            }
        }
    }
}

impl DataFeed {
    pub fn check(&self) -> Result<(), InputError> {
        check_range("data.bytes_per_sample", self.bytes_per_sample, 0.0, 1e12)?;
        check_range("data.storage_mbs", self.storage_mbs, 1e-3, 1e9)?;
        Ok(())
    }
}
