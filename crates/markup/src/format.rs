//! Turning engine values into text for the reader: money in the report's currency, time bands,
//! billing modes, and what the engine and the link decoder report as data (reasons, pitfalls,
//! warnings, the names of terms), in both languages. The page, the build's first answer and the
//! CLI all word them here, so no sentence is ever parsed back.

mod input;
mod link;
mod pitfall;
mod queue;
mod terms;
mod warning;

pub use input::{field_name, field_takes, input_error};
pub use link::link_problem;
pub use pitfall::pitfall;
pub use queue::{queue_advice, QUEUE_HEADING};
pub use terms::{known_term, known_unit, quantity, term_name};
pub use warning::{untimed, warning};

use crate::i18n::{self, t, Lang, Text};
use gpu_sizer_engine::catalog::{BillingMode, Currency, Provider, Quote};
use gpu_sizer_engine::cost::money::symbol;
use gpu_sizer_engine::float_text;
use gpu_sizer_engine::plan::{
    Candidate, Change, Faster, Feature, Filter, Need, Reason, Scaling, Served, ServingFleet,
    Suggestion, Why,
};
use gpu_sizer_engine::sizing::defaults::Band;
use gpu_sizer_engine::sizing::layout::LayoutProblem;

const fn tx(en: &'static str, zh: &'static str) -> Text {
    Text { en, zh }
}

/// The date a price's source carries, in the reader's words, or "date unknown".
pub fn price_date(quote: &Quote, lang: Lang) -> String {
    match quote.as_of.as_deref() {
        Some(day) if !quote.undated => i18n::date(day, lang),
        _ => i18n::t::DATE_UNKNOWN.get(lang).to_string(),
    }
}

/// The provider's name in the reader's language (its Chinese name where the catalog has one).
pub fn provider_name(provider: &Provider, lang: Lang) -> &str {
    match (lang, &provider.name_zh) {
        (Lang::Zh, Some(zh)) => zh,
        _ => &provider.name,
    }
}

/// An amount in the report's currency, with its symbol and the reader's grouping.
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

/// A model's size in parameters, as model cards give it: "8.0B" from a billion up, "110M" or
/// "25.6M" below (a CNN would read "0.0B").
pub fn parameters(billions: f64) -> String {
    let millions = billions * 1e3;
    if millions >= 999.5 {
        format!("{}B", float_text::fixed(billions, 1))
    } else if millions >= 99.95 {
        format!("{}M", float_text::fixed(millions, 0))
    } else {
        format!("{}M", float_text::fixed(millions, 1))
    }
}

/// What a service's time is called: a request's latency, or an LLM's time per output token.
pub fn service_time(per: Served) -> Text {
    match per {
        Served::Requests => t::TIME_PER_REQUEST,
        Served::Tokens => t::TIME_PER_TOKEN,
    }
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
        (Some(f), Lang::En) if f.served == Served::Requests => {
            format!("{} per request", ms(f.time_per_output_token_ms, lang))
        }
        (Some(f), Lang::Zh) if f.served == Served::Requests => {
            format!("每个请求 {}", ms(f.time_per_output_token_ms, lang))
        }
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
/// What is rented: "2 instances × 8 GPUs: NVIDIA H100" / "2 台实例 × 每台 8 张 NVIDIA H100".
pub fn rig(instances: u32, gpus_per_instance: u32, gpu: &str, lang: Lang) -> String {
    let s = |n: u32| if n == 1 { "" } else { "s" };
    match lang {
        Lang::En => format!(
            "{instances} instance{} × {gpus_per_instance} GPU{}: {gpu}",
            s(instances),
            s(gpus_per_instance)
        ),
        Lang::Zh => format!("{instances} 台实例 × 每台 {gpus_per_instance} 张 {gpu}"),
    }
}

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
            "{} at the busiest hour ({how}{spares}) · {} replica(s) of {} GPU(s) · {} GPUs rented",
            rig(f.peak_instances, c.offer.gpu_count, &c.gpu.name, lang),
            f.peak_replicas(),
            f.gpus_per_replica,
            c.gpus
        ),
        Lang::Zh => format!(
            "高峰时 {}（{how}{spares}）· {} 个副本，每个 {} 张 GPU · 共租 {} 张 GPU",
            rig(f.peak_instances, c.offer.gpu_count, &c.gpu.name, lang),
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

/// A billing mode's name for readers (the key is for links and files: [`mode_key`]).
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

/// A billing mode's key, as links, files and the ranking's data attributes spell it.
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
                format!("缺少所需功能：{}", feature(*f).zh)
            } else {
                format!("lacks a required feature: {}", feature(*f).en)
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
                format!("被筛选条件排除（{}）", filter(*what).zh)
            } else {
                format!("filtered out ({})", filter(*what).en)
            }
        }
        Reason::Unknown(why) => {
            if zh {
                format!("无法估算时间：{}", untimed(why, lang))
            } else {
                format!("time unknown: {}", untimed(why, lang))
            }
        }
        Reason::Layout(problem) => layout_problem(problem, lang),
    }
}

/// A feature the user requires, in words.
fn feature(f: Feature) -> Text {
    match f {
        Feature::Nvlink => tx("NVLink", "NVLink"),
        Feature::Mig => tx("MIG partitioning", "MIG 分区"),
        Feature::Graphics => tx("graphics APIs", "图形 API"),
        Feature::Video => tx("a hardware video encoder", "硬件视频编码器"),
        Feature::Cuda => tx("CUDA", "CUDA"),
    }
}

/// What the user narrowed the search to, in words.
fn filter(f: Filter) -> Text {
    match f {
        Filter::Provider => tx("provider", "云厂商"),
        Filter::Region => tx("region", "区域"),
        Filter::Gpu => tx("GPU", "GPU"),
        Filter::Offer => tx("offer", "实例"),
        Filter::MaxGpus => tx("most GPUs", "GPU 数量上限"),
    }
}

/// A parallel layout that does not fit an offer's GPUs, in the reader's language.
pub fn layout_problem(p: &LayoutProblem, lang: Lang) -> String {
    match (p, lang) {
        (LayoutProblem::Indivisible { gpus, group }, Lang::En) => {
            format!("{gpus} GPUs cannot be split into tensor × pipeline groups of {group}")
        }
        (LayoutProblem::Indivisible { gpus, group }, Lang::Zh) => {
            format!("{gpus} 个 GPU 无法分成每组 {group} 个的张量 × 流水线并行组")
        }
        (LayoutProblem::PartialInstances { gpus, per_node }, Lang::En) => {
            format!("{gpus} GPUs is not a whole number of {per_node}-GPU instances")
        }
        (LayoutProblem::PartialInstances { gpus, per_node }, Lang::Zh) => {
            format!("{gpus} 个 GPU 不是每台 {per_node} 个 GPU 的实例的整数倍")
        }
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
    let time = match w.faster {
        Some(Faster { ms, per }) => side(
            w.same_time(),
            ms > 0.0,
            match per {
                Served::Requests => [
                    tx("answers as fast", "每个请求一样快"),
                    tx("faster per request by ", "每个请求快 "),
                    tx("slower per request by ", "每个请求慢 "),
                ],
                Served::Tokens => [
                    tx("answers as fast", "每个输出词元一样快"),
                    tx("faster per output token by ", "每个输出词元快 "),
                    tx("slower per output token by ", "每个输出词元慢 "),
                ],
            },
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

#[cfg(test)]
mod tests;
