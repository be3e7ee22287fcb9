//! Peak throughput at a precision and the share of it a job reaches, from the efficiency table
//! (`data/efficiency.toml`): one family of GPUs per architecture and power class, each rate
//! derived from a published run. A family without a figure for some work borrows its fallback's,
//! with a wider band and a source that says so.

pub mod table;

pub use table::{EfficiencyTable, Family, Precision, Rate, Work};

use crate::catalog::Gpu;
use crate::explain::{Detail, Full, Source, Term};
use crate::scenario::TrainPrecision;
use crate::sizing::defaults::*;
use crate::warning::{Untimed, Warning};
use std::sync::{Arc, OnceLock};

/// The table shipped with this build (`crate::embedded`), read once. The page starts from it
/// without the rates' sources and derivations, which only an explained figure shows; once code
/// loaded later has read them ([`with_sources`]), this is the table with them: the same rates.
pub fn builtin() -> &'static EfficiencyTable {
    #[cfg(target_arch = "wasm32")]
    if let Some(table) = WITH_SOURCES.get() {
        return table;
    }
    static TABLE: OnceLock<EfficiencyTable> = OnceLock::new();
    TABLE.get_or_init(crate::embedded::efficiency)
}

#[cfg(target_arch = "wasm32")]
static WITH_SOURCES: OnceLock<EfficiencyTable> = OnceLock::new();

/// The table with every rate's source and derivation (natively, [`builtin`] itself), which
/// [`builtin`] gives from then on. The page calls it only from code it loads after its first
/// paint, so their bytes come with that code; explaining a figure before it is called leaves its
/// rate's source and derivation empty.
pub fn with_sources() -> &'static EfficiencyTable {
    #[cfg(not(target_arch = "wasm32"))]
    return builtin();
    #[cfg(target_arch = "wasm32")]
    WITH_SOURCES.get_or_init(crate::embedded::efficiency_with_sources)
}

impl From<TrainPrecision> for Precision {
    fn from(p: TrainPrecision) -> Self {
        match p {
            TrainPrecision::Fp32 => Precision::Fp32,
            TrainPrecision::Fp8Mixed => Precision::Fp8,
            _ => Precision::Bf16,
        }
    }
}

impl EfficiencyTable {
    /// The family `gpu_id` belongs to.
    pub fn family_of(&self, gpu_id: &str) -> Option<&Family> {
        self.family
            .iter()
            .find(|f| f.gpus.iter().any(|g| g == gpu_id))
    }

    fn family(&self, id: &str) -> Option<&Family> {
        self.family.iter().find(|f| f.id == id)
    }

    /// The rate for `work` at `precision` on `family`, following fallbacks; the second value
    /// names the family it was borrowed from, if any.
    pub fn rate<'a>(
        &'a self,
        family: &'a Family,
        work: Work,
        precision: Precision,
    ) -> Option<(&'a Rate, Option<&'a Family>)> {
        let mut at = family;
        for hop in 0..=self.family.len() {
            if let Some(r) = at
                .rate
                .iter()
                .find(|r| r.work == work && r.precision == precision)
            {
                return Some((r, (hop > 0).then_some(at)));
            }
            at = self.family(at.fallback.as_deref()?)?;
        }
        None
    }
}

/// Peak dense throughput used for a job and the efficiency band applied to it.
#[derive(Debug, Clone, PartialEq)]
pub struct Compute {
    /// Dense peak, FLOP/s per GPU.
    pub peak_flops: f64,
    /// Share of the peak reached on the matmuls executed (recompute included).
    pub efficiency: Band,
    pub terms: Vec<Term>,
    pub warnings: Vec<Warning>,
}

/// The peak of `gpu` at `precision`, TFLOP/s, and the words for it.
fn peak(gpu: &Gpu, precision: Precision) -> (Option<f64>, &'static str) {
    match precision {
        Precision::Fp32 => (gpu.fp32_tflops, "fp32 (non-tensor)"),
        Precision::Bf16 => (gpu.bf16_tflops, "bf16/fp16 tensor"),
        Precision::Fp8 => (gpu.fp8_tflops, "fp8 tensor"),
        Precision::Fp4 => (gpu.fp4_tflops, "fp4 tensor"),
    }
}

