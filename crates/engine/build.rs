//! Turns the hand-edited TOML data under `data/` into the forms the engine embeds: JSON for
//! native builds, and for the page's two modules a compact binary form (`src/compact.rs`) written
//! from that JSON, so neither parses text at start-up; and the catalog's summary
//! (`src/catalog/summary.rs`) as Rust constants, which the page shows before it reads the catalog.
//!
//! Parsing with the engine's own record types (shared through `#[path]`) and running the catalog
//! validation here means a typo in a price file fails the build with the file and field named,
//! instead of shipping a broken catalog.

use std::fs;
use std::path::{Path, PathBuf};

#[allow(dead_code)]
#[path = "src/compact.rs"]
mod compact;
#[path = "src/catalog/compact_form.rs"]
mod compact_form;
#[allow(dead_code)]
#[path = "src/sizing/time/efficiency/table.rs"]
mod efficiency;
#[allow(dead_code)]
#[path = "src/model/schema.rs"]
mod model_schema;
#[allow(dead_code)]
#[path = "src/catalog/schema.rs"]
mod schema;
#[allow(dead_code)]
#[path = "src/text.rs"]
mod text;
#[allow(dead_code)]
#[path = "src/catalog/validate.rs"]
mod validate;

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct GpusFile {
    gpu: Vec<schema::Gpu>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ModelsFile {
    model: Vec<model_schema::ModelPreset>,
}

fn read_toml<T: serde::de::DeserializeOwned>(path: &Path) -> T {
    println!("cargo:rerun-if-changed={}", path.display());
    let text =
        fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn main() {
    let data = PathBuf::from("data");
    println!("cargo:rerun-if-changed=data");
    println!("cargo:rerun-if-changed=data/providers");

    let gpus: GpusFile = read_toml(&data.join("gpus.toml"));
    let mut files: Vec<PathBuf> = fs::read_dir(data.join("providers"))
        .expect("data/providers exists")
        .map(|entry| entry.expect("readable directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    // The build script runs natively: the one-sort rule (clippy.toml) is for the page's wasm.
    #[allow(clippy::disallowed_methods)]
    files.sort();

    let mut catalog = schema::Catalog {
        gpus: gpus.gpu,
        providers: Vec::new(),
        offers: Vec::new(),
    };
    for path in &files {
        let file: schema::ProviderFile = read_toml(path);
        for mut offer in file.offers {
            if offer.provider.is_empty() {
                offer.provider = file.provider.id.clone();
            }
            catalog.offers.push(offer);
        }
        catalog.providers.push(file.provider);
    }

    let mut problems = validate::validate(&catalog);
    problems.extend(validate::validate_published(&catalog));
    if !problems.is_empty() {
        let list: Vec<String> = problems.iter().map(|p| format!("  - {p}")).collect();
        panic!("the catalog data is invalid:\n{}", list.join("\n"));
    }

    let rates: efficiency::EfficiencyTable = read_toml(&data.join("efficiency.toml"));
    let rate_problems = rates.problems(catalog.gpus.iter().map(|g| g.id.as_str()));
    if !rate_problems.is_empty() {
        panic!(
            "data/efficiency.toml is invalid:\n  - {}",
            rate_problems.join("\n  - ")
        );
    }

    let models: ModelsFile = read_toml(&data.join("models.toml"));
    let model_problems = model_schema::problems(&models.model);
    if !model_problems.is_empty() {
        panic!(
            "data/models.toml is invalid:\n  - {}",
            model_problems.join("\n  - ")
        );
    }

    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let write = |name: &str, bytes: &[u8]| {
        fs::write(out.join(name), bytes).unwrap_or_else(|e| panic!("write {name}: {e}"))
    };
    let write_json = |name: &str, value: &serde_json::Value| {
        let text = value.to_string();
        write(name, text.as_bytes());
        text
    };
    // The copy both of the page's modules start from, in compact form, without the fields that
    // only parts loaded later show. It is written from the JSON text as serde_json reads it, so
    // every float is the native engine's to the bit.
    let write_first = |name: &str, value: &serde_json::Value, compact: &dyn Fn(&str) -> Vec<u8>| {
        let text = write_json(&format!("{name}-first.json"), value);
        write(&format!("{name}-first.bin"), &compact(&text));
    };
    fn compact_of<T: serde::de::DeserializeOwned + compact::Compact>(
        text: &str,
        known: &[&str],
    ) -> Vec<u8> {
        compact::encode(
            &serde_json::from_str::<T>(text).expect("the JSON just written reads back"),
            known,
        )
    }
    // The fields the first answer's copy leaves out, as a stream of their own (`compact`): the app
    // starts from that copy and adds them once a part of the page that shows them has loaded.
    // Written from the JSON text, as above; the lean stream must be that copy byte for byte.
    let write_sources = |name: &str, value: &serde_json::Value, split: &dyn Fn(&str) -> Split| {
        let text = write_json(&format!("{name}-page.json"), value);
        let (lean, rest) = split(&text);
        let first = fs::read(out.join(format!("{name}-first.bin")))
            .unwrap_or_else(|e| panic!("{name}-first.bin was written: {e}"));
        assert!(
            lean == first,
            "{name} without its sources must be the first answer's copy byte for byte"
        );
        write(&format!("{name}-sources.bin"), &rest);
    };
    fn split_of<T: serde::de::DeserializeOwned + compact::Compact>(
        text: &str,
        known: &[&str],
    ) -> (Vec<u8>, Vec<u8>) {
        compact::encode_split(
            &serde_json::from_str::<T>(text).expect("the JSON just written reads back"),
            known,
        )
    }

    write("summary.rs", summary_source(&catalog).as_bytes());
    // The catalog's copies take the GPUs' ids and names the summary holds as known strings
    // (`catalog::summary::known`): the page has them there already.
    let gpu_strings: Vec<String> = catalog
        .gpus
        .iter()
        .flat_map(|g| [g.id.clone(), g.name.clone()])
        .collect();
    let known: Vec<&str> = gpu_strings.iter().map(String::as_str).collect();
    let catalog = serde_json::to_value(&catalog).expect("the catalog serialises");
    let models = serde_json::to_value(&models.model).expect("the presets serialise");
    write_json("catalog.json", &catalog);
    write_json("models.json", &models);
    let rates = serde_json::to_value(&rates).expect("the efficiency table serialises");
    write_first(
        "efficiency",
        &without(rates.clone(), &["source", "derivation"]),
        &|text| compact_of::<efficiency::EfficiencyTable>(text, &[]),
    );
    write_json("efficiency.json", &rates);
    write_sources("efficiency", &rates, &|text| {
        split_of::<efficiency::EfficiencyTable>(text, &[])
    });
    // The page ships without the maintainers' notes (half the catalog's compressed size); every
    // figure keeps its source URL and date, and the CLI and the data files keep the notes.
    let page = without_notes(catalog);
    // The first answer and the form name no source: the copy they read keeps every figure and
    // date and leaves the sources to a stream of their own.
    write_first(
        "catalog",
        &without(
            page.clone(),
            &["source", "sources", "spec_source", "read_on"],
        ),
        &|text| compact_of::<schema::Catalog>(text, &known),
    );
    write_sources("catalog", &page, &|text| {
        split_of::<schema::Catalog>(text, &known)
    });
    // The page shows no preset's source or notes (the CLI prints them): it has no other copy.
    write_first(
        "models",
        &without(
            models.clone(),
            &["notes", "note", "source", "figures_source"],
        ),
        &|text| compact_of::<Vec<model_schema::ModelPreset>>(text, &[]),
    );
}

/// A data set's compact copy without the fields it leaves out, and the stream of those fields.
type Split = (Vec<u8>, Vec<u8>);

/// The constants of `catalog::summary`, as Rust source.
fn summary_source(catalog: &schema::Catalog) -> String {
    let newest = catalog.newest_read_on().unwrap_or("");
    // `{:?}` writes a string as a Rust literal, escapes included.
    let gpus: String = catalog
        .gpus
        .iter()
        .map(|g| format!("    [{:?}, {:?}],\n", g.id, g.name))
        .collect();
    format!(
        "/// Every GPU's id and name, in the catalog's order.\n\
         pub const GPUS: &[[&str; 2]] = &[\n{gpus}];\n\
         /// How many offers the catalog holds.\n\
         pub const OFFERS: usize = {};\n\
         /// How many providers the catalog holds.\n\
         pub const PROVIDERS: usize = {};\n\
         /// The latest day a price was read (`Quote::read_on`), empty when none says.\n\
         pub const NEWEST_READ_ON: &str = {newest:?};\n",
        catalog.offers.len(),
        catalog.providers.len(),
    )
}

/// Removes every `notes` / `note` field, recursively.
fn without_notes(value: serde_json::Value) -> serde_json::Value {
    without(value, &["notes", "note"])
}

/// Removes every field named in `keys`, recursively.
fn without(value: serde_json::Value, keys: &[&str]) -> serde_json::Value {
    use serde_json::Value;
    match value {
        Value::Object(map) => Value::Object(
            map.into_iter()
                .filter(|(k, _)| !keys.contains(&k.as_str()))
                .map(|(k, v)| (k, without(v, keys)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.into_iter().map(|v| without(v, keys)).collect()),
        other => other,
    }
}
