//! The embedded catalog: every row validates, the coverage promised holds, and the rules catch
//! what they are meant to catch.

use gpu_sizer_engine::catalog::validate::{parse_date, validate};
use gpu_sizer_engine::catalog::{BillingMode, Catalog};
use std::collections::HashMap;

#[test]
fn every_row_of_the_embedded_catalog_validates() {
    let problems = validate(Catalog::builtin());
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn coverage_meets_the_promise() {
    let c = Catalog::builtin();
    assert!(c.gpus.len() >= 35, "{} GPUs", c.gpus.len());
    assert!(c.offers.len() >= 150, "{} offers", c.offers.len());
    assert!(c.providers.len() >= 10, "{} providers", c.providers.len());
    for must in [
        "aws",
        "gcp",
        "azure",
        "alibaba",
        "tencent",
        "huawei",
        "lambda",
        "runpod",
        "coreweave",
        "vast",
    ] {
        assert!(c.provider(must).is_some(), "missing provider {must}");
    }
    for gpu in [
        "t4",
        "v100-16gb-sxm2",
        "v100-32gb-sxm2",
        "a10",
        "a10g",
        "l4",
        "l20",
        "l40s",
        "a100-40gb-sxm",
        "a100-80gb-sxm",
        "a100-40gb-pcie",
        "a100-80gb-pcie",
        "a800-80gb-sxm",
        "h100-sxm",
        "h100-pcie",
        "h100-nvl",
        "h800-sxm",
        "h20",
        "h200-sxm",
        "b200",
        "rtx-4090",
        "rtx-3090",
        "rtx-a6000",
        "rtx-6000-ada",
        "mi300x",
        "mi250",
        "ascend-910b",
        "tpu-v5e",
        "tpu-v5p",
        "trainium1",
        "inferentia2",
    ] {
        assert!(c.gpu(gpu).is_some(), "missing GPU {gpu}");
    }
    let mut per_provider: HashMap<&str, usize> = HashMap::new();
    for o in &c.offers {
        *per_provider.entry(o.provider.as_str()).or_default() += 1;
    }
    let mut counts: Vec<_> = per_provider.into_iter().collect();
    counts.sort();
    eprintln!("offers per provider: {counts:?}");
}

#[test]
fn every_price_has_a_source_and_a_date_and_spot_stays_below_on_demand() {
    let c = Catalog::builtin();
    for o in &c.offers {
        for q in &o.prices {
            assert!(
                q.source.starts_with("http"),
                "{}: {:?} source",
                o.id,
                q.mode
            );
            assert!(
                parse_date(&q.as_of).is_some(),
                "{}: {:?} as_of",
                o.id,
                q.mode
            );
            assert!(q.per_hour > 0.0, "{}", o.id);
        }
        if let (Some(od), Some(spot)) = (o.quote(BillingMode::OnDemand), o.quote(BillingMode::Spot))
        {
            if od.currency == spot.currency {
                assert!(spot.per_hour < od.per_hour, "{}", o.id);
            }
        }
    }
    for p in &c.providers {
        for t in &p.storage {
            assert!(
                parse_date(&t.price.as_of).is_some() && t.price.source.starts_with("http"),
                "{}",
                p.id
            );
        }
    }
}

#[test]
fn the_rules_catch_broken_rows() {
    let mut c = Catalog::builtin().clone();
    let first = c.offers[0].clone();
    let mut dup = first.clone();
    dup.gpu = "no-such-gpu".into();
    dup.gpu_count = 0;
    dup.prices.iter_mut().for_each(|q| {
        q.as_of = "29/11/2026".into();
        q.per_hour = -1.0;
    });
    c.offers.push(dup);
    let problems: Vec<String> = validate(&c).iter().map(|p| p.to_string()).collect();
    let text = problems.join("\n");
    for expected in [
        "duplicate offer id",
        "unknown gpu",
        "gpu_count 0",
        "is not YYYY-MM-DD",
        "per_hour -1",
    ] {
        assert!(
            text.contains(expected),
            "{expected} not reported in:\n{text}"
        );
    }
}
