//! The bounds every workload's numbers must keep, each error naming its `workload.*` field: the
//! engine never panics on what a person typed.

use super::{DataFeed, DataSource, Parallelism, TrainShape, Workload};
use crate::scenario::{check_count, check_range, InputError, InputProblem};

/// Upper bound on token counts (10^15 is far beyond any published training run).
const MAX_TOKENS: f64 = 1e15;
/// Longest training sequence accepted; searches for the longest that fits stop here.
pub const MAX_SEQ_LEN: u32 = 10_000_000;
/// Largest micro-batch accepted; searches for the largest that fits stop here.
pub const MAX_MICRO_BATCH: u32 = 1_000_000;

impl TrainShape {
    /// Checks the shape's numbers; errors name the `workload.*` field.
    pub fn check(&self) -> Result<(), InputError> {
        check_range("workload.tokens", self.tokens, 1.0, MAX_TOKENS)?;
        check_count("workload.seq_len", self.seq_len, 1, MAX_SEQ_LEN)?;
        check_count("workload.micro_batch", self.micro_batch, 1, MAX_MICRO_BATCH)?;
        if let Some(g) = self.global_batch_tokens {
            check_range("workload.global_batch_tokens", g, 1.0, MAX_TOKENS)?;
        }
        Ok(())
    }
}

impl Parallelism {
    pub fn check(&self) -> Result<(), InputError> {
        check_count("workload.tensor_parallel", self.tensor, 1, 1024)?;
        check_count("workload.pipeline_parallel", self.pipeline, 1, 1024)?;
        check_count("workload.virtual_pipeline", self.virtual_stages, 1, 1024)?;
        Ok(())
    }
}

impl Workload {
    /// Checks every number of the workload; the error names the field.
    pub fn check(&self) -> Result<(), InputError> {
        match self {
            Workload::Train(t) => {
                t.shape.check()?;
                t.parallel.check()
            }
            Workload::Lora(l) => {
                l.shape.check()?;
                l.parallel.check()?;
                check_count("workload.rank", l.rank, 1, 65_536)?;
                if !l.targets.any() {
                    return Err(InputError::new(
                        "workload.targets",
                        "choose at least one module for the adapters",
                    ));
                }
                Ok(())
            }
            Workload::Serve(s) => {
                check_count("workload.context_tokens", s.context_tokens, 1, 100_000_000)?;
                check_count("workload.concurrency", s.concurrency, 1, 1_000_000)?;
                check_count("workload.prompt_tokens", s.prompt_tokens, 0, 100_000_000)?;
                check_count("workload.output_tokens", s.output_tokens, 1, 100_000_000)?;
                if u64::from(s.prompt_tokens) + u64::from(s.output_tokens)
                    > u64::from(s.context_tokens)
                {
                    return Err(InputError::new(
                        "workload.context_tokens",
                        format!(
                            "must hold prompt + output tokens ({} + {})",
                            s.prompt_tokens, s.output_tokens
                        ),
                    )
                    .because(InputProblem::ContextTooShort {
                        prompt: s.prompt_tokens,
                        output: s.output_tokens,
                    }));
                }
                if let Some(u) = s.memory_utilization {
                    check_range("workload.memory_utilization", u, 0.05, 1.0)?;
                }
                if let Some(tp) = s.tensor_parallel {
                    check_count("workload.tensor_parallel", tp, 1, 1024)?;
                }
                if let Some(pp) = s.pipeline_parallel {
                    check_count("workload.pipeline_parallel", pp, 1, 1024)?;
                }
                if let Some(n) = s.batch_requests {
                    check_range("workload.batch_requests", n, 1.0, MAX_TOKENS)?;
                }
                if let Some(b) = s.batch_tokens {
                    check_count("workload.batch_tokens", b, 1, 100_000_000)?;
                }
                if let Some(l) = s.latency_target_ms {
                    check_range("workload.latency_target_ms", l, 0.01, 1e7)?;
                }
                if let Some(r) = s.requests_per_s {
                    check_range("workload.requests_per_s", r, 0.0, 1e9)?;
                }
                Ok(())
            }
            Workload::Classic(c) => {
                check_range("workload.samples", c.samples, 1.0, MAX_TOKENS)?;
                check_range("workload.epochs", c.epochs, 0.001, 1e6)?;
                check_count("workload.batch", c.batch, 1, MAX_MICRO_BATCH)?;
                if let Some(s) = c.seq_len {
                    check_count("workload.seq_len", s, 1, MAX_SEQ_LEN)?;
                }
                Ok(())
            }
            Workload::Infer(i) => {
                if let Some(g) = i.gflops_per_sample {
                    check_range("workload.gflops_per_sample", g, 1e-6, 1e9)?;
                }
                check_count("workload.batch", i.batch, 1, MAX_MICRO_BATCH)?;
                if let Some(s) = i.seq_len {
                    check_count("workload.seq_len", s, 1, MAX_SEQ_LEN)?;
                }
                if let Some(l) = i.latency_ms {
                    check_range("workload.latency_ms", l, 0.01, 1e7)?;
                }
                if let Some(r) = i.requests_per_s {
                    check_range("workload.requests_per_s", r, 0.0, 1e9)?;
                }
                Ok(())
            }
            Workload::Science(s) => {
                check_range("workload.share", s.share, 0.001, 1.0)?;
                check_range("workload.memory_gib", s.memory_gib, 0.0, 100_000.0)?;
                match (s.pflop, s.reference_hours) {
                    (Some(p), _) => check_range("workload.pflop", p, 1e-9, 1e15).map(|_| ()),
                    (None, Some(h)) => {
                        check_range("workload.reference_hours", h, 1e-6, 1e7).map(|_| ())
                    }
                    (None, None) => Err(InputError::new(
                        "workload.pflop",
                        "give the job's FP64 operations or its hours on a reference GPU",
                    )),
                }
            }
            Workload::Render(r) => {
                check_range("workload.frames", r.frames, 0.0, 1e12)?;
                check_range(
                    "workload.reference_seconds_per_frame",
                    r.reference_seconds_per_frame,
                    0.0,
                    1e9,
                )?;
                check_range("workload.scene_gib", r.scene_gib, 0.0, 100_000.0)?;
                check_count("workload.streams", r.streams, 0, 100_000)?;
                check_range("workload.stream_gib", r.stream_gib, 0.0, 1_000.0)?;
                check_range("workload.stream_hours", r.stream_hours, 0.0, 1e6)?;
                if r.frames == 0.0 && r.streams == 0 {
                    return Err(InputError::new(
                        "workload.frames",
                        "give frames to render or streams to encode",
                    ));
                }
                Ok(())
            }
            Workload::DevBox(d) => {
                check_range("workload.hours", d.hours, 0.0, 1e6)?;
                check_range(
                    "workload.min_gpu_memory_gib",
                    d.min_gpu_memory_gib,
                    0.0,
                    100_000.0,
                )?;
                Ok(())
            }
        }
    }
}

impl DataFeed {
    pub fn check(&self) -> Result<(), InputError> {
        check_range("data.bytes_per_sample", self.bytes_per_sample, 0.0, 1e12)?;
        check_range("data.storage_mbs", self.storage_mbs, 1e-3, 1e9)?;
        Ok(())
    }
}

impl DataSource {
    /// Checks the stated figures; errors name the `data.*` field.
    pub fn check(&self) -> Result<(), InputError> {
        check_range("data.bytes_per_sample", self.bytes_per_sample, 0.0, 1e12)?;
        if let Some(mbs) = self.storage_mbs {
            check_range("data.storage_mbs", mbs, 1e-3, 1e9)?;
        }
        Ok(())
    }
}
