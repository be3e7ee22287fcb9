//! The pitfalls in words: a title, and what is at stake with what to do about it.

use super::{mode, money, tx};
use crate::i18n::{self, Lang, Text};
use gpu_sizer_engine::catalog::Currency;
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
                    "存储只有 {} MB/s，GPU 利用率被限制在 {:.0}%：多花 {}。",
                    i18n::number(*feed_mbs, 0),
                    utilisation * 100.0,
                    m(*extra_cost)
                )
            } else {
                format!(
                    "Storage at {} MB/s caps GPU use at {:.0}%: +{}. ",
                    i18n::number(*feed_mbs, 0),
                    utilisation * 100.0,
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
                    "出网流量占总成本 {:.0}%（{}）。尽量在同一云内处理数据。",
                    share * 100.0,
                    m(*cost)
                )
            } else {
                format!("Data transfer out is {:.0}% of the bill ({}). Keep data in the same cloud where you can.", share * 100.0, m(*cost))
            },
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
                    "只剩 {:.0}% 显存余量：真实运行可能显存溢出。",
                    headroom * 100.0
                )
            } else {
                format!(
                    "Only {:.0}% of GPU memory left: a real run may run out of memory.",
                    headroom * 100.0
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
