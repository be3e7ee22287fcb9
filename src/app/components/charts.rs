//! Charts drawn as SVG by the page: cost against time with the Pareto front, billing modes over job
//! length with the break-even point, and a serving fleet over the day.

use super::on_screen::{on_screen, while_shown};
use crate::app::format;
use crate::app::html::Html;
use crate::app::i18n::{self, t, Lang};
use crate::app::prefs::use_prefs;
use crate::app::state::use_state;
use gpu_sizer_engine::catalog::Currency;
use gpu_sizer_engine::plan::{Candidate, Report};
use leptos::prelude::*;

const W: f64 = 420.0;
const H: f64 = 240.0;
const LEFT: f64 = 64.0;
const BOTTOM: f64 = 36.0;
const TOP: f64 = 12.0;
const RIGHT: f64 = 12.0;
/// Most points drawn in the scatter (the best ones by rank, plus the whole Pareto front): each
/// point is rebuilt on every keystroke, and those further down the ranking add no decision.
const MAX_POINTS: usize = 60;

/// Maps a value range to a pixel range, linear or logarithmic.
#[derive(Clone, Copy)]
struct Scale {
    lo: f64,
    hi: f64,
    from: f64,
    to: f64,
    log: bool,
    /// The smallest step between ticks.
    min_step: f64,
}

impl Scale {
    fn new(lo: f64, hi: f64, from: f64, to: f64, log: bool) -> Scale {
        let (lo, hi) = if log {
            (lo.max(1e-9).log10(), hi.max(lo * 1.0001).max(1e-9).log10())
        } else {
            (lo, hi)
        };
        // An empty range is drawn as one unit wide.
        let hi = if hi > lo { hi } else { lo + 1.0 };
        Scale {
            lo,
            hi,
            from,
            to,
            log,
            min_step: 0.0,
        }
    }

    fn at(&self, v: f64) -> f64 {
        let v = if self.log { v.max(1e-9).log10() } else { v };
        self.from + (v - self.lo) / (self.hi - self.lo) * (self.to - self.from)
    }

    /// A few round tick values inside the range: the powers of ten on a log scale, or round
    /// values when the range holds fewer than two of them (all candidates take about as long).
    fn ticks(&self) -> Vec<f64> {
        if !self.log {
            return round_ticks(self.lo, self.hi, self.min_step);
        }
        let (a, b) = (self.lo.floor() as i32, self.hi.ceil() as i32);
        let decades: Vec<f64> = (a..=b)
            .map(|e| 10f64.powi(e))
            .filter(|v| {
                let l = v.log10();
                l >= self.lo - 1e-9 && l <= self.hi + 1e-9
            })
            .collect();
        if decades.len() >= 2 {
            decades
        } else {
            round_ticks(10f64.powf(self.lo), 10f64.powf(self.hi), self.min_step)
        }
    }

    /// Ticks at whole numbers only (a count of instances has no half).
    fn counting(mut self) -> Scale {
        self.min_step = 1.0;
        self
    }
}

/// Up to eight multiples of 1, 2 or 5 × 10ⁿ (and of at least `min_step`) from `lo` to `hi`.
fn round_ticks(lo: f64, hi: f64, min_step: f64) -> Vec<f64> {
    let span = hi - lo;
    let step = 10f64.powf((span / 4.0).log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * step)
        .find(|s| span / s <= 5.0)
        .unwrap_or(step)
        .max(min_step);
    let mut v = (lo / step).ceil() * step;
    let mut out = Vec::new();
    while v <= hi + 1e-9 && out.len() < 8 {
        out.push(v);
        v += step;
    }
    out
}

/// Writes `<name a="v" …></name>` for an SVG element without content.
fn empty(h: &mut Html, name: &str, attrs: &[(&str, &str)]) {
    h.raw("<").raw(name);
    for (k, v) in attrs {
        h.attr(k, v);
    }
    h.raw("></").raw(name).raw(">");
}

/// Writes an SVG line from `a` to `b` (in pixels).
fn line(h: &mut Html, a: (f64, f64), b: (f64, f64), class: &str) {
    let (x1, y1, x2, y2) = (px(a.0), px(a.1), px(b.0), px(b.1));
    empty(
        h,
        "line",
        &[
            ("x1", &x1),
            ("y1", &y1),
            ("x2", &x2),
            ("y2", &y2),
            ("class", class),
        ],
    );
}

