//! From the form to the engine's request: every value checked, the error naming the field as
//! the form spells it.

use super::{Form, ModeKey, ModelSource, WorkloadKind};
use crate::{fields, lists};
use gpu_sizer_engine::catalog::{mig, BillingMode, Catalog};
use gpu_sizer_engine::cost::money::Exchange;
use gpu_sizer_engine::cost::queue::Queue;
use gpu_sizer_engine::float_text::Shortest;
use gpu_sizer_engine::model::{Attention, ModelKind, Moe, Transformer};
use gpu_sizer_engine::plan::{Constraints, CostInputs, Features, Request, StorageNeeds};
use gpu_sizer_engine::scenario::{
    AutoLayout, Classic, DataSource, DevBox, Infer, InputError, InputProblem, Lora, LoraTargets,
    ModelSpec, Parallelism, Render, Scenario, Science, Serve, Train, TrainShape, Workload,
    ZeroStage,
};

/// An engine error with its field named as the form names it (`workload.context_tokens` →
/// `context_tokens`, `model.preset` → `model`). Fields the form does not have keep the engine's
/// name. Use it on errors of `plan::evaluate` for a request made by [`Form::to_request`].
pub fn in_form_terms(error: InputError) -> InputError {
    let engine = error.field.as_str();
    let name = match engine {
        "workload.rank" => "lora_rank",
        "workload.targets" => "lora_targets",
        "workload.zero_stage" => "zero",
        "workload.latency_target_ms" => "latency_ms",
        "workload.gflops_per_sample" => "infer_gflops",
        "workload.pflop" => "fp64_pflop",
        "workload.share" => "fp64_share",
        "workload.reference_hours" => "fp64_ref_hours",
        "workload.memory_gib" => "fp64_memory_gib",
        "workload.reference_seconds_per_frame" => "seconds_per_frame",
        "workload.hours" => "dev_hours",
        "workload.min_gpu_memory_gib" => "dev_min_gib",
        "model.preset" => "model",
        "model.params_b" => "params_b",
        "model.transformer.num_hidden_layers" => "layers",
        "model.transformer.hidden_size" => "hidden",
        "model.transformer.num_attention_heads" => "heads",
        "model.transformer.num_key_value_heads" => "kv_heads",
        "model.transformer.head_dim" => "head_dim",
        "model.transformer.intermediate_size" => "ffn",
        "model.transformer.vocab_size" => "vocab",
        "data.bytes_per_sample" => "bytes_per_sample",
        "data.storage_mbs" => "storage_mbs",
        other => other.strip_prefix("workload.").unwrap_or(other),
    };
    if name != engine && fields::by_name(name).is_some() {
        InputError {
            field: name.into(),
            ..error
        }
    } else {
        error
    }
}

fn positive(field: &str, value: f64) -> Result<f64, InputError> {
    if value.is_finite() && value >= 0.0 {
        Ok(value)
    } else {
        Err(InputError::new(
            field,
            format!("must be a number ≥ 0 (got {})", Shortest(value)),
        )
        .because(InputProblem::Range {
            min: 0.0,
            max: f64::INFINITY,
            whole: false,
        }))
    }
}

impl Form {
    /// The engine's request for this form; the error names the field (as spelt here). Fields
    /// are checked in the form's order, so the first bad one is the one named.
    pub fn to_request(&self, today: Option<i64>) -> Result<Request, InputError> {
        let model = self.model_spec();
        let workload = self.workload()?;
        let data = self.bytes_per_sample.map(|bytes| DataSource {
            bytes_per_sample: bytes,
            storage_mbs: self.storage_mbs,
        });
        let modes = self.modes()?;
        let mut costs = self.costs()?;
        if self.own {
            // The person's own disk and network: nothing to rent.
            costs.storage.data_gb = 0.0;
            costs.storage.checkpoints_gb = 0.0;
            costs.storage.snapshot_gb = 0.0;
            costs.egress_gb = 0.0;
            costs.ingress_gb = 0.0;
            costs.cross_zone_gb = 0.0;
            costs.cross_cloud_gb = 0.0;
        }
        let constraints = self.constraints(modes)?;
        let request = Request {
            scenario: Scenario {
                model,
                workload,
                data,
                deadline_h: self.deadline_h,
            },
            costs,
            constraints,
            objective: self.objective.engine(),
            today,
        };
        request.scenario.workload.check().map_err(in_form_terms)?;
        Ok(request)
    }

