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

// ---------------------------------------------------------------- sources

pub const TM101: &str =
    "EleutherAI, Transformer Math 101 (2023), https://blog.eleuther.ai/transformer-math/";
pub const ZERO: &str =
    "Rajbhandari et al., ZeRO (2020) §3 and §7, https://arxiv.org/abs/1910.02054";
pub const KORTHIKANTI: &str = "Korthikanti et al., Reducing Activation Recomputation in Large Transformer Models (2022) §4, Table 2, https://arxiv.org/abs/2205.05198";
pub const DEEPSEEK_V2: &str =
    "DeepSeek-AI, DeepSeek-V2 (2024) §2.1, https://arxiv.org/abs/2405.04434";
pub const QLORA: &str =
    "Dettmers et al., QLoRA (2023) §3 (NF4, double quantization), https://arxiv.org/abs/2305.14314";
pub const HF_LOSS: &str = "Hugging Face Transformers, LlamaForCausalLM.forward (v4.36-v4.44): logits = logits.float(), shift_logits = logits[..., :-1, :].contiguous(), nn.CrossEntropyLoss, https://github.com/huggingface/transformers/blob/v4.44.0/src/transformers/models/llama/modeling_llama.py ; checked against Unsloth's long-context table (Hugging Face + FA2 column: 2.47 MB more per token of context for Llama 3.1 8B QLoRA, of which 2.06 MB is 16 B × 128,256), https://github.com/unslothai/unsloth/blob/e3162dc5bf88bf4c2b598c74cbcaba0706c4067b/README.md";
pub const CHUNKED_LOSS: &str = "torchtune CEWithChunkedOutputLoss: the output projection in 8 chunks, each upcast to fp32 only inside the loss, https://github.com/pytorch/torchtune/blob/main/torchtune/modules/loss/ce_chunked_output_loss.py";
pub const FUSED_LOSS: &str = "Liger Kernel LigerFusedLinearCrossEntropy: chunks of BT / ceil(V / H) rows, so a chunk of logits has about as many elements as the hidden states; its benchmark grows 56.6 KB per token (H 4096, V 128,256) against 750 KB for the unfused loss, https://github.com/linkedin/Liger-Kernel/blob/ae14a87838b28afb8701394a3fa1517d8d26773d/src/liger_kernel/ops/fused_linear_cross_entropy.py";
pub const PEFT_KBIT: &str = "Hugging Face PEFT prepare_model_for_kbit_training: every parameter that is not 4- or 8-bit (embeddings, output layer, norms) is cast to fp32, https://github.com/huggingface/peft/blob/v0.12.0/src/peft/utils/other.py";
pub const LORA: &str = "Hu et al., LoRA (2021) §4.1, https://arxiv.org/abs/2106.09685";
pub const ADAM8BIT: &str = "Dettmers et al., 8-bit Optimizers via Block-wise Quantization (2021), https://arxiv.org/abs/2110.02861";
pub const ADAFACTOR: &str =
    "Shazeer & Stern, Adafactor (2018) §3, https://arxiv.org/abs/1804.04235";
pub const LLAMA_CPP_QUANT: &str = "llama.cpp quantize README, Llama 3.1 8B bits/weight table, https://github.com/ggml-org/llama.cpp/blob/master/tools/quantize/README.md";
pub const AWQ_CONFIG: &str = "AutoAWQ quant_config {w_bit 4, q_group_size 128, zero_point true}, e.g. https://huggingface.co/gradjitta/Poro-34B-AWQ ; vLLM AWQConfig https://docs.vllm.ai/en/stable/api/vllm/model_executor/layers/quantization/awq/";
pub const VLLM_PROFILE: &str = "vLLM memory profile of Llama-3-8B (total 79.22 GiB, utilization 0.90, non_torch 1.79 GiB at TP1, 3.58 GiB at TP2), https://github.com/vllm-project/vllm/pull/10511";
pub const VLLM_SCHEDULER: &str = "vLLM SchedulerConfig: max_num_batched_tokens defaults to max(max_model_len, 2048) without chunked prefill, https://github.com/vllm-project/vllm/blob/main/vllm/config.py";
pub const CUDA_CONTEXT: &str = "PyTorch issue 34323: 781 MB used on the first CUDA call, https://github.com/pytorch/pytorch/issues/34323";
pub const PALM_FLOPS: &str = "Chowdhery et al., PaLM (2022) Appendix B: 6N + 12·L·H·Q·T FLOPs per token, https://arxiv.org/abs/2204.02311 (as in torchtitan's get_nparams_and_flops)";
pub const LLM_FOUNDRY: &str = "MosaicML llm-foundry training benchmarks (MFU/HFU tables, A100 and H100), https://github.com/mosaicml/llm-foundry/blob/main/scripts/train/benchmarking/README.md";
pub const LLAMA2_CARD: &str =
    "Llama 2 model card (GPU-hours), https://github.com/meta-llama/llama/blob/main/MODEL_CARD.md";
pub const OPT: &str =
    "Zhang et al., OPT (2022): 147 TFLOP/s per A100, https://arxiv.org/abs/2205.01068";
pub const TORCHTUNE: &str = "torchtune README, Llama 3.1 8B on one RTX 4090, https://github.com/pytorch/torchtune/blob/main/README.md";
pub const GPT_FAST: &str =
    "gpt-fast README benchmarks (A100-80GB, batch 1), https://github.com/pytorch-labs/gpt-fast";
