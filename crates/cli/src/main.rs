//! `gpu-sizer`: the engine from a terminal, for scripts and for checking the page's figures.

mod output;
mod scenario_json;

use gpu_sizer_engine::Catalog;
use scenario_json::ScenarioFile;
use std::io::Read;
use std::process::ExitCode;

const USAGE: &str = "usage: gpu-sizer <command>

commands:
  estimate FILE.json|- [--json] [--top N]
             size a scenario (see docs/scenario.md) against every offer of the catalog:
             memory, time and on-demand cost per offer, cheapest first
  catalog    print the embedded catalog (GPUs, providers, offers) as JSON
  models     print the model presets as JSON
  help       show this text";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("estimate") => estimate(&args[1..]),
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

fn estimate(args: &[String]) -> ExitCode {
    let mut path = None;
    let mut as_json = false;
    let mut top = 15usize;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--json" => as_json = true,
            "--top" => match it.next().and_then(|n| n.parse().ok()) {
                Some(n) => top = n,
                None => {
                    eprintln!("gpu-sizer: --top needs a number");
                    return ExitCode::from(2);
                }
            },
            p if path.is_none() => path = Some(p.to_string()),
            other => {
                eprintln!("gpu-sizer: unexpected argument '{other}'\n\n{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let Some(path) = path else {
        eprintln!("gpu-sizer: estimate needs a scenario file (or - for stdin)\n\n{USAGE}");
        return ExitCode::from(2);
    };
    let text = if path == "-" {
        let mut s = String::new();
        if let Err(e) = std::io::stdin().read_to_string(&mut s) {
            eprintln!("gpu-sizer: cannot read stdin: {e}");
            return ExitCode::FAILURE;
        }
        s
    } else {
        match std::fs::read_to_string(&path) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("gpu-sizer: cannot read {path}: {e}");
                return ExitCode::FAILURE;
            }
        }
    };
    let file = match ScenarioFile::parse(&text) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("gpu-sizer: {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let show_model = file.model.is_some();
    let report = file.into_engine().and_then(|(scenario, options)| {
        gpu_sizer_engine::report::evaluate(&scenario, Catalog::builtin(), &options)
    });
    match report {
        Ok(r) if as_json => print_json(&output::json(&r)),
        Ok(r) => {
            print!("{}", output::text(&r, top, show_model));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("gpu-sizer: {path}: {e}");
            ExitCode::FAILURE
        }
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
