//! The hardware a job runs on: one GPU model, how many, and how they are connected.

use crate::catalog::{Catalog, Fabric, Gpu, InstanceLink, Offer};

/// GPUs of one model in identical nodes (instances).
#[derive(Debug, Clone, PartialEq)]
pub struct Cluster<'a> {
    pub gpu: &'a Gpu,
    /// GPUs the job uses in total.
    pub gpus: u32,
    /// GPUs per node (instance).
    pub gpus_per_node: u32,
    /// How the GPUs inside a node are connected.
    pub link: InstanceLink,
    /// What connects nodes.
    pub fabric: Fabric,
    /// Network bandwidth of one node, Gbit/s, when the catalog states it.
    pub network_gbps: Option<f64>,
    /// GPUs reachable over NVLink: the node, or a rack-scale domain of several nodes.
    pub nvlink_domain: u32,
}

impl<'a> Cluster<'a> {
    /// `gpus` GPUs on instances of `offer` (as many instances as needed).
    pub fn on_offer(gpu: &'a Gpu, offer: &Offer, gpus: u32) -> Cluster<'a> {
        Cluster {
            gpu,
            gpus: gpus.max(1),
            gpus_per_node: offer.gpu_count.max(1),
            link: offer.gpu_link,
            fabric: offer.fabric,
            network_gbps: offer.network_gbps,
            nvlink_domain: offer
                .nvlink_domain
                .unwrap_or(offer.gpu_count)
                .max(offer.gpu_count.max(1)),
        }
    }

    /// `gpus` GPUs in one server with the GPU's own link (NVLink parts get an NVSwitch board).
    pub fn single_node(gpu: &'a Gpu, gpus: u32) -> Cluster<'a> {
        let link = if gpus <= 1 {
            InstanceLink::None
        } else {
            match gpu.link.kind {
                crate::catalog::schema::LinkKind::Nvlink => InstanceLink::Nvswitch,
                crate::catalog::schema::LinkKind::Pcie => InstanceLink::Pcie,
                _ => InstanceLink::Vendor,
            }
        };
        Cluster {
            gpu,
            gpus: gpus.max(1),
            gpus_per_node: gpus.max(1),
            link,
            fabric: Fabric::None,
            network_gbps: None,
            nvlink_domain: gpus.max(1),
        }
    }

    /// Looks an offer's GPU up in the catalog.
    pub fn for_offer(catalog: &'a Catalog, offer: &Offer, gpus: u32) -> Option<Cluster<'a>> {
        catalog
            .gpu(&offer.gpu)
            .map(|gpu| Cluster::on_offer(gpu, offer, gpus))
    }

    /// Nodes (instances) the job occupies.
    pub fn nodes(&self) -> u32 {
        self.gpus.div_ceil(self.gpus_per_node.max(1))
    }

    /// True when the job spans more than one node.
    pub fn multi_node(&self) -> bool {
        self.nodes() > 1
    }
}
