//! Charts drawn as SVG by the page: cost against time with the Pareto front, billing modes over job
//! length with the break-even point, and a serving fleet over the day.

use crate::app::format;
use crate::app::html::Html;
use crate::app::i18n::{self, t, Lang};
use crate::app::prefs::use_prefs;
use crate::app::state::use_state;
use gpu_sizer_engine::catalog::Currency;
use gpu_sizer_engine::cost::serving::{fleet, TrafficProfile};
use gpu_sizer_engine::plan::{Candidate, Report};
use gpu_sizer_formats::form::WorkloadKind;
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
}

impl Scale {
    fn new(lo: f64, hi: f64, from: f64, to: f64, log: bool) -> Scale {
        let (lo, hi) = if log {
            (lo.max(1e-9).log10(), hi.max(lo * 1.0001).max(1e-9).log10())
        } else {
            (lo, if hi > lo { hi } else { lo + 1.0 })
        };
        let hi = if hi > lo { hi } else { lo + 1.0 };
        Scale {
            lo,
            hi,
            from,
            to,
            log,
        }
    }

    fn at(&self, v: f64) -> f64 {
        let v = if self.log { v.max(1e-9).log10() } else { v };
        self.from + (v - self.lo) / (self.hi - self.lo) * (self.to - self.from)
    }

    /// A few round tick values inside the range.
    fn ticks(&self) -> Vec<f64> {
        if self.log {
            let (a, b) = (self.lo.floor() as i32, self.hi.ceil() as i32);
            (a..=b)
                .map(|e| 10f64.powi(e))
                .filter(|v| {
                    let l = v.log10();
                    l >= self.lo - 1e-9 && l <= self.hi + 1e-9
                })
                .collect()
        } else {
            let span = self.hi - self.lo;
            let step = 10f64.powf((span / 4.0).log10().floor());
            let step = [1.0, 2.0, 5.0, 10.0]
                .iter()
                .map(|m| m * step)
                .find(|s| span / s <= 5.0)
                .unwrap_or(step);
            let mut v = (self.lo / step).ceil() * step;
            let mut out = Vec::new();
            while v <= self.hi + 1e-9 && out.len() < 8 {
                out.push(v);
                v += step;
            }
            out
        }
    }
}

fn axes(
    x: Scale,
    y: Scale,
    x_label: String,
    y_label: String,
    fx: impl Fn(f64) -> String,
    fy: impl Fn(f64) -> String,
) -> AnyView {
    let xt = x.ticks().into_iter().map(|v| {
        let px = x.at(v);
        view! {
            <line x1=px x2=px y1=H - BOTTOM y2=H - BOTTOM + 4.0 class="tick" />
            <text x=px y=H - BOTTOM + 16.0 class="tick-label" text-anchor="middle">{fx(v)}</text>
        }
    }).collect_view();
    let yt = y
        .ticks()
        .into_iter()
        .map(|v| {
            let py = y.at(v);
            view! {
                <line x1=LEFT - 4.0 x2=W - RIGHT y1=py y2=py class="grid" />
                <text x=LEFT - 6.0 y=py + 4.0 class="tick-label" text-anchor="end">{fy(v)}</text>
            }
        })
        .collect_view();
    view! {
        <line x1=LEFT x2=W - RIGHT y1=H - BOTTOM y2=H - BOTTOM class="axis" />
        <line x1=LEFT x2=LEFT y1=TOP y2=H - BOTTOM class="axis" />
        {xt}
        {yt}
        <text x=(LEFT + W - RIGHT) / 2.0 y=H - 4.0 class="axis-label" text-anchor="middle">{x_label}</text>
        <text x=12.0 y=(TOP + H - BOTTOM) / 2.0 class="axis-label" text-anchor="middle"
            transform=format!("rotate(-90 12 {})", (TOP + H - BOTTOM) / 2.0)>{y_label}</text>
    }
    .into_any()
}

fn short_money(v: f64, currency: Currency) -> String {
    let sym = gpu_sizer_engine::cost::money::symbol(currency);
    if v >= 1e6 {
        format!("{sym}{}M", i18n::number(v / 1e6, 1))
    } else if v >= 1e3 {
        format!("{sym}{}k", i18n::number(v / 1e3, 0))
    } else {
        format!("{sym}{}", i18n::number(v, if v < 10.0 { 1 } else { 0 }))
    }
}

fn short_hours(v: f64) -> String {
    if v >= 48.0 {
        format!("{}d", i18n::number(v / 24.0, 0))
    } else {
        format!("{}h", i18n::number(v, if v < 1.0 { 1 } else { 0 }))
    }
}

