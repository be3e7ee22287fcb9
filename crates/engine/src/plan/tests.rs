//! Worked examples of whole plans on a small fixture catalog, and properties over random ones.

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

fn sum(c: &Candidate) -> f64 {
    c.lines.iter().map(|l| l.value).sum()
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
        assert!((sum(c) - expected).abs() < 0.01, "{} vs {expected}", sum(c));
        assert!((c.cost.expected - sum(c)).abs() < 1e-9);
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
    let dev = request(
        "llama-3.1-8b",
        Workload::DevBox(DevBox {
            hours: 40.0,
            min_gpu_memory_gib: 16.0,
            non_cuda: false,
        }),
    );
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
    req.constraints.budget = Some(1.0);
    let report = evaluate(&catalog, &req).unwrap();
    assert!(report.ranked.iter().all(|c| c.cost.expected <= 1.0));
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
    assert!(report.ranked.is_empty());
    assert!(report
        .excluded
        .iter()
        .all(|e| matches!(e.reason, Reason::DoesNotFit { short_gib } if short_gib > 0.0)));
}

#[test]
fn idle_weekend_and_egress_are_lines_and_pitfalls() {
    let catalog = fixture();
    let mut req = request(
        "llama-3.1-8b",
        Workload::DevBox(DevBox {
            hours: 10.0,
            min_gpu_memory_gib: 16.0,
            non_cuda: false,
        }),
    );
    req.constraints.modes = vec![BillingMode::OnDemand];
    req.costs.idle_h = crate::cost::hidden::WEEKEND_HOURS;
    req.costs.egress_gb = 500.0;
    let report = evaluate(&catalog, &req).unwrap();
    let pick = report.pick().unwrap();
    let line = |k: &str| pick.lines.iter().find(|l| l.key == k).map(|l| l.value);
    // L4 at $0.80/h idle 62 h = $49.60; 500 GB × $0.09 = $45.
    assert!((line("idle").unwrap() - 49.6).abs() < 1e-9);
    assert!((line("egress").unwrap() - 45.0).abs() < 1e-9);
    // One idle stretch: an auto-stop after SkyPilot's default 5 idle minutes would bill
    // 5 minutes of it, saving (62 − 1/12) h × $0.80 = $49.53.
    let saving = (62.0 - 5.0 / 60.0) * 0.80;
    assert!(report.pitfalls.iter().any(|p| matches!(
        p,
        Pitfall::NoAutoStop { idle_cost, saving: s, .. }
            if (*idle_cost - 49.6).abs() < 1e-9 && (*s - saving).abs() < 1e-9
    )));
    assert!(report
        .pitfalls
        .iter()
        .any(|p| matches!(p, Pitfall::Egress { .. })));
}

/// Five idle nights of 14 h on an L4 at $0.80/h: without an auto-stop all 70 h are billed; an
/// auto-stop after 15 idle minutes bills the grace of each night, 5 × 0.25 h.
#[test]
fn an_auto_stop_bills_only_the_grace_of_each_idle_period() {
    let catalog = fixture();
    let mut req = request(
        "llama-3.1-8b",
        Workload::DevBox(DevBox {
            hours: 40.0,
            min_gpu_memory_gib: 16.0,
            non_cuda: false,
        }),
    );
    req.constraints.modes = vec![BillingMode::OnDemand];
    req.costs.idle_h = 70.0;
    req.costs.idle_periods = 5.0;
    let idle = |req: &Request| {
        let report = evaluate(&catalog, req).unwrap();
        let pick = report.pick().unwrap().clone();
        let line = pick.lines.iter().find(|l| l.key == "idle").unwrap().value;
        (line, report.pitfalls)
    };
    let (all, pitfalls) = idle(&req);
    assert!((all - 56.0).abs() < 1e-9, "{all}");
    assert!(pitfalls
        .iter()
        .any(|p| matches!(p, Pitfall::NoAutoStop { .. })));
    req.costs.auto_stop_h = Some(0.25);
    let (billed, pitfalls) = idle(&req);
    assert!((billed - 5.0 * 0.25 * 0.80).abs() < 1e-9, "{billed}");
    assert!(!pitfalls
        .iter()
        .any(|p| matches!(p, Pitfall::NoAutoStop { .. })));
}

