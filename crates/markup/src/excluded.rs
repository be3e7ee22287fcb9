//! The excluded candidates as markup, grouped by why they were left out: each group with its
//! count, the groups nearest to fitting first (a little over budget before "filtered out"), and in
//! each group the offers nearest to fitting first. Hundreds of rows are written with one
//! `innerHTML`, built only while the list is open.

use crate::format;
use crate::html::Html;
use crate::i18n::{self, Lang};
use gpu_sizer_engine::catalog::{Catalog, Currency};
use gpu_sizer_engine::plan::{Excluded, Reason};
use gpu_sizer_engine::sort;
use std::cmp::Ordering;

/// Rows shown per group; the rest are counted.
const ROWS_PER_GROUP: usize = 50;

/// How far `reason` is from fitting, for ordering: the kind's rank (nearest first), then the
/// amount it misses by within the kind (smaller first).
pub fn distance(reason: &Reason) -> (u8, f64) {
    match reason {
        Reason::OverBudget { over } => (0, *over),
        Reason::MissesDeadline { late_h } => (1, *late_h),
        Reason::DoesNotFit { short_gib } => (2, *short_gib),
        Reason::Layout(_) => (3, 0.0),
        Reason::SpotForLatency => (4, 0.0),
        Reason::NoPrice => (5, 0.0),
        Reason::LacksFeature(_) => (6, 0.0),
        Reason::Unknown(_) => (7, 0.0),
        Reason::CannotRun(_) => (8, 0.0),
        Reason::Filtered(_) => (9, 0.0),
    }
}

fn nearer(a: &Excluded, b: &Excluded) -> Ordering {
    let (ka, da) = distance(&a.reason);
    let (kb, db) = distance(&b.reason);
    ka.cmp(&kb)
        .then(da.total_cmp(&db))
        .then(
            a.cost
                .unwrap_or(f64::INFINITY)
                .total_cmp(&b.cost.unwrap_or(f64::INFINITY)),
        )
        .then_with(|| a.offer.id.cmp(&b.offer.id))
}

/// The excluded candidate nearest to fitting, if any (filtered-out offers never: the reader
/// chose to leave them out).
pub fn nearest<'r, 'a>(excluded: &'r [Excluded<'a>]) -> Option<&'r Excluded<'a>> {
    excluded
        .iter()
        .filter(|e| !matches!(e.reason, Reason::Filtered(_)))
        .min_by(|a, b| nearer(a, b))
}

/// "Provider instance (region)", the provider by its name in the reader's language.
pub fn offer_name(e: &Excluded, catalog: &Catalog, lang: Lang) -> String {
    let provider = catalog
        .provider(&e.offer.provider)
        .map_or(e.offer.provider.as_str(), |p| {
            format::provider_name(p, lang)
        });
    format!("{provider} {} ({})", e.offer.instance_type, e.offer.region)
}

/// The grouped list of `excluded`.
pub fn markup(excluded: &[Excluded], catalog: &Catalog, currency: Currency, lang: Lang) -> Html {
    let mut sorted: Vec<&Excluded> = excluded.iter().collect();
    sort::by(&mut sorted, |a, b| nearer(a, b));
    let mut h = Html::new();
    let mut rest = sorted.as_slice();
    while let Some(first) = rest.first() {
        let kind = distance(&first.reason).0;
        let end = rest
            .iter()
            .position(|e| distance(&e.reason).0 != kind)
            .unwrap_or(rest.len());
        let (group, after) = rest.split_at(end);
        rest = after;
        h.raw(
            r#"<li class="reason-group" data-testid="excluded-group"><span class="reason-name">"#,
        )
        .text(&format!(
            "{} ({})",
            format::reason_kind(&first.reason).get(lang),
            i18n::number(group.len() as f64, 0)
        ))
        .raw("</span><ul>");
        for e in group.iter().take(ROWS_PER_GROUP) {
            h.raw(r#"<li data-testid="excluded-row""#)
                .attr("data-offer-id", &e.offer.id)
                .raw("><span>")
                .text(&offer_name(e, catalog, lang))
                .raw("</span> — <span>")
                .text(&format::reason(&e.reason, currency, lang))
                .raw("</span></li>");
        }
        if group.len() > ROWS_PER_GROUP {
            let more = i18n::number((group.len() - ROWS_PER_GROUP) as f64, 0);
            h.raw(r#"<li class="muted">"#)
                .text(&match lang {
                    Lang::En => format!("and {more} more for the same reason"),
                    Lang::Zh => format!("另有 {more} 个因同样原因排除"),
                })
                .raw("</li>");
        }
        h.raw("</ul></li>");
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpu_sizer_engine::plan::evaluate;
    use gpu_sizer_formats::quickstart::QuickStart;

    #[test]
    fn groups_by_reason_nearest_first_with_counts_and_names() {
        let mut form = QuickStart::Pretrain.form();
        form.budget = Some(2000.0);
        let request = form.to_request(None).unwrap();
        let catalog = Catalog::builtin();
        let report = evaluate(catalog, &request).unwrap();
        assert!(report.excluded.len() > 20);
        let html = markup(&report.excluded, catalog, report.currency, Lang::Zh).finish();
        let groups = html.matches("data-testid=\"excluded-group\"").count();
        assert!(groups >= 2, "{html}");
        // Every group's count is in its name, and the counts add up.
        let total: usize = html
            .split("<span class=\"reason-name\">")
            .skip(1)
            .map(|g| {
                let count = g[g.find('(').unwrap() + 1..g.find(')').unwrap()].replace(',', "");
                count.parse::<usize>().unwrap()
            })
            .sum();
        assert_eq!(total, report.excluded.len());
        // Kinds never repeat and come nearest first.
        let mut kinds: Vec<u8> = report
            .excluded
            .iter()
            .map(|e| distance(&e.reason).0)
            .collect();
        sort::by(&mut kinds, Ord::cmp);
        kinds.dedup();
        assert_eq!(kinds.len(), groups);
        // Providers by name, never their ids.
        for e in &report.excluded {
            let id = format!("<span>{} ", e.offer.provider);
            let named = catalog.provider(&e.offer.provider).unwrap();
            if format::provider_name(named, Lang::Zh) != e.offer.provider {
                assert!(!html.contains(&id), "{id}");
            }
        }
        // The nearest is the first row of the first group.
        let first = nearest(&report.excluded).unwrap();
        assert!(!matches!(first.reason, Reason::Filtered(_)));
        let first_row = html.find("excluded-row").unwrap();
        assert!(html[first_row..].starts_with(&format!(
            "excluded-row\" data-offer-id=\"{}\"",
            first.offer.id
        )));
    }
}