    fn model_spec(&self) -> ModelSpec {
        match self.model_source {
            ModelSource::Preset => ModelSpec::Preset(self.model.clone()),
            ModelSource::Params => ModelSpec::ParamsOnly {
                params_b: self.params_b,
            },
            ModelSource::Custom => ModelSpec::Custom {
                name: if self.name.is_empty() {
                    "custom model".into()
                } else {
                    self.name.clone()
                },
                kind: ModelKind::Llm,
                params_b: self.custom_params_b,
                transformer: self.transformer(),
            },
        }
    }

    /// A custom model's architecture.
    fn transformer(&self) -> Transformer {
        Transformer {
            num_hidden_layers: self.layers,
            hidden_size: self.hidden,
            num_attention_heads: self.heads,
            num_key_value_heads: self.kv_heads,
            head_dim: self.head_dim,
            intermediate_size: self.ffn,
            vocab_size: self.vocab,
            tie_word_embeddings: self.tied_embeddings,
            attention: match self.kv_heads {
                1 => Attention::Mqa,
                k if k == self.heads => Attention::Mha,
                _ => Attention::Gqa,
            },
            gated_mlp: self.gated_mlp,
            max_position_embeddings: self.context_tokens.max(self.seq_len),
            sliding_window: None,
            sliding_window_layers: None,
            moe: (self.experts > 0).then(|| Moe {
                num_experts: self.experts,
                experts_per_token: self.active_experts.clamp(1, self.experts),
                shared_experts: self.shared_experts,
                moe_intermediate_size: if self.expert_ffn > 0 {
                    self.expert_ffn
                } else {
                    self.ffn
                },
                first_dense_layers: 0,
                active_params_b: None,
            }),
            mla: None,
            encoder_layers: None,
        }
    }

    /// The training layout: the stages and degrees given, the engine's choice for the rest.
    fn parallel(&self) -> Result<Parallelism, InputError> {
        Ok(Parallelism {
            zero: match self.zero {
                Some(z) => ZeroStage::from_number(z)
                    .ok_or_else(|| InputError::new("zero", "must be 0, 1, 2 or 3"))?,
                None => ZeroStage::Zero0,
            },
            tensor: self.tensor_parallel.unwrap_or(1),
            pipeline: self.pipeline_parallel.unwrap_or(1),
            virtual_stages: self.virtual_pipeline.unwrap_or(1),
            auto: AutoLayout {
                zero: self.zero.is_none(),
                tensor: self.tensor_parallel.is_none(),
                pipeline: self.pipeline_parallel.is_none(),
            },
        })
    }