/// A provider that publishes no storage, snapshot or egress price is charged the median of those
/// that do, said in its formula and its warnings, so a missing price never makes it cheaper.
#[test]
fn unpublished_hidden_costs_are_assumed_at_the_published_median() {
    let mut catalog = fixture();
    // Three more providers with prices: storage 0.10, 0.12, 0.20 (with the fixture's 0.08, the
    // median is (0.10 + 0.12) / 2 = 0.11); snapshots 0.05, 0.06, 0.07, 0.09 → 0.065; egress
    // 0.09, 0.05, 0.12, 0.01 per GB → 100 GB cost 9, 5, 12, 1 → 7.
    for (id, storage, snapshot, egress) in [
        ("b", 0.10, 0.06, 0.05),
        ("c", 0.12, 0.07, 0.12),
        ("d", 0.20, 0.09, 0.01),
    ] {
        let mut p = catalog.providers[0].clone();
        p.id = id.into();
        p.name = id.into();
        p.storage[0].price = priced(storage);
        p.snapshot = Some(priced(snapshot));
        p.egress[0].price = priced(egress);
        catalog.providers.push(p);
    }
    let mut bare = catalog.providers[0].clone();
    bare.id = "bare".into();
    bare.name = "Bare".into();
    bare.storage.clear();
    bare.snapshot = None;
    bare.egress.clear();
    catalog.providers.push(bare);
    let mut o = catalog.offers[2].clone();
    o.id = "bare-1xl4".into();
    o.provider = "bare".into();
    catalog.offers.push(o);

    let mut req = request(
        "llama-3.1-8b",
        Workload::DevBox(DevBox {
            hours: 730.0,
            min_gpu_memory_gib: 16.0,
            non_cuda: false,
        }),
    );
    req.constraints.modes = vec![BillingMode::OnDemand];
    req.costs.storage.data_gb = 100.0;
    req.costs.storage.snapshot_gb = 100.0;
    req.costs.egress_gb = 100.0;
    req.costs.setup_h = 0.0;
    req.costs.storage.retention_h = 0.0;
    let report = evaluate(&catalog, &req).unwrap();
    let bare = report
        .ranked
        .iter()
        .find(|c| c.offer.id == "bare-1xl4")
        .unwrap();
    let own = report.ranked.iter().find(|c| c.offer.id == "1xl4").unwrap();
    let line = |c: &Candidate, k: &str| c.lines.iter().find(|l| l.key == k).unwrap().value;
    // 100 GB for one month (730 h; no set-up, no retention).
    assert!(
        (line(bare, "storage") - 11.0).abs() < 1e-9,
        "{:?}",
        bare.lines
    );
    assert!((line(bare, "snapshots") - 6.5).abs() < 1e-9);
    assert!((line(bare, "egress") - 7.0).abs() < 1e-9);
    assert!((line(own, "storage") - 8.0).abs() < 1e-9);
    // Same instance price: the bare provider is no longer the cheaper one.
    assert!(bare.cost.expected > own.cost.expected);
    assert_eq!(
        bare.warnings()
            .filter(|w| matches!(
                w,
                Warning::AssumedPrice { .. } | Warning::AssumedEgress { .. }
            ))
            .count(),
        3,
        "{:?}",
        bare.notes
    );
    let explained = explain(&catalog, bare, &req).unwrap();
    let storage = explained.cost.iter().find(|t| t.key == "storage").unwrap();
    assert!(
        storage.formula.contains("median of 4 providers"),
        "{}",
        storage.formula
    );
    assert!((storage.value - 11.0).abs() < 1e-9);
}

