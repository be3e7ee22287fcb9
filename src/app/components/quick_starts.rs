//! Quick-start cards: one click fills a complete scenario for a common job.

use crate::app::i18n::{t, Text};
use crate::app::prefs::use_prefs;
use crate::app::state::use_state;
use gpu_sizer_formats::quickstart::QuickStart;
use leptos::prelude::*;

const fn tx(en: &'static str, zh: &'static str) -> Text {
    Text { en, zh }
}

/// A card's title and what it fills in.
pub fn texts(q: QuickStart) -> (Text, Text) {
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

/// The row of cards.
#[component]
pub fn QuickStarts() -> impl IntoView {
    let state = use_state();
    let lang = use_prefs().lang;
    view! {
        <section class="quick-starts" aria-labelledby="quick-heading">
            <h2 id="quick-heading" class="sr-only">{move || t::QUICK_STARTS.get(lang.get())}</h2>
            {QuickStart::ALL
                .iter()
                .map(|q| {
                    let q = *q;
                    let (title, sub) = texts(q);
                    view! {
                        <button
                            type="button"
                            class="card"
                            data-testid=format!("quick-{}", q.key())
                            on:click=move |_| {
                                state
                                    .form
                                    .update(|f| {
                                        let keep = (f.currency, f.cny_per_usd);
                                        *f = q.form();
                                        (f.currency, f.cny_per_usd) = keep;
                                    });
                                state.selected.set(None);
                            }
                        >
                            <strong>{move || title.get(lang.get())}</strong>
                            <span>{move || sub.get(lang.get())}</span>
                        </button>
                    }
                })
                .collect_view()}
        </section>
    }
}

/// Every card text, for the translation test.
pub fn all_texts() -> Vec<Text> {
    QuickStart::ALL
        .iter()
        .flat_map(|q| {
            let (a, b) = texts(*q);
            [a, b]
        })
        .collect()
}
