//! Serving fleets: instances needed hour by hour for a traffic profile, autoscaled or fixed.

use crate::cite::SERVERLESS_IDLE_TIMEOUT_SOURCE;
use crate::explain::{Detail, Full, Term};

/// Traffic over a day: requests per second in each of the 24 hours.
#[derive(Debug, Clone, PartialEq)]
pub struct TrafficProfile {
    pub requests_per_second: [f64; 24],
    pub prompt_tokens: f64,
    pub output_tokens: f64,
}

/// `(1 + cos((h − 14) / 24 · 2π)) / 2` for each hour `h` of the day: 1 at 14:00, 0 at 02:00.
/// Written out rather than computed, so that neither wasm module carries a cosine (its argument
/// reduction alone is several kilobytes) for 24 fixed values; a test checks them against `cos`.
const RAISED_COSINE: [f64; 24] = [
    0.0669872981077807,
    0.01703708685546579,
    0.0,
    0.0170370868554659,
    0.06698729810778065,
    0.14644660940672627,
    0.2500000000000001,
    0.3705904774487396,
    0.5,
    0.6294095225512604,
    0.75,
    0.8535533905932737,
    0.9330127018922194,
    0.9829629131445341,
    1.0,
    0.9829629131445341,
    0.9330127018922194,
    0.8535533905932737,
    0.75,
    0.6294095225512604,
    0.5,
    0.3705904774487396,
    0.2500000000000001,
    0.14644660940672627,
];

impl TrafficProfile {
    /// A day with mean `average` requests/s and a peak of `peak_ratio` × `average` at 14:00.
    ///
    /// The curve is `base + amp · ((1 + cos)/2)^k`, with the smallest power `k` that keeps the
    /// night-time base non-negative: the sharper the peak, the narrower the busy hours.
    pub fn from_peak(
        average: f64,
        peak_ratio: f64,
        prompt_tokens: f64,
        output_tokens: f64,
    ) -> Self {
        let average = average.max(0.0);
        let ratio = peak_ratio.clamp(1.0, 24.0);
        let cosine = |h: usize| RAISED_COSINE[h];
        let mut k = 1;
        let mut shape = [0.0; 24];
        loop {
            for (h, s) in shape.iter_mut().enumerate() {
                *s = cosine(h).powi(k);
            }
            let mean_shape = shape.iter().sum::<f64>() / 24.0;
            if mean_shape * ratio <= 1.0 + 1e-12 || k >= 512 {
                break;
            }
            k += 1;
        }
        let mean_shape = shape.iter().sum::<f64>() / 24.0;
        let amp = if ratio > 1.0 {
            average * (ratio - 1.0) / (1.0 - mean_shape)
        } else {
            0.0
        };
        let base = average - amp * mean_shape;
        let mut rps = [0.0; 24];
        for (r, s) in rps.iter_mut().zip(shape) {
            *r = (base + amp * s).max(0.0);
        }
        Self {
            requests_per_second: rps,
            prompt_tokens,
            output_tokens,
        }
    }

    /// Tokens (prompt and output) the day's requests carry.
    pub fn tokens_per_day(&self) -> f64 {
        self.requests_per_second
            .iter()
            .map(|r| r * 3600.0)
            .sum::<f64>()
            * (self.prompt_tokens + self.output_tokens)
    }
}

/// A fleet over one day and the month it implies.
#[derive(Debug, Clone, PartialEq)]
pub struct Fleet {
    /// Instances running in each hour when autoscaled (spares included).
    pub instances_by_hour: [u32; 24],
    /// Of those, spares kept against spot reclaims.
    pub spares_by_hour: [u32; 24],
    pub peak_instances: u32,
    /// Spares in the busiest hour.
    pub peak_spares: u32,
    pub autoscaled_per_month: f64,
    pub fixed_per_month: f64,
    /// Autoscaled cost per million tokens served (prompt + output).
    pub per_million_tokens: f64,
    pub terms: Vec<Term>,
}

/// Days in a billing month (730 h / 24).
const DAYS_PER_MONTH: f64 = 730.0 / 24.0;

/// Sizes a fleet: each instance serves `capacity_rps` requests per second within the latency
/// target; at least `min_instances` always run.
pub fn fleet(
    profile: &TrafficProfile,
    capacity_rps: f64,
    per_hour: f64,
    min_instances: u32,
) -> Fleet {
    fleet_with(profile, capacity_rps, per_hour, min_instances, Full)
}

