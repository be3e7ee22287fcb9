//! Pages: the calculator and the guide.

pub mod calculator;
pub mod catalog;
pub mod guide;
