//! The idle watchdog: a script run every minute that stops the machine once every GPU has been
//! below [`BUSY_PERCENT`] utilisation for the scenario's auto-stop minutes.
//!
//! `utilization.gpu` is the share of the last sample period in which at least one kernel ran
//! (`nvidia-smi --help-query-gpu`), so a job that computes at all stays well above a few percent
//! and a machine waiting for nobody reads 0. A reading that is not a number (a MIG instance
//! reports `[N/A]`) counts as busy, and a failing `nvidia-smi` does nothing: the watchdog only
//! stops a machine it has seen idle.

use super::{one_line, Target};
use std::fmt::Write;

/// A GPU at or above this utilisation, percent, counts as busy.
pub const BUSY_PERCENT: u32 = 5;

/// The command that stops the machine, and what it means for the bill there.
fn stop(provider_id: &str) -> (&'static str, &'static str) {
    match provider_id {
        // An OS shutdown leaves an Azure VM allocated and billed; deallocating ends the bill
        // (https://learn.microsoft.com/azure/virtual-machines/states-billing). The VM signs in
        // with its own managed identity, so no credential is stored on it.
        "azure" => (
            "az login --identity >/dev/null && az vm deallocate --ids \"$(curl -s -H Metadata:true 'http://169.254.169.254/metadata/instance/compute/resourceId?api-version=2021-02-01&format=text')\"",
            "Azure bills a VM shut down from inside until it is deallocated: the VM deallocates itself with its managed identity (give it the Virtual Machine Contributor role on itself, and install the Azure CLI).",
        ),
        "aws" => (
            "shutdown -h now",
            "AWS stops or terminates the instance as its launch set (--instance-initiated-shutdown-behavior); a stopped instance bills only its volumes.",
        ),
        "gcp" => (
            "shutdown -h now",
            "Compute Engine stops a VM shut down from inside; a stopped VM bills only its disks.",
        ),
        _ => (
            "shutdown -h now",
            "Check whether this provider bills a machine shut down from inside; if it does, use SkyPilot's autodown or delete the machine when the job is done.",
        ),
    }
}

/// An installer: writes the check, a systemd service and a timer running it every minute, and
/// enables the timer (a cron line is given for machines without systemd).
pub(super) fn installer(t: &Target) -> String {
    let (command, billing) = stop(&t.provider.id);
    let mut out = String::new();
    let _ = writeln!(out, "#!/bin/sh");
    let _ = writeln!(
        out,
        "# Idle watchdog for {} on {}: stops the machine once every GPU has been under {BUSY_PERCENT} % busy for {} minutes.",
        one_line(&t.offer.instance_type),
        one_line(&t.provider.name),
        t.idle_min
    );
    let _ = writeln!(
        out,
        "# Install on the machine, as root: sudo sh gpu-idle-stop-install.sh"
    );
    let _ = writeln!(
        out,
        "# Without systemd, run the check from cron instead: echo '* * * * * root /usr/local/sbin/gpu-idle-stop' > /etc/cron.d/gpu-idle-stop"
    );
    let _ = writeln!(out, "# Assumes: nvidia-smi on the PATH; {billing}");
    let _ = writeln!(out, "# No secret is written here.");
    let _ = writeln!(out, "set -e");
    let _ = writeln!(out, "cat > /usr/local/sbin/gpu-idle-stop <<'CHECK'");
    let _ = writeln!(out, "#!/bin/sh");
    let _ = writeln!(
        out,
        "IDLE_MIN={}    # minutes of idleness before stopping (the scenario's auto-stop)",
        t.idle_min
    );
    let _ = writeln!(
        out,
        "BUSY_PCT={BUSY_PERCENT}    # a GPU at or above this utilisation is busy"
    );
    out.push_str(concat!(
        "STAMP=/run/gpu-idle-stop.since\n",
        "util=$(nvidia-smi --query-gpu=utilization.gpu --format=csv,noheader,nounits) || exit 0\n",
        "now=$(date +%s)\n",
        "if echo \"$util\" | awk -v t=\"$BUSY_PCT\" '$1 !~ /^[0-9]+$/ || $1 + 0 >= t { busy = 1 } END { exit !busy }'; then\n",
        "  echo \"$now\" > \"$STAMP\"; exit 0\n",
        "fi\n",
        "[ -f \"$STAMP\" ] || { echo \"$now\" > \"$STAMP\"; exit 0; }\n",
        "[ $((now - $(cat \"$STAMP\"))) -ge $((IDLE_MIN * 60)) ] || exit 0\n",
        "logger -t gpu-idle-stop \"GPUs idle for $IDLE_MIN min: stopping\"\n",
    ));
    let _ = writeln!(out, "{command}");
    out.push_str(concat!(
        "CHECK\n",
        "chmod 755 /usr/local/sbin/gpu-idle-stop\n",
        "cat > /etc/systemd/system/gpu-idle-stop.service <<'UNIT'\n",
        "[Unit]\n",
        "Description=Stop the machine when its GPUs have been idle\n",
        "[Service]\n",
        "Type=oneshot\n",
        "ExecStart=/usr/local/sbin/gpu-idle-stop\n",
        "UNIT\n",
        "cat > /etc/systemd/system/gpu-idle-stop.timer <<'UNIT'\n",
        "[Unit]\n",
        "Description=Check every minute whether the GPUs are idle\n",
        "[Timer]\n",
        "OnBootSec=5min\n",
        "OnUnitActiveSec=1min\n",
        "[Install]\n",
        "WantedBy=timers.target\n",
        "UNIT\n",
        "systemctl daemon-reload\n",
        "systemctl enable --now gpu-idle-stop.timer\n",
    ));
    out
}
