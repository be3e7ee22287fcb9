//! Rows of the field table for data moved inside a cloud and between clouds each month: the
//! traffic the guides' "keep data in the same zone, same cloud" is about.

/// Appends these rows to `$rows` and hands them on to `$next` (see the table's header).
macro_rules! transfer_rows {
    ($next:ident! $(, $rest:ident!)* ; $($rows:tt)*) => {
        $next! { $($rest!),* ; $($rows)*
            cross_zone_gb "xz" number(0.0, 1e9) in GB
                "Data moved each month between availability zones of the pick's region (a dataset read from a bucket or disk in another zone, replicas syncing): priced at the provider's inter-zone rate on the sending and the receiving end (AWS: $0.01/GB each); a provider that publishes no rate is reported as unpriced."
                ["Data across zones, a month", "跨可用区流量（每月）"]
                ["GB a month moved between zones of one region (AWS charges both ends); 0: all in one zone.", "同一地域内不同可用区之间每月传输的 GB（AWS 收发两端都收费）；0：都在同一可用区。"];
            cross_cloud_gb "xc" number(0.0, 1e9) in GB
                "Data sent each month to another cloud or region (the dataset kept at another provider, results copied home): it leaves as internet egress, priced in the sending provider's tiers above `egress_gb`; most clouds take it in free."
                ["Data to another cloud, a month", "跨云 / 跨地域流量（每月）"]
                ["GB a month sent to another cloud or region: paid as egress by the sender, usually free to receive.", "每月发往其他云或其他地域的 GB：发送方按出网流量计费，接收方通常免费。"];
        }
    };
}
