//! The pitfalls in words: a title, and what is at stake with what to do about it.

use super::{mode, money, tx};
use crate::i18n::{self, Lang, Text};
use gpu_sizer_engine::catalog::{Currency, RefundRule};
use gpu_sizer_engine::float_text;
use gpu_sizer_engine::plan::Pitfall;

/// A pitfall, with the money at stake.
pub fn pitfall(p: &Pitfall, currency: Currency, lang: Lang) -> (Text, String) {
    let m = |v: f64| money(v, currency);
    let zh = lang == Lang::Zh;
    match p {
        Pitfall::StorageStarvesGpu {
            utilisation,
            extra_cost,
            feed_mbs,
            faster_mbs,
        } => {
            // The cap and its cost, then what would lift it.
            let mut text = if zh {
                format!(
                    "存储只有 {} MB/s，GPU 利用率被限制在 {}%：多花 {}。",
                    i18n::number(*feed_mbs, 0),
                    float_text::fixed(utilisation * 100.0, 0),
                    m(*extra_cost)
                )
            } else {
                format!(
                    "Storage at {} MB/s caps GPU use at {}%: +{}. ",
                    i18n::number(*feed_mbs, 0),
                    float_text::fixed(utilisation * 100.0, 0),
                    m(*extra_cost)
                )
            };
            match faster_mbs {
                Some(f) => {
                    text.push_str(
                        tx(
                            "This offer's fastest storage reads ",
                            "该实例最快的存储可达 ",
                        )
                        .get(lang),
                    );
                    text.push_str(&i18n::number(*f, 0));
                    text.push_str(
                        tx(
                            " MB/s: choose the fastest storage tier or the local disk.",
                            " MB/s：勾选“最快存储层”或使用本地盘。",
                        )
                        .get(lang),
                    );
                }
                None => text.push_str(
                    tx(
                        "Use faster storage or smaller samples.",
                        "请换更快的存储，或减小每个样本的数据量。",
                    )
                    .get(lang),
                ),
            }
            (tx("Storage starves the GPUs", "存储拖慢 GPU"), text)
        }
        Pitfall::OnDemandForLongJob { saving, mode: mo } => (
            tx("On-demand for a long job", "长作业用按量付费"),
            if zh {
                format!("改用{}可省 {}。", mode(*mo).zh, m(*saving))
            } else {
                format!(
                    "A {} would save {}.",
                    mode(*mo).en.to_ascii_lowercase(),
                    m(*saving)
                )
            },
        ),
        Pitfall::Egress { cost, share } => (
            tx("Egress fees", "出网流量费"),
            if zh {
                format!(
                    "出网流量占总成本 {}%（{}）。尽量在同一云内处理数据。",
                    float_text::fixed(share * 100.0, 0),
                    m(*cost)
                )
            } else {
                format!("Data transfer out is {}% of the bill ({}). Keep data in the same cloud where you can.", float_text::fixed(share * 100.0, 0), m(*cost))
            },
        ),
        Pitfall::CrossTraffic { .. } => (
            tx("Data across zones and clouds", "跨可用区、跨云传输"),
            cross_traffic(p, &m, lang),
        ),
        Pitfall::BandwidthBilling { stated, .. } => (
            if *stated {
                tx("Fixed bandwidth or traffic", "固定带宽还是按流量")
            } else {
                tx("Pay by bandwidth, not traffic", "按带宽比按流量便宜")
            },
            bandwidth(p, &m, lang),
        ),
        Pitfall::SubscriptionStoppedEarly {
            subscription,
            pay_as_you_go,
            ..
        } => (
            if subscription > pay_as_you_go {
                tx("Stopping early: pay as you go", "提前停用：按量付费更省")
            } else {
                tx("Subscription stopped early", "包年包月提前退订")
            },
            stopped_early(p, &m, lang),
        ),
        Pitfall::NoAutoStop {
            idle_cost,
            saving,
            grace_h,
        } => (
            tx("No auto-stop", "没有自动关机"),
            if zh {
                format!(
                    "空闲时间要花 {}。空闲 {} 分钟后自动关机可省 {}。",
                    m(*idle_cost),
                    i18n::number(grace_h * 60.0, 0),
                    m(*saving)
                )
            } else {
                format!(
                    "Idle hours cost {}. An auto-stop after {} idle minutes would save {}.",
                    m(*idle_cost),
                    i18n::number(grace_h * 60.0, 0),
                    m(*saving)
                )
            },
        ),
        Pitfall::KeptUpIdle { .. } => (
            tx("Kept up, idle most of the month", "常驻实例大半个月空闲"),
            kept_up_idle(p, &m, lang),
        ),
        Pitfall::MultiGpuWithoutNvlink { extra_cost } => (
            tx("Multi-GPU without NVLink", "多卡无 NVLink"),
            if zh {
                format!(
                    "同样的 GPU 用 NVLink 互联会更快：PCIe 多花 {}。",
                    m(*extra_cost)
                )
            } else {
                format!(
                    "The same GPUs over NVLink finish sooner: PCIe costs {} more.",
                    m(*extra_cost)
                )
            },
        ),
        Pitfall::LowMemoryHeadroom { headroom } => (
            tx("Memory headroom under 10%", "显存余量不足 10%"),
            if zh {
                format!(
                    "只剩 {}% 显存余量：真实运行可能显存溢出。",
                    float_text::fixed(headroom * 100.0, 0)
                )
            } else {
                format!(
                    "Only {}% of GPU memory left: a real run may run out of memory.",
                    float_text::fixed(headroom * 100.0, 0)
                )
            },
        ),
        Pitfall::StalePrice { days: Some(days) } => (
            tx("Old price", "价格较旧"),
            if zh {
                format!("该价格的来源日期已过去 {days} 天，请核对当前价格。")
            } else {
                format!("This price's source is dated {days} days ago: check today's price.")
            },
        ),
        Pitfall::StalePrice { days: None } => (
            tx("Price of unknown date", "价格日期未知"),
            if zh {
                "该价格的来源没有日期，可能已经过时：请核对当前价格。".to_string()
            } else {
                "This price's source carries no date, so it may be old: check today's price."
                    .to_string()
            },
        ),
        Pitfall::NonCuda { software } => (
            tx("Not a CUDA GPU", "非 CUDA GPU"),
            if zh {
                format!("需要 {software}：确认你的框架支持。")
            } else {
                format!("Needs {software}: check that your framework supports it.")
            },
        ),
        Pitfall::SpotServing {
            spares,
            reclaims_per_month,
            spare_cost,
        } => (
            tx("Spot for a production service", "生产服务用竞价实例"),
            if zh {
                format!(
                    "每月约 {} 次回收：已按 {spares} 台备用实例计价（每月 {}），但每次回收仍会中断正在生成的回答。请保留按量付费的基础实例。",
                    i18n::number(*reclaims_per_month, 0),
                    m(*spare_cost)
                )
            } else {
                format!(
                    "About {} reclaims a month: priced with {spares} spare instance(s) ({} a month), yet each drops the answers in flight. Keep an on-demand base.",
                    i18n::number(*reclaims_per_month, 0),
                    m(*spare_cost)
                )
            },
        ),
        Pitfall::ConsumerHardware {
            consumer_card,
            marketplace,
        } => {
            let card = tx(
                "The GeForce driver licence does not cover data-centre deployment.",
                "GeForce 显卡的驱动许可不允许数据中心部署。",
            );
            let host = tx(
                "A marketplace host is a third party's machine: check its reliability record and keep a fallback.",
                "市场上的主机属于第三方：先看它的可靠性记录，并准备备用实例。",
            );
            let mut text = String::new();
            if *consumer_card {
                text.push_str(card.get(lang));
            }
            if *marketplace {
                if !text.is_empty() && !zh {
                    text.push(' ');
                }
                text.push_str(host.get(lang));
            }
            (
                tx("Consumer hardware for production", "生产服务用消费级硬件"),
                text,
            )
        }
    }
}

