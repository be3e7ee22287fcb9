//! Record types of the catalog: exactly what the TOML files under `data/` hold.
//!
//! This file is also compiled into `build.rs` (via `#[path]`), which parses the TOML data with these
//! types, so a misspelt or missing field fails the build with the file and field named. It must
//! therefore depend on nothing but `serde`.
//!
//! Units are in the field names (`_gib`, `_gbs`, `_tflops`, `_w`) because the data files are edited
//! by hand and a unit in the key is the cheapest defence against mix-ups. A figure that could not be
//! verified is `None` (left out of the file), never a guess.
//!
//! Each record's compact form (`crate::compact`), which the page embeds, is in `compact_form`.

use serde::{Deserialize, Serialize};

/// One accelerator model, as its vendor specifies it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gpu {
    /// Stable key used by offers and links, e.g. `h100-sxm-80gb`.
    pub id: String,
    /// Display name, e.g. `NVIDIA H100 SXM 80GB`.
    pub name: String,
    pub vendor: String,
    pub architecture: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub year: Option<u16>,
    /// Device memory as marketed (HBM stacks are binary-sized, so "80 GB" is treated as 80 GiB).
    pub memory_gib: f64,
    pub memory_type: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memory_bandwidth_gbs: Option<f64>,
    /// Dense (no 2:4 sparsity) peak throughputs. Non-tensor fp32.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fp32_tflops: Option<f64>,
    /// Vector fp64 peak, what scientific codes run at (consumer parts: 1/32 or 1/64 of fp32).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fp64_tflops: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tf32_tflops: Option<f64>,
    /// bf16 / fp16 tensor-core dense peak (fp16 where the part has no bf16, e.g. T4, V100).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bf16_tflops: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fp8_tflops: Option<f64>,
    /// Dense fp4 tensor peak (NVFP4/MXFP4 on Blackwell).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fp4_tflops: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub int8_tops: Option<f64>,
    /// How this GPU talks to its peers inside one server.
    pub link: GpuLink,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tdp_w: Option<f64>,
    /// Most MIG (or similar) partitions; 0 when the part cannot be partitioned.
    #[serde(default)]
    pub mig_max: u8,
    /// Hardware video encoders / decoders (NVENC / NVDEC or equivalent); `None` when unknown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub video_encoders: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub video_decoders: Option<u8>,
    /// Graphics APIs the part supports (e.g. `vulkan`, `opengl`, `directx`); empty for compute-only parts.
    #[serde(default)]
    pub graphics_apis: Vec<String>,
    /// Software stack a job needs. Anything other than `cuda` is flagged to the user as non-CUDA.
    pub software: Software,
    /// Compiled inference graphs only: no training, rendering or interactive work (Inferentia).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub inference_only: bool,
    /// A consumer (gaming) card: its driver licence excludes data-centre deployment.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub consumer: bool,
    /// Public pages the figures were read from (not in the copy the page's main module embeds).
    #[serde(default)]
    pub sources: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
}

/// Intra-server GPU-to-GPU link of one accelerator.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GpuLink {
    pub kind: LinkKind,
    /// NVLink / PCIe generation, where it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generation: Option<u8>,
    /// Total bidirectional GB/s per GPU over that link.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gbs_per_gpu: Option<f64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LinkKind {
    Nvlink,
    Pcie,
    /// AMD Infinity Fabric.
    InfinityFabric,
    /// Huawei HCCS.
    Hccs,
    /// Google TPU inter-chip interconnect.
    Ici,
    /// AWS NeuronLink.
    Neuronlink,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Software {
    Cuda,
    Rocm,
    /// Huawei CANN (MindSpore, torch_npu).
    Cann,
    /// JAX / PyTorch-XLA on TPU.
    Xla,
    /// AWS Neuron SDK.
    Neuron,
}

/// One provider file: the provider's terms plus its offers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProviderFile {
    pub provider: Provider,
    #[serde(default, rename = "offer")]
    pub offers: Vec<Offer>,
}

