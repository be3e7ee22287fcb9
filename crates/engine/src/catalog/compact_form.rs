//! The compact form (`crate::compact`) of each catalog record type: its fields in order, and
//! those left out of the copy the page starts from (sources and notes the form never shows).
//!
//! Compiled into `build.rs` beside `schema` (via `#[path]`), as `crate::compact` is.

use super::schema::*;
use crate::compact::{record, variants, Compact, Reader, Writer};

record! { Catalog: gpus, providers, offers }

record! {
    Gpu: id, name, vendor, architecture, year, memory_gib, memory_type, memory_bandwidth_gbs,
    fp32_tflops, tf32_tflops, bf16_tflops, fp8_tflops, fp4_tflops, int8_tops, link, tdp_w, mig_max,
    video_encoders, video_decoders, graphics_apis, software, inference_only, consumer, fp64_tflops;
    left_out: sources, notes
}
record! { GpuLink: kind, generation, gbs_per_gpu }
variants! { LinkKind: Nvlink, Pcie, InfinityFabric, Hccs, Ici, Neuronlink }
variants! { Software: Cuda, Rocm, Cann, Xla, Neuron }

record! {
    Provider: id, name, name_zh, kind, billing_increment_s, billing_minimum_s, storage, snapshot,
    egress, free_ingress, bandwidth, free_intranet, refund, cross_zone, bandwidth_package;
    left_out: notes
}
record! { Refund: rule, handling_fee, as_of, undated; left_out: source, read_on, note }
variants! { RefundRule: OnDemandHours, DaysProRata, HoursProRata }
variants! { ProviderKind: Hyperscaler, GpuCloud, Marketplace }
record! { Priced: price, currency, as_of, undated; left_out: source, read_on, note }
variants! { Currency: Usd, Cny }
record! { StorageTier: id, name, price, throughput_mbs, max_throughput_mbs, hdd }
record! { EgressTier: up_to_tb, price }
record! { BandwidthTier: up_to_mbps, price }
record! { ZoneTransfer: sent, received }

variants! { InstanceLink: None, Pcie, Nvlink, Nvswitch, Vendor }
variants! { Fabric: Ethernet, Roce, Infiniband, Efa, None }
record! { Quote: mode, per_hour, currency, as_of, undated; left_out: source, read_on, note }
variants! { BillingMode: OnDemand, Spot, Monthly, Reserved1y, Reserved3y, Serverless }

impl Offer {
    /// `<provider>-<region>-<instance type>` in lower case: most offers' id, left out compact.
    fn usual_id(provider: &str, region: &str, instance_type: &str) -> String {
        format!("{provider}-{region}-{instance_type}").to_ascii_lowercase()
    }
}

/// As `record!` would, but the id is written only when it is not `Offer::usual_id`; the spec
/// source and notes are left out of the first answer's copy.
impl Compact for Offer {
    fn write(&self, w: &mut Writer) {
        let Offer {
            id,
            provider,
            region,
            instance_type,
            gpu,
            gpu_count,
            vcpu,
            ram_gib,
            local_disk_gb,
            network_gbps,
            gpu_link,
            fabric,
            nvlink_domain,
            billing_increment_s,
            prices,
            spec_source,
            notes,
        } = self;
        let unusual = (*id != Offer::usual_id(provider, region, instance_type)).then(|| id.clone());
        unusual.write(w);
        provider.write(w);
        region.write(w);
        instance_type.write(w);
        gpu.write(w);
        gpu_count.write(w);
        vcpu.write(w);
        ram_gib.write(w);
        local_disk_gb.write(w);
        network_gbps.write(w);
        gpu_link.write(w);
        fabric.write(w);
        nvlink_domain.write(w);
        billing_increment_s.write(w);
        prices.write(w);
        w.left_out(|w| {
            spec_source.write(w);
            notes.write(w);
        });
    }

    fn read(r: &mut Reader<'_>) -> Self {
        let unusual: Option<String> = Compact::read(r);
        let provider: String = Compact::read(r);
        let region: String = Compact::read(r);
        let instance_type: String = Compact::read(r);
        Offer {
            id: unusual.unwrap_or_else(|| Offer::usual_id(&provider, &region, &instance_type)),
            provider,
            region,
            instance_type,
            gpu: Compact::read(r),
            gpu_count: Compact::read(r),
            vcpu: Compact::read(r),
            ram_gib: Compact::read(r),
            local_disk_gb: Compact::read(r),
            network_gbps: Compact::read(r),
            gpu_link: Compact::read(r),
            fabric: Compact::read(r),
            nvlink_domain: Compact::read(r),
            billing_increment_s: Compact::read(r),
            prices: Compact::read(r),
            spec_source: r.left_out(Compact::read),
            notes: r.left_out(Compact::read),
        }
    }
}
