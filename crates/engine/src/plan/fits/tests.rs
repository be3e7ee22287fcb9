use super::*;
use crate::plan::{evaluate, Constraints, CostInputs, Objective};
use crate::scenario::{AutoLayout, Lora, ModelSpec, Parallelism, Scenario, Train, TrainShape};

fn request(model: &str, workload: Workload) -> Request {
    Request {
        scenario: Scenario {
            model: ModelSpec::Preset(model.into()),
            workload,
            data: None,
            deadline_h: None,
        },
        costs: CostInputs::default(),
        constraints: Constraints::default(),
        objective: Objective::Cheapest,
        today: None,
    }
}

fn term<'t>(terms: &'t [Term], key: &str) -> &'t Term {
    terms
        .iter()
        .find(|t| t.key == key)
        .unwrap_or_else(|| panic!("no {key} among {terms:?}"))
}

#[test]
fn the_largest_micro_batch_and_sequence_fit_and_one_more_does_not() {
    let catalog = Catalog::builtin();
    let req = request("llama-3.1-8b", Workload::Lora(Lora::default()));
    let report = evaluate(catalog, &req).unwrap();
    let pick = report.pick().unwrap();
    let terms = what_fits(catalog, pick, &req).unwrap();
    let model = Model::resolve(&req.scenario.model).unwrap();
    let w = candidates::placed_workload(&model, pick, &req).unwrap();
    let fits = |w: &Workload| {
        fit::fit_on(&model, w, pick.gpu, pick.job_gpus())
            .unwrap()
            .fits()
    };
    let b = term(&terms, "fits_micro_batch").value as u32;
    assert!(b >= Lora::default().shape.micro_batch, "{b}");
    assert!(fits(&with_batch(&w, b)) && !fits(&with_batch(&w, b + 1)));
    let s = term(&terms, "fits_seq_len").value as u32;
    assert!(fits(&with_seq_len(&w, s)) && !fits(&with_seq_len(&w, s + 1)));
    assert!(term(&terms, "fits_seq_len").formula.contains("GiB"));
    // No deadline: no count is searched for.
    assert!(terms.iter().all(|t| !t.key.ends_with("_gpus")));
}

#[test]
fn a_replica_holds_its_most_sequences_and_longest_context() {
    let catalog = Catalog::builtin();
    let req = request("llama-3.1-8b", Workload::Serve(Serve::default()));
    let report = evaluate(catalog, &req).unwrap();
    let pick = report.pick().unwrap();
    let terms = what_fits(catalog, pick, &req).unwrap();
    let n = term(&terms, "fits_concurrency").value as u32;
    let ctx = term(&terms, "fits_context").value as u32;
    assert!(n >= Serve::default().concurrency, "{n}");
    assert!(ctx >= Serve::default().context_tokens, "{ctx}");
    let model = Model::resolve(&req.scenario.model).unwrap();
    let tp = pick.job_gpus();
    let at = |concurrency| {
        let w = Workload::Serve(Serve {
            concurrency,
            tensor_parallel: Some(tp),
            ..Serve::default()
        });
        fit::fit_on(&model, &w, pick.gpu, tp).unwrap().fits()
    };
    assert!(at(n) && !at(n + 1));
}

#[test]
fn the_fewest_gpus_for_a_deadline_meet_it_and_one_instance_fewer_does_not() {
    let catalog = Catalog::builtin();
    let train = Train {
        shape: TrainShape {
            tokens: 2e10,
            micro_batch: 1,
            seq_len: 2048,
            ..TrainShape::default()
        },
        parallel: Parallelism {
            auto: AutoLayout::ALL,
            ..Parallelism::default()
        },
        ..Train::default()
    };
    let mut req = request("llama-3.1-8b", Workload::Train(train));
    // An offer whose network carries a job across instances.
    req.constraints.offer = Some("aws-us-west-2-p5.48xlarge".into());
    req.constraints.max_gpus = 256;
    req.scenario.deadline_h = Some(48.0);
    // On one pinned instance of eight, the question is how many it takes.
    let mut on_eight = req.clone();
    on_eight.scenario.deadline_h = None;
    on_eight.constraints.gpus = Some(8);
    let report = evaluate(catalog, &on_eight).unwrap();
    let pick = report.pick().unwrap();
    let terms = what_fits(catalog, pick, &req).unwrap();
    let n = term(&terms, "fits_deadline_gpus").value as u32;
    assert!(n > 8 && n.is_multiple_of(8), "{n}");
    let hours = |gpus| {
        let mut r = on_eight.clone();
        r.constraints.gpus = Some(gpus);
        r.constraints.offer = Some(pick.offer.id.clone());
        let report = evaluate(catalog, &r).unwrap();
        let c = report.ranked.iter().find(|c| c.mode == pick.mode).unwrap();
        c.timing.hours.unwrap().expected
    };
    assert!(hours(n) <= 48.0, "{}", hours(n));
    assert!(hours(n - 8) > 48.0, "{}", hours(n - 8));
    // A deadline no count meets: the fastest count tried, said so.
    req.scenario.deadline_h = Some(0.01);
    let terms = what_fits(catalog, pick, &req).unwrap();
    assert!(term(&terms, "fastest_gpus").formula.contains("no count"));
}
