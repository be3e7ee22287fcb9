//! Turning engine values into text for the reader: money in the report's currency, time bands,
//! billing modes and the engine's structured reasons, in both languages.

use crate::i18n::{self, Lang, Text};
use gpu_sizer_engine::catalog::{BillingMode, Currency, Provider, Quote};
use gpu_sizer_engine::cost::money::symbol;
use gpu_sizer_engine::plan::{
    Candidate, Change, Need, Pitfall, Reason, Scaling, ServingFleet, Suggestion, Why,
};
use gpu_sizer_engine::sizing::defaults::Band;
use gpu_sizer_engine::sizing::layout::LayoutProblem;

const fn tx(en: &'static str, zh: &'static str) -> Text {
    Text { en, zh }
}

/// The provider's name in the reader's language (its Chinese name where the catalog has one).
/// The date a price's source carries, in the reader's words, or "date unknown".
pub fn price_date(quote: &Quote, lang: Lang) -> String {
    match quote.as_of.as_deref() {
        Some(day) if !quote.undated => i18n::date(day, lang),
        _ => i18n::t::DATE_UNKNOWN.get(lang).to_string(),
    }
}

pub fn provider_name(provider: &Provider, lang: Lang) -> &str {
    match (lang, &provider.name_zh) {
        (Lang::Zh, Some(zh)) => zh,
        _ => &provider.name,
    }
}

pub fn money(value: f64, currency: Currency) -> String {
    i18n::money(value, symbol(currency))
}

/// "$1,234 ($1,100–$1,500)", or "$1,234" when the range reads the same as the value.
pub fn money_band(band: Band, currency: Currency) -> String {
    with_range(
        money(band.expected, currency),
        money(band.low, currency),
        money(band.high, currency),
    )
}

/// "5.3 h (4.1–6.8 h)", or "30.4 days" when the range reads the same as the value (a service
/// runs the month whatever the hardware).
pub fn hours_band(band: Band, lang: Lang) -> String {
    with_range(
        i18n::duration(band.expected, lang),
        i18n::duration(band.low, lang),
        i18n::duration(band.high, lang),
    )
}

fn with_range(value: String, low: String, high: String) -> String {
    match range(&value, low, high) {
        Some(range) => format!("{value} ({range})"),
        None => value,
    }
}

/// "low–high", or nothing when both read as `value` (nothing is uncertain in it).
pub fn range(value: &str, low: String, high: String) -> Option<String> {
    (low != value || high != value).then(|| format!("{low}–{high}"))
}

/// Milliseconds per output token: "21.1 ms" / "21.1 毫秒".
pub fn ms(value: f64, lang: Lang) -> String {
    let unit = if lang == Lang::Zh { "毫秒" } else { "ms" };
    format!("{} {unit}", i18n::number(value, 1))
}

/// A candidate's time in words: the job's band of hours, or a service's time per output token
/// (a service runs the month whatever it runs on).
pub fn time_of(c: &Candidate, lang: Lang) -> String {
    match (&c.serving, lang) {
        (Some(f), Lang::En) => format!("{} per output token", ms(f.time_per_output_token_ms, lang)),
        (Some(f), Lang::Zh) => format!("每个输出词元 {}", ms(f.time_per_output_token_ms, lang)),
        (None, _) => hours_band(c.hours, lang),
    }
}

/// A candidate's cost band in words, "a month" for a service.
pub fn cost_of(c: &Candidate, currency: Currency, lang: Lang) -> String {
    let band = money_band(c.cost, currency);
    match (&c.serving, lang) {
        (Some(_), Lang::En) => format!("{band} a month"),
        (Some(_), Lang::Zh) => format!("每月 {band}"),
        (None, _) => band,
    }
}

/// The time per output token against the target, for what sits under the figure: "target
/// 50 ms" / "目标 50 毫秒".
pub fn against_target(target_ms: Option<f64>, lang: Lang) -> Option<String> {
    let target = target_ms?;
    Some(match lang {
        Lang::En => format!("target {}", ms(target, lang)),
        Lang::Zh => format!("目标 {}", ms(target, lang)),
    })
}

