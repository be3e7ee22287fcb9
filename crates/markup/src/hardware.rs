//! Words of the pinned hardware: the form's hardware group, and what fits on the GPUs a person
//! has or picks (the inverse searches of the engine), in both languages.

use crate::html::Html;
use crate::i18n::{self, Lang, Text};
use gpu_sizer_engine::explain::Term;

macro_rules! words {
    ($($name:ident = $en:literal, $zh:literal;)*) => {
        $(pub const $name: Text = Text { en: $en, zh: $zh };)*
        /// Every string, for the completeness test.
        pub const EVERY: &[Text] = &[$($name),*];
    };
}

words! {
    HARDWARE = "Hardware", "硬件";
    ANY_GPU = "Any GPU", "任意 GPU";
    ANY_OFFER = "Any offer of this GPU", "该 GPU 的任意报价";
    WHAT_FITS = "What fits on these GPUs", "这些 GPU 上能装下什么";
    FITS_MICRO_BATCH = "Largest micro-batch", "最大微批";
    FITS_SEQ_LEN = "Longest sequence", "最长序列";
    FITS_CONTEXT = "Longest context per sequence", "每条序列最长上下文";
    FITS_CONCURRENCY = "Most sequences at once", "最多同时处理的序列";
    FITS_DEADLINE_GPUS = "Fewest GPUs that meet the deadline", "满足截止时间的最少 GPU 数";
    FASTEST_GPUS = "No count meets the deadline; the fastest", "没有数量能满足截止时间；最快的是";
    SEQUENCES = "sequences", "条序列";
    SAMPLES = "samples", "个样本";
    TOKENS = "tokens", "词元";
    GPUS = "GPUs", "个 GPU";
    HEAD_TO_HEAD = "Head to head", "硬件对比";
    VERSUS_INTRO = "The same job on each GPU or offer, as if it were the only one allowed: pick two to four.",
        "同一个作业分别放在每种 GPU 或实例上，如同只允许用它：选择两到四个。";
    VERSUS_ADD = "Add a GPU", "添加 GPU";
    VERSUS_REMOVE = "Remove", "移除";
    VERSUS_ADD_OFFER = "Or add a specific offer", "或添加某个具体实例";
    VERSUS_OFFER_GPU = "Offers of GPU", "GPU 型号";
    VERSUS_OFFER = "Offer", "实例";
    VERSUS_TOO_FEW = "Pick at least two GPUs or offers to compare.", "请至少选择两个 GPU 或实例进行对比。";
    HARDWARE_ROW = "Hardware", "硬件";
    HEADROOM = "Memory per GPU (free)", "每 GPU 显存（余量）";
    COST_PER_M_TOKENS = "Cost per million tokens", "每百万词元成本";
    LIMITED_BY = "Limited by", "瓶颈";
    LIMIT_COMPUTE = "compute", "算力";
    LIMIT_MEMORY = "memory bandwidth", "显存带宽";
    LIMIT_INTERCONNECT = "interconnect", "互联";
    LIMIT_STORAGE = "storage", "存储";
    NOTHING_FITS = "Nothing fits", "放不下";
    UNKNOWN_ID = "Not in the catalog", "目录中没有";
    CHART_COST = "Expected cost, with its low–high band", "预期成本及其高低区间";
    PROJECT = "Project plan", "项目计划";
    PROJECT_INTRO = "Phases of a project, each on its own best instance and billing mode: add the calculator's scenario as a phase, say how many months it lasts and how often its job runs.",
        "项目分阶段进行，每个阶段用各自最合适的实例和计费方式：把计算器中的方案加为一个阶段，并填写持续月数和作业运行次数。";
    ADD_PHASE = "Add the current scenario as a phase", "把当前方案加为一个阶段";
    PHASE = "Phase", "阶段";
    PHASE_NAME = "Phase name", "阶段名称";
    MONTHS = "Months", "月数";
    RUNS = "Runs of its job", "作业运行次数";
    PICK = "Instance and billing", "实例与计费";
    PHASE_TOTAL = "Phase total", "阶段总计";
    PER_MONTH = "Per month", "每月";
    ON_LARGEST = "On the largest instance", "全用最大实例";
    PROJECT_TOTAL = "Project total", "项目总计";
    SAVING = "Saving against every phase on the largest instance", "相比全部阶段用最大实例节省";
    NO_SINGLE = "No single instance can run every phase.", "没有一个实例能运行所有阶段。";
    NO_PHASES = "No phase yet.", "还没有阶段。";
    EXPORT_PLAN = "Export plan (JSON)", "导出计划（JSON）";
    IMPORT_PLAN = "Import plan", "导入计划";
    REMOVE_PHASE = "Remove", "删除";
    SAVE_PLAN = "Save plan in this browser", "在此浏览器中保存计划";
    PLAN_SAVED = "Plan saved in this browser: it opens here next time.", "计划已保存在此浏览器中，下次打开时会自动载入。";
    PLAN_NOT_SAVED = "The browser refused to store the plan; export it as a file to keep it.", "浏览器拒绝保存该计划；请导出为文件保存。";
    COPY_PLAN_LINK = "Copy plan link", "复制计划链接";
    PLAN_LINK = "Plan link", "计划链接";
    PLAN_KEPT_ASIDE = "The plan saved in this browser could not be read. It was kept aside unchanged.", "此浏览器中保存的计划无法读取，已原样保留在一旁。";
}

