//! The doctor's words, in English and Chinese, and its report as plain text for the terminal.
//!
//! Findings and remedies are data (`Finding`, `Remedy`); they are worded here, once per
//! language, so the page and the command line say the same thing.

use super::{Diagnosis, ErrorKind, Finding, Money, ReadError, Reading, Remedy, Skipped};
use gpu_sizer_engine::cost::money::symbol;
use gpu_sizer_markup::i18n::{money as cash, number, Lang, Text};
use std::fmt::Write;

const fn tx(en: &'static str, zh: &'static str) -> Text {
    Text { en, zh }
}

pub const TITLE: Text = tx("Utilisation doctor", "利用率诊断");
pub const INTRO: Text = tx(
    "Paste what nvidia-smi prints on a running job — the default table, --query-gpu=… --format=csv, or dmon; one or many samples. It is read here, in your browser: nothing is sent anywhere.",
    "粘贴正在运行的作业上 nvidia-smi 的输出——默认表格、--query-gpu=… --format=csv 或 dmon，一次或多次采样均可。内容只在你的浏览器中读取，不会发送到任何地方。",
);
pub const PASTE: Text = tx("nvidia-smi output", "nvidia-smi 输出");
pub const INSTANCE: Text = tx("The instance it runs on", "所用实例");
pub const NO_INSTANCE: Text = tx("Not chosen (type a price)", "未选择（手动输入价格）");
pub const PRICE: Text = tx("Price per hour of the whole instance", "整台实例每小时价格");
pub const DIAGNOSE: Text = tx("Diagnose", "诊断");
pub const EXAMPLE: Text = tx("Try an example", "试用示例");
pub const PER_GPU: Text = tx("Per GPU", "每块 GPU");
pub const GPU: Text = tx("GPU", "GPU");
pub const SAMPLES: Text = tx("Samples", "采样数");
pub const UTIL: Text = tx("Utilisation (mean, min–max)", "利用率（均值，最小–最大）");
pub const MEMORY: Text = tx("Memory used (max / total)", "显存占用（最大 / 总量）");
pub const POWER: Text = tx("Power (mean / limit)", "功耗（均值 / 上限）");
pub const FINDINGS: Text = tx("What it means", "诊断结论");
pub const AT_STAKE: Text = tx("Money at stake", "涉及金额");
pub const NO_PRICE: Text = tx(
    "Choose the instance or type its price to see what the idle time costs.",
    "选择实例或输入价格，即可看到空闲时间的花费。",
);
pub const TO_DO: Text = tx("What to do", "怎么办");
pub const TRY: Text = tx("Try it in the calculator", "在计算器中试试");
/// Every text of this module, for the translation test.
pub fn all_texts() -> Vec<Text> {
    vec![
        TITLE,
        INTRO,
        PASTE,
        INSTANCE,
        NO_INSTANCE,
        PRICE,
        DIAGNOSE,
        EXAMPLE,
        PER_GPU,
        GPU,
        SAMPLES,
        UTIL,
        MEMORY,
        POWER,
        FINDINGS,
        AT_STAKE,
        NO_PRICE,
        TO_DO,
        TRY,
    ]
}

fn en(lang: Lang) -> bool {
    lang == Lang::En
}

