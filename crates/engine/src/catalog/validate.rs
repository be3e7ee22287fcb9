//! Rules every catalog row must satisfy.
//!
//! Run by `build.rs` on the embedded data (a broken row fails the build) and by the app on
//! imported catalogs (a broken row is reported, the rest kept). Depends only on the record
//! types, because `build.rs` compiles this file too.

use super::schema::{BillingMode, Catalog, InstanceLink, Offer, Priced, Provider, Quote};
use crate::text::mentions;
use std::collections::HashSet;
use std::fmt;

/// One broken rule, naming the row and field so a person can find it in the data files.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    /// The id of the row (GPU, provider or offer).
    pub row: String,
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.row, self.message)
    }
}

/// Checks a whole catalog; empty means valid.
pub fn validate(catalog: &Catalog) -> Vec<Problem> {
    let mut out = Vec::new();
    let mut push = |row: &str, message: String| {
        out.push(Problem {
            row: row.to_string(),
            message,
        })
    };

    let mut gpu_ids = HashSet::new();
    for gpu in &catalog.gpus {
        if !is_id(&gpu.id) {
            push(
                &gpu.id,
                "id must be lower-case letters, digits, '.', '-'".into(),
            );
        }
        if !gpu_ids.insert(gpu.id.as_str()) {
            push(&gpu.id, "duplicate GPU id".into());
        }
        if !(1.0..=1024.0).contains(&gpu.memory_gib) {
            push(
                &gpu.id,
                format!("memory_gib {} outside 1..1024", gpu.memory_gib),
            );
        }
        let ranges = [
            (
                "memory_bandwidth_gbs",
                gpu.memory_bandwidth_gbs,
                50.0,
                20_000.0,
            ),
            ("fp32_tflops", gpu.fp32_tflops, 1.0, 500.0),
            ("tf32_tflops", gpu.tf32_tflops, 1.0, 5_000.0),
            ("fp64_tflops", gpu.fp64_tflops, 0.01, 1_000.0),
            ("bf16_tflops", gpu.bf16_tflops, 1.0, 10_000.0),
            ("fp8_tflops", gpu.fp8_tflops, 1.0, 20_000.0),
            ("int8_tops", gpu.int8_tops, 1.0, 20_000.0),
            ("tdp_w", gpu.tdp_w, 10.0, 3_000.0),
        ];
        for (field, value, lo, hi) in ranges {
            if let Some(v) = value {
                if !(lo..=hi).contains(&v) {
                    push(&gpu.id, format!("{field} {v} outside {lo}..{hi}"));
                }
            }
        }
        if let (Some(bf16), Some(fp32)) = (gpu.bf16_tflops, gpu.fp32_tflops) {
            if bf16 < fp32 {
                push(&gpu.id, "bf16_tflops below fp32_tflops".into());
            }
        }
        if let (Some(fp8), Some(bf16)) = (gpu.fp8_tflops, gpu.bf16_tflops) {
            if fp8 < bf16 {
                push(&gpu.id, "fp8_tflops below bf16_tflops".into());
            }
        }
        if gpu.sources.is_empty() || gpu.sources.iter().any(|s| !is_url(s)) {
            push(&gpu.id, "needs at least one source URL, all http(s)".into());
        }
    }

    let mut provider_ids = HashSet::new();
    for provider in &catalog.providers {
        if !is_id(&provider.id) || !provider_ids.insert(provider.id.as_str()) {
            push(
                &provider.id,
                "provider id must be unique and lower-case".into(),
            );
        }
        if provider.billing_increment_s == 0 {
            push(
                &provider.id,
                "billing_increment_s must be at least 1".into(),
            );
        }
        for tier in &provider.storage {
            check_priced(
                &mut push,
                &provider.id,
                &format!("storage {}", tier.id),
                &tier.price,
            );
        }
        if let Some(snapshot) = &provider.snapshot {
            check_priced(&mut push, &provider.id, "snapshot", snapshot);
        }
        let mut last = 0.0;
        for tier in &provider.egress {
            check_priced(&mut push, &provider.id, "egress", &tier.price);
            match tier.up_to_tb {
                Some(limit) if limit <= last => push(
                    &provider.id,
                    "egress tiers must be ordered by up_to_tb".into(),
                ),
                Some(limit) => last = limit,
                None => last = f64::INFINITY,
            }
        }
        check_bandwidth(&mut push, provider);
        if let Some(package) = &provider.bandwidth_package {
            check_priced(&mut push, &provider.id, "bandwidth_package", package);
        }
        if let Some(zones) = &provider.cross_zone {
            check_priced(&mut push, &provider.id, "cross_zone.sent", &zones.sent);
            check_priced(
                &mut push,
                &provider.id,
                "cross_zone.received",
                &zones.received,
            );
        }
        if let Some(r) = &provider.refund {
            if !r.source.starts_with("https://") || (r.as_of.is_none() != r.undated) {
                push(
                    &provider.id,
                    "refund: needs a https source and either as_of or undated".into(),
                );
            }
            if !(0.0..=0.5).contains(&r.handling_fee) {
                push(
                    &provider.id,
                    format!(
                        "refund: handling_fee {} is not a share of the payment between 0 and 0.5",
                        r.handling_fee
                    ),
                );
            }
        }
    }

    let mut offer_ids = HashSet::new();
    for offer in &catalog.offers {
        if !offer_ids.insert(offer.id.as_str()) {
            push(&offer.id, "duplicate offer id".into());
        }
        check_offer(&mut push, offer, &gpu_ids, &provider_ids);
    }
    out
}