/// A cloud and the costs it charges besides the instance itself.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Provider {
    /// Stable key, e.g. `aws`, `alibaba`.
    pub id: String,
    pub name: String,
    /// Name as Chinese-speaking users know it, e.g. `阿里云`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_zh: Option<String>,
    pub kind: ProviderKind,
    /// Default metering step and minimum for on-demand, in seconds (offers may override).
    pub billing_increment_s: u32,
    #[serde(default)]
    pub billing_minimum_s: u32,
    /// Block-storage tiers a job's data and checkpoints can live on.
    #[serde(default)]
    pub storage: Vec<StorageTier>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub snapshot: Option<Priced>,
    /// Internet egress price tiers, cheapest-last is not assumed: ordered by `up_to_tb`.
    #[serde(default)]
    pub egress: Vec<EgressTier>,
    /// Whether data coming in is free (it is almost everywhere; stated so the user sees it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub free_ingress: Option<bool>,
    /// Fixed public bandwidth (按固定带宽) a month, per Mbps, ordered by `up_to_mbps`: the
    /// alternative to paying by traffic that Chinese clouds sell.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bandwidth: Vec<BandwidthTier>,
    /// A shared bandwidth package (共享带宽包), per Mbps a month of the month's peak over all
    /// the instances in it: it pays when their peaks fall at different times, so a one-job
    /// bill only compares it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bandwidth_package: Option<Priced>,
    /// Whether private-network transfer within a region is free (stated by the provider).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub free_intranet: Option<bool>,
    /// Data moved between availability zones of one region, priced at both ends; `None`: no
    /// price was found, and such traffic is reported as unpriced rather than free.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cross_zone: Option<ZoneTransfer>,
    /// What a subscription (包年包月) cancelled early refunds; `None`: months paid in full.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refund: Option<Refund>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
}

/// A provider's published rule for subscriptions cancelled early, and where it is published.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Refund {
    pub rule: RefundRule,
    /// Share of the cancelled order's payment kept as a handling fee (Huawei Cloud: 0.10 for a
    /// monthly order); 0 where the rule has none.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub handling_fee: f64,
    #[serde(default)]
    pub source: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub as_of: Option<String>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub undated: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read_on: Option<String>,
    /// Where the handling fee or a detail of the rule is published, when not at `source`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// How a provider counts the used part of a month cut short; whole months used are consumed
/// at the month's price under every rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RefundRule {
    /// The used hours at the on-demand rate (Tencent: 基于按量计费计算), so a month cut short
    /// costs what paying as you go would have.
    OnDemandHours,
    /// The used days, a part-day counted whole, at the month's price pro rata (Alibaba Cloud:
    /// the remaining value is refunded).
    DaysProRata,
    /// The used whole hours at the month's price pro rata (Huawei Cloud: 已消费金额 = 实付 ×
    /// 实际消费时长 / 订单总时长), less the `handling_fee`.
    HoursProRata,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ProviderKind {
    Hyperscaler,
    /// A cloud built around GPUs (Lambda, CoreWeave, RunPod...).
    GpuCloud,
    /// A marketplace of third-party hosts (Vast.ai): prices are typical, not list prices.
    Marketplace,
}

/// A price with its source, the source's date and the day it was read. Every money figure of a
/// provider's terms is one of these; instance prices are [`Quote`]s with the same dating.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Priced {
    /// Amount in `currency` per `unit` (see the field that holds it).
    pub price: f64,
    pub currency: Currency,
    #[serde(default)]
    pub source: String,
    /// ISO date `YYYY-MM-DD` the source itself carries: a page's stated update date, or the date of
    /// the commit a repository file was read at. Absent only when `undated`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub as_of: Option<String>,
    /// The source carries no date: shown as "date unknown" and treated as stale.
    #[serde(default, skip_serializing_if = "is_false")]
    pub undated: bool,
    /// ISO date `YYYY-MM-DD` the source was read (never used as the price's date).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read_on: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero(x: &f64) -> bool {
    *x == 0.0
}

/// ISO 4217 code, written upper-case in the data as providers publish it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum Currency {
    Usd,
    Cny,
}

/// One block-storage product; `price` is per GB-month.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StorageTier {
    pub id: String,
    pub name: String,
    /// Per GB-month.
    pub price: Priced,
    /// Baseline throughput of one volume, MB/s (what feeds the GPUs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub throughput_mbs: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_throughput_mbs: Option<f64>,
    /// Hard disks: cheap, but not for a job that rereads its data every epoch unasked.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hdd: bool,
}

