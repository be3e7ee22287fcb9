//! The ranking's rows, each as markup (a `<tr>`, see [`crate::html`]) and as its [`Row::fields`],
//! every text and attribute value of the row in a fixed order: the page writes a table body
//! whole as markup, and then writes the fields of the next rows into the row elements there, so
//! the browser does not rebuild, restyle and lay out every row on each keystroke. Each row
//! carries its candidate's key in data attributes, so the table's one click handler opens the
//! detail without a handler per row.

use crate::format;
use crate::html::Html;
use crate::i18n::{self, Lang};
use gpu_sizer_engine::catalog::Currency;
use gpu_sizer_engine::plan::Candidate;

/// A row's candidate: offer id, billing mode key, instances (the row's data attributes).
pub type Key = (String, &'static str, u32);

/// A row's candidate and figures as the row shows them.
struct Figures {
    key: Key,
    /// Its place in the whole ranking, from 1 (filters leave gaps).
    rank: String,
    time: String,
    total: String,
    per_hour: String,
    /// The unrounded total and hours the tests and the page read (`data-total`, `data-hours`).
    total_attr: String,
    hours_attr: String,
}

impl Figures {
    /// The figures of `c`, ranked at `rank` (from 0).
    fn of(rank: usize, c: &Candidate, currency: Currency, lang: Lang) -> Figures {
        Figures {
            key: (c.offer.id.clone(), format::mode_key(c.mode), c.instances),
            rank: (rank + 1).to_string(),
            time: time_cell(c, lang),
            total: format::money(c.cost.expected, currency),
            per_hour: format::money(c.fleet_price_per_hour(), currency),
            total_attr: format!("{:.2}", c.cost.expected),
            hours_attr: format!("{:.4}", c.hours.expected),
        }
    }
}

/// One row: its markup (a `<tr>`), its candidate and its fields.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub html: String,
    pub key: Key,
    /// Every text and attribute value of the row, in [`FIELDS`] order, each ended by a NUL: what
    /// the page writes into a row element already there. `None` when a value holds a NUL itself.
    pub fields: Option<String>,
}

/// The values in [`Row::fields`], in order: the row's attributes, then the texts of its cells (the
/// provider's button's name before its text, the instance's name before its region).
/// `src/app/components/ranking_rows.js` reads them in this order.
pub const FIELDS: [&str; 15] = [
    "data-offer-id",
    "data-mode",
    "data-instances",
    "data-total",
    "data-hours",
    "rank",
    "aria-label",
    "provider",
    "instance",
    "region",
    "gpu",
    "mode",
    "time",
    "total",
    "per-hour",
];

/// The rows for `rows` (each with its place in the ranking, from 0).
pub fn rows<'r, 'a: 'r>(
    rows: impl IntoIterator<Item = (usize, &'r Candidate<'a>)>,
    currency: Currency,
    lang: Lang,
) -> Vec<Row> {
    rows.into_iter()
        .map(|(rank, c)| {
            let figures = Figures::of(rank, c, currency, lang);
            let mut h = Html::new();
            let fields = row(&mut h, &figures, c, lang);
            Row {
                html: h.finish(),
                key: figures.key,
                fields,
            }
        })
        .collect()
}

/// One ranked candidate's row. Its button opens the detail through the table's click handler,
/// which reads the row's key from its data attributes.
fn row(h: &mut Html, f: &Figures, c: &Candidate, lang: Lang) -> Option<String> {
    let provider = format::provider_name(c.provider, lang);
    // The button shows the provider's name; its accessible name says what it opens.
    let (instance, region) = (&c.offer.instance_type, &c.offer.region);
    let label = match lang {
        Lang::En => format!("Open the detail of {provider} {instance} ({region})"),
        Lang::Zh => format!("查看 {provider} {instance}（{region}）的详情"),
    };
    let (offer, mode, instances) = &f.key;
    let gpus = format!("{} × {}", c.gpus, c.gpu.name);
    let mode_text = format::mode(c.mode).get(lang);
    let instances_text = instances.to_string();
    let values: [&str; FIELDS.len()] = [
        offer.as_str(),
        mode,
        &instances_text,
        &f.total_attr,
        &f.hours_attr,
        &f.rank,
        &label,
        provider,
        instance,
        region,
        &gpus,
        mode_text,
        &f.time,
        &f.total,
        &f.per_hour,
    ];
    let fields = (!values.iter().any(|v| v.contains('\0'))).then(|| {
        let mut all = String::with_capacity(values.iter().map(|v| v.len() + 1).sum());
        for v in values {
            all.push_str(v);
            all.push('\0');
        }
        all
    });
    h.raw("<tr data-testid=\"result-row\"")
        .attr("data-offer-id", offer)
        .attr("data-mode", mode)
        .attr("data-instances", &instances_text)
        .attr("data-total", &f.total_attr)
        .attr("data-hours", &f.hours_attr)
        .raw("><td class=\"num\">")
        .text(&f.rank)
        .raw("</td><td><button type=\"button\" class=\"link\" data-testid=\"open-detail\"")
        .attr("aria-label", &label)
        .raw(">")
        .text(provider)
        .raw("</button></td><td class=\"instance\">")
        .text(instance)
        .raw("<br><span class=\"muted\">")
        .text(region)
        .raw("</span></td><td class=\"gpu\">")
        .text(&gpus)
        .raw("</td><td class=\"mode\">")
        .text(mode_text)
        .raw("</td><td class=\"num\">")
        .text(&f.time)
        .raw("</td><td class=\"num\" data-testid=\"row-total\">")
        .text(&f.total)
        .raw("</td><td class=\"num\">")
        .text(&f.per_hour)
        .raw("</td></tr>");
    fields
}

