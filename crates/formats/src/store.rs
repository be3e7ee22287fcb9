//! Saved scenarios: what the page keeps in `localStorage` and exports to a file.
//!
//! The format is an envelope `{"version": 1, "scenarios": [...], "quarantined": [...]}`. The page
//! does the I/O; everything here is plain text in, plain text out.
//!
//! Reading is tolerant: an entry that cannot be read is kept aside ("quarantined", as its raw
//! JSON) and written back with the others, so no saved work is ever dropped; text that is not
//! JSON at all is quarantined whole. Quarantined entries are tried again at every load, so a
//! later version that can read them recovers them.
//!
//! Versions:
//! - 0: a bare JSON array of `{"name": ..., "form": {...}}`, the first page draft's format.
//! - 1: the envelope above, entries with `id`, `name`, `created`, `updated` and `form`.

use crate::Form;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The version [`save`] writes.
pub const VERSION: u64 = 1;

/// One saved scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedScenario {
    /// Unique among the saved scenarios (the page makes it, e.g. from the time and a random part).
    pub id: String,
    pub name: String,
    /// Milliseconds since 1970-01-01 (JavaScript's `Date.now()`).
    pub created: f64,
    /// Milliseconds since 1970-01-01 of the last change.
    pub updated: f64,
    pub form: Form,
}

/// What a load or an import found.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Loaded {
    pub scenarios: Vec<SavedScenario>,
    /// Raw JSON of the entries that could not be read (or the whole text, when it is not JSON):
    /// kept aside, to be written back by [`save_keeping`], never dropped.
    pub quarantined: Vec<String>,
    /// What went wrong, in words, for the person.
    pub problems: Vec<String>,
}

#[derive(Serialize)]
struct Envelope<'a> {
    version: u64,
    scenarios: &'a [SavedScenario],
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    quarantined: &'a [String],
}

/// The envelope of `scenarios`, as stored.
pub fn save(scenarios: &[SavedScenario]) -> String {
    save_keeping(scenarios, &[])
}

/// The envelope of `scenarios` with the entries kept aside by a load, so they are not lost.
pub fn save_keeping(scenarios: &[SavedScenario], quarantined: &[String]) -> String {
    serde_json::to_string(&Envelope {
        version: VERSION,
        scenarios,
        quarantined,
    })
    // Serialising these types cannot fail (string keys only); an empty envelope if it ever did.
    .unwrap_or_else(|_| format!("{{\"version\":{VERSION},\"scenarios\":[]}}"))
}

/// A file of scenarios to download: the same envelope, indented.
pub fn export(scenarios: &[SavedScenario]) -> String {
    let envelope = Envelope {
        version: VERSION,
        scenarios,
        quarantined: &[],
    };
    serde_json::to_string_pretty(&envelope).unwrap_or_else(|_| save(scenarios))
}

/// Reads what [`save`] wrote (or any older version). Empty text: nothing saved yet.
pub fn load(raw: &str) -> Loaded {
    if raw.trim().is_empty() {
        return Loaded::default();
    }
    read(raw)
}

/// Reads a file of scenarios chosen by the person; like [`load`], but an empty file is a problem.
pub fn import(raw: &str) -> Loaded {
    if raw.trim().is_empty() {
        return Loaded {
            problems: vec!["The file is empty.".into()],
            ..Loaded::default()
        };
    }
    read(raw)
}