/// A serving fleet in a line: instances rented at the busiest hour, replicas and GPUs, e.g.
/// "3 instances × 2 × NVIDIA B200 at the busiest hour (1.8 on average) · 5 replicas of 1 GPU ·
/// 6 GPUs rented". Every number is the engine's: replicas × GPUs per replica ≤ GPUs rented.
pub fn fleet(c: &Candidate, f: &ServingFleet, lang: Lang) -> String {
    let mean = i18n::number(f.mean_instances, 1);
    let how = match (f.scaling, lang) {
        (Scaling::Fixed, Lang::En) => "kept all month".to_string(),
        (Scaling::Fixed, Lang::Zh) => "整月保留".to_string(),
        (_, Lang::En) => format!("{mean} on average"),
        (_, Lang::Zh) => format!("平均 {mean} 台"),
    };
    let spares = match (f.peak_spares, lang) {
        (0, _) => String::new(),
        (n, Lang::En) => format!(", {n} spare against spot reclaims"),
        (n, Lang::Zh) => format!("，含 {n} 台应对竞价回收的备用实例"),
    };
    match lang {
        Lang::En => format!(
            "{} instance(s) × {} × {} at the busiest hour ({how}{spares}) · {} replica(s) of {} GPU(s) · {} GPUs rented",
            f.peak_instances,
            c.offer.gpu_count,
            c.gpu.name,
            f.peak_replicas(),
            f.gpus_per_replica,
            c.gpus
        ),
        Lang::Zh => format!(
            "高峰时 {} 台 × {} × {}（{how}{spares}）· {} 个副本，每个 {} 张 GPU · 共租 {} 张 GPU",
            f.peak_instances,
            c.offer.gpu_count,
            c.gpu.name,
            f.peak_replicas(),
            f.gpus_per_replica,
            c.gpus
        ),
    }
}

/// One change that would make a job fit, in words; `gpus` is how many the pick with it uses.
pub fn change(c: Change, gpus: u32, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match (c, zh) {
        (Change::MicroBatch(b), false) => format!("micro-batch {b}"),
        (Change::MicroBatch(b), true) => format!("微批大小 {b}"),
        (Change::FullRecompute, false) => "full activation recomputation".into(),
        (Change::FullRecompute, true) => "完全激活重计算".into(),
        (Change::Zero3, false) => format!("ZeRO-3 (FSDP) sharding across {gpus} GPUs"),
        (Change::Zero3, true) => format!("ZeRO-3（FSDP）切分到 {gpus} 张 GPU"),
        (Change::Qlora, false) => format!("QLoRA (4-bit base weights) on {gpus} GPU(s)"),
        (Change::Qlora, true) => format!("QLoRA（4 位基座权重），{gpus} 张 GPU"),
        (Change::PagedOptimizer, false) => "paged optimizer (states in host memory)".into(),
        (Change::PagedOptimizer, true) => "分页优化器（状态放在主机内存）".into(),
        (Change::SeqLen(n), false) => format!("sequences of {} tokens", i18n::number(n.into(), 0)),
        (Change::SeqLen(n), true) => format!("序列长度 {}", i18n::number(n.into(), 0)),
        (Change::Context(n), false) => format!("context of {} tokens", i18n::number(n.into(), 0)),
        (Change::Context(n), true) => format!("上下文 {} 词元", i18n::number(n.into(), 0)),
        (Change::Concurrency(n), false) => format!("{n} concurrent sequences"),
        (Change::Concurrency(n), true) => format!("并发 {n} 条序列"),
    }
}

