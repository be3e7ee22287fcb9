//! How long a job takes: FLOPs over achieved throughput for training, bandwidth- and
//! compute-bound phases for serving, scaled reference times for rendering. Every time is a
//! low / expected / high band, and every expected value carries its terms.
//!
//! [`estimate`] (and each workload's function) explains in full; [`estimate_with`] takes a
//! [`Detail`] and leaves formulas empty under [`Numbers`](crate::explain::Numbers), with the
//! same values, and [`estimate_in`] also keeps the GPU's rates for the next cluster of an
//! evaluation.

pub mod comm;
pub mod efficiency;
mod infer;
mod render;
mod science;
mod serve;
mod train;

pub use infer::{infer_time_with, request_flops};
pub use render::{render_time, render_time_with};
pub use science::science_time_with;
pub use serve::{serve_time, DecodePoint};
pub use train::{classic_time, lora_time, train_time};

use crate::catalog::Catalog;
use crate::explain::Source;
use crate::explain::{Detail, Full, Term};
use crate::scenario::{Cluster, DataFeed, InputError, Model, Workload};
use crate::sizing::defaults::Band;
use crate::warning::{Untimed, Warning};
use efficiency::RateCache;

/// One headline figure with its range, e.g. tokens/s or time to first token.
#[derive(Debug, Clone, PartialEq)]
pub struct Figure {
    pub key: &'static str,
    pub unit: &'static str,
    pub band: Band,
}

/// The time side of one candidate.
#[derive(Debug, Clone, PartialEq)]
pub struct Timing {
    /// Wall-clock hours of the job; `None` for open-ended serving or when the catalog lacks a
    /// figure the estimate needs (`untimed` says which).
    pub hours: Option<Band>,
    /// GPUs the job runs on.
    pub gpus: u32,
    pub figures: Vec<Figure>,
    /// How the expected values were obtained.
    pub terms: Vec<Term>,
    pub warnings: Vec<Warning>,
    /// Why no time could be estimated, when none could: the front ends say it in place of one.
    pub untimed: Option<Untimed>,
}

impl Timing {
    /// The figure named `key`. Keys are the engine's own literals, and the build keeps one copy
    /// of each text, so a figure asked for by name usually has the very same key: its address
    /// settles it, without comparing the text, which the wasm does byte by byte (a service's
    /// pricing reads six of them for every candidate).
    pub fn figure(&self, key: &str) -> Option<&Figure> {
        self.figures.iter().find(|f| {
            f.key.len() == key.len() && (std::ptr::eq(f.key.as_ptr(), key.as_ptr()) || f.key == key)
        })
    }

    /// GPU-hours (hours × GPUs).
    pub fn gpu_hours(&self) -> Option<Band> {
        self.hours.map(|h| h.scale(f64::from(self.gpus)))
    }

    pub(crate) fn unknown(gpus: u32, why: Untimed) -> Timing {
        Timing {
            hours: None,
            gpus,
            figures: Vec::new(),
            terms: Vec::new(),
            warnings: Vec::new(),
            untimed: Some(why),
        }
    }
}

/// Times `workload` on `cluster`. `data` is the storage feeding a training job; `catalog`
/// resolves a render job's reference GPU.
pub fn estimate(
    model: &Model,
    workload: &Workload,
    cluster: &Cluster,
    data: Option<&DataFeed>,
    catalog: &Catalog,
) -> Result<Timing, InputError> {
    estimate_with(model, workload, cluster, data, catalog, Full)
}

/// [`estimate`] with formulas only when `detail` asks for them; the values are the same.
pub fn estimate_with(
    model: &Model,
    workload: &Workload,
    cluster: &Cluster,
    data: Option<&DataFeed>,
    catalog: &Catalog,
    detail: impl Detail,
) -> Result<Timing, InputError> {
    estimate_in(
        model,
        workload,
        cluster,
        data,
        catalog,
        detail,
        &mut RateCache::default(),
    )
}

/// [`estimate_with`] for one of many clusters: the GPU's compute and memory rates are looked up
/// in `rates` and kept there for the next cluster of that GPU.
pub fn estimate_in<'g>(
    model: &Model,
    workload: &Workload,
    cluster: &Cluster<'g>,
    data: Option<&DataFeed>,
    catalog: &Catalog,
    detail: impl Detail,
    rates: &mut RateCache<'g>,
) -> Result<Timing, InputError> {
    workload.check()?;
    if let Some(d) = data {
        d.check()?;
    }
    let mut timing = on_cluster(model, workload, cluster, data, catalog, detail, rates)?;
    if let Some(t) = slice_term(cluster.gpu, detail) {
        timing.terms.push(t);
    }
    Ok(timing)
}