/// [`fleet`] with formulas only when `detail` asks for them.
pub fn fleet_with(
    profile: &TrafficProfile,
    capacity_rps: f64,
    per_hour: f64,
    min_instances: u32,
    detail: impl Detail,
) -> Fleet {
    fleet_on_spot_with(profile, capacity_rps, per_hour, min_instances, 0.0, detail)
}

/// Most hours in which a spot fleet may fall short of its traffic because more instances are
/// reclaimed at once than it keeps spare: one in a thousand (an assumption, not a published
/// figure; a production service would set its own).
pub const SPOT_SHORTFALL: f64 = 1e-3;
/// The standard normal quantile leaving [`SPOT_SHORTFALL`] in the upper tail.
const SHORTFALL_Z: f64 = 3.0902;

/// Share of the time one spot instance is out: reclaimed `per_hour` times an hour on average,
/// back `restart_h` hours later (replacement instance started, model loaded).
pub fn spot_down_share(per_hour: f64, restart_h: f64) -> f64 {
    let out = per_hour.max(0.0) * restart_h.max(0.0);
    out / (1.0 + out)
}

/// Spares to keep beside `needed` spot instances, each out a `down` share of the time
/// independently: at least one, and enough that more are out at once than spared in no more
/// than [`SPOT_SHORTFALL`] of the hours (a binomial tail).
pub fn spares(needed: u32, down: f64) -> u32 {
    if needed == 0 || down.is_nan() || down <= 0.0 {
        return 0;
    }
    let down = down.min(1.0 - 1e-9);
    let mean = f64::from(needed) * down;
    if needed > 1000 || mean > 20.0 {
        // A large fleet: the binomial tail by its normal approximation (the exact sum would take
        // as many terms as there are spares, and its first term underflows).
        let sd = (mean * (1.0 - down)).sqrt();
        return ((mean + SHORTFALL_Z * sd).ceil() as u32).max(1);
    }
    let mut spare = 1u32;
    loop {
        let n = needed.saturating_add(spare);
        // P(more than `spare` of `n` out) = 1 − Σ_{k ≤ spare} C(n, k) down^k (1 − down)^(n − k).
        let mut pmf = (1.0 - down).powi(n as i32);
        let mut within = pmf;
        for k in 0..spare {
            pmf *= f64::from(n - k) / f64::from(k + 1) * down / (1.0 - down);
            within += pmf;
        }
        if 1.0 - within <= SPOT_SHORTFALL || spare >= needed.max(64) {
            return spare;
        }
        spare += 1;
    }
}

/// A fleet of spot instances, each out a `down` share of the time (see [`spot_down_share`]):
/// every hour keeps [`spares`] beside the instances its traffic needs, billed like them.
pub fn fleet_on_spot_with(
    profile: &TrafficProfile,
    capacity_rps: f64,
    per_hour: f64,
    min_instances: u32,
    down: f64,
    detail: impl Detail,
) -> Fleet {
    FleetSize::on_spot(profile, capacity_rps, min_instances, down).priced(profile, per_hour, detail)
}

/// A fleet's instances hour by hour: what its traffic, an instance's capacity and the share of
/// the time an instance is reclaimed ask for, whatever an instance costs. Ranking prices every
/// billing mode of every offer of a GPU on the same placement, so candidates that differ only
/// in price share one size, found once.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FleetSize {
    /// Instances running in each hour when autoscaled (spares included).
    pub instances_by_hour: [u32; 24],
    /// Of those, spares kept against spot reclaims.
    pub spares_by_hour: [u32; 24],
    pub peak_instances: u32,
    /// Spares in the busiest hour.
    pub peak_spares: u32,
}

impl FleetSize {
    /// Instances serving `capacity_rps` requests per second each, at least `min_instances`,
    /// each out a `down` share of the time (0 off spot).
    pub fn on_spot(
        profile: &TrafficProfile,
        capacity_rps: f64,
        min_instances: u32,
        down: f64,
    ) -> FleetSize {
        let cap = capacity_rps.max(1e-9);
        let mut by_hour = [0u32; 24];
        let mut spares_by_hour = [0u32; 24];
        for ((n, spare), rps) in by_hour
            .iter_mut()
            .zip(spares_by_hour.iter_mut())
            .zip(profile.requests_per_second)
        {
            let needed = ((rps.max(0.0) / cap).ceil() as u32).max(min_instances);
            *spare = spares(needed, down);
            *n = needed.saturating_add(*spare);
        }
        let peak = by_hour.iter().copied().max().unwrap_or(0);
        let peak_spares = by_hour
            .iter()
            .zip(spares_by_hour)
            .filter(|(n, _)| **n == peak)
            .map(|(_, s)| s)
            .max()
            .unwrap_or(0);
        FleetSize {
            instances_by_hour: by_hour,
            spares_by_hour,
            peak_instances: peak,
            peak_spares,
        }
    }

