//! The form's choices: each one's key in links, files and form controls, and the engine value
//! it stands for, defined once.

use gpu_sizer_engine::catalog::{BillingMode, Currency};
use gpu_sizer_engine::cost::queue::{Arrival, Period};
use gpu_sizer_engine::plan::Objective;
use gpu_sizer_engine::scenario::{
    InferPrecision, KvPrecision, Loss, Optimizer, Recompute, Server, TrainPrecision, WeightFormat,
};
use serde::{Deserialize, Serialize};

/// Which kind of job.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum WorkloadKind {
    /// Pre-training or full fine-tuning.
    Train,
    #[default]
    Lora,
    Serve,
    Classic,
    /// Serving a vision, recommender or encoder model.
    Infer,
    /// Scientific computing in double precision.
    Science,
    Render,
    Dev,
}

/// How the model is given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum ModelSource {
    #[default]
    Preset,
    /// Parameter count only: coarser.
    Params,
    /// Architecture numbers.
    Custom,
}

impl WorkloadKind {
    pub const ALL: &'static [WorkloadKind] = &[
        WorkloadKind::Train,
        WorkloadKind::Lora,
        WorkloadKind::Serve,
        WorkloadKind::Classic,
        WorkloadKind::Infer,
        WorkloadKind::Science,
        WorkloadKind::Render,
        WorkloadKind::Dev,
    ];

    /// The key used in links, files and form controls.
    pub const fn key(self) -> &'static str {
        match self {
            WorkloadKind::Train => "train",
            WorkloadKind::Lora => "lora",
            WorkloadKind::Serve => "serve",
            WorkloadKind::Classic => "classic",
            WorkloadKind::Infer => "infer",
            WorkloadKind::Science => "science",
            WorkloadKind::Render => "render",
            WorkloadKind::Dev => "dev",
        }
    }
}

impl ModelSource {
    pub const ALL: &'static [ModelSource] = &[
        ModelSource::Preset,
        ModelSource::Params,
        ModelSource::Custom,
    ];

    /// The key used in links, files and form controls.
    pub const fn key(self) -> &'static str {
        match self {
            ModelSource::Preset => "preset",
            ModelSource::Params => "params",
            ModelSource::Custom => "custom",
        }
    }
}

macro_rules! key_enum {
    ($(#[$doc:meta])* $name:ident => $engine:ty { $($variant:ident = $key:literal => $target:expr,)* }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum $name {
            $(#[serde(rename = $key)] $variant,)*
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),*];

            /// The key used in links, files and form controls.
            pub const fn key(self) -> &'static str {
                match self {
                    $($name::$variant => $key,)*
                }
            }

            pub fn from_key(key: &str) -> Option<$name> {
                match key {
                    $($key => Some($name::$variant),)*
                    _ => None,
                }
            }

            /// The key for an engine value (the inverse of [`Self::engine`]).
            pub fn of(value: $engine) -> $name {
                Self::ALL
                    .iter()
                    .copied()
                    .find(|k| k.engine() == value)
                    .expect("every engine value has a key")
            }

            pub fn engine(self) -> $engine {
                match self {
                    $($name::$variant => $target,)*
                }
            }
        }
    };
}

key_enum! {
    /// Numeric format of a training run.
    PrecisionKey => TrainPrecision {
        Fp32 = "fp32" => TrainPrecision::Fp32,
        Bf16Mixed = "bf16_mixed" => TrainPrecision::Bf16Mixed,
        Fp16Mixed = "fp16_mixed" => TrainPrecision::Fp16Mixed,
        Fp8Mixed = "fp8_mixed" => TrainPrecision::Fp8Mixed,
        Bf16 = "bf16" => TrainPrecision::Bf16,
    }
}

key_enum! {
    /// Numeric format of a non-LLM service.
    InferKey => InferPrecision {
        Fp16 = "fp16" => InferPrecision::Fp16,
        Int8 = "int8" => InferPrecision::Int8,
    }
}

