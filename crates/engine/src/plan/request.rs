//! The question the engine answers: the job, its costs, the limits and what "best" means.

use super::Objective;
use crate::catalog::{BillingMode, Currency};
use crate::cost::money::Exchange;
use crate::cost::queue::Queue;
use crate::scenario::Scenario;

/// Storage a job keeps while it runs and afterwards.
#[derive(Debug, Clone, PartialEq)]
pub struct StorageNeeds {
    /// Training data, images, model downloads kept on block storage, GB.
    pub data_gb: f64,
    /// Checkpoints and results, GB.
    pub checkpoints_gb: f64,
    /// Snapshots kept (e.g. of the environment disk), GB.
    pub snapshot_gb: f64,
    /// Hours the storage is kept after the job ends.
    pub retention_h: f64,
    /// Pick the provider's fastest tier rather than its cheapest.
    pub fast_tier: bool,
}

impl Default for StorageNeeds {
    fn default() -> Self {
        StorageNeeds {
            data_gb: 100.0,
            checkpoints_gb: 0.0,
            snapshot_gb: 0.0,
            retention_h: 0.0,
            fast_tier: false,
        }
    }
}

/// Everything about money that the scenario itself does not say.
#[derive(Debug, Clone, PartialEq)]
pub struct CostInputs {
    pub storage: StorageNeeds,
    /// Data sent out to the internet (results, model downloads, serving traffic), GB.
    pub egress_gb: f64,
    /// Data brought in from elsewhere, GB (free almost everywhere; shown so the user sees it).
    pub ingress_gb: f64,
    /// Fixed public bandwidth bought (按固定带宽), Mbps; 0: traffic paid by the GB (`bandwidth`).
    pub bandwidth_mbps: f64,
    /// Data moved between availability zones of the pick's region in a month, GB: priced at the
    /// provider's inter-zone rate on both ends (`cost::transfer`).
    pub cross_zone_gb: f64,
    /// Data sent to another cloud or region in a month, GB: it leaves as internet egress, in the
    /// tiers above `egress_gb`.
    pub cross_cloud_gb: f64,
    /// Months after which a subscription (包年包月) is expected to be cancelled; `None`: kept.
    pub stop_after_months: Option<f64>,
    /// Hours instances stay up with nobody using them (nights, a weekend).
    pub idle_h: f64,
    /// Idle stretches (nights, a weekend; at least one): an auto-stop keeps each its grace.
    pub idle_periods: f64,
    /// Idle hours before an auto-stop stops an instance; `None`: up through every idle hour.
    pub auto_stop_h: Option<f64>,
    /// Peak-to-average ratio of serving traffic over a day (1: flat).
    pub serving_peak_ratio: f64,
    /// Environment set-up and data download before the job, billed at the instance rate.
    pub setup_h: f64,
    /// Spot interruptions per instance-hour; `None`: the default for the provider kind.
    pub spot_interruptions_per_h: Option<f64>,
    pub spot_restart_h: f64,
    pub checkpoint_write_h: f64,
    /// Currency of the report and the rate used to convert.
    pub currency: Currency,
    pub fx: Exchange,
    /// User overrides of catalog prices: (offer id, mode) → price per hour in the offer's currency.
    pub price_overrides: Vec<(String, BillingMode, f64)>,
    /// A month's queue of the job, priced started-and-stopped against kept up; `None`: one job.
    pub queue: Option<Queue>,
}

impl Default for CostInputs {
    fn default() -> Self {
        CostInputs {
            storage: StorageNeeds::default(),
            egress_gb: 0.0,
            ingress_gb: 0.0,
            bandwidth_mbps: 0.0,
            cross_zone_gb: 0.0,
            cross_cloud_gb: 0.0,
            stop_after_months: None,
            idle_h: 0.0,
            idle_periods: 0.0,
            auto_stop_h: None,
            serving_peak_ratio: 1.0,
            setup_h: 0.5,
            spot_interruptions_per_h: None,
            spot_restart_h: 10.0 / 60.0,
            checkpoint_write_h: 5.0 / 60.0,
            currency: Currency::Usd,
            fx: Exchange::default(),
            price_overrides: Vec::new(),
            queue: None,
        }
    }
}

/// Features a candidate must have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Features {
    /// NVLink or NVSwitch between the GPUs of an instance.
    pub nvlink: bool,
    /// The GPU can be partitioned (MIG).
    pub mig: bool,
    /// The GPU supports graphics APIs (rendering, remote desktop).
    pub graphics: bool,
    /// The GPU has hardware video encoders.
    pub video: bool,
    /// Only CUDA GPUs (most code assumes CUDA).
    pub cuda: bool,
}

/// What the user allows.
#[derive(Debug, Clone, PartialEq)]
pub struct Constraints {
    /// A service with a latency target may run on spot instances. Off by default: a reclaimed
    /// instance drops the answers it was generating, whatever spares stand by.
    pub spot_with_latency: bool,
    /// Most the whole job may cost, in the report currency.
    pub budget: Option<f64>,
    /// Provider ids allowed; empty: all.
    pub providers: Vec<String>,
    /// Region names allowed; empty: all.
    pub regions: Vec<String>,
    /// Most GPUs in total.
    pub max_gpus: u32,
    pub require: Features,
    /// Billing modes considered; empty: all.
    pub modes: Vec<BillingMode>,
    /// Only offers of this GPU (catalog id).
    pub gpu: Option<String>,
    /// Exactly this many GPUs in total, instead of the counts the engine tries.
    pub gpus: Option<u32>,
    /// Only this offer (catalog id).
    pub offer: Option<String>,
    /// Also consider the MIG slices a catalog holds (`catalog::mig`); off: they are skipped.
    pub mig_slices: bool,
}

impl Default for Constraints {
    fn default() -> Self {
        Constraints {
            spot_with_latency: false,
            budget: None,
            providers: Vec::new(),
            regions: Vec::new(),
            max_gpus: 64,
            require: Features::default(),
            modes: Vec::new(),
            gpu: None,
            gpus: None,
            offer: None,
            mig_slices: false,
        }
    }
}

/// A complete question: the job, its costs, the limits and what "best" means.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    pub scenario: Scenario,
    pub costs: CostInputs,
    pub constraints: Constraints,
    pub objective: Objective,
    /// Today as days since 1970-01-01, to flag stale prices (the engine has no clock).
    pub today: Option<i64>,
}
