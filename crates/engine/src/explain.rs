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
    pub source: Option<Source>,
}

/// Where a constant of a formula comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// One of the engine's citations ([`crate::cite`]), by its number: the text is read only
    /// when shown, so code that computes figures without showing them carries none of it.
    Cited(Cite),
    /// Text that comes with the data, e.g. an efficiency rate's source.
    Text(&'static str),
}

/// A citation's number in [`crate::cite`]'s list (made only there).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cite(pub(crate) u8);

impl Source {
    /// What the source says, its web address included.
    pub fn text(self) -> &'static str {
        match self {
            Source::Cited(cite) => crate::cite::text(cite),
            Source::Text(text) => text,
        }
    }
}

impl std::fmt::Display for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.text())
    }
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
