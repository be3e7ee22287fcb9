//! What every chart is drawn with: scales from values to pixels with round ticks, SVG elements
//! written through [`Html`], axes with their titles, and the short numbers ticks read.

use crate::html::Html;
use crate::i18n;
use gpu_sizer_engine::catalog::Currency;

pub(super) const W: f64 = 420.0;
pub(super) const H: f64 = 240.0;
pub(super) const LEFT: f64 = 64.0;
pub(super) const BOTTOM: f64 = 36.0;
pub(super) const TOP: f64 = 12.0;
pub(super) const RIGHT: f64 = 12.0;
/// Maps a value range to a pixel range, linear or logarithmic.
#[derive(Debug, Clone, Copy)]
pub(super) struct Scale {
    lo: f64,
    hi: f64,
    from: f64,
    to: f64,
    log: bool,
    /// The smallest step between ticks.
    min_step: f64,
    /// Log ticks' mantissas, fixed by [`Scale::covering`]; else chosen for the range.
    steps: Option<&'static [f64]>,
}

impl Scale {
    pub(super) fn new(lo: f64, hi: f64, from: f64, to: f64, log: bool) -> Scale {
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
            steps: None,
        }
    }

    pub(super) fn at(&self, v: f64) -> f64 {
        let v = if self.log { v.max(1e-9).log10() } else { v };
        self.from + (v - self.lo) / (self.hi - self.lo) * (self.to - self.from)
    }

    /// A few round tick values inside the range: on a log scale the powers of ten, or 1-3 or
    /// 1-2-5 steps when the range holds too few of them, or round values when it holds fewer
    /// than two of those (all candidates take about as long).
    pub(super) fn ticks(&self) -> Vec<f64> {
        if !self.log {
            return round_ticks(self.lo, self.hi, self.min_step);
        }
        let (lo, hi) = (10f64.powf(self.lo), 10f64.powf(self.hi));
        let ticks = log_ticks(lo, hi, self.steps.unwrap_or_else(|| log_steps(lo, hi)));
        if ticks.len() >= 2 {
            ticks
        } else {
            round_ticks(lo, hi, self.min_step)
        }
    }

    /// The same scale widened on a log axis to the round ticks just outside its range, so the
    /// lowest and the highest values drawn have a labelled tick beyond them.
    pub(super) fn covering(self) -> Scale {
        if !self.log {
            return self;
        }
        let (lo, hi) = (10f64.powf(self.lo), 10f64.powf(self.hi));
        let steps = log_steps(lo, hi);
        let wide = log_ticks(lo / 10.0, hi * 10.0, steps);
        let below = wide.iter().copied().rfind(|&t| t <= lo * (1.0 + 1e-9));
        let above = wide.iter().copied().find(|&t| t >= hi * (1.0 - 1e-9));
        match (below, above) {
            (Some(a), Some(b)) if log_ticks(a, b, steps).len() >= 2 => Scale {
                lo: a.log10(),
                hi: b.log10(),
                steps: Some(steps),
                ..self
            },
            _ => self,
        }
    }

    /// Ticks at whole numbers only (a count of instances has no half).
    pub(super) fn counting(mut self) -> Scale {
        self.min_step = 1.0;
        self
    }
}

/// The mantissas of the log ticks for `lo..=hi`: the sparsest of 1, 1-3 and 1-2-5 giving at least
/// four ticks, else 1-2-5 (at most eight: the powers of ten when 1-2-5 gives more).
fn log_steps(lo: f64, hi: f64) -> &'static [f64] {
    const STEPS: [&[f64]; 3] = [&[1.0], &[1.0, 3.0], &[1.0, 2.0, 5.0]];
    STEPS
        .into_iter()
        .find(|m| log_ticks(lo, hi, m).len() >= 4)
        .filter(|m| log_ticks(lo, hi, m).len() <= 8)
        .unwrap_or(if log_ticks(lo, hi, STEPS[2]).len() > 8 {
            STEPS[0]
        } else {
            STEPS[2]
        })
}

/// Every `m × 10ⁿ` for `m` in `steps` from `lo` to `hi`.
fn log_ticks(lo: f64, hi: f64, steps: &[f64]) -> Vec<f64> {
    if !(lo > 0.0 && hi >= lo && hi.is_finite()) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for e in (lo.log10().floor() as i32)..=(hi.log10().ceil() as i32) {
        for m in steps {
            // Written from its decimal form, so 3 × 10⁻¹ reads 0.3, not 0.30000000000000004.
            let v: f64 = format!("{m}e{e}").parse().unwrap_or(0.0);
            if v >= lo * (1.0 - 1e-9) && v <= hi * (1.0 + 1e-9) {
                out.push(v);
            }
        }
    }
    out
}

/// Up to eight multiples of 1, 2 or 5 × 10ⁿ (and of at least `min_step`) from `lo` to `hi`.
pub(super) fn round_ticks(lo: f64, hi: f64, min_step: f64) -> Vec<f64> {
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
pub(super) fn empty(h: &mut Html, name: &'static str, attrs: &[(&'static str, &str)]) {
    h.raw("<").raw(name);
    for (k, v) in attrs {
        h.attr(k, v);
    }
    h.raw("></").raw(name).raw(">");
}

/// Writes an SVG line from `a` to `b` (in pixels).
pub(super) fn line(h: &mut Html, a: (f64, f64), b: (f64, f64), class: &'static str) {
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
pub(super) fn label(h: &mut Html, attrs: &[(&'static str, &str)], text: &str) {
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
pub(super) fn px(v: f64) -> String {
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
pub(super) fn polyline(x: Scale, y: Scale, values: impl Iterator<Item = (f64, f64)>) -> String {
    values
        .map(|(a, b)| format!("{},{}", px(x.at(a)), px(y.at(b))))
        .collect::<Vec<_>>()
        .join(" ")
}

/// One axis of a chart: its scale, its title and how its ticks read.
pub(super) struct Axis<'a> {
    pub(super) scale: Scale,
    pub(super) title: &'a str,
    pub(super) tick: &'a dyn Fn(f64) -> String,
}

pub(super) fn axes(h: &mut Html, x: &Axis, y: &Axis) {
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
pub(super) fn open_chart(h: &mut Html, testid: &'static str, caption: &str, x: &Axis, y: &Axis) {
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

pub(super) fn short_money(v: f64, currency: Currency) -> String {
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

pub(super) fn short_hours(v: f64) -> String {
    if v >= 48.0 {
        format!("{}d", i18n::number(v / 24.0, 0))
    } else {
        format!(
            "{}h",
            i18n::number(v, if v > 0.0 && v < 1.0 { 1 } else { 0 })
        )
    }
}

#[cfg(test)]
mod tests {
    use super::{px, Scale, H, TOP};

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
        // Hours from 0.65 to 7.3: two powers of ten would leave most points unlabelled.
        let narrow = Scale::new(0.65, 7.3, 0.0, 1.0, true);
        assert_eq!(narrow.ticks(), vec![1.0, 2.0, 5.0]);
        let covered = narrow.covering();
        assert_eq!(covered.ticks(), vec![0.5, 1.0, 2.0, 5.0, 10.0]);
        // The widened scale still holds every value drawn.
        for v in [0.65, 7.3] {
            let at = covered.at(v);
            assert!((0.0..=1.0).contains(&at), "{v} at {at}");
        }
        let decades = Scale::new(0.3, 900.0, 0.0, 1.0, true).covering();
        assert_eq!(
            decades.ticks(),
            vec![0.3, 1.0, 3.0, 10.0, 30.0, 100.0, 300.0, 1000.0]
        );
    }
}
