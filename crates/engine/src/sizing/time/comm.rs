//! Bandwidth between GPUs and the time of collectives.
//!
//! Collective times follow the NCCL tests' bus-bandwidth model: an all-reduce of S bytes over n
//! ranks moves 2(n−1)/n · S through each rank's link, an all-gather or reduce-scatter (n−1)/n · S.
//!
//! Inside a node the bus bandwidth is the GPU's NVLink (or PCIe) bandwidth per direction, scaled
//! by the share NCCL measurably reaches. Across nodes NCCL runs one ring per network card, each
//! carrying its share of the data and crossing each node boundary once, so the bus bandwidth of a
//! group holding every GPU of its nodes is the node's whole network bandwidth, not one card's
//! (nccl-tests issue 119 measures 84.8 GB/s of bus bandwidth on nodes with 100 GB/s of cards).
//! A group holding only some GPUs of each node (data parallelism beside tensor parallelism) gets
//! its share of the cards. GPUs joined by an NVLink domain larger than a node (NVL72 racks) talk
//! over NVLink inside the domain.

use crate::catalog::{schema::LinkKind, Fabric, InstanceLink};
use crate::cite::{ASSUMPTION, DGX_NETWORK, NCCL_IB, NCCL_NVLINK, NCCL_PCIE};
use crate::explain::{Detail, Full, Term};
use crate::scenario::Cluster;
use crate::sizing::defaults::*;
use crate::text::mentions;

/// Effective bandwidths of a cluster, GB/s per direction, as collectives reach them.
#[derive(Debug, Clone, PartialEq)]
pub struct Links {
    /// Bus bandwidth inside a node (or NVLink domain); `None` for one-GPU nodes.
    pub intra_gbs: Option<f64>,
    /// Bus bandwidth of a collective over every GPU of several nodes: the node's network cards
    /// together. `None` when the offer has no multi-node fabric.
    pub node_network_gbs: Option<f64>,
    /// GPUs that reach each other at `intra_gbs` (a node, or an NVLink domain spanning nodes).
    pub domain_gpus: u32,
    /// GPUs per node, which share the node's network cards.
    pub gpus_per_node: u32,
    pub terms: Vec<Term>,
}

/// PCIe per-direction bandwidth of `gpu`'s slot, GB/s, and how it was obtained.
fn pcie_gbs(cluster: &Cluster, detail: impl Detail) -> (f64, String) {
    let link = &cluster.gpu.link;
    match (link.kind, link.gbs_per_gpu) {
        (LinkKind::Pcie, Some(g)) => (
            g / 2.0,
            detail.text(|| format!("PCIe {g} GB/s bidirectional / 2")),
        ),
        _ => {
            let generation = if link.kind == LinkKind::Pcie {
                link.generation.unwrap_or(4)
            } else {
                4
            };
            (
                pcie_gbs_per_direction(generation),
                detail.text(|| format!("PCIe gen {generation} x16 per direction")),
            )
        }
    }
}

/// Effective bandwidth between a GPU and host memory (PCIe), GB/s per direction: the GPU's
/// own PCIe link when the catalog describes one, else a gen-4 x16 slot.
pub fn host_link_gbs(gpu: &crate::catalog::Gpu) -> f64 {
    let raw = match (gpu.link.kind, gpu.link.gbs_per_gpu) {
        (LinkKind::Pcie, Some(g)) => g / 2.0,
        (LinkKind::Pcie, None) => pcie_gbs_per_direction(gpu.link.generation.unwrap_or(4)),
        _ => pcie_gbs_per_direction(4),
    };
    raw * HOST_LINK_EFF
}

/// Bandwidths of `cluster`.
pub fn links(cluster: &Cluster) -> Links {
    links_with(cluster, Full)
}