/// What a MIG slice is of its GPU, when the job runs on one: the compute share its peaks were
/// scaled by, with the memory share beside it.
fn slice_term(gpu: &crate::catalog::Gpu, detail: impl Detail) -> Option<Term> {
    let (parent, p) = crate::catalog::mig::slice_of(&gpu.id)?;
    Some(term(
        "mig_slice",
        p.compute_share(),
        "fraction",
        detail.text(|| {
            format!(
                "MIG {} of {parent}: {}/{} of its SMs (every peak × {:.3}), {}/{} of its memory \
                 and memory bandwidth ({:.0} GiB); priced at the larger share, {:.3} of one GPU",
                p.name,
                p.compute.0,
                p.compute.1,
                p.compute_share(),
                p.memory.0,
                p.memory.1,
                gpu.memory_gib,
                p.price_share()
            )
        }),
        Some(Source::Text(crate::catalog::mig::SOURCE)),
    ))
}

/// The job's time on `cluster`, by workload.
fn on_cluster<'g>(
    model: &Model,
    workload: &Workload,
    cluster: &Cluster<'g>,
    data: Option<&DataFeed>,
    catalog: &Catalog,
    detail: impl Detail,
    rates: &mut RateCache<'g>,
) -> Result<Timing, InputError> {
    match workload {
        Workload::Train(t) => train::train_time_in(model, t, cluster, data, detail, rates),
        Workload::Lora(l) => train::lora_time_in(model, l, cluster, data, detail, rates),
        Workload::Classic(c) => train::classic_time_in(model, c, cluster, data, detail, rates),
        Workload::Serve(s) => serve::serve_time_in(model, s, cluster, detail, rates),
        Workload::Infer(i) => infer_time_with(model, i, cluster, detail),
        Workload::Render(r) => {
            let reference = catalog.gpu(&r.reference_gpu).ok_or_else(|| {
                InputError::new(
                    "workload.reference_gpu",
                    format!("no GPU with id '{}' in the catalog", r.reference_gpu),
                )
            })?;
            Ok(render_time_with(r, reference, cluster, detail))
        }
        Workload::Science(s) => {
            let reference = match s.pflop {
                Some(_) => None,
                None => Some(catalog.gpu(&s.reference_gpu).ok_or_else(|| {
                    InputError::new(
                        "workload.reference_gpu",
                        format!("no GPU with id '{}' in the catalog", s.reference_gpu),
                    )
                })?),
            };
            Ok(science_time_with(s, reference, cluster, detail))
        }
        Workload::DevBox(d) => Ok(Timing {
            hours: Some(Band::exact(d.hours)),
            gpus: cluster.gpus,
            figures: Vec::new(),
            terms: vec![Term {
                key: "hours",
                value: d.hours,
                unit: "h",
                formula: detail.text(|| format!("{} h of use (your input)", d.hours)),
                source: None,
            }],
            warnings: Vec::new(),
            untimed: None,
        }),
    }
}

/// A time or rate term.
pub(crate) fn term(
    key: &'static str,
    value: f64,
    unit: &'static str,
    formula: String,
    source: Option<Source>,
) -> Term {
    Term {
        key,
        value,
        unit,
        formula,
        source,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A figure is found by its key's text wherever that text is kept (the address is only a
    /// shortcut), and not by another key of the same length.
    #[test]
    fn a_figure_is_found_by_the_text_of_its_key() {
        let timing = Timing {
            figures: vec![
                Figure {
                    key: "tokens_per_s",
                    unit: "tokens/s",
                    band: Band::exact(10.0),
                },
                Figure {
                    key: "requests_per_s",
                    unit: "requests/s",
                    band: Band::exact(2.0),
                },
            ],
            ..Timing::unknown(1, Untimed::NoRequestRate)
        };
        let expected = |key: &str| timing.figure(key).map(|f| f.band.expected);
        let kept_elsewhere = String::from("requests_per_s");
        assert_ne!(kept_elsewhere.as_ptr(), "requests_per_s".as_ptr());
        assert_eq!(expected(&kept_elsewhere), Some(2.0));
        assert_eq!(expected("requests_per_s"), Some(2.0));
        assert_eq!(expected("tokens_per_s"), Some(10.0));
        assert_eq!(expected("requests_per_x"), None);
        assert_eq!(expected("tokens"), None);
    }
}
