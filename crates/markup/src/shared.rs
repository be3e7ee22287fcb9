//! The words of prices carried in a share link (`gpu_sizer_formats::shared_prices`): the sender's
//! choice and the too-long message, the receiver's notice and its choices.

use crate::i18n::{number, Lang, Text};
use gpu_sizer_formats::shared_prices::{Refused, Shared, MAX_LINK_CHARS};

pub const INCLUDE: Text = Text {
    en: "Include my prices in the link",
    zh: "在链接中附带我的价格",
};
pub const NOTHING_TO_INCLUDE: Text = Text {
    en: "(you have entered no prices or offers of your own)",
    zh: "（你尚未填写自己的价格或实例）",
};
pub const EXPORT: Text = Text {
    en: "Export my catalog file",
    zh: "导出我的目录文件",
};
pub const USE_FOR_VIEW: Text = Text {
    en: "Use them for this view",
    zh: "仅在本次查看中使用",
};
pub const KEEP: Text = Text {
    en: "Keep them in my catalog",
    zh: "保存到我的目录",
};
pub const IGNORE: Text = Text {
    en: "Ignore them",
    zh: "忽略",
};
pub const BACK_TO_MINE: Text = Text {
    en: "Back to my prices",
    zh: "改回我的价格",
};
pub const VIEWING: Text = Text {
    en: "The answers use the prices from the link you opened, for this view only: your own prices are kept as they were and come back when you choose, or when the page is reloaded. Changes made now are not kept.",
    zh: "当前结果使用你打开的链接中附带的价格，仅限本次查看：你自己的价格保持不变，可随时改回，重新加载页面后也会恢复。此时所做的修改不会保存。",
};
pub const KEPT: Text = Text {
    en: "The link's prices are now in your catalog; where you had a price for the same offer and billing mode, the link's replaced it.",
    zh: "链接中的价格已保存到你的目录；对同一实例和计费方式，你原有的价格已被链接中的价格替换。",
};

/// Every text constant, for the completeness test.
pub const ALL: [Text; 9] = [
    INCLUDE,
    NOTHING_TO_INCLUDE,
    EXPORT,
    USE_FOR_VIEW,
    KEEP,
    IGNORE,
    BACK_TO_MINE,
    VIEWING,
    KEPT,
];

/// Why the link was copied without the prices: its length with them, and what to send instead.
pub fn too_long(chars: usize, lang: Lang) -> String {
    let (n, max) = (number(chars as f64, 0), number(MAX_LINK_CHARS as f64, 0));
    match lang {
        Lang::En => format!(
            "With your prices the link would be {n} characters long, over the {max} a link can safely carry, so the link below leaves them out. Send your catalog file instead; it is opened with Import on the Catalog page."
        ),
        Lang::Zh => format!(
            "附带你的价格后链接长度为 {n} 个字符，超过链接可稳妥携带的 {max} 个字符，因此下方链接未附带价格。请改为发送你的目录文件，对方可在“目录”页用“导入”打开。"
        ),
    }
}

/// What the opened link carries, said before anything of it is used.
pub fn offered(shared: &Shared, lang: Lang) -> String {
    let (prices, offers) = (
        shared.edits.overrides.len(),
        shared.edits.custom_offers.len(),
    );
    let mut out = match lang {
        Lang::En => format!(
            "This link carries prices someone entered themselves: {prices} price{} and {offers} offer{} of their own. The answers below use your own prices until you choose.",
            plural(prices),
            plural(offers)
        ),
        Lang::Zh => format!(
            "此链接附带了他人自行填写的价格：{prices} 个价格、{offers} 个自定义实例。在你选择之前，下方结果使用你自己的价格。"
        ),
    };
    if shared.dropped > 0 {
        out.push(' ');
        out.push_str(&match lang {
            Lang::En => format!(
                "{} of its entries could not be used and {} left out.",
                shared.dropped,
                if shared.dropped == 1 { "was" } else { "were" }
            ),
            Lang::Zh => format!("其中 {} 项无法使用，已略去。", shared.dropped),
        });
    }
    out
}

/// Why the link's prices were not read.
pub fn refused(why: Refused, lang: Lang) -> String {
    let reason = match (why, lang) {
        (Refused::TooLong(n), Lang::En) => format!(
            "they are {} characters long, over the {} read",
            number(n as f64, 0),
            number(MAX_LINK_CHARS as f64, 0)
        ),
        (Refused::TooLong(n), Lang::Zh) => format!(
            "长度为 {} 个字符，超过可读取的 {} 个字符",
            number(n as f64, 0),
            number(MAX_LINK_CHARS as f64, 0)
        ),
        (Refused::UnknownVersion, Lang::En) => {
            "they were written by a newer version of the page".into()
        }
        (Refused::UnknownVersion, Lang::Zh) => "它们由更新版本的页面写入".into(),
        (Refused::Unreadable, Lang::En) => "the link was cut short or altered".into(),
        (Refused::Unreadable, Lang::Zh) => "链接被截断或改动过".into(),
    };
    match lang {
        Lang::En => format!("This link carries prices that could not be read ({reason}); the answers use your own prices."),
        Lang::Zh => format!("此链接附带的价格无法读取（{reason}）；结果使用你自己的价格。"),
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpu_sizer_formats::catalog_edits::CatalogEdits;
    use gpu_sizer_formats::form::ModeKey;

    #[test]
    fn every_text_has_both_languages_and_counts_read_right() {
        for text in ALL {
            assert!(!text.en.is_empty() && !text.zh.is_empty());
        }
        let mut edits = CatalogEdits::default();
        edits.set_override("x", ModeKey::OnDemand, Some(1.0));
        let shared = Shared { edits, dropped: 2 };
        let en = offered(&shared, Lang::En);
        assert!(en.contains("1 price and 0 offers"), "{en}");
        assert!(en.contains("2 of its entries"), "{en}");
        assert!(offered(&shared, Lang::Zh).contains("1 个价格"));
        assert!(too_long(9123, Lang::En).contains("9,123"));
        for why in [
            Refused::TooLong(9000),
            Refused::UnknownVersion,
            Refused::Unreadable,
        ] {
            assert!(refused(why, Lang::Zh).contains("无法读取"));
        }
    }
}
