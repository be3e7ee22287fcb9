//! The project plan's table: each phase's pick, its total and month, and the project's totals
//! against every phase on the largest instance (`plan::phases::evaluate_project`).

use crate::format;
use crate::hardware as w;
use crate::html::Html;
use crate::i18n::{self, Lang};
use gpu_sizer_engine::catalog::Currency;
use gpu_sizer_engine::plan::phases::{ProjectPhase, ProjectReport};

/// The table of `report` for `phases`, in `currency`.
pub fn project(
    phases: &[ProjectPhase],
    report: &ProjectReport,
    currency: Currency,
    lang: Lang,
) -> Html {
    let money = |v: f64| format::money(v, currency);
    let mut h = Html::new();
    h.raw(r#"<div class="table-wrap"><table data-testid="project-table"><thead><tr>"#);
    for head in [
        w::PHASE,
        w::MONTHS,
        w::RUNS,
        w::PICK,
        w::PHASE_TOTAL,
        w::PER_MONTH,
        w::ON_LARGEST,
    ] {
        h.raw(r#"<th scope="col">"#)
            .text(head.get(lang))
            .raw("</th>");
    }
    h.raw("</tr></thead><tbody>");
    for (p, c) in phases.iter().zip(&report.phases) {
        h.raw(r#"<tr data-testid="project-phase""#)
            .attr("data-total", &format!("{:.2}", c.total))
            .raw(r#"><th scope="row">"#)
            .text(&p.name)
            .raw("</th><td class=\"num\">")
            .text(&i18n::number(p.months, 1))
            .raw("</td><td class=\"num\">")
            .text(&i18n::number(p.runs, 1))
            .raw("</td><td>")
            .text(&c.pick.as_ref().map_or_else(
                || crate::i18n::t::NO_CANDIDATE.get(lang).to_string(),
                |c| {
                    format!(
                        "{} · {} · {} × {} · {}",
                        format::provider_name(c.provider, lang),
                        c.offer.instance_type,
                        c.gpus,
                        c.gpu.name,
                        format::mode(c.mode).get(lang)
                    )
                },
            ))
            .raw("</td><td class=\"num\">")
            .text(&money(c.total))
            .raw("</td><td class=\"num\">")
            .text(&money(c.per_month))
            .raw("</td><td class=\"num\">")
            .text(&c.on_largest.map_or_else(|| "—".to_string(), money))
            .raw("</td></tr>");
    }
    h.raw(r#"</tbody></table></div><p data-testid="project-total""#)
        .attr("data-total", &format!("{:.2}", report.total))
        .attr("data-per-month", &format!("{:.2}", report.per_month))
        .raw("><strong>")
        .text(&format!(
            "{}: {} · {}: {}",
            w::PROJECT_TOTAL.get(lang),
            money(report.total),
            w::PER_MONTH.get(lang),
            money(report.per_month)
        ))
        .raw(r#"</strong></p><p data-testid="project-saving">"#);
    match (report.largest, report.on_largest, report.saving) {
        (Some(o), Some(all), Some(saving)) => {
            h.text(&format!(
                "{} ({}, {}): {} − {} = {}",
                w::SAVING.get(lang),
                o.instance_type,
                o.region,
                money(all),
                money(report.total),
                money(saving)
            ));
        }
        _ => {
            h.text(w::NO_SINGLE.get(lang));
        }
    }
    h.raw("</p>");
    h
}
