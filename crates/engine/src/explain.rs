//! The explanation attached to every figure: which formula produced it, from what inputs.

/// One named term of a result, e.g. "optimizer states = 12 B × 7.0 B params = 78.2 GiB".
#[derive(Debug, Clone, PartialEq)]
pub struct Term {
    /// Stable key for the UI and tests, e.g. `weights`.
    pub key: &'static str,
    pub value: f64,
    /// Unit of `value`, e.g. `GiB`, `h`, `USD`.
    pub unit: &'static str,
    /// The arithmetic with the scenario's numbers filled in.
    pub formula: String,
    /// Where a constant in the formula comes from, if it is not the user's input.
    pub source: Option<&'static str>,
}

/// How much explanation to build. Formulas cost string formatting, which ranking the whole
/// catalog does not need: candidates are sized and priced with numbers only and explained when
/// shown (`plan::explain`). Both levels compute the same values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Detail {
    /// Values only; every formula is left empty.
    Numbers,
    /// Values and formulas.
    Full,
}

impl Detail {
    /// The formula text when explaining, nothing otherwise.
    pub fn text(self, formula: impl FnOnce() -> String) -> String {
        match self {
            Detail::Full => formula(),
            Detail::Numbers => String::new(),
        }
    }

    /// The terms when explaining, none otherwise: for results whose figures are also fields
    /// of their own (a break-even's hours, a spot run's expected hours), so ranking reads the
    /// fields and builds no list.
    pub fn terms(self, terms: impl FnOnce() -> Vec<Term>) -> Vec<Term> {
        match self {
            Detail::Full => terms(),
            Detail::Numbers => Vec::new(),
        }
    }
}