fn list(gpus: &[u32]) -> String {
    gpus.iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn pct(share: f64) -> String {
    format!("{}%", number(share * 100.0, 0))
}

/// Why a paste could not be read, naming its line.
pub fn error(e: &ReadError, lang: Lang) -> String {
    match (e.kind, en(lang)) {
        (ErrorKind::Empty, true) => "Nothing to read: paste the output of nvidia-smi.".into(),
        (ErrorKind::Empty, false) => "没有可读取的内容：请粘贴 nvidia-smi 的输出。".into(),
        (ErrorKind::NotNvidiaSmi, true) => format!(
            "Line {} is not nvidia-smi output, and no line after it is: “{}”. Paste the table nvidia-smi prints, its --query-gpu CSV with the header, or dmon with its header.",
            e.line, e.text
        ),
        (ErrorKind::NotNvidiaSmi, false) => format!(
            "第 {} 行不是 nvidia-smi 的输出，其后也没有可读的行：“{}”。请粘贴 nvidia-smi 打印的表格、带表头的 --query-gpu CSV，或带表头的 dmon 输出。",
            e.line, e.text
        ),
        (ErrorKind::Unreadable, true) => format!(
            "Line {} could not be read: “{}”. It looks like nvidia-smi output, but its figures are cut short or garbled.",
            e.line, e.text
        ),
        (ErrorKind::Unreadable, false) => format!(
            "第 {} 行无法读取：“{}”。它像是 nvidia-smi 的输出，但数字被截断或已损坏。",
            e.line, e.text
        ),
    }
}

/// The lines left out of an otherwise readable paste.
pub fn skipped(s: &[Skipped], lang: Lang) -> Option<String> {
    let first = s.first()?;
    Some(if en(lang) {
        format!(
            "{} line(s) left out, first line {}: “{}”.",
            s.len(),
            first.line,
            first.text
        )
    } else {
        format!(
            "略过了 {} 行，首个为第 {} 行：“{}”。",
            s.len(),
            first.line,
            first.text
        )
    })
}

/// A finding as a sentence: what it is and what it usually means.
pub fn finding(f: &Finding, lang: Lang) -> String {
    let e = en(lang);
    match f {
        Finding::Idle { gpus } if e => format!("GPU {} ran no kernel: the machine is paid for and idle. Stop it when no job runs (an auto-stop).", list(gpus)),
        Finding::Idle { gpus } => format!("GPU {} 没有运行任何内核：机器在计费却空闲。没有作业时应停止它（自动停止）。", list(gpus)),
        Finding::Unbalanced { idle, busy } if e => format!("GPU {} idle, GPU {} working: a parallelism or launch problem (the job sees fewer GPUs than it rents, or waits on one). Launch one process per GPU, or rent fewer.", list(idle), list(busy)),
        Finding::Unbalanced { idle, busy } => format!("GPU {} 空闲而 GPU {} 在工作：并行或启动方式有问题（作业看到的 GPU 少于所租，或在等待某一块）。每块 GPU 启动一个进程，或少租几块。", list(idle), list(busy)),
        Finding::InputBound { gpus, util, memory } if e => format!("GPU {}: {}% busy with {} of memory in use — input-bound: storage or the data loader cannot feed it. More loader workers, pinned memory, data on local disk or a faster storage tier.", list(gpus), number(*util, 0), pct(*memory)),
        Finding::InputBound { gpus, util, memory } => format!("GPU {}：利用率 {}%，显存已用 {}——输入受限：存储或数据加载跟不上。增加加载进程、使用锁页内存、把数据放到本地盘或换更快的存储。", list(gpus), number(*util, 0), pct(*memory)),
        Finding::Underused { gpus, util } if e => format!("GPU {}: {}% busy with memory to spare — small batches or more GPU than the job needs. A larger batch, or a smaller, cheaper GPU.", list(gpus), number(*util, 0)),
        Finding::Underused { gpus, util } => format!("GPU {}：利用率 {}%，显存还有富余——批次太小，或 GPU 超出作业所需。加大批次，或换更小更便宜的 GPU。", list(gpus), number(*util, 0)),
        Finding::OutOfMemoryRisk { gpus, memory } if e => format!("GPU {}: memory {} full — out-of-memory risk at the next peak (a longer sequence, the optimizer step). A smaller micro-batch, activation recomputation, or more memory.", list(gpus), pct(*memory)),
        Finding::OutOfMemoryRisk { gpus, memory } => format!("GPU {}：显存已用 {}——下一个峰值（更长的序列、优化器步骤）可能显存不足。减小微批次、开启激活重计算，或换更大显存。", list(gpus), pct(*memory)),
        Finding::MemoryBound { gpus, power } if e => format!("GPU {}: busy yet drawing {} of its power limit — memory-bound kernels (or clocks held down). Fused kernels, larger batches, or a GPU with more memory bandwidth.", list(gpus), pct(*power)),
        Finding::MemoryBound { gpus, power } => format!("GPU {}：很忙但功耗只有上限的 {}——内核受显存带宽限制（或频率被压低）。使用融合内核、更大批次，或显存带宽更高的 GPU。", list(gpus), pct(*power)),
        Finding::Busy { util } if e => format!("Busy: {}% on average. Nothing here is wasting money.", number(*util, 0)),
        Finding::Busy { util } => format!("满载：平均 {}%。这里没有浪费。", number(*util, 0)),
    }
}

/// What the idle share costs.
pub fn money(m: &Money, lang: Lang) -> String {
    let sym = symbol(m.currency);
    if en(lang) {
        format!(
            "{} of {}/h is paid for time no kernel ran: {}/h, {} a day, {} a month.",
            pct(m.idle_share),
            cash(m.per_hour, sym),
            cash(m.wasted_per_hour, sym),
            cash(m.per_day, sym),
            cash(m.per_month, sym)
        )
    } else {
        format!(
            "每小时 {} 中有 {} 花在没有运行内核的时间上：每小时 {}，每天 {}，每月 {}。",
            cash(m.per_hour, sym),
            pct(m.idle_share),
            cash(m.wasted_per_hour, sym),
            cash(m.per_day, sym),
            cash(m.per_month, sym)
        )
    }
}

/// A remedy as the change it makes.
pub fn remedy(r: &Remedy, lang: Lang, sym: &str) -> String {
    let e = en(lang);
    match r {
        Remedy::FasterStorage if e => "Price the job on the provider's fastest storage tier".into(),
        Remedy::FasterStorage => "按云厂商最快的存储层重新计算".into(),
        Remedy::CheaperGpu {
            name,
            memory_gib,
            per_gpu_hour,
            provider,
            instance_type,
            ..
        } if e => format!(
            "{name} ({} GiB, holds what was used): from {}/GPU-h on {provider} {instance_type}",
            number(*memory_gib, 0),
            cash(*per_gpu_hour, sym)
        ),
        Remedy::CheaperGpu {
            name,
            memory_gib,
            per_gpu_hour,
            provider,
            instance_type,
            ..
        } => format!(
            "{name}（{} GiB，装得下已用显存）：{provider} {instance_type} 每 GPU 小时 {} 起",
            number(*memory_gib, 0),
            cash(*per_gpu_hour, sym)
        ),
        Remedy::FewerGpus { gpus } if e => format!("Rent {gpus} GPU(s), the ones that worked"),
        Remedy::FewerGpus { gpus } => format!("只租 {gpus} 块 GPU（实际在工作的）"),
        Remedy::AutoStop { minutes } if e => {
            format!("Stop the machine after {minutes} idle minutes (auto-stop)")
        }
        Remedy::AutoStop { minutes } => format!("空闲 {minutes} 分钟后停止机器（自动停止）"),
    }
}

/// The whole report as text, for the terminal.
pub fn report(reading: &Reading, d: &Diagnosis, lang: Lang, sym: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", TITLE.get(lang));
    let _ = writeln!(out, "\n{}", PER_GPU.get(lang));
    for g in &d.gpus {
        let opt = |v: Option<f64>, d: usize| v.map_or("—".to_string(), |v| number(v, d));
        let _ = writeln!(
            out,
            "  GPU {} {} · {} {} · {} {}%, {}–{}% · {} {} / {} GiB · {} {} / {} W",
            g.index,
            g.name.as_deref().unwrap_or(""),
            SAMPLES.get(lang),
            g.samples,
            UTIL.get(lang),
            opt(g.util_mean, 0),
            opt(g.util_min, 0),
            opt(g.util_max, 0),
            MEMORY.get(lang),
            opt(g.mem_used_gib_max, 1),
            opt(g.mem_total_gib, 1),
            POWER.get(lang),
            opt(g.power_mean_w, 0),
            opt(g.power_cap_w, 0),
        );
    }
    let _ = writeln!(out, "\n{}", FINDINGS.get(lang));
    for f in &d.findings {
        let _ = writeln!(out, "  - {}", finding(f, lang));
    }
    let _ = writeln!(out, "\n{}", AT_STAKE.get(lang));
    let _ = writeln!(
        out,
        "  {}",
        d.money
            .as_ref()
            .map_or(NO_PRICE.get(lang).to_string(), |m| money(m, lang))
    );
    if !d.remedies.is_empty() {
        let _ = writeln!(out, "\n{}", TO_DO.get(lang));
        for r in &d.remedies {
            let _ = writeln!(out, "  - {}", remedy(r, lang, sym));
        }
    }
    if let Some(s) = skipped(&reading.skipped, lang) {
        let _ = writeln!(out, "\n{s}");
    }
    out
}
