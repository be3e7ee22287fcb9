//! From the series read to findings, the money at stake and what to change.

use super::{GpuSeries, Reading};
use gpu_sizer_engine::catalog::{BillingMode, Catalog, Currency, Gpu};
use gpu_sizer_engine::cost::hidden::DEFAULT_AUTO_STOP_H;
use gpu_sizer_engine::cost::money::Exchange;
use gpu_sizer_formats::Form;

/// The limits the findings are drawn at, percent or shares.
pub struct Thresholds;

impl Thresholds {
    /// Under this mean utilisation a GPU is idle: `utilization.gpu` is the share of time any
    /// kernel ran, so a job that computes at all is far above it (the watchdog's threshold).
    pub const IDLE: f64 = crate::launch::BUSY_PERCENT as f64;
    /// Under this a working GPU waits more than it computes: half its paid time.
    pub const STARVED: f64 = 50.0;
    /// Memory at least this full means the job's batch is loaded: low utilisation is then the
    /// input, not the work, running short.
    pub const MEMORY_LOADED: f64 = 0.5;
    /// Over this share of its memory, a peak between samples (a longer sequence, the optimizer
    /// step) can run out.
    pub const MEMORY_FULL: f64 = 0.9;
    /// Busy at least this much while drawing under [`Thresholds::POWER_LOW`] of its limit: the
    /// kernels wait on memory, not arithmetic.
    pub const BUSY: f64 = 80.0;
    pub const POWER_LOW: f64 = 0.5;
    /// A smaller GPU must hold the most memory seen with this much to spare: allocator
    /// fragmentation and peaks the samples missed.
    pub const MEMORY_MARGIN: f64 = 1.1;
}

/// Hours in a month, as providers and the engine count them (8760 / 12).
const MONTH_H: f64 = 730.0;

/// One GPU's figures over the samples.
#[derive(Debug, Clone, PartialEq)]
pub struct GpuStats {
    pub index: u32,
    pub name: Option<String>,
    pub samples: usize,
    pub util_mean: Option<f64>,
    pub util_min: Option<f64>,
    pub util_max: Option<f64>,
    pub mem_used_gib_mean: Option<f64>,
    pub mem_used_gib_max: Option<f64>,
    pub mem_total_gib: Option<f64>,
    pub power_mean_w: Option<f64>,
    pub power_cap_w: Option<f64>,
}

impl GpuStats {
    fn of(g: &GpuSeries, hint: Option<&Gpu>) -> GpuStats {
        let mean = |v: &[f64]| (!v.is_empty()).then(|| v.iter().sum::<f64>() / v.len() as f64);
        let gib = |mib: f64| mib / 1024.0;
        GpuStats {
            index: g.index,
            name: g.name.clone(),
            samples: g.util.len().max(g.mem_used_mib.len()),
            util_mean: mean(&g.util),
            util_min: g.util.iter().copied().reduce(f64::min),
            util_max: g.util.iter().copied().reduce(f64::max),
            mem_used_gib_mean: mean(&g.mem_used_mib).map(gib),
            mem_used_gib_max: g.mem_used_mib.iter().copied().reduce(f64::max).map(gib),
            mem_total_gib: g.mem_total_mib.map(gib).or(hint.map(|h| h.memory_gib)),
            power_mean_w: mean(&g.power_w),
            power_cap_w: g.power_cap_w.or(hint.and_then(|h| h.tdp_w)),
        }
    }

    /// The most memory used, as a share of the GPU's.
    pub fn mem_share(&self) -> Option<f64> {
        Some(self.mem_used_gib_max? / self.mem_total_gib.filter(|t| *t > 0.0)?)
    }

    pub fn power_share(&self) -> Option<f64> {
        Some(self.power_mean_w? / self.power_cap_w.filter(|c| *c > 0.0)?)
    }
}

/// What the figures mean.
#[derive(Debug, Clone, PartialEq)]
pub enum Finding {
    /// No GPU ran a kernel: the machine waits for nobody.
    Idle { gpus: Vec<u32> },
    /// Some GPUs idle while others work: the job does not use them all.
    Unbalanced { idle: Vec<u32>, busy: Vec<u32> },
    /// Low utilisation with the batch in memory: storage or the data loader cannot keep up.
    InputBound {
        gpus: Vec<u32>,
        util: f64,
        memory: f64,
    },
    /// Low utilisation with memory to spare: small batches, or more GPU than the job needs.
    Underused { gpus: Vec<u32>, util: f64 },
    /// Memory nearly full.
    OutOfMemoryRisk { gpus: Vec<u32>, memory: f64 },
    /// Busy yet far below its power limit: memory-bound kernels.
    MemoryBound { gpus: Vec<u32>, power: f64 },
    /// Busy, nothing above applies.
    Busy { util: f64 },
}

/// The price of what was observed: `per_hour` for `gpus` GPUs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Price {
    pub per_hour: f64,
    pub gpus: u32,
    pub currency: Currency,
}