/// What the month's traffic across zones and clouds costs, and that keeping the data in the
/// GPUs' zone saves it.
fn cross_traffic(p: &Pitfall, m: &dyn Fn(f64) -> String, lang: Lang) -> String {
    let Pitfall::CrossTraffic {
        zone_gb,
        zone_cost,
        cloud_gb,
        cloud_cost,
        saving,
        share,
    } = p
    else {
        return String::new();
    };
    let zh = lang == Lang::Zh;
    // Either cost or both, the second joined to the first as the sentence joins them.
    let mut what = String::new();
    if let Some(cost) = zone_cost.filter(|c| *c > 0.0) {
        let gb = i18n::number(*zone_gb, 0);
        what = if zh {
            format!("跨可用区 {gb} GB 要 {}", m(cost))
        } else {
            format!("{gb} GB between zones costs {}", m(cost))
        };
    }
    if let Some(cost) = cloud_cost.filter(|c| *c > 0.0) {
        let gb = i18n::number(*cloud_gb, 0);
        if !what.is_empty() {
            what.push_str(if zh { "，" } else { " and " });
        }
        what.push_str(&if zh {
            format!("发往其他云 {gb} GB 要 {}", m(cost))
        } else {
            format!("{gb} GB to another cloud costs {}", m(cost))
        });
    }
    let (pct, save) = (i18n::number(share * 100.0, 0), m(*saving));
    if zh {
        format!("每月{what}（占总成本 {pct}%）。把数据放在 GPU 所在的同一可用区、同一云内，每月可省 {save}。")
    } else {
        format!("Each month {what} ({pct}% of the bill). Keeping the data in the GPUs' zone, in the same cloud, would save {save} a month.")
    }
}

