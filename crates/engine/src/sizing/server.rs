//! What each LLM server does with a GPU: how it reserves memory for the KV cache, and how much of
//! the hardware's speed it reaches relative to the GPU family's published rates
//! (`data/efficiency.toml`). Every figure names where it was read or the runs it was derived from
//! (calibration case ids, `tests/data/calibration.json`).

use crate::cite::{
    LLAMA_CPP_MEMORY, LLAMA_CPP_SPEED, SGLANG_MEMORY, SGLANG_SPEED, TGI_MEMORY, TGI_SPEED,
    TRTLLM_MEMORY, TRTLLM_SPEED, VLLM_MEMORY, VLLM_SPEED,
};
use crate::explain::Source;
use crate::scenario::Server;

/// How a server decides the memory it may fill (weights, KV cache and working set).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum MemoryRule {
    /// Everything within `share` × device memory; the KV cache takes what is left (vLLM's
    /// `gpu_memory_utilization`).
    ShareOfTotal { share: f64 },
    /// Weights and the KV pool within a share of device memory that falls with the
    /// tensor-parallel degree, the working set outside it (SGLang's `mem_fraction_static`).
    StaticShare,
    /// The KV cache takes `share` of the memory still free once weights, buffers and the
    /// warm-up's working set are in place (TensorRT-LLM, TGI).
    ShareOfFree { share: f64 },
    /// Allocates what the context and batch need, nothing more (llama.cpp).
    Exact,
}

/// One server's published behaviour.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Profile {
    pub server: Server,
    pub name: &'static str,
    pub memory: MemoryRule,
    /// Where the memory rule is read.
    pub memory_source: Source,
    /// Runtime memory outside the weights, KV cache and working set (CUDA graphs, workspaces),
    /// GiB per GPU, besides the CUDA context.
    pub runtime_gib: f64,
    /// Whether the server reserves a forward pass's working set up front (profiling run).
    pub reserves_working_set: bool,
    /// Factor on the GPU family's decode bandwidth share.
    pub decode: f64,
    /// Factor on the GPU family's prefill share of the tensor peak.
    pub prefill: f64,
    /// Time each layer adds to a decode step besides its reads and maths (kernel launches and
    /// synchronisation the server does not hide), seconds.
    pub step_layer_s: f64,
    /// Time each layer adds to the first token besides the prefill's maths (the context phase's
    /// launches and the first sampling), seconds.
    pub first_token_layer_s: f64,
    /// On parts with HBM, whose family rates come from PyTorch-based stacks: the time each layer
    /// adds to a decode step, seconds, and the factor on the prefill share (llama.cpp's kernels
    /// fall behind there; on GDDR parts the family rates are llama.cpp's own).
    pub hbm_step_layer_s: f64,
    pub hbm_prefill: f64,
    /// Most sequences the server runs at once by default (vLLM `max_num_seqs`, TensorRT-LLM
    /// `max_batch_size`, llama.cpp `--parallel`): an offline batch job runs at most this many.
    pub max_batch: u32,
    /// Where the speed figures come from and the arithmetic.
    pub speed_source: Source,
    pub derivation: &'static str,
}

/// Memory a PyTorch-based server holds outside its allocator, CUDA context included (CUDA
/// graphs, cuBLAS workspaces): vLLM logged 1.79 GiB for Llama-3-8B on an 80 GB GPU (PR 10511,
/// case ME74) and 0.73 GiB on an RTX 3090 (issue 10517: 21.6 GiB allowed − 17.06 GiB peak torch
/// memory − 3.81 GiB KV cache, case ME70); their mean.
pub const NON_TORCH_GIB: f64 = (1.79 + (24.0 * 0.9 - 17.06 - 3.81)) / 2.0;

/// Tokens one forward pass holds when the server chunks long prompts; `None`: the whole
/// context at once (vLLM's V0 scheduler without chunked prefill: max(context, 2048)).
pub fn prefill_chunk(server: Server) -> Option<u32> {
    match server {
        Server::Vllm => None,
        // SGLang chunked_prefill_size 8192 (2048 on cards under 25 GB), TGI
        // --max-batch-prefill-tokens 4096, TensorRT-LLM max_num_tokens 8192, llama.cpp's
        // physical batch 512.
        Server::Sglang | Server::TensorrtLlm => Some(8192),
        Server::Tgi => Some(4096),
        Server::LlamaCpp => Some(512),
    }
}

/// SGLang's default `mem_fraction_static` by tensor-parallel degree.
pub fn sglang_static_share(tp: u32) -> f64 {
    match tp {
        16.. => 0.79,
        8.. => 0.81,
        4.. => 0.85,
        2.. => 0.87,
        _ => 0.88,
    }
}

/// The profile of `server`.
pub fn profile(server: Server) -> &'static Profile {
    PROFILES
        .iter()
        .find(|p| p.server == server)
        .expect("every server has a profile")
}