fn read(raw: &str) -> Loaded {
    let mut out = Loaded::default();
    let value: Value = match serde_json::from_str(raw) {
        Ok(v) => v,
        Err(e) => {
            out.quarantined.push(raw.to_string());
            out.problems.push(format!(
                "The saved scenarios are not readable JSON ({e}); kept aside."
            ));
            return out;
        }
    };
    let entries = match value {
        Value::Array(entries) => migrate_v0(entries, &mut out),
        Value::Object(mut map) => {
            let version = map.get("version").and_then(Value::as_u64);
            match version {
                Some(1) => {}
                Some(v) if v > VERSION => out.problems.push(format!(
                    "Saved by a newer version of the page (format {v}); read as format {VERSION}, what cannot be read is kept aside."
                )),
                _ => {
                    out.quarantined.push(raw.to_string());
                    out.problems.push(
                        "The saved scenarios have no known format version; kept aside.".into(),
                    );
                    return out;
                }
            }
            if let Some(Value::Array(kept)) = map.remove("quarantined") {
                // Entries kept aside earlier: tried again, kept aside again if still unreadable.
                for entry in kept {
                    match entry {
                        Value::String(text) => match serde_json::from_str::<Value>(&text) {
                            Ok(v) => out_entry(v, &mut out, true),
                            Err(_) => out.quarantined.push(text),
                        },
                        other => out.quarantined.push(other.to_string()),
                    }
                }
            }
            match map.remove("scenarios") {
                Some(Value::Array(entries)) => entries,
                Some(other) => {
                    out.quarantined.push(other.to_string());
                    out.problems
                        .push("The saved scenarios are not a list; kept aside.".into());
                    Vec::new()
                }
                None => Vec::new(),
            }
        }
        other => {
            out.quarantined.push(other.to_string());
            out.problems
                .push("The saved scenarios are not in a known format; kept aside.".into());
            return out;
        }
    };
    for entry in entries {
        out_entry(entry, &mut out, false);
    }
    out
}

/// Reads one entry into `out`: a scenario, or kept aside with the reason.
fn out_entry(entry: Value, out: &mut Loaded, retried: bool) {
    match serde_json::from_value::<SavedScenario>(entry.clone()) {
        Ok(s) => {
            if retried {
                out.problems.push(format!(
                    "“{}” had been kept aside and is readable again.",
                    s.name
                ));
            }
            let merged = merge(&out.scenarios, std::slice::from_ref(&s));
            out.scenarios = merged;
        }
        Err(e) => {
            if !retried {
                let name = entry
                    .get("name")
                    .and_then(Value::as_str)
                    .map_or_else(|| "A saved scenario".to_string(), |n| format!("“{n}”"));
                out.problems
                    .push(format!("{name} could not be read ({e}); kept aside."));
            }
            out.quarantined.push(entry.to_string());
        }
    }
}

/// Version 0 (a bare array of `{name, form}`) as version 1 entries. Ids are derived from the
/// position, so two tabs migrating the same list agree; the times are unknown (0).
fn migrate_v0(entries: Vec<Value>, out: &mut Loaded) -> Vec<Value> {
    let mut migrated = Vec::with_capacity(entries.len());
    for (i, entry) in entries.into_iter().enumerate() {
        match entry {
            Value::Object(mut map) if map.contains_key("form") && !map.contains_key("id") => {
                let name = map
                    .remove("name")
                    .filter(Value::is_string)
                    .unwrap_or_else(|| Value::String(format!("Scenario {}", i + 1)));
                let form = map.remove("form").unwrap_or(Value::Null);
                if !map.is_empty() {
                    // Unknown fields: keep the whole entry aside rather than lose them.
                    map.insert("name".into(), name);
                    map.insert("form".into(), form);
                    out_entry(Value::Object(map), out, false);
                    continue;
                }
                migrated.push(serde_json::json!({
                    "id": format!("v0-{}", i + 1),
                    "name": name,
                    "created": 0.0,
                    "updated": 0.0,
                    "form": form,
                }));
            }
            // Already a version 1 entry (or something else): read as it is.
            other => migrated.push(other),
        }
    }
    migrated
}

/// The scenarios of two tabs (or a store and an import) together: matched by id, the later
/// `updated` wins (`local` on a tie). Nothing is lost: two different scenarios that happen to
/// share an id (different `created`) are both kept, the incoming one under a new id. `local`'s
/// order is kept, new ones follow in `incoming`'s order.
pub fn merge(local: &[SavedScenario], incoming: &[SavedScenario]) -> Vec<SavedScenario> {
    let mut out = local.to_vec();
    for s in incoming {
        match out.iter_mut().find(|x| same_scenario(x, s)) {
            Some(x) => {
                if s.updated > x.updated {
                    let id = std::mem::take(&mut x.id);
                    *x = s.clone();
                    x.id = id;
                }
            }
            None => {
                let mut s = s.clone();
                if out.iter().any(|x| x.id == s.id) {
                    s.id = fresh_id(&out, &s.id);
                }
                out.push(s);
            }
        }
    }
    out
}

