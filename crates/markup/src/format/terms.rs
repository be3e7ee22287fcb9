//! The names of the engine's terms and its quantities with their units, for readers: the engine
//! keys its figures with stable identifiers (`kv_cache`, "fraction") that machines read.

use super::money;
use crate::i18n::{self, Lang, Text};
use gpu_sizer_engine::catalog::Currency;

const fn tx(en: &'static str, zh: &'static str) -> Text {
    Text { en, zh }
}

/// Every key the engine gives a term, cost line or figure, with its name.
const TERMS: &[(&str, Text)] = &[
    // Memory per GPU.
    ("weights", tx("Weights", "权重")),
    (
        "master_weights",
        tx("Master weights (fp32)", "主权重（fp32）"),
    ),
    ("gradients", tx("Gradients", "梯度")),
    ("optimizer", tx("Optimizer states", "优化器状态")),
    ("activations", tx("Activations", "激活值")),
    ("logits", tx("Logits", "logits")),
    ("kv_cache", tx("KV cache", "KV 缓存")),
    ("lora_adapters", tx("LoRA adapters", "LoRA 适配器")),
    (
        "quantization_constants",
        tx("Quantization constants", "量化常数"),
    ),
    (
        "dequantized_buffer",
        tx("Dequantized layer buffer", "反量化层缓冲"),
    ),
    (
        "zero3_gather",
        tx("ZeRO-3 gathered layers", "ZeRO-3 收集的层"),
    ),
    ("cuda_context", tx("CUDA context", "CUDA 上下文")),
    ("framework_overhead", tx("Framework overhead", "框架开销")),
    ("usable", tx("Usable memory", "可用显存")),
    ("requested", tx("Memory asked for", "所需显存")),
    ("scene", tx("Scene", "场景")),
    ("streams", tx("Video streams", "视频流")),
    // Time and throughput.
    ("peak", tx("Peak throughput", "峰值算力")),
    ("efficiency", tx("Share of peak reached", "达到的峰值比例")),
    ("memory_bandwidth", tx("Memory bandwidth", "显存带宽")),
    ("decode_bandwidth", tx("Decode bandwidth", "解码带宽")),
    (
        "intra_node_bandwidth",
        tx("Bandwidth inside a node", "节点内带宽"),
    ),
    (
        "inter_node_bandwidth",
        tx("Bandwidth between nodes", "节点间带宽"),
    ),
    ("flops_per_token", tx("FLOPs per token", "每词元 FLOPs")),
    ("flops_per_sample", tx("FLOPs per sample", "每样本 FLOPs")),
    ("compute_per_step", tx("Compute per step", "每步计算时间")),
    (
        "memory_traffic_per_step",
        tx("Memory traffic per step", "每步显存访问时间"),
    ),
    (
        "data_parallel_comm",
        tx("Data-parallel communication", "数据并行通信"),
    ),
    (
        "tensor_parallel_comm",
        tx("Tensor-parallel communication", "张量并行通信"),
    ),
    ("pipeline_bubble", tx("Pipeline bubble", "流水线气泡")),
    ("optimizer_paging", tx("Optimizer paging", "优化器分页")),
    ("qlora_slowdown", tx("QLoRA slowdown", "QLoRA 减速")),
    ("scaling_efficiency", tx("Scaling efficiency", "扩展效率")),
    ("step_time", tx("Step time", "每步时间")),
    ("step_s", tx("Step time", "每步时间")),
    ("hfu", tx("Hardware FLOPs utilisation", "硬件算力利用率")),
    ("mfu", tx("Model FLOPs utilisation", "模型算力利用率")),
    ("data_read", tx("Data read", "数据读取")),
    ("storage_feed", tx("Storage throughput", "存储吞吐")),
    (
        "storage_cap",
        tx("GPU use storage allows", "存储允许的 GPU 利用率"),
    ),
    ("hours", tx("Hours", "时长")),
    (
        "interruptions",
        tx("Time lost to interruptions", "中断损失的时间"),
    ),
    (
        "weights_read_per_step",
        tx("Weights read per step", "每步读取的权重"),
    ),
    (
        "kv_read_per_step",
        tx("KV cache read per step", "每步读取的 KV 缓存"),
    ),
    (
        "server_step_overhead",
        tx("Server overhead per step", "推理服务每步开销"),
    ),
    (
        "prefill_tokens_per_s",
        tx("Prompt tokens per second", "提示词每秒词元数"),
    ),
    (
        "tokens_per_s",
        tx("Output tokens per second", "每秒输出词元数"),
    ),
    (
        "tokens_per_s_per_sequence",
        tx("Tokens per second per sequence", "每序列每秒词元数"),
    ),
    (
        "tokens_per_s_per_gpu",
        tx("Tokens per second per GPU", "每 GPU 每秒词元数"),
    ),
    ("samples_per_s", tx("Samples per second", "每秒样本数")),
    (
        "samples_per_s_per_gpu",
        tx("Samples per second per GPU", "每 GPU 每秒样本数"),
    ),
    (
        "time_to_first_token",
        tx("Time to first token", "首词元时间"),
    ),
    (
        "time_to_first_token_s",
        tx("Time to first token", "首词元时间"),
    ),
    (
        "time_per_output_token",
        tx("Time per output token", "每个输出词元耗时"),
    ),
    (
        "time_per_output_token_ms",
        tx("Time per output token", "每个输出词元耗时"),
    ),
    (
        "time_per_output_token_at_target_ms",
        tx(
            "Time per output token at the target",
            "满足目标时的每词元耗时",
        ),
    ),
    (
        "batch_at_latency_target",
        tx("Batch meeting the latency target", "满足延迟目标的批大小"),
    ),
    (
        "requests_per_s",
        tx("Requests per second per replica", "每副本每秒请求数"),
    ),
    (
        "instances",
        tx("Replicas for the traffic", "承载流量所需副本"),
    ),
    ("request_flops", tx("FLOPs per request", "每请求计算量")),
    (
        "inference_share",
        tx("Share of the peak reached", "达到的峰值比例"),
    ),
    (
        "batch_floor_ms",
        tx("Shortest batch time", "最短批处理时间"),
    ),
    ("batch_ms", tx("Time per batch", "每批耗时")),
    (
        "request_latency_ms",
        tx("Latency per request", "每个请求延迟"),
    ),
    ("fp64_peak", tx("FP64 peak per GPU", "每 GPU FP64 峰值")),
    ("fp64_gpu_hours", tx("FP64 GPU-hours", "FP64 GPU 时长")),
    ("seconds_per_frame", tx("Seconds per frame", "每帧秒数")),
    ("render_hours", tx("Render hours", "渲染时长")),
    ("video_encoders", tx("Video encoders", "视频编码器")),
    (
        "mig_slice",
        tx("MIG slice of the GPU", "GPU 的 MIG 切片份额"),
    ),
    // Cost.
    ("compute", tx("Instances", "实例费用")),
    ("storage", tx("Storage", "存储")),
    ("snapshots", tx("Snapshots", "快照")),
    ("egress", tx("Data out (egress)", "出网流量")),
    ("ingress", tx("Data in (ingress)", "入网流量")),
    (
        "cross_zone",
        tx("Data across zones, a month", "跨可用区流量（每月）"),
    ),
    (
        "cross_cloud",
        tx("Data to another cloud, a month", "跨云流量（每月）"),
    ),
    (
        "bandwidth",
        tx("Fixed bandwidth, a month", "固定带宽（每月）"),
    ),
    (
        "refund",
        tx("Refund of the month cut short", "提前退订的退款"),
    ),
    ("idle", tx("Idle hours", "空闲时间")),
    ("setup", tx("Set-up", "环境准备")),
    ("auto_stop_saving", tx("Auto-stop saving", "自动关机节省")),
    (
        "autoscaled_fleet",
        tx("Fleet following the traffic", "随流量伸缩的实例"),
    ),
    ("fixed_fleet", tx("Fleet kept all month", "整月保留的实例")),
    (
        "cost_per_million_tokens",
        tx("Cost per million tokens", "每百万词元成本"),
    ),
    // A month's queue of jobs, started and stopped against kept up.
    ("queue_work", tx("Work in the month", "本月工作时长")),
    ("queue_starts", tx("Starts in the month", "本月启动次数")),
    (
        "queue_billed_per_start",
        tx("Hours billed per start", "每次启动计费时长"),
    ),
    (
        "queue_start_stop",
        tx("Started and stopped, a month", "按需启停（每月）"),
    ),
    ("queue_kept_up", tx("Kept up all month", "整月常驻（每月）")),
    (
        "queue_utilisation",
        tx("Utilisation kept up", "常驻时的利用率"),
    ),
    (
        "queue_break_even",
        tx("Break-even jobs a day", "常驻回本的每日作业数"),
    ),
    ("break_even_hours", tx("Break-even hours", "回本时长")),
    (
        "break_even_utilisation",
        tx("Break-even utilisation", "回本利用率"),
    ),
    (
        "checkpoint_interval",
        tx("Checkpoint interval", "检查点间隔"),
    ),
    (
        "spot_interruptions",
        tx("Spot interruptions", "竞价实例中断次数"),
    ),
    (
        "spot_expected_hours",
        tx("Expected hours on spot", "竞价实例预期时长"),
    ),
];

