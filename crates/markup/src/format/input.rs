//! Inputs in the reader's words: a field by its label on the page, and what is wrong with a
//! value, from the engine's [`InputProblem`] or the field table (never the developer's message,
//! in Chinese).

use crate::i18n::{t, Lang, Text};
use gpu_sizer_engine::scenario::{InputError, InputProblem};
use gpu_sizer_formats::decimal::typed_text;
use gpu_sizer_formats::fields::{self, Input};

/// The field named `name` (as the form or the scenario file spells it) as the page labels it;
/// a name the page has no label for, in words, without its underscores.
pub fn field_name(name: &str, lang: Lang) -> String {
    let short = name.rsplit('.').next().unwrap_or(name);
    let label = fields::about(name)
        .or_else(|| fields::about(short))
        .map(|a| a.label)
        .filter(|l| !l.en.is_empty());
    let known = match short {
        "workload" => Some(t::WORKLOAD),
        "model" | "preset" => Some(t::MODEL),
        _ => UNLABELLED
            .iter()
            .find(|(n, _)| *n == short)
            .map(|(_, text)| *text)
            .or_else(|| name.starts_with("model.").then_some(t::CUSTOM_MODEL)),
    };
    match label.or(known) {
        Some(text) => text.get(lang).to_string(),
        None => short.replace('_', " "),
    }
}

/// Names of fields the page shows under a heading or sets with a control of its own.
const UNLABELLED: &[(&str, Text)] = &[
    ("name", tx("Scenario name", "方案名称")),
    ("model_source", tx("Model source", "模型来源")),
    ("gated_mlp", tx("Gated MLP", "门控 MLP")),
    (
        "tied_embeddings",
        tx("Tied embeddings", "输入输出共享词嵌入"),
    ),
    ("experts", tx("Experts per layer", "每层专家数")),
    (
        "active_experts",
        tx("Experts per token", "每个词元激活的专家数"),
    ),
    ("shared_experts", tx("Shared experts", "共享专家数")),
    ("expert_ffn", tx("Expert MLP width", "专家 MLP 宽度")),
    (
        "custom_params_b",
        tx("Published parameter count", "公布的参数量"),
    ),
    (
        "virtual_pipeline",
        tx(
            "Model chunks per pipeline stage",
            "每个流水线阶段的模型分块数",
        ),
    ),
    ("lora_targets", tx("LoRA target modules", "LoRA 目标模块")),
    ("targets", tx("LoRA target modules", "LoRA 目标模块")),
    (
        "optimizer_in_backward",
        tx("Optimizer step in the backward pass", "反向传播中更新参数"),
    ),
    ("loss", tx("Loss computation", "损失计算方式")),
    (
        "stream_gib",
        tx("Buffers per video stream", "每路视频的缓冲"),
    ),
    ("gpu", tx("GPU", "GPU")),
    ("gpus", tx("Number of GPUs", "GPU 数量")),
    ("offer", tx("Offer", "实例")),
    ("regions", tx("Regions", "地域")),
    ("currency", tx("Currency", "货币")),
    ("modes", tx("Billing modes", "计费方式")),
    ("providers", tx("Providers", "云厂商")),
    ("json", tx("Scenario file", "方案文件")),
];

const fn tx(en: &'static str, zh: &'static str) -> Text {
    Text { en, zh }
}

/// A number range in words: "between 1 and 1,000,000" / "1 到 1,000,000 之间".
fn range(min: f64, max: f64, whole: bool, lang: Lang) -> String {
    let (lo, hi) = (typed_text(min), typed_text(max));
    match (lang, max.is_finite(), whole) {
        (Lang::En, true, true) => format!("a whole number between {lo} and {hi}"),
        (Lang::En, true, false) => format!("a number between {lo} and {hi}"),
        (Lang::En, false, _) => format!("a number of at least {lo}"),
        (Lang::Zh, true, true) => format!("{lo} 到 {hi} 之间的整数"),
        (Lang::Zh, true, false) => format!("{lo} 到 {hi} 之间的数字"),
        (Lang::Zh, false, _) => format!("不小于 {lo} 的数字"),
    }
}