/// Public bandwidth both ways: which costs less and by how much a month, whether a stated port
/// carries the month's egress, and the free private network within a region.
fn bandwidth(p: &Pitfall, m: &dyn Fn(f64) -> String, lang: Lang) -> String {
    let Pitfall::BandwidthBilling {
        mbps,
        stated,
        fixed,
        traffic,
        egress_gb,
        capacity_gb,
        intranet_free,
        package,
    } = p
    else {
        return String::new();
    };
    let (port, gb, cap) = (
        i18n::number(*mbps, 0),
        i18n::number(*egress_gb, 0),
        i18n::number(*capacity_gb, 0),
    );
    let (f, t, d) = (m(*fixed), m(*traffic), m((fixed - traffic).abs()));
    let zh = lang == Lang::Zh;
    let mut text = match (*stated, fixed > traffic, zh) {
        (true, true, false) => format!("A fixed {port} Mbps port costs {f} a month; the month's {gb} GB out paid by traffic would cost {t}: {d} a month at stake. Pay by traffic instead."),
        (true, true, true) => format!("{port} Mbps 固定带宽每月 {f}；本月 {gb} GB 出网按流量计费只需 {t}：每月多花 {d}。建议改为按流量计费。"),
        (true, false, false) => format!("A fixed {port} Mbps port costs {f} a month against {t} for the month's {gb} GB out paid by traffic: the port saves {d} a month."),
        (true, false, true) => format!("{port} Mbps 固定带宽每月 {f}，本月 {gb} GB 出网按流量计费要 {t}：固定带宽每月省 {d}。"),
        (false, _, false) => format!("The month's {gb} GB out paid by traffic cost {t}; a fixed {port} Mbps port carries them at a flat rate for {f} a month: {d} a month less. Bursty traffic needs a bigger port."),
        (false, _, true) => format!("本月 {gb} GB 出网按流量计费要 {t}；{port} Mbps 固定带宽以平均速率即可承载，每月 {f}：每月省 {d}。流量有突发时需要更大的带宽。"),
    };
    if *stated && capacity_gb < egress_gb {
        text.push_str(&if zh {
            format!("但它每月最多传 {cap} GB，传不完本月的 {gb} GB。")
        } else {
            format!(" But it carries at most {cap} GB a month, less than the month's {gb} GB.")
        });
    }
    if let Some(package) = package {
        let p = m(*package);
        text.push_str(&match (*package < fixed.min(*traffic), zh) {
            (true, false) => format!(" A shared bandwidth package (共享带宽包) billed on the month's peak costs {p} a month for {port} Mbps, less than either."),
            (true, true) => format!("共享带宽包按月峰值计费，{port} Mbps 每月 {p}，比两者都便宜。"),
            (false, false) => format!(" A shared bandwidth package (共享带宽包) billed on the month's peak would cost {p} a month for {port} Mbps: it pays only when several instances' peaks fall at different times."),
            (false, true) => format!("共享带宽包按月峰值计费，{port} Mbps 每月 {p}：只有多台实例的流量峰值错开时才划算。"),
        });
    }
    if *intranet_free {
        text.push_str(
            tx(
                " Transfer within the region over the private network is free here: keep data and GPUs in one region.",
                "同地域内网传输免费：把数据和 GPU 放在同一地域。",
            )
            .get(lang),
        );
    }
    text
}

