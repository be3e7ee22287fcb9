//! The ranking's rows as markup: rebuilt on every input change, written with one `innerHTML`
//! (see [`crate::html`]). Each row carries its candidate's key in data attributes, so the table's
//! one click handler opens the detail without a handler per row.

use crate::format;
use crate::html::Html;
use crate::i18n::{self, Lang};
use gpu_sizer_engine::catalog::Currency;
use gpu_sizer_engine::plan::Candidate;

/// The rows for `rows` (each with its place in the ranking, from 0).
pub fn rows<'r, 'a: 'r>(
    rows: impl IntoIterator<Item = (usize, &'r Candidate<'a>)>,
    currency: Currency,
    lang: Lang,
) -> Html {
    let mut h = Html::new();
    for (rank, c) in rows {
        row(&mut h, rank, c, currency, lang);
    }
    h
}

/// One ranked candidate's row. Its button opens the detail through the table's click handler,
/// which reads the row's key from its data attributes.
fn row(h: &mut Html, rank: usize, c: &Candidate, currency: Currency, lang: Lang) {
    let provider = format::provider_name(c.provider, lang);
    // The button shows the provider's name; its accessible name says what it opens.
    let (instance, region) = (&c.offer.instance_type, &c.offer.region);
    let label = match lang {
        Lang::En => format!("Open the detail of {provider} {instance} ({region})"),
        Lang::Zh => format!("查看 {provider} {instance}（{region}）的详情"),
    };
    h.raw("<tr data-testid=\"result-row\"")
        .attr("data-offer-id", &c.offer.id)
        .attr("data-mode", format::mode_key(c.mode))
        .attr("data-instances", &c.instances.to_string())
        .attr("data-total", &format!("{:.2}", c.cost.expected))
        .attr("data-hours", &format!("{:.4}", c.hours.expected));
    h.raw("><td class=\"num\">")
        .text(&(rank + 1).to_string())
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
        .text(&time_cell(c, lang))
        .raw("</td><td class=\"num\" data-testid=\"row-total\">")
        .text(&format::money(c.cost.expected, currency))
        .raw("</td><td class=\"num\">")
        .text(&format::money(c.fleet_price_per_hour(), currency))
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
        let html = rows(
            report.ranked.iter().enumerate().take(3),
            report.currency,
            Lang::En,
        )
        .finish();
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

    #[test]
    fn the_time_column_sorts_by_what_it_shows() {
        let (report, _) = hostile_report();
        let pick = report.pick().unwrap();
        assert_eq!(time_key(pick), pick.hours.expected);
    }
}