/// ResNet-50 images of 110 kB read from storage. The provider has a cheaper hard-disk tier
/// and an SSD tier (125 MB/s baseline, 1 000 MB/s provisioned); one instance has a local disk.
#[test]
fn storage_throughput_comes_from_the_tier_the_job_is_priced_on() {
    let mut catalog = fixture();
    catalog.providers[0].storage.insert(
        0,
        StorageTier {
            id: "hdd".into(),
            name: "HDD".into(),
            price: priced(0.045),
            throughput_mbs: None,
            max_throughput_mbs: Some(500.0),
            hdd: true,
        },
    );
    let mut local = catalog.offers[2].clone();
    local.id = "1xl4-local".into();
    local.local_disk_gb = Some(500.0);
    catalog.offers.push(local);
    let images = crate::scenario::Classic {
        samples: 1.2e6,
        epochs: 1.0,
        batch: 64,
        precision: crate::scenario::TrainPrecision::Bf16Mixed,
        optimizer: crate::scenario::Optimizer::SgdMomentum,
        seq_len: None,
    };
    let mut req = request("resnet-50", Workload::Classic(images));
    // High-resolution images (400 kB each): an L4's few hundred images a second outrun the
    // SSD tier's baseline.
    req.scenario.data = Some(crate::scenario::DataSource {
        bytes_per_sample: 400e3,
        storage_mbs: None,
    });
    req.costs.storage.data_gb = 150.0;
    req.constraints.modes = vec![BillingMode::OnDemand];
    fn find<'a>(report: &Report<'a>, id: &str) -> Candidate<'a> {
        report
            .ranked
            .iter()
            .find(|c| c.offer.id == id && c.instances == 1)
            .cloned()
            .unwrap()
    }
    let cap = |c: &Candidate| {
        c.timing
            .terms
            .iter()
            .find(|t| t.key == "storage_cap")
            .map_or(1.0, |t| t.value)
    };

    let report = evaluate(&catalog, &req).unwrap();
    let cheap = find(&report, "1xl4");
    // A training job is not put on the hard disk: the SSD's price and its 125 MB/s baseline.
    let feed = cheap.feed.unwrap();
    assert_eq!(feed.mbs, 125.0);
    assert_eq!(feed.from, FeedFrom::Tier(&catalog.providers[0].storage[1]));
    let storage = cheap.lines.iter().find(|l| l.key == "storage").unwrap();
    let hours = cheap.hours.expected + 0.5;
    assert!((storage.value - 150.0 * 0.08 * hours / 730.0).abs() < 1e-9);
    assert!(cap(&cheap) < 1.0, "an L4 eats more than 125 MB/s of images");
    // The local disk holds the 150 GB and reads at the measured NVMe figure.
    let local = find(&report, "1xl4-local");
    assert_eq!(local.feed.unwrap().mbs, storage::LOCAL_DISK_MBS);
    assert!(local.hours.expected < cheap.hours.expected);

    // The fastest tier: read at its provisioned 1 000 MB/s, priced at its own price.
    req.costs.storage.fast_tier = true;
    let fast = evaluate(&catalog, &req).unwrap();
    let quick = find(&fast, "1xl4");
    assert_eq!(quick.feed.unwrap().mbs, 1000.0);
    assert!(cap(&quick) > cap(&cheap));
    assert!(quick.hours.expected < cheap.hours.expected);

    // The user's own figure wins everywhere.
    req.scenario.data = Some(crate::scenario::DataSource {
        bytes_per_sample: 110e3,
        storage_mbs: Some(40.0),
    });
    let stated = evaluate(&catalog, &req).unwrap();
    for c in &stated.ranked {
        assert_eq!(
            c.feed.unwrap(),
            Feed {
                mbs: 40.0,
                from: FeedFrom::Stated
            }
        );
    }
    // And explaining a candidate reruns the same feed.
    let pick = stated.pick().unwrap();
    let e = explain(&catalog, pick, &req).unwrap();
    assert_eq!(e.timing.hours, pick.timing.hours);
}