/// The name of the term `key`, or the key itself for one this build does not know.
pub fn term_name(key: &str, lang: Lang) -> &str {
    known_term(key).map_or(key, |t| t.get(lang))
}

/// The name of the term `key`, when it has one.
pub fn known_term(key: &str) -> Option<Text> {
    TERMS.iter().find(|(k, _)| *k == key).map(|(_, t)| *t)
}

/// A unit's name after a number, or `None` for a unit written otherwise (money, shares,
/// factors) or unknown to this build.
fn unit_name(unit: &str) -> Option<Text> {
    Some(match unit {
        "" => tx("", ""),
        "h" => tx("h", "小时"),
        "s" => tx("s", "秒"),
        "ms" => tx("ms", "毫秒"),
        "tokens" => tx("tokens", "词元"),
        "tokens/s" => tx("tokens/s", "词元/秒"),
        "req/s" => tx("requests/s", "请求/秒"),
        "replicas" => tx("replicas", "个副本"),
        "sequences" => tx("sequences", "条序列"),
        "samples" => tx("samples", "个样本"),
        "encoders" => tx("encoders", "个编码器"),
        "GiB" => tx("GiB", "GiB"),
        "GB" => tx("GB", "GB"),
        "GB/s" => tx("GB/s", "GB/s"),
        "MB/s" => tx("MB/s", "MB/s"),
        "TFLOP/s" => tx("TFLOP/s", "TFLOP/s"),
        "FLOP" => tx("FLOP", "FLOP"),
        "GFLOP" => tx("GFLOP", "GFLOP"),
        "jobs/day" => tx("jobs a day", "个作业/天"),
        _ => return None,
    })
}

