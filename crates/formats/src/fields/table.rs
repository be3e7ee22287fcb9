//! The field table: one row per field of [`Form`], in the order share links write them.
//!
//! ```text
//! name "link key" input in unit
//!     "what it means, for the documentation" label help;
//! ```
//!
//! `input` is the page's control: `number(min, max)`; `choice(KeyEnum { Variant: label, … })`, the
//! options in the order the page lists them; `several(…)`, the same for a list field; `flag`; or
//! `other` (text, and fields the page sets with a control of its own or not at all). A unit
//! follows `in`. A text is `["English", "中文"]`, a constant below, or `_` for none. Renaming a
//! field or its link key breaks saved scenarios and links (`docs/links.md`).
//!
//! Rows of one kind can live in a module of their own (`table/workloads.rs`, `table/transfer.rs`):
//! its macro appends them and hands the rows on to the next macro named, the last being
//! `fields!`, so the link order stays the order the macros are listed in.

use super::units::*;
use super::{About, Choice, ChoiceField, Field, Flag, Input, Number, NumberField};
use crate::form::{
    InferKey, KvKey, ModeKey, ModelSource, ObjectiveKey, OptimizerKey, PrecisionKey, RecomputeKey,
    ServerKey, WeightKey, WorkloadKind,
};
use crate::Form;

#[macro_use]
mod transfer;
#[macro_use]
mod workloads;
#[macro_use]
mod queue;

