//! What pricing says beside a provider's bill: the prices it assumed, and those it could not
//! count.

use super::Published;
use crate::catalog::Provider;
use crate::plan::Request;
use crate::warning::{Charge, Warning};

/// What pricing found worth saying: the prices it assumed or could not count. Each note names
/// the amount assumed, so it reads the same as the cost line it explains; the timing's own
/// warnings stay with the timing (see `Candidate::warnings`).
pub(super) fn notes(of: &Provider, request: &Request, published: &Published) -> Vec<Warning> {
    let costs = &request.costs;
    let mut warnings = Vec::new();
    let provider = || of.name.clone();
    let currency = costs.currency;
    let unpublished = |item: Charge, fallback: Option<(f64, usize)>| match fallback {
        Some((per_gb_month, _)) => Warning::AssumedPrice {
            provider: provider(),
            item,
            per_gb_month,
            currency,
        },
        None => Warning::UnknownPrice {
            provider: provider(),
            item,
        },
    };
    if costs.storage.data_gb + costs.storage.checkpoints_gb > 0.0 && of.storage.is_empty() {
        warnings.push(unpublished(Charge::Storage, published.storage));
    }
    if costs.storage.snapshot_gb > 0.0 && of.snapshot.is_none() {
        warnings.push(unpublished(Charge::Snapshot, published.snapshot));
    }
    if costs.egress_gb > 0.0 && of.egress.is_empty() {
        let gb = costs.egress_gb;
        match published.egress {
            // Most providers include this much for free: say so, rather than "assumed" beside
            // a line of nothing.
            Some((v, _)) if v < 0.005 => warnings.push(Warning::FreeEgress {
                provider: provider(),
                gb,
            }),
            Some((amount, _)) => warnings.push(Warning::AssumedEgress {
                provider: provider(),
                gb,
                amount,
                currency,
            }),
            None => warnings.push(unpublished(Charge::Egress, None)),
        }
    }
    super::transfer::notes(of, request, published, &mut warnings);
    warnings
}
