//! Worked examples of whole plans on a small fixture catalog, and properties over random ones.

mod bandwidth;
mod hidden_costs;
mod mig;
mod properties;
mod queue;
mod refund;
mod transfer;

use super::phases::{evaluate_plan, Phase};
use super::*;
use crate::catalog::schema::{EgressTier, Fabric, Priced, ProviderKind, StorageTier};
use crate::catalog::{BillingMode, Catalog, Currency, InstanceLink, Offer, Provider, Quote};
use crate::scenario::{
    DevBox, Lora, ModelSpec, Parallelism, Scenario, Serve, Train, Workload, ZeroStage,
};

fn quote(mode: BillingMode, per_hour: f64) -> Quote {
    Quote {
        mode,
        per_hour,
        currency: Currency::Usd,
        source: "https://example.org/prices".into(),
        as_of: Some("2026-11-01".into()),
        undated: false,
        read_on: Some("2026-11-02".into()),
        note: None,
    }
}

fn priced(price: f64) -> Priced {
    Priced {
        price,
        currency: Currency::Usd,
        source: "https://example.org/prices".into(),
        as_of: Some("2026-11-01".into()),
        undated: false,
        read_on: Some("2026-11-02".into()),
        note: None,
    }
}

fn offer(id: &str, gpu: &str, count: u32, link: InstanceLink, prices: Vec<Quote>) -> Offer {
    Offer {
        id: id.into(),
        provider: "cloud".into(),
        region: "r1".into(),
        instance_type: id.into(),
        gpu: gpu.into(),
        gpu_count: count,
        vcpu: None,
        ram_gib: None,
        local_disk_gb: None,
        network_gbps: Some(100.0),
        nvlink_domain: None,
        gpu_link: link,
        fabric: Fabric::Ethernet,
        billing_increment_s: None,
        prices,
        spec_source: None,
        notes: None,
    }
}

/// One provider ($0.08/GB-month storage, $0.09/GB egress) with real GPU specs from the catalog.
fn fixture() -> Catalog {
    let builtin = Catalog::builtin();
    let gpus = ["a100-80gb-sxm", "l4"]
        .iter()
        .map(|id| builtin.gpu(id).unwrap().clone())
        .collect();
    use BillingMode::*;
    Catalog {
        gpus,
        providers: vec![Provider {
            id: "cloud".into(),
            name: "Cloud".into(),
            name_zh: None,
            kind: ProviderKind::Hyperscaler,
            billing_increment_s: 1,
            billing_minimum_s: 60,
            storage: vec![StorageTier {
                id: "ssd".into(),
                name: "SSD".into(),
                price: priced(0.08),
                throughput_mbs: Some(125.0),
                max_throughput_mbs: Some(1000.0),
                hdd: false,
            }],
            snapshot: Some(priced(0.05)),
            egress: vec![EgressTier {
                up_to_tb: None,
                price: priced(0.09),
            }],
            free_ingress: Some(true),
            bandwidth: Vec::new(),
            free_intranet: None,
            cross_zone: None,
            bandwidth_package: None,
            refund: None,
            notes: None,
        }],
        offers: vec![
            offer(
                "4xa100-pcie",
                "a100-80gb-sxm",
                4,
                InstanceLink::Pcie,
                vec![quote(OnDemand, 16.0)],
            ),
            offer(
                "4xa100-nvlink",
                "a100-80gb-sxm",
                4,
                InstanceLink::Nvswitch,
                vec![quote(OnDemand, 16.0)],
            ),
            offer(
                "1xl4",
                "l4",
                1,
                InstanceLink::None,
                vec![quote(OnDemand, 0.80), quote(Spot, 0.32)],
            ),
        ],
    }
}

/// A development box of `hours` needing 16 GiB, for an 8B model: the job the hidden-cost and
/// billing tests price.
fn dev_box(hours: f64) -> Request {
    request(
        "llama-3.1-8b",
        Workload::DevBox(DevBox {
            hours,
            min_gpu_memory_gib: 16.0,
            non_cuda: false,
        }),
    )
}

fn request(model: &str, workload: Workload) -> Request {
    Request {
        scenario: Scenario {
            model: ModelSpec::Preset(model.into()),
            workload,
            data: None,
            deadline_h: None,
        },
        costs: CostInputs {
            storage: StorageNeeds {
                data_gb: 0.0,
                ..StorageNeeds::default()
            },
            ..CostInputs::default()
        },
        constraints: Constraints::default(),
        objective: Objective::Cheapest,
        today: None,
    }
}

