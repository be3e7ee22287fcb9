//! The scenario form: workload, model and the fields of that workload up front; parallelism,
//! limits, billing and hidden costs folded away under "Advanced". Every field has a label, a unit
//! and a short help text in both languages; results recompute on every change.

use super::fields::{bool_field, choice_field, num_field, BoolSpec, ChoiceSpec, NumSpec};
use super::model_picker::ModelPicker;
use crate::app::format;
use crate::app::i18n::{t, Text};
use crate::app::prefs::use_prefs;
use crate::app::state::use_state;
use gpu_sizer_formats::form::{
    KvKey, ModeKey, ObjectiveKey, OptimizerKey, PrecisionKey, RecomputeKey, ServerKey, WeightKey,
    WorkloadKind,
};
use gpu_sizer_formats::Form;
use leptos::prelude::*;

const fn tx(en: &'static str, zh: &'static str) -> Text {
    Text { en, zh }
}

const NONE: Text = tx("", "");
const TOKENS: Text = tx("tokens", "词元");
const HOURS: Text = tx("h", "小时");
const GB: Text = tx("GB", "GB");
const GIB: Text = tx("GiB", "GiB");

macro_rules! num {
    ($name:ident, $key:literal, $label:expr, $help:expr, $unit:expr, $field:ident, $min:expr, $max:expr) => {
        static $name: NumSpec = NumSpec {
            key: $key,
            label: $label,
            help: $help,
            unit: $unit,
            get: |f: &Form| Some(f.$field as f64),
            set: |f: &mut Form, v: Option<f64>| {
                if let Some(v) = v {
                    f.$field = v as _;
                }
            },
            optional: false,
            min: $min,
            max: $max,
        };
    };
    (auto $name:ident, $key:literal, $label:expr, $help:expr, $unit:expr, $field:ident, $min:expr, $max:expr) => {
        static $name: NumSpec = NumSpec {
            key: $key,
            label: $label,
            help: $help,
            unit: $unit,
            get: |f: &Form| f.$field.map(f64::from),
            set: |f: &mut Form, v: Option<f64>| f.$field = v.map(|v| v as _),
            optional: true,
            min: $min,
            max: $max,
        };
    };
    (opt $name:ident, $key:literal, $label:expr, $help:expr, $unit:expr, $field:ident, $min:expr, $max:expr) => {
        static $name: NumSpec = NumSpec {
            key: $key,
            label: $label,
            help: $help,
            unit: $unit,
            get: |f: &Form| f.$field,
            set: |f: &mut Form, v: Option<f64>| f.$field = v,
            optional: true,
            min: $min,
            max: $max,
        };
    };
}

macro_rules! flag {
    ($name:ident, $key:literal, $label:expr, $help:expr, $field:ident) => {
        static $name: BoolSpec = BoolSpec {
            key: $key,
            label: $label,
            help: $help,
            get: |f: &Form| f.$field,
            set: |f: &mut Form, v: bool| f.$field = v,
        };
    };
}

macro_rules! choice {
    ($name:ident, $key:literal, $label:expr, $help:expr, $field:ident, $ty:ty, $options:expr) => {
        static $name: ChoiceSpec = ChoiceSpec {
            key: $key,
            label: $label,
            help: $help,
            options: $options,
            get: |f: &Form| f.$field.key(),
            set: |f: &mut Form, k: &str| {
                if let Some(v) = <$ty>::from_key(k) {
                    f.$field = v;
                }
            },
        };
    };
}

// Training and fine-tuning.
num!(
    TOKENS_F,
    "tokens",
    tx("Training tokens", "训练词元数"),
    tx(
        "Tokens processed in total (dataset tokens × epochs). 2e9 = 2 billion.",
        "总共处理的词元数（数据集词元 × 轮数）。2e9 即 20 亿。"
    ),
    TOKENS,
    tokens,
    1.0,
    1e15
);
num!(
    SEQ_F,
    "seq_len",
    tx("Sequence length", "序列长度"),
    tx("Tokens per training sequence.", "每条训练序列的词元数。"),
    TOKENS,
    seq_len,
    1.0,
    1e7
);
num!(
    MICRO_F,
    "micro_batch",
    tx("Micro-batch per GPU", "每 GPU 微批大小"),
    tx(
        "Sequences each GPU processes per step; more needs more memory.",
        "每个 GPU 每步处理的序列数；越大越占显存。"
    ),
    NONE,
    micro_batch,
    1.0,
    1e6
);
num!(
    auto ZERO_F,
    "zero",
    tx("ZeRO stage", "ZeRO 阶段"),
    tx(
        "0: none; 1: shard optimizer; 2: + gradients; 3 (FSDP): + weights. Empty: the least sharding that fits, chosen per instance.",
        "0：不切分；1：切分优化器；2：再切分梯度；3（FSDP）：再切分权重。留空：按实例选择能放下的最少切分。"
    ),
    NONE,
    zero,
    0.0,
    3.0
);
num!(
    auto TP_F,
    "tensor_parallel",
    tx("Tensor parallel", "张量并行"),
    tx(
        "GPUs each layer is split across (inside one instance). Empty: chosen per instance, only as far as memory needs.",
        "每层切分到的 GPU 数（同一实例内）。留空：按实例选择，只在显存需要时使用。"
    ),
    NONE,
    tensor_parallel,
    1.0,
    64.0
);
num!(
    auto PP_F,
    "pipeline_parallel",
    tx("Pipeline stages", "流水线并行"),
    tx(
        "Groups of layers on different GPUs. Empty: stages across instances only when one instance cannot hold the model.",
        "把层分组放到不同 GPU 上。留空：只有一个实例放不下模型时才跨实例分段。"
    ),
    NONE,
    pipeline_parallel,
    1.0,
    256.0
);
num!(opt GBT_F, "global_batch_tokens", tx("Global batch", "全局批大小"),
    tx("Tokens per optimizer step across all GPUs (empty: one micro-batch per GPU).", "所有 GPU 每个优化步的词元数（留空：每 GPU 一个微批）。"),
    TOKENS, global_batch_tokens, 1.0, 1e12);