/// The precision a job actually runs in on `gpu`, and the warning when it differs from the
/// one asked for: a lower precision the GPU lacks runs one step up; bf16 on parts without bf16
/// runs in fp16.
fn effective_precision(
    gpu: &Gpu,
    family: &Family,
    asked: Precision,
) -> (Precision, Option<Warning>) {
    let mut p = asked;
    let mut lacks = None;
    if p == Precision::Fp4 && gpu.fp4_tflops.is_none() {
        p = Precision::Fp8;
        lacks = Some(Precision::Fp4);
    }
    if p == Precision::Fp8 && gpu.fp8_tflops.is_none() {
        p = Precision::Bf16;
        lacks = Some(Precision::Fp8);
    }
    if p == Precision::Bf16 && family.lacks.contains(&Precision::Bf16) {
        lacks = Some(Precision::Bf16);
    }
    let why = lacks.map(|precision| Warning::NoTensorCores {
        gpu: gpu.name.as_str().into(),
        precision,
    });
    (p, why)
}

/// Peak and efficiency for `work` on `gpu` at `precision`, or why it cannot be timed (the
/// catalog lacks the peak, or no family has a rate for it).
pub fn compute(gpu: &Gpu, precision: Precision, work: Work) -> Result<Compute, Untimed> {
    compute_with(gpu, precision, work, Full)
}

/// [`compute`] with formulas only when `detail` asks for them.
pub fn compute_with(
    gpu: &Gpu,
    precision: Precision,
    work: Work,
    detail: impl Detail,
) -> Result<Compute, Untimed> {
    let table = builtin();
    let family = table
        .family_of(gpu.measured_id())
        .ok_or_else(|| Untimed::NoFamily {
            gpu: gpu.name.clone(),
        })?;
    let mut warnings = Vec::new();
    let (mut precision, why) = effective_precision(gpu, family, precision);
    warnings.extend(why);
    // No published rate at a low precision on this family: its 16-bit rate and peak stand in.
    if lookup(table, family, work, precision).is_none()
        && matches!(precision, Precision::Fp8 | Precision::Fp4)
    {
        warnings.push(Warning::NoLowPrecisionRate {
            gpu: gpu.name.as_str().into(),
            precision,
            work,
        });
        precision = Precision::Bf16;
    }
    let (peak_tflops, what) = peak(gpu, precision);
    let Some(peak_tflops) = peak_tflops.filter(|p| *p > 0.0) else {
        return Err(Untimed::NoPeak {
            gpu: gpu.name.clone(),
            precision,
        });
    };
    let (rate, band, borrowed) =
        lookup(table, family, work, precision).ok_or_else(|| Untimed::NoRate {
            gpu: gpu.name.clone(),
            work,
            precision,
        })?;
    if let Some(from) = borrowed {
        warnings.push(borrowed_rate(gpu, family, work, from));
    }
    let eff = band;
    let terms = vec![
        Term {
            key: "peak",
            value: peak_tflops,
            unit: "TFLOP/s",
            formula: detail.text(|| format!("{} dense {what} peak", gpu.name)),
            source: gpu
                .sources
                .first()
                .map(|_| Source::Text("catalog (data/gpus.toml)")),
        },
        Term {
            key: "efficiency",
            value: eff.expected,
            unit: "fraction",
            formula: detail.text(|| {
                format!(
                    "{} {} at {precision:?}: {:.3} (band {:.2}–{:.2}){}. {}",
                    family.name,
                    work_words(work),
                    band.expected,
                    band.low,
                    band.high,
                    borrowed_words(family, borrowed),
                    rate.derivation
                )
            }),
            source: Some(Source::Text(rate.source.as_str())),
        },
    ];
    Ok(Compute {
        peak_flops: peak_tflops * 1e12,
        efficiency: eff,
        terms,
        warnings,
    })
}

