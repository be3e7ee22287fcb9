//! Launch recipes: the chosen candidate as a SkyPilot task, as the provider's own command (or
//! console steps where a GPU cloud has no CLI), and an idle watchdog, each with an auto-stop.
//!
//! A recipe is text a person pastes into a terminal, so it names every assumption it makes
//! (image, SSH key, quotas) in its first lines, leaves what only the reader knows as shell
//! variables that refuse to run unset, and never holds a secret. Values from the catalog or a
//! user's own offers are quoted for YAML and the shell, so a strange name cannot become a
//! command.

mod clouds;
pub mod html;
mod skypilot;
mod watchdog;
pub mod words;

use gpu_sizer_engine::catalog::schema::StorageTier;
use gpu_sizer_engine::catalog::{BillingMode, Currency, Gpu, Offer, Provider};
use gpu_sizer_engine::cost::hidden::DEFAULT_AUTO_STOP_H;
use gpu_sizer_engine::plan::{Candidate, Request};
use std::fmt::Write;

pub use watchdog::BUSY_PERCENT;

/// OS, drivers, libraries and a container image on the boot disk, GB, before the job's own data:
/// the size of a CUDA deep-learning image with room to install a framework (an assumption the
/// recipe states).
pub const SYSTEM_DISK_GB: f64 = 50.0;

/// The backstop that ends a job even if nothing else does: this many times the high end of its
/// time band, plus an hour. Long enough never to cut a job that is merely slow.
pub const BACKSTOP_FACTOR: f64 = 1.5;

/// What a recipe is written as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    SkyPilot,
    Aws,
    Gcloud,
    Az,
    Aliyun,
    Tccli,
    /// Console steps, for a provider without a command-line tool.
    Console,
    Watchdog,
}

impl Format {
    pub const ALL: [Format; 8] = [
        Format::SkyPilot,
        Format::Aws,
        Format::Gcloud,
        Format::Az,
        Format::Aliyun,
        Format::Tccli,
        Format::Console,
        Format::Watchdog,
    ];

    /// The name the command line takes (`--format`) and test ids use.
    pub fn key(self) -> &'static str {
        match self {
            Format::SkyPilot => "skypilot",
            Format::Aws => "aws",
            Format::Gcloud => "gcloud",
            Format::Az => "az",
            Format::Aliyun => "aliyun",
            Format::Tccli => "tccli",
            Format::Console => "console",
            Format::Watchdog => "watchdog",
        }
    }

    pub fn from_key(key: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.key() == key)
    }

    /// The provider whose own tool this format is, for the provider-specific formats.
    pub fn provider(self) -> Option<&'static str> {
        match self {
            Format::Aws => Some("aws"),
            Format::Gcloud => Some("gcp"),
            Format::Az => Some("azure"),
            Format::Aliyun => Some("alibaba"),
            Format::Tccli => Some("tencent"),
            _ => None,
        }
    }

    /// The provider's own way to launch: its CLI, else console steps.
    pub fn native(provider_id: &str) -> Format {
        Format::ALL
            .into_iter()
            .find(|f| f.provider() == Some(provider_id))
            .unwrap_or(Format::Console)
    }

    /// The file a recipe is saved as.
    fn file_name(self, name: &str) -> String {
        match self {
            Format::SkyPilot => format!("{name}.sky.yaml"),
            Format::Console => format!("{name}-console-steps.txt"),
            Format::Watchdog => "gpu-idle-stop-install.sh".to_string(),
            _ => format!("{name}-{}.sh", self.key()),
        }
    }
}