num!(
    RANK_F,
    "lora_rank",
    tx("LoRA rank", "LoRA 秩"),
    tx(
        "Rank r of each adapter; 8–64 is typical.",
        "每个适配器的秩 r，常用 8–64。"
    ),
    NONE,
    lora_rank,
    1.0,
    65536.0
);
choice!(
    PRECISION_F,
    "precision",
    tx("Precision", "精度"),
    tx(
        "Numeric format of training; mixed keeps an fp32 master copy.",
        "训练数值格式；混合精度会保留一份 fp32 主权重。"
    ),
    precision,
    PrecisionKey,
    &[
        ("bf16_mixed", tx("BF16 mixed", "BF16 混合精度")),
        ("fp16_mixed", tx("FP16 mixed", "FP16 混合精度")),
        ("fp8_mixed", tx("FP8 mixed", "FP8 混合精度")),
        ("bf16", tx("Pure BF16", "纯 BF16")),
        ("fp32", tx("FP32", "FP32")),
    ]
);
choice!(
    OPTIMIZER_F,
    "optimizer",
    tx("Optimizer", "优化器"),
    tx(
        "AdamW keeps two fp32 states per parameter; 8-bit Adam two bytes.",
        "AdamW 每参数两个 fp32 状态；8 位 Adam 两个字节。"
    ),
    optimizer,
    OptimizerKey,
    &[
        ("adamw", tx("AdamW", "AdamW")),
        ("adam8bit", tx("8-bit Adam", "8 位 Adam")),
        ("adafactor", tx("Adafactor", "Adafactor")),
        ("sgd_momentum", tx("SGD + momentum", "SGD 动量")),
    ]
);
choice!(
    RECOMPUTE_F,
    "recompute",
    tx("Activation recomputation", "激活重计算"),
    tx(
        "Full recomputation saves memory at about a third more compute.",
        "完全重计算省显存，但计算量约增加三分之一。"
    ),
    recompute,
    RecomputeKey,
    &[
        ("selective", tx("Selective", "选择性")),
        ("none", tx("None", "不重算")),
        ("full", tx("Full", "完全")),
    ]
);
flag!(
    FLASH_F,
    "flash_attention",
    tx("Flash attention", "Flash Attention"),
    tx(
        "Fused attention never stores the s × s score matrix.",
        "融合注意力不保存 s × s 的分数矩阵。"
    ),
    flash_attention
);
flag!(
    QLORA_F,
    "qlora",
    tx("QLoRA (4-bit base)", "QLoRA（4 位基座）"),
    tx(
        "Base weights in 4-bit NF4: a quarter of the memory, somewhat slower.",
        "基座权重用 4 位 NF4：显存约四分之一，速度稍慢。"
    ),
    qlora
);
flag!(
    PAGED_F,
    "paged_optimizer",
    tx("Paged optimizer", "分页优化器"),
    tx(
        "Optimizer states may move to host memory under pressure.",
        "显存紧张时优化器状态可换出到主机内存。"
    ),
    paged_optimizer
);

