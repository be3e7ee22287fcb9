//! The pick in full: its price and source, and its cost, memory and time with every formula.

use super::{candidate, currency_key, english, terms, BandView, CandidateView, TermView};
use gpu_sizer_engine::catalog::Catalog;
use gpu_sizer_engine::cost::queue::{Arrival, QueueChoice};
use gpu_sizer_engine::explain::Numbers;
use gpu_sizer_engine::plan::{self, explain_cost, Candidate, Request};
use gpu_sizer_markup::format;
use gpu_sizer_markup::i18n::Lang;
use serde::Serialize;

#[derive(Debug, Serialize)]
pub struct QuoteView {
    /// Per instance-hour, in the catalog's currency.
    pub per_hour: f64,
    pub currency: &'static str,
    pub source: String,
    /// The date the source carries; absent when it has none (`undated`).
    pub as_of: Option<String>,
    pub undated: bool,
    /// The day the source was read.
    pub read_on: Option<String>,
    pub note: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct MemoryView {
    /// Per GPU.
    pub total_gib: f64,
    pub terms: Vec<TermView>,
    /// Held in host memory instead (paged optimizer states), per GPU.
    pub host_terms: Vec<TermView>,
}

#[derive(Debug, Serialize)]
pub struct FigureView {
    pub key: &'static str,
    pub unit: &'static str,
    pub band: BandView,
}

#[derive(Debug, Serialize)]
pub struct TimeView {
    /// Hours of the job as timed (before spot interruptions); none for serving.
    pub hours: Option<BandView>,
    pub figures: Vec<FigureView>,
    pub terms: Vec<TermView>,
    pub warnings: Vec<String>,
}

#[derive(Debug, Serialize)]
pub struct BreakEvenView {
    /// Hours of use within one term at which the commitment and on-demand cost the same.
    pub hours: f64,
    /// The same as a share of the term.
    pub utilisation: f64,
    pub terms: Vec<TermView>,
}

#[derive(Debug, Serialize)]
pub struct SpotView {
    pub checkpoint_interval_hours: f64,
    pub expected_hours: f64,
    pub expected_interruptions: f64,
    pub terms: Vec<TermView>,
}

/// A month's queue of the job on the pick, both ways (`plan::queue`).
#[derive(Debug, Serialize)]
pub struct QueueView {
    pub jobs_per_day: f64,
    /// Hours one job runs on the pick's instances.
    pub job_h: f64,
    /// True when a job is the scenario's own job on the pick.
    pub job_from_scenario: bool,
    /// `spread` or `together`.
    pub arrival: &'static str,
    /// Instances started for the work and stopped after it, a month.
    pub start_stop: f64,
    /// Sets of instances kept up all month, and what they cost a month.
    pub kept_sets: u32,
    pub kept_up: f64,
    /// Busy share of the kept-up instances' hours.
    pub utilisation: f64,
    pub break_even_jobs_per_day: Option<f64>,
    /// `start_stop` or `kept_up`: the cheaper way.
    pub choice: &'static str,
    /// The recommendation in words.
    pub advice: String,
    pub terms: Vec<TermView>,
}

/// The pick in full.
#[derive(Debug, Serialize)]
pub struct PickView {
    pub candidate: CandidateView,
    pub quote: QuoteView,
    /// What the cost is made of, with formulas; the values add up to `candidate.cost.expected`.
    pub cost_lines: Vec<TermView>,
    pub memory: MemoryView,
    pub time: TimeView,
    pub break_even: Option<BreakEvenView>,
    pub spot: Option<SpotView>,
    pub queue: Option<QueueView>,
    /// The inverse searches on the pick's GPUs (`plan::what_fits`): largest micro-batch,
    /// sequence, context and concurrency, fewest GPUs for the deadline.
    pub what_fits: Vec<TermView>,
}

pub fn pick(catalog: &Catalog, c: &Candidate, request: &Request) -> PickView {
    // The pick with its formulas; should that fail, its figures without them.
    let (memory, timing, cost, queue) = match plan::explain(catalog, c, request) {
        Ok(e) => (e.memory, e.timing, e.cost, e.queue),
        Err(_) => (
            (*c.memory).clone(),
            (*c.timing).clone(),
            explain_cost(catalog, c, request),
            plan::queue::compare(c, request, Numbers),
        ),
    };
    PickView {
        candidate: candidate(1, c),
        quote: QuoteView {
            per_hour: c.quote.per_hour,
            currency: currency_key(c.quote.currency),
            source: c.quote.source.clone(),
            as_of: c.quote.as_of.clone(),
            undated: c.quote.undated,
            read_on: c.quote.read_on.clone(),
            note: c.quote.note.clone(),
        },
        cost_lines: terms(&cost),
        memory: MemoryView {
            total_gib: memory.total_gib,
            terms: terms(&memory.terms),
            host_terms: terms(&memory.host_terms),
        },
        time: TimeView {
            hours: timing.hours.map(BandView::from),
            figures: timing
                .figures
                .iter()
                .map(|f| FigureView {
                    key: f.key,
                    unit: f.unit,
                    band: f.band.into(),
                })
                .collect(),
            terms: terms(&timing.terms),
            warnings: timing.warnings.iter().map(english).collect(),
        },
        break_even: c.break_even.as_ref().map(|b| BreakEvenView {
            hours: b.hours,
            utilisation: b.utilisation,
            terms: terms(&b.terms),
        }),
        spot: c.spot.as_ref().map(|s| SpotView {
            checkpoint_interval_hours: s.checkpoint_interval_hours,
            expected_hours: s.expected_hours,
            expected_interruptions: s.expected_interruptions,
            terms: terms(&s.terms),
        }),
        queue: queue.map(|q| QueueView {
            jobs_per_day: q.jobs_per_day,
            job_h: q.job_h,
            job_from_scenario: q.job_from_scenario,
            arrival: match q.arrival {
                Arrival::Spread => "spread",
                Arrival::Together => "together",
            },
            start_stop: q.start_stop,
            kept_sets: q.kept_sets,
            kept_up: q.kept_up,
            utilisation: q.utilisation,
            break_even_jobs_per_day: q.break_even_jobs_per_day,
            choice: match q.choice {
                QueueChoice::StartStop => "start_stop",
                QueueChoice::KeptUp => "kept_up",
            },
            advice: format::queue_advice(&q, request.costs.currency, Lang::En),
            terms: terms(&q.terms),
        }),
        what_fits: plan::what_fits(catalog, c, request)
            .map(|t| {
                let mut list = terms(&t);
                for v in &mut list {
                    v.name = gpu_sizer_markup::hardware::fits_name(v.key).en;
                }
                list
            })
            .unwrap_or_default(),
    }
}
