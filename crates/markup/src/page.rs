//! The page around the answer, as markup: its tabs, the quick starts and the frame the first
//! answer is painted in before the app's form is built (by the app as soon as its code has
//! loaded, or at build time into index.html for a first visit).

use crate::html::Html;
use crate::i18n::{t, Lang, Text};
use crate::keys::VIEW_PARAM;
use gpu_sizer_formats::form::CurrencyKey;
use gpu_sizer_formats::link::{self, Ignored};
use gpu_sizer_formats::project::link as project_link;
use gpu_sizer_formats::quickstart::QuickStart;
use gpu_sizer_formats::shared_prices;
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
    Doctor,
    /// The same job on two to four GPUs or offers side by side.
    Versus,
    /// A project of phases, each on its own best instance.
    Plan,
}

impl View {
    /// Every page, in the order of the tabs.
    pub const ALL: [View; 7] = [
        View::Calculator,
        View::Versus,
        View::Plan,
        View::Compare,
        View::Catalog,
        View::Guide,
        View::Doctor,
    ];

    /// The page's name on its tab.
    pub fn label(self) -> Text {
        match self {
            View::Calculator => t::CALCULATOR,
            View::Compare => t::COMPARE,
            View::Catalog => t::CATALOG,
            View::Guide => t::GUIDE,
            View::Doctor => tx("Doctor", "利用率诊断"),
            View::Versus => crate::hardware::HEAD_TO_HEAD,
            View::Plan => crate::hardware::PROJECT,
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            View::Calculator => "calculator",
            View::Compare => "compare",
            View::Catalog => "catalog",
            View::Guide => "guide",
            View::Doctor => "doctor",
            View::Versus => "versus",
            View::Plan => "plan",
        }
    }

    pub fn from_key(key: &str) -> View {
        match key {
            "compare" => View::Compare,
            "catalog" => View::Catalog,
            "guide" => View::Guide,
            "doctor" => View::Doctor,
            "versus" => View::Versus,
            "plan" => View::Plan,
            _ => View::Calculator,
        }
    }
}

/// Light, dark, or whatever the system prefers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Theme {
    #[default]
    System,
    Light,
    Dark,
}

impl Theme {
    pub fn key(self) -> &'static str {
        match self {
            Theme::System => "system",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    pub fn from_key(key: &str) -> Option<Theme> {
        [Theme::System, Theme::Light, Theme::Dark]
            .into_iter()
            .find(|t| t.key() == key)
    }
}

/// What the page starts with.
#[derive(Debug, Clone, PartialEq)]
pub struct Start {
    pub form: Form,
    pub view: View,
    /// Parts of the opened link that were not used.
    pub ignored: Vec<Ignored>,
    /// The link's catalog edits (`ce=`), as written: read by the app, which asks before using
    /// them (`gpu_sizer_formats::shared_prices`).
    pub prices: Option<String>,
    /// The link's project plan (`pl=`), as written (`gpu_sizer_formats::project::link`).
    pub plan: Option<String>,
}

/// The form and page to start with, from the address's query (`search`) and the autosaved
/// `draft`: the link's, else the draft, else the starting form (in yuan for a Chinese reader).
pub fn start(search: &str, draft: Option<&str>, chinese: bool) -> Start {
    let page = split_page(search);
    let view = page.view.map_or(View::Calculator, View::from_key);
    let prices = page.prices.map(str::to_string);
    let plan = page.plan.map(str::to_string);
    if !page.query.is_empty() {
        let decoded = link::decode(&page.query);
        return Start {
            form: decoded.form,
            view,
            ignored: decoded.ignored,
            prices,
            plan,
        };
    }
    let form = draft
        .and_then(|raw| Form::from_json(raw).ok())
        .unwrap_or_else(|| starting_form(chinese));
    Start {
        form,
        view,
        ignored: Vec::new(),
        prices,
        plan,
    }
}

/// A link's query split into the scenario and the page's own parameters.
struct PageParams<'a> {
    /// The scenario's pairs, without `?`.
    query: String,
    view: Option<&'a str>,
    prices: Option<&'a str>,
    plan: Option<&'a str>,
}

/// The query of `search` without `?` and without the page's parameters (the first of each wins).
fn split_page(search: &str) -> PageParams<'_> {
    let mut out = PageParams {
        query: String::new(),
        view: None,
        prices: None,
        plan: None,
    };
    let mut parts = Vec::new();
    for part in search.trim_start_matches('?').split('&') {
        let (key, value) = part.split_once('=').unwrap_or((part, ""));
        let slot = match key {
            VIEW_PARAM => &mut out.view,
            shared_prices::PARAM => &mut out.prices,
            project_link::PARAM => &mut out.plan,
            _ => {
                if !part.is_empty() {
                    parts.push(part);
                }
                continue;
            }
        };
        slot.get_or_insert(value);
    }
    out.query = parts.join("&");
    out
}