/// Writes an SVG `<text>` element.
fn label(h: &mut Html, attrs: &[(&str, &str)], text: &str) {
    h.raw("<text");
    for (k, v) in attrs {
        h.attr(k, v);
    }
    h.raw(">").text(text).raw("</text>");
}

/// A coordinate as written in the SVG.
///
/// To a tenth of a pixel, through integers: a chart writes hundreds of these on every input
/// change, and integer formatting costs a fraction of `{:.1}`'s.
fn px(v: f64) -> String {
    let tenths = (v * 10.0).round();
    if !tenths.is_finite() || tenths.abs() > 1e15 {
        return format!("{v:.1}");
    }
    let tenths = tenths as i64;
    let sign = if tenths < 0 { "-" } else { "" };
    let tenths = tenths.unsigned_abs();
    format!("{sign}{}.{}", tenths / 10, tenths % 10)
}

/// The `points` of an SVG polyline through `values` (in the scales' units).
fn polyline(x: Scale, y: Scale, values: impl Iterator<Item = (f64, f64)>) -> String {
    values
        .map(|(a, b)| format!("{},{}", px(x.at(a)), px(y.at(b))))
        .collect::<Vec<_>>()
        .join(" ")
}

/// One axis of a chart: its scale, its title and how its ticks read.
struct Axis<'a> {
    scale: Scale,
    title: &'a str,
    tick: &'a dyn Fn(f64) -> String,
}

fn axes(h: &mut Html, x: &Axis, y: &Axis) {
    let (base, right) = (H - BOTTOM, W - RIGHT);
    line(h, (LEFT, base), (right, base), "axis");
    line(h, (LEFT, TOP), (LEFT, base), "axis");
    for v in x.scale.ticks() {
        let at = x.scale.at(v);
        line(h, (at, base), (at, base + 4.0), "tick");
        label(
            h,
            &[
                ("x", &px(at)),
                ("y", &px(base + 16.0)),
                ("class", "tick-label"),
                ("text-anchor", "middle"),
            ],
            &(x.tick)(v),
        );
    }
    for v in y.scale.ticks() {
        let at = y.scale.at(v);
        line(h, (LEFT - 4.0, at), (right, at), "grid");
        label(
            h,
            &[
                ("x", &px(LEFT - 6.0)),
                ("y", &px(at + 4.0)),
                ("class", "tick-label"),
                ("text-anchor", "end"),
            ],
            &(y.tick)(v),
        );
    }
    let middle = (TOP + H - BOTTOM) / 2.0;
    label(
        h,
        &[
            ("x", &px((LEFT + W - RIGHT) / 2.0)),
            ("y", &px(H - 4.0)),
            ("class", "axis-label"),
            ("text-anchor", "middle"),
        ],
        x.title,
    );
    label(
        h,
        &[
            ("x", "12"),
            ("y", &px(middle)),
            ("class", "axis-label"),
            ("text-anchor", "middle"),
            ("transform", &format!("rotate(-90 12 {middle:.1})")),
        ],
        y.title,
    );
}