/// The name of a term of `plan::what_fits`.
pub fn fits_name(key: &str) -> Text {
    match key {
        "fits_micro_batch" => FITS_MICRO_BATCH,
        "fits_seq_len" => FITS_SEQ_LEN,
        "fits_context" => FITS_CONTEXT,
        "fits_concurrency" => FITS_CONCURRENCY,
        "fits_deadline_gpus" => FITS_DEADLINE_GPUS,
        "fastest_gpus" => FASTEST_GPUS,
        _ => Text::NONE,
    }
}

/// A whole count with its unit, in the reader's language.
pub fn fits_value(term: &Term, lang: Lang) -> String {
    let unit = match term.unit {
        "sequences" => SEQUENCES,
        "samples" => SAMPLES,
        "tokens" => TOKENS,
        "GPUs" => GPUS,
        _ => Text::NONE,
    };
    let n = i18n::number(term.value, 0);
    match lang {
        Lang::Zh => format!("{n} {}", unit.zh),
        Lang::En => format!("{n} {}", unit.en),
    }
}

/// The terms of `plan::what_fits` as a list opening to their formulas, shown beside the memory
/// bar of the candidate's detail.
pub fn what_fits(h: &mut Html, terms: &[Term], lang: Lang) {
    if terms.is_empty() {
        return;
    }
    h.raw(r#"<div class="what-fits" data-testid="what-fits"><h4>"#)
        .text(WHAT_FITS.get(lang))
        .raw(r#"</h4><ul class="terms">"#);
    for term in terms {
        h.raw(r#"<li data-testid="fits-item""#)
            .attr("data-key", term.key)
            .attr("data-value", &format!("{}", term.value))
            .raw(r#"><details><summary><span class="term-key">"#)
            .text(fits_name(term.key).get(lang))
            .raw(r#"</span><span class="num">"#)
            .text(&fits_value(term, lang))
            .raw(r#"</span></summary><p class="formula">"#)
            .text(&term.formula)
            .raw("</p></details></li>");
    }
    h.raw("</ul></div>");
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_term_of_what_fits_is_named() {
        for key in [
            "fits_micro_batch",
            "fits_seq_len",
            "fits_context",
            "fits_concurrency",
            "fits_deadline_gpus",
            "fastest_gpus",
        ] {
            assert!(!super::fits_name(key).en.is_empty(), "{key}");
        }
    }

    #[test]
    fn every_word_has_both_languages() {
        for t in super::EVERY {
            assert!(!t.en.trim().is_empty() && !t.zh.trim().is_empty(), "{t:?}");
        }
    }
}