    fn workload(&self) -> Result<Workload, InputError> {
        let shape = TrainShape {
            tokens: self.tokens,
            seq_len: self.seq_len,
            micro_batch: self.micro_batch,
            global_batch_tokens: self.global_batch_tokens,
            recompute: self.recompute.engine(),
            flash_attention: self.flash_attention,
            loss: self.loss.engine(),
        };
        let parallel = self.parallel()?;
        Ok(match self.workload {
            WorkloadKind::Train => Workload::Train(Train {
                shape,
                precision: self.precision.engine(),
                optimizer: self.optimizer.engine(),
                parallel,
                paged_optimizer: self.paged_optimizer,
                optimizer_in_backward: self.optimizer_in_backward,
            }),
            WorkloadKind::Lora => Workload::Lora(Lora {
                shape,
                rank: self.lora_rank,
                targets: LoraTargets::parse(&lists::parse(&self.lora_targets))
                    .map_err(|e| InputError::new("lora_targets", e.message))?,
                qlora: self.qlora,
                paged_optimizer: self.paged_optimizer,
                optimizer: self.optimizer.engine(),
                parallel,
                precision: self.precision.engine(),
            }),
            WorkloadKind::Serve => Workload::Serve(Serve {
                server: self.server.engine(),
                weights: self.weights.engine(),
                kv: self.kv.engine(),
                context_tokens: self.context_tokens,
                concurrency: self.concurrency,
                prompt_tokens: self.prompt_tokens,
                output_tokens: self.output_tokens,
                memory_utilization: self.memory_utilization,
                tensor_parallel: self.tensor_parallel,
                pipeline_parallel: self.pipeline_parallel,
                batch_requests: self.batch_requests,
                batch_tokens: None,
                latency_target_ms: self.latency_ms,
                requests_per_s: self.requests_per_s,
            }),
            WorkloadKind::Classic => Workload::Classic(Classic {
                samples: self.samples,
                epochs: self.epochs,
                batch: self.batch,
                precision: self.precision.engine(),
                optimizer: self.optimizer.engine(),
                seq_len: Some(self.seq_len),
            }),
            WorkloadKind::Infer => Workload::Infer(Infer {
                gflops_per_sample: self.infer_gflops,
                precision: self.infer_precision.engine(),
                tensorrt: self.tensorrt,
                batch: self.batch,
                seq_len: Some(self.seq_len),
                latency_ms: self.latency_ms,
                requests_per_s: self.requests_per_s,
            }),
            WorkloadKind::Science => Workload::Science(Science {
                pflop: self.fp64_pflop,
                share: self.fp64_share,
                reference_hours: self.fp64_ref_hours,
                reference_gpu: self.reference_gpu.clone(),
                memory_gib: self.fp64_memory_gib,
            }),
            WorkloadKind::Render => Workload::Render(Render {
                frames: self.frames,
                reference_seconds_per_frame: self.seconds_per_frame,
                reference_gpu: self.reference_gpu.clone(),
                scene_gib: self.scene_gib,
                streams: self.streams,
                stream_gib: self.stream_gib,
                stream_hours: self.stream_hours,
            }),
            WorkloadKind::Dev => Workload::DevBox(DevBox {
                hours: self.dev_hours,
                min_gpu_memory_gib: self.dev_min_gib,
                non_cuda: self.dev_non_cuda,
            }),
        })
    }

    /// The billing modes allowed (none listed: all of them).
    fn modes(&self) -> Result<Vec<BillingMode>, InputError> {
        lists::parse(&self.modes)
            .iter()
            .map(|key| {
                ModeKey::from_key(key).map(ModeKey::engine).ok_or_else(|| {
                    InputError::new("modes", format!("unknown billing mode '{key}'"))
                })
            })
            .collect()
    }

    fn costs(&self) -> Result<CostInputs, InputError> {
        if !(self.cny_per_usd.is_finite() && self.cny_per_usd > 0.0) {
            return Err(InputError::new("cny_per_usd", "must be a positive number"));
        }
        Ok(CostInputs {
            storage: StorageNeeds {
                data_gb: positive("data_gb", self.data_gb)?,
                checkpoints_gb: positive("checkpoints_gb", self.checkpoints_gb)?,
                snapshot_gb: positive("snapshot_gb", self.snapshot_gb)?,
                retention_h: positive("retention_h", self.retention_h)?,
                fast_tier: self.fast_storage,
            },
            egress_gb: positive("egress_gb", self.egress_gb)?,
            ingress_gb: positive("ingress_gb", self.ingress_gb)?,
            bandwidth_mbps: positive("bandwidth_mbps", self.bandwidth_mbps)?,
            cross_zone_gb: positive("cross_zone_gb", self.cross_zone_gb)?,
            cross_cloud_gb: positive("cross_cloud_gb", self.cross_cloud_gb)?,
            stop_after_months: match self.stop_after_months {
                Some(m) => Some(positive("stop_after_months", m)?),
                None => None,
            },
            idle_h: positive("idle_h", self.idle_h)?,
            idle_periods: positive("idle_periods", self.idle_periods)?,
            auto_stop_h: match self.auto_stop_min {
                Some(m) => Some(positive("auto_stop_min", m)? / 60.0),
                None => None,
            },
            serving_peak_ratio: positive("peak_ratio", self.peak_ratio)?.max(1.0),
            setup_h: positive("setup_h", self.setup_h)?,
            spot_interruptions_per_h: match self.spot_rate {
                Some(r) => Some(positive("spot_rate", r)?),
                None => None,
            },
            spot_restart_h: positive("restart_min", self.restart_min)? / 60.0,
            checkpoint_write_h: positive("checkpoint_min", self.checkpoint_min)? / 60.0,
            currency: self.currency.engine(),
            fx: Exchange {
                cny_per_usd: self.cny_per_usd,
            },
            price_overrides: Vec::new(),
            queue: self.queue()?,
        })
    }

