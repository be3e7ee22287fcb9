//! The catalog page: every offer with its price, date and source; the user's own prices and
//! offers; import and export as JSON.

use crate::app::components::export::download;
use crate::app::format;
use crate::app::i18n::{self, Lang, Text};
use crate::app::prefs::text_in;
use crate::app::prefs::use_prefs;
use crate::app::state::use_state;
use gpu_sizer_engine::catalog::{BillingMode, Catalog, Currency, Offer, Quote};
use gpu_sizer_engine::cost::money::Exchange;
use gpu_sizer_engine::text::mentions;
use gpu_sizer_formats::custom_offer::{offer_from_fields, parse_price, OfferFields};
use gpu_sizer_formats::form::ModeKey;
use leptos::prelude::*;

const fn tx(en: &'static str, zh: &'static str) -> Text {
    Text { en, zh }
}

const TITLE: Text = tx("Catalog", "目录");
const INTRO: Text = tx(
    "Every offer GPU Sizer knows, with the price as published, the date its source carries and the source itself. Prices whose source is over {days} days old, or undated, are flagged. A price in another currency than yours is shown converted too, at your exchange rate. Enter what you actually pay and it is used everywhere, kept in this browser only.",
    "GPU Sizer 收录的所有实例报价：按官方公布的价格、来源所载日期和来源。来源日期超过 {days} 天或没有日期的价格会被标出。与你所选货币不同的价格会按你的汇率同时显示换算值。填写你实际支付的价格后会在所有计算中使用，只保存在本浏览器中。",
);
const SEARCH: Text = tx("Search offers", "搜索报价");
const ON_DEMAND: Text = tx("On-demand", "按量价格");
const YOUR_PRICE: Text = tx("Your price per hour", "你的每小时价格");
const AS_OF: Text = tx("As of", "价格日期");
const SOURCE: Text = tx("Source", "来源");
const OLD: Text = tx("over {days} days", "超过 {days} 天");
const UNDATED: Text = tx("check the price", "请核对价格");
const ENTER_PRICE: Text = tx("enter your price", "请填写你的价格");
const MORE: Text = tx("Show more", "显示更多");
const ADD_TITLE: Text = tx("Add your own offer", "添加自定义报价");
const ADD: Text = tx("Add offer", "添加报价");
const REMOVE: Text = tx("Remove", "删除");
const REGION: Text = tx("Region", "区域");
const INSTANCE: Text = tx("Instance type", "实例类型");
const PROVIDER: Text = tx("Provider", "云厂商");
const GPU: Text = tx("GPU", "GPU");
const COUNT: Text = tx("GPUs per instance", "每实例 GPU 数");
const LINK: Text = tx("GPU link", "GPU 互联");
const PRICE: Text = tx("On-demand price per hour", "每小时按量价格");
const CURRENCY: Text = tx("Currency", "货币");
const EXPORT: Text = tx("Export catalog (JSON)", "导出目录（JSON）");
const IMPORT: Text = tx("Import offers (JSON)", "导入报价（JSON）");
const IMPORTED: Text = tx("Offers added:", "已添加报价：");
const PROBLEMS: Text = tx("Not added:", "未添加：");
const CUSTOM: Text = tx("Your offers", "你的报价");
const KEPT_ASIDE: Text = tx(
    "Your saved prices and offers could not be read; they were kept aside in this browser, not deleted.",
    "无法读取你保存的价格和报价；它们已在本浏览器中另行保留，没有删除。",
);

/// Every page string, for the translation test.
pub fn all_texts() -> Vec<Text> {
    vec![
        TITLE,
        INTRO,
        SEARCH,
        ON_DEMAND,
        YOUR_PRICE,
        AS_OF,
        SOURCE,
        OLD,
        UNDATED,
        ENTER_PRICE,
        MORE,
        ADD_TITLE,
        ADD,
        REMOVE,
        REGION,
        INSTANCE,
        PROVIDER,
        GPU,
        COUNT,
        LINK,
        PRICE,
        CURRENCY,
        EXPORT,
        IMPORT,
        IMPORTED,
        PROBLEMS,
        CUSTOM,
        KEPT_ASIDE,
    ]
}

