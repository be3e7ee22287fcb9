//! Every default constant of the sizing, with where it comes from.
//!
//! A constant is either read in a cited public source, derived by arithmetic from one (the doc
//! comment shows the arithmetic), or marked ASSUMPTION. Changing a figure here changes it
//! everywhere; `tests/calibration.rs` shows what that does against published measurements.

/// A low / expected / high triple. For efficiencies, `low` is the pessimistic value.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Band {
    pub low: f64,
    pub expected: f64,
    pub high: f64,
}

impl Band {
    pub const fn new(low: f64, expected: f64, high: f64) -> Band {
        Band {
            low,
            expected,
            high,
        }
    }

    /// All three equal.
    pub const fn exact(v: f64) -> Band {
        Band::new(v, v, v)
    }

    /// Applies `f` to each value.
    pub fn map(self, f: impl Fn(f64) -> f64) -> Band {
        Band::new(f(self.low), f(self.expected), f(self.high))
    }

    /// Scales each value.
    pub fn scale(self, k: f64) -> Band {
        self.map(|v| v * k)
    }

    /// The band of a quantity inversely proportional to this one (time from a rate): the low
    /// rate gives the high time.
    pub fn invert(self, numerator: f64) -> Band {
        let inv = |v: f64| {
            if v > 0.0 {
                numerator / v
            } else {
                f64::INFINITY
            }
        };
        Band::new(inv(self.high), inv(self.expected), inv(self.low))
    }
}

// ---------------------------------------------------------------- bytes per parameter

/// fp32 master copy of the weights in mixed precision (ZeRO §3: 2 + 2 + 12 bytes per parameter
/// for fp16 weights, fp16 gradients and fp32 master weights, momentum and variance).
pub const MASTER_BYTES: f64 = 4.0;
/// Adam / AdamW: momentum and variance in fp32 (ZeRO §3, TM101).
pub const ADAMW_STATE_BYTES: f64 = 8.0;
/// 8-bit Adam: two 1-byte block-quantised states (Dettmers 2021).
pub const ADAM8BIT_STATE_BYTES: f64 = 2.0;
/// SGD with momentum: one fp32 state (TM101).
pub const SGD_STATE_BYTES: f64 = 4.0;
/// Adafactor without momentum keeps one fp32 row and one fp32 column per weight matrix.
pub const ADAFACTOR_STATE_BYTES_PER_ROW_OR_COLUMN: f64 = 4.0;

/// Bytes per token and vocabulary entry of the standard (Hugging Face) loss at its peak: the fp32
/// logits returned with the output 4, the shifted contiguous copy 4, the log-softmax kept for the
/// backward pass 4 and its fp32 gradient 4 = 16 (HF_LOSS; the 16-bit logits are transient).
pub const STANDARD_LOSS_BYTES: f64 = 16.0;
/// Chunked loss: the 16-bit logits stay whole for the backward pass; the fp32 work is one chunk
/// of eight (CHUNKED_LOSS): 2 + 14 / 8.
pub const CHUNKED_LOSS_BYTES: f64 = 2.0 + (STANDARD_LOSS_BYTES - 2.0) / 8.0;
/// Fused loss: one chunk of about s·b·h logits at a time, with the standard loss's fp32 work
/// per element (FUSED_LOSS).
pub const FUSED_LOSS_BYTES_PER_HIDDEN: f64 = STANDARD_LOSS_BYTES;

/// LoRA adapters are kept in fp32 with fp32 gradients (ASSUMPTION: Hugging Face PEFT's habit of
/// upcasting adapters; they are small, so the choice barely moves totals).
pub const ADAPTER_BYTES: f64 = 4.0;

