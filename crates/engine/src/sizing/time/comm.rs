//! Bandwidth between GPUs and the time of collectives.
//!
//! Collective times follow the NCCL tests' bus-bandwidth model: an all-reduce of S bytes over n
//! ranks moves 2(n−1)/n · S through each rank's link, an all-gather or reduce-scatter (n−1)/n · S.
//! Link bandwidths come from the GPU's link (NVLink GB/s per GPU, PCIe generation), the offer's
//! in-node link and its network (Gbit/s per node when the catalog states it), each scaled by the
//! share NCCL measurably reaches.

use crate::catalog::{schema::LinkKind, Fabric, InstanceLink};
use crate::explain::{Detail, Term};
use crate::scenario::Cluster;
use crate::sizing::defaults::*;

/// Effective per-GPU, per-direction bandwidths, GB/s.
#[derive(Debug, Clone, PartialEq)]
pub struct Links {
    /// Inside a node; `None` for one-GPU nodes.
    pub intra_gbs: Option<f64>,
    /// Between nodes; `None` when the offer has no multi-node fabric.
    pub inter_gbs: Option<f64>,
    pub terms: Vec<Term>,
}

/// PCIe per-direction bandwidth of `gpu`'s slot, GB/s, and how it was obtained.
fn pcie_gbs(cluster: &Cluster, detail: Detail) -> (f64, String) {
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
    raw * PCIE_EFF
}

/// Bandwidths of `cluster`.
pub fn links(cluster: &Cluster) -> Links {
    links_with(cluster, Detail::Full)
}

/// [`links`] with formulas only when `detail` asks for them.
pub fn links_with(cluster: &Cluster, detail: Detail) -> Links {
    let mut terms = Vec::new();
    let gpu = cluster.gpu;
    let intra = if cluster.gpus_per_node <= 1 || cluster.link == InstanceLink::None {
        None
    } else {
        let (raw, eff, text, src) = match cluster.link {
            InstanceLink::Nvswitch | InstanceLink::Nvlink | InstanceLink::Vendor => {
                match gpu.link.gbs_per_gpu {
                    Some(g) if gpu.link.kind != LinkKind::Pcie => {
                        let (factor, what) = match cluster.link {
                            InstanceLink::Nvlink => {
                                (NVLINK_BRIDGE_FACTOR, " × 0.5 (bridges, no NVSwitch)")
                            }
                            _ => (1.0, ""),
                        };
                        let eff = if cluster.link == InstanceLink::Vendor {
                            PCIE_EFF
                        } else {
                            NVLINK_EFF
                        };
                        (
                            g / 2.0 * factor,
                            eff,
                            detail.text(|| format!("{g} GB/s bidirectional / 2{what}")),
                            NCCL_NVLINK,
                        )
                    }
                    _ => {
                        let (p, t) = pcie_gbs(cluster, detail);
                        (p, PCIE_EFF, t, ASSUMPTION)
                    }
                }
            }
            InstanceLink::Pcie | InstanceLink::None => {
                let (p, t) = pcie_gbs(cluster, detail);
                (p, PCIE_EFF, t, ASSUMPTION)
            }
        };
        terms.push(Term {
            key: "intra_node_bandwidth",
            value: raw * eff,
            unit: "GB/s",
            formula: detail.text(|| format!("{text} × {eff:.2} reached by collectives")),
            source: Some(src),
        });
        Some(raw * eff)
    };
    let inter = match cluster.fabric {
        Fabric::None => None,
        fabric => {
            let per_node = cluster.gpus_per_node.max(1) as f64;
            let (gbps_per_gpu, text, src) = match cluster.network_gbps {
                Some(g) if g > 0.0 => (
                    g / per_node,
                    detail.text(|| format!("{g} Gbit/s per node / {per_node} GPUs")),
                    NCCL_IB,
                ),
                _ => match fabric {
                    Fabric::Infiniband | Fabric::Roce => (
                        IB_GBPS_PER_GPU,
                        detail.text(|| {
                            format!("{IB_GBPS_PER_GPU} Gbit/s per GPU (default for {fabric:?})")
                        }),
                        NCCL_IB,
                    ),
                    Fabric::Efa => (
                        EFA_GBPS_PER_GPU,
                        detail.text(|| {
                            format!("{EFA_GBPS_PER_GPU} Gbit/s per GPU (default for EFA)")
                        }),
                        NCCL_IB,
                    ),
                    _ => (
                        ETHERNET_GBPS_PER_NODE / per_node,
                        detail.text(|| {
                            format!(
                                "{ETHERNET_GBPS_PER_NODE} Gbit/s per node (default) / {per_node} GPUs"
                            )
                        }),
                        ASSUMPTION,
                    ),
                },
            };
            let gbs = gbps_per_gpu / 8.0 * NETWORK_EFF;
            terms.push(Term {
                key: "inter_node_bandwidth",
                value: gbs,
                unit: "GB/s",
                formula: detail.text(|| format!("{text} / 8 × {NETWORK_EFF} reached by NCCL")),
                source: Some(src),
            });
            Some(gbs)
        }
    };
    Links {
        intra_gbs: intra,
        inter_gbs: inter,
        terms,
    }
}

impl Links {
    /// Bandwidth of a group of `n` ranks placed on `cluster`: the network's when the group spans
    /// nodes, the node's link otherwise. `None` when the GPUs cannot talk at all.
    pub fn group_gbs(&self, n: u32, spans_nodes: bool) -> Option<f64> {
        if n <= 1 {
            return Some(f64::INFINITY);
        }
        if spans_nodes {
            match (self.inter_gbs, self.intra_gbs) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (Some(a), None) => Some(a),
                _ => None,
            }
        } else {
            self.intra_gbs
        }
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
        assert_eq!(l.inter_gbs, None);
    }

    #[test]
    fn ring_all_reduce_moves_twice_the_data() {
        // 8 ranks, 1 GB, 100 GB/s: 2 × 7/8 × 1e9 / 1e11 = 17.5 ms.
        assert!((all_reduce_s(1e9, 8.0, 100.0) - 0.0175).abs() < 1e-12);
        assert_eq!(all_reduce_s(1e9, 1.0, 100.0), 0.0);
    }
}
