//! The page around the answer, as markup: its tabs, the quick starts and the frame the first
//! answer is painted in before the app has loaded (by the first-answer module, or at build time
//! into index.html for a first visit).

use crate::html::Html;
use crate::i18n::{t, Lang, Text};
use gpu_sizer_formats::form::CurrencyKey;
use gpu_sizer_formats::quickstart::QuickStart;
use gpu_sizer_formats::Form;

/// The class of a painted first answer: the app removes every element that has it once it has
/// mounted.
pub const FIRST_ANSWER_CLASS: &str = "first-answer";

/// Which page is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum View {
    #[default]
    Calculator,
    Compare,
    Catalog,
    Guide,
}

impl View {
    /// Every page, in the order of the tabs.
    pub const ALL: [View; 4] = [View::Calculator, View::Compare, View::Catalog, View::Guide];

    /// The page's name on its tab.
    pub fn label(self) -> Text {
        match self {
            View::Calculator => t::CALCULATOR,
            View::Compare => t::COMPARE,
            View::Catalog => t::CATALOG,
            View::Guide => t::GUIDE,
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            View::Calculator => "calculator",
            View::Compare => "compare",
            View::Catalog => "catalog",
            View::Guide => "guide",
        }
    }

    pub fn from_key(key: &str) -> View {
        match key {
            "compare" => View::Compare,
            "catalog" => View::Catalog,
            "guide" => View::Guide,
            _ => View::Calculator,
        }
    }
}

/// The form a visitor starts from without a link or a draft: in yuan for a Chinese reader.
pub fn starting_form(chinese: bool) -> Form {
    let mut form = Form::default();
    if chinese {
        form.currency = CurrencyKey::Cny;
    }
    form
}

const fn tx(en: &'static str, zh: &'static str) -> Text {
    Text { en, zh }
}

/// A card's title and what it fills in.
pub fn quick_start(q: QuickStart) -> (Text, Text) {
    match q {
        QuickStart::LoraSevenB => (
            tx("Fine-tune a 7B model with LoRA", "用 LoRA 微调 7B 模型"),
            tx("Mistral 7B, 50 M tokens", "Mistral 7B，5000 万词元"),
        ),
        QuickStart::ServeChat => (
            tx("Serve a chat model", "部署聊天模型服务"),
            tx(
                "Llama 3.1 8B, 2 req/s, 3× peak",
                "Llama 3.1 8B，2 次/秒，3 倍峰值",
            ),
        ),
        QuickStart::Pretrain => (
            tx("Pre-train a model", "预训练模型"),
            tx("1B model on 20 B tokens", "1B 模型，200 亿词元"),
        ),
        QuickStart::Render => (
            tx("Render frames", "渲染帧"),
            tx(
                "2 400 frames at 90 s each on an L4",
                "2400 帧，L4 上每帧 90 秒",
            ),
        ),
        QuickStart::DevBox => (
            tx("A dev / test box", "开发测试机"),
            tx(
                "40 h of work, 24 GiB, a weekend idle",
                "使用 40 小时，24 GiB，周末空闲",
            ),
        ),
    }
}

/// Every quick-start text, for the translation test.
pub fn quick_start_texts() -> Vec<Text> {
    QuickStart::ALL
        .iter()
        .flat_map(|q| {
            let (a, b) = quick_start(*q);
            [a, b]
        })
        .collect()
}

/// The page's frame as the app lays it out (header, tabs, quick starts, the form's column) with
/// `card` in the results column, so the answer does not move when the app takes over. Nothing here
/// reacts: it is replaced within moments.
///
/// A `prerendered` frame is one built into index.html, in each language; it is hidden until the
/// page's start-up script (`gate.js`) finds that it is the answer this visitor would get.
pub fn frame(card: &str, lang: Lang, prerendered: bool) -> String {
    let mut h = Html::new();
    h.raw(r#"<div"#).attr("class", FIRST_ANSWER_CLASS);
    if prerendered {
        h.attr("data-prerendered", lang.key())
            .attr("lang", lang.tag());
    }
    h.raw(r#" aria-busy="true"><header class="masthead"><div><h1>"#)
        .text(t::APP_NAME.get(lang))
        .raw(r#"</h1><p class="tagline">"#)
        .text(t::TAGLINE.get(lang))
        .raw(r#"</p></div></header><nav class="tabs">"#);
    for view in View::ALL {
        h.raw(r#"<button type="button" disabled"#)
            .attr(
                "aria-selected",
                if view == View::Calculator {
                    "true"
                } else {
                    "false"
                },
            )
            .raw(">")
            .text(view.label().get(lang))
            .raw("</button>");
    }
    h.raw(r#"</nav><main><section class="quick-starts">"#);
    for q in QuickStart::ALL {
        let (title, sub) = quick_start(q);
        h.raw(r#"<button type="button" class="card" disabled><strong>"#)
            .text(title.get(lang))
            .raw("</strong><span>")
            .text(sub.get(lang))
            .raw("</span></button>");
    }
    h.raw(r#"</section><div class="layout"><div class="panel form pending"><p class="muted">"#)
        .text(t::LOADING_FORM.get(lang))
        .raw(r#"</p></div><div class="results">"#)
        .raw(card)
        .raw("</div></div></main></div>");
    h.finish()
}
