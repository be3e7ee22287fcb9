//! `gpu-sizer-refresh`: refreshes the catalog's provider files from public price data.
//!
//! ```text
//! gpu-sizer-refresh [--fetch] [--write] [--only NAME,...] [--config FILE] [--data DIR] [--inputs DIR]
//! ```
//! `--fetch` downloads every source into the inputs folder (network: git and curl), recording for
//! each the address and the date it carries; without it the files already there are used. Each
//! source is then imported and merged into its provider's file, a change report is printed, and
//! with `--write` the files are written, if the whole catalog still validates.

use gpu_sizer_engine::catalog::schema::{Catalog, Gpu, Provider, ProviderFile};
use gpu_sizer_engine::catalog::validate::{format_date, validate, validate_published};
use gpu_sizer_refresh::{
    aws, azure, azure_snapshot, gcp, merge, skypilot, GpuMap, Imported, Origin,
};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Config {
    /// Accelerator names shared by every source.
    #[serde(default)]
    gpus: GpuMap,
    #[serde(default, rename = "source")]
    sources: Vec<Source>,
    /// Terms of providers that have no file yet.
    #[serde(default, rename = "provider")]
    providers: Vec<Provider>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Source {
    name: String,
    /// `skypilot`, `gcp-pricing`, `azure-retail`, `azure-snapshot`, `aws-price-list` or
    /// `aws-spot-history`.
    importer: String,
    provider: String,
    /// For `skypilot`: the file's path in the catalog repository.
    #[serde(default)]
    path: Option<String>,
    /// For the others: the address to download.
    #[serde(default)]
    url: Option<String>,
    /// For sources in a repository read at a commit (`gcp-pricing`, `azure-snapshot`): the
    /// repository's address (SkyPilot's catalog when absent).
    #[serde(default)]
    repo: Option<String>,
    /// Accelerator names of this source that differ from the shared map.
    #[serde(default)]
    gpus: GpuMap,
    /// Only these regions (all when empty).
    #[serde(default)]
    regions: Vec<String>,
    /// Only these instance types (all when empty).
    #[serde(default)]
    instances: Vec<String>,
}

/// What the fetch step (or a person transcribing a source) records beside each input.
#[derive(Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
struct OriginFile {
    source: String,
    #[serde(default)]
    as_of: Option<String>,
    read_on: String,
    #[serde(default)]
    note: Option<String>,
}

#[derive(Deserialize)]
struct GpusFile {
    gpu: Vec<Gpu>,
}

struct Args {
    fetch: bool,
    write: bool,
    only: Option<Vec<String>>,
    config: PathBuf,
    data: PathBuf,
    inputs: PathBuf,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        fetch: false,
        write: false,
        only: None,
        config: PathBuf::from("crates/refresh/sources.toml"),
        data: PathBuf::from("crates/engine/data"),
        inputs: PathBuf::from("target/refresh"),
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value"));
        match a.as_str() {
            "--fetch" => args.fetch = true,
            "--write" => args.write = true,
            "--only" => {
                args.only = Some(value("--only")?.split(',').map(str::to_string).collect())
            }
            "--config" => args.config = value("--config")?.into(),
            "--data" => args.data = value("--data")?.into(),
            "--inputs" => args.inputs = value("--inputs")?.into(),
            "-h" | "--help" => {
                return Err("usage: gpu-sizer-refresh [--fetch] [--write] [--only NAME,...] [--config FILE] [--data DIR] [--inputs DIR]".into())
            }
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    Ok(args)
}

fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    format_date((secs / 86_400) as i64)
}

fn run(cmd: &mut Command) -> Result<Vec<u8>, String> {
    let out = cmd.output().map_err(|e| format!("{cmd:?}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{cmd:?}: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    Ok(out.stdout)
}

const SKYPILOT_REPO: &str = "https://github.com/skypilot-org/skypilot-catalog";

/// Downloads one source into `inputs` with the origin beside it.
fn fetch(source: &Source, inputs: &Path) -> Result<(), String> {
    fs::create_dir_all(inputs).map_err(|e| e.to_string())?;
    let data = inputs.join(format!("{}.data", source.name));
    let origin = match (source.importer.as_str(), &source.path, &source.url) {
        (_, Some(path), _) => {
            // A file in a repository: the version at the last commit that touched it, dated by
            // that commit. A blobless clone keeps the history without every file's contents.
            let address = source.repo.as_deref().unwrap_or(SKYPILOT_REPO);
            let repo = inputs.join(address.rsplit('/').next().unwrap_or("repo"));
            if !repo.exists() {
                run(Command::new("git")
                    .args([
                        "clone",
                        "--quiet",
                        "--filter=blob:none",
                        "--no-checkout",
                        address,
                    ])
                    .arg(&repo))?;
            }
            let log = run(Command::new("git").arg("-C").arg(&repo).args([
                "log",
                "-1",
                "--format=%H %cs",
                "--",
                path,
            ]))?;
            let log = String::from_utf8_lossy(&log);
            let (commit, date) = log
                .trim()
                .split_once(' ')
                .ok_or(format!("no commit for {path}"))?;
            let text = run(Command::new("git")
                .arg("-C")
                .arg(&repo)
                .arg("show")
                .arg(format!("{commit}:{path}")))?;
            fs::write(&data, text).map_err(|e| e.to_string())?;
            OriginFile {
                source: format!("{address}/blob/{commit}/{path}"),
                as_of: Some(date.to_string()),
                read_on: today(),
                note: Some(format!(
                    "file at commit {}, dated by that commit",
                    &commit[..8]
                )),
            }
        }
        (_, _, Some(url)) => {
            // The Azure API answers in pages of 100 items: follow NextPageLink, keep every item.
            let mut items = Vec::new();
            let mut next = Some(url.clone());
            let mut single = None;
            while let Some(page_url) = next.take() {
                let body = run(Command::new("curl")
                    .args(["-fsSL", "--retry", "3"])
                    .arg(&page_url))?;
                if source.importer != "azure-retail" {
                    single = Some(body);
                    break;
                }
                let page: serde_json::Value =
                    serde_json::from_slice(&body).map_err(|e| e.to_string())?;
                items.extend(page["Items"].as_array().cloned().unwrap_or_default());
                next = page["NextPageLink"].as_str().map(str::to_string);
            }
            let body = match single {
                Some(b) => b,
                None => serde_json::to_vec(&serde_json::json!({ "Items": items }))
                    .map_err(|e| e.to_string())?,
            };
            fs::write(&data, body).map_err(|e| e.to_string())?;
            OriginFile {
                source: url.clone(),
                as_of: None,
                read_on: today(),
                note: None,
            }
        }
        _ => {
            return Err(format!(
                "{}: a skypilot source needs path, others url",
                source.name
            ))
        }
    };
    let text = toml::to_string(&origin).map_err(|e| e.to_string())?;
    fs::write(inputs.join(format!("{}.origin.toml", source.name)), text).map_err(|e| e.to_string())
}

/// Reads one source's input; `known` are the instance types the provider's file has (what a
/// format without instance descriptions is matched against).
fn import(source: &Source, inputs: &Path, known: &[String]) -> Result<Option<Imported>, String> {
    let data = inputs.join(format!("{}.data", source.name));
    let Ok(text) = fs::read_to_string(&data) else {
        return Ok(None);
    };
    let origin_path = inputs.join(format!("{}.origin.toml", source.name));
    let origin: OriginFile = toml::from_str(
        &fs::read_to_string(&origin_path).map_err(|e| format!("{}: {e}", origin_path.display()))?,
    )
    .map_err(|e| format!("{}: {e}", origin_path.display()))?;
    let origin = Origin {
        source: origin.source,
        as_of: origin.as_of,
        read_on: origin.read_on,
        note: origin.note,
    };
    let batch = match source.importer.as_str() {
        "skypilot" => skypilot::import(&text, origin),
        "azure-retail" => azure::import(&text, origin)?,
        "azure-snapshot" => azure_snapshot::import(&text, known, origin)?,
        "aws-price-list" => aws::import_price_list(&text, origin)?,
        "aws-spot-history" => aws::import_spot_history(&text, origin)?,
        "gcp-pricing" => gcp::import(&text, origin),
        other => return Err(format!("{}: unknown importer '{other}'", source.name)),
    };
    let mut batch = batch;
    let keep = |instance: &str, region: &str| {
        (source.regions.is_empty() || source.regions.iter().any(|r| r == region))
            && (source.instances.is_empty() || source.instances.iter().any(|i| i == instance))
    };
    batch.prices.retain(|p| keep(&p.instance_type, &p.region));
    batch
        .instances
        .retain(|i| keep(&i.instance_type, &i.region));
    Ok(Some(batch))
}

fn main() -> ExitCode {
    match main_inner() {
        Ok(code) => code,
        Err(e) => {
            eprintln!("gpu-sizer-refresh: {e}");
            ExitCode::from(2)
        }
    }
}

fn main_inner() -> Result<ExitCode, String> {
    let args = parse_args()?;
    let config: Config = toml::from_str(
        &fs::read_to_string(&args.config).map_err(|e| format!("{}: {e}", args.config.display()))?,
    )
    .map_err(|e| format!("{}: {e}", args.config.display()))?;
    let wanted = |s: &Source| args.only.as_ref().is_none_or(|o| o.contains(&s.name));

    if args.fetch {
        for source in config.sources.iter().filter(|s| wanted(s)) {
            if let Err(e) = fetch(source, &args.inputs) {
                eprintln!("{}: not fetched: {e}", source.name);
            }
        }
    }

    let providers_dir = args.data.join("providers");
    let mut files: BTreeMap<String, ProviderFile> = BTreeMap::new();
    for entry in fs::read_dir(&providers_dir).map_err(|e| e.to_string())? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.extension().is_some_and(|e| e == "toml") {
            let text = fs::read_to_string(&path).map_err(|e| e.to_string())?;
            let mut file: ProviderFile =
                toml::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            for o in &mut file.offers {
                if o.provider.is_empty() {
                    o.provider = file.provider.id.clone();
                }
            }
            files.insert(file.provider.id.clone(), file);
        }
    }

    let mut touched = Vec::new();
    for source in config.sources.iter().filter(|s| wanted(s)) {
        let mut known: Vec<String> = files
            .get(&source.provider)
            .map(|f| f.offers.iter().map(|o| o.instance_type.clone()).collect())
            .unwrap_or_default();
        gpu_sizer_engine::sort::by(&mut known, Ord::cmp);
        known.dedup();
        let Some(batch) = import(source, &args.inputs, &known)? else {
            eprintln!(
                "{}: no input in {} (run with --fetch)",
                source.name,
                args.inputs.display()
            );
            continue;
        };
        if !files.contains_key(&source.provider) {
            let terms = config
                .providers
                .iter()
                .find(|p| p.id == source.provider)
                .ok_or(format!(
                    "{}: provider '{}' has no file and no [[provider]] terms in the config",
                    source.name, source.provider
                ))?;
            files.insert(
                source.provider.clone(),
                ProviderFile {
                    provider: terms.clone(),
                    offers: Vec::new(),
                },
            );
        }
        let mut gpus = config.gpus.clone();
        gpus.extend(source.gpus.clone());
        let file = files.get_mut(&source.provider).expect("inserted above");
        let report = merge::merge(file, &batch, &gpus);
        print!("[{}] {report}", source.name);
        if !touched.contains(&source.provider) {
            touched.push(source.provider.clone());
        }
    }

    let gpus_path = args.data.join("gpus.toml");
    let gpus: GpusFile =
        toml::from_str(&fs::read_to_string(&gpus_path).map_err(|e| e.to_string())?)
            .map_err(|e| format!("{}: {e}", gpus_path.display()))?;
    let catalog = Catalog {
        gpus: gpus.gpu,
        providers: files.values().map(|f| f.provider.clone()).collect(),
        offers: files.values().flat_map(|f| f.offers.clone()).collect(),
    };
    let mut problems = validate(&catalog);
    problems.extend(validate_published(&catalog));
    if !problems.is_empty() {
        eprintln!("the refreshed catalog would not validate; nothing written:");
        for p in problems {
            eprintln!("  - {p}");
        }
        return Ok(ExitCode::FAILURE);
    }
    if args.write {
        for id in &touched {
            let path = providers_dir.join(format!("{id}.toml"));
            fs::write(&path, merge::to_toml(&files[id])?).map_err(|e| e.to_string())?;
            println!("wrote {}", path.display());
        }
    } else if !touched.is_empty() {
        println!("(dry run: add --write to write {} file(s))", touched.len());
    }
    Ok(ExitCode::SUCCESS)
}