/// A configuration that would fit: the changes, then the memory per GPU and what the pick with
/// them rents and costs. Returns the changes and the rest apart, for the reader's emphasis.
pub fn suggestion(s: &Suggestion, currency: Currency, lang: Lang) -> (String, String) {
    let p = &s.pick;
    let mut changes = String::new();
    for c in &s.changes {
        if !changes.is_empty() {
            changes.push_str(" + ");
        }
        changes.push_str(&change(*c, p.job_gpus(), lang));
    }
    let memory = i18n::number(p.memory.total_gib, 1);
    let card = i18n::number(p.gpu.memory_gib, 0);
    let rented = format!("{} × {} × {}", p.instances, p.offer.gpu_count, p.gpu.name);
    let provider = provider_name(p.provider, lang);
    let cost = money(p.cost.expected, currency);
    let rest = match (&p.serving, lang) {
        (Some(_), Lang::En) => format!(
            "{memory} GiB per GPU of {card} GiB, on {rented} ({provider} {}): {cost} a month",
            p.offer.instance_type
        ),
        (Some(_), Lang::Zh) => format!(
            "每 GPU {memory} GiB（共 {card} GiB），{rented}（{provider} {}）：每月 {cost}",
            p.offer.instance_type
        ),
        (None, Lang::En) => format!(
            "{memory} GiB per GPU of {card} GiB, on {rented} ({provider} {}): {cost}, {}",
            p.offer.instance_type,
            i18n::duration(p.hours.expected, lang)
        ),
        (None, Lang::Zh) => format!(
            "每 GPU {memory} GiB（共 {card} GiB），{rented}（{provider} {}）：{cost}，{}",
            p.offer.instance_type,
            i18n::duration(p.hours.expected, lang)
        ),
    };
    (changes, rest)
}

pub fn mode(mode: BillingMode) -> Text {
    match mode {
        BillingMode::OnDemand => tx("On-demand", "按量付费"),
        BillingMode::Spot => tx("Spot", "竞价实例"),
        BillingMode::Monthly => tx("Monthly", "包月"),
        BillingMode::Reserved1y => tx("1-year commitment", "1 年预留"),
        BillingMode::Reserved3y => tx("3-year commitment", "3 年预留"),
        BillingMode::Serverless => tx("Serverless", "Serverless"),
    }
}

pub fn mode_key(mode: BillingMode) -> &'static str {
    gpu_sizer_formats::form::ModeKey::of(mode).key()
}

/// Why a candidate was left out.
pub fn reason(r: &Reason, currency: Currency, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match r {
        Reason::DoesNotFit { short_gib } => {
            if zh {
                format!(
                    "显存不足：每个 GPU 还差 {} GiB",
                    i18n::number(*short_gib, 1)
                )
            } else {
                format!(
                    "does not fit GPU memory by {} GiB per GPU",
                    i18n::number(*short_gib, 1)
                )
            }
        }
        Reason::MissesDeadline { late_h } => {
            if zh {
                format!("超出截止时间 {}", i18n::duration(*late_h, lang))
            } else {
                format!("misses the deadline by {}", i18n::duration(*late_h, lang))
            }
        }
        Reason::OverBudget { over } => {
            if zh {
                format!("超出预算 {}", money(*over, currency))
            } else {
                format!("over budget by {}", money(*over, currency))
            }
        }
        Reason::LacksFeature(f) => {
            if zh {
                format!("缺少所需功能：{f}")
            } else {
                format!("lacks a required feature: {f}")
            }
        }
        Reason::CannotRun(need) => need_text(*need).get(lang).to_string(),
        Reason::SpotForLatency => {
            if zh {
                "未考虑竞价实例：有延迟目标的服务在实例被回收时会中断回答（可勾选允许）".into()
            } else {
                "spot left out: a service with a latency target drops answers when an instance is reclaimed (allow it to include spot)".into()
            }
        }
        Reason::NoPrice => {
            if zh {
                "价格未知：可在详情中填写你的价格".into()
            } else {
                "price unknown: enter your price".into()
            }
        }
        Reason::Filtered(what) => {
            if zh {
                format!("被筛选条件排除（{what}）")
            } else {
                format!("filtered out ({what})")
            }
        }
        Reason::Unknown(why) => {
            if zh {
                format!("无法估算时间：目录缺少数据（{}）", warning(why, lang))
            } else {
                format!("time unknown: the catalog lacks a figure ({why})")
            }
        }
        Reason::Layout(problem) => layout_problem(problem, lang),
    }
}

