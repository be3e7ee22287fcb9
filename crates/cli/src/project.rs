//! `estimate` of a project plan file: each phase's pick and cost, the total per month and for the
//! project, and the saving against every phase on the largest instance, as text or JSON.

use gpu_sizer_engine::plan::phases::evaluate_project;
use gpu_sizer_engine::Catalog;
use gpu_sizer_formats::project::Project;
use gpu_sizer_markup::format;
use serde::Serialize;
use std::fmt::Write;

#[derive(Debug, Serialize)]
pub struct PhaseView {
    pub name: String,
    pub months: f64,
    pub runs: f64,
    /// The pick's offer, billing mode and GPUs; none when nothing meets the phase's constraints.
    pub offer: Option<String>,
    pub mode: Option<&'static str>,
    pub gpus: Option<u32>,
    /// The phase's cost over its months, and per month of it.
    pub total: f64,
    pub per_month: f64,
    /// The same phase on the largest instance.
    pub on_largest: Option<f64>,
}

#[derive(Debug, Serialize)]
pub struct ProjectView {
    pub name: String,
    pub currency: &'static str,
    pub phases: Vec<PhaseView>,
    pub months: f64,
    pub total: f64,
    pub per_month: f64,
    pub largest: Option<String>,
    pub on_largest: Option<f64>,
    pub saving: Option<f64>,
}

/// The project's report, or the first error naming the phase and field.
pub fn build(project: &Project, today: Option<i64>) -> Result<ProjectView, String> {
    let phases = project
        .to_phases(today)
        .map_err(|e| format!("field '{}': {}", e.field, e.message))?;
    let report = evaluate_project(Catalog::builtin(), &phases)
        .map_err(|e| format!("field '{}': {}", e.field, e.message))?;
    // Each phase is priced in its own form's currency: the first one names it.
    let currency = phases.first().map_or("USD", |p| {
        crate::view::currency_key(p.request.costs.currency)
    });
    Ok(ProjectView {
        name: project.name.clone(),
        currency,
        phases: phases
            .iter()
            .zip(&report.phases)
            .map(|(p, c)| PhaseView {
                name: p.name.clone(),
                months: p.months,
                runs: p.runs,
                offer: c.pick.as_ref().map(|c| c.offer.id.clone()),
                mode: c.pick.as_ref().map(|c| format::mode_key(c.mode)),
                gpus: c.pick.as_ref().map(|c| c.gpus),
                total: c.total,
                per_month: c.per_month,
                on_largest: c.on_largest,
            })
            .collect(),
        months: report.months,
        total: report.total,
        per_month: report.per_month,
        largest: report.largest.map(|o| o.id.clone()),
        on_largest: report.on_largest,
        saving: report.saving,
    })
}

/// The report as text.
pub fn text(v: &ProjectView) -> String {
    let mut out = String::new();
    let money = |x: f64| format!("{x:.2} {}", v.currency);
    let _ = writeln!(
        out,
        "Project: {} · {} phase(s) · {} month(s)",
        v.name,
        v.phases.len(),
        v.months
    );
    for p in &v.phases {
        let _ = writeln!(
            out,
            "  {:<16} {:>5} month(s) × {:>5} run(s)  {:<56}  {:>16} total  {:>14}/month",
            p.name,
            p.months,
            p.runs,
            match (&p.offer, p.mode, p.gpus) {
                (Some(o), Some(m), Some(g)) => format!("{o} ({m}, {g} GPU(s))"),
                _ => "nothing meets the constraints".into(),
            },
            money(p.total),
            money(p.per_month)
        );
    }
    let _ = writeln!(
        out,
        "Total: {} for the project, {} a month on average",
        money(v.total),
        money(v.per_month)
    );
    match (&v.largest, v.on_largest, v.saving) {
        (Some(l), Some(all), Some(saving)) => {
            let _ = writeln!(
                out,
                "Every phase on the largest instance able to run them all ({l}): {}; the mixed plan saves {}",
                money(all),
                money(saving)
            );
        }
        _ => {
            let _ = writeln!(out, "No single instance can run every phase.");
        }
    }
    out
}
