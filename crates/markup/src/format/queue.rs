//! A month's queue of jobs in words: which way to serve it, what it saves, and where that flips.

use super::money;
use crate::i18n::{self, Lang, Text};
use gpu_sizer_engine::catalog::Currency;
use gpu_sizer_engine::cost::queue::{QueueChoice, QueueComparison};

const fn tx(en: &'static str, zh: &'static str) -> Text {
    Text { en, zh }
}

/// The heading of the comparison.
pub const QUEUE_HEADING: Text = tx(
    "Queue of jobs, a month: start and stop, or keep up",
    "作业队列（每月）：按需启停还是整月常驻",
);

/// The recommendation: the cheaper way, by how much, the busy share kept up, and the jobs a
/// day at which the other way takes over.
pub fn queue_advice(q: &QueueComparison, currency: Currency, lang: Lang) -> String {
    let m = |v: f64| money(v, currency);
    let zh = lang == Lang::Zh;
    let (ss, ku, d) = (m(q.start_stop), m(q.kept_up), m(q.saving()));
    let busy = i18n::number(q.utilisation * 100.0, 0);
    let per_day = i18n::number(q.jobs_per_day, 1);
    let mut text = match (q.choice, zh) {
        (QueueChoice::StartStop, false) => format!("Start instances for the work and stop them: {ss} a month against {ku} kept up ({busy} % busy), {d} less."),
        (QueueChoice::StartStop, true) => format!("建议按需启停：每月 {ss}，整月常驻要 {ku}（利用率 {busy}%），省 {d}。"),
        (QueueChoice::KeptUp, false) => format!("Keep the instances up: {ku} a month ({busy} % busy) against {ss} started and stopped, {d} less."),
        (QueueChoice::KeptUp, true) => format!("建议整月常驻：每月 {ku}（利用率 {busy}%），按需启停要 {ss}，省 {d}。"),
    };
    if let Some(j) = q.break_even_jobs_per_day {
        let j = i18n::number(j, 1);
        text.push_str(&if zh {
            format!("现在每天 {per_day} 个作业；约 {j} 个/天时两者持平，超过则常驻更省。")
        } else {
            format!(" At {per_day} jobs a day now; the two cost the same at about {j} a day, above which keeping up is cheaper.")
        });
    }
    text.push_str(
        tx(
            " Waiting in the queue is not modelled.",
            "未计排队等待时间。",
        )
        .get(lang),
    );
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpu_sizer_engine::cost::queue::{compare, Arrival, Queue, Rates, DAYS_PER_MONTH};
    use gpu_sizer_engine::explain::Numbers;

    #[test]
    fn the_advice_names_the_cheaper_way_and_where_it_flips_in_both_languages() {
        let queue = Queue {
            jobs_per_month: 3.0 * DAYS_PER_MONTH,
            job_h: Some(2.0),
            arrival: Arrival::Spread,
            startup_h: 0.0,
            idle_stop_h: 0.0,
            kept: 1,
        };
        let rates = Rates {
            start_stop: 1.0,
            kept: 1.0,
            increment_s: 1,
            minimum_s: 0,
        };
        let q = compare(&queue, 1.0, rates, Numbers).unwrap();
        let en = queue_advice(&q, Currency::Usd, Lang::En);
        assert!(en.starts_with("Start instances for the work and stop them: $182.50 a month against $730.00 kept up (25 % busy), $547.50 less."), "{en}");
        assert!(en.contains("about 12.0 a day"), "{en}");
        let zh = queue_advice(&q, Currency::Usd, Lang::Zh);
        assert!(
            zh.starts_with(
                "建议按需启停：每月 $182.50，整月常驻要 $730.00（利用率 25%），省 $547.50。"
            ),
            "{zh}"
        );
        assert!(zh.contains("未计排队等待时间"), "{zh}");
    }
}