/// The candidate's cost lines, rebuilt as the detail shows them.
fn bill(catalog: &Catalog, c: &Candidate, req: &Request) -> Vec<Term> {
    explain_cost(catalog, c, req)
}

/// One named line of the candidate's bill.
fn line(catalog: &Catalog, c: &Candidate, req: &Request, key: &str) -> Option<f64> {
    bill(catalog, c, req)
        .iter()
        .find(|l| l.key == key)
        .map(|l| l.value)
}

fn sum(catalog: &Catalog, c: &Candidate, req: &Request) -> f64 {
    bill(catalog, c, req).iter().map(|l| l.value).sum()
}

/// Four A100s over PCIe against the same four on NVSwitch, same price: full fine-tuning of an
/// 8B model with ZeRO-3 all-gathers and reduce-scatters every step, so the link sets the pace.
#[test]
fn four_gpus_over_pcie_versus_nvlink() {
    let catalog = fixture();
    let train = Train {
        parallel: Parallelism {
            zero: ZeroStage::Zero3,
            ..Parallelism::default()
        },
        ..Train::default()
    };
    let mut req = request("llama-3.1-8b", Workload::Train(train));
    req.constraints.max_gpus = 4;
    let report = evaluate(&catalog, &req).unwrap();
    let find = |id: &str| report.ranked.iter().find(|c| c.offer.id == id).unwrap();
    let (pcie, nvlink) = (find("4xa100-pcie"), find("4xa100-nvlink"));
    // Same GPUs, same compute: only communication differs, and PCIe is the slower link.
    assert!(nvlink.hours.expected < pcie.hours.expected);
    // Cost = $16/h × (hours + 0.5 h set-up), per-second billing: the cheaper is the faster.
    for c in [pcie, nvlink] {
        let expected = 16.0 * (c.hours.expected + 0.5);
        let sum = sum(&catalog, c, &req);
        assert!((sum - expected).abs() < 0.01, "{sum} vs {expected}");
        assert!((c.cost.expected - sum).abs() < 1e-9);
    }
    assert_eq!(report.pick().unwrap().offer.id, "4xa100-nvlink");
    let why = report.why.as_ref().unwrap();
    assert!(why.saves > 0.0 && why.sooner_h > 0.0);
}

/// Develop 40 h on a small GPU, fine-tune with LoRA, serve a chat model: picking per phase is
/// never dearer than the best single offer for all three.
#[test]
fn mixed_dev_train_serve_plan() {
    let catalog = fixture();
    let dev = dev_box(40.0);
    let lora = Lora {
        shape: crate::scenario::TrainShape {
            tokens: 2e8,
            ..Default::default()
        },
        ..Lora::default()
    };
    let train = request("llama-3.1-8b", Workload::Lora(lora));
    let serve = request(
        "llama-3.1-8b",
        Workload::Serve(Serve {
            requests_per_s: Some(1.0),
            ..Serve::default()
        }),
    );
    let phases = [("develop", dev), ("train", train), ("serve", serve)]
        .into_iter()
        .map(|(name, request)| Phase {
            name: name.into(),
            request,
        })
        .collect::<Vec<_>>();
    let plan = evaluate_plan(&catalog, &phases).unwrap();
    // Develop: the L4 on spot is cheapest; 40 h of work plus the restart/checkpoint overhead of
    // 2 %/h interruptions, at $0.32/h ≈ $13.
    let dev_pick = plan.mixed[0].as_ref().unwrap();
    assert_eq!(dev_pick.offer.id, "1xl4");
    assert!(dev_pick.cost.expected < 0.80 * 40.5);
    let total: f64 = plan.mixed.iter().flatten().map(|c| c.cost.expected).sum();
    assert!((plan.mixed_total - total).abs() < 1e-9);
    if let Some((_, single)) = &plan.single {
        assert!(plan.mixed_total <= *single + 1e-9);
    }
}