// Serving.
choice!(
    SERVER_F,
    "server",
    tx("Server", "推理框架"),
    tx(
        "Each server reserves memory its own way and decodes at its own speed.",
        "不同推理框架预留显存的方式和解码速度不同。"
    ),
    server,
    ServerKey,
    &[
        ("vllm", tx("vLLM", "vLLM")),
        ("sglang", tx("SGLang", "SGLang")),
        ("tensorrt_llm", tx("TensorRT-LLM", "TensorRT-LLM")),
        ("tgi", tx("TGI", "TGI")),
        ("llama_cpp", tx("llama.cpp / Ollama", "llama.cpp / Ollama")),
    ]
);
choice!(
    WEIGHTS_F,
    "weights",
    tx("Weight format", "权重格式"),
    tx(
        "Quantised weights need less memory and bandwidth.",
        "量化权重占用更少显存和带宽。"
    ),
    weights,
    WeightKey,
    &[
        ("bf16", tx("BF16 / FP16", "BF16 / FP16")),
        ("fp8", tx("FP8", "FP8")),
        (
            "fp4",
            tx(
                "FP4 (NVFP4 / MXFP4, Blackwell)",
                "FP4（NVFP4 / MXFP4，Blackwell）"
            )
        ),
        ("int8", tx("INT8", "INT8")),
        ("int4_awq", tx("INT4 AWQ", "INT4 AWQ")),
        ("int4_gptq", tx("INT4 GPTQ", "INT4 GPTQ")),
        ("q4_0", tx("GGUF Q4_0", "GGUF Q4_0")),
        ("q4_k_m", tx("GGUF Q4_K_M", "GGUF Q4_K_M")),
        ("q5_k_m", tx("GGUF Q5_K_M", "GGUF Q5_K_M")),
        ("q6_k", tx("GGUF Q6_K", "GGUF Q6_K")),
        ("q8_0", tx("GGUF Q8_0", "GGUF Q8_0")),
        ("fp32", tx("FP32", "FP32")),
    ]
);
choice!(
    KV_F,
    "kv",
    tx("KV-cache format", "KV 缓存格式"),
    tx(
        "FP8 or INT8 KV cache halves its memory, FP4 or Q4_0 quarters it.",
        "FP8 或 INT8 的 KV 缓存可减半显存，FP4 或 Q4_0 约为四分之一。"
    ),
    kv,
    KvKey,
    &[
        ("bf16", tx("BF16", "BF16")),
        ("fp8", tx("FP8", "FP8")),
        ("int8", tx("INT8", "INT8")),
        (
            "fp4",
            tx(
                "FP4 (TensorRT-LLM, Blackwell)",
                "FP4（TensorRT-LLM，Blackwell）"
            )
        ),
        ("q8_0", tx("Q8_0 (llama.cpp)", "Q8_0（llama.cpp）")),
        ("q4_0", tx("Q4_0 (llama.cpp)", "Q4_0（llama.cpp）")),
    ]
);
num!(
    CONTEXT_F,
    "context_tokens",
    tx("Context length", "上下文长度"),
    tx(
        "Longest prompt + answer one conversation may reach.",
        "一次对话可达的最长（提示 + 回答）长度。"
    ),
    TOKENS,
    context_tokens,
    1.0,
    1e7
);
num!(
    CONC_F,
    "concurrency",
    tx("Concurrent sequences", "并发序列数"),
    tx(
        "Conversations decoded together on one replica.",
        "一个副本上同时解码的对话数。"
    ),
    NONE,
    concurrency,
    1.0,
    1e5
);
num!(
    PROMPT_F,
    "prompt_tokens",
    tx("Prompt length", "提示长度"),
    tx("Typical request input.", "典型请求的输入长度。"),
    TOKENS,
    prompt_tokens,
    1.0,
    1e7
);
num!(
    OUTPUT_F,
    "output_tokens",
    tx("Answer length", "回答长度"),
    tx(
        "Typical tokens generated per request.",
        "每个请求通常生成的词元数。"
    ),
    TOKENS,
    output_tokens,
    1.0,
    1e7
);
num!(opt RPS_F, "requests_per_s", tx("Average traffic", "平均流量"),
    tx("Requests per second over the day; sizes the fleet.", "全天平均每秒请求数，用于确定实例数量。"), tx("req/s", "次/秒"), requests_per_s, 0.0, 1e6);
num!(
    PEAK_F,
    "peak_ratio",
    tx("Peak / average", "峰值 / 平均"),
    tx(
        "Busiest hour relative to the average (1 = flat).",
        "最忙时段相对平均的倍数（1 = 平稳）。"
    ),
    tx("×", "倍"),
    peak_ratio,
    1.0,
    24.0
);
num!(opt LAT_F, "latency_ms", tx("Latency target", "延迟目标"),
    tx("Longest acceptable time per generated token (empty: none).", "每个生成词元可接受的最长时间（留空：不限）。"), tx("ms", "毫秒"), latency_ms, 1.0, 1e5);
flag!(
    SPOT_LATENCY_F,
    "spot_with_latency",
    tx(
        "Allow spot with a latency target",
        "有延迟目标时允许竞价实例"
    ),
    tx(
        "Priced with spare instances against reclaims; each reclaim still drops answers in flight.",
        "按应对回收的备用实例计价；每次回收仍会中断正在生成的回答。"
    ),
    spot_with_latency
);
num!(opt UTIL_F, "memory_utilization", tx("Memory claimed by the server", "服务占用显存比例"),
    tx("The server's memory share (empty: its default, vLLM 0.9, SGLang 0.79–0.88, TensorRT-LLM 0.9 of free memory).", "推理框架的显存比例（留空：框架默认，vLLM 0.9，SGLang 0.79–0.88，TensorRT-LLM 为空闲显存的 0.9）。"), NONE, memory_utilization, 0.1, 1.0);
num!(opt BATCH_REQ_F, "batch_requests", tx("Offline batch", "离线批处理"),
    tx("Requests to process as one batch job at the largest batch that fits (empty: an online service).", "作为一次批处理作业处理的请求数，按可容纳的最大批量运行（留空：在线服务）。"), tx("requests", "个请求"), batch_requests, 1.0, 1e15);