/// A parallel layout that does not fit an offer's GPUs, in the reader's language.
pub fn layout_problem(p: &LayoutProblem, lang: Lang) -> String {
    match (p, lang == Lang::Zh) {
        (LayoutProblem::Indivisible { gpus, group }, true) => {
            format!("{gpus} 个 GPU 无法分成每组 {group} 个的张量 × 流水线并行组")
        }
        (LayoutProblem::PartialInstances { gpus, per_node }, true) => {
            format!("{gpus} 个 GPU 不是每台 {per_node} 个 GPU 的实例的整数倍")
        }
        (p, false) => p.to_string(),
    }
}

/// Why hardware that lacks `need` cannot run the job.
pub fn need_text(need: Need) -> Text {
    match need {
        Need::GeneralCompute => tx(
            "cannot run this job: the chip runs inference only",
            "无法运行此作业：该芯片只能做推理",
        ),
        Need::Graphics => tx(
            "cannot run this job: rendering needs graphics APIs (Vulkan, OpenGL, DirectX)",
            "无法运行此作业：渲染需要图形 API（Vulkan、OpenGL、DirectX）",
        ),
        Need::Cuda => tx(
            "not CUDA: a development box is CUDA only unless you accept other stacks",
            "不是 CUDA：开发机默认只考虑 CUDA，除非你接受其他软件栈",
        ),
    }
}

/// The group a reason belongs to, for counting.
pub fn reason_kind(r: &Reason) -> Text {
    match r {
        Reason::DoesNotFit { .. } => tx("Does not fit memory", "显存不足"),
        Reason::MissesDeadline { .. } => tx("Misses the deadline", "超出截止时间"),
        Reason::OverBudget { .. } => tx("Over budget", "超出预算"),
        Reason::LacksFeature(_) => tx("Lacks a feature", "缺少功能"),
        Reason::CannotRun(_) => tx("Cannot run this job", "无法运行此作业"),
        Reason::SpotForLatency => tx("Spot with a latency target", "有延迟目标时不用竞价"),
        Reason::NoPrice => tx("No price (enter yours)", "无价格（可自填）"),
        Reason::Filtered(_) => tx("Filtered out", "被筛选排除"),
        Reason::Unknown(_) => tx("Time unknown", "时间未知"),
        Reason::Layout(_) => tx("Layout does not fit the offer", "并行方式与实例不符"),
    }
}

/// One sentence on why the pick beats the runner-up. A difference the answer would show as
/// zero is a tie, said as one: never "$0.00 cheaper" or "0.00 h faster".
pub fn why(w: &Why, runner_up: &str, currency: Currency, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    if w.tie() {
        return if zh {
            format!("与第二名（{runner_up}）成本和用时相同，任选其一即可。")
        } else {
            format!("It ties with the runner-up ({runner_up}) on cost and time: either will do.")
        };
    }
    // Each side is the same, better or worse, in words, then the amount when it differs.
    let side = |same: bool, better: bool, words: [Text; 3], amount: String| {
        let i = if same {
            0
        } else if better {
            1
        } else {
            2
        };
        let mut out = words[i].get(lang).to_string();
        if !same {
            out.push_str(&amount);
        }
        out
    };
    let cost = side(
        w.same_cost(),
        w.saves > 0.0,
        [
            tx("the same cost", "成本相同"),
            tx("cheaper by ", "便宜 "),
            tx("dearer by ", "贵 "),
        ],
        money(w.saves.abs(), currency),
    );
    let time = match w.faster_ms {
        Some(ms) => side(
            w.same_time(),
            ms > 0.0,
            [
                tx("answers as fast", "每个输出词元一样快"),
                tx("faster per output token by ", "每个输出词元快 "),
                tx("slower per output token by ", "每个输出词元慢 "),
            ],
            self::ms(ms.abs(), lang),
        ),
        None => side(
            w.same_time(),
            w.sooner_h > 0.0,
            [
                tx("takes as long", "用时相同"),
                tx("finishes sooner by ", "快 "),
                tx("finishes later by ", "慢 "),
            ],
            i18n::duration(w.sooner_h.abs(), lang),
        ),
    };
    if zh {
        format!("与第二名（{runner_up}）相比：{cost}，{time}。")
    } else {
        format!("Against the runner-up ({runner_up}): {cost}, {time}.")
    }
}

