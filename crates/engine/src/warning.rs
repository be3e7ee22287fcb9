//! What the engine has to say beside its figures, as data. The front ends word each case in
//! the reader's language (the markup crate's `format`), so a sentence is never parsed back
//! and a new case does not compile until every language says it.

use crate::catalog::Currency;
use crate::sizing::time::efficiency::{Precision, Work};
use std::sync::Arc;

/// Something a reader should know about an estimate: an assumption it rests on, or a limit it
/// runs into. Names are the catalog's, amounts in the report's currency. The names in a GPU's
/// rate warnings are shared (`Arc<str>`): every cluster of the GPU an evaluation times carries
/// the same ones.
#[derive(Debug, Clone, PartialEq)]
pub enum Warning {
    /// The model is known by its parameter count only: its layer shapes are assumed.
    CoarseModel,
    /// The GPU has no tensor cores at `precision` (fp4, fp8 or bf16): its matmuls run one
    /// step up (fp4 at fp8, fp8 in bf16/fp16, bf16 in fp16 with loss scaling).
    NoTensorCores { gpu: Arc<str>, precision: Precision },
    /// No published efficiency of `work` at a low `precision` on this GPU's family: timed at
    /// its 16-bit rate and peak.
    NoLowPrecisionRate {
        gpu: Arc<str>,
        precision: Precision,
        work: Work,
    },
    /// No published efficiency of `work` for this GPU's `family`: `from`'s rate is used with
    /// a wider band, or (`from: None`) the family's own training rate.
    BorrowedRate {
        gpu: Arc<str>,
        family: Arc<str>,
        work: Work,
        from: Option<Arc<str>>,
    },
    /// A mixture-of-experts model decoding at batches under `batch`: published runs decode
    /// several times slower than reading the touched weights takes, so the time is optimistic.
    MoeSmallBatch {
        model: String,
        experts_per_token: u32,
        experts: u32,
        batch: u32,
    },
    /// Even one sequence is slower per token than the latency target.
    OneSequenceTooSlow { ms: f64, target_ms: f64 },
    /// A non-LLM service misses its latency bound even at a batch of one: a request may take
    /// `ms` (two batch times).
    BatchOfOneTooSlow { ms: f64, target_ms: f64 },
    /// Storage feeds the GPUs slower than they consume: their utilisation is capped.
    StorageCapsGpus {
        storage_mbs: f64,
        need_mbs: f64,
        utilisation: f64,
    },
    /// A double-precision job on a GPU that runs FP64 at `1 / ratio` of its FP32 rate.
    WeakFp64 { gpu: String, ratio: f64 },
    /// Classic (non-transformer) training timed with efficiencies measured on transformers.
    ClassicOnTransformerRates,
    /// Streams to encode on a GPU without a hardware video encoder: the CPU encodes them.
    NoVideoEncoder { gpu: String, streams: u32 },
    /// The catalog does not say how many video encoders the GPU has.
    VideoEncodersUnknown { gpu: String },
    /// The provider publishes no price for `item`: the median of the providers that do,
    /// `per_gb_month`, is charged.
    AssumedPrice {
        provider: String,
        item: Charge,
        per_gb_month: f64,
        currency: Currency,
    },
    /// The provider publishes no egress price: the median of the providers that do, for the
    /// job's `gb` a month, is charged (`amount`).
    AssumedEgress {
        provider: String,
        gb: f64,
        amount: f64,
        currency: Currency,
    },
    /// The provider publishes no egress price: the median of the providers that do, for `gb`
    /// sent to another cloud on top of the month's egress, is charged (`amount`).
    AssumedCrossCloud {
        provider: String,
        gb: f64,
        amount: f64,
        currency: Currency,
    },
    /// The provider publishes no egress price, and most providers charge nothing for `gb` a
    /// month: none is counted.
    FreeEgress { provider: String, gb: f64 },
    /// No provider publishes a price for `item`: it is not counted.
    UnknownPrice { provider: String, item: Charge },
}

/// A charge a provider may leave unpriced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Charge {
    Storage,
    Snapshot,
    Egress,
    /// Data moved between availability zones of one region.
    CrossZone,
    /// Data sent to another cloud or region.
    CrossCloud,
}

/// Why a time cannot be estimated: a figure the catalog lacks.
#[derive(Debug, Clone, PartialEq)]
pub enum Untimed {
    /// The GPU belongs to no family of the efficiency table.
    NoFamily { gpu: String },
    /// The catalog has no peak for the GPU at `precision`.
    NoPeak { gpu: String, precision: Precision },
    /// No family has a published rate for `work` at `precision`.
    NoRate {
        gpu: String,
        work: Work,
        precision: Precision,
    },
    /// The catalog has no memory bandwidth for the GPU.
    NoMemoryBandwidth { gpu: String },
    /// No family has a published decode bandwidth for the GPU.
    NoBandwidthRate { gpu: String },
    /// The layout splits the job along `axis`, and the offer has no link to carry it.
    NoLink { axis: Axis },
    /// The catalog has no fp32 throughput for the GPU (`reference`: the GPU the frame time was
    /// measured on), so a render time cannot be scaled.
    NoFp32 { gpu: String, reference: bool },
    /// A service's requests per second could not be estimated.
    NoRequestRate,
    /// The catalog has no FP64 throughput for the GPU (`reference`: the GPU the job's hours were
    /// measured on), so a double-precision job cannot be timed.
    NoFp64 { gpu: String, reference: bool },
}

/// A way of splitting a job over GPUs, each needing a link between them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Axis {
    Data,
    Tensor,
    Pipeline,
}