// Classic, render, dev.
num!(
    SAMPLES_F,
    "samples",
    tx("Samples", "样本数"),
    tx(
        "Images or examples in the dataset.",
        "数据集中的图片或样本数。"
    ),
    NONE,
    samples,
    1.0,
    1e13
);
num!(
    EPOCHS_F,
    "epochs",
    tx("Epochs", "轮数"),
    tx("Passes over the dataset.", "遍历数据集的次数。"),
    NONE,
    epochs,
    0.01,
    1e5
);
num!(
    BATCH_F,
    "batch",
    tx("Batch per GPU", "每 GPU 批大小"),
    tx("Samples per GPU per step.", "每个 GPU 每步的样本数。"),
    NONE,
    batch,
    1.0,
    1e6
);
num!(
    FRAMES_F,
    "frames",
    tx("Frames", "帧数"),
    tx("Frames to render.", "需要渲染的帧数。"),
    NONE,
    frames,
    0.0,
    1e9
);
num!(
    SPF_F,
    "seconds_per_frame",
    tx("Seconds per frame (measured)", "每帧秒数（实测）"),
    tx(
        "Your render time of one frame on the reference GPU.",
        "你在参考 GPU 上渲染一帧的实测时间。"
    ),
    tx("s", "秒"),
    seconds_per_frame,
    0.001,
    1e7
);
num!(
    SCENE_F,
    "scene_gib",
    tx("Scene memory", "场景显存"),
    tx(
        "Geometry and textures resident on the GPU.",
        "常驻显存的几何与纹理。"
    ),
    GIB,
    scene_gib,
    0.0,
    1024.0
);
num!(
    STREAMS_F,
    "streams",
    tx("Video streams", "视频流"),
    tx(
        "Concurrent streams to encode (0: none).",
        "同时编码的视频流（0：无）。"
    ),
    NONE,
    streams,
    0.0,
    1e4
);
num!(
    STREAM_H_F,
    "stream_hours",
    tx("Streaming hours", "推流时长"),
    tx("Hours the streams run.", "视频流持续的小时数。"),
    HOURS,
    stream_hours,
    0.0,
    1e6
);
num!(
    DEV_H_F,
    "dev_hours",
    tx("Hours of use", "使用小时数"),
    tx(
        "Hours you will actually work on the box.",
        "你实际使用这台机器的小时数。"
    ),
    HOURS,
    dev_hours,
    0.1,
    1e6
);
num!(
    DEV_MEM_F,
    "dev_min_gib",
    tx("GPU memory (card class)", "显存（显卡规格）"),
    tx(
        "The card's memory as sold: 24 takes a 24 GB card.",
        "按显卡标称显存计：填 24 即可选 24 GB 的卡。"
    ),
    GIB,
    dev_min_gib,
    1.0,
    1024.0
);
flag!(
    DEV_NON_CUDA_F,
    "dev_non_cuda",
    tx("Accept non-CUDA accelerators", "接受非 CUDA 加速器"),
    tx(
        "Also consider AMD, TPU, Trainium and Ascend (CUDA only otherwise).",
        "同时考虑 AMD、TPU、Trainium 和昇腾（否则只考虑 CUDA）。"
    ),
    dev_non_cuda
);

// Limits and billing.
num!(opt DEADLINE_F, "deadline_h", tx("Deadline", "截止时间"), tx("Hours the job must finish in (empty: none).", "作业必须在多少小时内完成（留空：不限）。"), HOURS, deadline_h, 0.01, 1e6);
num!(opt BUDGET_F, "budget", tx("Budget", "预算"), tx("Most the whole job may cost (empty: none).", "整个作业最多花费（留空：不限）。"), tx("in the chosen currency", "按所选货币"), budget, 0.01, 1e12);
num!(
    MAXGPU_F,
    "max_gpus",
    tx("Most GPUs", "最多 GPU 数"),
    tx(
        "Largest number of GPUs to consider.",
        "考虑的最大 GPU 数量。"
    ),
    NONE,
    max_gpus,
    1.0,
    4096.0
);
choice!(
    OBJECTIVE_F,
    "objective",
    tx("Rank by", "排序依据"),
    tx("What the recommendation optimises.", "推荐优化的目标。"),
    objective,
    ObjectiveKey,
    &[
        ("cheapest", tx("Cheapest", "最便宜")),
        ("fastest", tx("Fastest", "最快")),
        ("best_value", tx("Best value", "性价比")),
    ]
);
flag!(
    NVLINK_F,
    "need_nvlink",
    tx("Require NVLink", "需要 NVLink"),
    tx(
        "Multi-GPU instances must have NVLink or NVSwitch.",
        "多卡实例必须有 NVLink 或 NVSwitch。"
    ),
    need_nvlink
);
flag!(
    MIG_F,
    "need_mig",
    tx("Require MIG", "需要 MIG"),
    tx("The GPU can be partitioned.", "GPU 支持切分。"),
    need_mig
);
flag!(
    GFX_F,
    "need_graphics",
    tx("Require graphics APIs", "需要图形 API"),
    tx(
        "Vulkan / OpenGL / DirectX for rendering and desktops.",
        "渲染和远程桌面需要 Vulkan / OpenGL / DirectX。"
    ),
    need_graphics
);
flag!(
    VIDEO_F,
    "need_video",
    tx("Require video encoders", "需要视频编码器"),
    tx("Hardware NVENC for streaming.", "推流需要硬件 NVENC。"),
    need_video
);
flag!(
    CUDA_F,
    "need_cuda",
    tx("CUDA only", "仅 CUDA"),
    tx(
        "Leave out TPU, Trainium, Ascend and AMD parts.",
        "排除 TPU、Trainium、昇腾和 AMD。"
    ),
    need_cuda
);

