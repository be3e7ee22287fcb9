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
        }
    }

    pub(super) fn at(&self, v: f64) -> f64 {
        let v = if self.log { v.max(1e-9).log10() } else { v };
        self.from + (v - self.lo) / (self.hi - self.lo) * (self.to - self.from)
    }

    /// A few round tick values inside the range: the powers of ten on a log scale, or round
    /// values when the range holds fewer than two of them (all candidates take about as long).
    pub(super) fn ticks(&self) -> Vec<f64> {
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
    pub(super) fn counting(mut self) -> Scale {
        self.min_step = 1.0;
        self
    }
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
    }
}
