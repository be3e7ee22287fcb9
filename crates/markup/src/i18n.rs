//! Every string the page shows, in English and Simplified Chinese, and locale-aware formatting.
//!
//! Strings are constants checked by the compiler: a missing translation is a build error, not a
//! mixed-language screen. Brand and unit names that read the same in both languages are allowed.

use gpu_sizer_engine::float_text;
pub use gpu_sizer_formats::lang::{Lang, Text};

macro_rules! texts {
    ($($name:ident = $en:literal, $zh:literal;)*) => {
        $(pub const $name: Text = Text { en: $en, zh: $zh };)*
        /// Every string, for the completeness test.
        pub const EVERY: &[(&str, Text)] = &[$((stringify!($name), $name)),*];
    };
}

/// The strings, grouped by where they appear.
pub mod t {
    use super::Text;

    texts! {
        APP_NAME = "GPU Sizer", "GPU Sizer 云 GPU 选型";
        TAGLINE = "Which cloud GPU to rent, how long the job takes, what it really costs.",
            "该租哪种云 GPU、要跑多久、实际花多少钱。";
        UPDATE_READY = "A new version of GPU Sizer is ready.", "GPU Sizer 有新版本可用。";
        RELOAD_TO_UPDATE = "Reload to update", "重新加载以更新";
        LANGUAGE = "Language", "语言";
        CURRENCY = "Currency", "货币";
        THEME = "Theme", "主题";
        THEME_SYSTEM = "System", "跟随系统";
        THEME_LIGHT = "Light", "浅色";
        THEME_DARK = "Dark", "深色";
        HOURS = "h", "小时";
        DAYS = "days", "天";
        FATAL_TITLE = "GPU Sizer stopped", "GPU Sizer 已停止";
        FATAL_BODY = "Something went wrong. Reload the page; your saved scenarios are kept.",
            "出现了错误。请重新加载页面，已保存的方案不会丢失。";
        SKIP = "Skip to the results", "跳到结果";
        PART_UNLOADED = "This part of the page could not be downloaded. Check the connection, then try again.",
            "页面的这一部分未能下载。请检查网络连接后重试。";
        TRY_AGAIN = "Try again", "重试";
        PAGES = "Pages", "页面";
        CALCULATOR = "Calculator", "计算器";
        GUIDE = "Guide", "指南";
        CATALOG = "Catalog", "目录";
        FORM_TITLE = "Your job", "你的作业";
        WORKLOAD = "Workload", "作业类型";
        MODEL = "Model", "模型";
        SEARCH_MODELS = "Search models", "搜索模型";
        LIMITS = "Deadline, budget and billing", "截止时间、预算与计费";
        ADVANCED = "Advanced: parallelism, hidden costs, a queue of jobs, requirements", "高级：并行、隐性成本、作业队列、硬件要求";
        HIDDEN_COSTS = "Hidden costs", "隐性成本";
        REQUIREMENTS = "Requirements and providers", "硬件要求与云厂商";
        QUEUE = "A queue of jobs: start and stop, or keep up", "作业队列：按需启停还是整月常驻";
        WEEKEND_IDLE = "Left running over a weekend", "周末忘记关机";
        QUICK_STARTS = "Quick starts", "快速开始";
        LOADING_FORM = "Loading the form…", "正在加载表单…";
        CHECK_INPUT = "Check this input", "请检查输入";
        NO_CANDIDATE = "No offer meets every constraint", "没有满足所有条件的实例";
        NO_CANDIDATE_HELP = "Open “Excluded” below to see why each offer was left out, then relax the deadline, budget or filters.",
            "展开下方“已排除”查看每个实例被排除的原因，然后放宽截止时间、预算或筛选条件。";
        NO_FIT_HELP = "Nothing holds this job in GPU memory as it stands. Any of these would fit, under every constraint you set:",
            "按当前设置，没有实例的显存放得下这个作业。以下任一改动即可放下，且满足你设置的所有条件：";
        RECOMMENDED = "Recommended", "推荐";
        TOTAL_COST = "Total cost", "总成本";
        TIME = "Time", "时间";
        MEMORY_PER_GPU = "Memory per GPU", "每 GPU 显存";
        COST_PER_MONTH = "Cost per month", "每月成本";
        PER_MILLION_TOKENS = "Per million tokens", "每百万词元";
        TIME_PER_TOKEN = "Time per output token", "每个输出词元耗时";
        FIRST_TOKEN = "Time to first token", "首词元时间";
        TOKENS_PER_REPLICA = "Tokens/s per replica", "每副本每秒词元";
        PER_MILLION_REQUESTS = "Per million inferences", "每百万次推理";
        TIME_PER_REQUEST = "Latency per request", "每个请求延迟";
        REQUESTS_PER_REPLICA = "Inferences/s per replica", "每副本每秒推理次数";
        LATENCY = "Latency", "延迟";
        CHART_SCATTER_SERVING = "Cost per month against time per output token; the Pareto front is highlighted", "每月成本与每个输出词元耗时；高亮为帕累托前沿";
        CHART_SCATTER_INFERENCE = "Cost per month against latency per request; the Pareto front is highlighted", "每月成本与每个请求延迟；高亮为帕累托前沿";
        OF = "of", "共";
        PITFALLS = "Watch out", "注意";
        RANKING = "All candidates, ranked", "全部候选，已排序";
        FILTERS = "Filters", "筛选";
        ALL = "All", "全部";
        PROVIDER = "Provider", "云厂商";
        REGION = "Region", "区域";
        GPU = "GPU", "GPU";
        GPUS = "GPUs", "GPU 数";
        BILLING = "Billing", "计费";
        INSTANCE = "Instance", "实例";
        RANK = "Rank", "排名";
        PER_HOUR = "Per hour", "每小时";
        SHOW_ALL = "Show all", "显示全部";
        EXCLUDED = "Excluded", "已排除";
        SOURCE = "Source", "来源";
        YOUR_PRICE = "your price", "你填写的价格";
        PRICE_SOURCE = "price source", "价格来源";
        AS_OF = "as of", "价格日期";
        STALE = "price over {days} days old", "价格超过 {days} 天";
        DATE_UNKNOWN = "date unknown", "日期未知";
        UNDATED = "source undated: check the price", "来源无日期，请核对价格";
        BREAK_EVEN = "Break-even against on-demand", "与按量付费的盈亏平衡点";
        UTILISATION = "utilisation of the term", "期限内利用率";
        CHECKPOINT_EVERY = "Checkpoint every", "检查点间隔";
        EXPECTED_TIME = "expected time", "预期时间";
        INTERRUPTIONS = "interruptions", "中断次数";
        DEADLINE_RISK = "At the slow end of the range this misses the deadline.", "在估算区间的慢端会错过截止时间。";
        CHARTS = "Charts", "图表";
        CHART_SCATTER = "Cost against time; the Pareto front is highlighted", "成本与时间；高亮为帕累托前沿";
        CHART_BILLING = "Cost by billing mode as the job gets longer", "不同计费方式随作业时长的成本";
        CHART_FLEET = "Instances running through the day", "一天中运行的实例数";
        PARETO = "Pareto front", "帕累托前沿";
        JOB_LENGTH = "Job length", "作业时长";
        COMPUTE_COST = "Compute cost", "计算成本";
        HOUR_OF_DAY = "Hour of day", "一天中的小时";
        INSTANCES = "Instances", "实例数";
        EXPORT = "Export", "导出";
        DOWNLOAD_CSV = "Download ranking (CSV)", "下载排名（CSV）";
        PRINT = "Print", "打印";
        // Saved scenarios, share links and the compare page.
        COMPARE = "Compare", "对比";
        SAVED_SCENARIOS = "Saved scenarios", "已保存的方案";
        SCENARIO_NAME = "Scenario name", "方案名称";
        NAME_LIMIT = "A name holds at most 200 characters; the rest was left out.", "名称最多 200 个字符，其余部分已略去。";
        SAVE_SCENARIO = "Save scenario", "保存方案";
        SAVED_DONE = "Saved in this browser.", "已保存在此浏览器中。";
        SAVED_IN_PAGE = "Saved on this page only: the browser refused to store it.", "仅保存在当前页面：浏览器拒绝了存储。";
        SCENARIO = "Scenario", "方案";
        UNNAMED = "(no name)", "（未命名）";
        COPY_SUFFIX = " (copy)", "（副本）";
        NOTHING_SAVED = "Nothing saved yet. Saved scenarios stay in this browser.", "还没有保存的方案。方案只保存在此浏览器中。";
        OPEN = "Open", "打开";
        RENAME = "Rename", "重命名";
        NEW_NAME = "New name", "新名称";
        DUPLICATE = "Duplicate", "复制一份";
        DELETE = "Delete", "删除";
        DELETE_ASK = "Delete this scenario?", "删除这个方案？";
        OK = "OK", "确定";
        CANCEL = "Cancel", "取消";
        COMPARE_PICK = "Compare", "对比";
        COMPARE_HINT = "Tick two to four scenarios to compare them side by side.", "勾选 2 到 4 个方案即可并排对比。";
        COMPARE_SELECTED = "Compare selected", "对比所选方案";
        EXPORT_ALL = "Export all (JSON)", "全部导出（JSON）";
        IMPORT = "Import file", "导入文件";
        IMPORT_NOTHING = "The file holds no scenarios.", "该文件中没有方案。";
        COPY_LINK = "Copy share link", "复制分享链接";
        SHARE_LINK = "Share link", "分享链接";
        LINK_COPIED = "Link copied. It holds every input; opening it recomputes the same answer.", "链接已复制。它包含全部输入，打开后会得到相同的结果。";
        LINK_MANUAL = "Copy this link by hand (the browser did not allow copying):", "浏览器不允许自动复制，请手动复制此链接：";
        LINK_NOTICE = "Some parts of the link you opened could not be used; those inputs keep their defaults:", "你打开的链接中有部分内容无法使用，这些输入保留默认值：";
        KEPT_ASIDE = "Some saved data could not be read. It was kept aside unchanged: not shown, and not deleted.", "部分已保存的数据无法读取，已原样保留在一旁：不会显示，也不会删除。";
        STORAGE_REFUSED = "This browser refused to store your changes (storage full or turned off). Nothing is lost while this page stays open: export your scenarios or copy the link to keep them.", "浏览器拒绝保存你的更改（存储空间已满或被禁用）。页面不关闭就不会丢失：请导出方案或复制链接以便保留。";
        STORAGE_BLOCKED = "This browser does not let the page store anything (storage is blocked), so nothing will be kept once you close it. Everything works meanwhile: copy the share link or export your scenarios to keep them.", "此浏览器不允许页面保存任何内容（存储已被禁用），关闭页面后不会保留任何内容。在此期间一切照常可用：请复制分享链接或导出方案以便保留。";
        FILE_TOO_LARGE = "This file is over 5 MB, more than the browser can keep for this page; nothing was imported.", "文件超过 5 MB，超出浏览器能为本页面保存的容量；未导入任何内容。";
        DISMISS = "Dismiss", "关闭提示";
        COMPARE_TITLE = "Saved scenarios side by side", "已保存方案并排对比";
        COMPARE_EMPTY = "Tick two to four saved scenarios under “Saved scenarios” on the Calculator page to compare them here.", "在计算器页面的“已保存的方案”中勾选 2 到 4 个方案，即可在此对比。";
        TO_CALCULATOR = "Go to the calculator", "前往计算器";
        NAME = "Name", "名称";
        CUSTOM_MODEL = "Custom architecture", "自定义结构";
        BILLION_PARAMS = "billion parameters", "十亿参数";
        WL_TRAIN = "Pre-training or full fine-tuning", "预训练或全参微调";
        WL_LORA = "LoRA / QLoRA fine-tuning", "LoRA / QLoRA 微调";
        WL_SERVE = "LLM serving", "大模型推理服务";
        WL_CLASSIC = "Classic deep learning", "传统深度学习";
        WL_INFER = "Vision / recommender / BERT serving", "视觉 / 推荐 / BERT 推理服务";
        WL_SCIENCE = "Scientific computing (FP64)", "科学计算（FP64）";
        WL_RENDER = "Rendering / video", "渲染 / 视频";
        WL_DEV = "Dev / test box", "开发测试机";
    }
}

