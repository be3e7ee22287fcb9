//! Why a part of a share link was left out, one function per language.

use super::{field_name, field_takes};
use crate::i18n::Lang;
use gpu_sizer_formats::link::{Expected, Problem, Unreadable, VERSION};

/// Why a part of a link was left out, in the reader's language.
pub fn link_problem(p: &Problem, lang: Lang) -> String {
    match lang {
        Lang::En => en(p),
        Lang::Zh => zh(p),
    }
}

fn en(p: &Problem) -> String {
    let unreadable = |u: &Unreadable| match u {
        Unreadable::BadEscape { at } => format!("bad percent escape at character {at}"),
        Unreadable::NotUtf8 => "not valid UTF-8 once percent-decoded".into(),
    };
    match p {
        Problem::NoValue => "no value (a key=value pair was expected)".into(),
        Problem::UnreadableKey(u) => format!("unreadable key: {}", unreadable(u)),
        Problem::UnreadableValue(u) => format!("unreadable value: {}", unreadable(u)),
        Problem::UnknownKey => "unknown key".into(),
        Problem::Duplicate { field } => format!(
            "“{}” given twice: the first value is kept",
            field_name(field, Lang::En)
        ),
        Problem::NewerVersion { version } => format!(
            "link version {version} is newer than this page ({VERSION}); read as version {VERSION}, best effort"
        ),
        Problem::UnknownVersion => format!("unknown link version; read as version {VERSION}"),
        Problem::Invalid { field, expected } => format!(
            "{}: expected {}",
            field_name(field, Lang::En),
            match expected {
                Expected::Flag => "1 or 0 (true or false)",
                Expected::Whole => "a whole number ≥ 0",
                Expected::Number => "a number",
                Expected::Finite => "a finite number",
            }
        ),
        // The form's own words are serde's, for developers: the field table says what it takes.
        Problem::Rejected { field, .. } => rejected(field, Lang::En),
    }
}

fn zh(p: &Problem) -> String {
    let unreadable = |u: &Unreadable| match u {
        Unreadable::BadEscape { at } => format!("第 {at} 个字符处的百分号转义无效"),
        Unreadable::NotUtf8 => "解码后不是有效的 UTF-8".into(),
    };
    match p {
        Problem::NoValue => "缺少值（应为“键=值”）".into(),
        Problem::UnreadableKey(u) => format!("参数名无法解码：{}", unreadable(u)),
        Problem::UnreadableValue(u) => format!("取值无法解码：{}", unreadable(u)),
        Problem::UnknownKey => "未知参数".into(),
        Problem::Duplicate { field } => {
            format!("“{}”重复出现，保留第一个值", field_name(field, Lang::Zh))
        }
        Problem::NewerVersion { version } => {
            format!("链接版本 {version} 比本页面（{VERSION}）新；已尽量按版本 {VERSION} 读取")
        }
        Problem::UnknownVersion => format!("未知的链接版本；已按版本 {VERSION} 读取"),
        Problem::Invalid { field, expected } => format!(
            "{}：应为{}",
            field_name(field, Lang::Zh),
            match expected {
                Expected::Flag => " 1 或 0（是或否）",
                Expected::Whole => "不小于 0 的整数",
                Expected::Number => "数字",
                Expected::Finite => "有限的数字",
            }
        ),
        Problem::Rejected { field, .. } => rejected(field, Lang::Zh),
    }
}

/// A value the form rejected: the field by its label, and what it takes.
fn rejected(field: &str, lang: Lang) -> String {
    let name = field_name(field, lang);
    match (field_takes(field, lang), lang) {
        (Some(takes), Lang::En) => format!("{name}: not a value it takes; it takes {takes}"),
        (Some(takes), Lang::Zh) => format!("{name}：取值无法使用，应为{takes}"),
        (None, Lang::En) => format!("{name}: not a value it takes"),
        (None, Lang::Zh) => format!("{name}：取值无法使用"),
    }
}
