//! MIG slices as sizes and prices: a small job can run on one Multi-Instance GPU partition of an
//! A30, A100 or H100 at a share of the GPU.
//!
//! A slice is derived from a catalog GPU and each offer of it: its memory, memory bandwidth and
//! compute are the profile's fractions in NVIDIA's MIG user guide (memory and its controllers
//! in eighths, or quarters on the A30; streaming multiprocessors in sevenths, or quarters), and
//! its price is the larger of those shares of one of the instance's GPUs times a factor the
//! person sets. None of the catalog's providers publishes a price for a slice: the factor's default of
//! 1 is an assumption (the rest of the GPU is used and paid for by other work), shown in every
//! slice's price note.
//!
//! Slices live in a catalog of their own ([`with_slices`]); the request says whether they are
//! considered (`Constraints::mig_slices`), so a catalog holding them answers as before
//! without it.

use super::schema::{Catalog, Fabric, Gpu, InstanceLink, Offer, Quote};
use crate::float_text;

/// NVIDIA's MIG user guide, the supported profiles of each GPU.
pub const SOURCE: &str =
    "https://docs.nvidia.com/datacenter/tesla/mig-user-guide/supported-mig-profiles.html";

/// One MIG profile: its name and its shares of the GPU.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Profile {
    /// As `nvidia-smi mig -lgip` names it, e.g. `1g.10gb`.
    pub name: &'static str,
    /// Share of the GPU's memory (and the memory controllers and L2 that come with it).
    pub memory: (u8, u8),
    /// Share of the GPU's streaming multiprocessors.
    pub compute: (u8, u8),
    /// Most instances of this profile on one GPU.
    pub per_gpu: u8,
}

impl Profile {
    pub fn memory_share(&self) -> f64 {
        f64::from(self.memory.0) / f64::from(self.memory.1)
    }

    pub fn compute_share(&self) -> f64 {
        f64::from(self.compute.0) / f64::from(self.compute.1)
    }

    /// The share of the GPU a slice keeps from other work, and is priced at: the larger of its
    /// shares of SMs and memory (a `1g.20gb` holds a seventh of the SMs but a quarter of the
    /// memory, so four fit on a GPU, not seven).
    pub fn price_share(&self) -> f64 {
        self.compute_share().max(self.memory_share())
    }
}

const fn p(name: &'static str, memory: (u8, u8), compute: (u8, u8), per_gpu: u8) -> Profile {
    Profile {
        name,
        memory,
        compute,
        per_gpu,
    }
}

/// A100 40GB (the guide's A100-SXM4-40GB table; the PCIe card has the same). The whole-GPU
/// `7g.40gb` is the GPU itself and is left out, as is `1g.10gb`, whose memory share the table
/// gives inconsistently with its name.
const A100_40GB: &[Profile] = &[
    p("1g.5gb", (1, 8), (1, 7), 7),
    p("2g.10gb", (2, 8), (2, 7), 3),
    p("3g.20gb", (4, 8), (3, 7), 2),
    p("4g.20gb", (4, 8), (4, 7), 1),
];

/// A100 80GB and H100 80GB: the guide names the A100 80GB's profiles by their memory
/// (1g.10gb, 1g.20gb, 2g.20gb, 3g.40gb, 4g.40gb) and gives the H100's the same shares.
const GPU_80GB: &[Profile] = &[
    p("1g.10gb", (1, 8), (1, 7), 7),
    p("1g.20gb", (2, 8), (1, 7), 4),
    p("2g.20gb", (2, 8), (2, 7), 3),
    p("3g.40gb", (4, 8), (3, 7), 2),
    p("4g.40gb", (4, 8), (4, 7), 1),
];

/// A30 24GB, in quarters.
const A30: &[Profile] = &[
    p("1g.6gb", (1, 4), (1, 4), 4),
    p("2g.12gb", (2, 4), (2, 4), 2),
];

/// The profiles of a catalog GPU, empty when it has none here.
pub fn profiles(gpu_id: &str) -> &'static [Profile] {
    match gpu_id {
        "a100-40gb-sxm" | "a100-40gb-pcie" => A100_40GB,
        "a100-80gb-sxm" | "a100-80gb-pcie" | "h100-sxm" | "h100-pcie" => GPU_80GB,
        "a30" => A30,
        _ => &[],
    }
}

/// What separates a slice's id from its GPU's or offer's: `h100-sxm@1g.10gb`.
const SEPARATOR: char = '@';

/// The GPU a slice is cut from and its profile, when `gpu_id` names a slice.
pub fn slice_of(gpu_id: &str) -> Option<(&str, &'static Profile)> {
    let (parent, name) = gpu_id.split_once(SEPARATOR)?;
    let profile = profiles(parent).iter().find(|p| p.name == name)?;
    Some((parent, profile))
}

/// `base` with a GPU for every profile of its MIG-capable GPUs and an offer for every profile on
/// each offer of them, priced at its [`Profile::price_share`] of one GPU × `price_factor`.
pub fn with_slices(base: &Catalog, price_factor: f64) -> Catalog {
    let mut catalog = base.clone();
    catalog.gpus.retain(|g| slice_of(&g.id).is_none());
    catalog.offers.retain(|o| slice_of(&o.gpu).is_none());
    for gpu in &base.gpus {
        for profile in profiles(&gpu.id) {
            catalog.gpus.push(slice_gpu(gpu, profile));
        }
    }
    for offer in &base.offers {
        for profile in profiles(&offer.gpu) {
            catalog
                .offers
                .push(slice_offer(offer, profile, price_factor));
        }
    }
    catalog
}