/// What the GPUs' idle time costs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Money {
    /// The observed GPUs' price per hour.
    pub per_hour: f64,
    /// Share of that paid for time no kernel ran.
    pub idle_share: f64,
    pub wasted_per_hour: f64,
    pub per_day: f64,
    pub per_month: f64,
    pub currency: Currency,
}

/// A change to try in the calculator.
#[derive(Debug, Clone, PartialEq)]
pub enum Remedy {
    FasterStorage,
    /// A GPU that holds the memory seen, cheaper per GPU-hour.
    CheaperGpu {
        gpu_id: String,
        name: String,
        memory_gib: f64,
        per_gpu_hour: f64,
        provider: String,
        instance_type: String,
    },
    FewerGpus {
        gpus: u32,
    },
    AutoStop {
        minutes: u32,
    },
}

impl Remedy {
    /// The form with this change, for the calculator to answer.
    pub fn apply(&self, form: &mut Form) {
        match self {
            Remedy::FasterStorage => form.fast_storage = true,
            Remedy::CheaperGpu { gpu_id, .. } => {
                form.gpu = gpu_id.clone();
                form.offer.clear();
            }
            Remedy::FewerGpus { gpus } => form.gpus = Some(*gpus),
            Remedy::AutoStop { minutes } => form.auto_stop_min = Some(f64::from(*minutes)),
        }
    }
}

/// What the doctor knows beyond the paste.
pub struct Context<'a> {
    pub catalog: &'a Catalog,
    /// The instance's price, chosen from the catalog or typed in.
    pub price: Option<Price>,
    /// The GPU of the chosen instance: memory and power limit where the paste has none.
    pub gpu: Option<&'a Gpu>,
    pub currency: Currency,
    pub fx: Exchange,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Diagnosis {
    pub gpus: Vec<GpuStats>,
    pub findings: Vec<Finding>,
    pub money: Option<Money>,
    pub remedies: Vec<Remedy>,
}

fn ids(stats: &[GpuStats], keep: impl Fn(&GpuStats) -> bool) -> Vec<u32> {
    stats.iter().filter(|s| keep(s)).map(|s| s.index).collect()
}

fn mean_of(stats: &[GpuStats], f: impl Fn(&GpuStats) -> Option<f64>) -> f64 {
    let v: Vec<f64> = stats.iter().filter_map(f).collect();
    if v.is_empty() {
        0.0
    } else {
        v.iter().sum::<f64>() / v.len() as f64
    }
}

pub fn diagnose(reading: &Reading, cx: &Context) -> Diagnosis {
    let gpus: Vec<GpuStats> = reading
        .gpus
        .iter()
        .map(|g| GpuStats::of(g, cx.gpu))
        .collect();
    let util = |s: &GpuStats| s.util_mean;
    let idle = ids(&gpus, |s| util(s).is_some_and(|u| u < Thresholds::IDLE));
    let working = ids(&gpus, |s| util(s).is_some_and(|u| u >= Thresholds::IDLE));
    let low = |s: &GpuStats| {
        util(s).is_some_and(|u| (Thresholds::IDLE..Thresholds::STARVED).contains(&u))
    };
    let loaded = |s: &GpuStats| {
        s.mem_share()
            .is_some_and(|m| m >= Thresholds::MEMORY_LOADED)
    };
    let mut findings = Vec::new();
    let with_util = gpus.iter().filter(|s| s.util_mean.is_some()).count();
    if with_util > 0 && idle.len() == with_util {
        findings.push(Finding::Idle { gpus: idle.clone() });
    } else if !idle.is_empty() && !working.is_empty() {
        findings.push(Finding::Unbalanced {
            idle: idle.clone(),
            busy: working,
        });
    }
    let starved: Vec<&GpuStats> = gpus.iter().filter(|s| low(s) && loaded(s)).collect();
    if !starved.is_empty() {
        findings.push(Finding::InputBound {
            gpus: starved.iter().map(|s| s.index).collect(),
            util: mean_of(&gpus, |s| low(s).then_some(s.util_mean?)),
            memory: starved
                .iter()
                .filter_map(|s| s.mem_share())
                .fold(0.0, f64::max),
        });
    }
    let underused = ids(&gpus, |s| low(s) && !loaded(s));
    if !underused.is_empty() {
        findings.push(Finding::Underused {
            util: mean_of(&gpus, |s| {
                underused.contains(&s.index).then_some(s.util_mean?)
            }),
            gpus: underused,
        });
    }
    let full = ids(&gpus, |s| {
        s.mem_share().is_some_and(|m| m > Thresholds::MEMORY_FULL)
    });
    if !full.is_empty() {
        findings.push(Finding::OutOfMemoryRisk {
            memory: gpus
                .iter()
                .filter_map(GpuStats::mem_share)
                .fold(0.0, f64::max),
            gpus: full,
        });
    }
    let weak = |s: &GpuStats| {
        util(s).is_some_and(|u| u >= Thresholds::BUSY)
            && s.power_share().is_some_and(|p| p < Thresholds::POWER_LOW)
    };
    let bound = ids(&gpus, weak);
    if !bound.is_empty() {
        findings.push(Finding::MemoryBound {
            power: mean_of(&gpus, |s| weak(s).then_some(s.power_share()?)),
            gpus: bound,
        });
    }
    if findings.is_empty() && with_util > 0 {
        findings.push(Finding::Busy {
            util: mean_of(&gpus, util),
        });
    }
    let money = cx.price.map(|p| money(&gpus, p, cx));
    let remedies = remedies(
        &gpus,
        &findings,
        cx,
        money.map(|m| m.per_hour / gpus.len().max(1) as f64),
    );
    Diagnosis {
        gpus,
        findings,
        money,
        remedies,
    }
}