/// The time column: the job's hours, or a service's time per output token (a service runs the
/// month on every offer).
fn time_cell(c: &Candidate, lang: Lang) -> String {
    match &c.serving {
        Some(f) => format::ms(f.time_per_output_token_ms, lang),
        None => i18n::duration(c.hours.expected, lang),
    }
}

/// What the time column sorts by: the same figure the column shows.
pub fn time_key(c: &Candidate) -> f64 {
    c.serving
        .as_ref()
        .map_or(c.hours.expected, |f| f.time_per_output_token_ms)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::hostile_report;

    #[test]
    fn a_typed_name_is_text_and_each_row_carries_its_key() {
        let (report, _) = hostile_report();
        let html: String = rows(
            report.ranked.iter().enumerate().take(3),
            report.currency,
            Lang::En,
        )
        .into_iter()
        .map(|r| r.html)
        .collect();
        assert!(!html.contains("<img"), "{html}");
        assert!(html
            .contains("&lt;img src=x onerror=alert(1)&gt; &quot;dq&quot; &#39;sq&#39; &amp; co"));
        assert_eq!(html.matches("<tr ").count(), 3);
        let pick = report.pick().unwrap();
        let key = format!(
            r#"data-offer-id="{}" data-mode="{}" data-instances="{}""#,
            pick.offer.id,
            format::mode_key(pick.mode),
            pick.instances
        );
        assert!(html.contains(&key), "{html}");
        // The per-hour column is the whole fleet's rate.
        let per_hour = format::money(pick.fleet_price_per_hour(), report.currency);
        assert!(html.contains(&per_hour), "{per_hour}");
    }

    /// The page writes a row's fields into a row element it wrote as markup before
    /// (`src/app/components/ranking_rows.js`), walking the row's elements as this markup has
    /// them: each row must be this markup with its fields in place, escaped.
    #[test]
    fn a_row_is_its_fields_in_the_markup_the_page_walks() {
        let (report, _) = hostile_report();
        for lang in [Lang::En, Lang::Zh] {
            let rows = rows(report.ranked.iter().enumerate(), report.currency, lang);
            assert!(!rows.is_empty());
            for Row { html, fields, .. } in &rows {
                let fields = fields.as_deref().expect("no value holds a NUL");
                let values: Vec<&str> = fields.strip_suffix('\0').unwrap().split('\0').collect();
                assert_eq!(values.len(), FIELDS.len(), "{fields:?}");
                let v: Vec<String> = values
                    .iter()
                    .map(|value| {
                        let mut h = Html::new();
                        h.text(value);
                        h.finish()
                    })
                    .collect();
                let expected = format!(
                    "<tr data-testid=\"result-row\" data-offer-id=\"{}\" data-mode=\"{}\" \
                     data-instances=\"{}\" data-total=\"{}\" data-hours=\"{}\">\
                     <td class=\"num\">{}</td>\
                     <td><button type=\"button\" class=\"link\" data-testid=\"open-detail\" \
                     aria-label=\"{}\">{}</button></td>\
                     <td class=\"instance\">{}<br><span class=\"muted\">{}</span></td>\
                     <td class=\"gpu\">{}</td><td class=\"mode\">{}</td><td class=\"num\">{}</td>\
                     <td class=\"num\" data-testid=\"row-total\">{}</td><td class=\"num\">{}</td></tr>",
                    v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10], v[11], v[12],
                    v[13], v[14]
                );
                assert_eq!(html, &expected);
            }
        }
    }

    #[test]
    fn a_value_holding_a_nul_leaves_the_row_to_its_markup() {
        let (mut report, _) = hostile_report();
        let mut offer = report.ranked[0].offer.clone();
        offer.instance_type = "a\0b".into();
        report.ranked[0].offer = &*Box::leak(Box::new(offer));
        let rows = rows(
            report.ranked.iter().enumerate().take(2),
            report.currency,
            Lang::En,
        );
        assert_eq!(rows[0].fields, None);
        assert!(rows[0].html.contains("a\0b"));
        assert!(rows[1].fields.is_some());
    }

    #[test]
    fn the_time_column_sorts_by_what_it_shows() {
        let (report, _) = hostile_report();
        let pick = report.pick().unwrap();
        assert_eq!(time_key(pick), pick.hours.expected);
    }
}
