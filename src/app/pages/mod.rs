//! Pages: the calculator, the comparison of saved scenarios, the catalog and the guide.

pub mod calculator;
pub mod catalog;
pub mod compare;
pub mod guide;
