use super::*;
use crate::base64url::{base64url, unbase64url};
use crate::custom_offer::{offer_from_fields, OfferFields};

fn sample() -> CatalogEdits {
    let mut e = CatalogEdits {
        version: crate::catalog_edits::VERSION,
        ..CatalogEdits::default()
    };
    e.set_override("aws-us-east-1-g5.xlarge", ModeKey::OnDemand, Some(0.9));
    e.set_override("aws-us-east-1-g5.xlarge", ModeKey::Spot, Some(0.31));
    let fields = OfferFields {
        provider: "aws",
        region: "Home lab",
        instance_type: "Box 1",
        gpu: "l4",
        gpu_count: "2",
        link: "pcie",
        price: "1.25",
        currency: "USD",
    };
    let offer = offer_from_fields(&fields, Some(20_000)).unwrap();
    e.add_offer(Catalog::builtin(), offer).unwrap();
    e
}

#[test]
fn edits_round_trip_through_the_value() {
    let e = sample();
    let value = encode(&e);
    assert!(value.starts_with("1."), "{value}");
    assert!(value
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b)));
    let back = decode(&value, Catalog::builtin()).unwrap();
    assert_eq!(back.dropped, 0);
    assert_eq!(back.edits, e);
}

#[test]
fn base64url_round_trips_every_length() {
    for n in 0..40u8 {
        let bytes: Vec<u8> = (0..n).map(|i| i.wrapping_mul(37) ^ 0xA5).collect();
        assert_eq!(unbase64url(&base64url(&bytes)).as_deref(), Some(&bytes[..]));
    }
    // RFC 4648 §10's vectors, in the URL alphabet without padding.
    for (plain, coded) in [
        ("f", "Zg"),
        ("fo", "Zm8"),
        ("foo", "Zm9v"),
        ("foob", "Zm9vYg"),
    ] {
        assert_eq!(base64url(plain.as_bytes()), coded);
    }
    assert_eq!(unbase64url("Z"), None);
    assert_eq!(unbase64url("Zm9v!"), None);
}

#[test]
fn hostile_values_are_refused_or_trimmed_never_panic() {
    let base = Catalog::builtin();
    let long = format!("1.{}", "A".repeat(MAX_VALUE_CHARS));
    assert_eq!(
        decode(&long, base),
        Err(Refused::TooLong(MAX_VALUE_CHARS + 2))
    );
    for (value, why) in [
        ("", Refused::UnknownVersion),
        ("abc", Refused::UnknownVersion),
        ("2.e30", Refused::UnknownVersion),
        ("1.%%%", Refused::Unreadable),
        ("1.Z", Refused::Unreadable),
        ("1.bnVsbA", Refused::Unreadable), // "null"
    ] {
        assert_eq!(decode(value, base), Err(why), "{value}");
    }
    // Prices that are not positive and finite, repeated or absurdly named are left out and counted.
    let json = format!(
        r#"{{"o":[["a","on-demand",-1],["b","on-demand",0],["c","spot",2],["c","spot",3],["{}","spot",1]]}}"#,
        "x".repeat(300)
    );
    let got = decode(&format!("1.{}", base64url(json.as_bytes())), base).unwrap();
    assert_eq!(got.edits.overrides.len(), 1);
    assert_eq!(got.edits.override_for("c", ModeKey::Spot), Some(2.0));
    assert_eq!(got.dropped, 4);
    // An offer with a script for a source, or on a GPU the catalog lacks, is left out.
    let mut bad = sample().custom_offers[0].clone();
    bad.prices[0].source = "javascript:alert(1)".into();
    let mut ghost = sample().custom_offers[0].clone();
    ghost.id = "custom-ghost".into();
    ghost.gpu = "no-such-gpu".into();
    // One under a built-in offer's id would stand in for the published offer.
    let mut impostor = sample().custom_offers[0].clone();
    impostor.id = "aws-us-east-1-p5.48xlarge".into();
    let wire = Wire {
        o: Vec::new(),
        c: vec![bad, ghost, impostor],
    };
    let value = format!(
        "1.{}",
        base64url(serde_json::to_string(&wire).unwrap().as_bytes())
    );
    let got = decode(&value, base).unwrap();
    assert!(got.edits.is_empty());
    assert_eq!(got.dropped, 3);
}

#[test]
fn counts_over_the_limits_are_left_out() {
    let wire = Wire {
        o: (0..MAX_OVERRIDES + 7)
            .map(|i| (format!("o{i}"), ModeKey::OnDemand, 1.0))
            .collect(),
        c: Vec::new(),
    };
    let got = admit(wire, Catalog::builtin());
    assert_eq!(got.edits.overrides.len(), MAX_OVERRIDES);
    assert_eq!(got.dropped, 7);
}

#[test]
fn keeping_shared_prices_replaces_only_the_same_offer_and_mode() {
    let base = Catalog::builtin();
    let mut own = CatalogEdits::default();
    own.set_override("aws-us-east-1-g5.xlarge", ModeKey::OnDemand, Some(5.0));
    own.set_override("mine", ModeKey::OnDemand, Some(7.0));
    let kept = keep(&own, &sample(), base);
    assert_eq!(
        kept.override_for("aws-us-east-1-g5.xlarge", ModeKey::OnDemand),
        Some(0.9)
    );
    assert_eq!(kept.override_for("mine", ModeKey::OnDemand), Some(7.0));
    assert_eq!(kept.custom_offers.len(), 1);
}

/// Values written by pages of version 1 keep decoding to the same edits: never edit a line of
/// the fixture file, add new ones.
#[test]
fn v1_fixtures_keep_decoding() {
    let pairs = crate::fixtures::pairs("prices-v1.txt");
    for (value, want) in &pairs {
        let want = CatalogEdits::parse(want).expect("edits JSON");
        let got = decode(value, Catalog::builtin()).expect(value);
        assert_eq!((got.edits, got.dropped), (want, 0), "{value}");
    }
    let count = pairs.len();
    assert!(count >= 2);
}
