//! `gpu-sizer launch`: a recipe that rents a ranked candidate with an auto-stop.

use crate::input;
use gpu_sizer_engine::plan;
use gpu_sizer_engine::Catalog;
use gpu_sizer_formats::form::in_form_terms;
use gpu_sizer_ops::launch::{recipe, Format, Target};

/// Prints the recipe; `Err` is the message for standard error.
pub fn run(args: &[String], today: Option<i64>) -> Result<String, String> {
    let mut source = None;
    let mut rank = None;
    let mut format = Format::SkyPilot;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--candidate" => match it.next().and_then(|n| n.parse::<usize>().ok()) {
                Some(n) if n >= 1 => rank = Some(n),
                _ => return Err("--candidate needs a rank, 1 for the pick".into()),
            },
            "--format" => match it
                .next()
                .and_then(|f| Format::from_key(&f.to_ascii_lowercase()))
            {
                Some(f) => format = f,
                None => {
                    let keys: Vec<&str> = Format::ALL.iter().map(|f| f.key()).collect();
                    return Err(format!("--format needs one of {}", keys.join(", ")));
                }
            },
            s if source.is_none() => source = Some(s.to_string()),
            other => return Err(format!("unexpected argument '{other}'")),
        }
    }
    let source = source.ok_or("launch needs a scenario: a JSON file, - or a share link")?;
    let input = input::read(&source)?;
    let request = input
        .form
        .to_request(today)
        .map_err(|e| format!("{}: field '{}': {}", input.label, e.field, e.message))?;
    let own = input::catalog_for(&input.form, today);
    let catalog = own.as_ref().unwrap_or(Catalog::builtin());
    let report = plan::evaluate(catalog, &request).map_err(|e| {
        let e = in_form_terms(e);
        format!("{}: field '{}': {}", input.label, e.field, e.message)
    })?;
    // A provider's own tool names its provider: the best candidate there, unless one is given.
    let candidate = match (rank, format.provider()) {
        (Some(n), provider) => {
            let c = report
                .ranked
                .get(n - 1)
                .ok_or_else(|| format!("the ranking has {} candidates", report.ranked.len()))?;
            if let Some(p) = provider.filter(|p| *p != c.provider.id) {
                return Err(format!(
                    "candidate {n} is on {}, not {p}: choose another or another --format",
                    c.provider.name
                ));
            }
            c
        }
        (None, Some(p)) => report
            .ranked
            .iter()
            .find(|c| c.provider.id == p)
            .ok_or_else(|| format!("no candidate of the ranking is on {p}"))?,
        (None, None) => report.pick().ok_or("no candidate meets every constraint")?,
    };
    Ok(recipe(&Target::of(candidate, &request), format).text)
}