/// The same scenario: its id (or the id it was given after a clash, `id-N`) and its creation time.
fn same_scenario(x: &SavedScenario, s: &SavedScenario) -> bool {
    let renamed =
        x.id.strip_prefix(s.id.as_str())
            .and_then(|rest| rest.strip_prefix('-'))
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    (x.id == s.id || renamed) && x.created == s.created
}

/// `id` with the smallest suffix `-2`, `-3`… not used in `list`.
fn fresh_id(list: &[SavedScenario], id: &str) -> String {
    (2u64..)
        .map(|n| format!("{id}-{n}"))
        .find(|candidate| !list.iter().any(|x| &x.id == candidate))
        .unwrap_or_else(|| id.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::form::WorkloadKind;

    fn scenario(id: &str, name: &str, created: f64, updated: f64) -> SavedScenario {
        SavedScenario {
            id: id.into(),
            name: name.into(),
            created,
            updated,
            form: Form {
                name: name.into(),
                ..Form::default()
            },
        }
    }

    fn data(file: &str) -> String {
        let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    #[test]
    fn save_and_load_round_trip() {
        let list = vec![
            scenario("a", "First", 1.0, 2.0),
            scenario("b", "训练 <b>&</b>", 3.0, 4.5),
        ];
        let loaded = load(&save(&list));
        assert_eq!(loaded.scenarios, list);
        assert!(loaded.quarantined.is_empty() && loaded.problems.is_empty());
        assert_eq!(import(&export(&list)).scenarios, list);
    }

    #[test]
    fn nothing_saved_is_not_a_problem_but_an_empty_import_is() {
        assert_eq!(load(""), Loaded::default());
        assert_eq!(load("  \n"), Loaded::default());
        assert_eq!(import("").problems.len(), 1);
    }

    #[test]
    fn an_entry_that_cannot_be_read_is_kept_aside() {
        let raw = r#"{"version": 1, "scenarios": [
            {"id": "a", "name": "good", "created": 1, "updated": 1, "form": {"workload": "serve"}},
            {"id": "b", "name": "typo", "created": 1, "updated": 1, "form": {"workluad": "serve"}},
            42
        ]}"#;
        let loaded = load(raw);
        assert_eq!(loaded.scenarios.len(), 1);
        assert_eq!(loaded.scenarios[0].form.workload, WorkloadKind::Serve);
        assert_eq!(loaded.quarantined.len(), 2);
        assert!(loaded.quarantined[0].contains("workluad"));
        assert_eq!(loaded.problems.len(), 2);
        assert!(loaded.problems[0].contains("typo"), "{:?}", loaded.problems);

        // Written back with the others, and still there on the next load.
        let again = load(&save_keeping(&loaded.scenarios, &loaded.quarantined));
        assert_eq!(again.scenarios, loaded.scenarios);
        assert_eq!(again.quarantined, loaded.quarantined);
    }

    #[test]
    fn text_that_is_not_json_is_kept_aside_whole() {
        for raw in [
            "{\"version\": 1, \"scenarios\": [",
            "hello",
            "\"just a string\"",
            "{}",
        ] {
            let loaded = load(raw);
            assert!(loaded.scenarios.is_empty(), "{raw}");
            assert_eq!(loaded.quarantined, vec![raw.to_string()], "{raw}");
            assert_eq!(loaded.problems.len(), 1, "{raw}");
        }
    }

    #[test]
    fn a_quarantined_entry_that_becomes_readable_is_recovered() {
        let good = serde_json::to_string(&scenario("z", "back", 1.0, 1.0)).unwrap();
        let raw = save_keeping(&[], &[good, "not json".into()]);
        let loaded = load(&raw);
        assert_eq!(loaded.scenarios.len(), 1);
        assert_eq!(loaded.quarantined, vec!["not json".to_string()]);
        assert!(loaded.problems[0].contains("back"));
    }

    #[test]
    fn a_newer_version_is_read_as_far_as_possible() {
        let raw = r#"{"version": 7, "scenarios": [
            {"id": "a", "name": "ok", "created": 1, "updated": 1, "form": {}},
            {"id": "b", "name": "new", "created": 1, "updated": 1, "form": {}, "tags": ["x"]}
        ]}"#;
        let loaded = load(raw);
        assert_eq!(loaded.scenarios.len(), 1);
        assert_eq!(loaded.quarantined.len(), 1);
        assert_eq!(loaded.problems.len(), 2);
    }

    #[test]
    fn version_0_fixture_migrates() {
        let loaded = load(&data("scenarios-v0.json"));
        assert!(loaded.problems.is_empty(), "{:?}", loaded.problems);
        let names: Vec<&str> = loaded.scenarios.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["LoRA on Mistral", "Chat serving", "Scenario 3"]);
        assert_eq!(loaded.scenarios[0].id, "v0-1");
        assert_eq!(loaded.scenarios[0].form.model, "mistral-7b-v0.3");
        assert_eq!(loaded.scenarios[1].form.workload, WorkloadKind::Serve);
        assert_eq!(loaded.scenarios[1].form.requests_per_s, None);
        assert_eq!(loaded.scenarios[2].form.workload, WorkloadKind::Dev);
        // Saved again, it is version 1 and reads the same.
        let saved = save(&loaded.scenarios);
        assert!(saved.starts_with("{\"version\":1,"));
        assert_eq!(load(&saved).scenarios, loaded.scenarios);
    }

    #[test]
    fn version_1_fixture_loads() {
        let loaded = load(&data("scenarios-v1.json"));
        assert_eq!(loaded.scenarios.len(), 3, "{:?}", loaded.problems);
        assert_eq!(loaded.quarantined.len(), 1);
        let s = &loaded.scenarios[1];
        assert_eq!(s.id, "m5x2k-4f1a");
        assert_eq!(s.created, 1767225600000.0);
        assert_eq!(s.form.workload, WorkloadKind::Train);
        assert_eq!(s.form.tokens, 2e10);
        assert_eq!(loaded.scenarios[2].form.name, "渲染 & <i>test</i>");
    }

    #[test]
    fn merge_keeps_the_later_edit_and_loses_nothing() {
        let local = vec![
            scenario("a", "a local, newer", 1.0, 20.0),
            scenario("b", "b local, older", 1.0, 5.0),
            scenario("c", "only local", 1.0, 1.0),
            scenario("d", "d local", 1.0, 1.0),
        ];
        let incoming = vec![
            scenario("a", "a incoming, older", 1.0, 10.0),
            scenario("b", "b incoming, newer", 1.0, 6.0),
            scenario("e", "only incoming", 2.0, 2.0),
            scenario("d", "another scenario with d's id", 9.0, 9.0),
        ];
        let merged = merge(&local, &incoming);
        let names: Vec<(&str, &str)> = merged
            .iter()
            .map(|s| (s.id.as_str(), s.name.as_str()))
            .collect();
        assert_eq!(
            names,
            [
                ("a", "a local, newer"),
                ("b", "b incoming, newer"),
                ("c", "only local"),
                ("d", "d local"),
                ("e", "only incoming"),
                ("d-2", "another scenario with d's id"),
            ]
        );
        // Merging is idempotent and a tie keeps the local copy.
        assert_eq!(merge(&merged, &merged), merged);
        let tie = vec![scenario("a", "tie", 1.0, 20.0)];
        assert_eq!(merge(&local, &tie)[0].name, "a local, newer");
        // The same colliding scenario merged twice is added once.
        assert_eq!(merge(&merge(&local, &incoming), &incoming), merged);
    }

    #[test]
    fn duplicate_ids_in_one_file_are_merged_on_load() {
        let list = vec![
            scenario("a", "old", 1.0, 1.0),
            scenario("a", "new", 1.0, 2.0),
        ];
        let loaded = load(&save(&list));
        assert_eq!(loaded.scenarios.len(), 1);
        assert_eq!(loaded.scenarios[0].name, "new");
    }

    #[test]
    fn import_reads_an_exported_file_and_older_versions() {
        let exported = export(&[scenario("x", "exported", 5.0, 6.0)]);
        assert!(exported.contains("\n  \"version\": 1"));
        assert_eq!(import(&exported).scenarios[0].name, "exported");
        assert_eq!(import(&data("scenarios-v0.json")).scenarios.len(), 3);
        let broken = import("{\"version\": 1, \"scenarios\": [{\"id\": 1}]}");
        assert!(broken.scenarios.is_empty());
        assert_eq!(broken.quarantined, vec!["{\"id\":1}".to_string()]);
    }
}
