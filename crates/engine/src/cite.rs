//! Every publication, measurement and assumption the engine's formulas cite, in one list.
//!
//! A term names its citation ([`Source::Cited`]), and the text is read only where an explanation
//! is shown ([`Source::text`]): the page's main module, which computes figures without showing
//! their sources, then carries none of this text; only the code that shows a candidate in detail
//! does.

use crate::explain::{Cite, Source};

/// Declares each citation as a constant [`Source`] numbered by its place in the list, and the
/// list of their texts.
macro_rules! citations {
    ($($(#[$doc:meta])* $name:ident = $text:expr;)+) => {
        /// The citations' names in list order, which numbers them.
        #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
        enum Place {
            $($name),+
        }
        $($(#[$doc])* pub const $name: Source = Source::Cited(Cite(Place::$name as u8));)+
        /// The citations' texts, in list order.
        const TEXTS: &[&str] = &[$($text),+];
    };
}

/// The text of `cite`; empty for a number beyond the list (none is ever made).
pub(crate) fn text(cite: Cite) -> &'static str {
    TEXTS.get(usize::from(cite.0)).copied().unwrap_or("")
}

citations! {
    // Sizing: memory, FLOPs, speed and scaling
    TM101 = "EleutherAI, Transformer Math 101 (2023), https://blog.eleuther.ai/transformer-math/";
    ZERO = "Rajbhandari et al., ZeRO (2020) §3 and §7, https://arxiv.org/abs/1910.02054";
    KORTHIKANTI = "Korthikanti et al., Reducing Activation Recomputation in Large Transformer Models (2022) §4, Table 2, https://arxiv.org/abs/2205.05198";
    DEEPSEEK_V2 = "DeepSeek-AI, DeepSeek-V2 (2024) §2.1, https://arxiv.org/abs/2405.04434";
    QLORA = "Dettmers et al., QLoRA (2023) §3 (NF4, double quantization), https://arxiv.org/abs/2305.14314";
    HF_LOSS = "Hugging Face Transformers, LlamaForCausalLM.forward (v4.36-v4.44): logits = logits.float(), shift_logits = logits[..., :-1, :].contiguous(), nn.CrossEntropyLoss, https://github.com/huggingface/transformers/blob/v4.44.0/src/transformers/models/llama/modeling_llama.py ; checked against Unsloth's long-context table (Hugging Face + FA2 column: 2.47 MB more per token of context for Llama 3.1 8B QLoRA, of which 2.06 MB is 16 B × 128,256), https://github.com/unslothai/unsloth/blob/e3162dc5bf88bf4c2b598c74cbcaba0706c4067b/README.md";
    CHUNKED_LOSS = "torchtune CEWithChunkedOutputLoss: the output projection in 8 chunks, each upcast to fp32 only inside the loss, https://github.com/pytorch/torchtune/blob/main/torchtune/modules/loss/ce_chunked_output_loss.py";
    FUSED_LOSS = "Liger Kernel LigerFusedLinearCrossEntropy: chunks of BT / ceil(V / H) rows, so a chunk of logits has about as many elements as the hidden states; its benchmark grows 56.6 KB per token (H 4096, V 128,256) against 750 KB for the unfused loss, https://github.com/linkedin/Liger-Kernel/blob/ae14a87838b28afb8701394a3fa1517d8d26773d/src/liger_kernel/ops/fused_linear_cross_entropy.py";
    PEFT_KBIT = "Hugging Face PEFT prepare_model_for_kbit_training: every parameter that is not 4- or 8-bit (embeddings, output layer, norms) is cast to fp32, https://github.com/huggingface/peft/blob/v0.12.0/src/peft/utils/other.py";
    LORA = "Hu et al., LoRA (2021) §4.1, https://arxiv.org/abs/2106.09685";
    ADAM8BIT = "Dettmers et al., 8-bit Optimizers via Block-wise Quantization (2021), https://arxiv.org/abs/2110.02861";
    ADAFACTOR = "Shazeer & Stern, Adafactor (2018) §3, https://arxiv.org/abs/1804.04235";
    LLAMA_CPP_QUANT = "llama.cpp quantize README, Llama 3.1 8B bits/weight table, https://github.com/ggml-org/llama.cpp/blob/master/tools/quantize/README.md";
    AWQ_CONFIG = "AutoAWQ quant_config {w_bit 4, q_group_size 128, zero_point true}, e.g. https://huggingface.co/gradjitta/Poro-34B-AWQ ; vLLM AWQConfig https://docs.vllm.ai/en/stable/api/vllm/model_executor/layers/quantization/awq/";
    VLLM_PROFILE = "vLLM memory profile of Llama-3-8B (total 79.22 GiB, utilization 0.90, non_torch 1.79 GiB at TP1, 3.58 GiB at TP2), https://github.com/vllm-project/vllm/pull/10511";
    VLLM_SCHEDULER = "vLLM SchedulerConfig: max_num_batched_tokens defaults to max(max_model_len, 2048) without chunked prefill, https://github.com/vllm-project/vllm/blob/main/vllm/config.py";
    CUDA_CONTEXT = "PyTorch issue 34323: 781 MB used on the first CUDA call, https://github.com/pytorch/pytorch/issues/34323";
    PALM_FLOPS = "Chowdhery et al., PaLM (2022) Appendix B: 6N + 12·L·H·Q·T FLOPs per token, https://arxiv.org/abs/2204.02311 (as in torchtitan's get_nparams_and_flops)";
    LLM_FOUNDRY = "MosaicML llm-foundry training benchmarks (MFU/HFU tables, A100 and H100), https://github.com/mosaicml/llm-foundry/blob/main/scripts/train/benchmarking/README.md";
    LLAMA2_CARD = "Llama 2 model card (GPU-hours), https://github.com/meta-llama/llama/blob/main/MODEL_CARD.md";
    OPT = "Zhang et al., OPT (2022): 147 TFLOP/s per A100, https://arxiv.org/abs/2205.01068";
    TORCHTUNE = "torchtune README, Llama 3.1 8B on one RTX 4090, https://github.com/pytorch/torchtune/blob/main/README.md";
    GPT_FAST = "gpt-fast README benchmarks (A100-80GB, batch 1), https://github.com/pytorch-labs/gpt-fast";
    NCCL_BUSBW = "NCCL tests, bus bandwidth of all-reduce 2(n-1)/n, all-gather and reduce-scatter (n-1)/n, https://github.com/NVIDIA/nccl-tests/blob/master/doc/PERFORMANCE.md";
    NCCL_NVLINK = "nccl-tests issue 149: ~200 GB/s all-reduce bus bandwidth on 8 A100 over NVLink (300 GB/s per direction), https://github.com/NVIDIA/nccl-tests/issues/149";
    NCCL_IB = "nccl-tests issue 119: 84.8 GB/s average of 100 GB/s (4x HDR for 8 A100), https://github.com/NVIDIA/nccl-tests/issues/119";
    DGX_NETWORK = "llm-foundry benchmarks (A100 nodes at 1600 Gbps RoCE), https://github.com/mosaicml/llm-foundry/blob/main/scripts/train/benchmarking/README.md ; NVIDIA dgxc-benchmarking (DGX H100: 8x 400 Gbit/s InfiniBand), https://github.com/NVIDIA/dgxc-benchmarking/blob/85380ff/llama3.1/README.md";
    NCCL_PCIE = "nccl issue 1639: all-reduce bus bandwidth 28 GB/s on 8 and 35 GB/s on 4 GPUs in PCIe gen-5 slots, https://github.com/NVIDIA/nccl/issues/1639";
    LLAMA3_RELIABILITY = "Llama 3 training report as summarised by DCD: 419 unexpected interruptions in 54 days on 16,384 H100, >90% effective training time, https://www.datacenterdynamics.com/en/news/meta-report-details-hundreds-of-gpu-and-hbm3-related-interruptions-to-llama-3-training-run/";
    OVERLAP_SLOWDOWN = "Lee et al., Characterizing Compute-Communication Overlap in GPU-Accelerated Distributed Deep Learning (2025): 18.9% average compute slowdown while overlapped, https://arxiv.org/abs/2507.03114";
    TP_OVERLAP = "Wang et al., Overlap Communication with Dependent Computation via Decomposition in Large Deep Learning Models (ASPLOS 2023): tensor-parallel collectives hidden behind the layer's decomposed matmuls, as Megatron-Core and Transformer Engine (tp_comm_overlap) and torchtitan (async TP) do, https://doi.org/10.1145/3567955.3567959";
    ASSUMPTION = "assumption of this calculator (no published measurement found)";
    NVFP4 = "NVIDIA, Introducing NVFP4 for Efficient and Accurate Low-Precision Inference (2025): 16 FP4 values per FP8 E4M3 scale, https://developer.nvidia.com/blog/introducing-nvfp4-for-efficient-and-accurate-low-precision-inference/";
    GGML_BLOCKS = "ggml block_q4_0 {fp16 d; uint8 qs[16]} and block_q8_0 {fp16 d; int8 qs[32]}, https://github.com/ggml-org/llama.cpp/blob/master/ggml/src/ggml-common.h";
    SERVER_CHUNKS = "Prefill chunk defaults: SGLang ServerArgs chunked_prefill_size 8192 (2048 under 25 GB), https://github.com/sgl-project/sglang/blob/main/python/sglang/srt/server_args.py ; TGI launcher --max-batch-prefill-tokens 4096, https://huggingface.co/docs/text-generation-inference/reference/launcher ; TensorRT-LLM max_num_tokens 8192, https://nvidia.github.io/TensorRT-LLM/performance/performance-tuning-guide/tuning-max-batch-size-and-max-num-tokens.html";
    NON_TORCH = "vLLM memory profiles: non-torch memory 1.79 GiB for Llama-3-8B on an 80 GB GPU, https://github.com/vllm-project/vllm/pull/10511 ; 0.73 GiB implied on an RTX 3090 (21.6 GiB allowed, 17.06 GiB peak torch memory, 3.81 GiB KV cache), https://github.com/vllm-project/vllm/issues/10517";
    LLAMA_CPP_BATCH = "llama.cpp common arguments: --batch-size 2048, --ubatch-size 512 (physical batch), https://github.com/ggml-org/llama.cpp/blob/master/tools/server/README.md";
    /// MLPerf Inference results read for the inference shares and times below (closed division,
    /// NVIDIA's submissions, read 2026-12-01).
    MLPERF_INFERENCE = "MLPerf Inference v3.1 and v3.0 closed results, NVIDIA ResNet-50 TensorRT INT8 summaries: https://github.com/mlcommons/inference_results_v3.1/tree/main/closed/NVIDIA/results and https://github.com/mlcommons/inference_results_v3.0/tree/main/closed/NVIDIA/results (read 2026-12-01)";
    /// NVIDIA DeepLearningExamples ResNet-50 v1.5 (PyTorch) inference tables, read for the eager
    /// share and time below.
    DLE_RESNET50_INFERENCE = "NVIDIA DeepLearningExamples, PyTorch ResNet-50 v1.5 README, Inference performance results (pytorch-21.03 container), https://github.com/NVIDIA/DeepLearningExamples/blob/master/PyTorch/Classification/ConvNets/resnet50v1.5/README.md (read 2026-12-01)";

    // Spot capacity: checkpoint intervals
    DALY = "Daly (2006), FGCS 22:303–312, https://doi.org/10.1016/j.future.2004.11.016";
    YOUNG = "Young (1974), CACM 17(9):530–531, https://doi.org/10.1145/361147.361115";

    // Serving costs
    SERVERLESS_IDLE_TIMEOUT_SOURCE = "RunPod, Serverless pricing: billed from worker start to full stop, idle timeout default 5 s, https://docs.runpod.io/pricing/serverless";

    // Pricing
    /// Where the interruption rates behind spot pricing come from.
    SPOT_RATE_SOURCE = "assumed rate; AWS publishes monthly buckets, https://aws.amazon.com/ec2/spot/instance-advisor/";

    // Storage feeding the GPUs
    LOCAL_DISK_SOURCE = "hdparm -t, m5d.4xlarge NVMe: 819, 689, 689 MB/s, https://gist.github.com/ouranos/bcad6055ff7cfe5c3903a60ff5c3ade4";

    // Inference servers: memory and speed
    VLLM_MEMORY = "vLLM EngineArgs: gpu_memory_utilization 0.9 of total memory holds weights, the profiled forward pass and the KV cache, https://docs.vllm.ai/en/stable/configuration/engine_args.html ; memory profile of Llama-3-8B: non-torch memory 1.79 GiB at TP1, https://github.com/vllm-project/vllm/pull/10511";
    SGLANG_MEMORY = "SGLang ServerArgs: mem_fraction_static (weights + KV pool) 0.88 at TP1, 0.87 at TP2, 0.85 at TP4, 0.81 at TP8, 0.79 from TP16, https://github.com/sgl-project/sglang/blob/main/python/sglang/srt/server_args.py";
    TRTLLM_MEMORY = "TensorRT-LLM KvCacheConfig.free_gpu_memory_fraction 0.9 of the memory free after the engine and runtime buffers, https://github.com/NVIDIA/TensorRT-LLM/blob/main/docs/source/reference/memory.md";
    TGI_MEMORY = "TGI flash_causal_lm warmup: KV blocks from free memory × TGI_WIGGLE_ROOM 0.95 after a warm-up prefill, CUDA_MEMORY_FRACTION 1.0, https://github.com/huggingface/text-generation-inference/blob/main/server/text_generation_server/models/flash_causal_lm.py";
    LLAMA_CPP_MEMORY = "llama.cpp allocates the model, the KV cache for n_ctx and a compute buffer, nothing more, https://github.com/ggml-org/llama.cpp/blob/master/tools/server/README.md";
    VLLM_SPEED = "vLLM benchmark runs: the FP8-KV cache blog (2026), SGLang's v0.3.0-against-vLLM-v0.6.0 benchmark, dstack's Llama 3.1 405B runs, https://github.com/sgl-project/sglang/blob/120affb9613cc3f5bcd055ec09c7621d3ced0ebc/benchmark/benchmark_vllm_060/README.md";
    SGLANG_SPEED = "SGLang v0.3.0 benchmark against vLLM v0.6.0, https://github.com/sgl-project/sglang/blob/120affb9613cc3f5bcd055ec09c7621d3ced0ebc/benchmark/benchmark_vllm_060/README.md";
    TRTLLM_SPEED = "TensorRT-LLM performance documentation (v0.5-v0.6 batch-1 first-token latency and static-batch throughput; v1.0 max-load throughput), https://github.com/NVIDIA/TensorRT-LLM/blob/main/docs/source/performance/perf-overview.md";
    TGI_SPEED = "TGI on 8 MI300X in dstack's benchmark (Llama 3.1 405B, BF16, TP8), https://github.com/dstackai/benchmarks";
    LLAMA_CPP_SPEED = "llama-bench on nine GPUs (XiongjieDai GPU-Benchmarks-on-LLM-Inference) and a maintainer run on an RTX 4090 (llama.cpp PR 4766), https://github.com/XiongjieDai/GPU-Benchmarks-on-LLM-Inference";
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each citation says where it comes from: a web address, or that it is this calculator's own
    /// assumption; and a name gives its own text.
    #[test]
    fn every_citation_names_its_source() {
        for text in TEXTS {
            assert!(
                text.contains("https://") || *text == ASSUMPTION.text(),
                "{text}"
            );
        }
        assert!(TM101.text().contains("Transformer Math 101"));
        assert!(LLAMA_CPP_SPEED.text().contains("llama-bench"));
        assert_eq!(Source::Text("catalog").text(), "catalog");
    }
}
