//! MIG slices of the shipped catalog: a small job placed on a slice at its share of the GPU, and
//! nothing changed when slices are not asked for.

use super::*;
use crate::catalog::mig;

fn dev_box(gib: f64) -> Request {
    let mut req = request(
        "llama-3.1-8b",
        Workload::DevBox(DevBox {
            hours: 40.0,
            min_gpu_memory_gib: gib,
            non_cuda: false,
        }),
    );
    req.constraints.modes = vec![BillingMode::OnDemand];
    req.constraints.require.cuda = true;
    req
}

/// A 10 GiB development box: with slices asked for, the pick is a slice holding 10 GiB or more,
/// priced at the larger of its shares of one of its instance's GPUs, and its time explains the
/// share.
#[test]
fn a_10_gib_job_is_placed_on_a_slice() {
    let sliced = mig::with_slices(Catalog::builtin(), 1.0);
    let mut req = dev_box(10.0);
    req.constraints.mig_slices = true;
    let report = evaluate(&sliced, &req).unwrap();
    let pick = report.pick().unwrap();
    let (parent, profile) = mig::slice_of(&pick.gpu.id).expect("a slice is the cheapest");
    assert!(pick.gpu.memory_gib >= 10.0);
    let whole = Catalog::builtin()
        .offers
        .iter()
        .find(|o| format!("{}@{}", o.id, profile.name) == pick.offer.id)
        .unwrap();
    assert_eq!(whole.gpu, parent);
    let full = whole.quote(BillingMode::OnDemand).unwrap().per_hour;
    let expected = full / f64::from(whole.gpu_count) * profile.price_share();
    assert!((pick.quote.per_hour - expected).abs() < 1e-12);
    let term = pick
        .timing
        .terms
        .iter()
        .find(|t| t.key == "mig_slice")
        .unwrap();
    assert_eq!(term.value, profile.compute_share());
    let explained = explain(&sliced, pick, &req).unwrap();
    let formula = &explained
        .timing
        .terms
        .iter()
        .find(|t| t.key == "mig_slice")
        .unwrap()
        .formula;
    assert!(formula.contains(profile.name), "{formula}");
    // A slice is cheaper than any whole GPU that holds the job.
    let whole_best = evaluate(Catalog::builtin(), &dev_box(10.0)).unwrap();
    assert!(pick.cost.expected < whole_best.pick().unwrap().cost.expected);
}

/// Without the flag a catalog holding slices answers exactly as the built-in one; with it, a
/// slice too small for the job is not listed among the exclusions.
#[test]
fn slices_are_skipped_unless_asked_for_and_never_excluded() {
    let sliced = mig::with_slices(Catalog::builtin(), 1.0);
    let req = dev_box(24.0);
    let plain = evaluate(Catalog::builtin(), &req).unwrap();
    let skipped = evaluate(&sliced, &req).unwrap();
    assert_eq!(plain.ranked.len(), skipped.ranked.len());
    assert_eq!(plain.excluded.len(), skipped.excluded.len());
    assert_eq!(
        plain.pick().unwrap().offer.id,
        skipped.pick().unwrap().offer.id
    );
    let mut asked = req.clone();
    asked.constraints.mig_slices = true;
    let report = evaluate(&sliced, &asked).unwrap();
    assert!(report
        .excluded
        .iter()
        .all(|e| mig::slice_of(&e.offer.gpu).is_none()));
    // Only slices of 24 GiB or more are ranked (3g.40gb and 4g.40gb of 80 GB cards).
    assert!(report
        .ranked
        .iter()
        .filter(|c| mig::slice_of(&c.gpu.id).is_some())
        .all(|c| c.gpu.memory_gib >= 24.0));
    assert!(report.ranked.len() > plain.ranked.len());
}

/// The price factor scales a slice's price and nothing else.
#[test]
fn the_price_factor_scales_slices_only() {
    let mut req = dev_box(10.0);
    req.constraints.mig_slices = true;
    let one = mig::with_slices(Catalog::builtin(), 1.0);
    let seven = mig::with_slices(Catalog::builtin(), 7.0);
    let a = evaluate(&one, &req).unwrap();
    let b = evaluate(&seven, &req).unwrap();
    let id = &a.pick().unwrap().offer.id;
    let price = |r: &Report, id: &str| {
        r.ranked
            .iter()
            .find(|c| c.offer.id == id)
            .map(|c| c.price_per_hour)
    };
    let (p1, p7) = (price(&a, id).unwrap(), price(&b, id).unwrap());
    assert!((p7 - 7.0 * p1).abs() < 1e-9);
    let whole = &b
        .ranked
        .iter()
        .find(|c| mig::slice_of(&c.gpu.id).is_none())
        .unwrap();
    assert_eq!(price(&a, &whole.offer.id), Some(whole.price_per_hour));
}
