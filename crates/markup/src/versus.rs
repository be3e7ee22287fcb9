//! The head-to-head table and its chart: the same job on two to four GPUs or offers, one column
//! each (`plan::versus`), drawn as markup with one `innerHTML` write.

use crate::format;
use crate::hardware as w;
use crate::html::Html;
use crate::i18n::{self, Lang, Text};
use gpu_sizer_engine::catalog::{Catalog, Currency};
use gpu_sizer_engine::plan::versus::{limit, Limit, Side};
use gpu_sizer_engine::plan::Candidate;
use gpu_sizer_engine::sort;

/// The words of a limit.
pub fn limit_text(l: Limit) -> Text {
    match l {
        Limit::Compute => w::LIMIT_COMPUTE,
        Limit::MemoryBandwidth => w::LIMIT_MEMORY,
        Limit::Interconnect => w::LIMIT_INTERCONNECT,
        Limit::Storage => w::LIMIT_STORAGE,
    }
}

/// The name of a side's GPU or offer, as the catalog has it.
pub fn title(catalog: &Catalog, id: &str) -> String {
    if let Some(g) = catalog.gpu(id) {
        return g.name.clone();
    }
    catalog.offers.iter().find(|o| o.id == id).map_or_else(
        || id.to_string(),
        |o| format!("{} · {}", o.instance_type, o.region),
    )
}

/// The offers of `gpu` a person may add to the comparison, as (id, label) in the order the
/// picker lists them: by provider, then instance type and region.
pub fn offer_choices(catalog: &Catalog, gpu: &str, lang: Lang) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = catalog
        .offers
        .iter()
        .filter(|o| o.gpu == gpu)
        .map(|o| {
            let provider = catalog
                .provider(&o.provider)
                .map_or(o.provider.as_str(), |p| format::provider_name(p, lang));
            (
                o.id.clone(),
                format!("{provider} · {} · {}", o.instance_type, o.region),
            )
        })
        .collect();
    sort::by(&mut out, |a, b| a.1.cmp(&b.1));
    out
}

/// The cells of one side, in row order, and its pick when there is one.
fn cells<'s, 'a>(
    side: &'s Side<'a>,
    currency: Currency,
    lang: Lang,
) -> (Vec<String>, Option<&'s Candidate<'a>>) {
    let report = match &side.report {
        Err(_) => return (vec![w::UNKNOWN_ID.get(lang).to_string()], None),
        Ok(r) => r,
    };
    let Some(c) = report.pick() else {
        return (vec![w::NOTHING_FITS.get(lang).to_string()], None);
    };
    let shape = match &c.serving {
        Some(f) => format::fleet(c, f, lang),
        None => format!("{} × {} × {}", c.instances, c.offer.gpu_count, c.gpu.name),
    };
    let provider = format::provider_name(c.provider, lang);
    let per_million = c.serving.as_ref().map_or_else(
        || "—".to_string(),
        |f| format::money(f.per_million_tokens, currency),
    );
    let cells = vec![
        format!("{shape} · {provider} · {}", format::mode(c.mode).get(lang)),
        format!(
            "{} GiB / {} GiB ({}%)",
            i18n::number(c.memory.total_gib, 1),
            i18n::number(c.gpu.memory_gib, 0),
            i18n::number(c.headroom * 100.0, 0)
        ),
        format::time_of(c, lang),
        format::cost_of(c, currency, lang),
        per_million,
        limit(c)
            .map_or("—", |l| limit_text(l).get(lang))
            .to_string(),
    ];
    (cells, Some(c))
}

/// The names of the table's rows, in order.
pub const ROWS: [Text; 6] = [
    w::HARDWARE_ROW,
    w::HEADROOM,
    crate::i18n::t::TIME,
    crate::i18n::t::TOTAL_COST,
    w::COST_PER_M_TOKENS,
    w::LIMITED_BY,
];

/// The table as text, for the page and the CLI alike: each side's title, then each row's name
/// with its cell per side ("—" where a side has none).
pub fn rows(
    catalog: &Catalog,
    sides: &[Side],
    currency: Currency,
    lang: Lang,
) -> (Vec<String>, Vec<(String, Vec<String>)>) {
    let columns: Vec<_> = sides.iter().map(|s| cells(s, currency, lang).0).collect();
    let titles = sides.iter().map(|s| title(catalog, &s.id)).collect();
    let rows = ROWS
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let cells = columns
                .iter()
                .map(|c| c.get(i).map_or("—", String::as_str).to_string())
                .collect();
            (row.get(lang).to_string(), cells)
        })
        .collect();
    (titles, rows)
}

