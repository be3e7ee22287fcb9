//! The classic ways people waste money on cloud GPUs, found in the report with the amount at stake.

mod bandwidth;
mod queue;
mod subscription;
mod transfer;

pub(super) use queue::kept_up_idle;

use super::storage::{self, FeedFrom};
use super::{Candidate, Request};
use crate::catalog::schema::ProviderKind;
use crate::catalog::{BillingMode, InstanceLink, RefundRule};
use crate::cost::hidden::{auto_stop_saving_with, DEFAULT_AUTO_STOP_H};
use crate::explain::{Numbers, Term};
use crate::scenario::Workload;

/// Prices older than this are flagged (defined with the catalog's dating rule).
pub use crate::catalog::STALE_AFTER_DAYS;
/// Memory headroom below this risks out-of-memory errors on real runs.
pub const LOW_HEADROOM: f64 = 0.10;

/// A mistake in reach and what it would cost (report currency); the front ends word it.
#[derive(Debug, Clone, PartialEq)]
pub enum Pitfall {
    /// Storage cannot feed the GPUs: utilisation capped, the job runs longer. `feed_mbs` is
    /// what the storage delivers; `faster_mbs` what the offer's fastest storage would (the
    /// provider's fastest tier, or the instance's local disk), when that is faster.
    StorageStarvesGpu {
        utilisation: f64,
        extra_cost: f64,
        feed_mbs: f64,
        faster_mbs: Option<f64>,
    },
    /// On-demand chosen where a commitment on the same offer would cost less.
    OnDemandForLongJob { saving: f64, mode: BillingMode },
    /// Egress is a large share of the bill.
    Egress { cost: f64, share: f64 },
    /// Public bandwidth priced both ways for the month's `egress_gb`: a fixed port of `mbps`
    /// (`stated` by the user, else the least that carries the egress at a flat rate) costs
    /// `fixed` a month, the same traffic paid by the GB `traffic`; the port carries at most
    /// `capacity_gb` a month; `intranet_free` when the provider does not charge private traffic
    /// within a region; `package` what the provider's shared bandwidth package charges a month
    /// for a peak of `mbps`, where it publishes one.
    BandwidthBilling {
        mbps: f64,
        stated: bool,
        fixed: f64,
        traffic: f64,
        egress_gb: f64,
        capacity_gb: f64,
        intranet_free: bool,
        package: Option<f64>,
    },
    /// The pick's instances kept `months` on a monthly subscription cancelled then cost
    /// `subscription` (`refunded` back by the provider's published `refund_rule`, less its
    /// `handling_fee` share of the cut month), against `pay_as_you_go` for the same hours;
    /// without a refund rule a subscription stopped within a month costs no more than paying as
    /// you go once it ran `break_even_months`.
    SubscriptionStoppedEarly {
        months: f64,
        subscription: f64,
        pay_as_you_go: f64,
        refunded: f64,
        refund_rule: Option<RefundRule>,
        handling_fee: f64,
        break_even_months: f64,
    },
    /// Data moved each month between zones of the pick's region (`zone_gb`, costing `zone_cost`
    /// when its provider prices it) and to another cloud (`cloud_gb`, `cloud_cost`): `saving` a
    /// month, `share` of the bill, that keeping the data in the GPUs' zone would save.
    CrossTraffic {
        zone_gb: f64,
        zone_cost: Option<f64>,
        cloud_gb: f64,
        cloud_cost: Option<f64>,
        saving: f64,
        share: f64,
    },
    /// Idle hours are billed in full: an auto-stop after `grace_h` idle hours in each idle
    /// period would save `saving` of their `idle_cost`.
    NoAutoStop {
        idle_cost: f64,
        saving: f64,
        grace_h: f64,
    },
    /// Instances kept up all month for the request's queue of jobs would be busy only
    /// `utilisation` of their hours: they cost `kept_up` a month against `start_stop` started
    /// for the work and stopped after it; keeping them up pays from `break_even_jobs_per_day`.
    KeptUpIdle {
        utilisation: f64,
        kept_up: f64,
        start_stop: f64,
        break_even_jobs_per_day: Option<f64>,
    },
    /// Several GPUs over PCIe where the same GPUs with NVLink finish sooner or cheaper.
    MultiGpuWithoutNvlink { extra_cost: f64 },
    /// Less than 10 % of GPU memory left free.
    LowMemoryHeadroom { headroom: f64 },
    /// The pick's price is older than [`STALE_AFTER_DAYS`] (`days` since its source's date) or its
    /// source is undated (`days: None`).
    StalePrice { days: Option<i64> },
    /// The GPU needs a software stack other than CUDA.
    NonCuda { software: &'static str },
    /// A service on spot instances: priced with `spares` spare instances at the busiest hour
    /// (costing `spare_cost` a month) against about `reclaims_per_month` reclaims, each of
    /// which still drops the answers it was generating.
    SpotServing {
        spares: u32,
        reclaims_per_month: f64,
        spare_cost: f64,
    },
    /// A production service on a consumer card (whose driver licence excludes data-centre
    /// deployment) or on a marketplace host (a third party's machine).
    ConsumerHardware {
        consumer_card: bool,
        marketplace: bool,
    },
}

/// The money-wasting mistakes in reach of the pick, `ranked[0]`, whose cost lines are `bill`.
pub(super) fn find(ranked: &[Candidate], bill: &[Term], request: &Request) -> Vec<Pitfall> {
    let Some(pick) = ranked.first() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let compute = bill
        .iter()
        .find(|l| l.key == "compute")
        .map_or(0.0, |l| l.value);

    if let (Some(cap), Some(feed)) = (
        pick.timing.terms.iter().find(|t| t.key == "storage_cap"),
        pick.feed,
    ) {
        if cap.value < 1.0 && cap.value > 0.0 {
            out.push(Pitfall::StorageStarvesGpu {
                utilisation: cap.value,
                extra_cost: compute * (1.0 - cap.value),
                feed_mbs: feed.mbs,
                faster_mbs: storage::fastest_mbs(pick.offer, pick.provider, request)
                    .filter(|f| *f > feed.mbs && feed.from != FeedFrom::Stated),
            });
        }
    }
    if pick.mode == BillingMode::OnDemand {
        let cheaper = ranked.iter().filter(|c| {
            c.offer.id == pick.offer.id
                && c.instances == pick.instances
                && c.mode.term_hours().is_some()
                && c.cost.expected < pick.cost.expected
        });
        if let Some(best) = cheaper.min_by(|a, b| a.cost.expected.total_cmp(&b.cost.expected)) {
            out.push(Pitfall::OnDemandForLongJob {
                saving: pick.cost.expected - best.cost.expected,
                mode: best.mode,
            });
        }
    }
    if let Some(e) = bill.iter().find(|l| l.key == "egress") {
        let share = e.value / pick.cost.expected.max(1e-9);
        if share > 0.1 {
            out.push(Pitfall::Egress {
                cost: e.value,
                share,
            });
        }
    }
    out.extend(bandwidth::compare(pick, request));
    out.extend(subscription::compare(pick, request));
    out.extend(transfer::compare(bill, pick.cost.expected, request));
    if let Some(idle) = bill.iter().find(|l| l.key == "idle") {
        let costs = &request.costs;
        if idle.value > 0.0 && costs.auto_stop_h.is_none() {
            let grace_h = DEFAULT_AUTO_STOP_H;
            let saving = auto_stop_saving_with(
                idle.value / costs.idle_h.max(1e-9),
                costs.idle_h,
                costs.idle_periods.max(1.0),
                grace_h,
                Numbers,
            );
            out.push(Pitfall::NoAutoStop {
                idle_cost: idle.value,
                saving: saving.value,
                grace_h,
            });
        }
    }
    if pick.job_gpus() > 1 && pick.offer.gpu_link == InstanceLink::Pcie {
        let nvlink = ranked.iter().filter(|c| {
            c.gpu.id == pick.gpu.id
                && c.job_gpus() == pick.job_gpus()
                && matches!(
                    c.offer.gpu_link,
                    InstanceLink::Nvlink | InstanceLink::Nvswitch
                )
        });
        if let Some(best) = nvlink.min_by(|a, b| a.hours.expected.total_cmp(&b.hours.expected)) {
            if best.hours.expected < pick.hours.expected {
                let extra_h = pick.hours.expected - best.hours.expected;
                out.push(Pitfall::MultiGpuWithoutNvlink {
                    extra_cost: extra_h * pick.price_per_hour * f64::from(pick.instances),
                });
            }
        }
    }
    // A development box's memory is a class of card the user asked for, not a computed need.
    let asked = matches!(request.scenario.workload, Workload::DevBox(_));
    if pick.headroom < LOW_HEADROOM && !asked {
        out.push(Pitfall::LowMemoryHeadroom {
            headroom: pick.headroom,
        });
    }
    if let Some(today) = request.today {
        if pick.quote.is_stale(today) {
            out.push(Pitfall::StalePrice {
                days: pick.quote.age_days(today),
            });
        }
    }
    let software = match pick.gpu.software {
        crate::catalog::schema::Software::Cuda => None,
        crate::catalog::schema::Software::Rocm => Some("ROCm"),
        crate::catalog::schema::Software::Cann => Some("CANN"),
        crate::catalog::schema::Software::Xla => Some("XLA (JAX / PyTorch-XLA)"),
        crate::catalog::schema::Software::Neuron => Some("AWS Neuron SDK"),
    };
    if let Some(software) = software {
        out.push(Pitfall::NonCuda { software });
    }
    if let Some(fleet) = &pick.serving {
        if pick.mode == BillingMode::Spot {
            out.push(Pitfall::SpotServing {
                spares: fleet.peak_spares,
                reclaims_per_month: fleet.reclaims_per_month,
                spare_cost: fleet.spare_cost,
            });
        }
        let consumer_card = pick.gpu.consumer;
        let marketplace = pick.provider.kind == ProviderKind::Marketplace;
        if consumer_card || marketplace {
            out.push(Pitfall::ConsumerHardware {
                consumer_card,
                marketplace,
            });
        }
    }
    out
}
