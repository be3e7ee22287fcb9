//! Which price a candidate is quoted at.

use crate::catalog::Quote;
use std::ops::Deref;

/// A candidate's quote: borrowed from the catalog, or the person's own price (rare, so boxed:
/// candidates are moved by the thousand while ranking, and a quote inline would be most of one).
#[derive(Debug, Clone, PartialEq)]
pub enum QuoteRef<'a> {
    Catalog(&'a Quote),
    Own(Box<Quote>),
}

impl Deref for QuoteRef<'_> {
    type Target = Quote;

    fn deref(&self) -> &Quote {
        match self {
            QuoteRef::Catalog(q) => q,
            QuoteRef::Own(q) => q,
        }
    }
}