/// The pick's price is flagged when its source is older than the limit or carries no date, and
/// not before: an undated source is treated as old on any day.
#[test]
fn an_old_or_undated_price_is_a_pitfall() {
    use crate::catalog::validate::parse_date;
    use crate::plan::pitfalls::STALE_AFTER_DAYS;
    let dev = Workload::DevBox(DevBox {
        hours: 10.0,
        min_gpu_memory_gib: 16.0,
        non_cuda: false,
    });
    let stale = |catalog: &Catalog, today: i64| {
        let mut req = request("llama-3.1-8b", dev.clone());
        req.today = Some(today);
        let report = evaluate(catalog, &req).unwrap();
        report.pitfalls.iter().find_map(|p| match p {
            Pitfall::StalePrice { days } => Some(*days),
            _ => None,
        })
    };
    let dated = fixture();
    let as_of = parse_date("2026-11-01").unwrap();
    assert_eq!(stale(&dated, as_of + STALE_AFTER_DAYS), None);
    assert_eq!(
        stale(&dated, as_of + STALE_AFTER_DAYS + 1),
        Some(Some(STALE_AFTER_DAYS + 1))
    );
    let mut undated = fixture();
    for q in undated.offers.iter_mut().flat_map(|o| o.prices.iter_mut()) {
        q.as_of = None;
        q.undated = true;
    }
    assert_eq!(stale(&undated, as_of), Some(None));
}

/// A 3-GPU instance cannot hold tensor × pipeline groups of 4 GPUs whatever the count: the plan
/// skips those counts instead of failing the whole report.
#[test]
fn a_gpu_count_the_parallel_layout_cannot_use_is_skipped() {
    let mut catalog = fixture();
    catalog.offers.push(offer(
        "3xa100",
        "a100-80gb-sxm",
        3,
        InstanceLink::Nvswitch,
        vec![quote(BillingMode::OnDemand, 12.0)],
    ));
    let train = Train {
        parallel: Parallelism {
            zero: ZeroStage::Zero3,
            tensor: 2,
            pipeline: 2,
            ..Parallelism::default()
        },
        ..Train::default()
    };
    let report = evaluate(&catalog, &request("llama-3.1-8b", Workload::Train(train))).unwrap();
    assert!(!report.ranked.is_empty());
    assert!(report.ranked.iter().all(|c| c.gpus % 4 == 0));
    // Twelve GPUs (four instances) split evenly, so the 3-GPU offer is still considered there.
    assert!(report
        .ranked
        .iter()
        .any(|c| c.offer.id == "3xa100" && c.gpus == 12));
}

#[test]
fn a_budget_and_a_deadline_exclude_with_reasons() {
    let catalog = fixture();
    let mut req = request("llama-3.1-8b", Workload::Lora(Lora::default()));
    // The fixture's candidates cost $201 to $322: a budget of $210 keeps some and not others.
    req.constraints.budget = Some(210.0);
    let report = evaluate(&catalog, &req).unwrap();
    assert!(!report.ranked.is_empty());
    assert!(report.ranked.iter().all(|c| c.cost.expected <= 210.0));
    assert!(report
        .excluded
        .iter()
        .any(|e| matches!(e.reason, Reason::OverBudget { over } if over > 0.0)));

    let mut req = request("llama-3.1-8b", Workload::Lora(Lora::default()));
    req.scenario.deadline_h = Some(0.01);
    let report = evaluate(&catalog, &req).unwrap();
    assert!(report.ranked.is_empty());
    assert!(report
        .excluded
        .iter()
        .any(|e| matches!(e.reason, Reason::MissesDeadline { late_h } if late_h > 0.0)));
}

#[test]
fn a_model_too_large_for_every_gpu_says_by_how_much() {
    let catalog = fixture();
    let mut req = request("llama-3.1-405b", Workload::Train(Train::default()));
    req.constraints.max_gpus = 4;
    let report = evaluate(&catalog, &req).unwrap();
    assert!(report.ranked.is_empty() && !report.excluded.is_empty());
    assert!(report
        .excluded
        .iter()
        .all(|e| matches!(e.reason, Reason::DoesNotFit { short_gib } if short_gib > 0.0)));
}

/// Two offers at the same price for the same hours: the pick wins nothing, and the report says
/// it is a tie.
#[test]
fn the_same_offer_twice_is_a_tie() {
    let mut catalog = fixture();
    let mut twin = catalog.offers[2].clone();
    twin.id = "1xl4-twin".into();
    catalog.offers.push(twin);
    let mut req = dev_box(10.0);
    req.constraints.modes = vec![BillingMode::OnDemand];
    let report = evaluate(&catalog, &req).unwrap();
    let why = report.why.unwrap();
    assert!(why.tie() && why.same_cost() && why.same_time(), "{why:?}");
    assert_eq!(why.faster, None);

    // A real difference is no tie.
    catalog.offers[3].prices = vec![quote(BillingMode::OnDemand, 0.81)];
    let report = evaluate(&catalog, &req).unwrap();
    let why = report.why.unwrap();
    assert!(!why.tie(), "{why:?}");
}

