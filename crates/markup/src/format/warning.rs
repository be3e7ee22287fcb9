//! The engine's warnings and the reasons a time is unknown, one function per language: each
//! case is a whole sentence, so a translation never has to be pieced together from English.

use crate::i18n::{self, Lang};
use gpu_sizer_engine::cost::money::symbol;
use gpu_sizer_engine::float_text::{self, Shortest};
use gpu_sizer_engine::sizing::time::efficiency::{Precision, Work};
use gpu_sizer_engine::warning::{Axis, Charge, Untimed, Warning};

/// A warning in the reader's language.
pub fn warning(w: &Warning, lang: Lang) -> String {
    match lang {
        Lang::En => en(w),
        Lang::Zh => zh(w),
    }
}

/// Why a time is unknown, in the reader's language.
pub fn untimed(u: &Untimed, lang: Lang) -> String {
    match lang {
        Lang::En => untimed_en(u),
        Lang::Zh => untimed_zh(u),
    }
}

fn precision(p: Precision) -> &'static str {
    match p {
        Precision::Fp32 => "fp32",
        Precision::Bf16 => "bf16",
        Precision::Fp8 => "fp8",
        Precision::Fp4 => "fp4",
    }
}

/// A price per GB-month, to the tenth of a cent (storage is priced in fractions of one).
fn per_gb(value: f64, currency: gpu_sizer_engine::catalog::Currency) -> String {
    format!("{}{}", symbol(currency), i18n::number(value, 3))
}

fn en(w: &Warning) -> String {
    let work = |w: Work| match w {
        Work::Train => "training",
        Work::Prefill => "prefill",
        Work::Decode => "decode bandwidth",
    };
    let item = |c: Charge| match c {
        Charge::Storage => "storage",
        Charge::Snapshot => "snapshot",
        Charge::Egress => "egress",
        Charge::CrossZone => "inter-zone transfer",
        Charge::CrossCloud => "transfer to another cloud",
    };
    match w {
        Warning::CoarseModel => "Model known by its parameter count only: layer shapes are assumed, so activation and KV-cache memory are coarser.".into(),
        Warning::NoTensorCores { gpu, precision: Precision::Fp4 } => {
            format!("{gpu} has no fp4 tensor cores: its matmuls run at the fp8 rate")
        }
        Warning::NoTensorCores { gpu, precision: Precision::Fp8 } => {
            format!("{gpu} has no fp8 tensor cores: its matmuls run in bf16/fp16")
        }
        Warning::NoTensorCores { gpu, .. } => format!(
            "{gpu} has no bf16 tensor cores: timed in fp16 with loss scaling (training) or fp16 weights (serving)"
        ),
        Warning::NoLowPrecisionRate { gpu, precision: p, work: k } => format!(
            "no published {} {} efficiency for {gpu}: timed at its bf16 rate and peak",
            precision(*p),
            work(*k)
        ),
        Warning::BorrowedRate { gpu, family, work: k, from } => format!(
            "no published {} efficiency for {gpu} ({family}): {} is used with a wider band",
            work(*k),
            match from {
                Some(f) => format!("{f}'s"),
                None => "its training rate".into(),
            }
        ),
        Warning::MoeSmallBatch { model, experts_per_token, experts, batch } => format!(
            "{model} routes each token to {experts_per_token} of {experts} experts: at batches under {batch} published runs decode several times slower than reading the touched weights takes (DeepSeek-R1 on 8 H200s: 26-55 ms per token against 8 ms), so the time per token here is optimistic"
        ),
        Warning::OneSequenceTooSlow { ms, target_ms } => format!(
            "even one sequence takes {} ms per token, above the {target_ms} ms target",
            i18n::number(*ms, 1),
            target_ms = Shortest(*target_ms),
        ),
        Warning::BatchOfOneTooSlow { ms, target_ms } => format!(
            "even at a batch of one a request may take {} ms (it waits for the batch ahead), above the {target_ms} ms bound",
            i18n::number(*ms, 1),
            target_ms = Shortest(*target_ms),
        ),
        Warning::WeakFp64 { gpu, ratio } => format!(
            "{gpu} runs FP64 at 1/{ratio} of its FP32 rate: double-precision work is slow on it",
            ratio = Shortest(*ratio),
        ),
        Warning::StorageCapsGpus { storage_mbs, need_mbs, utilisation } => format!(
            "storage delivers {storage_mbs} MB/s but the GPUs consume {need_mbs} MB/s: GPU utilisation capped at {}%",
            float_text::fixed(utilisation * 100.0, 0),
            storage_mbs = Shortest(*storage_mbs),
            need_mbs = float_text::fixed(*need_mbs, 0),
        ),
        Warning::ClassicOnTransformerRates => {
            "classic training is timed with efficiencies measured on transformer training".into()
        }
        Warning::NoVideoEncoder { gpu, streams } => format!(
            "{gpu} has no hardware video encoder: {streams} streams would be encoded on the CPU"
        ),
        Warning::VideoEncodersUnknown { gpu } => {
            format!("the catalog does not say how many video encoders {gpu} has")
        }
        Warning::AssumedPrice { provider, item: i, per_gb_month, currency } => format!(
            "{provider} publishes no {} price: the median of other providers, {}/GB-month, is assumed",
            item(*i),
            per_gb(*per_gb_month, *currency)
        ),
        Warning::AssumedEgress { provider, gb, amount, currency } => format!(
            "{provider} publishes no egress price: the median of other providers for {gb} GB a month, {}, is assumed",
            i18n::money(*amount, symbol(*currency)),
            gb = float_text::fixed(*gb, 0),
        ),
        Warning::AssumedCrossCloud { provider, gb, amount, currency } => format!(
            "{provider} publishes no egress price: the median of other providers for {gb} GB a month sent to another cloud, {}, is assumed",
            i18n::money(*amount, symbol(*currency)),
            gb = float_text::fixed(*gb, 0),
        ),
        Warning::FreeEgress { provider, gb } => format!(
            "{provider} publishes no egress price: most providers charge nothing for {gb} GB a month, so none is counted",
            gb = float_text::fixed(*gb, 0),
        ),
        Warning::UnknownPrice { provider, item: i } => {
            format!("{provider} {} price unknown: not counted", item(*i))
        }
    }
}

