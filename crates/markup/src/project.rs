//! The project plan's table: each phase's pick, its total and month, and the project's totals
//! against every phase on the largest instance (`plan::phases::evaluate_project`).

use crate::format;
use crate::hardware as w;
use crate::html::Html;
use crate::i18n::{self, Lang};
use gpu_sizer_engine::catalog::Currency;
use gpu_sizer_engine::plan::phases::{ProjectPhase, ProjectReport};
use gpu_sizer_formats::shared_prices::{Refused, MAX_LINK_CHARS};

/// What the page says about the plan a link opened: what of it was left out, or why it was not
/// read (then the page's own plan stays).
pub fn from_link(read: Result<usize, Refused>, lang: Lang) -> String {
    match (read, lang) {
        (Ok(0), _) => String::new(),
        (Ok(n), Lang::En) => format!(
            "The plan opened from the link; {n} part{} of it could not be used and kept {}.",
            if n == 1 { "" } else { "s" },
            if n == 1 {
                "its default"
            } else {
                "their defaults"
            }
        ),
        (Ok(n), Lang::Zh) => format!("已从链接打开计划；其中 {n} 项无法使用，保留默认值。"),
        (Err(why), _) => {
            let why = match (why, lang) {
                (Refused::TooLong(_), Lang::En) => "it is too long",
                (Refused::TooLong(_), Lang::Zh) => "内容过长",
                (Refused::UnknownVersion, Lang::En) => {
                    "it was written by a newer version of the page"
                }
                (Refused::UnknownVersion, Lang::Zh) => "它由更新版本的页面写入",
                (Refused::Unreadable, Lang::En) => "it was cut short or altered",
                (Refused::Unreadable, Lang::Zh) => "链接被截断或改动过",
            };
            match lang {
                Lang::En => format!("The plan in the link could not be read ({why})."),
                Lang::Zh => format!("链接中的计划无法读取（{why}）。"),
            }
        }
    }
}

/// Why the plan link was not made: its length, over the limit.
pub fn link_too_long(chars: usize, lang: Lang) -> String {
    let (n, max) = (
        i18n::number(chars as f64, 0),
        i18n::number(MAX_LINK_CHARS as f64, 0),
    );
    match lang {
        Lang::En => format!("This plan would make a link of {n} characters, over the {max} a link can safely carry: export it as a file instead."),
        Lang::Zh => format!("该计划生成的链接长度为 {n} 个字符，超过链接可稳妥携带的 {max} 个字符：请改为导出文件。"),
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plan_link_is_worded_in_both_languages() {
        assert_eq!(from_link(Ok(0), Lang::En), "");
        assert!(from_link(Ok(2), Lang::En).contains("2 parts"));
        assert!(from_link(Ok(1), Lang::Zh).contains("1 项"));
        for why in [
            Refused::TooLong(9000),
            Refused::UnknownVersion,
            Refused::Unreadable,
        ] {
            assert!(from_link(Err(why), Lang::En).contains("could not be read"));
            assert!(from_link(Err(why), Lang::Zh).contains("无法读取"));
        }
        assert!(link_too_long(12_345, Lang::En).contains("12,345"));
    }
}