pub const PROFILES: [Profile; 5] = [
    Profile {
        server: Server::Vllm,
        name: "vLLM",
        memory: MemoryRule::ShareOfTotal { share: 0.9 },
        memory_source: VLLM_MEMORY,
        runtime_gib: NON_TORCH_GIB - 781.0 / 1024.0,
        reserves_working_set: true,
        decode: 1.0,
        prefill: 0.65,
        step_layer_s: 10e-6,
        first_token_layer_s: 10e-6,
        hbm_step_layer_s: 0.0,
        hbm_prefill: 1.0,
        max_batch: 256,
        speed_source: VLLM_SPEED,
        derivation: "Decode at the family's share (IN85: Llama-3.1-8B on an H100 at batch 1 takes 6.44 ms per token, the engine 6.06 ms before overhead); 10 us per layer per step closes that gap and the B200 one (IN86: 0.38 and 0.25 ms over 32 layers). Prefill and batched maths at 0.65 of the family's training share: vLLM v0.6.0's offline ShareGPT throughput on Llama 3.1 8B (one A100) and 70B (four H100s), SG02 and SG04, is met within 15 % at 0.65.",
    },
    Profile {
        server: Server::Sglang,
        name: "SGLang",
        memory: MemoryRule::StaticShare,
        memory_source: SGLANG_MEMORY,
        runtime_gib: NON_TORCH_GIB - 781.0 / 1024.0,
        reserves_working_set: true,
        decode: 1.0,
        prefill: 0.62,
        step_layer_s: 10e-6,
        first_token_layer_s: 10e-6,
        hbm_step_layer_s: 0.0,
        hbm_prefill: 1.0,
        max_batch: 1024,
        speed_source: SGLANG_SPEED,
        derivation: "Decode and per-layer time as vLLM's (no batch-1 SGLang run on a dense model was found). Batched maths at 0.62 of the family's training share: SGLang's offline ShareGPT throughput on Llama 3.1 8B (one A100) and 70B (four H100s), SG01 and SG03, is met within 5 %.",
    },
    Profile {
        server: Server::TensorrtLlm,
        name: "TensorRT-LLM",
        memory: MemoryRule::ShareOfFree { share: 0.9 },
        memory_source: TRTLLM_MEMORY,
        runtime_gib: NON_TORCH_GIB - 781.0 / 1024.0,
        reserves_working_set: true,
        decode: 1.0,
        prefill: 1.0,
        step_layer_s: 0.0,
        first_token_layer_s: 200e-6,
        hbm_step_layer_s: 0.0,
        hbm_prefill: 1.0,
        max_batch: 2048,
        speed_source: TRTLLM_SPEED,
        derivation: "Decode and batched maths at the family's shares (the static-batch rows IN45-IN51 within 20 %). First token: 200 us per layer, the median of what five batch-1 runs at 128-token prompts take beyond the prefill's maths (IN34, IN36, IN38, IN40, IN42: 108-250 us).",
    },
    Profile {
        server: Server::Tgi,
        name: "TGI",
        memory: MemoryRule::ShareOfFree { share: 0.95 },
        memory_source: TGI_MEMORY,
        runtime_gib: NON_TORCH_GIB - 781.0 / 1024.0,
        reserves_working_set: true,
        decode: 1.0,
        prefill: 0.65,
        step_layer_s: 55e-6,
        first_token_layer_s: 700e-6,
        hbm_step_layer_s: 0.0,
        hbm_prefill: 1.0,
        max_batch: 128,
        speed_source: TGI_SPEED,
        derivation: "55 us per layer per step: batch-1 time per token 43.5 ms against the engine's 36.6 over 126 layers (IN95). First token 0.70 ms per layer at an 80-token prompt (IN95). Prefill at 0.65 of the family's share: 16k- and 128k-token prompts take 5.9 and 67.7 s (IN98, IN99), 0.65 of the speed the family share gives. Measured on MI300X only.",
    },
    Profile {
        server: Server::LlamaCpp,
        name: "llama.cpp",
        memory: MemoryRule::Exact,
        memory_source: LLAMA_CPP_MEMORY,
        runtime_gib: 0.0,
        reserves_working_set: true,
        decode: 1.0,
        prefill: 1.0,
        step_layer_s: 0.0,
        first_token_layer_s: 0.0,
        hbm_step_layer_s: 110e-6,
        hbm_prefill: 0.53,
        max_batch: 1,
        speed_source: LLAMA_CPP_SPEED,
        derivation: "On GDDR parts the family rates come from llama.cpp runs themselves. On HBM parts: 110 us per layer per step, solved from 8B and 70B Q4_K_M decode on an A100 SXM (0.12 ms) and an H100 PCIe (0.099 ms) with the family's bandwidth share (IN77, IN78, IN79, IN81); prompt processing at 0.53 of the family's share, the median of seven runs (IN75-IN81: 0.37-0.69).",
    },
];
