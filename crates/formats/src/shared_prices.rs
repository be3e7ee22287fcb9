//! A person's catalog edits (price overrides and custom offers) carried in a share link, so a team
//! opening it sees the same numbers. The parameter is [`PARAM`], its value `1.` (the version)
//! followed by base64url (no padding) of a small JSON object: `o`, the overrides as
//! `[offer, mode, price per hour]`, and `c`, the custom offers in the catalog's own format.
//!
//! Links are read from strangers: [`decode`] never panics, refuses a value over
//! [`MAX_VALUE_CHARS`], holds the counts to [`MAX_OVERRIDES`] and [`MAX_OFFERS`], keeps only
//! positive finite prices, and adds a custom offer only when the catalog stays valid with it (its
//! price sources are then http(s) URLs or the person's own mark, never script). `docs/links.md`
//! documents the format; `tests/data/prices-v1.txt` holds values that must keep decoding.

use crate::base64url::{base64url, unbase64url};
use crate::catalog_edits::CatalogEdits;
use crate::form::ModeKey;
use gpu_sizer_engine::catalog::{Catalog, Offer};
use serde::{Deserialize, Serialize};

/// The link parameter that carries the prices.
pub const PARAM: &str = "ce";

/// The version the value is written in.
pub const VERSION: u32 = 1;

/// The longest whole share link the page offers to copy, in characters: "It is RECOMMENDED that
/// all senders and recipients support, at a minimum, URIs with lengths of 8000 octets in protocol
/// elements" (RFC 9110 §4.1, <https://www.rfc-editor.org/rfc/rfc9110#section-4.1-5>, read
/// 2026-12-01). Prices that would make a link longer are offered as the export file instead.
pub const MAX_LINK_CHARS: usize = 8000;

/// The longest value [`decode`] reads, in characters; longer ones are refused unread.
pub const MAX_VALUE_CHARS: usize = MAX_LINK_CHARS;

/// The most price overrides a link carries; more are left out.
pub const MAX_OVERRIDES: usize = 500;

/// The most custom offers a link carries; more are left out.
pub const MAX_OFFERS: usize = 50;

/// The longest offer id an override may name, in bytes.
const MAX_ID: usize = 200;

/// What goes through the link: short keys, positional overrides.
#[derive(Debug, Default, Serialize, Deserialize)]
struct Wire {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    o: Vec<(String, ModeKey, f64)>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    c: Vec<Offer>,
}

/// Why a link's prices were not used, as data the markup crate words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// Longer than [`MAX_VALUE_CHARS`] (the length in characters).
    TooLong(usize),
    /// A version this page does not know (written by a newer page), or no version at all.
    UnknownVersion,
    /// Not base64url of the expected JSON: cut short or altered.
    Unreadable,
}

/// The prices a link carries, and how many of its entries were left out (bad prices, offers that
/// break the catalog, counts over the limits).
#[derive(Debug, Clone, PartialEq)]
pub struct Shared {
    pub edits: CatalogEdits,
    pub dropped: usize,
}

/// The parameter's value for `edits` (without the key).
pub fn encode(edits: &CatalogEdits) -> String {
    wrap(&wire_json(edits))
}

/// The JSON a value carries for `edits` (the fuzzer mutates it).
pub fn wire_json(edits: &CatalogEdits) -> String {
    let wire = Wire {
        o: edits
            .overrides
            .iter()
            .map(|o| (o.offer.clone(), o.mode, o.per_hour))
            .collect(),
        c: edits.custom_offers.clone(),
    };
    serde_json::to_string(&wire).unwrap_or_default()
}

/// The parameter's value carrying `json` as it is.
pub fn wrap(json: &str) -> String {
    format!("{VERSION}.{}", base64url(json.as_bytes()))
}

/// Reads the parameter's value (already percent-decoded or not: base64url needs no escaping),
/// checking custom offers against `base`.
pub fn decode(value: &str, base: &Catalog) -> Result<Shared, Refused> {
    let value = value.trim();
    let length = value.chars().count();
    if length > MAX_VALUE_CHARS {
        return Err(Refused::TooLong(length));
    }
    let (version, body) = value.split_once('.').ok_or(Refused::UnknownVersion)?;
    if version != "1" {
        return Err(Refused::UnknownVersion);
    }
    let bytes = unbase64url(body).ok_or(Refused::Unreadable)?;
    // Read as text, like every other JSON the page reads: one reader of each type in the wasm.
    let text = String::from_utf8(bytes).map_err(|_| Refused::Unreadable)?;
    let wire: Wire = serde_json::from_str(&text).map_err(|_| Refused::Unreadable)?;
    Ok(admit(wire, base))
}

/// The entries of `wire` that may be used, and how many were not.
fn admit(wire: Wire, base: &Catalog) -> Shared {
    let total = wire.o.len() + wire.c.len();
    let mut edits = CatalogEdits {
        version: crate::catalog_edits::VERSION,
        ..CatalogEdits::default()
    };
    for (offer, mode, price) in wire.o.into_iter().take(MAX_OVERRIDES) {
        if offer.len() <= MAX_ID && edits.override_for(&offer, mode).is_none() {
            edits.set_override(&offer, mode, Some(price));
        }
    }
    for offer in wire.c.into_iter().take(MAX_OFFERS) {
        // An offer under a built-in id would stand in for the published one: left out, as the
        // catalog file's import leaves it out.
        if base.offers.iter().all(|o| o.id != offer.id) {
            let _ = edits.add_offer(base, offer);
        }
    }
    let kept = edits.overrides.len() + edits.custom_offers.len();
    Shared {
        edits,
        dropped: total - kept,
    }
}

/// `own` with `shared` added: a shared price or offer replaces the person's own for the same offer
/// and billing mode (or id); everything else of theirs stays. Offers that would break the catalog
/// are left out.
pub fn keep(own: &CatalogEdits, shared: &CatalogEdits, base: &Catalog) -> CatalogEdits {
    let mut out = own.clone();
    for o in &shared.overrides {
        out.set_override(&o.offer, o.mode, Some(o.per_hour));
    }
    for offer in &shared.custom_offers {
        let _ = out.add_offer(base, offer.clone());
    }
    out
}

#[cfg(test)]
mod tests;