// Hidden costs.
num!(
    DATA_GB_F,
    "data_gb",
    tx("Data on disk", "磁盘数据"),
    tx(
        "Dataset, images and model files kept on block storage.",
        "保存在云盘上的数据集、镜像和模型文件。"
    ),
    GB,
    data_gb,
    0.0,
    1e9
);
num!(
    CKPT_GB_F,
    "checkpoints_gb",
    tx("Checkpoints and results", "检查点与结果"),
    tx(
        "Stored while the job runs and after.",
        "作业期间及之后保存的数据。"
    ),
    GB,
    checkpoints_gb,
    0.0,
    1e9
);
num!(
    SNAP_GB_F,
    "snapshot_gb",
    tx("Snapshots", "快照"),
    tx("Snapshots kept of the disks.", "保留的磁盘快照。"),
    GB,
    snapshot_gb,
    0.0,
    1e9
);
num!(
    RET_F,
    "retention_h",
    tx("Keep storage after the job", "作业后保留存储"),
    tx(
        "Hours disks and snapshots stay after the job (730 ≈ a month).",
        "作业结束后保留多少小时（730 ≈ 一个月）。"
    ),
    HOURS,
    retention_h,
    0.0,
    1e6
);
flag!(
    FAST_F,
    "fast_storage",
    tx("Fastest storage tier", "最快存储层"),
    tx(
        "The provider's fastest disk rather than its cheapest: priced and read at its maximum.",
        "使用最快而非最便宜的云盘：按其最高吞吐计价和读取。"
    ),
    fast_storage
);
num!(
    EGRESS_F,
    "egress_gb",
    tx("Data out (egress)", "出网流量"),
    tx(
        "Results, model downloads and serving traffic leaving the cloud.",
        "离开云的结果、模型下载和服务流量。"
    ),
    GB,
    egress_gb,
    0.0,
    1e9
);
num!(
    INGRESS_F,
    "ingress_gb",
    tx("Data in", "入网流量"),
    tx(
        "Data brought in from elsewhere (usually free).",
        "从别处导入的数据（通常免费）。"
    ),
    GB,
    ingress_gb,
    0.0,
    1e9
);
num!(
    IDLE_F,
    "idle_h",
    tx("Idle hours billed", "空闲计费小时"),
    tx(
        "Hours the instance runs with nobody using it.",
        "无人使用但实例仍在运行的小时数。"
    ),
    HOURS,
    idle_h,
    0.0,
    1e6
);
num!(
    IDLE_PERIODS_F,
    "idle_periods",
    tx("Idle periods", "空闲时段数"),
    tx(
        "Separate stretches the idle hours come in (5 nights: 5).",
        "空闲时间分成几段（5 个夜晚：5）。"
    ),
    NONE,
    idle_periods,
    0.0,
    1e5
);
num!(opt AUTO_STOP_F, "auto_stop_min", tx("Auto-stop after", "空闲自动关机"),
    tx("Idle minutes before the instance is stopped (empty: no auto-stop).", "空闲多少分钟后自动关机（留空：不关机）。"), tx("min", "分钟"), auto_stop_min, 0.0, 1e5);
num!(
    SETUP_F,
    "setup_h",
    tx("Set-up time", "环境准备时间"),
    tx(
        "Environment and data download, billed at the instance rate.",
        "环境配置和数据下载，按实例价格计费。"
    ),
    HOURS,
    setup_h,
    0.0,
    1e4
);
num!(opt SPOT_F, "spot_rate", tx("Spot interruptions", "竞价中断率"), tx("Expected interruptions per hour (empty: 2 %/h, marketplaces 5 %/h).", "每小时预期中断次数（留空：2%/小时，市场型 5%/小时）。"), tx("per h", "次/小时"), spot_rate, 0.0, 10.0);
num!(
    RESTART_F,
    "restart_min",
    tx("Restart time", "重启时间"),
    tx(
        "From an interruption until work resumes.",
        "从中断到恢复工作的时间。"
    ),
    tx("min", "分钟"),
    restart_min,
    0.0,
    1e4
);
num!(
    CKPT_MIN_F,
    "checkpoint_min",
    tx("Checkpoint write time", "检查点写入时间"),
    tx("Time to save one checkpoint.", "保存一次检查点的时间。"),
    tx("min", "分钟"),
    checkpoint_min,
    0.0,
    1e4
);
num!(opt BPS_F, "bytes_per_sample", tx("Bytes per sample", "每样本字节数"), tx("Data read per sample or sequence (empty: storage never limits).", "每个样本或序列读取的数据量（留空：不考虑存储瓶颈）。"), tx("bytes", "字节"), bytes_per_sample, 1.0, 1e12);
num!(opt STORAGE_F, "storage_mbs", tx("Storage read speed", "存储读取速度"),
    tx("Sustained read throughput, if you know it (empty: each offer's local disk or its provider's tier).", "已知的持续读取吞吐（留空：按各实例的本地盘或云厂商存储层）。"), tx("MB/s", "MB/s"), storage_mbs, 0.1, 1e6);
