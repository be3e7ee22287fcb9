//! Properties over random plans on the fixture catalog.

use super::*;
use proptest::prelude::*;

fn workload() -> impl Strategy<Value = Workload> {
    prop_oneof![
        (1e6f64..1e10, 1u32..8).prop_map(|(tokens, mb)| Workload::Lora(Lora {
            shape: crate::scenario::TrainShape {
                tokens,
                micro_batch: mb,
                ..Default::default()
            },
            ..Lora::default()
        })),
        (1e6f64..1e9).prop_map(|tokens| Workload::Train(Train {
            shape: crate::scenario::TrainShape {
                tokens,
                ..Default::default()
            },
            parallel: Parallelism {
                zero: ZeroStage::Zero3,
                ..Parallelism::default()
            },
            ..Train::default()
        })),
        (0.1f64..20.0).prop_map(|rps| Workload::Serve(Serve {
            requests_per_s: Some(rps),
            ..Serve::default()
        })),
        (1.0f64..500.0).prop_map(|hours| Workload::DevBox(DevBox {
            hours,
            min_gpu_memory_gib: 8.0,
            non_cuda: false,
        })),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn totals_add_up_nothing_negative_and_filters_hold(
        params_b in 0.1f64..20.0,
        workload in workload(),
        budget in prop::option::of(1.0f64..100_000.0),
        deadline in prop::option::of(0.5f64..2_000.0),
        egress in 0.0f64..5_000.0,
        idle in 0.0f64..100.0,
    ) {
        let mut req = request("llama-3.1-8b", workload);
        req.scenario.model = ModelSpec::ParamsOnly { params_b };
        req.scenario.deadline_h = deadline;
        req.constraints.budget = budget;
        req.constraints.max_gpus = 8;
        req.costs.egress_gb = egress;
        req.costs.idle_h = idle;
        let report = evaluate(Catalog::builtin(), &req).unwrap();
        for c in &report.ranked {
            prop_assert!((c.cost.expected - sum(c)).abs() <= 1e-6 * c.cost.expected.max(1.0));
            prop_assert!(c.lines.iter().all(|l| l.value >= 0.0 && l.value.is_finite()));
            prop_assert!(c.cost.low <= c.cost.expected && c.cost.expected <= c.cost.high);
            if let Some(b) = budget { prop_assert!(c.cost.expected <= b); }
            if let Some(d) = deadline {
                if !matches!(req.scenario.workload, Workload::Serve(_)) {
                    prop_assert!(c.hours.expected <= d);
                }
            }
        }
        // The cheapest answer is never beaten by a candidate it excluded, unless a
        // constraint excluded that one.
        if let Some(pick) = report.pick() {
            for e in &report.excluded {
                if let Some(cost) = e.cost {
                    if cost < pick.cost.expected {
                        let constrained = matches!(
                            e.reason,
                            Reason::MissesDeadline { .. } | Reason::OverBudget { .. }
                        );
                        prop_assert!(constrained, "{:?} excluded unfairly", e.reason);
                    }
                }
            }
        }
    }
}