    /// The month's queue of the job, when a count of jobs is given.
    fn queue(&self) -> Result<Option<Queue>, InputError> {
        let Some(jobs) = self.queue_jobs else {
            return Ok(None);
        };
        Ok(Some(Queue {
            jobs_per_month: self
                .queue_per
                .engine()
                .per_month(positive("queue_jobs", jobs)?),
            job_h: match self.queue_job_h {
                Some(h) if h.is_finite() && h > 0.0 => Some(h),
                Some(_) => return Err(InputError::new("queue_job_h", "must be a positive number")),
                None => None,
            },
            arrival: self.queue_arrival.engine(),
            startup_h: positive("queue_startup_min", self.queue_startup_min)? / 60.0,
            idle_stop_h: positive("queue_idle_min", self.queue_idle_min)? / 60.0,
            kept: self.queue_kept.max(1),
        }))
    }

    /// What the person allows: a deadline and a budget (checked here, applied by the plan),
    /// GPU counts, one GPU or offer, providers, regions, modes and required features.
    fn constraints(&self, modes: Vec<BillingMode>) -> Result<Constraints, InputError> {
        if let Some(d) = self.deadline_h {
            if !(d.is_finite() && d > 0.0) {
                return Err(InputError::new(
                    "deadline_h",
                    "must be a positive number of hours",
                ));
            }
        }
        if let Some(b) = self.budget {
            if !(b.is_finite() && b > 0.0) {
                return Err(InputError::new("budget", "must be a positive amount"));
            }
        }
        if self.max_gpus == 0 {
            return Err(InputError::new("max_gpus", "must be at least 1"));
        }
        if self.gpus == Some(0) {
            return Err(InputError::new("gpus", "must be at least 1"));
        }
        let gpu = self.gpu.trim();
        let known = |id: &str| Catalog::builtin().gpu(id).is_some();
        if !gpu.is_empty() && !known(gpu) {
            // A MIG slice of a catalog GPU is in the catalog the form runs on only when slices
            // are considered.
            let slice = mig::slice_of(gpu).is_some_and(|(parent, _)| known(parent));
            if !slice {
                return Err(InputError::new(
                    "gpu",
                    format!(
                        "no GPU with id '{gpu}' in the catalog (`gpu-sizer catalog` lists them)"
                    ),
                ));
            }
            if !self.mig_slices {
                return Err(InputError::new(
                    "gpu",
                    format!("'{gpu}' is a MIG slice: consider MIG slices to run on it"),
                ));
            }
        }
        if self.own && gpu.is_empty() {
            return Err(InputError::new("gpu", "choose your own machine's GPU"));
        }
        if let Some(p) = self.own_price {
            if !(p.is_finite() && p > 0.0) {
                return Err(InputError::new("own_price", "must be a positive amount"));
            }
        }
        if !(self.mig_price_factor.is_finite() && self.mig_price_factor > 0.0) {
            return Err(InputError::new(
                "mig_price_factor",
                "must be a positive multiple of the slice's share",
            ));
        }
        let offer = if self.own {
            Some(crate::own_machine::OFFER_ID.to_string())
        } else {
            Some(self.offer.trim())
                .filter(|o| !o.is_empty())
                .map(str::to_string)
        };
        Ok(Constraints {
            spot_with_latency: self.spot_with_latency,
            budget: self.budget,
            providers: lists::parse(&self.providers),
            regions: lists::parse(&self.regions),
            max_gpus: self.max_gpus,
            require: Features {
                nvlink: self.need_nvlink,
                mig: self.need_mig,
                graphics: self.need_graphics,
                video: self.need_video,
                cuda: self.need_cuda,
            },
            modes,
            gpu: (!gpu.is_empty()).then(|| gpu.to_string()),
            gpus: if self.own {
                Some(self.gpus.unwrap_or(1))
            } else {
                self.gpus
            },
            offer,
            mig_slices: self.mig_slices,
        })
    }
}