/// A pitfall, with the money at stake.
pub fn pitfall(p: &Pitfall, currency: Currency, lang: Lang) -> (Text, String) {
    let m = |v: f64| money(v, currency);
    let zh = lang == Lang::Zh;
    match p {
        Pitfall::StorageStarvesGpu {
            utilisation,
            extra_cost,
            feed_mbs,
            faster_mbs,
        } => {
            // The cap and its cost, then what would lift it.
            let mut text = if zh {
                format!(
                    "存储只有 {} MB/s，GPU 利用率被限制在 {:.0}%：多花 {}。",
                    i18n::number(*feed_mbs, 0),
                    utilisation * 100.0,
                    m(*extra_cost)
                )
            } else {
                format!(
                    "Storage at {} MB/s caps GPU use at {:.0}%: +{}. ",
                    i18n::number(*feed_mbs, 0),
                    utilisation * 100.0,
                    m(*extra_cost)
                )
            };
            match faster_mbs {
                Some(f) => {
                    text.push_str(
                        tx(
                            "This offer's fastest storage reads ",
                            "该实例最快的存储可达 ",
                        )
                        .get(lang),
                    );
                    text.push_str(&i18n::number(*f, 0));
                    text.push_str(
                        tx(
                            " MB/s: choose the fastest storage tier or the local disk.",
                            " MB/s：勾选“最快存储层”或使用本地盘。",
                        )
                        .get(lang),
                    );
                }
                None => text.push_str(
                    tx(
                        "Use faster storage or smaller samples.",
                        "请换更快的存储，或减小每个样本的数据量。",
                    )
                    .get(lang),
                ),
            }
            (tx("Storage starves the GPUs", "存储拖慢 GPU"), text)
        }
        Pitfall::OnDemandForLongJob { saving, mode: mo } => (
            tx("On-demand for a long job", "长作业用按量付费"),
            if zh {
                format!("改用{}可省 {}。", mode(*mo).zh, m(*saving))
            } else {
                format!(
                    "A {} would save {}.",
                    mode(*mo).en.to_ascii_lowercase(),
                    m(*saving)
                )
            },
        ),
        Pitfall::Egress { cost, share } => (
            tx("Egress fees", "出网流量费"),
            if zh {
                format!(
                    "出网流量占总成本 {:.0}%（{}）。尽量在同一云内处理数据。",
                    share * 100.0,
                    m(*cost)
                )
            } else {
                format!("Data transfer out is {:.0}% of the bill ({}). Keep data in the same cloud where you can.", share * 100.0, m(*cost))
            },
        ),
        Pitfall::NoAutoStop {
            idle_cost,
            saving,
            grace_h,
        } => (
            tx("No auto-stop", "没有自动关机"),
            if zh {
                format!(
                    "空闲时间要花 {}。空闲 {} 分钟后自动关机可省 {}。",
                    m(*idle_cost),
                    i18n::number(grace_h * 60.0, 0),
                    m(*saving)
                )
            } else {
                format!(
                    "Idle hours cost {}. An auto-stop after {} idle minutes would save {}.",
                    m(*idle_cost),
                    i18n::number(grace_h * 60.0, 0),
                    m(*saving)
                )
            },
        ),
        Pitfall::MultiGpuWithoutNvlink { extra_cost } => (
            tx("Multi-GPU without NVLink", "多卡无 NVLink"),
            if zh {
                format!(
                    "同样的 GPU 用 NVLink 互联会更快：PCIe 多花 {}。",
                    m(*extra_cost)
                )
            } else {
                format!(
                    "The same GPUs over NVLink finish sooner: PCIe costs {} more.",
                    m(*extra_cost)
                )
            },
        ),
        Pitfall::LowMemoryHeadroom { headroom } => (
            tx("Memory headroom under 10%", "显存余量不足 10%"),
            if zh {
                format!(
                    "只剩 {:.0}% 显存余量：真实运行可能显存溢出。",
                    headroom * 100.0
                )
            } else {
                format!(
                    "Only {:.0}% of GPU memory left: a real run may run out of memory.",
                    headroom * 100.0
                )
            },
        ),
        Pitfall::StalePrice { days: Some(days) } => (
            tx("Old price", "价格较旧"),
            if zh {
                format!("该价格的来源日期已过去 {days} 天，请核对当前价格。")
            } else {
                format!("This price's source is dated {days} days ago: check today's price.")
            },
        ),
        Pitfall::StalePrice { days: None } => (
            tx("Price of unknown date", "价格日期未知"),
            if zh {
                "该价格的来源没有日期，可能已经过时：请核对当前价格。".to_string()
            } else {
                "This price's source carries no date, so it may be old: check today's price."
                    .to_string()
            },
        ),
        Pitfall::NonCuda { software } => (
            tx("Not a CUDA GPU", "非 CUDA GPU"),
            if zh {
                format!("需要 {software}：确认你的框架支持。")
            } else {
                format!("Needs {software}: check that your framework supports it.")
            },
        ),
        Pitfall::SpotServing {
            spares,
            reclaims_per_month,
            spare_cost,
        } => (
            tx("Spot for a production service", "生产服务用竞价实例"),
            if zh {
                format!(
                    "每月约 {} 次回收：已按 {spares} 台备用实例计价（每月 {}），但每次回收仍会中断正在生成的回答。请保留按量付费的基础实例。",
                    i18n::number(*reclaims_per_month, 0),
                    m(*spare_cost)
                )
            } else {
                format!(
                    "About {} reclaims a month: priced with {spares} spare instance(s) ({} a month), yet each drops the answers in flight. Keep an on-demand base.",
                    i18n::number(*reclaims_per_month, 0),
                    m(*spare_cost)
                )
            },
        ),
        Pitfall::ConsumerHardware {
            consumer_card,
            marketplace,
        } => {
            let card = tx(
                "The GeForce driver licence does not cover data-centre deployment.",
                "GeForce 显卡的驱动许可不允许数据中心部署。",
            );
            let host = tx(
                "A marketplace host is a third party's machine: check its reliability record and keep a fallback.",
                "市场上的主机属于第三方：先看它的可靠性记录，并准备备用实例。",
            );
            let mut text = String::new();
            if *consumer_card {
                text.push_str(card.get(lang));
            }
            if *marketplace {
                if !text.is_empty() && !zh {
                    text.push(' ');
                }
                text.push_str(host.get(lang));
            }
            (
                tx("Consumer hardware for production", "生产服务用消费级硬件"),
                text,
            )
        }
    }
}

