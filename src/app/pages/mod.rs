//! Pages: the calculator, the comparison of saved scenarios, the catalog, the guide and the
//! utilisation doctor.

pub mod calculator;
pub mod catalog;
pub mod compare;
pub mod doctor;
pub mod guide;
pub mod project;
pub mod versus;
