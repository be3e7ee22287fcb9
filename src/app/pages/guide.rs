//! The guide: what decides a GPU's speed and cost, the billing modes, how the estimates are made
//! (sections built at build time, `gpu_sizer_markup::guide`), and how close the estimates come to
//! published measurements (a table). Both are fetched when the guide opens (`fetched`).

use crate::app::fetched::{self, DataFile};
use crate::app::i18n::{self, Lang, Text};
use crate::app::prefs::use_prefs;
use gpu_sizer_engine::accuracy::{self, AccuracyRow};
use leptos::prelude::*;

const fn tx(en: &'static str, zh: &'static str) -> Text {
    Text { en, zh }
}

const ACCURACY: Text = tx(
    "Accuracy against published measurements",
    "与公开测量的对比",
);
const ACCURACY_HELP: Text = tx(
    "Each row runs the engine on a published configuration (the source is linked) and compares. The first table gives the median error of each class of hardware; rows that miss by more than 35% carry their reason in the test data.",
    "每一行都用引擎计算一个公开配置（附来源链接）并与实测对比。第一张表是每类硬件的误差中位数；误差超过 35% 的行在测试数据中写明了原因。",
);
const COLUMNS: [Text; 6] = [
    tx("Case", "案例"),
    tx("Class", "类别"),
    tx("What", "内容"),
    tx("Predicted", "预测"),
    tx("Published", "公开值"),
    tx("Error", "误差"),
];
const CLASS_COLUMNS: [Text; 3] = [
    tx("Class", "类别"),
    tx("Cases", "案例数"),
    tx("Median error", "误差中位数"),
];
const NOT_COMPARED: Text = tx("not compared", "不比较");
const LOADING: Text = tx("Loading…", "正在加载…");
const UNAVAILABLE: Text = tx(
    "This part of the guide could not be loaded; it is loaded again when the connection returns:",
    "指南的这一部分未能加载；网络恢复后会重新加载：",
);
const EMPTY: Text = tx(
    "The measurements arrived without a readable row.",
    "测量数据已加载，但没有可读的行。",
);

/// Every guide string, for the translation test.
pub fn all_texts() -> Vec<Text> {
    let mut out = vec![
        ACCURACY,
        ACCURACY_HELP,
        NOT_COMPARED,
        LOADING,
        UNAVAILABLE,
        EMPTY,
    ];
    out.extend(COLUMNS);
    out.extend(CLASS_COLUMNS);
    out
}

#[component]
pub fn Guide() -> impl IntoView {
    let lang = use_prefs().lang;
    // Both parts are fetched when the guide opens (see `fetched`) and kept while it stays open; a
    // part that could not be fetched is fetched again when the connection returns.
    let table = RwSignal::new(None);
    let load_table = move || {
        leptos::task::spawn_local(async move {
            let text = fetched::text(DataFile::Accuracy).await;
            table.try_set(Some(text));
        });
    };
    load_table();
    // The sections in the reader's language, built at build time (`gpu_sizer_markup::guide`),
    // fetched again when the language changes.
    let prose = RwSignal::new(None::<(Lang, Result<String, String>)>);
    let load_prose = move |want: Lang| {
        leptos::task::spawn_local(async move {
            let html = fetched::text(DataFile::Guide(want)).await;
            // A language chosen meanwhile has its own fetch under way.
            if lang.try_get_untracked() == Some(want) {
                prose.try_set(Some((want, html)));
            }
        });
    };
    Effect::new(move |_| {
        let want = lang.get();
        if !prose.with_untracked(|p| p.as_ref().is_some_and(|(had, _)| *had == want)) {
            load_prose(want);
        }
    });
    let online = window_event_listener_untyped("online", move |_| {
        if table.with_untracked(|t| matches!(t, Some(Err(_)))) {
            load_table();
        }
        if prose.with_untracked(|p| matches!(p, Some((_, Err(_))))) {
            load_prose(lang.get_untracked());
        }
    });
    on_cleanup(move || online.remove());
    let sections = move || {
        let lang = lang.get();
        prose.with(|prose| match prose {
            Some((_, Ok(html))) => {
                view! { <div class="guide-sections" inner_html=html.clone()></div> }.into_any()
            }
            // In a section's panel, as the sections would be.
            Some((_, Err(why))) => view! {
                <section class="panel guide-section">{not_here("guide", Some(why), lang)}</section>
            }
            .into_any(),
            None => view! {
                <section class="panel guide-section">{not_here("guide", None, lang)}</section>
            }
            .into_any(),
        })
    };
    let accuracy = move || {
        let lang = lang.get();
        let tables = table.with(|table| match table {
            Some(Ok(text)) => accuracy_tables(&accuracy::parse(text), lang),
            Some(Err(why)) => not_here("accuracy", Some(why), lang),
            None => not_here("accuracy", None, lang),
        });
        view! {
            <section class="panel guide-section">
                <h2>{ACCURACY.get(lang)}</h2>
                <p>{ACCURACY_HELP.get(lang)}</p>
                {tables}
            </section>
        }
    };
    view! {
        <div class="guide" data-testid="guide">
            {sections}
            {accuracy}
        </div>
    }
}