/// NF4 weights: 4 bits per parameter (QLoRA §3).
pub const NF4_BITS: f64 = 4.0;
/// Quantisation constants after double quantisation: 8-bit block-64 constants with an fp32
/// constant per 256 of them: 8/64 + 32/(64·256) = 0.127 bits per parameter (QLoRA §3; 0.5 bits
/// with plain fp32 block-64 constants).
pub const NF4_CONSTANT_BITS: f64 = 8.0 / 64.0 + 32.0 / (64.0 * 256.0);
/// GPTQ/AWQ 4-bit: one fp16 scale and one 4-bit zero point per group of 128 weights:
/// 4 + (16 + 4)/128 = 4.156 bits (group size from AutoAWQ's default config).
pub const INT4_GROUP_BITS: f64 = 4.0 + (16.0 + 4.0) / 128.0;
/// NVFP4: 16 four-bit values share one fp8 scale, 4 + 8/16 = 4.5 bits (NVIDIA, "Introducing
/// NVFP4", <https://developer.nvidia.com/blog/introducing-nvfp4-for-efficient-and-accurate-low-precision-inference/>).
pub const FP4_BITS: f64 = 4.0 + 8.0 / 16.0;
/// GGUF Q4_0: blocks of 32 four-bit weights with one fp16 scale, 18 bytes per 32 weights.
pub const GGUF_Q4_0_BITS: f64 = 18.0 * 8.0 / 32.0;
/// GGUF bits per weight over the whole model, llama.cpp quantize README (Llama 3.1 8B).
pub const GGUF_Q4_K_M_BITS: f64 = 4.8944;
pub const GGUF_Q5_K_M_BITS: f64 = 5.7036;
pub const GGUF_Q6_K_BITS: f64 = 6.5633;
pub const GGUF_Q8_0_BITS: f64 = 8.5008;

// ---------------------------------------------------------------- memory overheads

/// CUDA context and library kernels loaded on the first CUDA call: 781 MiB (PyTorch #34323).
pub const CUDA_CONTEXT_GIB: f64 = 781.0 / 1024.0;
/// Communication buffers (NCCL, custom all-reduce) on every GPU of a multi-GPU job: vLLM's
/// non-torch memory went from 1.79 to 3.58 GiB per GPU at TP2.
pub const COMM_BUFFERS_GIB: f64 = 3.58 - 1.79;
/// Share of device memory held back for allocator fragmentation (ASSUMPTION).
pub const MEMORY_RESERVE: f64 = 0.05;
/// vLLM's default `gpu_memory_utilization` (as logged in the vLLM profile above).
pub const SERVING_MEMORY_UTILIZATION: f64 = 0.9;
/// Tokens vLLM profiles one forward pass with, when not set: max(context, 2048).
pub const SERVING_MIN_BATCH_TOKENS: u32 = 2048;
/// Sampler memory per sequence and vocabulary entry: fp32 logits, probabilities,
/// log-probabilities and one sorted copy for top-p/top-k (ASSUMPTION).
pub const SAMPLER_BYTES_PER_VOCAB: f64 = 16.0;
/// Mixture-of-experts serving at small batches runs far below its weight-read time in published
/// runs (DeepSeek-R1, 256 experts, batch 4: calibration cases IN105-IN111); the engine warns
/// instead of modelling it, for models with at least this many experts under this batch.
pub const MOE_SMALL_BATCH_EXPERTS: u32 = 64;
pub const MOE_SMALL_BATCH: u32 = 32;
/// Headroom under which a fit is flagged as fragile.
pub const LOW_HEADROOM: f64 = 0.10;

// ---------------------------------------------------------------- compute efficiency

// The share of the peak each GPU family reaches is data: `data/efficiency.toml`, one rate per
// family, kind of work and precision, each derived from a published run.

/// Bytes of memory traffic per byte of activations a transformer's forward pass produces
/// (written forward, read back and differentiated backward, plus the norms, activation
/// functions and residual adds in between). DERIVED from two published A100 runs that stress
/// it differently, solved together with the A100 matmul share: MPT-7B at 4641 tokens/s per GPU
/// (llm-foundry, hidden 4096, flash attention) and BERT-large SQuAD at 152 sequences/s
/// (Lambda, hidden 1024, 384-token scores kept): 7.6 bytes per byte, with a matmul share of
/// 0.72 (calibration cases TL17, TO18).
pub const TRANSFORMER_TRAFFIC: f64 = 7.6;
/// The same multiple for convolutional networks, of their published activation size (ResNet-50:
/// 42.6 MiB). Implied by single-GPU ResNet-50 runs given each card's matmul and bandwidth
/// shares: Lambda's PyTorch runs on ten cards 11.2-18.9, NVIDIA DeepLearningExamples on A100
/// and V100 7.8-9.3; expected 14.5 is their median. MLPerf's tuned MXNet runs imply 1.2-6.0
/// (L4, L40, L40S, A30, A10G): the fast end of the band takes 4.1, the slow end 18.9.
pub const CNN_TRAFFIC: Band = Band::new(4.1, 14.5, 18.9);

/// A rate borrowed from another family (or from training, for prefill) keeps its expected value
/// but its low end drops by this factor: nothing measured it on this hardware (ASSUMPTION).
pub const BORROWED_LOW: f64 = 0.8;

