//! Properties over random plans on the built-in catalog.

use super::*;
use check::check;
use proptest::prelude::*;

#[path = "../../../tests/support/check.rs"]
mod check;

/// The fewest of the 48 cases that must have a pick to check.
const MIN_PICKS: u32 = 36;

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

/// Whatever the job, budget, deadline, egress and idle hours: every ranked candidate's lines
/// add up to its cost, none is negative but a refund, the budget and deadline hold, and no
/// candidate left out was cheaper than the pick unless a constraint left it out. About 45 of 48
/// runs have a pick to check.
#[test]
fn totals_add_up_nothing_negative_and_filters_hold() {
    let inputs = (
        0.1f64..20.0,
        workload(),
        prop::option::of(1.0f64..100_000.0),
        prop::option::of(0.5f64..2_000.0),
        0.0f64..5_000.0,
        0.0f64..100.0,
    );
    check(
        "totals_add_up_nothing_negative_and_filters_hold",
        48,
        MIN_PICKS,
        inputs,
        |(params_b, workload, budget, deadline, egress, idle)| {
            let mut req = request("llama-3.1-8b", workload);
            req.scenario.model = ModelSpec::ParamsOnly { params_b };
            req.scenario.deadline_h = deadline;
            req.constraints.budget = budget;
            req.constraints.max_gpus = 8;
            req.costs.egress_gb = egress;
            req.costs.idle_h = idle;
            let report = evaluate(Catalog::builtin(), &req).unwrap();
            for c in &report.ranked {
                let lines = bill(Catalog::builtin(), c, &req);
                let sum: f64 = lines.iter().map(|l| l.value).sum();
                prop_assert!((c.cost.expected - sum).abs() <= 1e-6 * c.cost.expected.max(1.0));
                // Every line costs something, but a refund, which gives back at most what the
                // instances' line paid.
                let line = |k: &str| lines.iter().find(|l| l.key == k).map_or(0.0, |l| l.value);
                prop_assert!(lines
                    .iter()
                    .all(|l| (l.value >= 0.0 || l.key == "refund") && l.value.is_finite()));
                prop_assert!(line("refund") <= 0.0 && -line("refund") <= line("compute"));
                prop_assert!(c.cost.low <= c.cost.expected && c.cost.expected <= c.cost.high);
                if let Some(b) = budget {
                    prop_assert!(c.cost.expected <= b);
                }
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
            Ok(report.pick().is_some())
        },
    );
}

/// The Pareto front is, for every objective, exactly the candidates no other is at least as
/// good as on both time and cost (strictly on one, or equal and ranked first), fastest first.
#[test]
fn the_pareto_front_is_the_undominated_candidates() {
    let objectives = prop_oneof![
        Just(Objective::Cheapest),
        Just(Objective::Fastest),
        Just(Objective::BestValue)
    ];
    check(
        "the_pareto_front_is_the_undominated_candidates",
        24,
        20,
        (workload(), objectives),
        |(workload, objective)| {
            let mut req = request("llama-3.1-8b", workload);
            req.constraints.max_gpus = 8;
            req.objective = objective;
            let report = evaluate(Catalog::builtin(), &req).unwrap();
            let list = &report.ranked;
            let key = |i: usize| (list[i].cost.expected, super::rank::time(&list[i]));
            let dominated = |i: usize| {
                let (ci, ti) = key(i);
                (0..list.len()).any(|j| {
                    let (cj, tj) = key(j);
                    j != i && cj <= ci && tj <= ti && (cj < ci || tj < ti || j < i)
                })
            };
            let expected: Vec<usize> = (0..list.len()).filter(|&i| !dominated(i)).collect();
            let mut front = report.pareto.clone();
            prop_assert!(front.windows(2).all(|w| key(w[0]).1 <= key(w[1]).1));
            crate::sort::by(&mut front, Ord::cmp);
            prop_assert_eq!(front, expected);
            Ok(!list.is_empty())
        },
    );
}