    /// Instance-hours in a day.
    pub fn instance_hours(&self) -> f64 {
        self.instances_by_hour.iter().map(|&n| f64::from(n)).sum()
    }

    /// Of those, the spares' hours.
    pub fn spare_hours(&self) -> f64 {
        self.spares_by_hour.iter().map(|&n| f64::from(n)).sum()
    }

    /// The fleet counted in instances when each of its units is `instances` instances (a
    /// replica spanning several).
    pub fn in_instances(mut self, instances: u32) -> FleetSize {
        for n in self
            .instances_by_hour
            .iter_mut()
            .chain(self.spares_by_hour.iter_mut())
        {
            *n = n.saturating_mul(instances);
        }
        self.peak_instances = self.peak_instances.saturating_mul(instances);
        self.peak_spares = self.peak_spares.saturating_mul(instances);
        self
    }

    /// The month autoscaled (the day's instance-hours) and fixed (the busiest hour's instances
    /// all day), at `per_hour` an instance.
    pub fn per_month(&self, per_hour: f64) -> (f64, f64) {
        (
            self.instance_hours() * per_hour * DAYS_PER_MONTH,
            f64::from(self.peak_instances) * 24.0 * per_hour * DAYS_PER_MONTH,
        )
    }

    /// The fleet at `per_hour` an instance, serving `profile`.
    pub fn priced(&self, profile: &TrafficProfile, per_hour: f64, detail: impl Detail) -> Fleet {
        let FleetSize {
            instances_by_hour,
            spares_by_hour,
            peak_instances: peak,
            peak_spares,
        } = *self;
        let instance_hours = self.instance_hours();
        let (autoscaled, fixed) = self.per_month(per_hour);
        let tokens_per_day = profile.tokens_per_day();
        let per_million = if tokens_per_day > 0.0 {
            autoscaled / DAYS_PER_MONTH / tokens_per_day * 1e6
        } else {
            0.0
        };
        Fleet {
            instances_by_hour,
            spares_by_hour,
            peak_instances: peak,
            peak_spares,
            autoscaled_per_month: autoscaled,
            fixed_per_month: fixed,
            per_million_tokens: per_million,
            terms: vec![
                Term {
                    key: "autoscaled_fleet",
                    value: autoscaled,
                    unit: "currency/month",
                    formula: detail.text(|| {
                        let spare = self.spare_hours();
                        if spare > 0.0 {
                            format!(
                                "{instance_hours} instance-hours/day ({spare} of them spares against reclaims) × {per_hour:.4}/h × {DAYS_PER_MONTH:.2} days"
                            )
                        } else {
                            format!(
                                "{instance_hours} instance-hours/day × {per_hour:.4}/h × {DAYS_PER_MONTH:.2} days"
                            )
                        }
                    }),
                    source: None,
                },
                Term {
                    key: "fixed_fleet",
                    value: fixed,
                    unit: "currency/month",
                    formula: detail.text(|| {
                        format!(
                            "{peak} instances × 24 h × {per_hour:.4}/h × {DAYS_PER_MONTH:.2} days"
                        )
                    }),
                    source: None,
                },
                Term {
                    key: "cost_per_million_tokens",
                    value: per_million,
                    unit: "currency",
                    formula: detail.text(|| {
                        format!("daily autoscaled cost ÷ {tokens_per_day:.0} tokens/day × 1 000 000")
                    }),
                    source: None,
                },
            ],
        }
    }
}

/// How long a serverless worker stays up, billed, after its last request before scaling to zero:
/// RunPod's default idle timeout.
pub const SERVERLESS_IDLE_TIMEOUT_S: f64 = 5.0;
/// Billed seconds to start a worker that had scaled to zero (container start and loading the
/// model into GPU memory): an assumption for a cached image and weights, no published figure.
pub const SERVERLESS_START_S: f64 = 10.0;

