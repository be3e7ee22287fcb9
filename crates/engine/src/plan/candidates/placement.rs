//! Placing a job on an offer: which instance counts hold it, in what layout, and its time there.
//! Many offers share a GPU model, so placements and timings are computed once per GPU model
//! and shared ([`OnGpu`]).

use super::storage::Feed;
use super::{Filter, Reason};
use crate::catalog::{Catalog, Gpu, InstanceLink, Offer};
use crate::explain::{Numbers, Source};
use crate::scenario::{Cluster, DataFeed, InputError, Model, Parallelism, Workload};
use crate::sizing::fit;
use crate::sizing::layout::{self, LayoutProblem, Placed, Slots, Unplaced};
use crate::sizing::memory::MemoryEstimate;
use crate::sizing::time::efficiency::RateCache;
use crate::sizing::time::{self, Timing};
use std::sync::Arc;

/// The job's placement on one GPU model at one count: its resolved layout and memory (shared by
/// every offer of that GPU), or why it does not go there.
type Placement = Result<Arc<Shared>, Arc<Unplaced>>;

/// A placement and its memory estimate, built once.
pub(super) struct Shared {
    /// The placement; its fit's memory keeps the total only, the terms are in `memory`.
    pub placed: Placed,
    pub memory: Arc<MemoryEstimate>,
}

/// What is known of the job on one GPU model: its placement by node size and GPU count, and its
/// time by cluster and layout. Many offers share a GPU model, so each is computed once.
#[derive(Default)]
pub(super) struct OnGpu<'a> {
    placed: Vec<(Slots, Placement)>,
    timings: Vec<(ClusterKey, Option<Parallelism>, Arc<Timing>)>,
    /// The GPU's compute and memory rates, looked up for its first cluster.
    rates: RateCache<'a>,
    /// The smallest instance count that places the job, by GPUs per instance.
    first: Vec<(u32, Option<u32>)>,
    /// A serving replica's GPUs when it fits in at most that many, by that many (an offer's
    /// GPUs per instance, or fewer when capped).
    replica: Vec<(u32, Option<u32>)>,
}

