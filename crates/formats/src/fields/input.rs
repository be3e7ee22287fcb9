//! How the page edits a field: the control the field table gives it, with plain functions that
//! read and write the field in a [`Form`]. The page renders every control from these (one
//! non-generic function per kind), so a field is added to the form by a row of the table and a
//! place in the form's layout, and its accessors are checked by the compiler against `Form`.

use crate::form::{
    ArrivalKey, CurrencyKey, InferKey, KvKey, LossKey, ModeKey, ModelSource, ObjectiveKey,
    OptimizerKey, PeriodKey, PrecisionKey, RecomputeKey, ServerKey, WeightKey, WorkloadKind,
};
use crate::lang::Text;
use crate::Form;

/// The control of a field.
#[derive(Debug, Clone, Copy)]
pub enum Input {
    /// A number typed in a box.
    Number(Number),
    /// One of fixed options.
    Choice(Choice),
    /// Any of fixed options, in a list field (nothing ticked: all).
    Several(&'static [Opt]),
    /// Yes or no.
    Flag(Flag),
    /// Text, or a field the page sets with a control of its own or not at all.
    Other,
}

/// An option of a choice: its key (in links, files and controls) and its label.
pub type Opt = (&'static str, Text);

/// A number field. `None` from `get` shows an empty box; an empty box sets `None` when
/// `optional` (the field is an `Option`), and nothing otherwise.
#[derive(Debug, Clone, Copy)]
pub struct Number {
    pub min: f64,
    pub max: f64,
    pub optional: bool,
    pub get: fn(&Form) -> Option<f64>,
    pub set: fn(&mut Form, Option<f64>),
}

/// A choice among fixed options, by key; a key that is not an option leaves the field as it is.
#[derive(Debug, Clone, Copy)]
pub struct Choice {
    /// In the order the page lists them.
    pub options: &'static [Opt],
    pub get: fn(&Form) -> &'static str,
    pub set: fn(&mut Form, &str),
}

/// A yes/no field.
#[derive(Debug, Clone, Copy)]
pub struct Flag {
    pub get: fn(&Form) -> bool,
    pub set: fn(&mut Form, bool),
}

/// The types of the form's number fields, as a number box reads and writes them.
pub trait NumberField: Copy {
    /// True for an `Option`: an empty box means "not set".
    const OPTIONAL: bool;
    fn number(self) -> Option<f64>;
    /// The value for what the box holds; `None` keeps `old` unless the field is optional.
    fn from_number(value: Option<f64>, old: Self) -> Self;
}

impl NumberField for f64 {
    const OPTIONAL: bool = false;
    fn number(self) -> Option<f64> {
        Some(self)
    }
    fn from_number(value: Option<f64>, old: Self) -> Self {
        value.unwrap_or(old)
    }
}

impl NumberField for u32 {
    const OPTIONAL: bool = false;
    fn number(self) -> Option<f64> {
        Some(f64::from(self))
    }
    fn from_number(value: Option<f64>, old: Self) -> Self {
        value.map_or(old, |v| v as u32)
    }
}

impl NumberField for Option<f64> {
    const OPTIONAL: bool = true;
    fn number(self) -> Option<f64> {
        self
    }
    fn from_number(value: Option<f64>, _: Self) -> Self {
        value
    }
}

impl NumberField for Option<u32> {
    const OPTIONAL: bool = true;
    fn number(self) -> Option<f64> {
        self.map(f64::from)
    }
    fn from_number(value: Option<f64>, _: Self) -> Self {
        value.map(|v| v as u32)
    }
}

impl NumberField for Option<u8> {
    const OPTIONAL: bool = true;
    fn number(self) -> Option<f64> {
        self.map(f64::from)
    }
    fn from_number(value: Option<f64>, _: Self) -> Self {
        value.map(|v| v as u8)
    }
}

/// Whether a number field is optional, from its type (for the table's rows).
pub(super) const fn optional<T: NumberField>(_: fn(&Form) -> T) -> bool {
    T::OPTIONAL
}

/// The key enums of the form's choice fields.
pub trait ChoiceField: Copy + 'static {
    /// Every choice, in the order the enum declares them (serde's order).
    const ALL: &'static [Self];
    fn key(self) -> &'static str;
    fn from_key(key: &str) -> Option<Self>;
}

macro_rules! choice_fields {
    ($($ty:ty),*) => {$(
        impl ChoiceField for $ty {
            const ALL: &'static [Self] = <$ty>::ALL;
            fn key(self) -> &'static str {
                <$ty>::key(self)
            }
            fn from_key(key: &str) -> Option<Self> {
                Self::ALL.iter().copied().find(|v| v.key() == key)
            }
        }
    )*};
}

choice_fields!(
    WorkloadKind,
    ModelSource,
    PrecisionKey,
    OptimizerKey,
    LossKey,
    RecomputeKey,
    WeightKey,
    KvKey,
    ServerKey,
    ObjectiveKey,
    CurrencyKey,
    ModeKey,
    InferKey,
    PeriodKey,
    ArrivalKey
);