/// Decode reads the weights once per step: share of the memory bandwidth reached with 16-bit
/// weights. gpt-fast measured 1397 GB/s of 2039 on an A100-80GB (0.69) and calls ~1700 GB/s
/// (0.83) the practical peak; low 0.5 is an ASSUMPTION for servers without CUDA graphs.
pub const DECODE_BANDWIDTH_EFF: Band = Band::new(0.50, 0.69, 0.83);
/// Quantised weights cost dequantisation: effective bandwidth relative to 16-bit, from gpt-fast
/// (int8 1069 vs 1397 GB/s = 0.77, int4 863 = 0.62) and the llama.cpp quantize README
/// (Llama 3.1 8B tokens/s × size: Q8_0 0.93, Q6_K 0.83, Q5_K_M 0.82, Q4_K_M 0.76 of F16).
pub const DECODE_FACTOR_8BIT: f64 = (0.77 + 0.93) / 2.0;
pub const DECODE_FACTOR_5_6BIT: f64 = 0.82;
pub const DECODE_FACTOR_4BIT: f64 = (0.62 + 0.76) / 2.0;

/// Extra time for QLoRA's NF4 dequantisation: torchtune's RTX 4090 runs of Llama 3.1 8B give
/// 3083 tokens/s for LoRA and 2413 for QLoRA, 1.28× slower.
pub const QLORA_SLOWDOWN: f64 = 3083.0 / 2413.0;

// ---------------------------------------------------------------- communication

/// Share of the per-direction NVLink bandwidth an all-reduce reaches: ~200 of 300 GB/s.
pub const NVLINK_EFF: f64 = 200.0 / 300.0;
/// Share of a PCIe x16 link's per-direction bandwidth an all-reduce over a PCIe box reaches:
/// 28 GB/s of bus bandwidth on 8 GPUs in gen-5 slots (64 GB/s), where the CPU's root complex
/// and memory carry every flow (nccl issue 1639; 35 GB/s with 4 GPUs).
pub const PCIE_EFF: f64 = 28.0 / 64.0;
/// Share of a single GPU↔host PCIe flow reached when paging optimizer states (ASSUMPTION: the
/// NVLink share, one flow not contending with others).
pub const HOST_LINK_EFF: f64 = NVLINK_EFF;
/// Vendor fabrics inside the box (Infinity Fabric, ICI, NeuronLink, HCCS): NVLink's share is
/// assumed (ASSUMPTION).
pub const VENDOR_LINK_EFF: f64 = NVLINK_EFF;
/// Share of the network line rate NCCL reaches across nodes: 84.8 of 100 GB/s.
pub const NETWORK_EFF: f64 = 0.848;
/// The same share is assumed over plain Ethernet (ASSUMPTION; offers give its line rate).
pub const ETHERNET_EFF: f64 = NETWORK_EFF;
/// NVLink bridges between pairs (not an NVSwitch board): half the NVSwitch bandwidth for rings
/// over more than two GPUs (ASSUMPTION).
pub const NVLINK_BRIDGE_FACTOR: f64 = 0.5;
/// PCIe x16 bandwidth per direction by generation, GB/s: 8/16/32 GT/s × 16 lanes / 8 bits
/// (derived; 128b/130b encoding ignored).
pub fn pcie_gbs_per_direction(generation: u8) -> f64 {
    match generation {
        0..=3 => 16.0,
        4 => 32.0,
        _ => 64.0,
    }
}
/// Network per GPU when the offer does not state it, Gbit/s. InfiniBand/RoCE: 200 for Ampere
/// and older (llm-foundry's A100 cluster: 1600 Gbps per 8-GPU node), 400 for Hopper and later
/// (DGX H100: "InfiniBand: Compute links: 8x 400 Gbit/s", NVIDIA dgxc-benchmarking README);
/// EFA 50 (400 Gb/s for 8 GPUs); Ethernet 25 per node (ASSUMPTION).
pub const IB_GBPS_PER_GPU: f64 = 200.0;
pub const IB_GBPS_PER_GPU_HOPPER: f64 = 400.0;
pub const EFA_GBPS_PER_GPU: f64 = 50.0;
pub const ETHERNET_GBPS_PER_NODE: f64 = 25.0;
/// Latency of one small tensor-parallel all-reduce inside a node, seconds. DERIVED from gpt-fast:
/// Llama-2-7B at TP2/4/8 decodes in 5.92/3.94/3.04 ms per token against 9.53/tp ms of weight
/// reads, i.e. 1.2–1.9 ms over 64 all-reduces (2 per layer), about 25 µs each.
pub const TP_ALLREDUCE_LATENCY_S: f64 = 25e-6;
/// Share of tensor-parallel communication hidden behind the layer's matmuls. Frameworks range
/// from none (PyTorch's plain tensor parallelism) to most of it (Megatron-Core's
/// tp_comm_overlap, torchtitan's async TP, which gains 9-16% of the step over plain TP on
/// Llama 3.1 8B and 70B across 64-256 H100); half is taken, and the band covers both ends
/// (ASSUMPTION within that measured range).
pub const TP_HIDDEN_SHARE: f64 = 0.5;
/// Share of a training step's compute spent in the backward pass, where gradient reductions
/// hide: 4·N of the 6·N FLOPs per token (TM101).
pub const BACKWARD_SHARE: f64 = 4.0 / 6.0;
/// Compute slows while collectives run beside it (their kernels take cores and memory
/// bandwidth): on average by 18.9% (at most 40%) over GPT and Llama training on 4 A100, H100,
/// MI250 and MI210 (Lee et al. 2025). Added as that share of the overlapped time.
pub const OVERLAP_INTERFERENCE: f64 = 0.189;

