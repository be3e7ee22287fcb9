//! Serving a model: the server, the weight and cache formats, and the traffic.

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
