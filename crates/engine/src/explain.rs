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
///
/// A type, not a value, so that each level is its own copy of the code: the copy that computes
/// [`Numbers`] has no formula in it, and the one that writes them ([`Full`]) is compiled only
/// where a candidate is explained (in the page, code loaded after its first paint).
pub trait Detail: Copy {
    /// Whether formulas are written.
    const FULL: bool;

    /// [`Detail::FULL`], for a caller that names no type.
    fn is_full(self) -> bool {
        Self::FULL
    }

    /// The formula text when explaining, nothing otherwise.
    fn text(self, formula: impl FnOnce() -> String) -> String {
        if Self::FULL {
            formula()
        } else {
            String::new()
        }
    }

    /// The terms when explaining, none otherwise: for results whose figures are also fields
    /// of their own (a break-even's hours, a spot run's expected hours), so ranking reads the
    /// fields and builds no list.
    fn terms(self, terms: impl FnOnce() -> Vec<Term>) -> Vec<Term> {
        if Self::FULL {
            terms()
        } else {
            Vec::new()
        }
    }
}

/// Values only; every formula is left empty.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Numbers;

/// Values and formulas.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Full;

impl Detail for Numbers {
    const FULL: bool = false;
}

impl Detail for Full {
    const FULL: bool = true;
}