fn scatter(report: &Report, lang: Lang) -> AnyView {
    let mut shown: Vec<usize> = (0..report.ranked.len().min(MAX_POINTS)).collect();
    shown.extend(report.pareto.iter().copied().filter(|&i| i >= MAX_POINTS));
    let points: Vec<&Candidate> = shown.iter().map(|&i| &report.ranked[i]).collect();
    if points.is_empty() {
        return ().into_any();
    }
    let (mut h0, mut h1, mut c0, mut c1) = (f64::INFINITY, 0f64, f64::INFINITY, 0f64);
    for c in &points {
        h0 = h0.min(c.hours.expected);
        h1 = h1.max(c.hours.expected);
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
    let path: String = front
        .iter()
        .map(|&i| {
            format!(
                "{:.1},{:.1}",
                x.at(points[i].hours.expected),
                y.at(points[i].cost.expected)
            )
        })
        .collect::<Vec<_>>()
        .join(" ");
    // Markup as text: one DOM write for all points (see `crate::app::html`).
    let mut dots = Html::new();
    for (i, c) in points.iter().enumerate() {
        let class = if i == 0 {
            "dot pick"
        } else if front.contains(&i) {
            "dot front"
        } else {
            "dot"
        };
        dots.raw("<circle")
            .attr("cx", &format!("{:.1}", x.at(c.hours.expected)))
            .attr("cy", &format!("{:.1}", y.at(c.cost.expected)))
            .attr("r", if i == 0 { "5" } else { "3" })
            .attr("class", class)
            .raw("><title>")
            .text(&format!(
                "{} {} · {} · {}",
                c.provider.name,
                c.offer.instance_type,
                i18n::duration(c.hours.expected, lang),
                format::money(c.cost.expected, currency)
            ))
            .raw("</title></circle>");
    }
    let dots = dots.finish();
    view! {
        <figure class="chart" data-testid="chart-scatter">
            <figcaption>{t::CHART_SCATTER.get(lang)}</figcaption>
            <svg viewBox=format!("0 0 {W} {H}") role="img" aria-label=t::CHART_SCATTER.get(lang)>
                {axes(x, y, t::TIME.get(lang).to_string(), t::TOTAL_COST.get(lang).to_string(), short_hours, move |v| short_money(v, currency))}
                <polyline points=path class="front" />
                <g inner_html=dots></g>
            </svg>
            <p class="legend-line"><span class="swatch pick" aria-hidden="true"></span>{t::RECOMMENDED.get(lang)}
                <span class="swatch front" aria-hidden="true"></span>{t::PARETO.get(lang)}</p>
        </figure>
    }
    .into_any()
}

/// Cost of each billing mode of the pick's offer as the job gets longer.
fn billing(report: &Report, lang: Lang) -> AnyView {
    let Some(pick) = report.pick() else {
        return ().into_any();
    };
    let same: Vec<&Candidate> = report
        .ranked
        .iter()
        .filter(|c| c.offer.id == pick.offer.id && c.instances == pick.instances)
        .collect();
    if same.len() < 2 || pick.hours.expected <= 0.0 {
        return ().into_any();
    }
    let job = pick.hours.expected;
    let horizon = same
        .iter()
        .filter_map(|c| c.break_even.as_ref().map(|b| b.hours * 1.3))
        .fold(job * 2.0, f64::max)
        .max(24.0);
    // Cost as a function of hours: time-billed modes scale with hours; commitments are steps.
    let cost_at = |c: &Candidate, h: f64| -> f64 {
        match c.mode.term_hours() {
            Some(term) => {
                c.price_per_hour * term * (h / term).ceil().max(1.0) * f64::from(c.instances)
            }
            None => c.cost.expected * h / c.hours.expected.max(1e-9),
        }
    };
    let steps = 60;
    let max_cost = same.iter().map(|c| cost_at(c, horizon)).fold(0.0, f64::max);
    let x = Scale::new(0.0, horizon, LEFT, W - RIGHT, false);
    let y = Scale::new(0.0, max_cost * 1.05, H - BOTTOM, TOP, false);
    let currency = report.currency;
    let lines = same
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let pts: String = (0..=steps)
                .map(|k| {
                    let h = horizon * f64::from(k) / f64::from(steps);
                    format!("{:.1},{:.1}", x.at(h), y.at(cost_at(c, h.max(1e-6))))
                })
                .collect::<Vec<_>>()
                .join(" ");
            view! {
                <polyline points=pts class=format!("series s{}", i % 6)>
                    <title>{format::mode(c.mode).get(lang)}</title>
                </polyline>
            }
        })
        .collect_view();
    let marks = same
        .iter()
        .filter_map(|c| c.break_even.as_ref().map(|b| (c, b.hours)))
        .filter(|(_, h)| *h <= horizon)
        .map(|(c, h)| {
            view! {
                <circle cx=format!("{:.1}", x.at(h)) cy=format!("{:.1}", y.at(cost_at(c, h))) r="4" class="break-even">
                    <title>{format!("{}: {}", t::BREAK_EVEN.get(lang), i18n::duration(h, lang))}</title>
                </circle>
            }
        })
        .collect_view();
    let legend = same
        .iter()
        .enumerate()
        .map(|(i, c)| view! { <span class=format!("swatch s{}", i % 6) aria-hidden="true"></span>{format::mode(c.mode).get(lang)} })
        .collect_view();
    view! {
        <figure class="chart" data-testid="chart-billing">
            <figcaption>{t::CHART_BILLING.get(lang)}</figcaption>
            <svg viewBox=format!("0 0 {W} {H}") role="img" aria-label=t::CHART_BILLING.get(lang)>
                {axes(x, y, t::JOB_LENGTH.get(lang).to_string(), t::TOTAL_COST.get(lang).to_string(), short_hours, move |v| short_money(v, currency))}
                <line x1=format!("{:.1}", x.at(job)) x2=format!("{:.1}", x.at(job)) y1=TOP y2=H - BOTTOM class="job" />
                {lines}
                {marks}
            </svg>
            <p class="legend-line">{legend}</p>
        </figure>
    }
    .into_any()
}