/// Whether this build words `unit` (a test checks every unit the engine uses).
pub fn known_unit(unit: &str) -> bool {
    matches!(unit, "currency" | "currency/month" | "fraction" | "%" | "×")
        || unit_name(unit).is_some()
}

/// `value` in `unit` for a reader: money in the report's currency, a share as a percentage, a
/// factor as "×1.25", anything else as a number and the unit's name.
pub fn quantity(value: f64, unit: &str, currency: Currency, lang: Lang) -> String {
    // Three significant decimals for small values, none once the thousands are grouped.
    let number = |v: f64| {
        let decimals = match v.abs() {
            a if a < 10.0 => 3,
            a if a < 1000.0 => 1,
            _ => 0,
        };
        i18n::number(v, decimals)
    };
    match unit {
        "currency" => money(value, currency),
        "currency/month" => match lang {
            Lang::En => format!("{} a month", money(value, currency)),
            Lang::Zh => format!("每月 {}", money(value, currency)),
        },
        "fraction" => format!("{}%", i18n::number(value * 100.0, 1)),
        "%" => format!("{}%", i18n::number(value, 1)),
        "×" => format!("×{}", number(value)),
        _ => match unit_name(unit) {
            Some(name) if name.en.is_empty() => number(value),
            Some(name) => format!("{} {}", number(value), name.get(lang)),
            None => format!("{} {unit}", number(value)),
        },
    }
}