impl OnGpu<'_> {
    /// Forgets the timings and gives the placements `workload`'s amount of work, for a job that
    /// differs from the one placed only there (its layouts and memory do not depend on it).
    pub(super) fn retime(&mut self, workload: &Workload) {
        self.timings.clear();
        for (_, placement) in &mut self.placed {
            let Ok(shared) = placement else {
                continue;
            };
            let now = shared.placed.workload.with_amount_of(workload);
            if now != shared.placed.workload {
                *shared = Arc::new(Shared {
                    placed: Placed {
                        workload: now,
                        fit: shared.placed.fit.clone(),
                    },
                    memory: Arc::clone(&shared.memory),
                });
            }
        }
    }

    fn place(
        &mut self,
        model: &Model,
        workload: &Workload,
        gpu: &Gpu,
        slots: Slots,
    ) -> Result<Placement, InputError> {
        if let Some((_, p)) = self.placed.iter().find(|(s, _)| *s == slots) {
            return Ok(p.clone());
        }
        // The same GPU count on nodes of another size gives the same answer when node size did
        // not matter: a layout without tensor or pipeline parallelism, or no fit on larger nodes
        // (more room for tensor parallelism never needs more memory).
        let same = self.placed.iter().find(|(s, p)| {
            s.gpus == slots.gpus
                && match p {
                    Ok(shared) => shared
                        .placed
                        .layout()
                        .is_none_or(|l| l.tensor == 1 && l.pipeline == 1),
                    Err(why) => {
                        s.per_node >= slots.per_node && matches!(**why, Unplaced::TooSmall(_))
                    }
                }
        });
        if let Some((_, p)) = same {
            let p = p.clone();
            self.placed.push((slots, p.clone()));
            return Ok(p);
        }
        let p = match layout::place_with(model, workload, gpu, slots, Numbers)? {
            Ok(mut placed) => {
                // The terms move to the shared estimate rather than being copied; the fit keeps
                // its total, which its headroom reads.
                let fit = &mut placed.fit.memory;
                let memory = MemoryEstimate {
                    terms: std::mem::take(&mut fit.terms),
                    total_gib: fit.total_gib,
                    host_terms: std::mem::take(&mut fit.host_terms),
                };
                Ok(Arc::new(Shared {
                    memory: Arc::new(memory),
                    placed,
                }))
            }
            Err(why) => Err(Arc::new(why)),
        };
        self.placed.push((slots, p.clone()));
        Ok(p)
    }

    /// The fewest instances of `per_node` GPUs (up to `max_instances`) that hold the job:
    /// doubling until it fits, then bisecting (more GPUs never need more memory per GPU).
    fn first_instances(
        &mut self,
        model: &Model,
        workload: &Workload,
        gpu: &Gpu,
        per_node: u32,
        max_instances: u32,
    ) -> Result<Option<u32>, InputError> {
        if let Some((_, k)) = self.first.iter().find(|(n, _)| *n == per_node) {
            return Ok(*k);
        }
        let mut fits = |k: u32| -> Result<bool, InputError> {
            let slots = Slots {
                gpus: k * per_node,
                per_node,
            };
            Ok(self.place(model, workload, gpu, slots)?.is_ok())
        };
        let max = max_instances.max(1);
        let mut found = None;
        let (mut bad, mut k) = (0u32, 1u32);
        loop {
            if fits(k)? {
                found = Some(k);
                break;
            }
            if k >= max {
                break;
            }
            bad = k;
            k = k.saturating_mul(2).min(max);
        }
        if let Some(mut good) = found {
            while good - bad > 1 {
                let mid = bad + (good - bad) / 2;
                if fits(mid)? {
                    good = mid;
                } else {
                    bad = mid;
                }
            }
            found = Some(good);
        }
        self.first.push((per_node, found));
        Ok(found)
    }

    /// The fewest GPUs, up to `cap`, that hold one serving replica, if any do.
    fn replica_gpus(
        &mut self,
        model: &Model,
        workload: &Workload,
        gpu: &Gpu,
        cap: u32,
    ) -> Result<Option<u32>, InputError> {
        if let Some((_, n)) = self.replica.iter().find(|(c, _)| *c == cap) {
            return Ok(*n);
        }
        let search = fit::min_gpus_with(model, workload, gpu, cap, Numbers)?;
        let n = search.found.then_some(search.fit.gpus.max(1));
        self.replica.push((cap, n));
        Ok(n)
    }
}

/// The exclusion a failed placement gives.
fn reason_of(why: &Unplaced) -> Reason {
    match why {
        Unplaced::Layout(problem) => Reason::Layout(*problem),
        Unplaced::TooSmall(fit) => Reason::DoesNotFit {
            short_gib: fit.short_by_gib(),
        },
    }
}

/// The job on one offer: which instance counts to try and what each gives.
pub(super) struct Job<'a, 'm> {
    pub model: &'m Model,
    pub workload: &'m Workload,
    pub data: Option<&'m DataFeed>,
    /// The storage the data is read from on this offer.
    pub feed: Option<Feed<'a>>,
    pub catalog: &'a Catalog,
    pub offer: &'a Offer,
    pub gpu: &'a Gpu,
    pub max_gpus: u32,
    pub pinned: Option<u32>,
}