/// The price in its own currency and, where that is not the reader's, converted at their rate.
fn money(q: &Quote, shown: Currency, fx: Exchange) -> String {
    let own = format!(
        "{}/h",
        i18n::money(
            q.per_hour,
            gpu_sizer_engine::cost::money::symbol(q.currency)
        )
    );
    if q.currency == shown {
        return own;
    }
    let converted = fx.convert(q.per_hour, q.currency, shown);
    format!(
        "{own} (≈ {}/h)",
        i18n::money(converted, gpu_sizer_engine::cost::money::symbol(shown))
    )
}

fn row(
    offer: &'static Offer,
    catalog: &'static Catalog,
    lang: Lang,
    today: Option<i64>,
    (shown, fx): (Currency, Exchange),
) -> AnyView {
    let state = use_state();
    let on_demand = offer.quote(BillingMode::OnDemand);
    let gpu = catalog
        .gpu(&offer.gpu)
        .map_or(offer.gpu.clone(), |g| g.name.clone());
    let provider = catalog
        .provider(&offer.provider)
        .map_or(offer.provider.clone(), |p| {
            format::provider_name(p, lang).to_string()
        });
    let flag = on_demand
        .filter(|q| today.is_some_and(|now| q.is_stale(now)))
        .map(|q| {
            let (testid, text) = if q.undated {
                ("undated-badge", UNDATED)
            } else {
                ("stale-badge", OLD)
            };
            view! { <span class="badge warning" data-testid=testid>{i18n::stale_limit(text, lang)}</span> }
        });
    let id: &'static str = offer.id.as_str();
    let input_id = format!("override-{id}");
    let price_cell = match on_demand {
        Some(q) => view! {
            <td class="num" data-testid="catalog-price">{money(q, shown, fx)}</td>
            <td data-testid="catalog-date">
                {format::price_date(q, lang)}
                " "
                {flag}
            </td>
            <td>{match q.link() {
                Some(href) => view! { <a href=href.to_string() rel="noopener noreferrer" target="_blank">{SOURCE.get(lang)}</a> }.into_any(),
                None => i18n::t::YOUR_PRICE.get(lang).into_any(),
            }}</td>
        }
        .into_any(),
        None => view! { <td colspan="3" class="warning">{ENTER_PRICE.get(lang)}</td> }.into_any(),
    };
    view! {
        <tr data-testid="catalog-row" data-offer-id=id>
            <td>{provider}</td>
            <td>{offer.instance_type.clone()}<br /><span class="muted">{offer.region.clone()}</span></td>
            <td>{format!("{} × {gpu}", offer.gpu_count)}</td>
            {price_cell}
            <td>
                <label class="sr-only" for=input_id.clone()>{format!("{} — {}", YOUR_PRICE.get(lang), offer.instance_type)}</label>
                <input
                    id=input_id
                    data-testid="price-override"
                    type="text"
                    inputmode="decimal"
                    size="7"
                    prop:value=move || {
                        state.edits.with(|e| e.override_for(id, ModeKey::OnDemand).map(|p| p.to_string()).unwrap_or_default())
                    }
                    on:change=move |ev| {
                        let value = parse_price(&event_target_value(&ev));
                        state.edits.update(|e| e.set_override(id, ModeKey::OnDemand, value));
                    }
                />
            </td>
        </tr>
    }
    .into_any()
}

