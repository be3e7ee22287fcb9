//! Charts drawn as SVG markup: cost against time with the Pareto front, the billing modes over
//! a job's length with the break-even points, and a serving fleet over the day. They draw what
//! the engine returns and compute nothing of their own.

mod axes;

use crate::format;
use crate::html::Html;
use crate::i18n::{self, t, Lang};
use axes::{
    empty, line, open_chart, polyline, px, short_hours, short_money, Axis, Scale, BOTTOM, H, LEFT,
    RIGHT, TOP, W,
};
use gpu_sizer_engine::plan::{compare_modes, Candidate, Report, Served};

/// Most points drawn in the scatter (the best ones by rank, plus the whole Pareto front): each
/// point is rebuilt on every keystroke, and those further down the ranking add no decision.
const MAX_POINTS: usize = 60;

/// The charts panel for `report`: redrawn whole on every input change while on screen, with one
/// `innerHTML` write (see [`crate::html`]).
pub fn charts(report: &Report, lang: Lang) -> Html {
    let mut h = Html::new();
    h.raw(r#"<section class="panel charts" aria-labelledby="charts-heading"><h2 id="charts-heading">"#)
        .text(t::CHARTS.get(lang))
        .raw(r#"</h2><div class="chart-grid">"#);
    scatter(&mut h, report, lang);
    billing(&mut h, report, lang);
    fleet_chart(&mut h, report, lang);
    h.raw("</div></section>");
    h
}

fn scatter(h: &mut Html, report: &Report, lang: Lang) {
    let mut shown: Vec<usize> = (0..report.ranked.len().min(MAX_POINTS)).collect();
    shown.extend(report.pareto.iter().copied().filter(|&i| i >= MAX_POINTS));
    let points: Vec<&Candidate> = shown.iter().map(|&i| &report.ranked[i]).collect();
    if points.is_empty() {
        return;
    }
    // A service runs the month on every offer: its candidates differ in latency instead, a
    // request's or (an LLM's) an output token's.
    let served = if points.iter().all(|c| c.serving.is_some()) {
        points[0].serving.as_ref().map(|f| f.served)
    } else {
        None
    };
    let time = |c: &Candidate| match &c.serving {
        Some(f) => f.time_per_output_token_ms,
        None => c.hours.expected,
    };
    let (mut h0, mut h1, mut c0, mut c1) = (f64::INFINITY, 0f64, f64::INFINITY, 0f64);
    for c in &points {
        h0 = h0.min(time(c));
        h1 = h1.max(time(c));
        c0 = c0.min(c.cost.expected);
        c1 = c1.max(c.cost.expected);
    }
    let x = Scale::new(h0 * 0.9, h1 * 1.1, LEFT, W - RIGHT, true).covering();
    let y = Scale::new(c0 * 0.9, c1 * 1.1, H - BOTTOM, TOP, true).covering();
    let currency = report.currency;
    // Positions in `points` of the Pareto front, fastest first.
    let front: Vec<usize> = report
        .pareto
        .iter()
        .filter_map(|p| shown.iter().position(|i| i == p))
        .collect();
    let path = polyline(
        x,
        y,
        front
            .iter()
            .map(|&i| (time(points[i]), points[i].cost.expected)),
    );
    let ms = |v: f64| format!("{}ms", i18n::number(v, if v < 10.0 { 1 } else { 0 }));
    let (caption, x_title, y_title, x_tick): (_, _, _, &dyn Fn(f64) -> String) = match served {
        Some(per) => (
            match per {
                Served::Requests => t::CHART_SCATTER_INFERENCE,
                Served::Tokens => t::CHART_SCATTER_SERVING,
            },
            format::service_time(per),
            t::COST_PER_MONTH,
            &ms,
        ),
        None => (t::CHART_SCATTER, t::TIME, t::TOTAL_COST, &short_hours),
    };
    open_chart(
        h,
        "chart-scatter",
        caption.get(lang),
        &Axis {
            scale: x,
            title: x_title.get(lang),
            tick: x_tick,
        },
        &Axis {
            scale: y,
            title: y_title.get(lang),
            tick: &|v| short_money(v, currency),
        },
    );
    empty(h, "polyline", &[("points", &path), ("class", "front")]);
    h.raw("<g>");
    for (i, c) in points.iter().enumerate() {
        let class = if i == 0 {
            "dot pick"
        } else if front.contains(&i) {
            "dot front"
        } else {
            "dot"
        };
        let when = match &c.serving {
            Some(f) => format::ms(f.time_per_output_token_ms, lang),
            None => i18n::duration(c.hours.expected, lang),
        };
        h.raw("<circle")
            .attr("cx", &px(x.at(time(c))))
            .attr("cy", &px(y.at(c.cost.expected)))
            .attr("r", if i == 0 { "5" } else { "3" })
            .attr("class", class)
            .raw("><title>")
            .text(&format!(
                "{} {} · {when} · {}",
                format::provider_name(c.provider, lang),
                c.offer.instance_type,
                format::money(c.cost.expected, currency)
            ))
            .raw("</title></circle>");
    }
    h.raw(
        r#"</g></svg><p class="legend-line"><span class="swatch pick" aria-hidden="true"></span>"#,
    )
    .text(t::RECOMMENDED.get(lang))
    .raw(r#"<span class="swatch front" aria-hidden="true"></span>"#)
    .text(t::PARETO.get(lang))
    .raw("</p></figure>");
}

/// The compute each billing mode of the pick's offer bills as the job gets longer, with the
/// break-even points, as the engine compares them ([`compare_modes`]).
fn billing(h: &mut Html, report: &Report, lang: Lang) {
    let Some(chart) = compare_modes(report) else {
        return;
    };
    let max_cost = chart
        .modes
        .iter()
        .flat_map(|m| &m.corners)
        .map(|&(_, cost)| cost)
        .fold(0.0, f64::max);
    let x = Scale::new(0.0, chart.horizon, LEFT, W - RIGHT, false);
    let y = Scale::new(0.0, max_cost * 1.05, H - BOTTOM, TOP, false);
    let currency = report.currency;
    open_chart(
        h,
        "chart-billing",
        t::CHART_BILLING.get(lang),
        &Axis {
            scale: x,
            title: t::JOB_LENGTH.get(lang),
            tick: &short_hours,
        },
        &Axis {
            scale: y,
            title: t::COMPUTE_COST.get(lang),
            tick: &|v| short_money(v, currency),
        },
    );
    let job = x.at(chart.job_hours);
    line(h, (job, TOP), (job, H - BOTTOM), "job");
    for (i, m) in chart.modes.iter().enumerate() {
        h.raw("<polyline")
            .attr("points", &polyline(x, y, m.corners.iter().copied()))
            .attr("class", &format!("series s{}", i % 6))
            .raw("><title>")
            .text(format::mode(m.candidate.mode).get(lang))
            .raw("</title></polyline>");
    }
    for (hours, cost) in chart.modes.iter().filter_map(|m| m.break_even) {
        h.raw("<circle")
            .attr("cx", &px(x.at(hours)))
            .attr("cy", &px(y.at(cost)))
            .raw(r#" r="4" class="break-even"><title>"#)
            .text(&format!(
                "{}: {}",
                t::BREAK_EVEN.get(lang),
                i18n::duration(hours, lang)
            ))
            .raw("</title></circle>");
    }
    h.raw(r#"</svg><p class="legend-line">"#);
    for (i, m) in chart.modes.iter().enumerate() {
        h.raw("<span")
            .attr("class", &format!("swatch s{}", i % 6))
            .raw(r#" aria-hidden="true"></span>"#)
            .text(format::mode(m.candidate.mode).get(lang));
    }
    h.raw("</p></figure>");
}

/// Instances running each hour of the day for the pick, as the engine priced them (spares
/// against spot reclaims included).
fn fleet_chart(h: &mut Html, report: &Report, lang: Lang) {
    let Some(f) = report.pick().and_then(|p| p.serving.as_ref()) else {
        return;
    };
    let peak = f64::from(f.peak_instances.max(1));
    let x = Scale::new(0.0, 24.0, LEFT, W - RIGHT, false);
    let y = Scale::new(0.0, peak * 1.1, H - BOTTOM, TOP, false).counting();
    let bw = (W - RIGHT - LEFT) / 24.0 - 2.0;
    open_chart(
        h,
        "chart-fleet",
        t::CHART_FLEET.get(lang),
        &Axis {
            scale: x,
            title: t::HOUR_OF_DAY.get(lang),
            tick: &|v| format!("{v:.0}"),
        },
        &Axis {
            scale: y,
            title: t::INSTANCES.get(lang),
            tick: &|v| format!("{v:.0}"),
        },
    );
    for (hour, n) in f.instances_by_hour.iter().enumerate() {
        let top = y.at(f64::from(*n));
        h.raw("<rect")
            .attr("x", &px(x.at(hour as f64) + 1.0))
            .attr("y", &px(top))
            .attr("width", &px(bw))
            .attr("height", &px((H - BOTTOM - top).max(0.0)))
            .raw(r#" class="bar"><title>"#)
            .text(&format!("{hour:02}:00 · {n}"))
            .raw("</title></rect>");
    }
    h.raw("</svg></figure>");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::{hostile_report, modes_report, request};
    use gpu_sizer_engine::catalog::{BillingMode, Catalog};
    use gpu_sizer_engine::plan::evaluate;
    use gpu_sizer_formats::form::WorkloadKind;
    use gpu_sizer_formats::Form;

    /// The numbers in an attribute's value, in order.
    fn numbers(value: &str) -> Vec<f64> {
        value
            .split([',', ' '])
            .filter_map(|n| n.parse().ok())
            .collect()
    }

    /// Every value of attribute `name` in `html`, in order.
    fn values<'h>(html: &'h str, name: &str) -> Vec<&'h str> {
        let key = format!(" {name}=\"");
        html.match_indices(&key)
            .map(|(i, _)| {
                let rest = &html[i + key.len()..];
                &rest[..rest.find('"').unwrap()]
            })
            .collect()
    }

    #[test]
    fn a_typed_name_is_text_in_every_chart() {
        let (report, _) = hostile_report();
        let html = charts(&report, Lang::En).finish();
        assert!(html.contains("chart-scatter"));
        assert!(!html.contains("<img"), "{html}");
        assert!(html.contains("&lt;img src=x onerror=alert(1)&gt; &quot;dq&quot;"));
    }

    #[test]
    fn the_break_even_is_drawn_where_the_lines_cross() {
        let report = modes_report();
        let chart = compare_modes(&report).unwrap();
        let mut h = Html::new();
        billing(&mut h, &report, Lang::En);
        let html = h.finish();
        let lines: Vec<Vec<f64>> = values(&html, "points").into_iter().map(numbers).collect();
        assert_eq!(lines.len(), chart.modes.len());
        let on_demand = chart
            .modes
            .iter()
            .position(|m| m.candidate.mode == BillingMode::OnDemand)
            .unwrap();
        // The on-demand line is one straight segment from the origin.
        let line = &lines[on_demand];
        assert_eq!(line.len(), 4);
        let (cx, cy) = (values(&html, "cx"), values(&html, "cy"));
        assert!(!cx.is_empty(), "a break-even within the horizon");
        for (x, y) in cx.iter().zip(&cy) {
            let (x, y): (f64, f64) = (x.parse().unwrap(), y.parse().unwrap());
            // On that segment, to the tenth of a pixel coordinates are written to.
            let t = (x - line[0]) / (line[2] - line[0]);
            let on_line = line[1] + t * (line[3] - line[1]);
            assert!(
                (on_line - y).abs() <= 0.15,
                "({x}, {y}) off the line at {on_line}"
            );
        }
        // The job's mark stands at its hours.
        assert!(html.contains(r#"class="job""#));
    }

    #[test]
    fn the_fleet_is_the_one_the_engine_priced() {
        let form = Form {
            workload: WorkloadKind::Serve,
            ..Form::default()
        };
        let request = form.to_request(None).unwrap();
        let report = evaluate(Catalog::builtin(), &request).unwrap();
        let fleet = report.pick().unwrap().serving.as_ref().unwrap();
        let mut h = Html::new();
        fleet_chart(&mut h, &report, Lang::En);
        let html = h.finish();
        let bars: Vec<&str> = html.matches(r#"class="bar""#).collect();
        assert_eq!(bars.len(), 24);
        let titles: Vec<String> = (0..24)
            .map(|hour| format!("{hour:02}:00 · {}", fleet.instances_by_hour[hour]))
            .collect();
        for title in &titles {
            assert!(html.contains(title.as_str()), "{title}");
        }
    }

    #[test]
    fn a_service_is_plotted_against_what_it_answers() {
        let llm = Form {
            workload: WorkloadKind::Serve,
            ..Form::default()
        };
        let cnn = Form {
            workload: WorkloadKind::Infer,
            model: "resnet-50".into(),
            ..Form::default()
        };
        for (form, en, zh) in [
            (llm, "time per output token", "每个输出词元耗时"),
            (cnn, "latency per request", "每个请求延迟"),
        ] {
            let report = evaluate(Catalog::builtin(), &form.to_request(None).unwrap()).unwrap();
            let chart = |lang| {
                let mut h = Html::new();
                scatter(&mut h, &report, lang);
                h.finish().to_lowercase()
            };
            let (in_en, in_zh) = (chart(Lang::En), chart(Lang::Zh));
            assert!(in_en.contains(en), "{en}: {in_en}");
            assert!(in_zh.contains(zh), "{zh}: {in_zh}");
        }
    }

    #[test]
    fn a_job_priced_one_way_has_no_billing_chart() {
        let mut request = request(None);
        request.constraints.modes = vec![BillingMode::OnDemand];
        let report = evaluate(Catalog::builtin(), &request).unwrap();
        let mut h = Html::new();
        billing(&mut h, &report, Lang::En);
        assert_eq!(h.finish(), "");
    }
}
