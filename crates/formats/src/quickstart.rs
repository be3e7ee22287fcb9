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

    /// The full form this quick start fills in: the default form with a few fields set (set one
    /// by one rather than as `Form { .., ..Form::default() }`, which copies every other field
    /// too: the app's main module was 6,392 bytes larger, 1,871 gzip).
    pub fn form(self) -> Form {
        let mut f = Form::default();
        match self {
            QuickStart::LoraSevenB => {
                f.workload = WorkloadKind::Lora;
                f.model_source = ModelSource::Preset;
                f.model = "mistral-7b-v0.3".into();
                f.tokens = 5e7;
            }
            QuickStart::ServeChat => {
                f.workload = WorkloadKind::Serve;
                f.model = "llama-3.1-8b".into();
                f.weights = WeightKey::Bf16;
                f.context_tokens = 8192;
                f.concurrency = 32;
                f.prompt_tokens = 1024;
                f.output_tokens = 256;
                f.requests_per_s = Some(2.0);
                f.latency_ms = Some(50.0);
                f.peak_ratio = 3.0;
                f.egress_gb = 50.0;
            }
            QuickStart::Pretrain => {
                f.workload = WorkloadKind::Train;
                f.model = "llama-3.2-1b".into();
                f.tokens = 2e10;
                f.micro_batch = 8;
                f.max_gpus = 64;
                f.checkpoints_gb = 200.0;
                f.data_gb = 500.0;
            }
            QuickStart::Render => {
                f.workload = WorkloadKind::Render;
                f.frames = 2400.0;
                f.seconds_per_frame = 90.0;
                f.reference_gpu = "l4".into();
                f.scene_gib = 10.0;
                f.need_graphics = true;
                f.data_gb = 200.0;
                f.egress_gb = 100.0;
            }
            QuickStart::DevBox => {
                f.workload = WorkloadKind::Dev;
                f.dev_hours = 40.0;
                f.dev_min_gib = 24.0;
                f.idle_h = 62.0;
                f.idle_periods = 1.0;
            }
        }
        f
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