/// The day (since 1970-01-01, UTC) of a clock reading in milliseconds since then: the day the
/// engine dates prices against (`Request::today`), the same in the page and in the build.
pub fn day_of(ms: f64) -> Option<i64> {
    ms.is_finite().then(|| (ms / 86_400_000.0).floor() as i64)
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
                "40 h of work on a 24 GB card, a weekend idle",
                "在 24 GB 显卡上使用 40 小时，周末空闲",
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
/// page's start-up script (`gate.js`) chooses its language, and its card (in a results column
/// marked `data-built-in`) until that script finds that it is the answer this visitor would get.
/// Otherwise the app paints the visitor's answer into that column.
pub fn frame(card: &Html, lang: Lang, prerendered: bool) -> String {
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
        .raw(r#"</p></div><div class="results""#)
        .raw(if prerendered { " data-built-in>" } else { ">" })
        .append(card)
        .raw("</div></div></main></div>");
    h.finish()
}

/// The footer's line: what the catalog holds and how recent its prices are. From the catalog's
/// summary (`gpu_sizer_engine::catalog::summary`), so the page shows it without reading the catalog.
pub fn catalog_line(lang: Lang) -> String {
    use gpu_sizer_engine::catalog::summary::{GPUS, NEWEST_READ_ON, OFFERS, PROVIDERS};
    let gpus = GPUS.len();
    let newest = crate::i18n::date(NEWEST_READ_ON, lang);
    match lang {
        Lang::En => format!(
            "Catalog: {gpus} GPUs, {OFFERS} offers from {PROVIDERS} providers; prices as published, read up to {newest}. Everything is computed in your browser."
        ),
        Lang::Zh => format!(
            "目录：{gpus} 种 GPU、{OFFERS} 个实例报价、{PROVIDERS} 家云厂商；价格按官方公布，最近读取于 {newest}。所有计算都在你的浏览器中完成。"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpu_sizer_formats::form::WorkloadKind;

    /// The line shows the summary's figures, which the engine's tests hold to the catalog.
    #[test]
    fn the_catalog_line_gives_the_summary_in_both_languages() {
        use gpu_sizer_engine::catalog::summary::{GPUS, NEWEST_READ_ON, OFFERS, PROVIDERS};
        for lang in [Lang::En, Lang::Zh] {
            let line = catalog_line(lang);
            for count in [GPUS.len(), OFFERS, PROVIDERS] {
                assert!(line.contains(&format!("{count} ")), "{line}");
            }
            assert!(!NEWEST_READ_ON.is_empty());
            assert!(
                line.contains(&crate::i18n::date(NEWEST_READ_ON, lang)),
                "{line}"
            );
        }
    }

    #[test]
    fn a_link_wins_then_the_draft_then_the_starting_form() {
        let draft = Form {
            workload: WorkloadKind::Render,
            ..Form::default()
        };
        let draft = serde_json::to_string(&draft).unwrap();
        let linked = start("?v=1&w=serve&view=compare", Some(&draft), false);
        assert_eq!(linked.form.workload, WorkloadKind::Serve);
        assert_eq!(linked.view, View::Compare);
        let drafted = start("", Some(&draft), true);
        assert_eq!(drafted.form.workload, WorkloadKind::Render);
        assert_eq!(drafted.view, View::Calculator);
        let fresh = start("?view=guide", None, true);
        assert_eq!(fresh.form, starting_form(true));
        assert_eq!(fresh.form.currency, CurrencyKey::Cny);
        assert_eq!(fresh.view, View::Guide);
        // The link's prices are handed on as written, apart from the scenario.
        let priced = start("?v=1&w=serve&ce=1.abc&ce=2.x&view=versus", None, false);
        assert_eq!(priced.prices.as_deref(), Some("1.abc"));
        assert_eq!((priced.view, priced.ignored.len()), (View::Versus, 0));
        assert_eq!(priced.form.workload, WorkloadKind::Serve);
        assert_eq!(fresh.prices, None);
        let planned = start("?view=plan&pl=1.xyz", None, false);
        assert_eq!(
            (planned.view, planned.plan.as_deref()),
            (View::Plan, Some("1.xyz"))
        );
        // A draft that cannot be read is not the visitor's: the starting form it is.
        assert_eq!(start("", Some("{oops"), false).form, starting_form(false));
    }
}