/// The stricter rules of the catalog shipped with GPU Sizer, on top of [`validate`]: every
/// published figure also says the day its source was read (`read_on`), so a reader can tell the
/// price's own date from the day it was checked.
pub fn validate_published(catalog: &Catalog) -> Vec<Problem> {
    let mut out = Vec::new();
    let mut need = |row: &str, what: String, read_on: &Option<String>| {
        if read_on.is_none() {
            out.push(Problem {
                row: row.to_string(),
                message: format!("{what}: needs read_on (the day the source was read)"),
            });
        }
    };
    for provider in &catalog.providers {
        let priced = provider
            .storage
            .iter()
            .map(|t| (format!("storage {}", t.id), &t.price))
            .chain(
                provider
                    .snapshot
                    .iter()
                    .map(|p| ("snapshot".to_string(), p)),
            )
            .chain(
                provider
                    .egress
                    .iter()
                    .map(|t| ("egress".to_string(), &t.price)),
            )
            .chain(
                provider
                    .bandwidth
                    .iter()
                    .map(|t| ("bandwidth".to_string(), &t.price)),
            )
            .chain(
                provider
                    .bandwidth_package
                    .iter()
                    .map(|p| ("bandwidth_package".to_string(), p)),
            )
            .chain(provider.cross_zone.iter().flat_map(|z| {
                [
                    ("cross_zone.sent".to_string(), &z.sent),
                    ("cross_zone.received".to_string(), &z.received),
                ]
            }));
        for (what, p) in priced {
            need(&provider.id, what, &p.read_on);
        }
        if let Some(r) = &provider.refund {
            need(&provider.id, "refund".into(), &r.read_on);
        }
    }
    for offer in &catalog.offers {
        for q in &offer.prices {
            need(&offer.id, format!("{:?}", q.mode), &q.read_on);
        }
    }
    out
}

/// The problems of `offers` added to `base`, a catalog [`validate`] passes, as `validate` would
/// find them in the catalog with the offers added (one replacing a base offer of its id, a later
/// one an earlier): every rule of an offer, against the base's GPUs and providers. The base's own
/// rows are not checked again, so adding an offer does not cost a check of the whole catalog
/// (a link may carry fifty), and a base without its sources (the page's, before they load) is
/// not faulted for them.
pub fn validate_added(base: &Catalog, offers: &[Offer]) -> Vec<Problem> {
    let mut out = Vec::new();
    let mut push = |row: &str, message: String| {
        out.push(Problem {
            row: row.to_string(),
            message,
        })
    };
    let gpu_ids: HashSet<&str> = base.gpus.iter().map(|g| g.id.as_str()).collect();
    let provider_ids: HashSet<&str> = base.providers.iter().map(|p| p.id.as_str()).collect();
    for (at, offer) in offers.iter().enumerate() {
        let replaced = offers[at + 1..].iter().any(|later| later.id == offer.id);
        if !replaced {
            check_offer(&mut push, offer, &gpu_ids, &provider_ids);
        }
    }
    out
}