/// A subscription stopped after some months against paying as you go for them: which costs
/// less and by how much, what the refund rule gives back, or when a month pays off without one.
fn stopped_early(p: &Pitfall, m: &dyn Fn(f64) -> String, lang: Lang) -> String {
    let Pitfall::SubscriptionStoppedEarly {
        months,
        subscription,
        pay_as_you_go,
        refunded,
        refund_rule,
        handling_fee,
        break_even_months,
    } = p
    else {
        return String::new();
    };
    let n = i18n::number(*months, 2);
    let (s, g, d) = (
        m(*subscription),
        m(*pay_as_you_go),
        m((subscription - pay_as_you_go).abs()),
    );
    let zh = lang == Lang::Zh;
    let mut text = match (subscription > pay_as_you_go, zh) {
        (true, false) => format!("Stopped after {n} months, the subscription costs {s} against {g} paying as you go for the same hours: {d} more. Pay as you go instead."),
        (true, true) => format!("{n} 个月后停用，包年包月共 {s}，同样时长按量付费只需 {g}：多花 {d}。建议改为按量付费。"),
        (false, false) => format!("Stopped after {n} months, the subscription costs {s} against {g} paying as you go for the same hours: {d} less."),
        (false, true) => format!("{n} 个月后停用，包年包月共 {s}，同样时长按量付费要 {g}：省 {d}。"),
    };
    let back = m(*refunded);
    text.push_str(&match (refund_rule, zh) {
        (Some(rule), false) => format!(" The provider's published refund rule gives {back} back for the month cut short ({}).", cut_month_rule(*rule, *handling_fee, zh)),
        (Some(rule), true) => format!("按云厂商公布的退费规则（{}），退还 {back}。", cut_month_rule(*rule, *handling_fee, zh)),
        (None, false) => format!(" No refund rule of this provider is in the catalog, so every month bought is counted in full: a month pays off once it is used {} % of the way.", float_text::fixed(break_even_months * 100.0, 0)),
        (None, true) => format!("目录中没有该云厂商的退费规则，已购月份全额计算：每月使用超过 {}% 才划算。", float_text::fixed(break_even_months * 100.0, 0)),
    });
    text
}

/// How a provider's refund rule counts the month cut short, with its handling fee (a share).
fn cut_month_rule(rule: RefundRule, handling_fee: f64, zh: bool) -> String {
    let counted = match (rule, zh) {
        (RefundRule::OnDemandHours, false) => "its hours are charged on demand",
        (RefundRule::OnDemandHours, true) => "未满的月份按按量价格扣除",
        (RefundRule::DaysProRata, false) => {
            "its days used are charged at the month's price pro rata, a part-day as a whole day"
        }
        (RefundRule::DaysProRata, true) => "未满的月份按已用天数折算扣除，不足一天按一天计",
        (RefundRule::HoursProRata, false) => {
            "its hours used are charged at the month's price pro rata"
        }
        (RefundRule::HoursProRata, true) => "未满的月份按已用小时折算扣除",
    };
    let fee = i18n::number(handling_fee * 100.0, 0);
    match (handling_fee > 0.0, zh) {
        (false, _) => counted.to_string(),
        (true, false) => format!("{counted}, and a handling fee of {fee} % of the month is kept"),
        (true, true) => format!("{counted}，并收取该月费用 {fee}% 的手续费"),
    }
}