/// Replicas running each hour of the day for the pick, autoscaled to the traffic.
fn fleet_chart(report: &Report, form: &gpu_sizer_formats::Form, lang: Lang) -> AnyView {
    let Some(pick) = report.pick() else {
        return ().into_any();
    };
    let per_replica = pick
        .timing
        .figure("requests_per_s")
        .map_or(0.0, |f| f.band.expected);
    if per_replica <= 0.0 {
        return ().into_any();
    }
    let replicas = f64::from((pick.offer.gpu_count / pick.gpus.max(1)).max(1));
    let profile = TrafficProfile::from_peak(
        form.requests_per_s.unwrap_or(per_replica),
        form.peak_ratio,
        f64::from(form.prompt_tokens),
        f64::from(form.output_tokens),
    );
    let f = fleet(&profile, per_replica * replicas, pick.price_per_hour, 1);
    let peak = f64::from(f.peak_instances.max(1));
    let x = Scale::new(0.0, 24.0, LEFT, W - RIGHT, false);
    let y = Scale::new(0.0, peak * 1.1, H - BOTTOM, TOP, false);
    let bw = (W - RIGHT - LEFT) / 24.0 - 2.0;
    let bars = f
        .instances_by_hour
        .iter()
        .enumerate()
        .map(|(h, n)| {
            let top = y.at(f64::from(*n));
            view! {
                <rect x=format!("{:.1}", x.at(h as f64) + 1.0) y=format!("{top:.1}") width=format!("{bw:.1}")
                    height=format!("{:.1}", (H - BOTTOM - top).max(0.0)) class="bar">
                    <title>{format!("{h:02}:00 · {n}")}</title>
                </rect>
            }
        })
        .collect_view();
    view! {
        <figure class="chart" data-testid="chart-fleet">
            <figcaption>{t::CHART_FLEET.get(lang)}</figcaption>
            <svg viewBox=format!("0 0 {W} {H}") role="img" aria-label=t::CHART_FLEET.get(lang)>
                {axes(x, y, t::HOUR_OF_DAY.get(lang).to_string(), t::INSTANCES.get(lang).to_string(), |v| format!("{v:.0}"), |v| format!("{v:.0}"))}
                {bars}
            </svg>
        </figure>
    }
    .into_any()
}

/// The charts for the current report.
#[component]
pub fn Charts() -> impl IntoView {
    let state = use_state();
    let lang = use_prefs().lang;
    move || {
        let lang = lang.get();
        let serving = state.form.with(|f| f.workload == WorkloadKind::Serve);
        state.report.with(|report| match report {
            Ok(report) => view! {
                <section class="panel charts" aria-labelledby="charts-heading">
                    <h2 id="charts-heading">{t::CHARTS.get(lang)}</h2>
                    <div class="chart-grid">
                        {scatter(report, lang)}
                        {billing(report, lang)}
                        {serving.then(|| state.form.with(|f| fleet_chart(report, f, lang)))}
                    </div>
                </section>
            }
            .into_any(),
            Err(_) => ().into_any(),
        })
    }
}