impl<'a> Job<'a, '_> {
    pub fn serving(&self) -> bool {
        matches!(self.workload, Workload::Serve(_))
    }

    /// The instance counts to price, each with the job placed there, into `out` (emptied
    /// first; one list serves every offer), or why none holds it.
    pub fn placements(
        &self,
        known: &mut OnGpu<'a>,
        out: &mut Vec<(u32, Arc<Shared>)>,
    ) -> Result<Result<(), Reason>, InputError> {
        out.clear();
        let per_node = self.offer.gpu_count.max(1);
        if self.serving() {
            return Ok(self
                .serving_placement(known, per_node)?
                .map(|placed| out.push(placed)));
        }
        let slots_of = |instances: u32| Slots {
            gpus: instances * per_node,
            per_node,
        };
        // A pinned count is tried alone; otherwise the counts from the fewest that hold the job.
        let (pinned, doubling) = match self.pinned {
            Some(n) if n.is_multiple_of(per_node) => (Some(n / per_node), None),
            Some(n) if n < per_node && n.is_power_of_two() => (Some(1), None),
            Some(n) => {
                return Ok(Err(Reason::Layout(LayoutProblem::PartialInstances {
                    gpus: n,
                    per_node,
                })))
            }
            None => {
                let max_instances = self.max_gpus / per_node;
                match known.first_instances(
                    self.model,
                    self.workload,
                    self.gpu,
                    per_node,
                    max_instances,
                )? {
                    Some(first) => (None, Some(counts(self.workload, first, max_instances))),
                    None => {
                        let largest = slots_of(max_instances.max(1));
                        return Ok(Err(self.why_not(known, largest)?));
                    }
                }
            }
        };
        let slots = |k: u32| match self.pinned {
            // Fewer GPUs than an instance holds: a part of one instance.
            Some(n) if n < per_node => Slots { gpus: n, per_node },
            _ => slots_of(k),
        };
        let counts = pinned
            .into_iter()
            .chain(doubling.into_iter().flatten())
            .map(|k| (k, slots(k)));
        let mut last_failure = None;
        for (instances, slots) in counts {
            match known.place(self.model, self.workload, self.gpu, slots)? {
                Ok(p) => out.push((instances, p)),
                Err(e) => last_failure = Some(e),
            }
        }
        if out.is_empty() {
            return Ok(Err(match last_failure.as_deref() {
                Some(why) => reason_of(why),
                None => Reason::Filtered(Filter::MaxGpus),
            }));
        }
        Ok(Ok(()))
    }

    /// Why the job cannot be placed on `slots`.
    fn why_not(&self, known: &mut OnGpu<'a>, slots: Slots) -> Result<Reason, InputError> {
        Ok(
            match known.place(self.model, self.workload, self.gpu, slots)? {
                Ok(_) => Reason::Filtered(Filter::MaxGpus),
                Err(why) => reason_of(&why),
            },
        )
    }

    /// A serving replica stays inside one instance when it can (tensor parallelism across a
    /// network is far too slow for decoding): the fewest GPUs of one instance that hold it.
    /// A model larger than one instance is served across instances, one pipeline stage per
    /// instance. Replicas are priced from traffic later.
    fn serving_placement(
        &self,
        known: &mut OnGpu<'a>,
        per_node: u32,
    ) -> Result<Result<(u32, Arc<Shared>), Reason>, InputError> {
        let cap = self.max_gpus.min(per_node);
        if let Some(gpus) = known.replica_gpus(self.model, self.workload, self.gpu, cap)? {
            let slots = Slots { gpus, per_node };
            return Ok(
                match known.place(self.model, self.workload, self.gpu, slots)? {
                    Ok(p) => Ok((1, p)),
                    Err(why) => Err(reason_of(&why)),
                },
            );
        }
        // Across instances: whole instances, one pipeline stage each.
        let max_instances = self.max_gpus / per_node;
        let mut instances = 2;
        let mut last = None;
        while instances <= max_instances {
            let slots = Slots {
                gpus: instances * per_node,
                per_node,
            };
            match known.place(self.model, self.workload, self.gpu, slots)? {
                Ok(p) => return Ok(Ok((instances, p))),
                Err(why) => last = Some(why),
            }
            instances *= 2;
        }
        Ok(Err(match last.as_deref() {
            Some(Unplaced::Layout(l)) => Reason::Layout(*l),
            _ => {
                let short_gib =
                    fit::fit_on_with(self.model, self.workload, self.gpu, per_node, Numbers)
                        .map(|f| f.short_by_gib())
                        .unwrap_or(0.0);
                Reason::DoesNotFit { short_gib }
            }
        }))
    }

    /// The job's time on `gpus` GPUs of this offer with its placed layout (cached per cluster
    /// and layout: offers of one GPU model often share both).
    pub fn timing(
        &self,
        known: &mut OnGpu<'a>,
        placed: &Placed,
        gpus: u32,
    ) -> Result<Arc<Timing>, InputError> {
        let cluster = Cluster::on_offer(self.gpu, self.offer, gpus);
        let feed = self.data.and(self.feed).map(|f| (f.mbs, f.source()));
        let key = ClusterKey::of(&cluster, feed);
        let layout = placed.layout();
        if let Some((_, _, t)) = known
            .timings
            .iter()
            .find(|(k, l, _)| *k == key && *l == layout)
        {
            return Ok(Arc::clone(t));
        }
        let mut t = time::estimate_in(
            self.model,
            &placed.workload,
            &cluster,
            self.data,
            self.catalog,
            Numbers,
            &mut known.rates,
        )?;
        // The storage behind the cap (its value is part of the cache key).
        if let (Some(f), Some(_)) = (self.feed, self.data) {
            t.terms.push(f.value_term());
        }
        let t = Arc::new(t);
        known.timings.push((key, layout, Arc::clone(&t)));
        Ok(t)
    }
}

