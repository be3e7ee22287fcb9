//! Amounts in the catalog's currencies and their conversion for a report.

use crate::catalog::Currency;

/// Converts between the currencies prices are published in. Prices stay in their source
/// currency in the catalog; only a report converts, with the rate the user set.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Exchange {
    /// Yuan per US dollar.
    pub cny_per_usd: f64,
}

impl Default for Exchange {
    /// 7.1 CNY per USD: the order of the 2025–2026 rate; the user is expected to set today's.
    fn default() -> Self {
        Self { cny_per_usd: 7.1 }
    }
}

impl Exchange {
    /// `amount` in `from`, expressed in `to`.
    pub fn convert(&self, amount: f64, from: Currency, to: Currency) -> f64 {
        match (from, to) {
            (Currency::Usd, Currency::Cny) => amount * self.cny_per_usd,
            (Currency::Cny, Currency::Usd) => amount / self.cny_per_usd,
            _ => amount,
        }
    }
}

/// Symbol used when formatting an amount.
pub fn symbol(currency: Currency) -> &'static str {
    match currency {
        Currency::Usd => "$",
        Currency::Cny => "¥",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn converts_both_ways_and_identity() {
        let fx = Exchange { cny_per_usd: 7.0 };
        assert_eq!(fx.convert(10.0, Currency::Usd, Currency::Cny), 70.0);
        assert_eq!(fx.convert(70.0, Currency::Cny, Currency::Usd), 10.0);
        assert_eq!(fx.convert(3.0, Currency::Usd, Currency::Usd), 3.0);
    }
}
