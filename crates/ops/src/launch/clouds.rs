//! The candidate as the provider's own command, or as console steps where there is none.
//!
//! What only the reader knows (image, key, network) is a shell variable written
//! `${NAME:?what to set}`: the command stops before calling the provider while one is unset.
//! Flags, by provider, as their documentation gives them:
//! - `aws ec2 run-instances`: `--instance-market-options` with `SpotInstanceType=one-time` and
//!   `InstanceInterruptionBehavior=terminate` (a one-time request cannot stop,
//!   https://docs.aws.amazon.com/AWSEC2/latest/APIReference/API_SpotMarketOptions.html),
//!   `--instance-initiated-shutdown-behavior stop|terminate` (what a shutdown from inside does,
//!   https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/Using_ChangingInstanceInitiatedShutdownBehavior.html),
//!   `--block-device-mappings` (aws-cli `awscli/examples/ec2/run-instances.rst`).
//! - `gcloud compute instances create`: `--provisioning-model=SPOT|STANDARD`,
//!   `--instance-termination-action`, `--max-run-duration`
//!   (https://cloud.google.com/compute/docs/instances/limit-vm-runtime,
//!   https://cloud.google.com/compute/docs/instances/create-use-spot), `--maintenance-policy=TERMINATE`
//!   (GPU machines cannot live-migrate), `--accelerator` for an N1 machine.
//! - `az vm create` with `--priority Spot --eviction-policy Deallocate --max-price -1`
//!   (MicrosoftDocs/azure-docs `articles/virtual-machines/linux/spot-cli.md`) and
//!   `az vm auto-shutdown -g -n --time` (`articles/virtual-machines/auto-shutdown-vm.md`).
//! - `aliyun ecs RunInstances`: `--SpotStrategy SpotAsPriceGo`, `--SystemDisk.Category`,
//!   `--SystemDisk.PerformanceLevel`, `--AutoReleaseTime` in `yyyy-MM-ddTHH:mm:ssZ`, UTC
//!   (https://www.alibabacloud.com/help/en/ecs/developer-reference/api-ecs-2014-05-26-runinstances,
//!   https://www.alibabacloud.com/help/en/ecs/developer-reference/api-ecs-2014-05-26-modifyinstanceautoreleasetime).
//! - `tccli cvm RunInstances`: `--InstanceChargeType SPOTPAID`, `--InstanceMarketOptions`,
//!   `--ActionTimer` with `TerminateInstances` (https://www.tencentcloud.com/document/api/213/33237).

use super::{assumptions, one_line, quoted, sh, Format, Target};
use std::fmt::Write;

/// Appends ` \` and a new line, then the next argument indented.
fn arg(out: &mut String, text: &str) {
    let _ = write!(out, " \\\n  {text}");
}

/// `date` printing the UTC time `hours` from now as ISO 8601 (GNU date, as on Linux).
fn in_hours(hours: u32) -> String {
    format!("$(date -u -d '+{hours} hours' +%Y-%m-%dT%H:%M:%SZ)")
}

fn header(out: &mut String, t: &Target, tool: &str, reference: &str) {
    let _ = writeln!(out, "#!/bin/sh");
    let _ = writeln!(
        out,
        "# {} × {} ({} × {}) on {}{}",
        t.instances,
        one_line(&t.offer.instance_type),
        t.offer.gpu_count,
        one_line(&t.gpu.name),
        one_line(&t.provider.name),
        if t.spot() { ", spot" } else { "" }
    );
    assumptions(out, t, tool);
    let _ = writeln!(
        out,
        "#  - the idle watchdog recipe, installed on the machine, stops it when its GPUs idle"
    );
    let _ = writeln!(out, "# Reference: {reference}");
    let _ = writeln!(out, "set -e");
}