/// Compute and memory rates as one evaluation looks them up. They depend on the GPU, the
/// precision and the work alone, while an evaluation times hundreds of clusters of a few dozen
/// GPUs: each is found once and shared by every cluster of its GPU.
#[derive(Default)]
pub struct RateCache<'g> {
    compute: Vec<(RateKey<'g>, Result<Arc<Compute>, Untimed>)>,
    bandwidth: Vec<(RateKey<'g>, Result<Arc<Bandwidth>, Untimed>)>,
}

/// What a looked-up rate depends on; the GPU by identity, as it is the catalog's.
#[derive(Clone, Copy)]
struct RateKey<'g> {
    gpu: &'g Gpu,
    precision: Precision,
    work: Work,
    /// Whether the rate carries its formulas ([`Detail::FULL`]).
    full: bool,
}

impl PartialEq for RateKey<'_> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.gpu, other.gpu)
            && self.precision == other.precision
            && self.work == other.work
            && self.full == other.full
    }
}

impl<'g> RateCache<'g> {
    /// [`compute_with`], looked up once per GPU, precision, work and detail.
    pub fn compute(
        &mut self,
        gpu: &'g Gpu,
        precision: Precision,
        work: Work,
        detail: impl Detail,
    ) -> Result<Arc<Compute>, Untimed> {
        let key = RateKey {
            gpu,
            precision,
            work,
            full: detail.is_full(),
        };
        remembered(&mut self.compute, key, || {
            compute_with(gpu, precision, work, detail)
        })
    }

    /// [`bandwidth_with`], looked up once per GPU and detail.
    pub fn bandwidth(
        &mut self,
        gpu: &'g Gpu,
        detail: impl Detail,
    ) -> Result<Arc<Bandwidth>, Untimed> {
        let key = RateKey {
            gpu,
            precision: Precision::Bf16,
            work: Work::Decode,
            full: detail.is_full(),
        };
        remembered(&mut self.bandwidth, key, || bandwidth_with(gpu, detail))
    }
}

/// The value kept under `key`, else `find`'s, kept.
fn remembered<'g, T>(
    kept: &mut Vec<(RateKey<'g>, Result<Arc<T>, Untimed>)>,
    key: RateKey<'g>,
    find: impl FnOnce() -> Result<T, Untimed>,
) -> Result<Arc<T>, Untimed> {
    if let Some((_, found)) = kept.iter().find(|(k, _)| *k == key) {
        return found.clone();
    }
    let found = find().map(Arc::new);
    kept.push((key, found.clone()));
    found
}

/// The rate, its band (widened when borrowed) and the family it was borrowed from. Prefill
/// without its own figure runs the same matmuls as training's forward pass, so it falls back
/// to the training rate of the same family before any other family's prefill rate.
fn lookup<'a>(
    table: &'a EfficiencyTable,
    family: &'a Family,
    work: Work,
    precision: Precision,
) -> Option<(&'a Rate, Band, Option<&'a Family>)> {
    let own = family
        .rate
        .iter()
        .find(|r| r.work == work && r.precision == precision);
    let found = match (own, work) {
        (Some(r), _) => Some((r, None)),
        (None, Work::Prefill) => family
            .rate
            .iter()
            .find(|r| r.work == Work::Train && r.precision == precision)
            .map(|r| (r, Some(family)))
            .or_else(|| table.rate(family, work, precision))
            .or_else(|| table.rate(family, Work::Train, precision)),
        (None, _) => table.rate(family, work, precision),
    }?;
    let (rate, from) = found;
    let band = Band::new(rate.low, rate.expected, rate.high);
    Some(match from {
        None => (rate, band, None),
        Some(f) => (
            rate,
            Band::new(
                band.low * BORROWED_LOW,
                band.expected,
                band.high.max(band.expected),
            ),
            Some(f),
        ),
    })
}

