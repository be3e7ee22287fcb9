//! The candidate as a SkyPilot task.
//!
//! Fields as the task YAML reference defines them (`resources.infra`, `accelerators`,
//! `instance_type`, `use_spot`, `disk_size`, `disk_tier`, `autostop.idle_minutes` and `.down`),
//! https://docs.skypilot.co/en/latest/reference/yaml-spec.html, and autostop as
//! https://docs.skypilot.co/en/latest/reference/auto-stop.html describes it (`sky launch -c`).

use super::{assumptions, one_line, quoted, sh, Target};
use std::fmt::Write;

/// SkyPilot's name for a provider (`infra: <cloud>/<region>`), for the clouds it provisions
/// machines on (`sky/clouds/` in skypilot-org/skypilot). CoreWeave is there for storage only.
fn cloud(provider_id: &str) -> Option<&'static str> {
    Some(match provider_id {
        "aws" => "aws",
        "gcp" => "gcp",
        "azure" => "azure",
        "oci" => "oci",
        "lambda" => "lambda",
        "runpod" => "runpod",
        "vast" => "vast",
        "nebius" => "nebius",
        "cudo" => "cudo",
        "paperspace" => "paperspace",
        "hyperbolic" => "hyperbolic",
        "hyperstack" => "hyperstack",
        "primeintellect" => "primeintellect",
        "seeweb" => "seeweb",
        _ => return None,
    })
}

/// Clouds where SkyPilot can stop and restart a machine, so an idle one keeps its disk. Lambda,
/// Cudo, Prime Intellect and Seeweb list stopping among their unsupported features, and most
/// GPU clouds bill a stopped machine's GPU; there the task tears the machine down instead.
fn can_stop(cloud: &str) -> bool {
    matches!(cloud, "aws" | "gcp" | "azure" | "oci")
}

/// Clouds whose instance-type names SkyPilot uses as the provider does, so the catalog's name
/// can pin the machine; elsewhere SkyPilot names its own and the accelerator chooses.
fn names_instances(cloud: &str) -> bool {
    matches!(cloud, "aws" | "gcp" | "azure" | "oci" | "lambda")
}

/// The accelerator's name as `sky show-gpus` lists it (names are matched without case).
fn accelerator(gpu_id: &str) -> String {
    let known = match gpu_id {
        "h100-sxm" | "h100-pcie" => "H100",
        "h100-nvl" => "H100-NVL",
        "h200-sxm" | "h200-nvl" => "H200",
        "a100-40gb-sxm" | "a100-40gb-pcie" => "A100",
        "a100-80gb-sxm" | "a100-80gb-pcie" => "A100-80GB",
        "v100-16gb-sxm2" | "v100-16gb-pcie" => "V100",
        "v100-32gb-sxm2" => "V100-32GB",
        "p100-16gb" => "P100",
        "rtx-a6000" => "RTXA6000",
        "rtx-a5000" => "RTXA5000",
        "rtx-a4000" => "RTXA4000",
        "rtx-6000-ada" => "RTX6000-Ada",
        "rtx-5090" => "RTX5090",
        "rtx-4090" => "RTX4090",
        "rtx-3090" => "RTX3090",
        "rtx-pro-6000" => "RTXPRO6000",
        _ => "",
    };
    if known.is_empty() {
        gpu_id.to_ascii_uppercase()
    } else {
        known.to_string()
    }
}

/// The task, with `sky launch` in its first lines.
pub(super) fn task(t: &Target) -> String {
    let mut out = String::new();
    let cloud = cloud(&t.provider.id);
    let file = format!("{}.sky.yaml", t.name);
    let _ = writeln!(
        out,
        "# SkyPilot task: {} × {} ({} × {}) on {}{}",
        t.instances,
        one_line(&t.offer.instance_type),
        t.offer.gpu_count,
        one_line(&t.gpu.name),
        one_line(&t.provider.name),
        if t.spot() { ", spot" } else { "" }
    );
    let _ = writeln!(out, "# Launch: sky launch -c {} {}", sh(&t.name), sh(&file));
    if cloud.is_none() {
        let _ = writeln!(
            out,
            "# SkyPilot does not provision on {}: this task asks for the same GPUs on any cloud it can reach, at that cloud's price.",
            one_line(&t.provider.name)
        );
    }
    assumptions(&mut out, t, "SkyPilot (sky check)");
    let _ = writeln!(
        out,
        "# Reference: https://docs.skypilot.co/en/latest/reference/yaml-spec.html"
    );
    let _ = writeln!(out, "name: {}", t.name);
    if t.instances > 1 {
        let _ = writeln!(out, "num_nodes: {}", t.instances);
    }
    let _ = writeln!(out, "resources:");
    let tpu = t.gpu.id.starts_with("tpu-");
    if let Some(cloud) = cloud {
        let infra = match t.region() {
            Some(region) => format!("{cloud}/{region}"),
            None => cloud.to_string(),
        };
        let _ = writeln!(out, "  infra: {}", quoted(&infra));
    }
    // A TPU slice is named by its accelerator alone; a GCP N1 machine with attached GPUs by
    // its machine type before the `+`.
    let (name, count) = if tpu {
        (t.offer.instance_type.clone(), 1)
    } else {
        (accelerator(&t.gpu.id), t.offer.gpu_count.max(1))
    };
    let _ = writeln!(
        out,
        "  accelerators: {}",
        quoted(&format!("{name}:{count}"))
    );
    if cloud.is_some_and(names_instances) && !tpu {
        let machine = t.offer.instance_type.split('+').next().unwrap_or_default();
        let _ = writeln!(out, "  instance_type: {}", quoted(machine));
    }
    let _ = writeln!(out, "  use_spot: {}", t.spot());
    let _ = writeln!(out, "  disk_size: {}", t.disk_gb);
    let _ = writeln!(
        out,
        "  disk_tier: {}",
        if t.fast_storage { "best" } else { "medium" }
    );
    // Stopping keeps the disk (and the data on it) for a restart; a spot machine or a GPU cloud
    // is torn down instead, since SkyPilot cannot stop it or its provider bills it stopped.
    let down = t.spot() || !cloud.is_some_and(can_stop);
    let _ = writeln!(out, "  autostop:");
    let _ = writeln!(out, "    idle_minutes: {}", t.idle_min);
    let _ = writeln!(out, "    down: {down}");
    let _ = writeln!(out, "workdir: .");
    let _ = writeln!(out, "setup: |");
    let _ = writeln!(out, "  # Install your job's dependencies here.");
    let _ = writeln!(out, "  nvidia-smi");
    let _ = writeln!(out, "run: |");
    let _ = writeln!(
        out,
        "  # Start your job here; the cluster stops once it has been idle."
    );
    let _ = writeln!(out, "  nvidia-smi");
    out
}