/// The provider's command for `t` (`format` is the provider's own).
pub(super) fn command(t: &Target, format: Format) -> String {
    let mut out = String::new();
    let region = t.region().map(sh);
    let region_var = |out: &mut String, name: &str| match &region {
        Some(r) => r.clone(),
        None => {
            let _ = writeln!(
                out,
                "REGION=\"${{REGION:?set REGION to the {name} region to launch in}}\""
            );
            "\"$REGION\"".to_string()
        }
    };
    let tier = t.tier.map(|t| t.id.as_str()).unwrap_or("");
    match format {
        Format::Aws => {
            header(&mut out, t, "the AWS CLI", "https://awscli.amazonaws.com/v2/documentation/api/latest/reference/ec2/run-instances.html");
            let region = region_var(&mut out, "AWS");
            let volume = if tier == "io2" { "io2" } else { "gp3" };
            out.push_str("aws ec2 run-instances");
            arg(&mut out, &format!("--region {region}"));
            arg(
                &mut out,
                &format!("--instance-type {}", sh(&t.offer.instance_type)),
            );
            arg(&mut out, &format!("--count {}", t.instances));
            arg(&mut out, "--image-id \"${IMAGE_ID:?set IMAGE_ID to an Ubuntu GPU image (AMI) of this region, root device /dev/sda1}\"");
            arg(
                &mut out,
                "--key-name \"${KEY_NAME:?set KEY_NAME to your EC2 key pair}\"",
            );
            arg(&mut out, &format!("--block-device-mappings 'DeviceName=/dev/sda1,Ebs={{VolumeSize={},VolumeType={volume}}}'", t.disk_gb));
            if t.spot() {
                arg(&mut out, "--instance-market-options 'MarketType=spot,SpotOptions={SpotInstanceType=one-time,InstanceInterruptionBehavior=terminate}'");
            }
            // A shutdown from inside (the watchdog's) stops an on-demand machine, keeping its
            // disk; a one-time spot request cannot be stopped, so it terminates.
            let behaviour = if t.spot() { "terminate" } else { "stop" };
            arg(
                &mut out,
                &format!("--instance-initiated-shutdown-behavior {behaviour}"),
            );
            arg(
                &mut out,
                &format!(
                    "--tag-specifications 'ResourceType=instance,Tags=[{{Key=Name,Value={}}}]'",
                    t.name
                ),
            );
            out.push('\n');
        }
        Format::Gcloud => {
            header(
                &mut out,
                t,
                "the gcloud CLI",
                "https://cloud.google.com/sdk/gcloud/reference/compute/instances/create",
            );
            if t.gpu.id.starts_with("tpu-") {
                let _ = writeln!(out, "# A TPU slice is not a Compute Engine instance: use the SkyPilot task, which creates TPU VMs.");
                return out;
            }
            // Inside `${ZONE:?…}` the shell expands what it reads: only a plain name goes there.
            let zone_hint = t.region().filter(|r| sh(r) == *r).unwrap_or("the region");
            let _ = writeln!(out, "ZONE=\"${{ZONE:?set ZONE to a zone of {zone_hint} that offers this GPU (gcloud compute accelerator-types list)}}\"");
            let (machine, attached) = match t.offer.instance_type.split_once('+') {
                Some((m, a)) => (m, Some(a)),
                None => (t.offer.instance_type.as_str(), None),
            };
            let names: Vec<String> = if t.instances == 1 {
                vec![t.name.clone()]
            } else {
                (1..=t.instances.min(16))
                    .map(|i| format!("{}-{i}", t.name))
                    .collect()
            };
            let _ = write!(out, "gcloud compute instances create {}", names.join(" "));
            arg(&mut out, "--zone=\"$ZONE\"");
            arg(&mut out, &format!("--machine-type={}", sh(machine)));
            if attached.is_some() {
                let kind = match t.gpu.id.as_str() {
                    "t4" => "nvidia-tesla-t4",
                    "p100-16gb" => "nvidia-tesla-p100",
                    _ => "nvidia-tesla-v100",
                };
                arg(
                    &mut out,
                    &format!("--accelerator=type={kind},count={}", t.offer.gpu_count),
                );
            }
            arg(&mut out, "--maintenance-policy=TERMINATE");
            arg(
                &mut out,
                if t.spot() {
                    "--provisioning-model=SPOT"
                } else {
                    "--provisioning-model=STANDARD"
                },
            );
            if let Some(h) = t.backstop_hours() {
                arg(&mut out, &format!("--max-run-duration={h}h"));
            }
            if t.spot() || t.backstop_hours().is_some() {
                arg(&mut out, "--instance-termination-action=STOP");
            }
            // The newest GPU series boot only from Hyperdisk.
            let hyperdisk = ["a3-mega", "a3-ultra", "a4-", "g4-"]
                .iter()
                .any(|p| machine.starts_with(p));
            let disk = match tier {
                _ if hyperdisk => "hyperdisk-balanced",
                "" => "pd-balanced",
                t => t,
            };
            arg(&mut out, &format!("--boot-disk-size={}GB", t.disk_gb));
            arg(&mut out, &format!("--boot-disk-type={}", sh(disk)));
            arg(&mut out, "--image-project=deeplearning-platform-release");
            arg(&mut out, "--image-family=\"${IMAGE_FAMILY:?set IMAGE_FAMILY to a Deep Learning VM image family with the NVIDIA driver}\"");
            arg(&mut out, "--metadata=install-nvidia-driver=True");
            out.push('\n');
            if t.instances > 16 {
                let _ = writeln!(
                    out,
                    "# The first 16 of {} instances: repeat with more names for the rest.",
                    t.instances
                );
            }
        }
        Format::Az => {
            header(
                &mut out,
                t,
                "the Azure CLI",
                "https://learn.microsoft.com/cli/azure/vm#az-vm-create",
            );
            let location = region_var(&mut out, "Azure");
            let _ = writeln!(out, "RESOURCE_GROUP=\"${{RESOURCE_GROUP:?set RESOURCE_GROUP to an existing resource group}}\"");
            let sku = if tier == "premium-ssd" {
                "Premium_LRS"
            } else {
                "StandardSSD_LRS"
            };
            out.push_str("az vm create");
            arg(&mut out, "--resource-group \"$RESOURCE_GROUP\"");
            arg(&mut out, &format!("--name {}", t.name));
            arg(&mut out, &format!("--location {location}"));
            arg(&mut out, &format!("--size {}", sh(&t.offer.instance_type)));
            arg(&mut out, "--image Ubuntu2204");
            arg(&mut out, "--admin-username azureuser");
            arg(&mut out, "--ssh-key-values \"${SSH_PUBLIC_KEY:?set SSH_PUBLIC_KEY to your public key file, e.g. ~/.ssh/id_ed25519.pub}\"");
            arg(&mut out, &format!("--os-disk-size-gb {}", t.disk_gb));
            arg(&mut out, &format!("--storage-sku {sku}"));
            if t.instances > 1 {
                arg(&mut out, &format!("--count {}", t.instances));
            }
            if t.spot() {
                arg(&mut out, "--priority Spot");
                arg(&mut out, "--eviction-policy Deallocate");
                arg(&mut out, "--max-price -1");
            }
            out.push('\n');
            // A daily shutdown suits a machine used by day; it would cut a job longer than a
            // day, so for those it is left for the reader to switch on.
            let long = t.hours_high.is_none_or(|h| h > 20.0);
            let _ = writeln!(
                out,
                "# A daily shutdown at 19:00 UTC as a backstop (the watchdog stops it when idle)."
            );
            if long {
                let _ = writeln!(out, "# This job runs longer than a day: remove the # below only if it checkpoints and resumes.");
                out.push_str("# ");
            }
            let _ = writeln!(
                out,
                "az vm auto-shutdown --resource-group \"$RESOURCE_GROUP\" --name {} --time 1900",
                t.name
            );
            if t.instances > 1 {
                let _ = writeln!(
                    out,
                    "# With --count, name each machine as az vm list shows it."
                );
            }
        }
        Format::Aliyun => {
            header(&mut out, t, "the Alibaba Cloud CLI (aliyun)", "https://www.alibabacloud.com/help/en/ecs/developer-reference/api-ecs-2014-05-26-runinstances");
            let region = region_var(&mut out, "Alibaba Cloud");
            let level = if tier == "essd-pl0" { "PL0" } else { "PL1" };
            out.push_str("aliyun ecs RunInstances");
            arg(&mut out, &format!("--RegionId {region}"));
            arg(
                &mut out,
                &format!("--InstanceType {}", sh(&t.offer.instance_type)),
            );
            arg(&mut out, &format!("--Amount {}", t.instances));
            arg(
                &mut out,
                "--ImageId \"${IMAGE_ID:?set IMAGE_ID to a GPU image of this region}\"",
            );
            arg(
                &mut out,
                "--SecurityGroupId \"${SECURITY_GROUP_ID:?set SECURITY_GROUP_ID}\"",
            );
            arg(&mut out, "--VSwitchId \"${VSWITCH_ID:?set VSWITCH_ID}\"");
            arg(
                &mut out,
                "--KeyPairName \"${KEY_PAIR:?set KEY_PAIR to your key pair name}\"",
            );
            arg(&mut out, "--InstanceChargeType PostPaid");
            arg(
                &mut out,
                if t.spot() {
                    "--SpotStrategy SpotAsPriceGo"
                } else {
                    "--SpotStrategy NoSpot"
                },
            );
            arg(&mut out, "--SystemDisk.Category cloud_essd");
            arg(&mut out, &format!("--SystemDisk.PerformanceLevel {level}"));
            arg(&mut out, &format!("--SystemDisk.Size {}", t.disk_gb));
            if let Some(h) = t.backstop_hours() {
                arg(&mut out, &format!("--AutoReleaseTime \"{}\"", in_hours(h)));
            }
            out.push('\n');
            if t.backstop_hours().is_some() {
                let _ = writeln!(out, "# AutoReleaseTime releases the instance (and its system disk) as a backstop; copy results off before.");
            }
        }
        Format::Tccli => {
            header(
                &mut out,
                t,
                "the Tencent Cloud CLI (tccli)",
                "https://www.tencentcloud.com/document/api/213/33237",
            );
            let region = region_var(&mut out, "Tencent Cloud");
            let _ = writeln!(out, "ZONE=\"${{ZONE:?set ZONE to an availability zone of the region with this instance type}}\"");
            let disk = match tier {
                "ssd" => "CLOUD_SSD",
                "enhanced-ssd" => "CLOUD_HSSD",
                _ => "CLOUD_PREMIUM",
            };
            out.push_str("tccli cvm RunInstances");
            arg(&mut out, &format!("--region {region}"));
            arg(&mut out, "--Placement \"{\\\"Zone\\\":\\\"$ZONE\\\"}\"");
            arg(
                &mut out,
                &format!("--InstanceType {}", sh(&t.offer.instance_type)),
            );
            arg(&mut out, &format!("--InstanceCount {}", t.instances));
            arg(
                &mut out,
                "--ImageId \"${IMAGE_ID:?set IMAGE_ID to a GPU image (img-...)}\"",
            );
            arg(
                &mut out,
                &format!(
                    "--SystemDisk '{{\"DiskType\":\"{disk}\",\"DiskSize\":{}}}'",
                    t.disk_gb
                ),
            );
            arg(&mut out, "--LoginSettings \"{\\\"KeyIds\\\":[\\\"${KEY_ID:?set KEY_ID to your SSH key id (skey-...)}\\\"]}\"");
            if t.spot() {
                // The bid's ceiling is the on-demand price: paying more than that never pays.
                let ceiling = t
                    .on_demand
                    .map_or(String::from("0"), |(p, _)| format!("{p:.2}"));
                arg(&mut out, "--InstanceChargeType SPOTPAID");
                arg(&mut out, &format!("--InstanceMarketOptions '{{\"MarketType\":\"spot\",\"SpotOptions\":{{\"MaxPrice\":{},\"SpotInstanceType\":\"one-time\"}}}}'", quoted(&ceiling)));
            } else {
                arg(&mut out, "--InstanceChargeType POSTPAID_BY_HOUR");
            }
            if let Some(h) = t.backstop_hours() {
                arg(&mut out, &format!("--ActionTimer \"{{\\\"TimerAction\\\":\\\"TerminateInstances\\\",\\\"ActionTime\\\":\\\"{}\\\"}}\"", in_hours(h)));
            }
            out.push('\n');
        }
        _ => {}
    }
    if t.backstop_hours().is_some()
        && matches!(format, Format::Gcloud | Format::Aliyun | Format::Tccli)
    {
        let _ = writeln!(
            out,
            "# Backstop: {} h, {}× the high end of the job's time band plus an hour.",
            t.backstop_hours().unwrap_or(0),
            super::BACKSTOP_FACTOR
        );
    }
    out
}