/// The in-node bus bandwidth, GB/s, with its formula and source.
fn intra_node(cluster: &Cluster, detail: impl Detail) -> Option<Term> {
    if cluster.gpus <= 1 || (cluster.gpus_per_node <= 1 && cluster.nvlink_domain <= 1) {
        return None;
    }
    let gpu = cluster.gpu;
    let nvlink = match cluster.link {
        InstanceLink::Nvswitch | InstanceLink::Nvlink | InstanceLink::Vendor => gpu
            .link
            .gbs_per_gpu
            .filter(|_| gpu.link.kind != LinkKind::Pcie),
        InstanceLink::Pcie | InstanceLink::None => None,
    };
    let (raw, eff, text, src) = match nvlink {
        Some(g) => {
            let (factor, what) = match cluster.link {
                InstanceLink::Nvlink => (NVLINK_BRIDGE_FACTOR, " × 0.5 (bridges, no NVSwitch)"),
                _ => (1.0, ""),
            };
            let (eff, src) = if cluster.link == InstanceLink::Vendor {
                (VENDOR_LINK_EFF, ASSUMPTION)
            } else {
                (NVLINK_EFF, NCCL_NVLINK)
            };
            (
                g / 2.0 * factor,
                eff,
                detail.text(|| format!("{g} GB/s bidirectional / 2{what}")),
                src,
            )
        }
        None => {
            let (p, t) = pcie_gbs(cluster, detail);
            (p, PCIE_EFF, t, NCCL_PCIE)
        }
    };
    Some(Term {
        key: "intra_node_bandwidth",
        value: raw * eff,
        unit: "GB/s",
        formula: detail.text(|| format!("{text} × {eff:.2} reached by collectives")),
        source: Some(src),
    })
}

/// The node's network bus bandwidth, GB/s, with its formula and source.
fn network(cluster: &Cluster, detail: impl Detail) -> Option<Term> {
    let fabric = cluster.fabric;
    // A job inside one node never uses the network.
    if fabric == Fabric::None || cluster.gpus <= cluster.gpus_per_node.max(1) {
        return None;
    }
    let per_node = cluster.gpus_per_node.max(1) as f64;
    let (gbps, text, src) = match cluster.network_gbps {
        Some(g) if g > 0.0 => (g, detail.text(|| format!("{g} Gbit/s per node")), NCCL_IB),
        _ => match fabric {
            Fabric::Infiniband | Fabric::Roce => {
                let arch = cluster.gpu.architecture.to_ascii_lowercase();
                let per_gpu = if mentions(&arch, "hopper") || mentions(&arch, "blackwell") {
                    IB_GBPS_PER_GPU_HOPPER
                } else {
                    IB_GBPS_PER_GPU
                };
                (
                    per_gpu * per_node,
                    detail.text(|| {
                        format!("{per_gpu} Gbit/s per GPU (default for {fabric:?} with {}) × {per_node}", cluster.gpu.architecture)
                    }),
                    DGX_NETWORK,
                )
            }
            Fabric::Efa => (
                EFA_GBPS_PER_GPU * per_node,
                detail.text(|| {
                    format!("{EFA_GBPS_PER_GPU} Gbit/s per GPU (default for EFA) × {per_node}")
                }),
                NCCL_IB,
            ),
            _ => (
                ETHERNET_GBPS_PER_NODE,
                detail.text(|| format!("{ETHERNET_GBPS_PER_NODE} Gbit/s per node (default)")),
                ASSUMPTION,
            ),
        },
    };
    let eff = if matches!(fabric, Fabric::Ethernet) {
        ETHERNET_EFF
    } else {
        NETWORK_EFF
    };
    Some(Term {
        key: "inter_node_bandwidth",
        value: gbps / 8.0 * eff,
        unit: "GB/s",
        formula: detail.text(|| {
            format!("{text} / 8 × {eff} reached by NCCL (one ring per card, each crossing the node once)")
        }),
        source: Some(src),
    })
}

/// [`links`] with formulas only when `detail` asks for them.
pub fn links_with(cluster: &Cluster, detail: impl Detail) -> Links {
    let intra = intra_node(cluster, detail);
    let net = network(cluster, detail);
    let (intra_gbs, node_network_gbs) = (
        intra.as_ref().map(|t| t.value),
        net.as_ref().map(|t| t.value),
    );
    Links {
        intra_gbs,
        node_network_gbs,
        domain_gpus: cluster.gpus_per_node.max(cluster.nvlink_domain).max(1),
        gpus_per_node: cluster.gpus_per_node.max(1),
        terms: intra.into_iter().chain(net).collect(),
    }
}

/// How the ranks of one communication group sit on the cluster.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Group {
    /// Ranks in the group.
    pub ranks: u32,
    /// Ranks of the group on each node (the rest of a node's GPUs belong to other groups that
    /// communicate at the same time).
    pub per_node: u32,
}