fn zh(w: &Warning) -> String {
    let work = |w: Work| match w {
        Work::Train => "训练",
        Work::Prefill => "预填充",
        Work::Decode => "解码带宽",
    };
    let item = |c: Charge| match c {
        Charge::Storage => "存储",
        Charge::Snapshot => "快照",
        Charge::Egress => "出网流量",
        Charge::CrossZone => "跨可用区流量",
        Charge::CrossCloud => "跨云流量",
    };
    match w {
        Warning::CoarseModel => {
            "仅按参数量描述模型：层结构为假设值，激活和 KV 缓存的显存估算较粗略。".into()
        }
        Warning::NoTensorCores { gpu, precision: Precision::Fp4 } => {
            format!("{gpu} 没有 fp4 张量核心：矩阵乘法按 fp8 速率估算")
        }
        Warning::NoTensorCores { gpu, precision: Precision::Fp8 } => {
            format!("{gpu} 没有 fp8 张量核心：矩阵乘法以 bf16/fp16 运行")
        }
        Warning::NoTensorCores { gpu, .. } => format!(
            "{gpu} 没有 bf16 张量核心：按 fp16 估算（训练使用损失缩放，推理使用 fp16 权重）"
        ),
        Warning::NoLowPrecisionRate { gpu, precision: p, work: k } => format!(
            "{gpu} 没有公开的 {} {}效率：按 bf16 的效率和峰值估算",
            precision(*p),
            work(*k)
        ),
        Warning::BorrowedRate { gpu, family, work: k, from } => format!(
            "{gpu}（{family}）没有公开的{}效率：{}，并放宽区间",
            work(*k),
            match from {
                Some(f) => format!("借用 {f} 的数值"),
                None => "借用其训练效率".into(),
            }
        ),
        Warning::MoeSmallBatch { model, experts_per_token, experts, batch } => format!(
            "{model} 每个词元只路由到 {experts} 个专家中的 {experts_per_token} 个：批大小低于 {batch} 时，公开实测的解码比读取所用权重慢数倍（DeepSeek-R1 在 8 张 H200 上每词元 26–55 毫秒，而非 8 毫秒），因此这里的每词元时间偏乐观"
        ),
        Warning::OneSequenceTooSlow { ms, target_ms } => format!(
            "即使只有一个序列，每个词元也要 {} 毫秒，超过 {target_ms} 毫秒的目标",
            i18n::number(*ms, 1),
            target_ms = Shortest(*target_ms),
        ),
        Warning::BatchOfOneTooSlow { ms, target_ms } => format!(
            "即使每批只有一个请求，请求也可能需要 {} 毫秒（需等待前一批完成），超过 {target_ms} 毫秒的上限",
            i18n::number(*ms, 1),
            target_ms = Shortest(*target_ms),
        ),
        Warning::WeakFp64 { gpu, ratio } => format!(
            "{gpu} 的 FP64 速度只有 FP32 的 1/{ratio}：双精度计算在这块卡上很慢",
            ratio = Shortest(*ratio),
        ),
        Warning::StorageCapsGpus { storage_mbs, need_mbs, utilisation } => format!(
            "存储只能提供 {storage_mbs} MB/s，而 GPU 需要 {need_mbs} MB/s：GPU 利用率被限制在 {}%",
            float_text::fixed(utilisation * 100.0, 0),
            storage_mbs = Shortest(*storage_mbs),
            need_mbs = float_text::fixed(*need_mbs, 0),
        ),
        Warning::ClassicOnTransformerRates => {
            "传统模型的训练按 Transformer 训练实测的效率估算".into()
        }
        Warning::NoVideoEncoder { gpu, streams } => {
            format!("{gpu} 没有硬件视频编码器：{streams} 路视频流将由 CPU 编码")
        }
        Warning::VideoEncodersUnknown { gpu } => format!("目录未注明 {gpu} 的视频编码器数量"),
        Warning::AssumedPrice { provider, item: i, per_gb_month, currency } => format!(
            "{} 未公布{}价格：按其他云厂商已公布价格的中位数（{}/GB·月）估算",
            zh_provider(provider),
            item(*i),
            per_gb(*per_gb_month, *currency)
        ),
        Warning::AssumedEgress { provider, gb, amount, currency } => format!(
            "{} 未公布出网流量价格：按其他云厂商每月 {gb} GB 出网价格的中位数（{}）估算",
            zh_provider(provider),
            i18n::money(*amount, symbol(*currency)),
            gb = float_text::fixed(*gb, 0),
        ),
        Warning::AssumedCrossCloud { provider, gb, amount, currency } => format!(
            "{} 未公布出网流量价格：每月发往其他云的 {gb} GB 按其他云厂商价格的中位数（{}）估算",
            zh_provider(provider),
            i18n::money(*amount, symbol(*currency)),
            gb = float_text::fixed(*gb, 0),
        ),
        Warning::FreeEgress { provider, gb } => format!(
            "{} 未公布出网流量价格：多数云厂商对每月 {gb} GB 出网不收费，因此未计入",
            zh_provider(provider),
            gb = float_text::fixed(*gb, 0),
        ),
        Warning::UnknownPrice { provider, item: i } => {
            format!("{} 的{}价格未知：未计入", zh_provider(provider), item(*i))
        }
    }
}