/// Everything a recipe needs about the candidate and the scenario.
#[derive(Debug, Clone)]
pub struct Target<'a> {
    /// Cluster, instance and file name: lower-case letters, digits and hyphens.
    pub name: String,
    pub provider: &'a Provider,
    pub offer: &'a Offer,
    pub gpu: &'a Gpu,
    pub mode: BillingMode,
    /// Instances to launch (a service: those of one replica; `fleet` says how many at the peak).
    pub instances: u32,
    pub fleet: Option<u32>,
    /// The high end of the job's time band, hours (`None` for a service, which runs on).
    pub hours_high: Option<f64>,
    pub disk_gb: u32,
    /// The provider's storage tier the disk is created on.
    pub tier: Option<&'a StorageTier>,
    pub fast_storage: bool,
    /// Minutes of idleness before the machine is stopped.
    pub idle_min: u32,
    /// The scenario set the auto-stop (rather than the default being assumed).
    pub idle_from_scenario: bool,
    /// The on-demand price per instance-hour in its currency, the ceiling of a spot bid.
    pub on_demand: Option<(f64, Currency)>,
}

impl<'a> Target<'a> {
    /// The recipe's view of candidate `c` of the report for `request`.
    pub fn of(c: &Candidate<'a>, request: &Request) -> Target<'a> {
        let storage = &request.costs.storage;
        let (instances, fleet) = match &c.serving {
            Some(f) => (f.instances_per_replica.max(1), Some(c.instances)),
            None => (c.instances.max(1), None),
        };
        let disk = SYSTEM_DISK_GB + storage.data_gb.max(0.0) + storage.checkpoints_gb.max(0.0);
        let idle_h = request.costs.auto_stop_h.unwrap_or(DEFAULT_AUTO_STOP_H);
        Target {
            name: slug(&format!("gpu-sizer-{}-x{}", c.gpu.id, c.offer.gpu_count)),
            provider: c.provider,
            offer: c.offer,
            gpu: c.gpu,
            mode: c.mode,
            instances,
            fleet,
            hours_high: c.serving.is_none().then_some(c.hours.high),
            disk_gb: ((disk / 10.0).ceil() * 10.0).clamp(100.0, 65_536.0) as u32,
            tier: boot_tier(c.provider, storage.fast_tier),
            fast_storage: storage.fast_tier,
            idle_min: ((idle_h * 60.0).round() as u32).max(1),
            idle_from_scenario: request.costs.auto_stop_h.is_some(),
            on_demand: c
                .offer
                .quote(BillingMode::OnDemand)
                .map(|q| (q.per_hour, q.currency)),
        }
    }

    pub fn spot(&self) -> bool {
        self.mode == BillingMode::Spot
    }

    /// Hours after which a job is ended whatever happens (see [`BACKSTOP_FACTOR`]).
    pub fn backstop_hours(&self) -> Option<u32> {
        self.hours_high
            .filter(|h| h.is_finite() && *h > 0.0)
            .map(|h| {
                ((h * BACKSTOP_FACTOR).ceil() as u32)
                    .saturating_add(1)
                    .min(24 * 120)
            })
    }

    /// The catalog's region, when it is one (some GPU clouds quote one price everywhere).
    pub fn region(&self) -> Option<&str> {
        let r = self.offer.region.as_str();
        (!r.is_empty() && r != "global").then_some(r)
    }
}

/// The boot disk's tier: the fastest when the scenario asks for fast storage, else the cheapest
/// solid-state one (an operating system on a hard disk slows everything it does).
fn boot_tier(provider: &Provider, fast: bool) -> Option<&StorageTier> {
    let mbs = |t: &StorageTier| t.max_throughput_mbs.or(t.throughput_mbs).unwrap_or(0.0);
    let ssd = provider.storage.iter().filter(|t| !t.hdd);
    if fast {
        ssd.max_by(|a, b| mbs(a).total_cmp(&mbs(b)))
    } else {
        ssd.min_by(|a, b| a.price.price.total_cmp(&b.price.price))
    }
}

/// A recipe ready to show, copy or save.
#[derive(Debug, Clone, PartialEq)]
pub struct Recipe {
    pub format: Format,
    pub file_name: String,
    pub text: String,
}

/// The recipe for `target` in `format`. A format that does not fit the target (another
/// provider's CLI, a cloud SkyPilot cannot reach) still answers, with comments saying what to
/// use instead, so the page never shows an empty box.
pub fn recipe(target: &Target, format: Format) -> Recipe {
    let text = match format {
        Format::SkyPilot => skypilot::task(target),
        Format::Watchdog => watchdog::installer(target),
        Format::Console => clouds::console(target),
        f if f.provider() != Some(target.provider.id.as_str()) => {
            let mut out = String::new();
            let _ = writeln!(
                out,
                "# `{}` launches on {}; this candidate is on {}. Use its own recipe instead.",
                f.key(),
                f.provider().unwrap_or(""),
                one_line(&target.provider.name)
            );
            out
        }
        f => clouds::command(target, f),
    };
    Recipe {
        format,
        file_name: format.file_name(&target.name),
        text,
    }
}

/// The recipes the page shows for `target`: SkyPilot, the provider's own way, the watchdog.
pub fn recipes(target: &Target) -> [Recipe; 3] {
    [
        recipe(target, Format::SkyPilot),
        recipe(target, Format::native(&target.provider.id)),
        recipe(target, Format::Watchdog),
    ]
}

/// The assumptions every recipe starts with, as comment lines.
fn assumptions(out: &mut String, t: &Target, tool: &str) {
    let where_ = t.region().unwrap_or("the region you choose");
    let _ = writeln!(out, "# Assumes:");
    let _ = writeln!(
        out,
        "#  - {tool} installed and signed in to {} (credentials stay in its own config)",
        one_line(&t.provider.name)
    );
    let _ = writeln!(
        out,
        "#  - quota for {} × {} in {}{}",
        t.instances,
        one_line(&t.offer.instance_type),
        one_line(where_),
        if t.spot() { " (spot)" } else { "" }
    );
    let _ = writeln!(
        out,
        "#  - an image with the NVIDIA driver (nvidia-smi) and your SSH public key; no secret is written here"
    );
    let _ = writeln!(
        out,
        "#  - a {} GB disk: {} GB for the system and environment plus the scenario's data and checkpoints, at least 100",
        t.disk_gb, SYSTEM_DISK_GB as u32
    );
    if let Some(term) = t.mode.term_hours() {
        let _ = writeln!(
            out,
            "#  - priced as a commitment of {} h: buy it first; this launches what it applies to",
            term as u32
        );
    }
    if let Some(fleet) = t.fleet {
        let _ = writeln!(
            out,
            "#  - a service: this is one replica; the busiest hour needs {fleet} instances in all"
        );
    }
    let _ = writeln!(
        out,
        "#  - auto-stop after {} idle minutes{}",
        t.idle_min,
        if t.idle_from_scenario {
            " (the scenario's)"
        } else {
            " (the scenario sets none: SkyPilot's default)"
        }
    );
}

/// `s` on one line, for a comment: a name with a line break cannot end the comment early.
pub fn one_line(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// `name`, lower-case, with every run of other characters as one hyphen, at most 40 long and
/// starting with a letter: a name every provider accepts for an instance.
pub fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    out.truncate(40);
    let out = out.trim_end_matches('-');
    if out.starts_with(|c: char| c.is_ascii_lowercase()) {
        out.to_string()
    } else {
        format!("g-{out}")
    }
}

/// `s` as one shell word: as it is when it needs no quoting, else single-quoted.
pub fn sh(s: &str) -> String {
    let plain = !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "._-/:=,+@%".contains(c));
    if plain {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

/// `s` as a YAML (and JSON) double-quoted scalar.
pub fn quoted(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_quotes_cannot_become_commands() {
        assert_eq!(slug("gpu-sizer-h100-sxm-x8"), "gpu-sizer-h100-sxm-x8");
        assert_eq!(slug("8× A100 (SXM)"), "g-8-a100-sxm");
        assert_eq!(sh("p4d.24xlarge"), "p4d.24xlarge");
        assert_eq!(sh("a b; rm -rf /"), "'a b; rm -rf /'");
        assert_eq!(sh("it's"), r"'it'\''s'");
        assert_eq!(quoted("a \"b\"\n"), r#""a \"b\"\n""#);
    }
}