/// What the field named `name` takes, from the field table: its range or its options; none for
/// a field the table does not describe by its values.
pub fn field_takes(name: &str, lang: Lang) -> Option<String> {
    match &fields::about(name)?.input {
        Input::Number(n) => Some(range(n.min, n.max, false, lang)),
        Input::Choice(c) => {
            let options: Vec<&str> = c.options.iter().map(|(_, text)| text.get(lang)).collect();
            Some(match lang {
                Lang::En => format!("one of: {}", options.join(", ")),
                Lang::Zh => format!("以下之一：{}", options.join("、")),
            })
        }
        Input::Several(options) => {
            let options: Vec<&str> = options.iter().map(|(_, text)| text.get(lang)).collect();
            Some(match lang {
                Lang::En => format!("any of: {}", options.join(", ")),
                Lang::Zh => format!("以下任意项：{}", options.join("、")),
            })
        }
        Input::Flag(_) => Some(match lang {
            Lang::En => "yes or no (1 or 0)".into(),
            Lang::Zh => "是或否（1 或 0）".into(),
        }),
        Input::Other => None,
    }
}

/// An input the engine cannot work with, naming the field as the page labels it.
pub fn input_error(e: &InputError, lang: Lang) -> String {
    let field = field_name(&e.field, lang);
    let what = match (e.why, lang) {
        (InputProblem::Range { min, max, whole }, Lang::En) => {
            format!("must be {}", range(min, max, whole, lang))
        }
        (InputProblem::Range { min, max, whole }, Lang::Zh) => {
            format!("应为{}", range(min, max, whole, lang))
        }
        (InputProblem::ContextTooShort { prompt, output }, Lang::En) => format!(
            "must hold the prompt and the output together ({} + {} tokens)",
            typed_text(prompt.into()),
            typed_text(output.into())
        ),
        (InputProblem::ContextTooShort { prompt, output }, Lang::Zh) => format!(
            "必须能容纳提示词与输出之和（{} + {} 个词元）",
            typed_text(prompt.into()),
            typed_text(output.into())
        ),
        (InputProblem::NeedsArchitecture, Lang::En) => {
            "this workload needs the model's architecture: pick a preset that has one, or describe it under “Architecture”".into()
        }
        (InputProblem::NeedsArchitecture, Lang::Zh) => {
            "该作业类型需要模型结构：请选择带结构的预设模型，或在“自定义结构”中填写".into()
        }
        (InputProblem::Other, Lang::En) => e.message.clone(),
        (InputProblem::Other, Lang::Zh) => match field_takes(&e.field, lang) {
            Some(takes) => format!("取值无法使用，应为{takes}，并与其他输入相符"),
            None => "取值无法使用，请检查它与其他输入是否相符".into(),
        },
    };
    match lang {
        Lang::En => format!("{field}: {what}"),
        Lang::Zh => format!("{field}：{what}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Chinese without an English word or an identifier: letters only in units and names kept
    /// as they are (GPU, LoRA…), no underscores.
    fn clean_chinese(text: &str) -> bool {
        let english_words = text
            .split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| w.len() > 3 && !["LoRA", "QLoRA", "NVLink", "CUDA"].contains(w))
            .count();
        english_words == 0 && !text.contains('_')
    }

    #[test]
    fn errors_name_the_field_by_its_label_and_say_what_is_wrong() {
        let context = InputError::new("context_tokens", "must hold prompt + output tokens")
            .because(InputProblem::ContextTooShort {
                prompt: 4000,
                output: 1000,
            });
        let range = InputError::new("dev_hours", "must be a number between 0 and 1000000").because(
            InputProblem::Range {
                min: 0.0,
                max: 1e6,
                whole: false,
            },
        );
        let other = InputError::new("lora_targets", "choose at least one module");
        let arch = InputError::new("model", "LoRA needs a transformer")
            .because(InputProblem::NeedsArchitecture);
        for e in [&context, &range, &other, &arch] {
            let zh = input_error(e, Lang::Zh);
            assert!(clean_chinese(&zh), "{zh}");
            let en = input_error(e, Lang::En);
            assert!(!en.contains('_'), "{en}");
        }
        assert!(input_error(&range, Lang::En).contains("between 0 and 1,000,000"));
        assert!(input_error(&context, Lang::Zh).contains("4,000 + 1,000"));
        assert_eq!(
            field_name("workload.context_tokens", Lang::En),
            field_name("context_tokens", Lang::En)
        );
        assert_eq!(field_name("some_new_thing", Lang::En), "some new thing");
    }
}
