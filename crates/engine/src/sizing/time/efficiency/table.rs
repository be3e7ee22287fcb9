//! The efficiency table's records (`data/efficiency.toml`): the share of a GPU's peak that
//! published runs reach, by GPU family, kind of work and precision. Shared with `build.rs`
//! through `#[path]`, so it depends on `serde` and `crate::compact` alone and carries its own
//! validation. Each record also lists its fields for the compact form the page's main module
//! embeds, without the sources and derivations it never shows.

use crate::compact::{record, variants};
use serde::{Deserialize, Serialize};

/// The whole table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EfficiencyTable {
    pub family: Vec<Family>,
}

/// GPUs that share their published efficiencies (one architecture and power class).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Family {
    pub id: String,
    pub name: String,
    /// Catalog GPU ids in this family; every catalog GPU is in exactly one family.
    pub gpus: Vec<String>,
    /// Precisions whose tensor cores the family lacks (bf16 on Volta and Turing): a job in one
    /// runs in a stated substitute, never silently.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lacks: Vec<Precision>,
    /// The family whose rates stand in for work this one has no published figure for; the
    /// borrowed band is widened and the term says where it came from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fallback: Option<String>,
    #[serde(default)]
    pub rate: Vec<Rate>,
}

/// One published efficiency.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rate {
    pub work: Work,
    pub precision: Precision,
    /// Shares of the dense peak (training, prefill) or of memory bandwidth (decode): the
    /// slowest, expected and fastest published runs.
    pub low: f64,
    pub expected: f64,
    pub high: f64,
    /// Where the figures were read (the copy the page's main module embeds leaves it out).
    #[serde(default)]
    pub source: String,
    /// The arithmetic from the published measurement to the share.
    #[serde(default)]
    pub derivation: String,
}

/// What the GPU is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Work {
    /// Training and fine-tuning matmuls (and convolutions): share of the dense tensor peak
    /// reached on hardware FLOPs (recomputation included), beside the memory-bound work that
    /// the decode bandwidth times.
    Train,
    /// Inference prompt processing: forward matmuls only.
    Prefill,
    /// Inference token generation: share of the memory bandwidth.
    Decode,
}

/// Matmul precision a rate was measured at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Precision {
    Fp32,
    /// bf16 or fp16 tensor cores.
    Bf16,
    Fp8,
    Fp4,
}

// The compact form of each type (`crate::compact`): its fields in order, and those left out
// of the copy the page's main module embeds.
record! { EfficiencyTable: family }
record! { Family: id, name, gpus, lacks, fallback, rate }
record! { Rate: work, precision, low, expected, high; left_out: source, derivation }
variants! { Work: Train, Prefill, Decode }
variants! { Precision: Fp32, Bf16, Fp8, Fp4 }

impl EfficiencyTable {
    /// Everything wrong with the table against the catalog's GPU ids, as sentences.
    pub fn problems<'a>(&self, gpu_ids: impl Iterator<Item = &'a str>) -> Vec<String> {
        let mut out = Vec::new();
        let mut seen: Vec<(&str, &str)> = Vec::new();
        for f in &self.family {
            for g in &f.gpus {
                if let Some((_, other)) = seen.iter().find(|(id, _)| id == g) {
                    out.push(format!("GPU '{g}' is in families '{other}' and '{}'", f.id));
                }
                seen.push((g, &f.id));
            }
            if let Some(fb) = &f.fallback {
                if !self.family.iter().any(|o| &o.id == fb) || fb == &f.id {
                    out.push(format!("family '{}': unknown fallback '{fb}'", f.id));
                }
            }
            if f.rate.is_empty() && f.fallback.is_none() {
                out.push(format!("family '{}' has no rate and no fallback", f.id));
            }
            for r in &f.rate {
                let ordered =
                    0.0 < r.low && r.low <= r.expected && r.expected <= r.high && r.high <= 1.0;
                if !ordered {
                    out.push(format!(
                        "family '{}' {:?} {:?}: need 0 < low ≤ expected ≤ high ≤ 1",
                        f.id, r.work, r.precision
                    ));
                }
                if !r.source.starts_with("http") && !r.source.contains("http") {
                    out.push(format!(
                        "family '{}' {:?}: the source names no URL",
                        f.id, r.work
                    ));
                }
                if r.derivation.trim().is_empty() {
                    out.push(format!("family '{}' {:?}: no derivation", f.id, r.work));
                }
            }
        }
        let catalog: Vec<&str> = gpu_ids.collect();
        for id in &catalog {
            if !seen.iter().any(|(g, _)| g == id) {
                out.push(format!("GPU '{id}' is in no efficiency family"));
            }
        }
        for (g, family) in &seen {
            if !catalog.contains(g) {
                out.push(format!(
                    "family '{family}' lists '{g}', which is not in the catalog"
                ));
            }
        }
        for f in &self.family {
            // Fallback chains must end: at most as many hops as there are families.
            let mut at = f;
            for _ in 0..=self.family.len() {
                match at
                    .fallback
                    .as_ref()
                    .and_then(|fb| self.family.iter().find(|o| &o.id == fb))
                {
                    Some(next) => at = next,
                    None => break,
                }
                if std::ptr::eq(at, f) {
                    out.push(format!("family '{}': its fallbacks loop", f.id));
                    break;
                }
            }
        }
        out
    }
}