/// LoRA on an 8B model with micro-batches of 64 sequences of 1 024 tokens, on one L4: nothing
/// fits, and the report names what would, each with the pick it gives. The largest micro-batch
/// is the one the inverse search finds on the L4.
#[test]
fn a_job_that_fits_nowhere_is_told_what_would() {
    let mut catalog = fixture();
    catalog.offers.retain(|o| o.gpu == "l4");
    let lora = Lora {
        shape: crate::scenario::TrainShape {
            tokens: 1e7,
            seq_len: 1024,
            micro_batch: 64,
            recompute: crate::scenario::Recompute::Selective,
            ..Default::default()
        },
        ..Lora::default()
    };
    let mut req = request("llama-3.1-8b", Workload::Lora(lora));
    req.constraints.max_gpus = 1;
    let report = evaluate(&catalog, &req).unwrap();
    assert!(report.ranked.is_empty());
    assert!(!report.suggestions.is_empty());
    let model = crate::scenario::Model::resolve(&req.scenario.model).unwrap();
    let l4 = catalog.gpu("l4").unwrap();
    let largest =
        crate::sizing::fit::max_micro_batch(&model, &req.scenario.workload, l4, 1).unwrap();
    let batch = report
        .suggestions
        .iter()
        .find_map(|s| match s.changes[..] {
            [Change::MicroBatch(b)] => Some(b),
            _ => None,
        })
        .unwrap_or_else(|| {
            panic!(
                "no micro-batch among {:?}",
                report
                    .suggestions
                    .iter()
                    .map(|s| &s.changes)
                    .collect::<Vec<_>>()
            )
        });
    assert_eq!(Some(batch), largest);
    for s in &report.suggestions {
        // Each suggestion, made, gives the very pick it names, within memory.
        let again = evaluate(&catalog, &remedies::apply(&req, &s.changes)).unwrap();
        let pick = again.pick().unwrap();
        assert_eq!(
            (pick.offer.id.as_str(), pick.mode),
            (s.pick.offer.id.as_str(), s.pick.mode)
        );
        assert!(s.pick.headroom >= 0.0 && s.pick.cost.expected > 0.0);
        assert!(again.suggestions.is_empty());
    }
    // A job that fits gets no suggestions; nor does one ruled out by its budget alone.
    let fits = evaluate(
        &catalog,
        &request("llama-3.2-1b", Workload::Lora(Lora::default())),
    )
    .unwrap();
    assert!(fits.suggestions.is_empty());
    let mut broke = request("llama-3.2-1b", Workload::Lora(Lora::default()));
    broke.constraints.budget = Some(0.01);
    let report = evaluate(&catalog, &broke).unwrap();
    assert!(report.ranked.is_empty() && report.suggestions.is_empty());
}

/// An offline batch of requests is a job: it has hours and a total cost, and no monthly fleet.
#[test]
fn an_offline_batch_of_requests_is_priced_as_a_job() {
    let serve = |batch: Option<f64>| {
        request(
            "llama-3.1-8b",
            Workload::Serve(crate::scenario::Serve {
                batch_requests: batch,
                prompt_tokens: 1000,
                output_tokens: 300,
                ..crate::scenario::Serve::default()
            }),
        )
    };
    let catalog = Catalog::builtin();
    let job = evaluate(catalog, &serve(Some(100_000.0))).unwrap();
    let pick = job.pick().unwrap();
    assert!(pick.serving.is_none(), "no fleet for a batch job");
    assert!(pick.hours.expected > 0.0 && pick.hours.expected < 24.0 * 30.0);
    // Twice the requests take about twice the hours on the same offer.
    let twice = evaluate(catalog, &serve(Some(200_000.0))).unwrap();
    let same = twice
        .ranked
        .iter()
        .find(|c| c.offer.id == pick.offer.id && c.mode == pick.mode)
        .unwrap();
    let ratio = same.hours.expected / pick.hours.expected;
    assert!((ratio - 2.0).abs() < 0.01, "{ratio}");
    // The same model as a service is priced by the month with its fleet.
    let service = evaluate(catalog, &serve(None)).unwrap();
    assert!(service.pick().unwrap().serving.is_some());
}
