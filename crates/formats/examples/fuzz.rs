//! Fuzzes what the page reads from people and files: the share-link decoder, the saved-scenario
//! loader, the catalog-edit importer, the form reader (form JSON, then `to_request`) and the
//! prices a link carries. Inputs are seeds (real links from `tests/data/links-v1.txt`, saved
//! lists, `docs/examples/*.json`, a catalog file, `tests/data/prices-v1.txt`) mutated by a small structure-aware mutator: JSON values swapped for hostile ones
//! of every type, keys dropped or invented, nesting and repetition, link pairs shuffled and
//! percent-mangled, then bytes flipped, cut and spliced. Every call runs under `catch_unwind`; a
//! panic prints the target and the input (also written to `target/fuzz-crash-*.txt`) and the run
//! exits non-zero.
//!
//! `scripts/fuzz.sh [--inputs N] [--threads N]` (default 10 000 000 inputs on 2 threads).

use gpu_sizer_engine::catalog::Catalog;
use gpu_sizer_formats::catalog_edits::CatalogEdits;
use gpu_sizer_formats::{link, shared_prices, store, Form};
use serde_json::{json, Map, Value};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// SplitMix64: deterministic per thread.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
    fn text(&mut self, items: &[&'static str]) -> &'static str {
        items[self.below(items.len())]
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Target {
    Link,
    Store,
    CatalogImport,
    Form,
    SharedPrices,
}

/// How often each target runs, of 100: the catalog importer validates a whole catalog per
/// readable input (so does a link's custom offer), and a saved list holds many forms, each
/// costing more than a link.
const SHARE: [(Target, usize); 5] = [
    (Target::Link, 50),
    (Target::Store, 10),
    (Target::Form, 35),
    (Target::CatalogImport, 1),
    (Target::SharedPrices, 4),
];

const NUMBERS: &[&str] = &[
    "0",
    "-0",
    "-1",
    "1e308",
    "-1e308",
    "1e-320",
    "5e-324",
    "4294967296",
    "18446744073709551616",
    "9007199254740993",
    "0.1",
    "1.5",
    "1e999",
    "NaN",
    "Infinity",
    "-Infinity",
    "007",
    "1_000",
    "0x10",
    "2.",
    ".5",
    "+1",
    "1e",
    "",
];
const TEXTS: &[&str] = &[
    "",
    " ",
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "\u{202e}evil",
    "\u{0}",
    "训练 & <b>",
    "💥🧨",
    "%",
    "%ZZ",
    "%C3%28",
    "%00",
    "&&&",
    "===",
    "?",
    "#",
    "\\",
    "\"",
    "'",
    "null",
    "true",
    "[]",
    "{}",
    "h100-sxm",
    "serve",
    "lora",
    "on-demand,spot",
    "aws",
    "usd",
    "cny",
];

struct Seeds {
    links: Vec<String>,
    stores: Vec<Value>,
    forms: Vec<Value>,
    catalogs: Vec<Value>,
    /// What links' prices carry (`shared_prices::wire_json`), from `tests/data/prices-v1.txt`.
    prices: Vec<Value>,
}

fn seeds() -> Seeds {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let read = |path: &str| std::fs::read_to_string(format!("{root}/{path}")).unwrap_or_default();
    let links: Vec<String> = read("crates/formats/tests/data/links-v1.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split("  =>  ").next().map(str::to_string))
        .collect();
    let mut forms: Vec<Value> = std::fs::read_dir(format!("{root}/docs/examples"))
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| serde_json::from_str(&std::fs::read_to_string(e.path()).ok()?).ok())
        .collect();
    forms.push(serde_json::to_value(Form::default()).unwrap_or_default());
    let mut stores: Vec<Value> = ["scenarios-v0.json", "scenarios-v1.json"]
        .iter()
        .filter_map(|f| serde_json::from_str(&read(&format!("crates/formats/tests/data/{f}"))).ok())
        .collect();
    let scenarios: Vec<Value> = forms
        .iter()
        .take(3)
        .enumerate()
        .map(|(i, f)| json!({"id": format!("s{i}"), "name": f["name"], "created": i, "updated": i, "form": f}))
        .collect();
    stores.push(json!({"version": 1, "scenarios": scenarios, "deleted": [{"id": "x", "created": 1, "at": 2}]}));
    // A catalog file: two built-in offers under new ids, with the GPUs and providers they need.
    let base = Catalog::builtin();
    let mut small = base.clone();
    small.offers = base.offers.iter().take(2).cloned().collect();
    for (i, o) in small.offers.iter_mut().enumerate() {
        o.id = format!("fuzz-offer-{i}");
    }
    small
        .gpus
        .retain(|g| small.offers.iter().any(|o| o.gpu == g.id));
    small
        .providers
        .retain(|p| small.offers.iter().any(|o| o.provider == p.id));
    let catalogs = vec![serde_json::to_value(&small).unwrap_or_default()];
    let prices: Vec<Value> = read("crates/formats/tests/data/prices-v1.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| shared_prices::decode(l.split("  =>  ").next()?, base).ok())
        .filter_map(|s| serde_json::from_str(&shared_prices::wire_json(&s.edits)).ok())
        .collect();
    assert!(
        !links.is_empty() && forms.len() > 1 && !prices.is_empty(),
        "seeds not found under {root}"
    );
    Seeds {
        links,
        stores,
        forms,
        catalogs,
        prices,
    }
}

/// A hostile value of any type.
fn hostile(rng: &mut Rng, depth: usize) -> Value {
    match rng.below(8) {
        0 => Value::Null,
        1 => Value::Bool(rng.below(2) == 0),
        2 => serde_json::from_str(rng.text(NUMBERS)).unwrap_or(json!(-1)),
        3 => json!(rng.text(TEXTS)),
        // Long text now and then (the page must show it as text, not choke on it).
        4 if rng.below(16) == 0 => json!(rng.text(TEXTS).repeat(1 + rng.below(5000))),
        5 if depth < 3 => {
            Value::Array((0..rng.below(4)).map(|_| hostile(rng, depth + 1)).collect())
        }
        6 if depth < 3 => {
            let mut m = Map::new();
            m.insert(rng.text(TEXTS).to_string(), hostile(rng, depth + 1));
            Value::Object(m)
        }
        _ => json!(f64::from(rng.next() as u32) * 1e-3 - 1e6),
    }
}

/// Mutates one place in `v`, chosen by walking down at random.
fn mutate_value(v: &mut Value, rng: &mut Rng, depth: usize) {
    let descend = depth < 8 && rng.below(3) != 0;
    match v {
        Value::Object(map) if !map.is_empty() => {
            let key = map
                .keys()
                .nth(rng.below(map.len()))
                .cloned()
                .unwrap_or_default();
            match rng.below(6) {
                0 => {
                    map.remove(&key);
                }
                1 => {
                    map.insert(format!("{key}{}", rng.text(TEXTS)), hostile(rng, 0));
                }
                _ if descend => mutate_value(
                    map.get_mut(&key).unwrap_or(&mut Value::Null),
                    rng,
                    depth + 1,
                ),
                _ => {
                    map.insert(key, hostile(rng, 0));
                }
            }
        }
        Value::Array(items) if !items.is_empty() => {
            let i = rng.below(items.len());
            match rng.below(6) {
                0 => {
                    items.remove(i);
                }
                1 => {
                    // Many of one entry (10 000 scenarios, say).
                    let copies = match rng.below(512) {
                        0 => 10_000,
                        1..=31 => 100,
                        n => 2 + n % 9,
                    };
                    let item = items[i].clone();
                    items.extend(std::iter::repeat_n(item, copies));
                }
                _ if descend => mutate_value(&mut items[i], rng, depth + 1),
                _ => items[i] = hostile(rng, 0),
            }
        }
        _ => *v = hostile(rng, 0),
    }
    if rng.below(200) == 0 {
        // Deep nesting around the whole value.
        let levels = [10, 127, 129, 5000][rng.below(4)];
        let text = format!("{}{}{}", "[".repeat(levels), v, "]".repeat(levels));
        *v = Value::String(text);
    }
}

/// A share link's query with its pairs mutated.
fn mutate_link(seed: &str, rng: &mut Rng) -> String {
    let (head, query) = seed.split_once('?').unwrap_or(("", seed));
    let mut pairs: Vec<String> = query.split('&').map(str::to_string).collect();
    for _ in 0..1 + rng.below(3) {
        let i = rng.below(pairs.len());
        match rng.below(7) {
            0 => {
                pairs.remove(i);
                if pairs.is_empty() {
                    pairs.push(String::new());
                }
            }
            1 => pairs.push(pairs[i].clone()),
            2 => {
                let key = pairs[i].split('=').next().unwrap_or("").to_string();
                pairs[i] = format!("{key}={}", rng.text(NUMBERS));
            }
            3 => {
                let key = pairs[i].split('=').next().unwrap_or("").to_string();
                pairs[i] = format!("{key}={}", rng.text(TEXTS));
            }
            4 => pairs[i] = format!("{}={}", rng.text(TEXTS), rng.text(NUMBERS)),
            5 => {
                let j = rng.below(pairs.len());
                pairs.swap(i, j);
            }
            _ => pairs[i] = pairs[i].replace('=', rng.text(&["", "==", "=%", "=&"])),
        }
    }
    format!("{head}?{}", pairs.join("&"))
}

/// Byte-level damage: flips, cuts, inserts and repeats, read back as (lossy) UTF-8.
fn mutate_bytes(text: String, rng: &mut Rng, other: &str) -> String {
    let mut bytes = text.into_bytes();
    for _ in 0..rng.below(4) {
        let len = bytes.len();
        let i = rng.below(len + 1);
        match rng.below(6) {
            0 if i < len => bytes[i] ^= 1 << rng.below(8),
            1 => bytes.truncate(i),
            2 => bytes.splice(i..i, rng.text(TEXTS).bytes()).for_each(drop),
            3 if i < len => {
                let end = (i + 1 + rng.below(64)).min(len);
                let chunk = bytes[i..end].to_vec();
                bytes
                    .splice(i..i, chunk.repeat(1 + rng.below(50)))
                    .for_each(drop);
            }
            4 => {
                let from = rng.below(other.len() + 1);
                bytes
                    .splice(i..i, other.bytes().skip(from).take(200))
                    .for_each(drop);
            }
            _ if i < len => {
                bytes.remove(i);
            }
            _ => {}
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

fn input(target: Target, s: &Seeds, rng: &mut Rng) -> String {
    let json = |pool: &[Value], rng: &mut Rng| {
        let mut v = rng.pick(pool).clone();
        for _ in 0..1 + rng.below(3) {
            mutate_value(&mut v, rng, 0);
        }
        v.to_string()
    };
    let text = match target {
        Target::Link => mutate_link(&s.links[rng.below(s.links.len())], rng),
        Target::Store => json(&s.stores, rng),
        Target::Form => json(&s.forms, rng),
        Target::CatalogImport => json(&s.catalogs, rng),
        Target::SharedPrices => shared_prices::wrap(&json(&s.prices, rng)),
    };
    if rng.below(3) == 0 {
        let other = rng.pick(&s.links).clone();
        mutate_bytes(text, rng, &other)
    } else {
        text
    }
}

/// Runs `target` on `text` as the page does; the checks panic when a rule breaks.
fn run(target: Target, text: &str) {
    match target {
        Target::Link => {
            let decoded = link::decode(text);
            let _ = decoded.form.to_request(Some(20_000));
            // What decodes re-encodes to a link that decodes to the same form.
            let again = link::decode(&link::encode(&decoded.form));
            assert!(again.ignored.is_empty(), "re-encoded link loses parts");
        }
        Target::Store => {
            let loaded = store::load(text);
            let deleted = loaded.deleted.clone().unwrap_or_default();
            let saved = store::save_state(&loaded.scenarios, &loaded.quarantined, &deleted);
            let again = store::load(&saved);
            assert_eq!(
                again.scenarios.len(),
                loaded.scenarios.len(),
                "a saved scenario lost"
            );
            assert_eq!(
                again.quarantined.len(),
                loaded.quarantined.len(),
                "a kept-aside entry lost"
            );
            if text.trim().is_empty() {
                assert_eq!(
                    store::import(text).problems.len(),
                    1,
                    "an empty file is reported"
                );
            }
        }
        Target::Form => {
            if let Ok(form) = Form::from_json(text) {
                let _ = form.to_request(Some(20_000));
            }
        }
        Target::CatalogImport => {
            let mut edits = CatalogEdits::default();
            let _ = edits.import(Catalog::builtin(), text);
            let _ = CatalogEdits::parse(text);
        }
        Target::SharedPrices => {
            // What a link's prices decode to re-encodes to the same prices, nothing left out
            // (when the value stays within the limit: `1` is written back as `1.0`).
            let base = Catalog::builtin();
            if let Ok(shared) = shared_prices::decode(text, base) {
                let value = shared_prices::encode(&shared.edits);
                if value.len() <= shared_prices::MAX_VALUE_CHARS {
                    let again = shared_prices::decode(&value, base).map(|a| (a.edits, a.dropped));
                    assert_eq!(again, Ok((shared.edits, 0)), "prices changed");
                }
            }
        }
    }
}

fn main() {
    let mut inputs: u64 = 10_000_000;
    let mut threads: u64 = 2;
    let mut only: Option<String> = None;
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let value = pair.get(1).and_then(|v| v.replace('_', "").parse().ok());
        match (pair[0].as_str(), value) {
            ("--inputs", Some(n)) => inputs = n,
            ("--threads", Some(n)) => threads = n.max(1),
            ("--only", _) if pair.len() == 2 => only = Some(pair[1].clone()),
            _ => {
                eprintln!(
                    "usage: fuzz [--inputs N] [--threads N] [--only Link|Store|Form|CatalogImport|SharedPrices]"
                );
                std::process::exit(2);
            }
        }
    }
    let seeds = seeds();
    let _ = Catalog::builtin();
    // Panics are reported once, with their input, not by the default hook.
    let message: Mutex<Option<String>> = Mutex::new(None);
    std::panic::set_hook(Box::new(|info| {
        CRASH.with(|c| *c.borrow_mut() = Some(info.to_string()));
    }));
    let done = AtomicU64::new(0);
    let failed = AtomicBool::new(false);
    let counts: Vec<AtomicU64> = SHARE.iter().map(|_| AtomicU64::new(0)).collect();
    let start = Instant::now();
    std::thread::scope(|scope| {
        for t in 0..threads {
            let (seeds, done, failed, counts, message) =
                (&seeds, &done, &failed, &counts, &message);
            let only = only.clone();
            scope.spawn(move || {
                let mut rng = Rng(0x5eed + t);
                let share = inputs / threads + u64::from(t < inputs % threads);
                for _ in 0..share {
                    if failed.load(Ordering::Relaxed) {
                        return;
                    }
                    let mut roll = rng.below(100);
                    let (k, target) = SHARE
                        .iter()
                        .enumerate()
                        .find(|(_, (_, w))| {
                            let hit = roll < *w;
                            roll = roll.saturating_sub(*w);
                            hit
                        })
                        .map(|(k, (target, _))| (k, *target))
                        .unwrap_or((0, Target::Link));
                    let (k, target) = match only.as_deref() {
                        Some(name) => SHARE
                            .iter()
                            .position(|(t, _)| format!("{t:?}") == name)
                            .map_or((k, target), |k| (k, SHARE[k].0)),
                        None => (k, target),
                    };
                    let text = input(target, seeds, &mut rng);
                    counts[k].fetch_add(1, Ordering::Relaxed);
                    if catch_unwind(AssertUnwindSafe(|| run(target, &text))).is_err() {
                        let why = CRASH.with(|c| c.borrow_mut().take()).unwrap_or_default();
                        failed.store(true, Ordering::Relaxed);
                        let path = format!(
                            "{}/../../target/fuzz-crash-{t}.txt",
                            env!("CARGO_MANIFEST_DIR")
                        );
                        let _ = std::fs::write(&path, &text);
                        let shown: String = text.chars().take(2000).collect();
                        if let Ok(mut m) = message.lock() {
                            m.get_or_insert(format!(
                                "PANIC in {target:?}: {why}\ninput ({} bytes, whole in {path}):\n{shown}",
                                text.len()
                            ));
                        }
                        return;
                    }
                    done.fetch_add(1, Ordering::Relaxed);
                }
            });
        }
    });
    let secs = start.elapsed().as_secs_f64();
    let n = done.load(Ordering::Relaxed);
    let per: Vec<String> = SHARE
        .iter()
        .zip(&counts)
        .map(|((target, _), c)| format!("{target:?} {}", c.load(Ordering::Relaxed)))
        .collect();
    let panic = message.lock().ok().and_then(|m| m.clone());
    println!(
        "fuzz: {n} inputs in {secs:.1} s on {threads} threads, {:.0} inputs/s ({}), {}",
        n as f64 / secs,
        per.join(", "),
        if panic.is_some() { "PANIC" } else { "no panic" }
    );
    if let Some(m) = panic {
        println!("{m}");
        std::process::exit(1);
    }
}

thread_local! {
    static CRASH: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}