num!(
    FX_F,
    "cny_per_usd",
    tx("Exchange rate", "汇率"),
    tx(
        "Yuan per US dollar used to compare prices.",
        "比较价格时使用的人民币兑美元汇率。"
    ),
    tx("CNY per USD", "元/美元"),
    cny_per_usd,
    0.01,
    1000.0
);

/// Every field spec, for the translation test.
pub fn all_texts() -> Vec<Text> {
    let nums: Vec<&NumSpec> = vec![
        &TOKENS_F,
        &SEQ_F,
        &MICRO_F,
        &ZERO_F,
        &TP_F,
        &PP_F,
        &GBT_F,
        &RANK_F,
        &CONTEXT_F,
        &CONC_F,
        &PROMPT_F,
        &OUTPUT_F,
        &RPS_F,
        &PEAK_F,
        &LAT_F,
        &UTIL_F,
        &BATCH_REQ_F,
        &SAMPLES_F,
        &EPOCHS_F,
        &BATCH_F,
        &FRAMES_F,
        &SPF_F,
        &SCENE_F,
        &STREAMS_F,
        &STREAM_H_F,
        &DEV_H_F,
        &DEV_MEM_F,
        &DEADLINE_F,
        &BUDGET_F,
        &MAXGPU_F,
        &DATA_GB_F,
        &CKPT_GB_F,
        &SNAP_GB_F,
        &RET_F,
        &EGRESS_F,
        &INGRESS_F,
        &IDLE_F,
        &IDLE_PERIODS_F,
        &AUTO_STOP_F,
        &SETUP_F,
        &SPOT_F,
        &RESTART_F,
        &CKPT_MIN_F,
        &BPS_F,
        &STORAGE_F,
        &FX_F,
    ];
    let mut out: Vec<Text> = nums.iter().flat_map(|s| [s.label, s.help]).collect();
    for b in [
        &FLASH_F,
        &QLORA_F,
        &PAGED_F,
        &NVLINK_F,
        &MIG_F,
        &GFX_F,
        &VIDEO_F,
        &CUDA_F,
        &FAST_F,
        &DEV_NON_CUDA_F,
        &SPOT_LATENCY_F,
    ] {
        out.extend([b.label, b.help]);
    }
    for c in [
        &PRECISION_F,
        &OPTIMIZER_F,
        &RECOMPUTE_F,
        &SERVER_F,
        &WEIGHTS_F,
        &KV_F,
        &OBJECTIVE_F,
    ] {
        out.extend([c.label, c.help]);
        out.extend(c.options.iter().map(|(_, t)| *t));
    }
    out
}

const WORKLOADS: [(WorkloadKind, Text); 6] = [
    (
        WorkloadKind::Lora,
        tx("LoRA / QLoRA fine-tuning", "LoRA / QLoRA 微调"),
    ),
    (
        WorkloadKind::Train,
        tx("Pre-training or full fine-tuning", "预训练或全参微调"),
    ),
    (WorkloadKind::Serve, tx("LLM serving", "大模型推理服务")),
    (
        WorkloadKind::Classic,
        tx("Classic deep learning", "传统深度学习"),
    ),
    (WorkloadKind::Render, tx("Rendering / video", "渲染 / 视频")),
    (WorkloadKind::Dev, tx("Dev / test box", "开发测试机")),
];

const MODES: [(ModeKey, Text); 5] = [
    (ModeKey::OnDemand, tx("On-demand", "按量付费")),
    (ModeKey::Spot, tx("Spot / preemptible", "竞价 / 抢占式")),
    (ModeKey::Monthly, tx("Monthly subscription", "包月")),
    (ModeKey::Reserved1y, tx("1-year commitment", "1 年预留")),
    (ModeKey::Reserved3y, tx("3-year commitment", "3 年预留")),
];

/// The billing mode's name.
pub fn mode_text(mode: ModeKey) -> Text {
    MODES
        .iter()
        .find(|(m, _)| *m == mode)
        .map(|(_, t)| *t)
        .unwrap_or(tx("Serverless", "Serverless 按秒计费"))
}

fn section(fields: Vec<AnyView>) -> AnyView {
    fields.into_iter().collect_view().into_any()
}