key_enum! {
    /// The period a queue's count of jobs is given over.
    PeriodKey => Period {
        Day = "day" => Period::Day,
        Month = "month" => Period::Month,
    }
}

key_enum! {
    /// How a queue's jobs arrive.
    ArrivalKey => Arrival {
        Spread = "spread" => Arrival::Spread,
        Together = "together" => Arrival::Together,
    }
}

key_enum! {
    OptimizerKey => Optimizer {
        AdamW = "adamw" => Optimizer::AdamW,
        Adam8bit = "adam8bit" => Optimizer::Adam8bit,
        Adafactor = "adafactor" => Optimizer::Adafactor,
        SgdMomentum = "sgd_momentum" => Optimizer::SgdMomentum,
    }
}

key_enum! {
    /// How the loss over the vocabulary is computed.
    LossKey => Loss {
        Standard = "standard" => Loss::Standard,
        Chunked = "chunked" => Loss::Chunked,
        Fused = "fused" => Loss::Fused,
    }
}

key_enum! {
    RecomputeKey => Recompute {
        None = "none" => Recompute::None,
        Selective = "selective" => Recompute::Selective,
        Full = "full" => Recompute::Full,
    }
}

key_enum! {
    /// Weight format when serving.
    WeightKey => WeightFormat {
        Fp32 = "fp32" => WeightFormat::Fp32,
        Bf16 = "bf16" => WeightFormat::Bf16,
        Fp8 = "fp8" => WeightFormat::Fp8,
        Int8 = "int8" => WeightFormat::Int8,
        Fp4 = "fp4" => WeightFormat::Fp4,
        Int4Gptq = "int4_gptq" => WeightFormat::Int4Gptq,
        Int4Awq = "int4_awq" => WeightFormat::Int4Awq,
        GgufQ4_0 = "q4_0" => WeightFormat::GgufQ4_0,
        GgufQ4KM = "q4_k_m" => WeightFormat::GgufQ4KM,
        GgufQ5KM = "q5_k_m" => WeightFormat::GgufQ5KM,
        GgufQ6K = "q6_k" => WeightFormat::GgufQ6K,
        GgufQ8_0 = "q8_0" => WeightFormat::GgufQ8_0,
    }
}

key_enum! {
    KvKey => KvPrecision {
        Bf16 = "bf16" => KvPrecision::Bf16,
        Fp8 = "fp8" => KvPrecision::Fp8,
        Int8 = "int8" => KvPrecision::Int8,
        Fp4 = "fp4" => KvPrecision::Fp4,
        Q8_0 = "q8_0" => KvPrecision::Q8_0,
        Q4_0 = "q4_0" => KvPrecision::Q4_0,
    }
}

key_enum! {
    /// The inference server (Ollama and LM Studio run llama.cpp).
    ServerKey => Server {
        Vllm = "vllm" => Server::Vllm,
        Sglang = "sglang" => Server::Sglang,
        TensorrtLlm = "tensorrt_llm" => Server::TensorrtLlm,
        Tgi = "tgi" => Server::Tgi,
        LlamaCpp = "llama_cpp" => Server::LlamaCpp,
    }
}

key_enum! {
    ObjectiveKey => Objective {
        Cheapest = "cheapest" => Objective::Cheapest,
        Fastest = "fastest" => Objective::Fastest,
        BestValue = "best_value" => Objective::BestValue,
    }
}

key_enum! {
    CurrencyKey => Currency {
        Usd = "USD" => Currency::Usd,
        Cny = "CNY" => Currency::Cny,
    }
}

key_enum! {
    ModeKey => BillingMode {
        OnDemand = "on-demand" => BillingMode::OnDemand,
        Spot = "spot" => BillingMode::Spot,
        Monthly = "monthly" => BillingMode::Monthly,
        Reserved1y = "reserved-1y" => BillingMode::Reserved1y,
        Reserved3y = "reserved-3y" => BillingMode::Reserved3y,
        Serverless = "serverless" => BillingMode::Serverless,
    }
}