/// The slice as a GPU of its own: the profile's share of memory and bandwidth, and of every peak.
fn slice_gpu(gpu: &Gpu, profile: &Profile) -> Gpu {
    let (m, c) = (profile.memory_share(), profile.compute_share());
    let scale = |v: Option<f64>| v.map(|x| x * c);
    let mut sources = gpu.sources.clone();
    sources.push(SOURCE.into());
    Gpu {
        id: format!("{}{SEPARATOR}{}", gpu.id, profile.name),
        name: format!("{} · MIG {}", gpu.name, profile.name),
        memory_gib: gpu.memory_gib * m,
        memory_bandwidth_gbs: gpu.memory_bandwidth_gbs.map(|b| b * m),
        fp32_tflops: scale(gpu.fp32_tflops),
        fp64_tflops: scale(gpu.fp64_tflops),
        tf32_tflops: scale(gpu.tf32_tflops),
        bf16_tflops: scale(gpu.bf16_tflops),
        fp8_tflops: scale(gpu.fp8_tflops),
        fp4_tflops: scale(gpu.fp4_tflops),
        int8_tops: scale(gpu.int8_tops),
        tdp_w: None,
        video_encoders: None,
        video_decoders: None,
        notes: Some(format!(
            "MIG {}: {}/{} of the memory and memory bandwidth, {}/{} of the SMs ({SOURCE})",
            profile.name, profile.memory.0, profile.memory.1, profile.compute.0, profile.compute.1
        )),
        sources,
        ..gpu.clone()
    }
}

/// One slice of one of the offer's GPUs: a single-GPU offer of the same instance type, alone
/// (no links, no multi-node fabric), priced at its share of a GPU.
fn slice_offer(offer: &Offer, profile: &Profile, factor: f64) -> Offer {
    let per_gpu = f64::from(offer.gpu_count.max(1));
    let share = profile.price_share();
    let prices = offer
        .prices
        .iter()
        .map(|q| Quote {
            per_hour: q.per_hour / per_gpu * share * factor,
            note: Some(format!(
                "MIG {}: {} of one GPU's price ({}/h ÷ {} GPUs) × price factor {} \
                 (assumed; no provider publishes a slice price)",
                profile.name,
                float_text::fixed(share, 3),
                float_text::fixed(q.per_hour, 4),
                offer.gpu_count.max(1),
                float_text::Shortest(factor)
            )),
            ..q.clone()
        })
        .collect();
    Offer {
        id: format!("{}{SEPARATOR}{}", offer.id, profile.name),
        gpu: format!("{}{SEPARATOR}{}", offer.gpu, profile.name),
        gpu_count: 1,
        vcpu: None,
        ram_gib: None,
        local_disk_gb: None,
        network_gbps: None,
        gpu_link: InstanceLink::None,
        fabric: Fabric::None,
        nvlink_domain: None,
        prices,
        notes: Some(format!(
            "A MIG {} slice of one of the instance's {} GPU(s); the instance is rented whole",
            profile.name, offer.gpu_count
        )),
        ..offer.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slice_has_its_profiles_shares() {
        let base = Catalog::builtin();
        let sliced = with_slices(base, 1.0);
        let h100 = base.gpu("h100-sxm").unwrap();
        let slice = sliced.gpu("h100-sxm@1g.10gb").unwrap();
        assert_eq!(slice.memory_gib, h100.memory_gib / 8.0);
        assert_eq!(slice.bf16_tflops, h100.bf16_tflops.map(|t| t / 7.0));
        let (parent, profile) = slice_of(&slice.id).unwrap();
        assert_eq!((parent, profile.name), ("h100-sxm", "1g.10gb"));
        let a100 = sliced.gpu("a100-40gb-sxm@3g.20gb").unwrap();
        assert_eq!(a100.memory_gib, 20.0);
    }

    #[test]
    fn a_slice_costs_its_larger_share_of_one_gpu_times_the_factor() {
        let base = Catalog::builtin();
        let sliced = with_slices(base, 2.0);
        let offer = base
            .offers
            .iter()
            .find(|o| o.gpu == "a100-40gb-sxm" && o.gpu_count == 8 && !o.prices.is_empty())
            .unwrap();
        let slice = sliced
            .offers
            .iter()
            .find(|o| o.id == format!("{}@2g.10gb", offer.id))
            .unwrap();
        let (whole, part) = (&offer.prices[0], &slice.prices[0]);
        // 2g.10gb: 2/7 of the SMs, 2/8 of the memory.
        assert!((part.per_hour - whole.per_hour / 8.0 * 2.0 / 7.0 * 2.0).abs() < 1e-9);
        let wide = sliced
            .offers
            .iter()
            .find(|o| o.id == format!("{}@3g.20gb", offer.id))
            .unwrap();
        // 3g.20gb: 3/7 of the SMs but half the memory.
        assert!((wide.prices[0].per_hour - whole.per_hour / 8.0 * 0.5 * 2.0).abs() < 1e-9);
        assert_eq!((slice.gpu_count, part.mode), (1, whole.mode));
    }

    #[test]
    fn slicing_twice_adds_nothing_and_other_gpus_have_no_slices() {
        let once = with_slices(Catalog::builtin(), 1.0);
        let twice = with_slices(&once, 1.0);
        assert_eq!(once.gpus.len(), twice.gpus.len());
        assert_eq!(once.offers.len(), twice.offers.len());
        assert!(profiles("l4").is_empty() && slice_of("l4").is_none());
    }
}