/// Puts an engine warning (English) into the reader's language. The engine's warnings follow a
/// handful of templates; each is matched here by its fixed words and the numbers and names in it
/// are carried over. An unknown warning is shown as the engine wrote it.
pub fn warning(text: &str, lang: Lang) -> String {
    if lang == Lang::En {
        return text.to_string();
    }
    let between = |a: &str, b: &str| -> Option<String> {
        let start = text.find(a)? + a.len();
        let end = start + text[start..].find(b)?;
        Some(text[start..end].to_string())
    };
    let before = |b: &str| text.find(b).map(|i| text[..i].to_string());
    let after = |a: &str| text.find(a).map(|i| text[i + a.len()..].to_string());
    if text.starts_with("Model known by its parameter count only") {
        return "仅按参数量描述模型：层结构为假设值，激活和 KV 缓存的显存估算较粗略。".into();
    }
    for (what, zh) in [
        ("storage", "存储"),
        ("snapshot", "快照"),
        ("egress", "出网流量"),
    ] {
        let middle = format!(" publishes no {what} price: the median of other providers, ");
        if let (Some(p), Some(amount)) = (before(&middle), between(&middle, ", is assumed")) {
            let amount = amount.replace("/GB-month", "/GB·月");
            return format!("{p} 未公布{zh}价格：按其他云厂商已公布价格的中位数（{amount}）估算");
        }
    }
    if let (Some(p), Some(gb), Some(amount)) = (
        before(" publishes no egress price: the median of other providers for "),
        between("the median of other providers for ", " GB a month, "),
        between(" GB a month, ", ", is assumed"),
    ) {
        return format!(
            "{p} 未公布出网流量价格：按其他云厂商每月 {gb} GB 出网价格的中位数（{amount}）估算"
        );
    }
    if let (Some(p), Some(gb)) = (
        before(" publishes no egress price: most providers charge nothing for "),
        between("charge nothing for ", " GB a month"),
    ) {
        return format!("{p} 未公布出网流量价格：多数云厂商对每月 {gb} GB 出网不收费，因此未计入");
    }
    if let Some(p) = text.strip_suffix(" storage price unknown: not counted") {
        return format!("{p} 的存储价格未知：未计入");
    }
    if let Some(p) = text.strip_suffix(" egress price unknown: not counted") {
        return format!("{p} 的出网流量价格未知：未计入");
    }
    if let Some(g) = text.strip_suffix(" has no fp8 peak in the catalog: timed at its bf16 peak") {
        return format!("目录中没有 {g} 的 fp8 峰值：按 bf16 峰值估算");
    }
    if let (Some(g), Some(what)) = (
        before(" has no "),
        between(
            " has no ",
            " peak in the catalog, so time cannot be estimated",
        ),
    ) {
        return format!("目录中没有 {g} 的 {what} 峰值，无法估算时间");
    }
    if let (Some(a), Some(b), Some(c)) = (
        between("storage delivers ", " MB/s but"),
        between("the GPUs consume ", " MB/s:"),
        between("capped at ", "%"),
    ) {
        return format!("存储只能提供 {a} MB/s，而 GPU 需要 {b} MB/s：GPU 利用率被限制在 {c}%");
    }
    if let (Some(a), Some(b)) = (
        between("even one sequence takes ", " ms per token"),
        between("above the ", " ms target"),
    ) {
        return format!("即使只有一个序列，每个词元也要 {a} 毫秒，超过 {b} 毫秒的目标");
    }
    if let (Some(g), Some(n)) = (
        before(" has no hardware video encoder"),
        between("encoder: ", " streams"),
    ) {
        return format!("{g} 没有硬件视频编码器：{n} 路视频流将由 CPU 编码");
    }
    if let Some(g) = after("the catalog does not say how many video encoders ") {
        return format!("目录未注明 {} 的视频编码器数量", g.trim_end_matches(" has"));
    }
    if let Some(arch) = between("no published training efficiency for ", " in the defaults") {
        let used = if text.ends_with("Hopper's is used") {
            "Hopper"
        } else {
            "A100"
        };
        return format!("默认值中没有 {arch} 的公开训练效率：使用 {used} 的数值");
    }
    if let Some(v) = text.strip_suffix(" efficiency is taken from NVIDIA A100 measurements") {
        return format!("{v} 的效率取自 NVIDIA A100 的实测");
    }
    text.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_band_that_reads_as_its_value_is_written_once() {
        let month = Band {
            low: 730.0,
            expected: 730.0,
            high: 730.0,
        };
        assert_eq!(hours_band(month, Lang::En), i18n::duration(730.0, Lang::En));
        let job = Band {
            low: 4.1,
            expected: 5.3,
            high: 6.8,
        };
        assert_eq!(
            money_band(job, Currency::Usd),
            format!(
                "{} ({}–{})",
                money(5.3, Currency::Usd),
                money(4.1, Currency::Usd),
                money(6.8, Currency::Usd)
            )
        );
    }

    fn why_of(saves: f64, sooner_h: f64, faster_ms: Option<f64>) -> Why {
        Why {
            runner_up: 1,
            saves,
            sooner_h,
            faster_ms,
            objective: gpu_sizer_engine::plan::Objective::Cheapest,
        }
    }

    /// A difference the answer would print as zero is a tie, never a win.
    #[test]
    fn a_tie_is_not_a_win() {
        let usd = Currency::Usd;
        for lang in Lang::ALL {
            for w in [
                why_of(0.0, 0.0, None),
                why_of(0.004, 0.001, None),
                why_of(-0.001, 0.0, Some(0.01)),
            ] {
                let text = why(&w, "B", usd, lang);
                assert!(w.tie());
                assert!(!text.contains("0.00"), "{text}");
                assert!(text.contains("ties") || text.contains("相同"), "{text}");
            }
        }
        // Cheaper at the same time: the saving, and "as long", not "0.00 h sooner".
        let text = why(&why_of(12.5, 0.0, None), "B", usd, Lang::En);
        assert_eq!(
            text,
            "Against the runner-up (B): cheaper by $12.50, takes as long."
        );
        // The same cost, faster.
        let text = why(&why_of(0.001, 2.0, None), "B", usd, Lang::En);
        assert_eq!(
            text,
            "Against the runner-up (B): the same cost, finishes sooner by 2.00 h."
        );
        // A service compares latency, never hours.
        let text = why(&why_of(40.0, 0.0, Some(3.0)), "B", usd, Lang::En);
        assert!(text.contains("faster per output token by 3.0 ms"), "{text}");
        assert!(!text.contains(" h"), "{text}");
        let zh = why(&why_of(40.0, 0.0, Some(-3.0)), "B", usd, Lang::Zh);
        assert!(zh.contains("每个输出词元慢 3.0 毫秒"), "{zh}");
    }

    /// One example of every warning template the engine writes, and its reading in Chinese.
    #[test]
    fn engine_warnings_read_in_chinese() {
        let cases = [
            ("Model known by its parameter count only: layer shapes are assumed, so activation and KV-cache memory are coarser.", "仅按参数量"),
            ("Verda (DataCrunch) storage price unknown: not counted", "Verda (DataCrunch) 的存储价格未知"),
            ("Lambda egress price unknown: not counted", "Lambda 的出网流量价格未知"),
            ("Verda (DataCrunch) publishes no storage price: the median of other providers, $0.075/GB-month, is assumed", "Verda (DataCrunch) 未公布存储价格：按其他云厂商已公布价格的中位数（$0.075/GB·月）估算"),
            ("Lambda publishes no egress price: the median of other providers for 100 GB a month, $9.00, is assumed", "Lambda 未公布出网流量价格：按其他云厂商每月 100 GB 出网价格的中位数（$9.00）估算"),
            ("Vast.ai publishes no snapshot price: the median of other providers, ¥0.350/GB-month, is assumed", "未公布快照价格"),
            ("Vast.ai publishes no egress price: most providers charge nothing for 100 GB a month, so none is counted", "Vast.ai 未公布出网流量价格：多数云厂商对每月 100 GB 出网不收费，因此未计入"),
            ("NVIDIA A100 has no fp8 peak in the catalog: timed at its bf16 peak", "NVIDIA A100 的 fp8"),
            ("NVIDIA RTX 3090 has no bf16/fp16 tensor peak in the catalog, so time cannot be estimated", "无法估算时间"),
            ("storage delivers 250 MB/s but the GPUs consume 900 MB/s: GPU utilisation capped at 28%", "28%"),
            ("even one sequence takes 31.2 ms per token, above the 20 ms target", "31.2 毫秒"),
            ("NVIDIA A100 has no hardware video encoder: 4 streams would be encoded on the CPU", "4 路"),
            ("the catalog does not say how many video encoders NVIDIA H20 has", "NVIDIA H20 的视频编码器"),
            ("no published training efficiency for Blackwell in the defaults: Hopper's is used", "Hopper"),
            ("AMD CDNA3 efficiency is taken from NVIDIA A100 measurements", "AMD CDNA3 的效率"),
        ];
        for (en, zh) in cases {
            let out = warning(en, Lang::Zh);
            assert!(out.contains(zh), "{en} → {out}");
            assert!(!out.contains(" the "), "left English in: {out}");
            assert_eq!(warning(en, Lang::En), en);
        }
    }
}
