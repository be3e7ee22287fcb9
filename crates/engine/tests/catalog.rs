//! The embedded catalog: the coverage promised holds, its dates hold when checked without the
//! validator, and the rules catch what they are meant to catch. (That every row passes the
//! rules is the build's to enforce: `build.rs` refuses a catalog that does not.)

use gpu_sizer_engine::catalog::validate::{
    is_repository_file, parse_date, validate, validate_published,
};
use gpu_sizer_engine::catalog::{BillingMode, Catalog};
use std::collections::HashMap;

#[test]
fn coverage_meets_the_promise() {
    let c = Catalog::builtin();
    assert!(c.gpus.len() >= 50, "{} GPUs", c.gpus.len());
    let priced = c.offers.iter().filter(|o| !o.prices.is_empty()).count();
    assert!(priced >= 600, "{priced} priced offers");
    assert!(c.providers.len() >= 20, "{} providers", c.providers.len());
    // Regions people in Europe and Asia rent in, on the hyperscalers that price them.
    for provider in ["aws", "gcp"] {
        for prefix in [["eu-", "europe-"], ["ap-", "asia-"]] {
            assert!(
                c.offers.iter().any(|o| o.provider == provider
                    && !o.prices.is_empty()
                    && prefix.iter().any(|p| o.region.starts_with(p))),
                "{provider}: no priced offer in {prefix:?}"
            );
        }
    }
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
        "nebius",
        "oci",
        "cudo",
        "jarvislabs",
        "seeweb",
        "hyperbolic",
        "primeintellect",
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
        "b300",
        "gb300",
        "mi355x",
        "rtx-pro-6000",
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
    gpu_sizer_engine::sort::by(&mut counts, Ord::cmp);
    eprintln!("offers per provider: {counts:?}");
}

/// The dates of one published figure, checked without the validator's help: a source URL; the
/// source's own date or an explicit undated mark, never both; the day it was read, apart; and for a
/// repository file, never the day it was read standing in for the commit's date.
fn check_dating(
    row: &str,
    source: &str,
    as_of: Option<&str>,
    undated: bool,
    read_on: Option<&str>,
) {
    assert!(
        source.starts_with("https://") || source.starts_with("http://"),
        "{row}: source {source}"
    );
    match (as_of, undated) {
        (Some(day), false) => assert!(parse_date(day).is_some(), "{row}: as_of {day}"),
        (None, true) => {}
        other => panic!("{row}: needs a source date or an undated mark, exactly one: {other:?}"),
    }
    let read = read_on.unwrap_or_else(|| panic!("{row}: no read_on"));
    let read_day = parse_date(read).unwrap_or_else(|| panic!("{row}: read_on {read}"));
    if let Some(day) = as_of.and_then(parse_date) {
        assert!(day <= read_day, "{row}: dated after it was read");
    }
    if is_repository_file(source) {
        assert_ne!(
            as_of,
            Some(read),
            "{row}: a read date used as the commit's date"
        );
    }
}

#[test]
fn every_price_has_a_source_and_a_date_or_an_undated_mark_and_spot_stays_below_on_demand() {
    let c = Catalog::builtin();
    let (mut dated, mut undated) = (0, 0);
    for o in &c.offers {
        for q in &o.prices {
            let row = format!("{} {:?}", o.id, q.mode);
            check_dating(
                &row,
                &q.source,
                q.as_of.as_deref(),
                q.undated,
                q.read_on.as_deref(),
            );
            assert!(q.per_hour > 0.0, "{row}");
            if q.undated {
                undated += 1;
            } else {
                dated += 1;
            }
        }
        if let (Some(od), Some(spot)) = (o.quote(BillingMode::OnDemand), o.quote(BillingMode::Spot))
        {
            if od.currency == spot.currency {
                assert!(spot.per_hour < od.per_hour, "{}", o.id);
            }
        }
    }
    eprintln!("instance prices: {dated} dated by their source, {undated} undated");
    for p in &c.providers {
        let priced = p
            .storage
            .iter()
            .map(|t| &t.price)
            .chain(p.snapshot.iter())
            .chain(p.egress.iter().map(|t| &t.price));
        for price in priced {
            check_dating(
                &p.id,
                &price.source,
                price.as_of.as_deref(),
                price.undated,
                price.read_on.as_deref(),
            );
        }
    }
}

#[test]
fn the_rules_catch_a_read_date_used_as_a_source_date_and_a_missing_date() {
    let base = Catalog::builtin();
    let from_repository = base
        .offers
        .iter()
        .find(|o| {
            o.prices
                .first()
                .is_some_and(|q| is_repository_file(&q.source))
        })
        .expect("some price is read from a repository file");
    let broken = |edit: &dyn Fn(&mut gpu_sizer_engine::catalog::Quote)| {
        let mut c = base.clone();
        let offer = c
            .offers
            .iter_mut()
            .find(|o| o.id == from_repository.id)
            .unwrap();
        edit(&mut offer.prices[0]);
        let mut problems = validate(&c);
        problems.extend(validate_published(&c));
        problems
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join("\n")
    };
    let read_as_commit_date = broken(&|q| {
        q.undated = false;
        q.as_of = q.read_on.clone();
    });
    assert!(
        read_as_commit_date.contains("as_of equals read_on for a repository file"),
        "{read_as_commit_date}"
    );
    let no_date = broken(&|q| {
        q.undated = false;
        q.as_of = None;
    });
    assert!(no_date.contains("needs as_of"), "{no_date}");
    let both = broken(&|q| {
        q.undated = true;
        q.as_of = Some("2026-01-01".into());
    });
    assert!(both.contains("both set"), "{both}");
    let not_read = broken(&|q| q.read_on = None);
    assert!(not_read.contains("needs read_on"), "{not_read}");
    let from_the_future = broken(&|q| {
        q.undated = false;
        q.as_of = Some("2100-01-01".into());
    });
    assert!(
        from_the_future.contains("later than read_on"),
        "{from_the_future}"
    );
}

#[test]
fn the_rules_catch_broken_rows() {
    let mut c = Catalog::builtin().clone();
    let first = c.offers[0].clone();
    let mut dup = first.clone();
    dup.gpu = "no-such-gpu".into();
    dup.gpu_count = 0;
    dup.prices.iter_mut().for_each(|q| {
        q.undated = false;
        q.as_of = Some("29/11/2026".into());
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