workload_rows! { transfer_rows!, queue_rows!, fields! ;
    name "n" other
        "Your label for the scenario (plain text)." _ _;
    workload "w" choice(WorkloadKind {
        Lora: ["LoRA / QLoRA fine-tuning", "LoRA / QLoRA 微调"],
        Train: ["Pre-training or full fine-tuning", "预训练或全参微调"],
        Serve: ["LLM serving", "大模型推理服务"],
        Classic: ["Classic deep learning", "传统深度学习"],
        Infer: ["Vision / recommender / BERT serving", "视觉 / 推荐 / BERT 推理服务"],
        Science: ["Scientific computing (FP64)", "科学计算（FP64）"],
        Render: ["Rendering / video", "渲染 / 视频"],
        Dev: ["Dev / test box", "开发测试机"],
    })
        "Which kind of job. `train`: pre-training or full fine-tuning; `infer`: serving a vision, recommender or encoder model at a request rate within a latency bound." _ _;
    model_source "ms" choice(ModelSource {
        Preset: ["Preset", "预设模型"],
        Params: ["Parameter count", "按参数量"],
        Custom: ["Architecture", "自定义结构"],
    })
        "How the model is given: a preset, a parameter count, or its architecture." _ _;
    model "m" other
        "Preset id when `model_source` is `preset` (`gpu-sizer models` lists them)." _ _;
    params_b "pb" number(0.001, 100_000.0) in ["billion", "十亿"]
        "Model size when `model_source` is `params` (a Llama-like shape is assumed)."
        ["Parameters", "参数量"]
        ["Billions of parameters. Coarser: layer shapes are assumed.", "单位十亿。较粗略：层结构按假设估算。"];
    layers "ly" number(1.0, 1000.0)
        "Custom architecture: transformer layers."
        ["Layers", "层数"]
        CONFIG_JSON;
    hidden "hd" number(1.0, 1e6)
        "Custom architecture: hidden size."
        ["Hidden size", "隐藏维度"]
        CONFIG_JSON;
    heads "h" number(1.0, 1e4)
        "Custom architecture: attention heads."
        ["Attention heads", "注意力头数"]
        CONFIG_JSON;
    kv_heads "kvh" number(1.0, 1e4)
        "Custom architecture: key/value heads (1: MQA, = heads: MHA, else GQA)."
        ["KV heads", "KV 头数"]
        CONFIG_JSON;
    head_dim "hdim" number(1.0, 1e4)
        "Custom architecture: dimension of one head."
        ["Head dimension", "头维度"]
        CONFIG_JSON;
    ffn "ffn" number(1.0, 1e7)
        "Custom architecture: intermediate (MLP) size, gated."
        ["FFN size", "FFN 维度"]
        CONFIG_JSON;
    vocab "voc" number(1.0, 1e7)
        "Custom architecture: vocabulary size."
        ["Vocabulary", "词表大小"]
        CONFIG_JSON;
    gated_mlp "gm" other
        "Custom architecture: gated (SwiGLU) MLP of three matrices; `false`: a plain two-matrix MLP." _ _;
    tied_embeddings "te" other
        "Custom architecture: the output layer shares the input embedding's weights." _ _;
    experts "ex" other
        "Custom architecture: routed experts per layer (mixture of experts); 0: dense." _ _;
    active_experts "ea" other
        "Custom architecture: routed experts each token visits." _ _;
    shared_experts "es" other
        "Custom architecture: experts every token visits." _ _;
    expert_ffn "ef" other
        "Custom architecture: width of one expert's MLP (0: `ffn`)." _ _;
    custom_params_b "cpb" other in ["billion", "十亿"]
        "Custom architecture: the published parameter count, when it differs from what the shape gives; `null`: from the shape." _ _;
    tokens "tok" number(1.0, 1e15) in TOKENS
        "Training and fine-tuning: tokens to train on (all epochs)."
        ["Training tokens", "训练词元数"]
        ["Tokens processed in total (dataset tokens × epochs), e.g. 2,000,000,000, 2B or 2e9.", "总共处理的词元数（数据集词元 × 轮数），如 2,000,000,000、20亿 或 2B。"];
    seq_len "seq" number(1.0, 1e7) in TOKENS
        "Training and fine-tuning: sequence length; classic jobs and `infer` on an encoder preset: tokens per sample (at most the model's positions)."
        ["Sequence length", "序列长度"]
        ["Tokens per training sequence.", "每条训练序列的词元数。"];
    micro_batch "mb" number(1.0, 1e6) in SEQUENCES
        "Training and fine-tuning: sequences per GPU per forward/backward pass."
        ["Micro-batch per GPU", "每 GPU 微批大小"]
        ["Sequences each GPU processes per step; more needs more memory.", "每个 GPU 每步处理的序列数；越大越占显存。"];
    global_batch_tokens "gbt" number(1.0, 1e12) in TOKENS
        "Tokens per optimizer step over all GPUs; `null`: one micro-batch per GPU."
        ["Global batch", "全局批大小"]
        ["Tokens per optimizer step across all GPUs (empty: one micro-batch per GPU).", "所有 GPU 每个优化步的词元数（留空：每 GPU 一个微批）。"];
    precision "p" choice(PrecisionKey {
        Bf16Mixed: ["BF16 mixed", "BF16 混合精度"],
        Fp16Mixed: ["FP16 mixed", "FP16 混合精度"],
        Fp8Mixed: ["FP8 mixed", "FP8 混合精度"],
        Bf16: ["Pure BF16", "纯 BF16"],
        Fp32: ["FP32", "FP32"],
    })
        "Numeric format of training and classic jobs; for LoRA, `fp8_mixed` runs the frozen weights' matmuls in fp8."
        ["Precision", "精度"]
        ["Numeric format of training; mixed keeps an fp32 master copy.", "训练数值格式；混合精度会保留一份 fp32 主权重。"];
    optimizer "opt" choice(OptimizerKey {
        AdamW: ["AdamW", "AdamW"],
        Adam8bit: ["8-bit Adam", "8 位 Adam"],
        Adafactor: ["Adafactor", "Adafactor"],
        SgdMomentum: ["SGD + momentum", "SGD 动量"],
    })
        "Optimizer (of the adapters, for LoRA)."
        ["Optimizer", "优化器"]
        ["AdamW keeps two fp32 states per parameter; 8-bit Adam two bytes.", "AdamW 每参数两个 fp32 状态；8 位 Adam 两个字节。"];
    zero "z" number(0.0, 3.0)
        "ZeRO / FSDP stage, 0 to 3; `null`: chosen per candidate (the least sharding that fits)."
        ["ZeRO stage", "ZeRO 阶段"]
        ["0: none; 1: shard optimizer; 2: + gradients; 3 (FSDP): + weights. Empty: the least sharding that fits, chosen per instance.", "0：不切分；1：切分优化器；2：再切分梯度；3（FSDP）：再切分权重。留空：按实例选择能放下的最少切分。"];
    tensor_parallel "tp" number(1.0, 64.0) in GPUS
        "Tensor-parallel degree (training and serving); `null`: chosen per candidate, inside a node, only as far as memory needs."
        ["Tensor parallel", "张量并行"]
        ["GPUs each layer is split across (inside one instance). Empty: chosen per instance, only as far as memory needs.", "每层切分到的 GPU 数（同一实例内）。留空：按实例选择，只在显存需要时使用。"];
    pipeline_parallel "pp" number(1.0, 256.0) in GPUS
        "Pipeline-parallel degree; `null`: chosen per candidate (stages across nodes when one node cannot hold the model)."
        ["Pipeline stages", "流水线并行"]
        ["Groups of layers on different GPUs. Empty: stages across instances only when one instance cannot hold the model.", "把层分组放到不同 GPU 上。留空：只有一个实例放不下模型时才跨实例分段。"];
    virtual_pipeline "vp" other
        "Model chunks per pipeline stage (interleaved 1F1B schedule); `null`: two layers per chunk when the engine chooses the stages, else 1." _ _;
    recompute "rc" choice(RecomputeKey {
        Selective: ["Selective", "选择性"],
        None: ["None", "不重算"],
        Full: ["Full", "完全"],
    })
        "Activation recomputation (checkpointing)."
        ["Activation recomputation", "激活重计算"]
        ["Full recomputation saves memory at about a third more compute.", "完全重计算省显存，但计算量约增加三分之一。"];
    flash_attention "fa" flag
        "Fused attention: no sequence × sequence scores are stored."
        ["Flash attention", "Flash Attention"]
        ["Fused attention never stores the s × s score matrix.", "融合注意力不保存 s × s 的分数矩阵。"];
    lora_rank "r" number(1.0, 65536.0)
        "LoRA adapter rank."
        ["LoRA rank", "LoRA 秩"]
        ["Rank r of each adapter; 8–64 is typical.", "每个适配器的秩 r，常用 8–64。"];
    lora_targets "lt" other
        "Comma-separated modules carrying adapters: `q,k,v,o,gate,up,down` or `all`." _ _;
    qlora "q" flag
        "QLoRA: 4-bit NF4 base weights."
        ["QLoRA (4-bit base)", "QLoRA（4 位基座）"]
        ["Base weights in 4-bit NF4: a quarter of the memory, somewhat slower.", "基座权重用 4 位 NF4：显存约四分之一，速度稍慢。"];
    paged_optimizer "po" flag
        "Optimizer states in pageable host memory."
        ["Paged optimizer", "分页优化器"]
        ["Optimizer states may move to host memory under pressure.", "显存紧张时优化器状态可换出到主机内存。"];
    optimizer_in_backward "oib" other
        "Full training: each parameter is updated as soon as its gradient is ready, so only one gradient is alive at a time (torchtune's `optimizer_in_bwd`)." _ _;
    loss "ls" other
        "How the cross-entropy is computed: `standard` (Hugging Face Transformers: the whole logits in fp32), `chunked` (torchtune: 16-bit logits, upcast chunk by chunk) or `fused` (Liger Kernel, Unsloth: the logits never exist whole)." _ _;
    server "sv" choice(ServerKey {
        Vllm: ["vLLM", "vLLM"],
        Sglang: ["SGLang", "SGLang"],
        TensorrtLlm: ["TensorRT-LLM", "TensorRT-LLM"],
        Tgi: ["TGI", "TGI"],
        LlamaCpp: ["llama.cpp / Ollama", "llama.cpp / Ollama"],
    })
        "Serving: the inference server (`llama_cpp` also stands for Ollama and LM Studio); it decides how memory is reserved and how fast decoding runs."
        ["Server", "推理框架"]
        ["Each server reserves memory its own way and decodes at its own speed.", "不同推理框架预留显存的方式和解码速度不同。"];
    weights "wf" choice(WeightKey {
        Bf16: ["BF16 / FP16", "BF16 / FP16"],
        Fp8: ["FP8", "FP8"],
        Fp4: ["FP4 (NVFP4 / MXFP4, Blackwell)", "FP4（NVFP4 / MXFP4，Blackwell）"],
        Int8: ["INT8", "INT8"],
        Int4Awq: ["INT4 AWQ", "INT4 AWQ"],
        Int4Gptq: ["INT4 GPTQ", "INT4 GPTQ"],
        GgufQ4_0: ["GGUF Q4_0", "GGUF Q4_0"],
        GgufQ4KM: ["GGUF Q4_K_M", "GGUF Q4_K_M"],
        GgufQ5KM: ["GGUF Q5_K_M", "GGUF Q5_K_M"],
        GgufQ6K: ["GGUF Q6_K", "GGUF Q6_K"],
        GgufQ8_0: ["GGUF Q8_0", "GGUF Q8_0"],
        Fp32: ["FP32", "FP32"],
    })
        "Serving: weight format (`fp4`: NVFP4/MXFP4 on Blackwell; `q4_0` … `q8_0`: GGUF for llama.cpp)."
        ["Weight format", "权重格式"]
        ["Quantised weights need less memory and bandwidth.", "量化权重占用更少显存和带宽。"];
    kv "kv" choice(KvKey {
        Bf16: ["BF16", "BF16"],
        Fp8: ["FP8", "FP8"],
        Int8: ["INT8", "INT8"],
        Fp4: ["FP4 (TensorRT-LLM, Blackwell)", "FP4（TensorRT-LLM，Blackwell）"],
        Q8_0: ["Q8_0 (llama.cpp)", "Q8_0（llama.cpp）"],
        Q4_0: ["Q4_0 (llama.cpp)", "Q4_0（llama.cpp）"],
    })
        "Serving: KV-cache format."
        ["KV-cache format", "KV 缓存格式"]
        ["FP8 or INT8 KV cache halves its memory, FP4 or Q4_0 quarters it.", "FP8 或 INT8 的 KV 缓存可减半显存，FP4 或 Q4_0 约为四分之一。"];
    context_tokens "ctx" number(1.0, 1e7) in TOKENS
        "Serving: longest context per sequence (prompt + output)."
        ["Context length", "上下文长度"]
        ["Longest prompt + answer one conversation may reach.", "一次对话可达的最长（提示 + 回答）长度。"];
    concurrency "cc" number(1.0, 1e5) in SEQUENCES
        "Serving: sequences decoded together."
        ["Concurrent sequences", "并发序列数"]
        ["Conversations decoded together on one replica.", "一个副本上同时解码的对话数。"];
    prompt_tokens "pt" number(1.0, 1e7) in TOKENS
        "Serving: prompt of a typical request."
        ["Prompt length", "提示长度"]
        ["Typical request input.", "典型请求的输入长度。"];
    output_tokens "ot" number(1.0, 1e7) in TOKENS
        "Serving: output of a typical request."
        ["Answer length", "回答长度"]
        ["Typical tokens generated per request.", "每个请求通常生成的词元数。"];
    memory_utilization "mu" number(0.1, 1.0) in ["share (0–1)", "比例（0–1）"]
        "Serving: the server's memory share (vLLM `gpu_memory_utilization`, SGLang `mem_fraction_static`, TensorRT-LLM `free_gpu_memory_fraction`); `null`: the server's default."
        ["Memory claimed by the server", "服务占用显存比例"]
        ["The server's memory share (empty: its default, vLLM 0.9, SGLang 0.79–0.88, TensorRT-LLM 0.9 of free memory).", "推理框架的显存比例（留空：框架默认，vLLM 0.9，SGLang 0.79–0.88，TensorRT-LLM 为空闲显存的 0.9）。"];
    batch_requests "br" number(1.0, 1e15) in ["requests", "个请求"]
        "Serving: an offline batch job of this many requests, run at the largest batch that fits (its time and total cost); `null`: an online service."
        ["Offline batch", "离线批处理"]
        ["Requests to process as one batch job at the largest batch that fits (empty: an online service).", "作为一次批处理作业处理的请求数，按可容纳的最大批量运行（留空：在线服务）。"];
    latency_ms "lat" number(1.0, 1e5) in ["ms", "毫秒"]
        "Serving: longest acceptable time per output token; for `infer`, per request (arrival to answer); `null`: none."
        ["Latency target", "延迟目标"]
        ["Longest acceptable time per generated token, or per request for vision / BERT serving (empty: none).", "每个生成词元可接受的最长时间；视觉 / BERT 推理为每个请求的最长时间（留空：不限）。"];
    spot_with_latency "swl" flag
        "Serving with `latency_ms` set: also consider spot instances (priced with spare instances against reclaims). Off: a latency-bound service is kept off spot."
        ["Allow spot with a latency target", "有延迟目标时允许竞价实例"]
        ["Priced with spare instances against reclaims; each reclaim still drops answers in flight.", "按应对回收的备用实例计价；每次回收仍会中断正在生成的回答。"];
    requests_per_s "rps" number(0.0, 1e6) in ["req/s", "次/秒"]
        "Serving: average traffic; `null`: one replica's capacity."
        ["Average traffic", "平均流量"]
        ["Requests per second over the day; sizes the fleet.", "全天平均每秒请求数，用于确定实例数量。"];
    peak_ratio "pk" number(1.0, 24.0) in ["×", "倍"]
        "Serving: peak-to-average ratio of the daily traffic."
        ["Peak / average", "峰值 / 平均"]
        ["Busiest hour relative to the average (1 = flat).", "最忙时段相对平均的倍数（1 = 平稳）。"];
    samples "smp" number(1.0, 1e13) in ["samples", "个样本"]
        "Classic deep learning: samples per epoch."
        ["Samples", "样本数"]
        ["Images or examples in the dataset.", "数据集中的图片或样本数。"];
    epochs "ep" number(0.01, 1e5)
        "Classic deep learning: passes over the data."
        ["Epochs", "轮数"]
        ["Passes over the dataset.", "遍历数据集的次数。"];
    batch "b" number(1.0, 1e6) in ["samples", "个样本"]
        "Classic deep learning: batch per GPU; `infer`: the largest batch the server forms (the latency bound may keep it smaller)."
        ["Batch per GPU", "每 GPU 批大小"]
        ["Samples per GPU per step; for serving, the largest batch formed.", "每个 GPU 每步的样本数；推理服务为最大合批数。"];
    frames "fr" number(0.0, 1e9) in ["frames", "帧"]
        "Rendering: frames to render."
        ["Frames", "帧数"]
        ["Frames to render.", "需要渲染的帧数。"];
    seconds_per_frame "spf" number(0.001, 1e7) in ["s", "秒"]
        "Rendering: seconds per frame measured on `reference_gpu`."
        ["Seconds per frame (measured)", "每帧秒数（实测）"]
        ["Your render time of one frame on the reference GPU.", "你在参考 GPU 上渲染一帧的实测时间。"];
    reference_gpu "ref" other
        "Rendering: catalog GPU id the frame time was measured on; `science`: the GPU `fp64_ref_hours` was measured on."
        ["Reference GPU (where you measured)", "参考 GPU（实测所用）"]
        _;
    scene_gib "sc" number(0.0, 1024.0) in GIB
        "Rendering: scene resident on every GPU."
        ["Scene memory", "场景显存"]
        ["Geometry and textures resident on the GPU.", "常驻显存的几何与纹理。"];
    streams "st" number(0.0, 1e4)
        "Video: concurrent encodes."
        ["Video streams", "视频流"]
        ["Concurrent streams to encode (0: none).", "同时编码的视频流（0：无）。"];
    stream_gib "sg" other in GIB
        "Video: buffers per stream." _ _;
    stream_hours "sh" number(0.0, 1e6) in HOURS
        "Video: hours of streaming."
        ["Streaming hours", "推流时长"]
        ["Hours the streams run.", "视频流持续的小时数。"];
    dev_hours "dh" number(0.1, 1e6) in HOURS
        "Development box: hours of use."
        ["Hours of use", "使用小时数"]
        ["Hours you will actually work on the box.", "你实际使用这台机器的小时数。"];
    dev_min_gib "dm" number(1.0, 1024.0) in GIB
        "Development box: least GPU memory as the card is sold (a class of card: 24 takes a 24 GB card)."
        ["GPU memory (card class)", "显存（显卡规格）"]
        ["The card's memory as sold: 24 takes a 24 GB card.", "按显卡标称显存计：填 24 即可选 24 GB 的卡。"];
    dev_non_cuda "dnc" flag
        "Development box: also consider accelerators that need another stack than CUDA (ROCm, CANN, XLA, Neuron)."
        ["Accept non-CUDA accelerators", "接受非 CUDA 加速器"]
        ["Also consider AMD, TPU, Trainium and Ascend (CUDA only otherwise).", "同时考虑 AMD、TPU、Trainium 和昇腾（否则只考虑 CUDA）。"];
    bytes_per_sample "bps" number(1.0, 1e12) in ["bytes", "字节"]
        "Training data per sample read from storage; `null`: storage is not modelled."
        ["Bytes per sample", "每样本字节数"]
        ["Data read per sample or sequence (empty: storage never limits).", "每个样本或序列读取的数据量（留空：不考虑存储瓶颈）。"];
    storage_mbs "smb" number(0.1, 1e6) in ["MB/s", "MB/s"]
        "Storage throughput feeding the GPUs (with `bytes_per_sample`); `null`: each offer's own, its local disk when the data fits there, else the provider's tier (`fast_storage` picks the fastest)."
        ["Storage read speed", "存储读取速度"]
        ["Sustained read throughput, if you know it (empty: each offer's local disk or its provider's tier).", "已知的持续读取吞吐（留空：按各实例的本地盘或云厂商存储层）。"];
    deadline_h "dl" number(0.01, 1e6) in HOURS
        "Wall-clock limit; `null`: none."
        ["Deadline", "截止时间"]
        ["Hours the job must finish in (empty: none).", "作业必须在多少小时内完成（留空：不限）。"];
    budget "bud" number(0.01, 1e12) in ["in the chosen currency", "按所选货币"]
        "Most the whole job may cost; `null`: none."
        ["Budget", "预算"]
        ["Most the whole job may cost (empty: none).", "整个作业最多花费（留空：不限）。"];
    max_gpus "mg" number(1.0, 4096.0) in GPUS
        "Most GPUs in total."
        ["Most GPUs", "最多 GPU 数"]
        ["Largest number of GPUs to consider.", "考虑的最大 GPU 数量。"];
    // Pinned hardware: one GPU, a count, one offer or the person's own machine.
    gpu "g" other
        "Only offers of this GPU (catalog id, e.g. `h100-sxm`; empty: any)."
        ["GPU", "GPU 型号"]
        ["Only this GPU (any: every GPU the catalog has).", "只用这种 GPU（任意：目录中的所有 GPU）。"];
    gpus "gn" number(1.0, 4096.0) in GPUS
        "Exactly this many GPUs in total (a multiple of the instance's GPUs, or fewer than one instance holds); `null`: the engine tries the fewest that fit and doublings up to `max_gpus`."
        ["GPU count", "GPU 数量"]
        ["Exactly this many GPUs in total (empty: the fewest that fit, and more).", "总共正好这么多 GPU（留空：能装下的最少数量及更多）。"];
    offer "of" other
        "Only this offer (catalog id; empty: any offer of the GPUs allowed)."
        ["Offer", "实例报价"]
        ["Exactly this instance (any: every offer of the GPU).", "只用这个实例（任意：该 GPU 的所有报价）。"];
    own "own" flag
        "The job on your own machine: `gpus` (1 when unset) of `gpu` in one box, priced at `own_price`; storage and data transfer on it cost nothing."
        ["My own machine", "我自己的机器"]
        ["Your own GPUs: the GPU and count above, at the price below or none.", "你已有的 GPU：上面的型号和数量，按下面的价格计费，或不计费。"];
    own_price "opr" number(0.0001, 10_000.0) in ["per hour, in the chosen currency", "每小时，按所选货币"]
        "What an hour of your own machine costs you (power, depreciation), in `currency`; `null`: no price, the answer is its time."
        ["Your machine's price per hour", "你的机器每小时成本"]
        ["Power and depreciation per hour (empty: no price, only the time).", "每小时的电费和折旧（留空：不计价，只算时间）。"];
    versus "vs" other
        "Head to head (`view=versus`): two to four comma-separated GPU or offer ids, the job on each as if it were the only hardware allowed." _ _;
    providers "pr" other
        "Comma-separated provider ids to consider (empty: all)."
        ["Only these providers (none ticked: all)", "仅限这些云厂商（不勾选：全部）"]
        _;
    regions "reg" other
        "Comma-separated regions to consider (empty: all)." _ _;
    modes "md" several(ModeKey {
        OnDemand: ["On-demand", "按量付费"],
        Spot: ["Spot / preemptible", "竞价 / 抢占式"],
        Monthly: ["Monthly subscription", "包月"],
        Reserved1y: ["1-year commitment", "1 年预留"],
        Reserved3y: ["3-year commitment", "3 年预留"],
    })
        "Comma-separated billing modes to consider (empty: all)."
        ["Billing modes to consider", "考虑的计费方式"]
        _;
    need_nvlink "nvl" flag
        "Only instances with NVLink or NVSwitch between GPUs."
        ["Require NVLink", "需要 NVLink"]
        ["Multi-GPU instances must have NVLink or NVSwitch.", "多卡实例必须有 NVLink 或 NVSwitch。"];
    need_mig "mig" flag
        "Only GPUs that can be partitioned (MIG)."
        ["Require MIG", "需要 MIG"]
        ["The GPU can be partitioned.", "GPU 支持切分。"];
    mig_slices "mgs" flag
        "Also consider MIG slices of A30, A100 and H100 80GB GPUs (the profiles of NVIDIA's MIG user guide, e.g. `1g.10gb`): a slice has its profile's share of the GPU's memory, memory bandwidth and compute, and costs the larger of its shares of SMs and memory × one GPU's price × `mig_price_factor`. A slice that cannot take the job is not listed among the exclusions."
        ["Consider MIG slices", "考虑 MIG 切片"]
        ["A small job on a slice of an A30, A100 or H100 (e.g. 1g.10gb) at its share of the GPU's price.", "把小作业放在 A30、A100 或 H100 的一个切片（如 1g.10gb）上，按其份额计价。"];
    mig_price_factor "mgf" number(0.01, 100.0) in ["× the slice's share", "× 切片份额"]
        "What a MIG slice costs as a multiple of its share of one GPU's price. 1 (the default) is an assumption: the rest of the GPU is used and paid for by other work; none of the catalog's providers publishes a price for a slice. Raise it for the part of the GPU left idle (7 for a `1g` slice of an A100 or H100: the whole GPU)."
        ["MIG slice price factor", "MIG 切片价格系数"]
        ["1: a slice costs its share of the GPU (assumed: the rest is used by other work); 7 for a 1g slice: the whole GPU.", "1：切片按其份额计价（假设 GPU 其余部分被其他工作使用并付费）；1g 切片填 7：整张 GPU 的价格。"];
    need_graphics "gfx" flag
        "Only GPUs with graphics APIs (rendering, remote desktop)."
        ["Require graphics APIs", "需要图形 API"]
        ["Vulkan / OpenGL / DirectX for rendering and desktops.", "渲染和远程桌面需要 Vulkan / OpenGL / DirectX。"];
    need_video "vid" flag
        "Only GPUs with hardware video encoders."
        ["Require video encoders", "需要视频编码器"]
        ["Hardware NVENC for streaming.", "推流需要硬件 NVENC。"];
    need_cuda "cuda" flag
        "Only CUDA GPUs."
        ["CUDA only", "仅 CUDA"]
        ["Leave out TPU, Trainium, Ascend and AMD parts.", "排除 TPU、Trainium、昇腾和 AMD。"];
    objective "obj" choice(ObjectiveKey {
        Cheapest: ["Cheapest", "最便宜"],
        Fastest: ["Fastest", "最快"],
        BestValue: ["Best value", "性价比"],
    })
        "What “best” means."
        ["Rank by", "排序依据"]
        ["What the recommendation optimises.", "推荐优化的目标。"];
    data_gb "dg" number(0.0, 1e9) in GB
        "Data kept on block storage (datasets, downloads)."
        ["Data on disk", "磁盘数据"]
        ["Dataset, images and model files kept on block storage.", "保存在云盘上的数据集、镜像和模型文件。"];
    checkpoints_gb "ck" number(0.0, 1e9) in GB
        "Checkpoints and results kept on block storage."
        ["Checkpoints and results", "检查点与结果"]
        ["Stored while the job runs and after.", "作业期间及之后保存的数据。"];
    snapshot_gb "sn" number(0.0, 1e9) in GB
        "Snapshots kept."
        ["Snapshots", "快照"]
        ["Snapshots kept of the disks.", "保留的磁盘快照。"];
    retention_h "ret" number(0.0, 1e6) in HOURS
        "Hours storage is kept after the job."
        ["Keep storage after the job", "作业后保留存储"]
        ["Hours disks and snapshots stay after the job (730 ≈ a month).", "作业结束后保留多少小时（730 ≈ 一个月）。"];
    fast_storage "fs" flag
        "Use the provider's fastest storage tier, not its cheapest (a training job's cheapest is never a hard disk when an SSD tier exists): priced and read at its provisioned maximum."
        ["Fastest storage tier", "最快存储层"]
        ["The provider's fastest disk rather than its cheapest: priced and read at its maximum.", "使用最快而非最便宜的云盘：按其最高吞吐计价和读取。"];
    egress_gb "eg" number(0.0, 1e9) in GB
        "Data sent out to the internet."
        ["Data out (egress)", "出网流量"]
        ["Results, model downloads and serving traffic leaving the cloud.", "离开云的结果、模型下载和服务流量。"];
    ingress_gb "ig" number(0.0, 1e9) in GB
        "Data brought in."
        ["Data in", "入网流量"]
        ["Data brought in from elsewhere (usually free).", "从别处导入的数据（通常免费）。"];
    bandwidth_mbps "bw" number(0.0, 1e5) in ["Mbps", "Mbps"]
        "Fixed public bandwidth bought by the month (按固定带宽), Mbps, where the provider sells it (Alibaba Cloud, Tencent Cloud): its price replaces the egress paid by the GB; 0: pay by traffic."
        ["Fixed bandwidth", "固定带宽"]
        ["A port paid by the month instead of egress by the GB (Chinese clouds); 0: by traffic.", "按月购买的固定带宽，代替按流量计费的出网（国内云）；0：按流量。"];
    stop_after_months "sam" number(0.01, 120.0) in ["months", "个月"]
        "A subscription (包年包月) is expected to be cancelled after this many months: a pitfall sets the pick's offer kept that long on a monthly subscription, refunded by the provider's published rule (Tencent Cloud's, Alibaba Cloud's and Huawei Cloud's; elsewhere each month bought is counted in full), against paying as you go for the same hours; `null`: none. A job's monthly subscription is always cancelled when the job ends, refunded by that rule."
        ["Stop a subscription after", "包年包月提前退订"]
        ["Months after which you expect to cancel a monthly subscription (empty: kept).", "预计多少个月后退订包年包月（留空：不退订）。"];
    idle_h "ih" number(0.0, 1e6) in HOURS
        "Hours instances stay up unused."
        ["Idle hours billed", "空闲计费小时"]
        ["Hours the instance runs with nobody using it.", "无人使用但实例仍在运行的小时数。"];
    idle_periods "ip" number(0.0, 1e5)
        "Separate stretches the idle hours come in (nights, a weekend); at least one."
        ["Idle periods", "空闲时段数"]
        ["Separate stretches the idle hours come in (5 nights: 5).", "空闲时间分成几段（5 个夜晚：5）。"];
    auto_stop_min "as" number(0.0, 1e5) in MINUTES
        "Auto-stop: an idle instance is stopped after this many minutes, so each idle period bills only that; `null`: no auto-stop."
        ["Auto-stop after", "空闲自动关机"]
        ["Idle minutes before the instance is stopped (empty: no auto-stop).", "空闲多少分钟后自动关机（留空：不关机）。"];
    setup_h "su" number(0.0, 1e4) in HOURS
        "Set-up before the job, billed at the instance rate."
        ["Set-up time", "环境准备时间"]
        ["Environment and data download, billed at the instance rate.", "环境配置和数据下载，按实例价格计费。"];
    spot_rate "sr" number(0.0, 10.0) in ["per h", "次/小时"]
        "Spot interruptions per instance-hour; `null`: the provider kind's default."
        ["Spot interruptions", "竞价中断率"]
        ["Expected interruptions per hour (empty: 2 %/h, marketplaces 5 %/h).", "每小时预期中断次数（留空：2%/小时，市场型 5%/小时）。"];
    restart_min "rm" number(0.0, 1e4) in MINUTES
        "Minutes from a spot interruption to work resuming."
        ["Restart time", "重启时间"]
        ["From an interruption until work resumes.", "从中断到恢复工作的时间。"];
    checkpoint_min "cm" number(0.0, 1e4) in MINUTES
        "Minutes to write one checkpoint."
        ["Checkpoint write time", "检查点写入时间"]
        ["Time to save one checkpoint.", "保存一次检查点的时间。"];
    currency "cur" other
        "Currency of the report and of `budget`." _ _;
    cny_per_usd "fx" number(0.01, 1000.0) in ["CNY per USD", "元/美元"]
        "Exchange rate used to convert prices."
        ["Exchange rate", "汇率"]
        ["Yuan per US dollar used to compare prices.", "比较价格时使用的人民币兑美元汇率。"];
}