// ---------------------------------------------------------------- reliability

/// Unexpected interruptions per GPU-hour: 419 / (16 384 GPUs × 54 days × 24 h) (DERIVED).
pub const INTERRUPTIONS_PER_GPU_HOUR: f64 = 419.0 / (16_384.0 * 54.0 * 24.0);
/// Cluster hours lost per interruption (restart + work since the last checkpoint): at most
/// 10% of 54 days over 466 interruptions = 0.278 h (DERIVED from ">90% effective time").
pub const HOURS_LOST_PER_INTERRUPTION: f64 = 0.10 * 54.0 * 24.0 / 466.0;

// ---------------------------------------------------------------- rendering

/// fp32 throughput ratios predict render speed only roughly; the band around the scaled time is
/// an ASSUMPTION (0.7× to 1.4×).
pub const RENDER_PROXY_BAND: Band = Band::new(0.7, 1.0, 1.4);

// ---------------------------------------------------------------- scientific computing (FP64)

/// An FP64 job's time scales with the FP64 peak only roughly (memory bandwidth and the share of
/// tensor-core DGEMM differ between codes): the band around the scaled time is an ASSUMPTION.
pub const FP64_PROXY_BAND: Band = Band::new(0.7, 1.0, 1.4);
/// A GPU whose FP64 rate is this many times below its FP32 rate or more is worth a warning:
/// consumer and inference parts run FP64 at 1/32 or 1/64 (CUDA C++ Programming Guide).
pub const WEAK_FP64_RATIO: f64 = 16.0;

// ---------------------------------------------------------------- non-LLM inference

/// Share of the tensor peak a TensorRT engine reaches at large batch: ResNet-50 INT8 offline
/// samples/s × 8.18 GFLOP (4.09 G multiply-adds × 2) over the int8 peak — H100 SXM 88,526/s:
/// 0.366 (IF01), L4 12,881.7/s: 0.435 (IF02), A100 SXM 80GB 42,379.3/s: 0.556 (IF03). Median
/// expected, slowest and fastest the band (DERIVED).
pub const INFER_TRT_SHARE: Band = Band::new(0.366, 0.435, 0.556);
/// The same for eager PyTorch with mixed precision at batch 256: V100 16GB 3,382 img/s: 0.221
/// (IF06), T4 1,198 img/s: 0.151 (IF07); the midpoint expected (DERIVED).
pub const INFER_EAGER_SHARE: Band = Band::new(0.151, 0.186, 0.221);
/// The shortest time one batch takes however small: launch and copy overheads. TensorRT: L4
/// ResNet-50 SingleStream median latency 0.346 ms (MLPerf v3.1). Eager PyTorch: V100 mixed
/// precision at batch 1, 12.78 ms (DeepLearningExamples; T4 12.96 ms). A batch takes the longer
/// of this floor and its compute time.
pub const INFER_TRT_FLOOR_MS: f64 = 0.346;
pub const INFER_EAGER_FLOOR_MS: f64 = 12.78;
/// Under dynamic batching a request may arrive just after a batch starts: it waits for that
/// batch, then runs in the next, so its latency is at most two batch times (ASSUMPTION: the
/// queueing bound, without the tail of random arrivals).
pub const INFER_BATCH_WAITS: f64 = 2.0;