#[component]
pub fn CatalogPage() -> impl IntoView {
    let state = use_state();
    let lang = use_prefs().lang;
    let query = RwSignal::new(String::new());
    let limit = RwSignal::new(50usize);
    let today = crate::app::state::today();
    let unreadable = use_context::<crate::app::catalog_store::Unreadable>().is_some_and(|u| u.0);
    let message = RwSignal::new(if unreadable {
        KEPT_ASIDE.get(lang.get_untracked()).to_string()
    } else {
        String::new()
    });

    let table = move || {
        let lang = lang.get();
        let q = query.get().to_ascii_lowercase();
        let catalog = state.catalog.get();
        let money_in = state.form.with(|f| {
            (
                f.currency.engine(),
                Exchange {
                    cny_per_usd: f.cny_per_usd,
                },
            )
        });
        let matching: Vec<&'static Offer> = catalog
            .offers
            .iter()
            .filter(|o| {
                q.is_empty()
                    || mentions(&o.id, &q)
                    || mentions(&o.instance_type.to_ascii_lowercase(), &q)
                    || mentions(&o.gpu, &q)
                    || mentions(&o.region.to_ascii_lowercase(), &q)
            })
            .collect();
        let total = matching.len();
        let shown = limit.get().min(total);
        let rows = matching
            .into_iter()
            .take(shown)
            .map(|o| row(o, catalog, lang, today, money_in))
            .collect_view();
        view! {
            <p class="muted" data-testid="catalog-count">{i18n::shown_of(shown, total, lang)}</p>
            <div class="table-wrap">
                <table>
                    <thead>
                        <tr>
                            <th scope="col">{PROVIDER.get(lang)}</th>
                            <th scope="col">{INSTANCE.get(lang)}</th>
                            <th scope="col">{GPU.get(lang)}</th>
                            <th scope="col">{ON_DEMAND.get(lang)}</th>
                            <th scope="col">{AS_OF.get(lang)}</th>
                            <th scope="col">{SOURCE.get(lang)}</th>
                            <th scope="col">{YOUR_PRICE.get(lang)}</th>
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
            {(total > shown).then(|| view! {
                <button type="button" class="secondary" on:click=move |_| limit.update(|l| *l += 100)>
                    {MORE.get(lang)}
                </button>
            })}
        }
        .into_any()
    };

    // The custom-offer form.
    let provider = RwSignal::new("aws".to_string());
    let region = RwSignal::new(String::new());
    let instance = RwSignal::new(String::new());
    let gpu = RwSignal::new("l4".to_string());
    let count = RwSignal::new("1".to_string());
    let link = RwSignal::new("pcie".to_string());
    let price = RwSignal::new(String::new());
    let currency = RwSignal::new("USD".to_string());
    let add = move |_| {
        let (provider, region, instance) = (provider.get(), region.get(), instance.get());
        let (gpu, count, link) = (gpu.get(), count.get(), link.get());
        let (price, currency) = (price.get(), currency.get());
        let fields = OfferFields {
            provider: &provider,
            region: &region,
            instance_type: &instance,
            gpu: &gpu,
            gpu_count: &count,
            link: &link,
            price: &price,
            currency: &currency,
        };
        let Ok(offer) = offer_from_fields(&fields, today) else {
            message.set(format!(
                "{} / {}?",
                REGION.get(lang.get_untracked()),
                INSTANCE.get(lang.get_untracked())
            ));
            return;
        };
        let mut edits = state.edits.get_untracked();
        match edits.add_offer(Catalog::builtin(), offer) {
            Ok(()) => {
                state.edits.set(edits);
                message.set(String::new());
            }
            Err(problems) => message.set(
                problems
                    .iter()
                    .map(|p| p.message.clone())
                    .collect::<Vec<_>>()
                    .join("; "),
            ),
        }
    };
    let export = move |_| {
        // The catalog with the person's offers, without their own machine (it has no price to
        // publish).
        let catalog = state
            .edits
            .with_untracked(|e| e.apply(gpu_sizer_engine::Catalog::with_sources()));
        let json = serde_json::to_string_pretty(&catalog).unwrap_or_default();
        download("gpu-sizer-catalog.json", "application/json", &json);
    };
    let import = move |ev: leptos::ev::Event| {
        crate::app::persist::read_file(
            &ev,
            Box::new(move |text| {
                let mut edits = state.edits.get_untracked();
                let lang = lang.get_untracked();
                let Ok(text) = text else {
                    message.set(i18n::t::FILE_TOO_LARGE.get(lang).into());
                    return;
                };
                match edits.import(Catalog::builtin(), &text) {
                    Ok(n) => {
                        state.edits.set(edits);
                        message.set(format!("{} {n}", IMPORTED.get(lang)));
                    }
                    Err(problems) => {
                        message.set(format!("{} {}", PROBLEMS.get(lang), problems.join("; ")))
                    }
                }
            }),
        );
    };
    let text_input = |id: &'static str, label: Text, value: RwSignal<String>| {
        view! {
            <div class="field">
                <label for=id>{text_in(lang, label)}</label>
                <input id=id data-testid=id type="text" prop:value=move || value.get()
                    on:input=move |ev| value.set(event_target_value(&ev)) />
            </div>
        }
    };
    let custom_list = move || {
        let lang = lang.get();
        state.edits.with(|e| {
            e.custom_offers
                .iter()
                .map(|o| {
                    let id = o.id.clone();
                    view! {
                        <li data-testid="custom-offer" data-offer-id=o.id.clone()>
                            {format!("{} · {} · {} × {}", o.provider, o.instance_type, o.gpu_count, o.gpu)}
                            " "
                            <button type="button" class="secondary" on:click=move |_| {
                                let id = id.clone();
                                state.edits.update(|e| e.custom_offers.retain(|x| x.id != id));
                            }>{REMOVE.get(lang)}</button>
                        </li>
                    }
                })
                .collect_view()
        })
    };
    // The page lists every figure with its source.
    let catalog = Catalog::with_sources();
    view! {
        <div class="catalog-page" data-testid="catalog-page">
            <section class="panel">
                <h2>{text_in(lang, TITLE)}</h2>
                <p>{move || i18n::stale_limit(INTRO, lang.get())}</p>
                <div class="field">
                    <label for="catalog-search">{text_in(lang, SEARCH)}</label>
                    <input id="catalog-search" data-testid="catalog-search" type="search"
                        prop:value=move || query.get() on:input=move |ev| query.set(event_target_value(&ev)) />
                </div>
                {table}
                <div class="export">
                    <button type="button" class="secondary" data-testid="export-catalog" on:click=export>
                        {text_in(lang, EXPORT)}
                    </button>
                    <label class="secondary file">
                        <span>{text_in(lang, IMPORT)}</span>
                        <input type="file" accept="application/json,.json" data-testid="import-catalog" on:change=import />
                    </label>
                </div>
            </section>
            <section class="panel">
                <h2>{text_in(lang, ADD_TITLE)}</h2>
                <form class="form custom-offer" on:submit=|ev| ev.prevent_default()>
                    <div class="field">
                        <label for="custom-provider">{text_in(lang, PROVIDER)}</label>
                        <select
                            id="custom-provider"
                            data-testid="custom-provider"
                            prop:value=move || provider.get()
                            on:change=move |ev| provider.set(event_target_value(&ev))
                        >
                            {catalog.providers.iter().map(|p| {
                                let selected = provider.with_untracked(|chosen| *chosen == p.id);
                                view! { <option value=p.id.clone() selected=selected>{p.name.clone()}</option> }
                            }).collect_view()}
                        </select>
                    </div>
                    {text_input("custom-region", REGION, region)}
                    {text_input("custom-instance", INSTANCE, instance)}
                    <div class="field">
                        <label for="custom-gpu">{text_in(lang, GPU)}</label>
                        <select id="custom-gpu" data-testid="custom-gpu" on:change=move |ev| gpu.set(event_target_value(&ev))>
                            {catalog.gpus.iter().map(|g| {
                                let id = g.id.clone();
                                let id2 = id.clone();
                                view! { <option value=id selected=move || gpu.get() == id2>{g.name.clone()}</option> }
                            }).collect_view()}
                        </select>
                    </div>
                    {text_input("custom-count", COUNT, count)}
                    <div class="field">
                        <label for="custom-link">{text_in(lang, LINK)}</label>
                        <select id="custom-link" data-testid="custom-link" on:change=move |ev| link.set(event_target_value(&ev))>
                            <option value="pcie">"PCIe"</option>
                            <option value="nvlink">"NVLink"</option>
                            <option value="nvswitch">"NVSwitch"</option>
                        </select>
                    </div>
                    {text_input("custom-price", PRICE, price)}
                    <div class="field">
                        <label for="custom-currency">{text_in(lang, CURRENCY)}</label>
                        <select id="custom-currency" data-testid="custom-currency" on:change=move |ev| currency.set(event_target_value(&ev))>
                            <option value="USD">"USD $"</option>
                            <option value="CNY">"CNY ¥"</option>
                        </select>
                    </div>
                    <button type="button" class="secondary" data-testid="add-offer" on:click=add>
                        {text_in(lang, ADD)}
                    </button>
                </form>
                <p class="warning" role="status" data-testid="catalog-message">{move || message.get()}</p>
                <h3>{text_in(lang, CUSTOM)}</h3>
                <ul data-testid="custom-list">{custom_list}</ul>
            </section>
        </div>
    }
}