/// Where a borrowed rate came from, for a formula: another family, or `family`'s own training
/// rate.
fn borrowed_words(family: &Family, from: Option<&Family>) -> String {
    match from {
        Some(f) if std::ptr::eq(f, family) => {
            ", borrowed from its training rate and widened".into()
        }
        Some(f) => format!(", borrowed from {} and widened", f.name),
        None => String::new(),
    }
}

/// Memory bandwidth a job reaches on `gpu`, bytes per second (low / expected / high), from its
/// family's decode rate: streaming weights while generating tokens is the purest published
/// measurement of the bandwidth a part sustains, and training's memory-bound kernels stream
/// the same way.
#[derive(Debug, Clone, PartialEq)]
pub struct Bandwidth {
    pub bytes_per_s: Band,
    pub term: Term,
    pub warnings: Vec<Warning>,
}

/// [`Bandwidth`] of `gpu`, or why it is unknown.
pub fn bandwidth_with(gpu: &Gpu, detail: impl Detail) -> Result<Bandwidth, Untimed> {
    let table = builtin();
    let name = || gpu.name.clone();
    let family = table
        .family_of(gpu.measured_id())
        .ok_or_else(|| Untimed::NoFamily { gpu: name() })?;
    let Some(gbs) = gpu.memory_bandwidth_gbs.filter(|b| *b > 0.0) else {
        return Err(Untimed::NoMemoryBandwidth { gpu: name() });
    };
    let (rate, band, borrowed) = lookup(table, family, Work::Decode, Precision::Bf16)
        .ok_or_else(|| Untimed::NoBandwidthRate { gpu: name() })?;
    let mut warnings = Vec::new();
    if let Some(from) = borrowed {
        warnings.push(borrowed_rate(gpu, family, Work::Decode, from));
    }
    Ok(Bandwidth {
        bytes_per_s: band.scale(gbs * 1e9),
        term: Term {
            key: "memory_bandwidth",
            value: gbs * band.expected,
            unit: "GB/s",
            formula: detail.text(|| {
                format!(
                    "{gbs} GB/s × {:.2} (band {:.2}–{:.2}){} reached streaming memory on {}. {}",
                    band.expected,
                    band.low,
                    band.high,
                    borrowed_words(family, borrowed),
                    family.name,
                    rate.derivation
                )
            }),
            source: Some(Source::Text(rate.source.as_str())),
        },
        warnings,
    })
}

/// The warning for a rate borrowed `from` another family (or the family's own training rate).
fn borrowed_rate(gpu: &Gpu, family: &Family, work: Work, from: &Family) -> Warning {
    Warning::BorrowedRate {
        gpu: gpu.name.as_str().into(),
        family: family.name.as_str().into(),
        work,
        from: (!std::ptr::eq(from, family)).then(|| from.name.as_str().into()),
    }
}

