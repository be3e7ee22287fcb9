//! Quick starts: the common jobs as complete forms, one click each on the page.

use crate::form::{Form, ModelSource, WeightKey, WorkloadKind};

/// A named starting point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuickStart {
    /// Fine-tune a 7B model with LoRA.
    LoraSevenB,
    /// Serve a chat model to many users.
    ServeChat,
    /// Pre-train a model on a token budget.
    Pretrain,
    /// Render frames.
    Render,
    /// A development / test box.
    DevBox,
}

impl QuickStart {
    pub const ALL: [QuickStart; 5] = [
        QuickStart::LoraSevenB,
        QuickStart::ServeChat,
        QuickStart::Pretrain,
        QuickStart::Render,
        QuickStart::DevBox,
    ];

    /// Stable key for tests and links.
    pub fn key(self) -> &'static str {
        match self {
            QuickStart::LoraSevenB => "lora-7b",
            QuickStart::ServeChat => "serve-chat",
            QuickStart::Pretrain => "pretrain",
            QuickStart::Render => "render",
            QuickStart::DevBox => "dev-box",
        }
    }

    /// The full form this quick start fills in.
    pub fn form(self) -> Form {
        let base = Form::default();
        match self {
            QuickStart::LoraSevenB => Form {
                workload: WorkloadKind::Lora,
                model_source: ModelSource::Preset,
                model: "mistral-7b-v0.3".into(),
                tokens: 5e7,
                ..base
            },
            QuickStart::ServeChat => Form {
                workload: WorkloadKind::Serve,
                model: "llama-3.1-8b".into(),
                weights: WeightKey::Bf16,
                context_tokens: 8192,
                concurrency: 32,
                prompt_tokens: 1024,
                output_tokens: 256,
                requests_per_s: Some(2.0),
                latency_ms: Some(50.0),
                peak_ratio: 3.0,
                egress_gb: 50.0,
                ..base
            },
            QuickStart::Pretrain => Form {
                workload: WorkloadKind::Train,
                model: "llama-3.2-1b".into(),
                tokens: 2e10,
                micro_batch: 8,
                max_gpus: 64,
                checkpoints_gb: 200.0,
                data_gb: 500.0,
                ..base
            },
            QuickStart::Render => Form {
                workload: WorkloadKind::Render,
                frames: 2400.0,
                seconds_per_frame: 90.0,
                reference_gpu: "l4".into(),
                scene_gib: 10.0,
                need_graphics: true,
                data_gb: 200.0,
                egress_gb: 100.0,
                ..base
            },
            QuickStart::DevBox => Form {
                workload: WorkloadKind::Dev,
                dev_hours: 40.0,
                dev_min_gib: 24.0,
                idle_h: 62.0,
                idle_periods: 1.0,
                ..base
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpu_sizer_engine::catalog::schema::Software;
    use gpu_sizer_engine::catalog::Catalog;
    use gpu_sizer_engine::plan::{evaluate, Reason};

    #[test]
    fn every_quick_start_gives_a_recommendation() {
        for q in QuickStart::ALL {
            let request = q.form().to_request(None).unwrap();
            let report = evaluate(Catalog::builtin(), &request).unwrap();
            let pick = report
                .pick()
                .unwrap_or_else(|| panic!("{}: no pick", q.key()));
            assert!(
                pick.cost.expected > 0.0 && pick.hours.expected > 0.0,
                "{}",
                q.key()
            );
        }
    }

    /// The development box asks for 24 GiB, the card class: every 24 GB card stays a candidate
    /// rather than being left out as a little short.
    #[test]
    fn the_dev_box_quick_start_takes_the_24_gb_cards() {
        let request = QuickStart::DevBox.form().to_request(None).unwrap();
        let catalog = Catalog::builtin();
        let report = evaluate(catalog, &request).unwrap();
        let cards: Vec<&str> = catalog
            .gpus
            .iter()
            .filter(|g| g.memory_gib == 24.0 && g.software == Software::Cuda)
            .map(|g| g.id.as_str())
            .collect();
        assert!(cards.len() >= 3, "{cards:?}");
        for id in cards {
            assert!(
                !report
                    .excluded
                    .iter()
                    .any(|e| e.offer.gpu == id && matches!(e.reason, Reason::DoesNotFit { .. })),
                "{id} left out as short of memory"
            );
        }
    }
}