/// A provider named in a warning (by its English name) as Chinese readers know it.
fn zh_provider(name: &str) -> &str {
    gpu_sizer_engine::catalog::Catalog::builtin()
        .providers
        .iter()
        .find(|p| p.name == name)
        .and_then(|p| p.name_zh.as_deref())
        .unwrap_or(name)
}

/// The peak a precision is read from, in words: "bf16/fp16 tensor".
fn peak_en(p: Precision) -> &'static str {
    match p {
        Precision::Fp32 => "fp32 (non-tensor)",
        Precision::Bf16 => "bf16/fp16 tensor",
        Precision::Fp8 => "fp8 tensor",
        Precision::Fp4 => "fp4 tensor",
    }
}

fn untimed_en(u: &Untimed) -> String {
    match u {
        Untimed::NoFamily { gpu } => format!("{gpu} is in no efficiency family"),
        Untimed::NoPeak { gpu, precision: p } => {
            format!("{gpu} has no {} peak in the catalog", peak_en(*p))
        }
        Untimed::NoRate { gpu, work, precision: p } => format!(
            "no published {} efficiency for {gpu} at {}",
            match work {
                Work::Train => "training",
                Work::Prefill => "prefill",
                Work::Decode => "decode",
            },
            precision(*p)
        ),
        Untimed::NoMemoryBandwidth { gpu } => {
            format!("{gpu} has no memory bandwidth in the catalog")
        }
        Untimed::NoBandwidthRate { gpu } => {
            format!("no published bandwidth efficiency for {gpu}")
        }
        Untimed::NoLink { axis } => format!(
            "{} parallelism needs GPUs to talk, but this offer has no link for it (single-GPU nodes without a multi-node fabric)",
            match axis {
                Axis::Data => "data",
                Axis::Tensor => "tensor",
                Axis::Pipeline => "pipeline",
            }
        ),
        Untimed::NoFp32 { gpu, reference: true } => {
            format!("no fp32 throughput in the catalog for the reference {gpu}")
        }
        Untimed::NoFp32 { gpu, .. } => format!("no fp32 throughput in the catalog for {gpu}"),
        Untimed::NoRequestRate => "requests per second could not be estimated".into(),
        Untimed::NoFp64 {
            gpu,
            reference: true,
        } => format!("no FP64 throughput in the catalog for the reference {gpu}"),
        Untimed::NoFp64 { gpu, .. } => {
            format!("no FP64 throughput in the catalog for {gpu} (it may have none)")
        }
    }
}

