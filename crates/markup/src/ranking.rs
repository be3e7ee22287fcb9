//! The ranking's rows, each as markup (a `<tr>`, see [`crate::html`]) and as its [`Figures`], what
//! an input changes in a row whose candidate keeps its place: the page rewrites only those there,
//! and writes the markup of the other rows, so the browser does not rebuild and lay out every row
//! on each keystroke. Each row carries its candidate's key in data attributes, so the table's one
//! click handler opens the detail without a handler per row.

use crate::format;
use crate::html::Html;
use crate::i18n::{self, Lang};
use gpu_sizer_engine::catalog::Currency;
use gpu_sizer_engine::plan::Candidate;

/// What a row shows that can change while its candidate keeps its place. The rest of the row
/// (provider, instance, region, GPUs, billing mode, the button's name) follows from the key and
/// the language alone.
#[derive(Debug, Clone, PartialEq)]
pub struct Figures {
    /// The candidate: offer id, billing mode key, instances (the row's data attributes).
    pub key: (String, &'static str, u32),
    /// Its place in the whole ranking, from 1 (filters leave gaps).
    pub rank: String,
    pub time: String,
    pub total: String,
    pub per_hour: String,
    /// The unrounded total and hours the tests and the page read (`data-total`, `data-hours`).
    pub total_attr: String,
    pub hours_attr: String,
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

    /// The cells holding figures, by their column (from 0), with their text: each is text only.
    pub fn cells(&self) -> [(usize, &str); 4] {
        [
            (0, &self.rank),
            (5, &self.time),
            (6, &self.total),
            (7, &self.per_hour),
        ]
    }

    /// The row's attributes holding figures, with their values.
    pub fn attributes(&self) -> [(&'static str, &str); 2] {
        [
            ("data-total", &self.total_attr),
            ("data-hours", &self.hours_attr),
        ]
    }
}

/// One row: its markup (a `<tr>`) and its figures.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub html: String,
    pub figures: Figures,
}

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
            row(&mut h, &figures, c, lang);
            Row {
                html: h.finish(),
                figures,
            }
        })
        .collect()
}

/// One ranked candidate's row. Its button opens the detail through the table's click handler,
/// which reads the row's key from its data attributes.
fn row(h: &mut Html, f: &Figures, c: &Candidate, lang: Lang) {
    let provider = format::provider_name(c.provider, lang);
    // The button shows the provider's name; its accessible name says what it opens.
    let (instance, region) = (&c.offer.instance_type, &c.offer.region);
    let label = match lang {
        Lang::En => format!("Open the detail of {provider} {instance} ({region})"),
        Lang::Zh => format!("查看 {provider} {instance}（{region}）的详情"),
    };
    let (offer, mode, instances) = &f.key;
    h.raw("<tr data-testid=\"result-row\"")
        .attr("data-offer-id", offer)
        .attr("data-mode", mode)
        .attr("data-instances", &instances.to_string());
    for (name, value) in f.attributes() {
        h.attr(name, value);
    }
    h.raw("><td class=\"num\">")
        .text(&f.rank)
        .raw("</td><td><button type=\"button\" class=\"link\" data-testid=\"open-detail\"")
        .attr("aria-label", &label)
        .raw(">")
        .text(provider)
        .raw("</button></td><td class=\"instance\">")
        .text(&c.offer.instance_type)
        .raw("<br><span class=\"muted\">")
        .text(&c.offer.region)
        .raw("</span></td><td class=\"gpu\">")
        .text(&format!("{} × {}", c.gpus, c.gpu.name))
        .raw("</td><td class=\"mode\">")
        .text(format::mode(c.mode).get(lang))
        .raw("</td><td class=\"num\">")
        .text(&f.time)
        .raw("</td><td class=\"num\" data-testid=\"row-total\">")
        .text(&f.total)
        .raw("</td><td class=\"num\">")
        .text(&f.per_hour)
        .raw("</td></tr>");
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

    /// The page patches a row's figures into its cells by column: each must be the whole text of
    /// the cell at its column, and each attribute the row's.
    #[test]
    fn each_figure_is_the_whole_text_of_its_cell() {
        let (report, _) = hostile_report();
        for lang in [Lang::En, Lang::Zh] {
            let rows = rows(report.ranked.iter().enumerate(), report.currency, lang);
            assert!(!rows.is_empty());
            for Row {
                html: tr,
                figures: f,
            } in &rows
            {
                assert!(tr.starts_with("<tr ") && tr.ends_with("</tr>"), "{tr}");
                assert_eq!(tr.matches("<tr ").count(), 1, "{tr}");
                // The cells' contents, in column order.
                let cells: Vec<&str> = tr
                    .split("<td")
                    .skip(1)
                    .map(|td| &td[td.find('>').unwrap() + 1..td.find("</td>").unwrap()])
                    .collect();
                assert_eq!(cells.len(), 8, "{tr}");
                for (column, text) in f.cells() {
                    assert_eq!(cells[column], text, "{tr}");
                }
                let start = &tr[..tr.find('>').unwrap()];
                for (name, value) in f.attributes() {
                    assert!(start.contains(&format!(r#" {name}="{value}""#)), "{start}");
                }
            }
        }
    }

    #[test]
    fn the_time_column_sorts_by_what_it_shows() {
        let (report, _) = hostile_report();
        let pick = report.pick().unwrap();
        assert_eq!(time_key(pick), pick.hours.expected);
    }
}