/// What stands in for a fetched `part` ("guide", "accuracy") not there yet: that it is loading,
/// or why it could not be fetched.
fn not_here(part: &str, failed: Option<&str>, lang: Lang) -> AnyView {
    match failed {
        None => view! {
            <p class="muted" data-testid=format!("{part}-loading")>{LOADING.get(lang)}</p>
        }
        .into_any(),
        Some(why) => view! {
            <p class="error" role="alert" data-testid=format!("{part}-unavailable")>
                {format!("{} {why}", UNAVAILABLE.get(lang))}
            </p>
        }
        .into_any(),
    }
}

/// The median error of each class, then every case.
fn accuracy_tables(rows: &[AccuracyRow], lang: Lang) -> AnyView {
    if rows.is_empty() {
        return view! { <p class="error" role="alert" data-testid="accuracy-unavailable">{EMPTY.get(lang)}</p> }
            .into_any();
    }
    let classes = accuracy::class_medians_of(rows)
        .into_iter()
        .map(|(class, median, n)| {
            view! {
                <tr>
                    <td>{class.to_string()}</td>
                    <td class="num">{n}</td>
                    <td class="num">{format!("{median:.1}%")}</td>
                </tr>
            }
        })
        .collect_view();
    let cases = rows
        .iter()
        .map(|r| {
            let predicted = r.predicted.map_or_else(
                || NOT_COMPARED.get(lang).to_string(),
                |p| i18n::number(p, 2),
            );
            let error = r
                .error_pct
                .map_or_else(String::new, |e| format!("{e:+.1}%"));
            let case = match r.link() {
                Some(url) => view! {
                    <a href=url.to_string() rel="noopener" target="_blank">{r.id.to_string()}</a>
                }
                .into_any(),
                None => r.id.to_string().into_any(),
            };
            view! {
                <tr>
                    <td>{case}</td>
                    <td>{r.class.to_string()}</td>
                    <td>{r.metric.to_string()}</td>
                    <td class="num">{predicted}</td>
                    <td class="num">{format!("{} {}", i18n::number(r.published, 2), r.unit)}</td>
                    <td class="num">{error}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <div class="table-wrap">
            <table class="accuracy" data-testid="accuracy-classes">
                <thead>
                    <tr>
                        {CLASS_COLUMNS.iter().map(|c| view! { <th scope="col">{c.get(lang)}</th> }).collect_view()}
                    </tr>
                </thead>
                <tbody>{classes}</tbody>
            </table>
        </div>
        <div class="table-wrap">
            <table class="accuracy" data-testid="accuracy-table">
                <thead>
                    <tr>
                        {COLUMNS.iter().map(|c| view! { <th scope="col">{c.get(lang)}</th> }).collect_view()}
                    </tr>
                </thead>
                <tbody>{cases}</tbody>
            </table>
        </div>
    }
    .into_any()
}