/// Without a training job, the cheapest tier may be the hard disk.
#[test]
fn only_training_jobs_are_kept_off_hard_disks() {
    let mut catalog = fixture();
    catalog.providers[0].storage.push(StorageTier {
        id: "hdd".into(),
        name: "HDD".into(),
        price: priced(0.045),
        throughput_mbs: None,
        max_throughput_mbs: Some(500.0),
        hdd: true,
    });
    let provider = &catalog.providers[0];
    assert!(storage::tier(provider, false, false).unwrap().hdd);
    assert!(!storage::tier(provider, false, true).unwrap().hdd);
    // A provider with hard disks only still stores the data, on them.
    let mut only = provider.clone();
    only.storage.retain(|t| t.hdd);
    assert!(storage::tier(&only, false, true).unwrap().hdd);
}

/// When the providers that publish egress prices include this much for free, a provider that
/// publishes none is charged nothing, and its note says so rather than "median assumed" beside a
/// line of $0.00.
#[test]
fn an_egress_note_reads_as_its_line() {
    let mut catalog = fixture();
    catalog.providers[0].egress = vec![
        EgressTier {
            up_to_tb: Some(0.1),
            price: priced(0.0),
        },
        EgressTier {
            up_to_tb: None,
            price: priced(0.09),
        },
    ];
    let mut bare = catalog.providers[0].clone();
    bare.id = "bare".into();
    bare.name = "Bare".into();
    bare.egress.clear();
    catalog.providers.push(bare);
    let mut o = catalog.offers[2].clone();
    o.id = "bare-1xl4".into();
    o.provider = "bare".into();
    catalog.offers.push(o);
    let dev = Workload::DevBox(DevBox {
        hours: 10.0,
        min_gpu_memory_gib: 16.0,
        non_cuda: false,
    });
    let egress_of = |gb: f64| {
        let mut req = request("llama-3.1-8b", dev.clone());
        req.costs.egress_gb = gb;
        let report = evaluate(&catalog, &req).unwrap();
        let c = report
            .ranked
            .iter()
            .find(|c| c.offer.id == "bare-1xl4")
            .unwrap()
            .clone();
        let line = c.lines.iter().find(|l| l.key == "egress").unwrap().value;
        let note = c
            .warnings()
            .find(|w| {
                matches!(
                    w,
                    Warning::FreeEgress { .. } | Warning::AssumedEgress { .. }
                )
            })
            .unwrap()
            .clone();
        (line, note)
    };
    let (line, note) = egress_of(50.0);
    assert_eq!(line, 0.0);
    assert_eq!(
        note,
        Warning::FreeEgress {
            provider: "Bare".into(),
            gb: 50.0
        }
    );
    // Past the free allowance: 100 GB free then 400 GB × $0.09 = $36, named in the note.
    let (line, note) = egress_of(500.0);
    assert!((line - 36.0).abs() < 1e-9, "{line}");
    assert!(
        matches!(note, Warning::AssumedEgress { gb: 500.0, amount, .. } if (amount - 36.0).abs() < 1e-9),
        "{note:?}"
    );
}

/// Two offers at the same price for the same hours: the pick wins nothing, and the report says
/// it is a tie.
#[test]
fn the_same_offer_twice_is_a_tie() {
    let mut catalog = fixture();
    let mut twin = catalog.offers[2].clone();
    twin.id = "1xl4-twin".into();
    catalog.offers.push(twin);
    let mut req = request(
        "llama-3.1-8b",
        Workload::DevBox(DevBox {
            hours: 10.0,
            min_gpu_memory_gib: 16.0,
            non_cuda: false,
        }),
    );
    req.constraints.modes = vec![BillingMode::OnDemand];
    let report = evaluate(&catalog, &req).unwrap();
    let why = report.why.unwrap();
    assert!(why.tie() && why.same_cost() && why.same_time(), "{why:?}");
    assert_eq!(why.faster_ms, None);

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

mod properties {
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
