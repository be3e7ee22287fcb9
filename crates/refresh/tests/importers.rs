//! Each importer on a recorded excerpt of its real format (see tests/data/README.md), and the
//! merge on the catalog's own files: a re-run changes nothing, a changed price is reported, an
//! offer the source no longer lists is kept and reported, hand-kept fields survive.

use gpu_sizer_engine::catalog::schema::ProviderFile;
use gpu_sizer_engine::catalog::validate::{validate, validate_published};
use gpu_sizer_engine::catalog::{BillingMode, Catalog, Currency, Fabric, InstanceLink};
use gpu_sizer_refresh::merge::{merge, offer_id, to_toml, MappedGpu};
use gpu_sizer_refresh::{
    aws, azure, azure_snapshot, gcp, skypilot, GpuMap, Imported, Origin, PriceRow,
};

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn origin(source: &str) -> Origin {
    Origin {
        source: source.into(),
        as_of: None,
        read_on: "2026-11-30".into(),
        note: Some("test".into()),
    }
}

const LAMBDA: &str = "https://github.com/skypilot-org/skypilot-catalog/blob/0f4070387edc953d7004cff197940e1918a1d6aa/catalogs/v8/lambda/vms.csv";

fn lambda_batch(text: &str) -> Imported {
    skypilot::import(text, origin(LAMBDA))
}

fn price<'a>(
    b: &'a Imported,
    instance: &str,
    region: &str,
    mode: BillingMode,
) -> Option<&'a PriceRow> {
    b.prices
        .iter()
        .find(|p| p.instance_type == instance && p.region == region && p.mode == mode)
}

fn gpus() -> GpuMap {
    [
        ("V100", "v100-16gb-sxm2", Some(InstanceLink::Nvlink)),
        ("A6000", "rtx-a6000", None),
        ("H100", "h100-sxm", Some(InstanceLink::Nvswitch)),
    ]
    .into_iter()
    .map(|(name, gpu, link)| {
        (
            name.to_string(),
            MappedGpu {
                gpu: gpu.into(),
                link,
            },
        )
    })
    .collect()
}

/// A provider's file with the catalog's own terms for it and no offer yet.
fn empty_file(id: &str) -> ProviderFile {
    ProviderFile {
        provider: Catalog::builtin().provider(id).unwrap().clone(),
        offers: Vec::new(),
    }
}

#[test]
fn skypilot_rows_become_instances_and_prices_per_region() {
    let b = lambda_batch(&data("skypilot-lambda-0f407038.csv"));
    // Five GPU instance/region pairs; the CPU row is left out.
    assert_eq!(b.instances.len(), 5);
    let v100 = b
        .instances
        .iter()
        .find(|i| i.instance_type == "gpu_8x_v100" && i.region == "europe-central-1")
        .unwrap();
    assert_eq!(
        (v100.gpu_count, v100.vcpu, v100.ram_gib),
        (8, Some(92), Some(448.0))
    );
    assert_eq!(v100.accelerator, "V100");
    let od = price(&b, "gpu_4x_a6000", "us-east-1", BillingMode::OnDemand).unwrap();
    assert_eq!((od.per_hour, od.currency), (4.36, Currency::Usd));
    assert!(price(&b, "gpu_4x_a6000", "us-east-1", BillingMode::Spot).is_none());

    let n = skypilot::import(
        &data("skypilot-nebius-0082b043.csv"),
        origin("https://example.org"),
    );
    let spot = price(
        &n,
        "gpu-h100-sxm_8gpu-128vcpu-1600gb",
        "eu-north1",
        BillingMode::Spot,
    )
    .unwrap();
    assert_eq!(spot.per_hour, 10.0);
    let od = price(
        &n,
        "gpu-h100-sxm_1gpu-16vcpu-200gb",
        "eu-north1",
        BillingMode::OnDemand,
    )
    .unwrap();
    assert_eq!(od.per_hour, 2.95);
    assert!(price(
        &n,
        "gpu-l40s-a_1gpu-8vcpu-32gb",
        "eu-north1",
        BillingMode::Spot
    )
    .is_none());
}