fn untimed_zh(u: &Untimed) -> String {
    match u {
        Untimed::NoFamily { gpu } => format!("{gpu} 不属于任何效率系列"),
        Untimed::NoPeak { gpu, precision: p } => {
            let peak = match p {
                Precision::Fp32 => "fp32（非张量核心）",
                Precision::Bf16 => "bf16/fp16 张量核心",
                Precision::Fp8 => "fp8 张量核心",
                Precision::Fp4 => "fp4 张量核心",
            };
            format!("目录中没有 {gpu} 的 {peak} 峰值")
        }
        Untimed::NoRate {
            gpu,
            work,
            precision: p,
        } => format!(
            "没有 {gpu} 在 {} 下的公开{}效率",
            precision(*p),
            match work {
                Work::Train => "训练",
                Work::Prefill => "预填充",
                Work::Decode => "解码",
            }
        ),
        Untimed::NoMemoryBandwidth { gpu } => format!("目录中没有 {gpu} 的显存带宽"),
        Untimed::NoBandwidthRate { gpu } => format!("没有 {gpu} 的公开带宽效率"),
        Untimed::NoLink { axis } => format!(
            "{}并行需要 GPU 之间通信，但该实例没有相应的互联（单 GPU 节点且没有多节点网络）",
            match axis {
                Axis::Data => "数据",
                Axis::Tensor => "张量",
                Axis::Pipeline => "流水线",
            }
        ),
        Untimed::NoFp32 {
            gpu,
            reference: true,
        } => {
            format!("目录中没有参考 GPU {gpu} 的 fp32 算力")
        }
        Untimed::NoFp32 { gpu, .. } => format!("目录中没有 {gpu} 的 fp32 算力"),
        Untimed::NoRequestRate => "无法估算每秒请求数".into(),
        Untimed::NoFp64 {
            gpu,
            reference: true,
        } => format!("目录中没有参考 GPU {gpu} 的 FP64 算力"),
        Untimed::NoFp64 { gpu, .. } => format!("目录中没有 {gpu} 的 FP64 算力（可能不支持）"),
    }
}