fn work_words(work: Work) -> &'static str {
    match work {
        Work::Train => "training",
        Work::Prefill => "prefill",
        Work::Decode => "decode bandwidth",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::explain::Numbers;

    /// The build refuses a table with these faults (`build.rs` runs `problems`): a GPU in two
    /// families, an unknown fallback, a family with neither rates nor a fallback, a catalog GPU
    /// in no family.
    #[test]
    fn the_table_check_catches_what_the_build_refuses() {
        let ids = || Catalog::builtin().gpus.iter().map(|g| g.id.as_str());
        let mut table = builtin().clone();
        let first = table.family[0].gpus[0].clone();
        table.family[1].gpus.push(first.clone());
        table.family[2].fallback = Some("no-such-family".into());
        table.family[3].rate.clear();
        table.family[3].fallback = None;
        let orphan = table.family[4].gpus.remove(0);
        let problems = table.problems(ids()).join("\n");
        for expected in [
            format!("GPU '{first}' is in families"),
            "unknown fallback 'no-such-family'".to_string(),
            format!(
                "family '{}' has no rate and no fallback",
                table.family[3].id
            ),
            format!("GPU '{orphan}' is in no efficiency family"),
        ] {
            assert!(problems.contains(&expected), "{expected} not in {problems}");
        }
    }

    /// The cache hands back what a fresh lookup finds, the same one each time for a GPU, and
    /// keeps GPUs, precisions and kinds of work apart.
    #[test]
    fn cached_rates_are_the_rates_looked_up() {
        let catalog = Catalog::builtin();
        let (a100, h100) = (
            catalog.gpu("a100-80gb-sxm").unwrap(),
            catalog.gpu("h100-sxm").unwrap(),
        );
        let mut cache = RateCache::default();
        let n = Numbers;
        let first = cache
            .compute(a100, Precision::Bf16, Work::Train, n)
            .unwrap();
        assert_eq!(
            *first,
            compute_with(a100, Precision::Bf16, Work::Train, n).unwrap()
        );
        let again = cache
            .compute(a100, Precision::Bf16, Work::Train, n)
            .unwrap();
        assert!(Arc::ptr_eq(&first, &again));
        for (gpu, precision, work) in [
            (h100, Precision::Bf16, Work::Train),
            (a100, Precision::Fp32, Work::Train),
            (a100, Precision::Bf16, Work::Prefill),
        ] {
            // A rate that is not published is remembered as such too.
            let got = cache
                .compute(gpu, precision, work, n)
                .map(|c| Compute::clone(&c));
            assert_eq!(got, compute_with(gpu, precision, work, n));
        }
        let bw = cache.bandwidth(h100, n).unwrap();
        assert_eq!(*bw, bandwidth_with(h100, n).unwrap());
        assert_ne!(
            bw.bytes_per_s,
            cache.bandwidth(a100, n).unwrap().bytes_per_s
        );
    }

    #[test]
    fn a_precision_the_gpu_lacks_is_a_stated_fallback() {
        let v100 = Catalog::builtin().gpu("v100-32gb-sxm2").unwrap();
        let c = compute(v100, Precision::Bf16, Work::Train).unwrap();
        assert!(
            c.warnings.iter().any(|w| matches!(
                w,
                Warning::NoTensorCores {
                    precision: Precision::Bf16,
                    ..
                }
            )),
            "{:?}",
            c.warnings
        );
        let a100 = Catalog::builtin().gpu("a100-80gb-sxm").unwrap();
        let c = compute(a100, Precision::Fp8, Work::Train).unwrap();
        assert!(
            c.warnings.iter().any(|w| matches!(
                w,
                Warning::NoTensorCores {
                    precision: Precision::Fp8,
                    ..
                }
            )),
            "{:?}",
            c.warnings
        );
        assert_eq!(c.peak_flops, a100.bf16_tflops.unwrap() * 1e12);
    }

    #[test]
    fn missing_peak_is_an_explained_error() {
        // A part whose datasheet gives no bf16 figure.
        let mut g = Catalog::builtin().gpu("rtx-3090").unwrap().clone();
        g.bf16_tflops = None;
        let why = compute(&g, Precision::Bf16, Work::Train).unwrap_err();
        assert_eq!(
            why,
            Untimed::NoPeak {
                gpu: g.name.clone(),
                precision: Precision::Bf16
            }
        );
    }

    #[test]
    fn a_borrowed_rate_says_so_and_widens_the_band() {
        let table = builtin();
        let mut borrowing = 0;
        for f in &table.family {
            if let (Some(fb), Some((own, _))) =
                (&f.fallback, table.rate(f, Work::Train, Precision::Bf16))
            {
                if !f
                    .rate
                    .iter()
                    .any(|r| r.work == Work::Train && r.precision == Precision::Bf16)
                {
                    let (_, band, from) = lookup(table, f, Work::Train, Precision::Bf16).unwrap();
                    assert!(from.is_some(), "{} borrows from {fb}", f.id);
                    assert!(band.low < own.low);
                    borrowing += 1;
                }
            }
        }
        assert!(borrowing > 0, "no family borrows its training rate");
    }
}