impl Links {
    /// Bus bandwidth of a collective over `group`, GB/s: in-node (or in-domain) when the group
    /// fits there, else the node's network share of the group, never above the in-node link.
    /// `None` when the GPUs cannot talk at all.
    pub fn bus_gbs(&self, group: Group) -> Option<f64> {
        if group.ranks <= 1 {
            return Some(f64::INFINITY);
        }
        let per_node = group.per_node.clamp(1, self.gpus_per_node);
        let nodes = group.ranks.div_ceil(per_node);
        if nodes <= 1 || nodes.saturating_mul(self.gpus_per_node) <= self.domain_gpus {
            return self.intra_gbs;
        }
        let share = f64::from(per_node) / f64::from(self.gpus_per_node);
        let net = self.node_network_gbs? * share;
        Some(match self.intra_gbs {
            Some(intra) if per_node > 1 => net.min(intra),
            _ => net,
        })
    }
}

/// Seconds for an all-reduce of `bytes` over `n` ranks at `gbs` GB/s bus bandwidth.
pub fn all_reduce_s(bytes: f64, n: f64, gbs: f64) -> f64 {
    if n <= 1.0 || !gbs.is_finite() {
        return 0.0;
    }
    2.0 * (n - 1.0) / n * bytes / (gbs * 1e9)
}

/// Seconds for an all-gather (or reduce-scatter) of `bytes` in total over `n` ranks.
pub fn all_gather_s(bytes: f64, n: f64, gbs: f64) -> f64 {
    if n <= 1.0 || !gbs.is_finite() {
        return 0.0;
    }
    (n - 1.0) / n * bytes / (gbs * 1e9)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    #[test]
    fn nvswitch_a100_reaches_two_hundred_gb_s() {
        let gpu = Catalog::builtin().gpu("a100-80gb-sxm").unwrap();
        let l = links(&Cluster::single_node(gpu, 8));
        assert!((l.intra_gbs.unwrap() - 200.0).abs() < 1e-9);
        assert_eq!(l.node_network_gbs, None);
    }

    #[test]
    fn ring_all_reduce_moves_twice_the_data() {
        // 8 ranks, 1 GB, 100 GB/s: 2 × 7/8 × 1e9 / 1e11 = 17.5 ms.
        assert!((all_reduce_s(1e9, 8.0, 100.0) - 0.0175).abs() < 1e-12);
        assert_eq!(all_reduce_s(1e9, 1.0, 100.0), 0.0);
    }

    fn a100_nodes(gpus: u32) -> Cluster<'static> {
        Cluster {
            gpu: Catalog::builtin().gpu("a100-80gb-sxm").unwrap(),
            gpus,
            gpus_per_node: 8,
            link: InstanceLink::Nvswitch,
            fabric: Fabric::Infiniband,
            network_gbps: Some(1600.0),
            nvlink_domain: 8,
        }
    }

    /// A data-parallel group holding every GPU of its nodes uses all of each node's cards;
    /// one holding a single GPU per node (beside tensor parallelism of 8) uses one card.
    #[test]
    fn a_group_spanning_nodes_gets_its_share_of_the_node_network() {
        let l = links(&a100_nodes(64));
        let whole = l
            .bus_gbs(Group {
                ranks: 64,
                per_node: 8,
            })
            .unwrap();
        assert!((whole - 1600.0 / 8.0 * NETWORK_EFF).abs() < 1e-9);
        let one = l
            .bus_gbs(Group {
                ranks: 8,
                per_node: 1,
            })
            .unwrap();
        assert!((one - whole / 8.0).abs() < 1e-9);
        let inside = l
            .bus_gbs(Group {
                ranks: 8,
                per_node: 8,
            })
            .unwrap();
        assert!((inside - 200.0).abs() < 1e-9);
    }

    #[test]
    fn an_nvlink_domain_larger_than_a_node_stays_on_nvlink() {
        let gpu = Catalog::builtin().gpu("gb200").unwrap();
        let c = Cluster {
            gpu,
            gpus: 72,
            gpus_per_node: 4,
            link: InstanceLink::Nvswitch,
            fabric: Fabric::Ethernet,
            network_gbps: None,
            nvlink_domain: 72,
        };
        let l = links(&c);
        assert_eq!(
            l.bus_gbs(Group {
                ranks: 72,
                per_node: 4
            }),
            l.intra_gbs
        );
        assert!(
            l.bus_gbs(Group {
                ranks: 144,
                per_node: 4
            })
            .unwrap()
                < l.intra_gbs.unwrap()
        );
    }
}