/// The rules of one offer, its GPU and provider among `gpu_ids` and `provider_ids`.
fn check_offer(
    push: &mut impl FnMut(&str, String),
    offer: &Offer,
    gpu_ids: &HashSet<&str>,
    provider_ids: &HashSet<&str>,
) {
    let row = offer.id.as_str();
    if !is_id(row) {
        push(
            row,
            "id must be lower-case letters, digits, '.', '-', '_'".into(),
        );
    }
    if !provider_ids.contains(offer.provider.as_str()) {
        push(row, format!("unknown provider '{}'", offer.provider));
    }
    if !gpu_ids.contains(offer.gpu.as_str()) {
        push(row, format!("unknown gpu '{}'", offer.gpu));
    }
    if offer.gpu_count == 0 || offer.gpu_count > 1024 {
        push(
            row,
            format!("gpu_count {} outside 1..1024", offer.gpu_count),
        );
    }
    if offer.gpu_count > 1 && offer.gpu_link == InstanceLink::None {
        push(row, "several GPUs need a gpu_link other than none".into());
    }
    for (field, value) in [
        ("ram_gib", offer.ram_gib),
        ("local_disk_gb", offer.local_disk_gb),
    ] {
        if value.is_some_and(|v| !(v > 0.0 && v.is_finite())) {
            push(row, format!("{field} must be positive"));
        }
    }
    if offer
        .network_gbps
        .is_some_and(|v| !(v > 0.0 && v <= 10_000.0))
    {
        push(row, "network_gbps outside 0..10000".into());
    }
    if offer.spec_source.as_deref().is_some_and(|s| !is_url(s)) {
        push(row, "spec_source must be an http(s) URL".into());
    }
    let mut modes = HashSet::new();
    for quote in &offer.prices {
        if !modes.insert(quote.mode) {
            push(row, format!("two {:?} prices", quote.mode));
        }
        check_quote(push, row, quote);
    }
    let on_demand = offer
        .prices
        .iter()
        .find(|q| q.mode == BillingMode::OnDemand);
    if let Some(od) = on_demand {
        for q in &offer.prices {
            let discounted = matches!(
                q.mode,
                BillingMode::Spot | BillingMode::Reserved1y | BillingMode::Reserved3y
            );
            if discounted && q.currency == od.currency && q.per_hour >= od.per_hour {
                push(row, format!("{:?} price is not below on-demand", q.mode));
            }
        }
    }
}

/// Fixed-bandwidth tiers: priced like every provider figure, bounds positive and increasing, only
/// the last one open.
fn check_bandwidth(push: &mut impl FnMut(&str, String), provider: &Provider) {
    let mut last = 0.0;
    for (i, tier) in provider.bandwidth.iter().enumerate() {
        check_priced(push, &provider.id, "bandwidth", &tier.price);
        match tier.up_to_mbps {
            Some(limit) if !(limit.is_finite() && limit > last) => push(
                &provider.id,
                "bandwidth tiers must be ordered by a positive up_to_mbps".into(),
            ),
            Some(limit) => last = limit,
            None if i + 1 < provider.bandwidth.len() => push(
                &provider.id,
                "only the last bandwidth tier may leave up_to_mbps out".into(),
            ),
            None => last = f64::INFINITY,
        }
    }
}

fn check_priced(push: &mut impl FnMut(&str, String), row: &str, what: &str, p: &Priced) {
    if !(p.price >= 0.0 && p.price.is_finite()) {
        push(row, format!("{what}: price must be a non-negative number"));
    }
    if !is_url(&p.source) {
        push(row, format!("{what}: source must be an http(s) URL"));
    }
    for message in dating(
        &p.source,
        p.as_of.as_deref(),
        p.undated,
        p.read_on.as_deref(),
    ) {
        push(row, format!("{what}: {message}"));
    }
}