/// Instances kept up for a queue of jobs that leaves them idle: their busy share, what keeping
/// them up costs against starting them for the work, and the load at which it would pay.
fn kept_up_idle(p: &Pitfall, m: &dyn Fn(f64) -> String, lang: Lang) -> String {
    let Pitfall::KeptUpIdle {
        utilisation,
        kept_up,
        start_stop,
        break_even_jobs_per_day,
    } = p
    else {
        return String::new();
    };
    let busy = i18n::number(utilisation * 100.0, 0);
    let (k, s, d) = (m(*kept_up), m(*start_stop), m(kept_up - start_stop));
    let zh = lang == Lang::Zh;
    let mut text = if zh {
        format!("整月常驻的实例只有 {busy}% 的时间在工作，每月 {k}；按作业启动、空闲即缩容只需 {s}：每月多花 {d}。")
    } else {
        format!("Kept up all month, the instances would be busy {busy} % of the time for {k} a month; started for each job and scaled down when idle they cost {s}: {d} a month at stake.")
    };
    if let Some(j) = break_even_jobs_per_day {
        let j = i18n::number(*j, 1);
        text.push_str(&if zh {
            format!("每天超过约 {j} 个作业时，常驻才划算。")
        } else {
            format!(" Keeping them up pays from about {j} jobs a day.")
        });
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The month's crossings and their saving, in both languages, naming only what is charged.
    #[test]
    fn traffic_across_zones_and_clouds_says_what_one_zone_saves() {
        let p = Pitfall::CrossTraffic {
            zone_gb: 1500.0,
            zone_cost: Some(30.0),
            cloud_gb: 500.0,
            cloud_cost: Some(0.0),
            saving: 30.0,
            share: 0.25,
        };
        let (title, en) = pitfall(&p, Currency::Usd, Lang::En);
        assert!(!title.en.is_empty() && !title.zh.is_empty());
        assert!(en.contains("1,500 GB between zones costs $30.00"), "{en}");
        assert!(
            en.contains("25%") && en.contains("save $30.00 a month"),
            "{en}"
        );
        assert!(!en.contains("another cloud costs"), "{en}");
        let (_, zh) = pitfall(&p, Currency::Usd, Lang::Zh);
        assert!(zh.contains("跨可用区 1,500 GB 要 $30.00"), "{zh}");
        assert!(zh.contains("每月可省 $30.00"), "{zh}");
        // Both charged: joined as a sentence joins them; the cloud's alone: nothing before it.
        let traffic = |zone_cost, cloud_cost| Pitfall::CrossTraffic {
            zone_gb: 1500.0,
            zone_cost,
            cloud_gb: 500.0,
            cloud_cost,
            saving: 75.0,
            share: 0.5,
        };
        let both = traffic(Some(30.0), Some(45.0));
        let (_, en) = pitfall(&both, Currency::Usd, Lang::En);
        assert!(
            en.starts_with("Each month 1,500 GB between zones costs $30.00 and 500 GB to another cloud costs $45.00 ("),
            "{en}"
        );
        let (_, zh) = pitfall(&both, Currency::Usd, Lang::Zh);
        assert!(
            zh.starts_with("每月跨可用区 1,500 GB 要 $30.00，发往其他云 500 GB 要 $45.00（"),
            "{zh}"
        );
        let cloud = traffic(None, Some(45.0));
        let (_, en) = pitfall(&cloud, Currency::Usd, Lang::En);
        assert!(
            en.starts_with("Each month 500 GB to another cloud costs $45.00 ("),
            "{en}"
        );
    }

    /// Each refund rule says how it counts the month cut short, with Huawei Cloud's handling
    /// fee, in both languages; without a rule, when a month pays off.
    #[test]
    fn a_subscription_stopped_early_names_the_refund_rule() {
        let stopped = |refund_rule, handling_fee| Pitfall::SubscriptionStoppedEarly {
            months: 1.2,
            subscription: 900.0,
            pay_as_you_go: 1000.0,
            refunded: 100.0,
            refund_rule,
            handling_fee,
            break_even_months: 0.6,
        };
        let text = |p: &Pitfall, lang| pitfall(p, Currency::Cny, lang).1;
        let days = stopped(Some(RefundRule::DaysProRata), 0.0);
        let en = text(&days, Lang::En);
        assert!(
            en.contains("its days used are charged at the month's price pro rata"),
            "{en}"
        );
        assert!(!en.contains("handling fee"), "{en}");
        let zh = text(&days, Lang::Zh);
        assert!(zh.contains("按已用天数折算扣除"), "{zh}");
        let hours = stopped(Some(RefundRule::HoursProRata), 0.10);
        let en = text(&hours, Lang::En);
        assert!(
            en.contains("a handling fee of 10 % of the month is kept"),
            "{en}"
        );
        let zh = text(&hours, Lang::Zh);
        assert!(zh.contains("并收取该月费用 10% 的手续费"), "{zh}");
        let on_demand = text(&stopped(Some(RefundRule::OnDemandHours), 0.0), Lang::En);
        assert!(
            on_demand.contains("its hours are charged on demand"),
            "{on_demand}"
        );
        let none = text(&stopped(None, 0.0), Lang::En);
        assert!(none.contains("used 60 % of the way"), "{none}");
    }

    /// A shared bandwidth package is set beside the port and the traffic, in both languages,
    /// and said to pay only across instances when it costs more than either.
    #[test]
    fn a_bandwidth_package_is_compared_where_published() {
        let billing = |package| Pitfall::BandwidthBilling {
            mbps: 100.0,
            stated: true,
            fixed: 8665.0,
            traffic: 1600.0,
            egress_gb: 2000.0,
            capacity_gb: 32_850.0,
            intranet_free: false,
            package,
        };
        let text = |p: &Pitfall, lang| pitfall(p, Currency::Cny, lang).1;
        let en = text(&billing(Some(10_800.0)), Lang::En);
        assert!(en.contains("shared bandwidth package"), "{en}");
        assert!(en.contains("several instances' peaks"), "{en}");
        let zh = text(&billing(Some(10_800.0)), Lang::Zh);
        assert!(zh.contains("共享带宽包按月峰值计费，100 Mbps 每月"), "{zh}");
        assert!(zh.contains("峰值错开"), "{zh}");
        let cheap = text(&billing(Some(1000.0)), Lang::En);
        assert!(cheap.contains("less than either"), "{cheap}");
        assert!(!text(&billing(None), Lang::En).contains("package"));
    }
}