/// Internet egress priced per GB up to `up_to_tb` per month (`None`: everything beyond).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EgressTier {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub up_to_tb: Option<f64>,
    /// Per GB.
    pub price: Priced,
}

/// What one GB moved between two availability zones of a region costs: AWS bills both the
/// zone it leaves and the zone it enters, Google Cloud only the sender, so both ends are data.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZoneTransfer {
    /// Per GB leaving the sending zone.
    pub sent: Priced,
    /// Per GB entering the receiving zone (0 where the provider says it is free).
    pub received: Priced,
}

/// Fixed bandwidth priced per Mbps a month for the Mbps up to `up_to_mbps` (`None`: beyond).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BandwidthTier {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub up_to_mbps: Option<f64>,
    /// Per Mbps a month.
    pub price: Priced,
}

/// One rentable configuration: an instance type in a region.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Offer {
    /// Unique key: `<provider>-<region>-<instance type>`, lower case.
    pub id: String,
    #[serde(default)]
    pub provider: String,
    pub region: String,
    pub instance_type: String,
    /// Key of a [`Gpu`].
    pub gpu: String,
    pub gpu_count: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vcpu: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ram_gib: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub local_disk_gb: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub network_gbps: Option<f64>,
    /// How the GPUs inside this instance are connected (single-GPU offers: `none`).
    pub gpu_link: InstanceLink,
    /// What connects this instance to others of its kind for multi-node jobs.
    pub fabric: Fabric,
    /// GPUs in one NVLink domain spanning instances (GB200 NVL72: 72); absent: the instance.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nvlink_domain: Option<u32>,
    /// Overrides the provider's metering step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub billing_increment_s: Option<u32>,
    /// Prices per hour for the whole instance, by billing mode. Empty: "enter your price".
    #[serde(default)]
    pub prices: Vec<Quote>,
    /// Page the instance specs (vCPU, RAM, disk, network, links) were read from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spec_source: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum InstanceLink {
    /// One GPU: nothing to connect.
    None,
    Pcie,
    /// NVLink bridges between pairs or partial meshes.
    Nvlink,
    /// Every GPU reaches every other at full NVLink bandwidth (HGX / DGX boards).
    Nvswitch,
    /// Vendor fabric inside the box (Infinity Fabric, HCCS, ICI, NeuronLink).
    Vendor,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Fabric {
    /// Ordinary data-centre Ethernet / VPC networking.
    Ethernet,
    Roce,
    Infiniband,
    /// AWS Elastic Fabric Adapter.
    Efa,
    /// Multi-node not offered.
    None,
}

/// A price for the whole instance in one billing mode.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Quote {
    pub mode: BillingMode,
    /// Per instance-hour. For commitments, the effective hourly rate over the term.
    pub per_hour: f64,
    pub currency: Currency,
    #[serde(default)]
    pub source: String,
    /// ISO date `YYYY-MM-DD` the source carries (a page's update date, a commit's date); absent
    /// only when `undated` or for a price the user typed in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub as_of: Option<String>,
    /// The source carries no date: shown as "date unknown" and treated as stale.
    #[serde(default, skip_serializing_if = "is_false")]
    pub undated: bool,
    /// ISO date `YYYY-MM-DD` the source was read (never used as the price's date).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read_on: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BillingMode {
    OnDemand,
    Spot,
    /// Monthly subscription (包月), paid for whole months.
    Monthly,
    /// One-year reservation / savings plan / committed use, paid for the whole term.
    #[serde(rename = "reserved-1y")]
    Reserved1y,
    #[serde(rename = "reserved-3y")]
    Reserved3y,
    /// Per-second serverless GPU, billed only while handling requests.
    Serverless,
}

/// The whole catalog: what is embedded in the build, exported and imported as JSON.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Catalog {
    pub gpus: Vec<Gpu>,
    pub providers: Vec<Provider>,
    pub offers: Vec<Offer>,
}

impl Catalog {
    /// The latest day any price was read (`Quote::read_on`): how fresh the catalog is, as the
    /// footer says. Here, not in `catalog/mod.rs`, because `build.rs` writes it into the summary.
    pub fn newest_read_on(&self) -> Option<&str> {
        self.offers
            .iter()
            .flat_map(|o| &o.prices)
            .filter_map(|q| q.read_on.as_deref())
            .max()
    }
}