fn check_quote(push: &mut impl FnMut(&str, String), row: &str, q: &Quote) {
    if !(q.per_hour > 0.0 && q.per_hour.is_finite() && q.per_hour < 10_000.0) {
        push(
            row,
            format!("{:?}: per_hour {} outside 0..10000", q.mode, q.per_hour),
        );
    }
    let typed_in = q.source == USER_SOURCE;
    if !is_url(&q.source) && !typed_in {
        push(row, format!("{:?}: source must be an http(s) URL", q.mode));
    }
    if typed_in {
        // A price a person typed in carries the day it was entered, if any.
        if let Some(day) = q.as_of.as_deref().filter(|d| parse_date(d).is_none()) {
            push(
                row,
                format!("{:?}: as_of '{day}' is not YYYY-MM-DD", q.mode),
            );
        }
        return;
    }
    for message in dating(
        &q.source,
        q.as_of.as_deref(),
        q.undated,
        q.read_on.as_deref(),
    ) {
        push(row, format!("{:?}: {message}", q.mode));
    }
}

/// What is wrong with the dates of a published figure: it carries the date of its source (`as_of`)
/// or says it has none (`undated`), never both; the day it was read (`read_on`), when given, is not
/// earlier than the source's date, and a file read from a repository is dated by its commit, so
/// its `as_of` is never simply the day it was read.
pub fn dating(
    source: &str,
    as_of: Option<&str>,
    undated: bool,
    read_on: Option<&str>,
) -> Vec<String> {
    let mut out = Vec::new();
    let source_day = match (as_of, undated) {
        (Some(_), true) => {
            out.push("as_of and undated are both set: a source has a date or it has none".into());
            None
        }
        (None, false) => {
            out.push("needs as_of (the date the source carries) or undated = true".into());
            None
        }
        (None, true) => None,
        (Some(day), false) => {
            let parsed = parse_date(day);
            if parsed.is_none() {
                out.push(format!("as_of '{day}' is not YYYY-MM-DD"));
            }
            parsed
        }
    };
    // A catalog exported before `read_on` existed still loads; [`validate_published`] requires it.
    match read_on {
        None => {}
        Some(day) => match parse_date(day) {
            None => out.push(format!("read_on '{day}' is not YYYY-MM-DD")),
            Some(read) => {
                if source_day.is_some_and(|d| d > read) {
                    out.push("as_of is later than read_on".into());
                }
                if is_repository_file(source) && as_of == Some(day) {
                    out.push(
                        "as_of equals read_on for a repository file: use the date of the commit it was read at, or undated = true".into(),
                    );
                }
            }
        },
    }
    out
}

/// A file read from a repository at a commit (`…/blob/<commit>/…`): its date is the commit's.
pub fn is_repository_file(source: &str) -> bool {
    mentions(source, "/blob/") || mentions(source, "/raw/")
}

fn is_id(id: &str) -> bool {
    !id.is_empty()
        && id.bytes().all(|b| {
            b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'-' | b'.' | b'_')
        })
}

/// The source of a price a person typed in themselves (custom offers in the page).
pub const USER_SOURCE: &str = "user-entered";

fn is_url(s: &str) -> bool {
    (s.starts_with("https://") || s.starts_with("http://")) && s.len() > 10
}

