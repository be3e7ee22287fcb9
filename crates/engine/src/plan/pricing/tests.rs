use super::*;
use crate::plan::{evaluate, CostInputs, Objective, Request};
use crate::scenario::{Lora, ModelSpec, Scenario, Workload};

/// The cost band's ends are reached by rebuilding the lines that grow with the hours
/// alone: they must be exactly the lines all of them mark as growing with the hours, and
/// those must be the compute, storage and snapshot lines.
#[test]
fn the_hourly_lines_are_the_lines_that_grow_with_the_hours() {
    let catalog = Catalog::builtin();
    let mut costs = CostInputs::default();
    costs.storage.snapshot_gb = 50.0;
    costs.egress_gb = 100.0;
    costs.idle_h = 5.0;
    let request = Request {
        scenario: Scenario {
            model: ModelSpec::Preset("llama-3.1-8b".into()),
            workload: Workload::Lora(Lora::default()),
            data: None,
            deadline_h: None,
        },
        costs,
        constraints: Default::default(),
        objective: Objective::Cheapest,
        today: None,
    };
    let report = evaluate(catalog, &request).unwrap();
    let published = Published::of(catalog, &request);
    for c in report.ranked.iter().step_by(37) {
        let basis = Basis {
            offer: c.offer,
            provider: c.provider,
            instances: c.instances,
            gpus: c.job_gpus(),
            quote: &c.quote,
            timing: &c.timing,
            traffic: None,
            published: &published,
            plan: None,
            on_demand: refund_rate(c.provider, c.offer, None, &request),
            storage: super::storage_tier(c.provider, &request),
        };
        for h in [c.hours.low, c.hours.expected, c.hours.high] {
            let (mut all, mut hourly) = (Marked::default(), Vec::new());
            lines(&mut all, &basis, &request, h, Numbers, Which::All);
            lines(&mut hourly, &basis, &request, h, Numbers, Which::Hourly);
            let named: Vec<(&str, f64)> = all
                .0
                .iter()
                .filter(|(_, hourly)| *hourly)
                .map(|(t, _)| (t.key, t.value))
                .collect();
            assert!(all.0.iter().all(|(t, hourly)| *hourly
                == ["compute", "refund", "storage", "snapshots"].contains(&t.key)));
            assert!(!named.is_empty());
            let built: Vec<(&str, f64)> = hourly.iter().map(|t| (t.key, t.value)).collect();
            assert_eq!(named, built, "{}", c.offer.id);
        }
    }
}

/// Every line, and whether it was marked as growing with the hours.
#[derive(Default)]
struct Marked(Vec<(Term, bool)>);

impl lines::Sink for Marked {
    fn push(&mut self, line: Term) {
        self.0.push((line, false));
    }

    fn push_hourly(&mut self, line: Term) {
        self.0.push((line, true));
    }
}
