//! The utilisation doctor: what a running job's `nvidia-smi` output says, what it costs, and what
//! to change in the calculator.
//!
//! `parse` reads the paste into series per GPU, `diagnose` turns them into findings with the
//! money at stake and remedies, `words` says both in English and Chinese and `html` writes the
//! page's markup. Nothing leaves the caller: the page runs all of it in the browser.

mod diagnose;
pub mod html;
mod parse;
pub mod words;

pub use diagnose::{
    diagnose, Context, Diagnosis, Finding, GpuStats, Money, Price, Remedy, Thresholds,
};
pub use parse::read;

/// The figures read for one GPU, in the order they were sampled.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GpuSeries {
    pub index: u32,
    pub name: Option<String>,
    /// Percent of the sample period a kernel ran (`utilization.gpu`, `dmon`'s `sm`).
    pub util: Vec<f64>,
    pub mem_used_mib: Vec<f64>,
    pub mem_total_mib: Option<f64>,
    pub power_w: Vec<f64>,
    pub power_cap_w: Option<f64>,
}

/// Which of nvidia-smi's outputs a paste held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    Table,
    Csv,
    Dmon,
}

/// A line inside recognised output that could not be read, and was left out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    /// 1-based.
    pub line: usize,
    pub text: String,
}

/// Everything read from a paste.
#[derive(Debug, Clone, PartialEq)]
pub struct Reading {
    /// By index.
    pub gpus: Vec<GpuSeries>,
    pub sources: Vec<Source>,
    pub skipped: Vec<Skipped>,
}

/// Why a paste gave no reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// Nothing was pasted.
    Empty,
    /// No line looks like nvidia-smi output; `line` is the first one that was not understood.
    NotNvidiaSmi,
    /// The output was recognised but none of its figures could be read; `line` is the first
    /// that could not.
    Unreadable,
}

/// A paste that gave nothing to diagnose, naming the line to look at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError {
    /// 1-based; 0 when the paste is empty.
    pub line: usize,
    pub text: String,
    pub kind: ErrorKind,
}