/// The table of `sides` and the chart of their costs.
pub fn versus(catalog: &Catalog, sides: &[Side], currency: Currency, lang: Lang) -> Html {
    let columns: Vec<_> = sides.iter().map(|s| cells(s, currency, lang)).collect();
    let (titles, rows) = rows(catalog, sides, currency, lang);
    let mut h = Html::new();
    h.raw(r#"<div class="table-wrap"><table data-testid="versus-table"><thead><tr><th scope="col"></th>"#);
    for ((side, (_, pick)), title) in sides.iter().zip(&columns).zip(&titles) {
        h.raw(r#"<th scope="col" data-testid="versus-col""#)
            .attr("data-id", &side.id)
            .attr("data-offer-id", pick.map_or("", |c| c.offer.id.as_str()))
            .attr(
                "data-total",
                &pick.map_or(String::new(), |c| format!("{:.2}", c.cost.expected)),
            )
            .raw(">")
            .text(title)
            .raw("</th>");
    }
    h.raw("</tr></thead><tbody>");
    for (name, cells) in &rows {
        h.raw(r#"<tr><th scope="row">"#).text(name).raw("</th>");
        for cell in cells {
            h.raw("<td>").text(cell).raw("</td>");
        }
        h.raw("</tr>");
    }
    h.raw("</tbody></table></div>");
    chart(&mut h, catalog, sides, &columns, currency, lang);
    h
}

/// Horizontal bars of each pick's expected cost with its low–high band, on one scale.
fn chart(
    h: &mut Html,
    catalog: &Catalog,
    sides: &[Side],
    columns: &[(Vec<String>, Option<&Candidate>)],
    currency: Currency,
    lang: Lang,
) {
    let top = columns
        .iter()
        .filter_map(|(_, c)| c.map(|c| c.cost.high))
        .fold(0.0_f64, f64::max);
    if top <= 0.0 {
        return;
    }
    const ROW: f64 = 24.0;
    const LEFT: f64 = 150.0;
    const WIDTH: f64 = 320.0;
    let height = ROW * sides.len() as f64 + 8.0;
    let x = |v: f64| LEFT + v / top * WIDTH;
    h.raw(r#"<figure class="chart" data-testid="versus-chart"><svg viewBox="0 0 520 "#)
        .text(&format!("{height:.0}"))
        .raw(r#"" role="img""#)
        .attr("aria-label", w::CHART_COST.get(lang))
        .raw(">");
    for (i, (side, (_, pick))) in sides.iter().zip(columns).enumerate() {
        let y = 4.0 + ROW * i as f64;
        h.raw(r#"<text class="axis-label" x="0" y=""#)
            .text(&format!("{:.1}", y + 15.0))
            .raw(r#"">"#)
            .text(&title(catalog, &side.id))
            .raw("</text>");
        let Some(c) = pick else { continue };
        h.raw(r#"<rect class="bar" data-testid="versus-bar" x=""#)
            .text(&format!("{LEFT:.1}"))
            .raw(r#"" y=""#)
            .text(&format!("{:.1}", y + 4.0))
            .raw(r#"" height="14" width=""#)
            .text(&format!("{:.1}", x(c.cost.expected) - LEFT))
            .raw(r#""></rect><line class="whisker" stroke="currentColor" x1=""#)
            .text(&format!("{:.1}", x(c.cost.low)))
            .raw(r#"" x2=""#)
            .text(&format!("{:.1}", x(c.cost.high)))
            .raw(r#"" y1=""#)
            .text(&format!("{:.1}", y + 11.0))
            .raw(r#"" y2=""#)
            .text(&format!("{:.1}", y + 11.0))
            .raw(r#""></line><text class="axis-label" y=""#)
            .text(&format!("{:.1}", y + 15.0))
            .raw(r#"" x=""#)
            .text(&format!("{:.1}", x(c.cost.high) + 4.0))
            .raw(r#"">"#)
            .text(&format::money(c.cost.expected, currency))
            .raw("</text>");
    }
    h.raw("</svg><figcaption>")
        .text(w::CHART_COST.get(lang))
        .raw("</figcaption></figure>");
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpu_sizer_engine::plan::versus::head_to_head;
    use gpu_sizer_formats::Form;

    #[test]
    fn a_gpus_offers_are_listed_by_provider_with_their_names() {
        let catalog = gpu_sizer_engine::Catalog::builtin();
        let choices = offer_choices(catalog, "h100-sxm", Lang::En);
        let count = catalog
            .offers
            .iter()
            .filter(|o| o.gpu == "h100-sxm")
            .count();
        assert_eq!(choices.len(), count);
        assert!(count > 1);
        assert!(choices.windows(2).all(|w| w[0].1 <= w[1].1));
        let p5 = choices
            .iter()
            .find(|(id, _)| id == "aws-us-east-1-p5.48xlarge")
            .unwrap();
        assert_eq!(p5.1, "Amazon Web Services · p5.48xlarge · us-east-1");
        assert_eq!(title(catalog, &p5.0), "p5.48xlarge · us-east-1");
        assert!(offer_choices(catalog, "no-such-gpu", Lang::Zh).is_empty());
    }

    #[test]
    fn two_gpus_give_two_columns_six_rows_and_two_bars() {
        let form = Form::default();
        let request = form.to_request(None).unwrap();
        let catalog = gpu_sizer_engine::Catalog::builtin();
        let ids = vec!["a100-80gb-sxm".to_string(), "h100-sxm".to_string()];
        let sides = head_to_head(catalog, &request, &ids);
        for lang in [Lang::En, Lang::Zh] {
            let html = versus(catalog, &sides, request.costs.currency, lang).finish();
            assert_eq!(html.matches("data-testid=\"versus-col\"").count(), 2);
            assert_eq!(html.matches("<tr><th scope=\"row\">").count(), 6);
            assert_eq!(html.matches("data-testid=\"versus-bar\"").count(), 2);
            assert!(html.contains("NVIDIA H100"), "{html}");
        }
    }
}
