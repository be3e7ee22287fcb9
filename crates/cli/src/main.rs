//! `gpu-sizer`: the engine from a terminal, for scripts and for checking the page's figures.

mod doctor;
mod input;
mod launch;
mod project;
mod text;
mod versus;
mod view;

use gpu_sizer_engine::plan;
use gpu_sizer_engine::Catalog;
use gpu_sizer_formats::form::{in_form_terms, CurrencyKey};
use std::process::ExitCode;

const USAGE: &str = "usage: gpu-sizer <command>

commands:
  estimate INPUT [--json] [--top N] [--currency USD|CNY]
             price a scenario against every offer of the catalog and recommend one.
             INPUT is a JSON file of form fields (docs/scenario.md), - for standard
             input, or a share link (a URL, ?query or anything with v=1; docs/links.md);
             a project file (phases, docs/project.md) reports each phase and the total
             --json      print the report as JSON
             --top N     list the N best candidates (default 10)
             --currency  report in this currency, whatever the scenario says
  versus INPUT --gpu ID --gpu ID [--offer ID]… [--currency USD|CNY]
             the scenario's job on each of 2 to 4 GPUs or offers (ids as in
             gpu-sizer catalog), side by side: hardware, memory and headroom, time
             and cost bands, cost per million tokens when serving, what limits
             each; without --gpu or --offer, a link's own comparison (vs=)
  launch INPUT [--candidate N] [--format F]
             a recipe that rents a candidate with an auto-stop: F is skypilot (the
             default), aws, gcloud, az, aliyun, tccli (the best candidate on that
             provider), console or watchdog; N is its rank (1: the pick)
  doctor FILE [--offer ID | --price P [--gpus N]] [--currency USD|CNY]
             read nvidia-smi output of a running job (FILE, or - for standard input):
             utilisation and memory per GPU, what they mean, what the idle share
             costs at the instance's price, and what to change
  catalog    print the embedded catalog (GPUs, providers, offers) as JSON
  models     print the model presets as JSON
  help       show this text";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("estimate") => estimate(&args[1..]),
        Some("versus") => print_or_fail(versus::run(&args[1..], today())),
        Some("launch") => print_or_fail(launch::run(&args[1..], today())),
        Some("doctor") => print_or_fail(doctor::run(&args[1..])),
        Some("catalog") => print_json(Catalog::builtin()),
        Some("models") => print_json(gpu_sizer_engine::model::presets()),
        Some("help" | "-h" | "--help") => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some(other) => {
            eprintln!("gpu-sizer: unknown command '{other}'\n\n{USAGE}");
            ExitCode::from(2)
        }
        None => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

/// Prints a command's text, or its message on standard error.
fn print_or_fail(result: Result<String, String>) -> ExitCode {
    match result {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("gpu-sizer: {e}");
            ExitCode::FAILURE
        }
    }
}

fn usage_error(message: &str) -> ExitCode {
    eprintln!("gpu-sizer: {message}\n\n{USAGE}");
    ExitCode::from(2)
}

/// Today as days since 1970-01-01, so the report can flag old prices.
fn today() -> Option<i64> {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .ok()?
        .as_secs();
    i64::try_from(secs / 86_400).ok()
}

fn estimate(args: &[String]) -> ExitCode {
    let mut source = None;
    let mut as_json = false;
    let mut top = 10usize;
    let mut currency = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--json" => as_json = true,
            "--top" => match it.next().and_then(|n| n.parse().ok()) {
                Some(n) => top = n,
                None => return usage_error("--top needs a number"),
            },
            "--currency" => match it
                .next()
                .and_then(|c| CurrencyKey::from_key(&c.to_ascii_uppercase()))
            {
                Some(c) => currency = Some(c),
                None => return usage_error("--currency needs USD or CNY"),
            },
            s if source.is_none() => source = Some(s.to_string()),
            other => return usage_error(&format!("unexpected argument '{other}'")),
        }
    }
    let Some(source) = source else {
        return usage_error(
            "estimate needs a scenario: a JSON file, - for standard input, or a share link",
        );
    };
    let mut input = match input::read(&source) {
        Ok(i) => i,
        Err(e) => {
            eprintln!("gpu-sizer: {e}");
            return ExitCode::FAILURE;
        }
    };
    for i in &input.ignored {
        eprintln!(
            "gpu-sizer: ignored in the link: {}={} ({})",
            i.key,
            i.value,
            gpu_sizer_markup::format::link_problem(&i.reason, gpu_sizer_markup::i18n::Lang::En)
        );
    }
    if let Some(project) = &mut input.project {
        if let Some(c) = currency {
            project.phases.iter_mut().for_each(|p| p.form.currency = c);
        }
        return match project::build(project, today()) {
            Ok(view) if as_json => print_json(&view),
            Ok(view) => {
                print!("{}", project::text(&view));
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("gpu-sizer: {}: {e}", input.label);
                ExitCode::FAILURE
            }
        };
    }
    if let Some(c) = currency {
        input.form.currency = c;
    }
    let request = match input.form.to_request(today()) {
        Ok(r) => r,
        Err(e) => {
            eprintln!(
                "gpu-sizer: {}: field '{}': {}",
                input.label, e.field, e.message
            );
            return ExitCode::FAILURE;
        }
    };
    // The person's own machine, when the scenario runs on one, joins the catalog; so do MIG
    // slices when the scenario considers them.
    let own = input::catalog_for(&input.form, today());
    let catalog = own.as_ref().unwrap_or(Catalog::builtin());
    let report = match plan::evaluate(catalog, &request) {
        Ok(r) => r,
        Err(e) => {
            let e = in_form_terms(e);
            eprintln!(
                "gpu-sizer: {}: field '{}': {}",
                input.label, e.field, e.message
            );
            return ExitCode::FAILURE;
        }
    };
    let view = view::build(catalog, &input.form, &input.ignored, &request, &report, top);
    if as_json {
        print_json(&view)
    } else {
        print!("{}", text::render(&view, report.currency));
        ExitCode::SUCCESS
    }
}

fn print_json<T: serde::Serialize + ?Sized>(value: &T) -> ExitCode {
    match serde_json::to_string_pretty(value) {
        Ok(text) => {
            println!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("gpu-sizer: {e}");
            ExitCode::FAILURE
        }
    }
}
