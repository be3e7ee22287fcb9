use super::*;
use crate::plan::{Constraints, CostInputs, Objective};
use crate::scenario::{DevBox, Lora, ModelSpec, Scenario, Serve, TrainShape, Workload};

fn phase(name: &str, workload: Workload, months: f64, runs: f64) -> ProjectPhase {
    ProjectPhase {
        name: name.into(),
        request: Request {
            scenario: Scenario {
                model: ModelSpec::Preset("llama-3.1-8b".into()),
                workload,
                data: None,
                deadline_h: None,
            },
            costs: CostInputs::default(),
            constraints: Constraints::default(),
            objective: Objective::Cheapest,
            today: None,
        },
        months,
        runs,
    }
}

#[test]
fn a_project_totals_its_phases_and_saves_against_its_largest_instance() {
    let catalog = Catalog::builtin();
    let dev = DevBox {
        hours: 40.0,
        min_gpu_memory_gib: 24.0,
        non_cuda: false,
    };
    let lora = Lora {
        shape: TrainShape {
            tokens: 2e8,
            ..TrainShape::default()
        },
        ..Lora::default()
    };
    let phases = [
        // Forty hours a week for three months: thirteen weeks.
        phase("develop", Workload::DevBox(dev), 3.0, 13.0),
        phase("fine-tune", Workload::Lora(lora), 1.0, 1.0),
        phase("serve", Workload::Serve(Serve::default()), 6.0, 1.0),
    ];
    let p = evaluate_project(catalog, &phases).unwrap();
    let picks: Vec<&Candidate> = p.phases.iter().map(|c| c.pick.as_ref().unwrap()).collect();
    // Each phase: a job times its runs, a service its months.
    assert!((p.phases[0].total - picks[0].cost.expected * 13.0).abs() < 1e-6);
    assert!((p.phases[1].total - picks[1].cost.expected).abs() < 1e-6);
    assert!((p.phases[2].total - picks[2].cost.expected * 6.0).abs() < 1e-6);
    let sum: f64 = p.phases.iter().map(|c| c.total).sum();
    assert!((p.total - sum).abs() < 1e-6);
    assert_eq!(p.months, 10.0);
    assert!((p.per_month - sum / 10.0).abs() < 1e-6);
    // The largest instance runs every phase; each phase's pick is the cheapest it has, so
    // running everything there costs at least as much.
    let largest = p.largest.unwrap();
    assert!(largest.gpu_count >= picks.iter().map(|c| c.offer.gpu_count).min().unwrap());
    assert!(p.phases.iter().all(|c| c.on_largest.is_some()));
    assert!(p.saving.unwrap() >= -1e-6, "{:?}", p.saving);
    assert!((p.on_largest.unwrap() - p.total - p.saving.unwrap()).abs() < 1e-6);
}

#[test]
fn a_phase_of_no_months_is_refused_by_name() {
    let bad = phase("x", Workload::Serve(Serve::default()), 0.0, 1.0);
    let e = evaluate_project(Catalog::builtin(), &[bad]).unwrap_err();
    assert_eq!(e.field, "months");
    assert!(e.message.contains("'x'"));
}