/// Opens a chart's figure and its SVG, and draws its axes.
fn open_chart(h: &mut Html, testid: &str, caption: &str, x: &Axis, y: &Axis) {
    h.raw(r#"<figure class="chart""#)
        .attr("data-testid", testid)
        .raw("><figcaption>")
        .text(caption)
        .raw("</figcaption><svg")
        .attr("viewBox", &format!("0 0 {W} {H}"))
        .raw(r#" role="img""#)
        .attr("aria-label", caption)
        .raw(">");
    axes(h, x, y);
}

fn short_money(v: f64, currency: Currency) -> String {
    let sym = gpu_sizer_engine::cost::money::symbol(currency);
    if v >= 1e6 {
        format!("{sym}{}M", i18n::number(v / 1e6, 1))
    } else if v >= 1e3 {
        format!("{sym}{}k", i18n::number(v / 1e3, 0))
    } else {
        format!(
            "{sym}{}",
            i18n::number(v, if v > 0.0 && v < 10.0 { 1 } else { 0 })
        )
    }
}

fn short_hours(v: f64) -> String {
    if v >= 48.0 {
        format!("{}d", i18n::number(v / 24.0, 0))
    } else {
        format!(
            "{}h",
            i18n::number(v, if v > 0.0 && v < 1.0 { 1 } else { 0 })
        )
    }
}

fn scatter(h: &mut Html, report: &Report, lang: Lang) {
    let mut shown: Vec<usize> = (0..report.ranked.len().min(MAX_POINTS)).collect();
    shown.extend(report.pareto.iter().copied().filter(|&i| i >= MAX_POINTS));
    let points: Vec<&Candidate> = shown.iter().map(|&i| &report.ranked[i]).collect();
    if points.is_empty() {
        return;
    }
    // A service runs the month on every offer: its candidates differ in latency instead.
    let serving = points.iter().all(|c| c.serving.is_some());
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
    let x = Scale::new(h0 * 0.8, h1 * 1.25, LEFT, W - RIGHT, true);
    let y = Scale::new(c0 * 0.8, c1 * 1.25, H - BOTTOM, TOP, true);
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
    let (caption, x_title, y_title, x_tick): (_, _, _, &dyn Fn(f64) -> String) = if serving {
        (
            t::CHART_SCATTER_SERVING,
            t::TIME_PER_TOKEN,
            t::COST_PER_MONTH,
            &ms,
        )
    } else {
        (t::CHART_SCATTER, t::TIME, t::TOTAL_COST, &short_hours)
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
                c.provider.name,
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

/// The cost of candidate `c` for a job of `hours`: time-billed modes scale with the hours, a
/// commitment is paid by whole terms (at least one).
fn cost_at(c: &Candidate, hours: f64) -> f64 {
    match c.mode.term_hours() {
        Some(term) => {
            c.price_per_hour * term * (hours / term).ceil().max(1.0) * f64::from(c.instances)
        }
        None => c.cost.expected * hours / c.hours.expected.max(1e-9),
    }
}

/// Most terms drawn as steps; a longer horizon is drawn to that many terms.
const MAX_TERMS: usize = 200;

/// The corners of a cost curve from 0 to `horizon` hours: a straight line when billed by the
/// hour, one flat step per term of a commitment (sampling the curve would draw the steps as
/// slopes). `cost_at` gives the cost of a job of so many hours.
fn corners(term: Option<f64>, horizon: f64, cost_at: impl Fn(f64) -> f64) -> Vec<(f64, f64)> {
    match term {
        None => vec![(0.0, 0.0), (horizon, cost_at(horizon))],
        Some(term) => {
            let terms = ((horizon / term).ceil().max(1.0) as usize).min(MAX_TERMS);
            (0..terms)
                .flat_map(|k| {
                    let start = k as f64 * term;
                    let cost = cost_at(start + term / 2.0);
                    [(start, cost), ((start + term).min(horizon), cost)]
                })
                .collect()
        }
    }
}

/// Cost of each billing mode of the pick's offer as the job gets longer.
fn billing(h: &mut Html, report: &Report, lang: Lang) {
    let Some(pick) = report.pick() else {
        return;
    };
    let same: Vec<&Candidate> = report
        .ranked
        .iter()
        .filter(|c| c.offer.id == pick.offer.id && c.instances == pick.instances)
        .collect();
    if same.len() < 2 || pick.hours.expected <= 0.0 {
        return;
    }
    let job = pick.hours.expected;
    let horizon = same
        .iter()
        .filter_map(|c| c.break_even.as_ref().map(|b| b.hours * 1.3))
        .fold(job * 2.0, f64::max)
        .max(24.0);
    let series: Vec<Vec<(f64, f64)>> = same
        .iter()
        .map(|c| corners(c.mode.term_hours(), horizon, |hours| cost_at(c, hours)))
        .collect();
    let max_cost = series
        .iter()
        .flatten()
        .map(|&(_, cost)| cost)
        .fold(0.0, f64::max);
    let x = Scale::new(0.0, horizon, LEFT, W - RIGHT, false);
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
            title: t::TOTAL_COST.get(lang),
            tick: &|v| short_money(v, currency),
        },
    );
    line(h, (x.at(job), TOP), (x.at(job), H - BOTTOM), "job");
    for (i, (c, points)) in same.iter().zip(&series).enumerate() {
        h.raw("<polyline")
            .attr("points", &polyline(x, y, points.iter().copied()))
            .attr("class", &format!("series s{}", i % 6))
            .raw("><title>")
            .text(format::mode(c.mode).get(lang))
            .raw("</title></polyline>");
    }
    for (c, hours) in same
        .iter()
        .filter_map(|c| c.break_even.as_ref().map(|b| (c, b.hours)))
        .filter(|(_, hours)| *hours <= horizon)
    {
        h.raw("<circle")
            .attr("cx", &px(x.at(hours)))
            .attr("cy", &px(y.at(cost_at(c, hours))))
            .raw(r#" r="4" class="break-even"><title>"#)
            .text(&format!(
                "{}: {}",
                t::BREAK_EVEN.get(lang),
                i18n::duration(hours, lang)
            ))
            .raw("</title></circle>");
    }
    h.raw(r#"</svg><p class="legend-line">"#);
    for (i, c) in same.iter().enumerate() {
        h.raw("<span")
            .attr("class", &format!("swatch s{}", i % 6))
            .raw(r#" aria-hidden="true"></span>"#)
            .text(format::mode(c.mode).get(lang));
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

/// The charts for the current report, as markup: redrawn whole on every input change while on
/// screen, with one `innerHTML` write (see [`crate::app::html`]).
#[component]
pub fn Charts() -> impl IntoView {
    let state = use_state();
    let lang = use_prefs().lang;
    let node = NodeRef::<leptos::html::Div>::new();
    let markup = while_shown(on_screen(node), move || {
        let lang = lang.get();
        state.report.with(|report| {
            let Ok(report) = report else {
                return String::new();
            };
            let mut h = Html::new();
            h.raw(r#"<section class="panel charts" aria-labelledby="charts-heading"><h2 id="charts-heading">"#)
                .text(t::CHARTS.get(lang))
                .raw(r#"</h2><div class="chart-grid">"#);
            scatter(&mut h, report, lang);
            billing(&mut h, report, lang);
            fleet_chart(&mut h, report, lang);
            h.raw("</div></section>");
            h.finish()
        })
    });
    view! { <div class="markup" node_ref=node inner_html=markup></div> }
}

#[cfg(test)]
mod tests {
    use super::{corners, px, Scale, H, TOP};
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn coordinates_are_written_to_a_tenth() {
        let cases = [
            (0.0, "0.0"),
            (12.34, "12.3"),
            (12.36, "12.4"),
            (-0.04, "0.0"),
            (-3.26, "-3.3"),
            (408.0, "408.0"),
        ];
        for (v, text) in cases {
            assert_eq!(px(v), text, "{v}");
        }
    }

    #[test]
    fn ticks_are_round_and_counts_whole() {
        // One instance at peak: no tick at half an instance.
        let count = Scale::new(0.0, 1.1, H, TOP, false).counting();
        assert_eq!(count.ticks(), vec![0.0, 1.0]);
        // Serving takes the month on every candidate: no power of ten in range, round values.
        let hours = Scale::new(584.0, 912.5, 0.0, 1.0, true);
        assert_eq!(hours.ticks(), vec![600.0, 700.0, 800.0, 900.0]);
        let wide = Scale::new(0.5, 2000.0, 0.0, 1.0, true);
        assert_eq!(wide.ticks(), vec![1.0, 10.0, 100.0, 1000.0]);
    }

    #[test]
    fn hourly_billing_is_a_line_and_a_commitment_steps_at_each_term() {
        let hourly = corners(None, 1000.0, |h| 2.0 * h);
        assert_eq!(hourly, vec![(0.0, 0.0), (1000.0, 2000.0)]);
        // A monthly term of 730 h at $1/h: one month paid from the first hour, two after 730 h.
        let monthly = corners(Some(730.0), 1000.0, |h| 730.0 * (h / 730.0).ceil().max(1.0));
        assert_eq!(
            monthly,
            vec![
                (0.0, 730.0),
                (730.0, 730.0),
                (730.0, 1460.0),
                (1000.0, 1460.0)
            ]
        );
        // A short horizon still shows the one term paid.
        assert_eq!(
            corners(Some(8760.0), 24.0, |_| 5.0),
            vec![(0.0, 5.0), (24.0, 5.0)]
        );
    }
}
