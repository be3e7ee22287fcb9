//! The store's unit tests.

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

/// An entry is read as serde's derived reader (unknown fields denied) reads it, in its words;
/// unlike serde, an entry written as an array of its values is refused (the page never wrote one).
#[test]
fn an_entry_reads_as_serde_reads_it() {
    #[derive(serde::Deserialize, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct SavedScenario {
        id: String,
        name: String,
        created: f64,
        updated: f64,
        #[allow(dead_code)]
        form: serde_json::Value,
    }
    for text in [
        r#"{"id": "a", "name": "n", "created": 1, "updated": 2.5, "form": {}}"#,
        r#"{"name": "n", "created": 1, "updated": 2, "form": {}}"#,
        r#"{"id": "a", "name": "n", "created": 1, "form": {}}"#,
        r#"{"id": "a", "name": "n", "created": 1, "updated": 2, "form": {}, "tags": []}"#,
        r#"{"id": 7, "name": "n", "created": 1, "updated": 2, "form": {}}"#,
        r#"{"id": "a", "name": "n", "created": "yesterday", "updated": 2, "form": {}}"#,
        r#"{"zz": 1}"#,
        r#"{}"#,
        r#"42"#,
    ] {
        let ours = crate::store::SavedScenario::from_json(&crate::json::Json::parse(text).unwrap())
            .map(|s| (s.id, s.name, s.created, s.updated));
        let serde = serde_json::from_str::<SavedScenario>(text)
            .map(|s| (s.id, s.name, s.created, s.updated))
            .map_err(|e| {
                // serde_json adds where in the text; the entry is read from a value, without.
                let e = e.to_string();
                e.split(" at line ").next().unwrap_or_default().to_string()
            });
        assert_eq!(ours, serde, "{text}");
    }
    let array = r#"["a", "n", 1, 2, {}]"#;
    assert!(
        crate::store::SavedScenario::from_json(&crate::json::Json::parse(array).unwrap()).is_err()
    );
}

/// The stored list is the text serde writes for it, quarantined entries and deletions included.
#[test]
fn the_list_is_written_as_serde_writes_it() {
    let mut odd = scenario("a \"quoted\" id", "名字 <b>\n", 1.5e12, f64::NAN);
    odd.form.tokens = 0.1 + 0.2;
    let lists = [
        vec![],
        vec![scenario("x", "one", 1.0, 2.0)],
        vec![scenario("x", "one", 1.0, 2.0), odd],
    ];
    let quarantined = ["{\"bad\": 1}".to_string(), "not json \u{1}".to_string()];
    let deleted = [Deleted {
        id: "gone".into(),
        created: 3.0,
        at: 1e21,
    }];
    for list in &lists {
        for q in [&quarantined[..], &[]] {
            for d in [None, Some(&deleted[..]), Some(&[][..])] {
                let envelope = Envelope {
                    version: VERSION,
                    scenarios: list,
                    quarantined: q,
                    deleted: d,
                };
                let ours = match d {
                    Some(d) => save_state(list, q, d),
                    None => save_keeping(list, q),
                };
                assert_eq!(ours, serde_json::to_string(&envelope).unwrap());
            }
        }
    }
}
