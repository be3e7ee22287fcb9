//! The answer card as markup: the pick, its time and cost bands, why it wins, and the pitfalls.
//!
//! Plain text, no framework: the same card is painted first (built into index.html for a first
//! visit, else by the app before it builds its form, see [`crate::page`]) and by the app's
//! `Recommendation` component, so the hand-over from one to the other changes nothing on screen.

use crate::html::Html;
use crate::i18n::{self, t, Lang};
use crate::{excluded, format};
use gpu_sizer_engine::catalog::{Catalog, Currency};
use gpu_sizer_engine::float_text;
use gpu_sizer_engine::plan::{Candidate, Report, Served, ServingFleet};
use gpu_sizer_engine::scenario::InputError;

/// The card for `report`: the recommendation, the reason there is none (with what would fit,
/// when memory rules every offer out), or the input error.
pub fn markup(report: &Result<Report<'_>, InputError>, lang: Lang) -> String {
    card(report, lang).finish()
}

/// [`markup`] still as [`Html`], to be written inside other markup (the page's frame).
pub fn card(report: &Result<Report<'_>, InputError>, lang: Lang) -> Html {
    let mut h = Html::new();
    match report {
        Err(e) => {
            h.raw(r#"<section class="panel error" role="alert" data-testid="input-error"><h2>"#)
                .text(t::CHECK_INPUT.get(lang))
                .raw("</h2>");
            let words = format::input_error(e, lang);
            if !words.is_empty() {
                h.raw("<p>").text(&words).raw("</p>");
            }
            h.raw("</section>");
        }
        Ok(report) => {
            match report.pick() {
                None => {
                    h.raw(r#"<section class="panel recommendation empty" data-testid="recommendation">"#);
                    heading(&mut h, t::NO_CANDIDATE.get(lang));
                    if report.suggestions.is_empty() {
                        nearest(&mut h, report, lang);
                        h.raw("<p>")
                            .text(t::NO_CANDIDATE_HELP.get(lang))
                            .raw("</p>");
                    } else {
                        would_fit(&mut h, report, lang);
                    }
                    h.raw("</section>");
                }
                Some(chosen) => pick(&mut h, report, chosen, lang),
            }
        }
    }
    h
}

/// Nothing meets every constraint: the offer nearest to it, and what it misses by.
fn nearest(h: &mut Html, report: &Report<'_>, lang: Lang) {
    let Some(e) = excluded::nearest(&report.excluded) else {
        return;
    };
    let name = excluded::offer_name(e, Catalog::builtin(), lang);
    let why = format::reason(&e.reason, report.currency, lang);
    h.raw(r#"<p data-testid="nearest">"#)
        .text(&match lang {
            Lang::En => format!("Closest: {name} — {why}."),
            Lang::Zh => format!("最接近的：{name}——{why}。"),
        })
        .raw("</p>");
}

/// Memory rules every offer out: what would fit, and what it costs.
fn would_fit(h: &mut Html, report: &Report<'_>, lang: Lang) {
    h.raw("<p>")
        .text(t::NO_FIT_HELP.get(lang))
        .raw(r#"</p><ul class="suggestions" data-testid="suggestions">"#);
    for s in &report.suggestions {
        let (changes, rest) = format::suggestion(s, report.currency, lang);
        h.raw(r#"<li data-testid="suggestion"><strong>"#)
            .text(&changes)
            .raw("</strong> — ")
            .text(&rest)
            .raw("</li>");
    }
    h.raw("</ul>");
}

fn pick(h: &mut Html, report: &Report<'_>, pick: &Candidate<'_>, lang: Lang) {
    let currency = report.currency;
    h.raw(r#"<section class="panel recommendation" data-testid="recommendation""#)
        .attr("data-offer-id", &pick.offer.id)
        .attr("data-total", &float_text::fixed(pick.cost.expected, 2))
        .raw(r#"><p class="eyebrow">"#)
        .text(t::RECOMMENDED.get(lang))
        .raw("</p>");
    heading(
        h,
        &format!(
            "{} · {}",
            format::provider_name(pick.provider, lang),
            pick.offer.instance_type
        ),
    );
    let shape = match &pick.serving {
        Some(f) => format::fleet(pick, f, lang),
        None => format::rig(pick.instances, pick.offer.gpu_count, &pick.gpu.name, lang),
    };
    h.raw(r#"<p class="muted" data-testid="pick-shape">"#)
        .text(&format!(
            "{shape} · {} · {}",
            pick.offer.region,
            format::mode(pick.mode).get(lang),
        ))
        .raw(r#"</p><div class="figures">"#);
    let cost = [pick.cost.expected, pick.cost.low, pick.cost.high];
    let cost_label = match pick.serving {
        Some(_) => t::COST_PER_MONTH,
        None => t::TOTAL_COST,
    };
    banded(
        h,
        cost_label.get(lang),
        "pick-cost",
        cost.map(|v| format::money(v, currency)),
    );
    match &pick.serving {
        // A service runs the month on every offer: what tells them apart is how fast it answers.
        Some(f) => serving_figures(h, f, currency, lang),
        None => {
            let hours = [pick.hours.expected, pick.hours.low, pick.hours.high];
            banded(
                h,
                t::TIME.get(lang),
                "pick-time",
                hours.map(|v| i18n::duration(v, lang)),
            );
        }
    }
    figure(
        h,
        t::MEMORY_PER_GPU.get(lang),
        "memory-total",
        &format!("{} GiB", i18n::number(pick.memory.total_gib, 1)),
        Some(&format!(
            "{} {} GiB",
            t::OF.get(lang),
            i18n::number(pick.gpu.memory_gib, 0)
        )),
    );
    h.raw("</div>");
    let why = report.why.as_ref().and_then(|w| {
        report.ranked.get(w.runner_up).map(|r| {
            let name = format!(
                "{} {}",
                format::provider_name(r.provider, lang),
                r.offer.instance_type
            );
            format::why(w, &name, currency, lang)
        })
    });
    if let Some(why) = why {
        h.raw(r#"<p class="why" data-testid="why">"#)
            .text(&why)
            .raw("</p>");
    }
    if !report.pitfalls.is_empty() {
        h.raw("<h3>").text(t::PITFALLS.get(lang)).raw("</h3>");
    }
    h.raw(r#"<ul class="pitfalls" data-testid="pitfalls">"#);
    for p in &report.pitfalls {
        let (title, body) = format::pitfall(p, currency, lang);
        h.raw("<li><strong>")
            .text(title.get(lang))
            .raw("</strong> ")
            .text(&body)
            .raw("</li>");
    }
    h.raw(r#"</ul><ul class="warnings">"#);
    for w in report.warnings.iter().chain(pick.warnings()) {
        h.raw("<li>").text(&format::warning(w, lang)).raw("</li>");
    }
    h.raw("</ul></section>");
}

/// A service's figures: cost per million tokens, time per output token against the target,
/// time to first token and tokens per second per replica.
fn serving_figures(h: &mut Html, f: &ServingFleet, currency: Currency, lang: Lang) {
    if f.served == Served::Requests {
        return inference_figures(h, f, currency, lang);
    }
    figure(
        h,
        t::PER_MILLION_TOKENS.get(lang),
        "pick-per-million",
        &format::money(f.per_million_tokens, currency),
        None,
    );
    figure(
        h,
        t::TIME_PER_TOKEN.get(lang),
        "pick-time",
        &format::ms(f.time_per_output_token_ms, lang),
        format::against_target(f.latency_target_ms, lang).as_deref(),
    );
    figure(
        h,
        t::FIRST_TOKEN.get(lang),
        "pick-ttft",
        &format!(
            "{} {}",
            i18n::number(f.time_to_first_token_s, 2),
            if lang == Lang::Zh { "秒" } else { "s" }
        ),
        None,
    );
    figure(
        h,
        t::TOKENS_PER_REPLICA.get(lang),
        "pick-tokens",
        &i18n::number(f.replica_tokens_per_s, 0),
        None,
    );
}

/// A non-LLM service's figures: cost per million inferences, a request's latency against the
/// bound, and inferences per second per replica.
fn inference_figures(h: &mut Html, f: &ServingFleet, currency: Currency, lang: Lang) {
    figure(
        h,
        t::PER_MILLION_REQUESTS.get(lang),
        "pick-per-million",
        &format::money(f.per_million_tokens, currency),
        None,
    );
    figure(
        h,
        t::TIME_PER_REQUEST.get(lang),
        "pick-time",
        &format::ms(f.time_per_output_token_ms, lang),
        format::against_target(f.latency_target_ms, lang).as_deref(),
    );
    figure(
        h,
        t::REQUESTS_PER_REPLICA.get(lang),
        "pick-tokens",
        &i18n::number(f.replica_requests_per_s, 0),
        None,
    );
}

/// The answer's heading. `elementtiming` lets the browser report when it is painted (the
/// benchmark's "first result on screen").
fn heading(h: &mut Html, text: &str) {
    h.raw(r#"<h2 elementtiming="first-result">"#)
        .text(text)
        .raw("</h2>");
}

/// A key figure with its range under it (none when the range reads as the figure).
/// `texts` are the figure, its low and its high.
fn banded(h: &mut Html, label: &str, testid: &str, texts: [String; 3]) {
    let [value, low, high] = texts;
    let range = format::range(&value, low, high);
    figure(h, label, testid, &value, range.as_deref());
}

/// A key figure with, under it, its range or what it is out of (when there is one).
fn figure(h: &mut Html, label: &str, testid: &str, value: &str, under: Option<&str>) {
    h.raw(r#"<div><span class="label">"#)
        .text(label)
        .raw(r#"</span><span class="big""#)
        .attr("data-testid", testid)
        .raw(">")
        .text(value)
        .raw("</span>");
    if let Some(under) = under {
        h.raw(r#"<span class="muted">"#).text(under).raw("</span>");
    }
    h.raw("</div>");
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpu_sizer_engine::plan::evaluate;
    use gpu_sizer_formats::quickstart::QuickStart;
    use gpu_sizer_formats::Form;

    /// QLoRA on Llama 3.1 70B with micro-batches of 64 sequences fits nowhere: the card names
    /// what would, with its memory and cost, in both languages.
    #[test]
    fn a_job_that_fits_nowhere_is_answered_with_what_would() {
        let form = Form {
            model: "llama-3.1-70b".into(),
            qlora: true,
            micro_batch: 64,
            ..Form::default()
        };
        let report = evaluate(Catalog::builtin(), &form.to_request(None).unwrap());
        let r = report.as_ref().unwrap();
        assert!(r.pick().is_none(), "the job was meant to fit nowhere");
        let first = &r.suggestions[0];
        for lang in Lang::ALL {
            let card = markup(&report, lang);
            let (changes, rest) = format::suggestion(first, r.currency, lang);
            assert!(card.contains(r#"data-testid="suggestion""#), "{card}");
            let escaped = |text: &str| {
                let mut h = Html::new();
                h.text(text);
                h.finish()
            };
            assert!(card.contains(&escaped(&changes)), "{card}");
            assert!(card.contains(&escaped(&rest)), "{card}");
            assert!(!card.contains(t::NO_CANDIDATE_HELP.get(lang)), "{card}");
        }
        let en = markup(&report, Lang::En);
        let memory = i18n::number(first.pick.memory.total_gib, 1);
        assert!(en.contains(&format!("{memory} GiB per GPU")), "{en}");
        assert!(en.contains(&format::money(first.pick.cost.expected, r.currency)));
    }

    /// A vision service's card counts inferences: its cost per million inferences, a
    /// request's latency against the bound and its inferences per second, in both languages.
    #[test]
    fn the_inference_card_counts_inferences() {
        let form = gpu_sizer_formats::Form {
            workload: gpu_sizer_formats::form::WorkloadKind::Infer,
            model: "resnet-50".into(),
            requests_per_s: Some(2000.0),
            latency_ms: Some(20.0),
            ..gpu_sizer_formats::Form::default()
        };
        let report = evaluate(Catalog::builtin(), &form.to_request(None).unwrap());
        let en = markup(&report, Lang::En);
        for part in [
            "Per million inferences",
            "Latency per request",
            "target 20.0 ms",
        ] {
            assert!(en.contains(part), "{part} missing from {en}");
        }
        assert!(
            !en.contains("Time to first token") && !en.contains("NaN"),
            "{en}"
        );
        let zh = markup(&report, Lang::Zh);
        assert!(
            zh.contains("每百万次推理") && zh.contains("每个请求延迟"),
            "{zh}"
        );
    }

    /// The serving card reads as serving: the fleet rented (its numbers adding up), the cost per
    /// month and per million tokens, the time per output token against the target, and no
    /// month-long "time".
    #[test]
    fn the_serving_card_reads_as_serving_and_its_figures_add_up() {
        let request = QuickStart::ServeChat.form().to_request(None).unwrap();
        let report = evaluate(Catalog::builtin(), &request);
        let pick = report.as_ref().unwrap().pick().unwrap().clone();
        let f = pick.serving.as_ref().unwrap();
        assert!(f.peak_replicas() * f.gpus_per_replica <= pick.gpus);
        assert_eq!(pick.gpus, f.peak_instances * pick.offer.gpu_count);
        let en = markup(&report, Lang::En);
        for part in [
            format::rig(
                f.peak_instances,
                pick.offer.gpu_count,
                &pick.gpu.name,
                Lang::En,
            ),
            format!(
                "{} replica(s) of {} GPU(s)",
                f.peak_replicas(),
                f.gpus_per_replica
            ),
            format!("{} GPUs rented", pick.gpus),
            "Cost per month".into(),
            "Per million tokens".into(),
            "Time per output token".into(),
            "target 50.0 ms".into(),
            "Time to first token".into(),
        ] {
            assert!(en.contains(&part), "{part} missing from {en}");
        }
        assert!(!en.contains("days"), "{en}");
        assert!(!en.contains(">Time<"), "{en}");
        let zh = markup(&report, Lang::Zh);
        assert!(
            zh.contains(&format!("{} 个副本", f.peak_replicas())),
            "{zh}"
        );
        assert!(
            zh.contains("每个输出词元耗时") && !zh.contains(" 天"),
            "{zh}"
        );
    }

    /// When nothing meets the budget, the card names the offer nearest to it.
    #[test]
    fn nothing_fits_the_budget_names_the_nearest_offer() {
        let mut form = QuickStart::LoraSevenB.form();
        form.budget = Some(0.01);
        let report = evaluate(Catalog::builtin(), &form.to_request(None).unwrap());
        assert!(report.as_ref().unwrap().pick().is_none());
        let en = markup(&report, Lang::En);
        assert!(
            en.contains("data-testid=\"nearest\"") && en.contains("over budget by"),
            "{en}"
        );
        let zh = markup(&report, Lang::Zh);
        assert!(zh.contains("最接近的") && zh.contains("超出预算"), "{zh}");
    }
}