/// The whole form.
#[component]
pub fn ScenarioForm() -> impl IntoView {
    let state = use_state();
    let lang = use_prefs().lang;
    let workload = Memo::new(move |_| state.form.with(|f| f.workload));
    let main_fields = move || match workload.get() {
        WorkloadKind::Train => section(vec![
            num_field(&TOKENS_F),
            num_field(&SEQ_F),
            num_field(&MICRO_F),
            choice_field(&PRECISION_F),
            choice_field(&OPTIMIZER_F),
        ]),
        WorkloadKind::Lora => section(vec![
            num_field(&TOKENS_F),
            num_field(&SEQ_F),
            num_field(&MICRO_F),
            num_field(&RANK_F),
            bool_field(&QLORA_F),
        ]),
        WorkloadKind::Serve => section(vec![
            choice_field(&SERVER_F),
            num_field(&RPS_F),
            num_field(&PEAK_F),
            num_field(&PROMPT_F),
            num_field(&OUTPUT_F),
            num_field(&CONTEXT_F),
            num_field(&CONC_F),
            choice_field(&WEIGHTS_F),
            num_field(&LAT_F),
        ]),
        WorkloadKind::Classic => section(vec![
            num_field(&SAMPLES_F),
            num_field(&EPOCHS_F),
            num_field(&BATCH_F),
            choice_field(&PRECISION_F),
        ]),
        WorkloadKind::Render => section(vec![
            num_field(&FRAMES_F),
            num_field(&SPF_F),
            view! { <ReferenceGpu /> }.into_any(),
            num_field(&SCENE_F),
            num_field(&STREAMS_F),
            num_field(&STREAM_H_F),
        ]),
        WorkloadKind::Dev => section(vec![
            num_field(&DEV_H_F),
            num_field(&DEV_MEM_F),
            bool_field(&DEV_NON_CUDA_F),
        ]),
    };
    let advanced_fields = move || match workload.get() {
        WorkloadKind::Train | WorkloadKind::Lora => section(vec![
            num_field(&ZERO_F),
            num_field(&TP_F),
            num_field(&PP_F),
            num_field(&GBT_F),
            choice_field(&RECOMPUTE_F),
            bool_field(&FLASH_F),
            bool_field(&PAGED_F),
            num_field(&BPS_F),
            num_field(&STORAGE_F),
        ]),
        WorkloadKind::Serve => section(vec![
            choice_field(&KV_F),
            num_field(&UTIL_F),
            num_field(&BATCH_REQ_F),
            num_field(&TP_F),
            num_field(&PP_F),
            bool_field(&SPOT_LATENCY_F),
        ]),
        WorkloadKind::Classic => section(vec![
            choice_field(&OPTIMIZER_F),
            num_field(&BPS_F),
            num_field(&STORAGE_F),
        ]),
        WorkloadKind::Render | WorkloadKind::Dev => section(Vec::new()),
    };
    let uses_model = move || !matches!(workload.get(), WorkloadKind::Render | WorkloadKind::Dev);
    view! {
        <form class="panel form" data-testid="scenario-form" on:submit=|ev| ev.prevent_default()>
            <h2>{move || t::FORM_TITLE.get(lang.get())}</h2>
            <div class="field">
                <label for="field-workload">{move || t::WORKLOAD.get(lang.get())}</label>
                <select
                    id="field-workload"
                    data-testid="workload-select"
                    on:change=move |ev| {
                        let key = event_target_value(&ev);
                        if let Some((w, _)) = WORKLOADS.iter().find(|(w, _)| w.key() == key) {
                            state.form.update(|f| f.workload = *w);
                        }
                    }
                >
                    {WORKLOADS
                        .iter()
                        .map(|(w, text)| {
                            let w = *w;
                            view! {
                                <option value=w.key() selected=move || workload.get() == w>
                                    {move || text.get(lang.get())}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </div>
            <Show when=uses_model>
                <ModelPicker />
            </Show>
            {main_fields}
            <fieldset class="limits">
                <legend>{move || t::LIMITS.get(lang.get())}</legend>
                {num_field(&DEADLINE_F)}
                {num_field(&BUDGET_F)}
                {choice_field(&OBJECTIVE_F)}
                <BillingModes />
            </fieldset>
            <details class="advanced" data-testid="advanced">
                <summary>{move || t::ADVANCED.get(lang.get())}</summary>
                {advanced_fields}
                <fieldset>
                    <legend>{move || t::HIDDEN_COSTS.get(lang.get())}</legend>
                    {num_field(&DATA_GB_F)}
                    {num_field(&CKPT_GB_F)}
                    {num_field(&SNAP_GB_F)}
                    {num_field(&RET_F)}
                    {bool_field(&FAST_F)}
                    {num_field(&EGRESS_F)}
                    {num_field(&INGRESS_F)}
                    {num_field(&IDLE_F)}
                    <button
                        type="button"
                        class="secondary"
                        data-testid="weekend-idle"
                        on:click=move |_| {
                            state
                                .form
                                .update(|f| {
                                    f.idle_h = gpu_sizer_engine::cost::hidden::WEEKEND_HOURS;
                                    f.idle_periods = 1.0;
                                })
                        }
                    >
                        {move || t::WEEKEND_IDLE.get(lang.get())}
                    </button>
                    {num_field(&IDLE_PERIODS_F)}
                    {num_field(&AUTO_STOP_F)}
                    {num_field(&SETUP_F)}
                    {num_field(&SPOT_F)}
                    {num_field(&RESTART_F)}
                    {num_field(&CKPT_MIN_F)}
                </fieldset>
                <fieldset>
                    <legend>{move || t::REQUIREMENTS.get(lang.get())}</legend>
                    {num_field(&MAXGPU_F)}
                    {bool_field(&NVLINK_F)}
                    {bool_field(&MIG_F)}
                    {bool_field(&GFX_F)}
                    {bool_field(&VIDEO_F)}
                    {bool_field(&CUDA_F)}
                    <Providers />
                    {num_field(&FX_F)}
                </fieldset>
            </details>
        </form>
    }
}

/// Billing modes to consider, as checkboxes (none ticked: all).
#[component]
fn BillingModes() -> impl IntoView {
    let state = use_state();
    let lang = use_prefs().lang;
    let has = move |m: ModeKey| {
        state
            .form
            .with(|f| f.modes.is_empty() || f.modes.split(',').any(|k| k.trim() == m.key()))
    };
    let toggle = move |m: ModeKey, on: bool| {
        state.form.update(|f| {
            let mut keys: Vec<ModeKey> = if f.modes.is_empty() {
                MODES.iter().map(|(m, _)| *m).collect()
            } else {
                f.modes
                    .split(',')
                    .filter_map(|k| ModeKey::from_key(k.trim()))
                    .collect()
            };
            keys.retain(|k| *k != m);
            if on {
                keys.push(m);
            }
            keys.sort_by_key(|k| MODES.iter().position(|(x, _)| x == k));
            f.modes = if keys.len() == MODES.len() {
                String::new()
            } else {
                keys.iter().map(|k| k.key()).collect::<Vec<_>>().join(",")
            };
        })
    };
    view! {
        <div class="field modes" role="group" aria-labelledby="modes-label">
            <span id="modes-label" class="label">{move || t::BILLING_MODES.get(lang.get())}</span>
            {MODES
                .iter()
                .map(|(m, text)| {
                    let m = *m;
                    let id = format!("mode-{}", m.key());
                    view! {
                        <span class="check">
                            <input
                                type="checkbox"
                                id=id.clone()
                                data-testid=id.clone()
                                prop:checked=move || has(m)
                                on:change=move |ev| toggle(m, event_target_checked(&ev))
                            />
                            <label for=id>{move || text.get(lang.get())}</label>
                        </span>
                    }
                })
                .collect_view()}
        </div>
    }
}

/// Providers to consider, as checkboxes (none ticked: all).
#[component]
fn Providers() -> impl IntoView {
    let state = use_state();
    let lang = use_prefs().lang;
    let catalog = gpu_sizer_engine::catalog::Catalog::builtin();
    // Each box follows this memo, not the whole form: a keystroke elsewhere reaches no box.
    let chosen = Memo::new(move |_| state.form.with(|f| f.providers.clone()));
    let toggle = move |id: &'static str, on: bool| {
        state.form.update(|f| {
            let mut ids: Vec<String> = f
                .providers
                .split(',')
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .collect();
            ids.retain(|x| x != id);
            if on {
                ids.push(id.to_string());
            }
            f.providers = ids.join(",");
        })
    };
    view! {
        <div class="field providers" role="group" aria-labelledby="providers-label">
            <span id="providers-label" class="label">{move || t::PROVIDERS_ONLY.get(lang.get())}</span>
            {catalog
                .providers
                .iter()
                .map(|p| {
                    let id: &'static str = p.id.as_str();
                    let dom_id = format!("provider-{id}");
                    view! {
                        <span class="check">
                            <input
                                type="checkbox"
                                id=dom_id.clone()
                                data-testid=dom_id.clone()
                                prop:checked=move || {
                                    chosen.with(|p| p.split(',').any(|x| x.trim() == id))
                                }
                                on:change=move |ev| toggle(id, event_target_checked(&ev))
                            />
                            <label for=dom_id>
                                {move || format::provider_name(p, lang.get())}
                            </label>
                        </span>
                    }
                })
                .collect_view()}
        </div>
    }
}

/// The GPU a render time was measured on.
#[component]
fn ReferenceGpu() -> impl IntoView {
    let state = use_state();
    let lang = use_prefs().lang;
    let catalog = gpu_sizer_engine::catalog::Catalog::builtin();
    // Each option follows this memo, not the whole form: a keystroke elsewhere reaches no option.
    let chosen = Memo::new(move |_| state.form.with(|f| f.reference_gpu.clone()));
    view! {
        <div class="field">
            <label for="field-reference_gpu">{move || t::REFERENCE_GPU.get(lang.get())}</label>
            <select
                id="field-reference_gpu"
                data-testid="field-reference_gpu"
                on:change=move |ev| {
                    let id = event_target_value(&ev);
                    state.form.update(|f| f.reference_gpu = id);
                }
            >
                {catalog
                    .gpus
                    .iter()
                    .filter(|g| !g.graphics_apis.is_empty())
                    .map(|g| {
                        let id: &'static str = g.id.as_str();
                        view! {
                            <option value=id selected=move || chosen.with(|g| g == id)>
                                {g.name.clone()}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </div>
    }
}