/// A month of serverless workers billed per second: the seconds they process requests, the idle
/// timeout after each burst, and a start whenever a request finds every worker scaled to zero.
///
/// Per hour with `λ` requests/s, workers serving `capacity_rps` each and idle timeout `T`:
/// busy = 3600 · λ / capacity; idle = 3600 · (1 − e^(−λT)) · (1 − busy share), the part of the
/// free time in which the next request comes within `T`; starts = 3600 · λ · e^(−λT), each billed
/// [`SERVERLESS_START_S`]. Arrivals are taken as Poisson.
pub fn serverless_with(
    profile: &TrafficProfile,
    capacity_rps: f64,
    per_hour: f64,
    detail: impl Detail,
) -> Term {
    let cap = capacity_rps.max(1e-9);
    let t = SERVERLESS_IDLE_TIMEOUT_S;
    let (mut busy, mut idle, mut starts) = (0.0, 0.0, 0.0);
    for rps in profile.requests_per_second {
        let rps = rps.max(0.0);
        let share = (rps / cap).min(1.0);
        busy += 3600.0 * rps / cap;
        idle += 3600.0 * (1.0 - (-rps * t).exp()) * (1.0 - share);
        starts += 3600.0 * rps * (-rps * t).exp();
    }
    let seconds_per_day = busy + idle + starts * SERVERLESS_START_S;
    let value = seconds_per_day / 3600.0 * per_hour * DAYS_PER_MONTH;
    Term {
        key: "compute",
        value,
        unit: "currency",
        formula: detail.text(|| {
            format!(
                "({busy:.0} s busy + {idle:.0} s idle timeout ({t} s) + {starts:.1} starts × {SERVERLESS_START_S} s (assumed)) per day ÷ 3600 × {per_hour:.4}/h × {DAYS_PER_MONTH:.2} days; {cap:.2} req/s per worker"
            )
        }),
        source: Some(SERVERLESS_IDLE_TIMEOUT_SOURCE),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::Numbers;

    /// A day averaging 2 requests/s with a 5× peak (10 requests/s at 14:00), 1 000 prompt and
    /// 250 output tokens each, on $4/h instances that each serve 1.5 requests/s.
    #[test]
    fn serving_fleet_over_a_day_with_a_five_times_peak() {
        let day = TrafficProfile::from_peak(2.0, 5.0, 1000.0, 250.0);
        let mean = day.requests_per_second.iter().sum::<f64>() / 24.0;
        assert!((mean - 2.0).abs() < 1e-9);
        assert!((day.requests_per_second[14] - 10.0).abs() < 1e-9);
        let f = fleet(&day, 1.5, 4.0, 1);
        // Peak: ceil(10 / 1.5) = 7 instances; a fixed fleet costs 7 × 24 × 4 × 30.42 = $20 440.
        assert_eq!(f.peak_instances, 7);
        assert!(
            (f.fixed_per_month - 20_440.0).abs() < 1.0,
            "{}",
            f.fixed_per_month
        );
        // Autoscaling follows the curve: never below 1, never above 7, and far cheaper.
        assert!(f.instances_by_hour.iter().all(|&n| (1..=7).contains(&n)));
        let hours: u32 = f.instances_by_hour.iter().sum();
        assert!((f64::from(hours) * 4.0 * 730.0 / 24.0 - f.autoscaled_per_month).abs() < 1e-6);
        assert!(f.autoscaled_per_month < 0.6 * f.fixed_per_month);
        // Tokens/day: 2 × 86 400 × 1 250 = 216 M; per million = daily cost / 216.
        let daily = f.autoscaled_per_month / (730.0 / 24.0);
        assert!((f.per_million_tokens - daily / 216.0).abs() < 1e-9);
    }

    /// Spot instances reclaimed 2 %/h and back in 10 minutes are each out 0.33 % of the time.
    /// A fleet of 5 keeps one spare: six instances lose two at once in 15 × 0.0033² ≈ 0.016 %
    /// of the hours, under the 0.1 % allowed; with no spare, five would lose one at once in
    /// 1.7 % of them.
    #[test]
    fn spot_fleets_keep_spares_against_reclaims() {
        let down = spot_down_share(0.02, 10.0 / 60.0);
        assert!((down - 0.003322).abs() < 1e-5, "{down}");
        assert_eq!(spares(5, down), 1);
        assert_eq!(spares(0, down), 0);
        assert_eq!(spares(5, 0.0), 0);
        // Marketplace hosts outbid 5 %/h, an hour to come back: 4.8 % out, more spares.
        let flaky = spot_down_share(0.05, 1.0);
        assert!(spares(20, flaky) > spares(20, down));
        // Larger fleets need more spares for the same risk, never fewer.
        let mut last = 0;
        for n in [1, 5, 20, 100, 400] {
            let s = spares(n, flaky);
            assert!(s >= last, "{n}: {s} < {last}");
            last = s;
        }
        // A huge fleet is answered at once, by the normal approximation, close to the exact sum
        // where both apply.
        assert!(spares(u32::MAX / 2, flaky) > 0);
        let (exact, approx) = (spares(1000, flaky), {
            let mean = 1000.0 * flaky;
            (mean + 3.0902 * (mean * (1.0 - flaky)).sqrt()).ceil() as u32
        });
        assert!(exact.abs_diff(approx) <= 3, "{exact} vs {approx}");
        // Priced: every hour of the day carries its spares.
        let day = TrafficProfile::from_peak(2.0, 5.0, 1000.0, 250.0);
        let plain = fleet(&day, 1.5, 4.0, 1);
        let spot = fleet_on_spot_with(&day, 1.5, 4.0, 1, down, Full);
        for h in 0..24 {
            assert_eq!(
                spot.instances_by_hour[h],
                plain.instances_by_hour[h] + spot.spares_by_hour[h]
            );
            assert_eq!(
                spot.spares_by_hour[h],
                spares(plain.instances_by_hour[h], down)
            );
        }
        assert_eq!(spot.peak_instances, plain.peak_instances + spot.peak_spares);
        assert!(spot.autoscaled_per_month > plain.autoscaled_per_month);
        assert!(spot.terms[0].formula.contains("spares"));
    }

    /// Serverless workers bill the seconds they work plus the idle timeout and starts: steady
    /// traffic that keeps a worker warm costs about one kept instance; sparse traffic pays for its
    /// busy seconds, idle tails and starts, far less than an instance kept up.
    #[test]
    fn serverless_bills_busy_seconds_idle_tails_and_starts() {
        // Steady 2 req/s all day on workers serving 4 req/s each at $3.6/h ($0.001/s):
        // busy 43 200 s/day; λT = 10, so idle ≈ 3600 × 24 × (1 − e^−10) × 0.5 ≈ 43 198 s and
        // starts ≈ 172 800 × e^−10 ≈ 7.8.
        let steady = TrafficProfile::from_peak(2.0, 1.0, 500.0, 200.0);
        let term = serverless_with(&steady, 4.0, 3.6, Full);
        let seconds = 43_200.0
            + 86_400.0 * (1.0 - (-10f64).exp()) * 0.5
            + 172_800.0 * (-10f64).exp() * SERVERLESS_START_S;
        assert!(
            (term.value - seconds * 0.001 * 730.0 / 24.0).abs() < 1e-6,
            "{}",
            term.value
        );
        // A request every half second keeps one worker warm all day: about one kept instance.
        let kept = fleet(&steady, 4.0, 3.6, 0);
        assert!((term.value / kept.autoscaled_per_month - 1.0).abs() < 0.002);

        // One request a minute: 1 440 requests a day, almost each one a start and an idle tail.
        let sparse = TrafficProfile::from_peak(1.0 / 60.0, 1.0, 500.0, 200.0);
        let term = serverless_with(&sparse, 4.0, 3.6, Numbers);
        let per_request = 1.0 / 4.0
            + (1.0 - (-5.0f64 / 60.0).exp()) * 60.0
            + (-5.0f64 / 60.0).exp() * SERVERLESS_START_S;
        assert!(per_request > 14.0 && per_request < 15.0, "{per_request}");
        let kept = fleet(&sparse, 4.0, 3.6, 0);
        // A kept-up instance would bill every hour of the day; serverless about 14 s a request.
        assert!(
            term.value < 0.25 * kept.autoscaled_per_month,
            "{} vs {}",
            term.value,
            kept.autoscaled_per_month
        );
    }

    #[test]
    fn the_hourly_curve_is_the_raised_cosine() {
        for (h, v) in RAISED_COSINE.iter().enumerate() {
            let cos = (1.0 + ((h as f64 - 14.0) / 24.0 * std::f64::consts::TAU).cos()) / 2.0;
            assert!((v - cos).abs() < 1e-15, "hour {h}: {v} against {cos}");
        }
    }
}
