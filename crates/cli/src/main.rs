//! `gpu-sizer`: the engine from a terminal, for scripts and for checking the page's figures.

use gpu_sizer_engine::Catalog;
use std::process::ExitCode;

const USAGE: &str = "usage: gpu-sizer <command>

commands:
  catalog    print the embedded catalog (GPUs, providers, offers) as JSON
  models     print the model presets as JSON
  help       show this text";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
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