#[test]
fn merge_adds_keeps_hand_kept_fields_and_a_rerun_changes_nothing() {
    let text = data("skypilot-lambda-0f407038.csv");
    let mut file = empty_file("lambda");
    let first = merge(&mut file, &lambda_batch(&text), &gpus());
    assert_eq!(first.added.len(), 5, "{first}");
    assert!(
        first.removed.is_empty() && first.changed.is_empty(),
        "{first}"
    );
    let v100 = file
        .offers
        .iter()
        .find(|o| o.id == offer_id("lambda", "europe-central-1", "gpu_8x_v100"))
        .unwrap();
    assert_eq!(
        (v100.gpu.as_str(), v100.gpu_count, v100.gpu_link, v100.vcpu),
        ("v100-16gb-sxm2", 8, InstanceLink::Nvlink, Some(92))
    );
    let q = &v100.prices[0];
    assert_eq!((q.mode, q.per_hour), (BillingMode::OnDemand, 6.32));
    assert!(q.undated && q.as_of.is_none() && q.read_on.as_deref() == Some("2026-11-30"));
    let one = file
        .offers
        .iter()
        .find(|o| o.id == offer_id("lambda", "us-east-1", "gpu_1x_a6000"))
        .unwrap();
    assert_eq!(one.gpu_link, InstanceLink::None);

    // Fields a maintainer set by hand, and a price from another source, survive the next run.
    let kept = offer_id("lambda", "us-east-1", "gpu_4x_a6000");
    let o = file.offers.iter_mut().find(|o| o.id == kept).unwrap();
    o.notes = Some("kept by hand".into());
    o.fabric = Fabric::Infiniband;
    let mut reserved = o.prices[0].clone();
    reserved.mode = BillingMode::Reserved1y;
    reserved.per_hour = 3.0;
    reserved.source = "https://example.org/another-source".into();
    o.prices.push(reserved.clone());

    // The same data again: nothing to report and the same file.
    let written = to_toml(&file).unwrap();
    let again = merge(&mut file, &lambda_batch(&text), &gpus());
    assert!(again.is_quiet() && again.removed.is_empty(), "{again}");
    assert_eq!(again.unchanged, 5);
    assert_eq!(to_toml(&file).unwrap(), written);
    let o = file.offers.iter().find(|o| o.id == kept).unwrap();
    assert_eq!(
        (o.notes.as_deref(), o.fabric),
        (Some("kept by hand"), Fabric::Infiniband)
    );
    assert_eq!(o.quote(BillingMode::Reserved1y), Some(&reserved));
    // The written file reads back as the same records.
    let back: ProviderFile = toml::from_str(&written).unwrap();
    assert_eq!(back, file);

    // The catalog with these offers passes every rule the build applies.
    let mut catalog = Catalog::builtin().clone();
    catalog.offers.retain(|o| o.provider != "lambda");
    catalog.offers.extend(file.offers.clone());
    let mut problems = validate(&catalog);
    problems.extend(validate_published(&catalog));
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn a_changed_price_and_a_vanished_offer_are_reported_and_nothing_is_deleted() {
    let text = data("skypilot-lambda-0f407038.csv");
    let mut file = empty_file("lambda");
    merge(&mut file, &lambda_batch(&text), &gpus());
    // The next snapshot: the 4×A6000 at 5.00 instead of 4.36 (+14.7 %), the 1×A6000 gone.
    let next: String = text
        .lines()
        .filter(|l| !l.starts_with("gpu_1x_a6000"))
        .map(|l| l.replace(",4.36,", ",5.00,") + "\n")
        .collect();
    let report = merge(&mut file, &lambda_batch(&next), &gpus());
    let id = offer_id("lambda", "us-east-1", "gpu_4x_a6000");
    assert_eq!(
        report.changed,
        vec![(id.clone(), BillingMode::OnDemand, 4.36, 5.0)]
    );
    let gone = offer_id("lambda", "us-east-1", "gpu_1x_a6000");
    assert_eq!(report.removed, vec![gone.clone()]);
    assert_eq!(file.offers.len(), 5, "no offer deleted");
    assert!(file.offers.iter().any(|o| o.id == gone));
    let text = report.to_string();
    assert!(
        text.contains(&format!("~ {id} OnDemand: 4.36 -> 5 (+14.7 %)")),
        "{text}"
    );
    assert!(
        text.contains(&format!("- {gone} (no longer in the source; kept")),
        "{text}"
    );
}

#[test]
fn an_unmapped_accelerator_is_reported_not_guessed() {
    let mut file = empty_file("lambda");
    let mut only_h100 = gpus();
    only_h100.retain(|k, _| k == "H100");
    let report = merge(
        &mut file,
        &lambda_batch(&data("skypilot-lambda-0f407038.csv")),
        &only_h100,
    );
    assert!(report.added.is_empty() && file.offers.is_empty());
    assert_eq!(
        report.unmapped.iter().collect::<Vec<_>>(),
        vec!["A6000", "V100"]
    );
}

#[test]
fn skypilot_spot_leaves_out_zones_priced_at_on_demand() {
    let b = skypilot::import(
        &data("skypilot-aws-p5-00148f2a.csv"),
        origin("https://github.com/skypilot-org/skypilot-catalog/blob/00148f2af3672e2229b4f7bf8157d5a3f36e3c35/catalogs/v8/aws/vms.csv"),
    );
    let get = |r, m| price(&b, "p5.48xlarge", r, m).map(|p| p.per_hour);
    // Tokyo: one zone's spot price is the on-demand price, the other's is the spot price.
    assert_eq!(get("ap-northeast-1", BillingMode::OnDemand), Some(68.8));
    assert_eq!(get("ap-northeast-1", BillingMode::Spot), Some(23.1449));
    // Seoul: no spot price at all; Sydney: the one discounted zone of three.
    assert_eq!(get("ap-northeast-2", BillingMode::Spot), None);
    assert_eq!(get("ap-southeast-2", BillingMode::Spot), Some(26.5713));
}

#[test]
fn azure_retail_prices_give_pay_as_you_go_and_hourly_reservation_rates() {
    let b = azure::import(
        &data("azure-retail-d8v4-westeurope.json"),
        origin("https://prices.azure.com/api/retail/prices"),
    )
    .unwrap();
    let get = |m| price(&b, "Standard_D8_v4", "westeurope", m).unwrap();
    assert_eq!(b.prices.len(), 3);
    assert_eq!(get(BillingMode::OnDemand).per_hour, 0.46);
    assert_eq!(get(BillingMode::Reserved1y).per_hour, 0.271347); // 2,377 / 8,760
    assert_eq!(get(BillingMode::Reserved3y).per_hour, 0.17481); // 4,594 / 26,280
    assert!(b
        .prices
        .iter()
        .all(|p| p.as_of.as_deref() == Some("2020-08-01")));
    assert!(price(&b, "Standard_D8_v4", "westeurope", BillingMode::Spot).is_none());
    // No catalog offer is a D8 v4: the merge reports the prices and adds nothing.
    let mut file = empty_file("azure");
    let report = merge(&mut file, &b, &gpus());
    assert!(report.added.is_empty());
    assert!(report.unknown_instances.contains("Standard_D8_v4"));
}

#[test]
fn azure_snapshots_match_sku_names_and_copy_an_instance_to_a_new_region() {
    let names: Vec<String> = ["Standard_NC40ads_H100_v5", "Standard_ND96isr_H100_v5"]
        .map(String::from)
        .to_vec();
    let b = azure_snapshot::import(
        &data("azure-snapshot-westeurope-1b7f5544.json"),
        &names,
        origin("https://github.com/andy-diericks/azure-pricing-radar/blob/1b7f55446201ecb7bd3df5a9875afce68a27e6f7/data/latest/vm-eu-west.json"),
    )
    .unwrap();
    let get = |i, m| price(&b, i, "westeurope", m).map(|p| p.per_hour);
    let nc = "Standard_NC40ads_H100_v5";
    // Linux pay-as-you-go, spot and 1-year savings plan; Windows and Low Priority left out.
    assert_eq!(get(nc, BillingMode::OnDemand), Some(9.08));
    assert_eq!(get(nc, BillingMode::Spot), Some(5.23008));
    assert_eq!(get(nc, BillingMode::Reserved1y), Some(7.553652));
    let nd = "Standard_ND96isr_H100_v5";
    assert_eq!(get(nd, BillingMode::OnDemand), Some(127.816));
    assert_eq!(get(nd, BillingMode::Reserved1y), None);
    // NC4as T4 v3 is not among the names asked for.
    assert_eq!(b.prices.len(), 5);
    // With the catalog's East US offers only, West Europe gets copies of them.
    let mut file = ProviderFile {
        provider: Catalog::builtin().provider("azure").unwrap().clone(),
        offers: Catalog::builtin()
            .offers
            .iter()
            .filter(|o| o.provider == "azure" && o.region == "eastus")
            .cloned()
            .collect(),
    };
    let report = merge(&mut file, &b, &gpus());
    assert_eq!(report.added.len(), 2, "{report}");
    let copy = file
        .offers
        .iter()
        .find(|o| o.id == "azure-westeurope-standard_nd96isr_h100_v5")
        .unwrap();
    let us = file
        .offers
        .iter()
        .find(|o| o.id == "azure-eastus-standard_nd96isr_h100_v5")
        .unwrap();
    assert_eq!(
        (copy.gpu.as_str(), copy.gpu_count, copy.fabric, copy.vcpu),
        (us.gpu.as_str(), us.gpu_count, us.fabric, us.vcpu)
    );
    assert_eq!(copy.prices.len(), 2);
    assert!(copy
        .prices
        .iter()
        .all(|q| q.source.contains("azure-pricing-radar")));
}

#[test]
fn aws_price_list_gives_on_demand_and_no_upfront_standard_reservations() {
    let b = aws::import_price_list(
        &data("aws-price-list-c4.large.json"),
        origin(
            "https://pricing.us-east-1.amazonaws.com/offers/v1.0/aws/AmazonEC2/current/index.json",
        ),
    )
    .unwrap();
    // Partial-upfront and convertible terms are left out; one 1-year no-upfront term remains.
    assert_eq!(b.prices.len(), 2, "{:?}", b.prices);
    let od = price(&b, "c4.large", "us-east-1", BillingMode::OnDemand).unwrap();
    assert_eq!(
        (od.per_hour, od.as_of.as_deref()),
        (0.1, Some("2016-12-01"))
    );
    let ri = price(&b, "c4.large", "us-east-1", BillingMode::Reserved1y).unwrap();
    assert_eq!(
        (ri.per_hour, ri.as_of.as_deref()),
        (0.063, Some("2017-04-30"))
    );
}

#[test]
fn aws_spot_history_gives_the_median_of_a_regions_latest_linux_prices() {
    let b = aws::import_spot_history(
        &data("aws-spot-history-m1.xlarge.json"),
        origin("https://ec2.amazonaws.com/"),
    )
    .unwrap();
    assert_eq!(b.prices.len(), 1, "SUSE records are left out");
    let spot = price(&b, "m1.xlarge", "us-west-1", BillingMode::Spot).unwrap();
    assert_eq!(
        (spot.per_hour, spot.as_of.as_deref()),
        (0.08, Some("2014-01-06"))
    );
    assert_eq!(
        spot.note.as_deref(),
        Some("median of the latest spot price in 2 zones")
    );
}

#[test]
fn gcp_pricing_gives_every_mode_per_region_for_machines_with_gpus() {
    let b = gcp::import(&data("gcp-pricing-fd66b26f.yml"), origin("https://github.com/Cyclenerd/google-cloud-pricing-cost-calculator/blob/fd66b26ff84fee5cdd94f341ea89206e76c06b99/pricing.yml"));
    // n1-standard-1 has no GPU: left out. a2-highgpu-1g in two regions, g2-standard-4 in one.
    assert_eq!(b.instances.len(), 3);
    let a2 = b
        .instances
        .iter()
        .find(|i| i.instance_type == "a2-highgpu-1g" && i.region == "asia-east1")
        .unwrap();
    assert_eq!(
        (a2.accelerator.as_str(), a2.gpu_count, a2.vcpu, a2.ram_gib),
        ("a100", 1, Some(12), Some(85.0))
    );
    let get = |i: &str, r: &str, m| price(&b, i, r, m).unwrap().per_hour;
    assert_eq!(
        get("a2-highgpu-1g", "asia-east1", BillingMode::OnDemand),
        3.790142
    );
    assert_eq!(
        get("a2-highgpu-1g", "asia-east1", BillingMode::Spot),
        0.444055
    );
    // 1,743.0630772 / 730 and 968.40125307 / 730.
    assert_eq!(
        get("a2-highgpu-1g", "asia-east1", BillingMode::Reserved1y),
        2.387758
    );
    assert_eq!(
        get("a2-highgpu-1g", "asia-east1", BillingMode::Reserved3y),
        1.326577
    );
    let g2 = b
        .instances
        .iter()
        .find(|i| i.instance_type == "g2-standard-4")
        .unwrap();
    assert_eq!(
        (g2.accelerator.as_str(), g2.gpu_count, g2.vcpu),
        ("l4", 1, Some(4))
    );
    assert_eq!(
        get("g2-standard-4", "europe-west4", BillingMode::OnDemand),
        0.742916
    );
    assert_eq!(b.prices.len(), 12);
}

#[test]
fn alibaba_describe_price_gives_the_yearly_subscription_as_an_hourly_rate() {
    use gpu_sizer_refresh::alibaba::{import_describe_price, PriceQuery};
    let query = PriceQuery {
        instance_type: "ecs.g6.large".into(),
        region: "cn-hangzhou".into(),
        price_unit: "Year".into(),
        period: 1,
        spot: false,
    };
    let b = import_describe_price(
        &data("alibaba-describe-price-g6.large.json"),
        &query,
        origin("https://ecs.aliyuncs.com/?Action=DescribePrice"),
    )
    .unwrap();
    let p = price(&b, "ecs.g6.large", "cn-hangzhou", BillingMode::Reserved1y).unwrap();
    // ¥3,712.8 a year / 8,760 h, in yuan.
    assert_eq!((p.per_hour, p.currency), (0.423836, Currency::Cny));
    let note = p.note.as_deref().unwrap();
    assert!(
        note.contains("(list 4368)") && note.contains("8.5折"),
        "{note}"
    );
}
