//! The costs beside the instances: idle hours and auto-stops, egress, storage tiers and their
//! throughput, and prices a provider does not publish.

use super::*;

#[test]
fn idle_weekend_and_egress_are_lines_and_pitfalls() {
    let catalog = fixture();
    let mut req = dev_box(10.0);
    req.constraints.modes = vec![BillingMode::OnDemand];
    req.costs.idle_h = crate::cost::hidden::WEEKEND_HOURS;
    req.costs.egress_gb = 500.0;
    let report = evaluate(&catalog, &req).unwrap();
    let pick = report.pick().unwrap();
    let line = |k: &str| line(&catalog, pick, &req, k);
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
    let mut req = dev_box(40.0);
    req.constraints.modes = vec![BillingMode::OnDemand];
    req.costs.idle_h = 70.0;
    req.costs.idle_periods = 5.0;
    let idle = |req: &Request| {
        let report = evaluate(&catalog, req).unwrap();
        let pick = report.pick().unwrap().clone();
        let line = line(&catalog, &pick, req, "idle").unwrap();
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

    let mut req = dev_box(730.0);
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
    let line = |c: &Candidate, k: &str| line(&catalog, c, &req, k).unwrap();
    // 100 GB for one month (730 h; no set-up, no retention).
    assert!(
        (line(bare, "storage") - 11.0).abs() < 1e-9,
        "{:?}",
        bill(&catalog, bare, &req)
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
    let storage = line(&catalog, &cheap, &req, "storage").unwrap();
    let hours = cheap.hours.expected + 0.5;
    assert!((storage - 150.0 * 0.08 * hours / 730.0).abs() < 1e-9);
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
        let line = line(&catalog, &c, &req, "egress").unwrap();
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