fn money(gpus: &[GpuStats], p: Price, cx: &Context) -> Money {
    let per_gpu = cx.fx.convert(p.per_hour, p.currency, cx.currency) / f64::from(p.gpus.max(1));
    let per_hour = per_gpu * gpus.len() as f64;
    let wasted: f64 = gpus
        .iter()
        .filter_map(|s| s.util_mean)
        .map(|u| per_gpu * (1.0 - (u / 100.0).clamp(0.0, 1.0)))
        .sum();
    Money {
        per_hour,
        idle_share: if per_hour > 0.0 {
            wasted / per_hour
        } else {
            0.0
        },
        wasted_per_hour: wasted,
        per_day: wasted * 24.0,
        per_month: wasted * MONTH_H,
        currency: cx.currency,
    }
}

fn remedies(
    gpus: &[GpuStats],
    findings: &[Finding],
    cx: &Context,
    per_gpu_now: Option<f64>,
) -> Vec<Remedy> {
    let mut out = Vec::new();
    for f in findings {
        match f {
            Finding::InputBound { .. } => out.push(Remedy::FasterStorage),
            Finding::Unbalanced { busy, .. } => out.push(Remedy::FewerGpus {
                gpus: busy.len() as u32,
            }),
            Finding::Idle { .. } => out.push(Remedy::AutoStop {
                minutes: (DEFAULT_AUTO_STOP_H * 60.0).round() as u32,
            }),
            _ => {}
        }
    }
    let idle = findings.iter().any(|f| matches!(f, Finding::Idle { .. }));
    let oversized = mean_of(gpus, |s| s.util_mean) < Thresholds::STARVED
        || gpus
            .iter()
            .filter_map(GpuStats::mem_share)
            .fold(0.0, f64::max)
            < Thresholds::MEMORY_LOADED;
    let need = gpus
        .iter()
        .filter_map(|s| s.mem_used_gib_max)
        .fold(0.0, f64::max)
        * Thresholds::MEMORY_MARGIN;
    if !idle && oversized && need > 0.0 {
        out.extend(cheaper(cx, need, per_gpu_now));
    }
    out
}

/// Up to three GPUs, each at its cheapest on-demand offer per GPU-hour, that hold `need_gib`
/// and run what nvidia-smi ran (NVIDIA, not inference-only), cheaper than `now` when known.
fn cheaper(cx: &Context, need_gib: f64, now: Option<f64>) -> Vec<Remedy> {
    // (price per GPU-hour, remedy), cheapest first, one per GPU.
    let mut best: Vec<(f64, Remedy)> = Vec::new();
    for offer in &cx.catalog.offers {
        let (Some(q), Some(gpu)) = (
            offer.quote(BillingMode::OnDemand),
            cx.catalog.gpu(&offer.gpu),
        ) else {
            continue;
        };
        if gpu.vendor != "NVIDIA"
            || gpu.inference_only
            || gpu.memory_gib < need_gib
            || offer.gpu_count == 0
            || cx.gpu.is_some_and(|g| g.id == gpu.id)
        {
            continue;
        }
        let per_gpu =
            cx.fx.convert(q.per_hour, q.currency, cx.currency) / f64::from(offer.gpu_count);
        if now.is_some_and(|n| per_gpu >= n) {
            continue;
        }
        let same = |r: &Remedy| matches!(r, Remedy::CheaperGpu { gpu_id, .. } if *gpu_id == gpu.id);
        match best.iter().position(|(_, r)| same(r)) {
            Some(i) if best[i].0 <= per_gpu => continue,
            Some(i) => {
                best.remove(i);
            }
            None => {}
        }
        let provider = cx
            .catalog
            .provider(&offer.provider)
            .map_or(offer.provider.clone(), |p| p.name.clone());
        let remedy = Remedy::CheaperGpu {
            gpu_id: gpu.id.clone(),
            name: gpu.name.clone(),
            memory_gib: gpu.memory_gib,
            per_gpu_hour: per_gpu,
            provider,
            instance_type: offer.instance_type.clone(),
        };
        // Kept in price order as found: no sort to carry in the page's code.
        let pos = best.partition_point(|(p, _)| *p <= per_gpu);
        best.insert(pos, (per_gpu, remedy));
    }
    best.into_iter().take(3).map(|(_, r)| r).collect()
}