/// Days since 1970-01-01 of an ISO `YYYY-MM-DD` date, or `None` if it is not one.
///
/// Hand-written so the page carries no date library; the civil-from-days algorithm is
/// Howard Hinnant's (<https://howardhinnant.github.io/date_algorithms.html>).
pub fn parse_date(s: &str) -> Option<i64> {
    let b = s.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let num = |r: std::ops::Range<usize>| -> Option<i64> {
        let part = s.get(r)?;
        if !part.bytes().all(|c| c.is_ascii_digit()) {
            return None;
        }
        part.parse().ok()
    };
    let (y, m, d) = (num(0..4)?, num(5..7)?, num(8..10)?);
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days_in_month = [
        31,
        if leap { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    if !(1..=12).contains(&m) || d < 1 || d > days_in_month[(m - 1) as usize] {
        return None;
    }
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    Some(era * 146_097 + doe - 719_468)
}

/// Days since 1970-01-01 as an ISO `YYYY-MM-DD` date: the inverse of [`parse_date`]
/// (Hinnant's days-to-civil algorithm).
pub fn format_date(days: i64) -> String {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{Currency, Fabric};

    /// A custom offer of `gpu` from AWS, priced on demand and on spot.
    fn offer(id: &str, gpu: &str, on_demand: f64, spot: f64) -> Offer {
        let quote = |mode, per_hour| Quote {
            mode,
            per_hour,
            currency: Currency::Usd,
            source: "https://example.com/prices".into(),
            as_of: Some("2026-11-01".into()),
            undated: false,
            read_on: None,
            note: None,
        };
        Offer {
            id: id.into(),
            provider: "aws".into(),
            region: "my-region".into(),
            instance_type: "my-box".into(),
            gpu: gpu.into(),
            gpu_count: 1,
            vcpu: None,
            ram_gib: None,
            local_disk_gb: None,
            network_gbps: None,
            gpu_link: InstanceLink::None,
            fabric: Fabric::Ethernet,
            nvlink_domain: None,
            billing_increment_s: None,
            prices: vec![
                quote(BillingMode::OnDemand, on_demand),
                quote(BillingMode::Spot, spot),
            ],
            spec_source: None,
            notes: None,
        }
    }

    /// Checking the added offers alone finds what checking the whole catalog with them added
    /// finds: the same problems, in the same order, for good and bad offers, one standing in for a
    /// built-in offer, and one given twice (the later stands).
    #[test]
    fn the_added_offers_are_checked_as_the_whole_catalog_would_be() {
        let base = crate::Catalog::builtin();
        assert!(validate(base).is_empty());
        let builtin = base.offers[3].id.clone();
        let mut several = offer("several", "h100-sxm", 4.0, 2.0);
        several.gpu_count = 8;
        let mut bad_id = offer("Bad Id", "h100-sxm", 4.0, 2.0);
        bad_id.spec_source = Some("not a page".into());
        let mut unpriced_source = offer("typed", "h100-sxm", 4.0, 2.0);
        unpriced_source.prices[0].source = "somewhere".into();
        let cases: Vec<Vec<Offer>> = vec![
            vec![],
            vec![offer("mine", "h100-sxm", 4.0, 2.0)],
            vec![offer("no-gpu", "no-such-gpu", 4.0, 2.0)],
            vec![Offer {
                provider: "no-such-provider".into(),
                ..offer("no-provider", "h100-sxm", 4.0, 2.0)
            }],
            vec![offer("dear-spot", "h100-sxm", 4.0, 5.0), several],
            vec![bad_id, unpriced_source],
            vec![offer(&builtin, "no-such-gpu", 4.0, 2.0)],
            vec![
                offer("twice", "no-such-gpu", 4.0, 2.0),
                offer("mine", "h100-sxm", 4.0, 2.0),
                offer("twice", "h100-sxm", 4.0, 2.0),
            ],
        ];
        // The good offer passes, and so does a bad one given again as a good one; every case
        // between has problems to find.
        let last = cases.len() - 1;
        assert!(validate_added(base, &cases[1]).is_empty());
        assert!(validate_added(base, &cases[last]).is_empty());
        for offers in &cases[2..last] {
            assert!(!validate_added(base, offers).is_empty(), "{offers:?}");
        }
        for offers in cases {
            // What adding offers to a catalog means: an offer replaces the one of its id.
            let mut whole = base.clone();
            for o in &offers {
                whole.offers.retain(|b| b.id != o.id);
                whole.offers.push(o.clone());
            }
            let ids: Vec<&str> = offers.iter().map(|o| o.id.as_str()).collect();
            assert_eq!(validate_added(base, &offers), validate(&whole), "{ids:?}");
        }
    }

    #[test]
    fn dates_round_trip() {
        for iso in ["1970-01-01", "2000-02-29", "2026-11-29", "2100-12-31"] {
            assert_eq!(format_date(parse_date(iso).unwrap()), iso);
        }
        for bad in [
            "2026-02-30",
            "2026-13-01",
            "26-11-29",
            "2026-1-01",
            "abcd-ef-gh",
        ] {
            assert!(parse_date(bad).is_none(), "{bad}");
        }
    }
}