/// Formats `value` with `decimals` decimals and thousands separators (both locales use `,`).
/// `text` with `{days}` replaced by the engine's age limit for prices, so the words say the
/// limit the flag is raised by, wherever that is set.
pub fn stale_limit(text: Text, lang: Lang) -> String {
    text.get(lang).replace(
        "{days}",
        &gpu_sizer_engine::catalog::STALE_AFTER_DAYS.to_string(),
    )
}

pub fn number(value: f64, decimals: usize) -> String {
    if !value.is_finite() {
        return "—".into();
    }
    let text = float_text::fixed(value.abs(), decimals);
    let (int, frac) = text
        .split_once('.')
        .map_or((text.as_str(), ""), |(i, f)| (i, f));
    let negative = value < 0.0 && text.bytes().any(|b| b.is_ascii_digit() && b != b'0');
    let mut grouped = String::with_capacity(text.len() + int.len() / 3 + 1);
    if negative {
        grouped.push('-');
    }
    for (i, c) in int.chars().enumerate() {
        if i > 0 && (int.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(c);
    }
    if !frac.is_empty() {
        grouped.push('.');
        grouped.push_str(frac);
    }
    grouped
}

/// How many rows a list shows of how many: "20 shown of 338" / "显示 20 条，共 338 条".
pub fn shown_of(shown: usize, total: usize, lang: Lang) -> String {
    let (shown, total) = (number(shown as f64, 0), number(total as f64, 0));
    match lang {
        Lang::En => format!("{shown} shown of {total}"),
        Lang::Zh => format!("显示 {shown} 条，共 {total} 条"),
    }
}

/// A money amount with its symbol; whole units above 1000, cents below.
pub fn money(value: f64, symbol: &str) -> String {
    let decimals = if value.abs() >= 1000.0 { 0 } else { 2 };
    let mut text = String::from(symbol);
    text.push_str(&number(value, decimals));
    text
}

/// A duration in hours, shown in days when long: "5.3 h" / "5.3 小时", "12.5 days" / "12.5 天".
pub fn duration(hours: f64, lang: Lang) -> String {
    if hours >= 72.0 {
        let days = hours / 24.0;
        match lang {
            Lang::En => format!("{} days", number(days, 1)),
            Lang::Zh => format!("{} 天", number(days, 1)),
        }
    } else {
        let decimals = if hours < 10.0 { 2 } else { 1 };
        format!("{} {}", number(hours, decimals), t::HOURS.get(lang))
    }
}

/// An ISO `YYYY-MM-DD` date in the reader's convention: "29 Nov 2026" / "2026年11月29日".
pub fn date(iso: &str, lang: Lang) -> String {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let parts: Vec<&str> = iso.split('-').collect();
    let parsed = match parts.as_slice() {
        [y, m, d] => match (y.parse::<u32>(), m.parse::<usize>(), d.parse::<u32>()) {
            (Ok(y), Ok(m), Ok(d)) if (1..=12).contains(&m) => Some((y, m, d)),
            _ => None,
        },
        _ => None,
    };
    match (parsed, lang) {
        (Some((y, m, d)), Lang::En) => format!("{d} {} {y}", MONTHS[m - 1]),
        (Some((y, m, d)), Lang::Zh) => format!("{y}年{m}月{d}日"),
        (None, _) => iso.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_string_has_both_languages() {
        for (name, text) in t::EVERY {
            assert!(!text.en.trim().is_empty(), "{name} has no English");
            assert!(!text.zh.trim().is_empty(), "{name} has no Chinese");
        }
        for text in crate::page::quick_start_texts() {
            assert!(
                !text.en.trim().is_empty() && !text.zh.trim().is_empty(),
                "{text:?}"
            );
        }
    }

    #[test]
    fn the_old_price_flag_says_the_engine_limit() {
        let limit = gpu_sizer_engine::catalog::STALE_AFTER_DAYS.to_string();
        for lang in Lang::ALL {
            let text = stale_limit(t::STALE, lang);
            assert!(text.contains(&limit) && !text.contains('{'), "{text}");
        }
    }

    #[test]
    fn formats_numbers_money_durations_and_dates() {
        assert_eq!(number(1234567.891, 2), "1,234,567.89");
        assert_eq!(number(-999.4, 0), "-999");
        assert_eq!(number(-0.001, 1), "0.0");
        assert_eq!(money(15811.2, "$"), "$15,811");
        assert_eq!(money(4.5, "¥"), "¥4.50");
        assert_eq!(duration(5.25, Lang::En), "5.25 h");
        assert_eq!(duration(300.0, Lang::Zh), "12.5 天");
        assert_eq!(date("2026-11-29", Lang::En), "29 Nov 2026");
        assert_eq!(date("2026-11-29", Lang::Zh), "2026年11月29日");
        assert_eq!(date("garbage", Lang::Zh), "garbage");
        assert_eq!(shown_of(20, 1451, Lang::En), "20 shown of 1,451");
        assert_eq!(shown_of(0, 0, Lang::Zh), "显示 0 条，共 0 条");
    }
}