/// Console steps for a provider without a command-line tool of its own.
pub(super) fn console(t: &Target) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{} — console steps", t.provider.name);
    let _ = writeln!(out);
    let mut step = 0;
    let mut say = |out: &mut String, text: String| {
        step += 1;
        let _ = writeln!(out, "{step}. {text}");
    };
    say(
        &mut out,
        format!(
            "Sign in to {} and open its console{}.",
            t.provider.name,
            t.region()
                .map(|r| format!(", region {r}"))
                .unwrap_or_default()
        ),
    );
    say(
        &mut out,
        format!(
            "Create {} × {} ({} × {}), {}.",
            t.instances,
            one_line(&t.offer.instance_type),
            t.offer.gpu_count,
            t.gpu.name,
            if t.spot() {
                "spot / interruptible"
            } else {
                "on demand"
            }
        ),
    );
    say(
        &mut out,
        format!(
            "Give it a {} GB disk{}.",
            t.disk_gb,
            t.tier.map(|x| format!(" ({})", x.name)).unwrap_or_default()
        ),
    );
    say(
        &mut out,
        "Choose an image with the NVIDIA driver and add your SSH public key (never a private key)."
            .to_string(),
    );
    say(
        &mut out,
        format!(
            "Install the idle watchdog on it: it stops the machine after {} idle minutes.",
            t.idle_min
        ),
    );
    say(&mut out, "Check whether a stopped machine is still billed here; if it is, delete it from the console when the job is done.".to_string());
    let _ = writeln!(out);
    let _ = writeln!(out, "Assumes: quota for this instance type, an account with a payment method; nothing secret is needed in these steps.");
    out
}