pub const NCCL_BUSBW: &str = "NCCL tests, bus bandwidth of all-reduce 2(n-1)/n, all-gather and reduce-scatter (n-1)/n, https://github.com/NVIDIA/nccl-tests/blob/master/doc/PERFORMANCE.md";
pub const NCCL_NVLINK: &str = "nccl-tests issue 149: ~200 GB/s all-reduce bus bandwidth on 8 A100 over NVLink (300 GB/s per direction), https://github.com/NVIDIA/nccl-tests/issues/149";
pub const NCCL_IB: &str = "nccl-tests issue 119: 84.8 GB/s average of 100 GB/s (4x HDR for 8 A100), https://github.com/NVIDIA/nccl-tests/issues/119";
pub const DGX_NETWORK: &str = "llm-foundry benchmarks (A100 nodes at 1600 Gbps RoCE), https://github.com/mosaicml/llm-foundry/blob/main/scripts/train/benchmarking/README.md ; NVIDIA dgxc-benchmarking (DGX H100: 8x 400 Gbit/s InfiniBand), https://github.com/NVIDIA/dgxc-benchmarking/blob/85380ff/llama3.1/README.md";
pub const NCCL_PCIE: &str = "nccl issue 1639: all-reduce bus bandwidth 28 GB/s on 8 and 35 GB/s on 4 GPUs in PCIe gen-5 slots, https://github.com/NVIDIA/nccl/issues/1639";
pub const LLAMA3_RELIABILITY: &str = "Llama 3 training report as summarised by DCD: 419 unexpected interruptions in 54 days on 16,384 H100, >90% effective training time, https://www.datacenterdynamics.com/en/news/meta-report-details-hundreds-of-gpu-and-hbm3-related-interruptions-to-llama-3-training-run/";
pub const OVERLAP_SLOWDOWN: &str = "Lee et al., Characterizing Compute-Communication Overlap in GPU-Accelerated Distributed Deep Learning (2025): 18.9% average compute slowdown while overlapped, https://arxiv.org/abs/2507.03114";
pub const TP_OVERLAP: &str = "Wang et al., Overlap Communication with Dependent Computation via Decomposition in Large Deep Learning Models (ASPLOS 2023): tensor-parallel collectives hidden behind the layer's decomposed matmuls, as Megatron-Core and Transformer Engine (tp_comm_overlap) and torchtitan (async TP) do, https://doi.org/10.1145/3567955.3567959";
pub const ASSUMPTION: &str = "assumption of this calculator (no published measurement found)";

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
/// NVFP4", https://developer.nvidia.com/blog/introducing-nvfp4-for-efficient-and-accurate-low-precision-inference/).
pub const FP4_BITS: f64 = 4.0 + 8.0 / 16.0;
pub const NVFP4: &str = "NVIDIA, Introducing NVFP4 for Efficient and Accurate Low-Precision Inference (2025): 16 FP4 values per FP8 E4M3 scale, https://developer.nvidia.com/blog/introducing-nvfp4-for-efficient-and-accurate-low-precision-inference/";
/// GGUF Q4_0: blocks of 32 four-bit weights with one fp16 scale, 18 bytes per 32 weights.
pub const GGUF_Q4_0_BITS: f64 = 18.0 * 8.0 / 32.0;
pub const GGML_BLOCKS: &str = "ggml block_q4_0 {fp16 d; uint8 qs[16]} and block_q8_0 {fp16 d; int8 qs[32]}, https://github.com/ggml-org/llama.cpp/blob/master/ggml/src/ggml-common.h";
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
pub const SERVER_CHUNKS: &str = "Prefill chunk defaults: SGLang ServerArgs chunked_prefill_size 8192 (2048 under 25 GB), https://github.com/sgl-project/sglang/blob/main/python/sglang/srt/server_args.py ; TGI launcher --max-batch-prefill-tokens 4096, https://huggingface.co/docs/text-generation-inference/reference/launcher ; TensorRT-LLM max_num_tokens 8192, https://nvidia.github.io/TensorRT-LLM/performance/performance-tuning-guide/tuning-max-batch-size-and-max-num-tokens.html";
pub const NON_TORCH: &str = "vLLM memory profiles: non-torch memory 1.79 GiB for Llama-3-8B on an 80 GB GPU, https://github.com/vllm-project/vllm/pull/10511 ; 0.73 GiB implied on an RTX 3090 (21.6 GiB allowed, 17.06 GiB peak torch memory, 3.81 GiB KV cache), https://github.com/vllm-project/vllm/issues/10517";
pub const LLAMA_CPP_BATCH: &str = "llama.cpp common arguments: --batch-size 2048, --ubatch-size 512 (physical batch), https://github.com/ggml-org/llama.cpp/blob/master/tools/server/README.md";
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

/// MLPerf Inference results read for the inference shares and times below (closed division,
/// NVIDIA's submissions, read 2026-12-01).
pub const MLPERF_INFERENCE: &str = "MLPerf Inference v3.1 and v3.0 closed results, NVIDIA ResNet-50 TensorRT INT8 summaries: https://github.com/mlcommons/inference_results_v3.1/tree/main/closed/NVIDIA/results and https://github.com/mlcommons/inference_results_v3.0/tree/main/closed/NVIDIA/results (read 2026-12-01)";
/// NVIDIA DeepLearningExamples ResNet-50 v1.5 (PyTorch) inference tables, read for the eager
/// share and time below.
pub const DLE_RESNET50_INFERENCE: &str = "NVIDIA DeepLearningExamples, PyTorch ResNet-50 v1.5 README, Inference performance results (pytorch-21.03 container), https://github.com/NVIDIA/DeepLearningExamples/blob/master/PyTorch/Classification/ConvNets/resnet50v1.5/README.md (read 2026-12-01)";
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