/// What a job's time on one GPU model depends on besides the job itself.
#[derive(Debug, Clone, Copy, PartialEq)]
struct ClusterKey {
    gpus: u32,
    per_node: u32,
    link: InstanceLink,
    fabric: crate::catalog::Fabric,
    network_gbps: Option<f64>,
    nvlink_domain: u32,
    /// The throughput of the storage feeding the GPUs (MB/s) and its source, when the job reads
    /// its data: both differ between offers, and are one of the timing's terms.
    feed: Option<(f64, Option<Source>)>,
}

impl ClusterKey {
    /// The key of `c` fed by `feed`; a job inside one node does not see the network, so offers
    /// that differ only there share their timing.
    fn of(c: &Cluster, feed: Option<(f64, Option<Source>)>) -> ClusterKey {
        let one_node = c.gpus <= c.gpus_per_node;
        ClusterKey {
            gpus: c.gpus,
            per_node: c.gpus_per_node,
            link: if c.gpus <= 1 {
                InstanceLink::None
            } else {
                c.link
            },
            fabric: if one_node {
                crate::catalog::Fabric::None
            } else {
                c.fabric
            },
            network_gbps: if one_node { None } else { c.network_gbps },
            nvlink_domain: if one_node {
                c.gpus_per_node
            } else {
                c.nvlink_domain
            },
            feed,
        }
    }
}

/// Instance counts to try: the fewest that hold the job, then doubling, and the most allowed.
/// Serving and dev boxes use the fewest (serving fleets are sized by traffic when priced). Any
/// other count can be asked for exactly (`Constraints::gpus`).
fn counts(workload: &Workload, first: u32, max_instances: u32) -> impl Iterator<Item = u32> {
    let (first, max) = (first.max(1), max_instances.max(1));
    let one_size = matches!(
        workload,
        Workload::Serve(_) | Workload::Infer(_) | Workload::DevBox(_)
    );
    let doublings = move || {
        std::iter::successors((first <= max).then_some(first), move |n| {
            n.checked_mul(2).filter(|m| !one_size && *m <= max)
        })
    };
    let top = doublings()
        .last()
        .filter(|last| !one_size && *last != max)
        .map(|_| max);
    doublings().chain(top)
}
