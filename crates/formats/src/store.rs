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
//! - 1: the envelope above, entries with `id`, `name`, `created`, `updated` and `form`. Since the
//!   page merges tabs by what each deleted, the page's own copy also carries `"deleted"`: one
//!   [`Deleted`] record per removed scenario (older lists without it read as before).

use crate::fields::FieldValue;
use crate::json::{Json, Num, Object};
use crate::Form;
use serde::Serialize;
use std::fmt::Write as _;

/// The version [`save`] writes.
pub const VERSION: u64 = 1;

/// One saved scenario. Read by [`SavedScenario::from_json`], as serde would read it with unknown
/// fields denied, and written member by member as serde writes it (its derive is for the
/// exported file): the panels that show saved scenarios are fetched by every visit, and serde's
/// reader and writer with `serde_json`'s value were most of their JSON code.
#[derive(Debug, Clone, PartialEq, Serialize)]
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

/// The fields of a saved scenario, in the order serde names them.
const SCENARIO_FIELDS: [&str; 5] = ["id", "name", "created", "updated", "form"];

impl SavedScenario {
    /// The scenario `value` holds, or why not in serde's words (its form read field by field,
    /// like a link's or a draft's). Its members are read in the object's order, and the first
    /// unknown one or value of the wrong type is the error, as serde reads them.
    pub fn from_json(value: &Json) -> Result<SavedScenario, String> {
        let Json::Object(map) = value else {
            return Err(crate::fields::refused(value, "struct SavedScenario"));
        };
        let (mut id, mut name, mut created, mut updated, mut form) = (None, None, None, None, None);
        for (key, member) in map {
            match key.as_str() {
                "id" => id = Some(String::from_value(member)?),
                "name" => name = Some(String::from_value(member)?),
                "created" => created = Some(f64::from_value(member)?),
                "updated" => updated = Some(f64::from_value(member)?),
                "form" => form = Some(crate::fields::form_from_json(member)?),
                other => {
                    let expected = crate::fields::one_of(SCENARIO_FIELDS.into_iter());
                    return Err(format!(
                        "unknown field `{other}`, expected {}",
                        expected.unwrap_or_default()
                    ));
                }
            }
        }
        let missing = |field: &str| format!("missing field `{field}`");
        Ok(SavedScenario {
            id: id.ok_or_else(|| missing("id"))?,
            name: name.ok_or_else(|| missing("name"))?,
            created: created.ok_or_else(|| missing("created"))?,
            updated: updated.ok_or_else(|| missing("updated"))?,
            form: form.ok_or_else(|| missing("form"))?,
        })
    }
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
    /// The deletions the stored list records; `None` when it records none at all (written before
    /// deletions were kept, or not by the page), so what it lacks may have been deleted.
    pub deleted: Option<Vec<Deleted>>,
}

/// A scenario removed from the list, kept so that another tab still holding it learns it was
/// deleted rather than taking it for one it never saw.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Deleted {
    pub id: String,
    /// The scenario's `created`: with the id, which scenario it was.
    pub created: f64,
    /// Milliseconds since 1970-01-01 of the deletion: an edit after it wins over it.
    pub at: f64,
}

impl Deleted {
    /// The record `value` holds, as serde would read it (other members ignored), or none.
    fn from_json(value: &Json) -> Option<Deleted> {
        let number = |key| f64::from_value(value.get(key)?).ok();
        Some(Deleted {
            id: String::from_value(value.get("id")?).ok()?,
            created: number("created")?,
            at: number("at")?,
        })
    }
}

/// The envelope as serde writes it: indented for an exported file ([`export`]); the stored list
/// is written by [`write`], in the same text.
#[derive(Serialize)]
struct Envelope<'a> {
    version: u64,
    scenarios: &'a [SavedScenario],
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    quarantined: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    deleted: Option<&'a [Deleted]>,
}

/// The envelope of `scenarios`, as stored.
pub fn save(scenarios: &[SavedScenario]) -> String {
    save_keeping(scenarios, &[])
}

/// The envelope of `scenarios` with the entries kept aside by a load, so they are not lost.
pub fn save_keeping(scenarios: &[SavedScenario], quarantined: &[String]) -> String {
    write(scenarios, quarantined, None)
}

/// The page's own copy: [`save_keeping`] plus the deletions it records (always written, even none,
/// so a reader knows an absent scenario was not deleted).
pub fn save_state(
    scenarios: &[SavedScenario],
    quarantined: &[String],
    deleted: &[Deleted],
) -> String {
    write(scenarios, quarantined, Some(deleted))
}

/// The envelope as `serde_json::to_string` writes it, written member by member: the page writes
/// its list on every change, and serde's writer of these types and of the form is built into the
/// panels every visit fetches for this alone (the form is written from its field values,
/// `Form::to_json`, as serde writes it).
fn write(
    scenarios: &[SavedScenario],
    quarantined: &[String],
    deleted: Option<&[Deleted]>,
) -> String {
    let mut out = format!("{{\"version\":{VERSION},\"scenarios\":");
    // Writing to a `String` cannot fail.
    list(&mut out, scenarios, |out, s| {
        let _ = write!(
            out,
            "{{\"id\":{},\"name\":{},\"created\":{},\"updated\":{},\"form\":{}}}",
            Json::from(s.id.as_str()),
            Json::from(s.name.as_str()),
            Json::from(s.created),
            Json::from(s.updated),
            s.form.to_json()
        );
    });
    if !quarantined.is_empty() {
        out.push_str(",\"quarantined\":");
        list(&mut out, quarantined, |out, q| {
            let _ = write!(out, "{}", Json::from(q.as_str()));
        });
    }
    if let Some(deleted) = deleted {
        out.push_str(",\"deleted\":");
        list(&mut out, deleted, |out, d| {
            let _ = write!(
                out,
                "{{\"id\":{},\"created\":{},\"at\":{}}}",
                Json::from(d.id.as_str()),
                Json::from(d.created),
                Json::from(d.at)
            );
        });
    }
    out.push('}');
    out
}

/// `items` as a JSON array, each written by `item`.
fn list<T>(out: &mut String, items: &[T], item: impl Fn(&mut String, &T)) {
    out.push('[');
    for (i, x) in items.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        item(out, x);
    }
    out.push(']');
}

/// A file of scenarios to download: the same envelope, indented.
pub fn export(scenarios: &[SavedScenario]) -> String {
    let envelope = Envelope {
        version: VERSION,
        scenarios,
        quarantined: &[],
        deleted: None,
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
    let value = match Json::parse(raw) {
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
        Json::Array(entries) => migrate_v0(entries, &mut out),
        Json::Object(mut map) => {
            let version = match map.get("version") {
                Some(Json::Number(n)) => n.as_u64(),
                _ => None,
            };
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
            out.deleted = map.remove("deleted").map(read_deleted);
            if let Some(Json::Array(kept)) = map.remove("quarantined") {
                // Entries kept aside earlier: tried again, kept aside again if still unreadable.
                for entry in kept {
                    match entry {
                        Json::String(text) => match Json::parse(&text) {
                            Ok(v) => out_entry(v, &mut out, true),
                            Err(_) => out.quarantined.push(text),
                        },
                        other => out.quarantined.push(other.to_string()),
                    }
                }
            }
            match map.remove("scenarios") {
                Some(Json::Array(entries)) => entries,
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
    out.scenarios = merge(&[], &std::mem::take(&mut out.scenarios));
    out
}

/// The deletion records; one that cannot be read is dropped (it holds no work, and at worst a
/// scenario deleted long ago comes back from a tab that still held it).
fn read_deleted(value: Json) -> Vec<Deleted> {
    match value {
        Json::Array(entries) => entries.iter().filter_map(Deleted::from_json).collect(),
        _ => Vec::new(),
    }
}

/// Reads one entry into `out`: a scenario, or kept aside with the reason.
fn out_entry(entry: Json, out: &mut Loaded, retried: bool) {
    // Read in place: the entry is kept as it is should it not be readable.
    match SavedScenario::from_json(&entry) {
        Ok(s) => {
            if retried {
                out.problems.push(format!(
                    "“{}” had been kept aside and is readable again.",
                    s.name
                ));
            }
            // Merged once all are read (`read`): duplicates in one file become one.
            out.scenarios.push(s);
        }
        Err(e) => {
            if !retried {
                let name = entry
                    .get("name")
                    .and_then(Json::as_str)
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
fn migrate_v0(entries: Vec<Json>, out: &mut Loaded) -> Vec<Json> {
    let mut migrated = Vec::with_capacity(entries.len());
    for (i, entry) in entries.into_iter().enumerate() {
        match entry {
            Json::Object(mut map) if map.contains_key("form") && !map.contains_key("id") => {
                let name = map
                    .remove("name")
                    .filter(|n| n.as_str().is_some())
                    .unwrap_or_else(|| Json::String(format!("Scenario {}", i + 1)));
                let form = map.remove("form").unwrap_or(Json::Null);
                if !map.is_empty() {
                    // Unknown fields: keep the whole entry aside rather than lose them.
                    map.insert("name".into(), name);
                    map.insert("form".into(), form);
                    out_entry(Json::Object(map), out, false);
                    continue;
                }
                let unknown_time = || Json::Number(Num::Float(0.0));
                migrated.push(Json::Object(Object::from([
                    ("id".to_string(), Json::String(format!("v0-{}", i + 1))),
                    ("name".to_string(), name),
                    ("created".to_string(), unknown_time()),
                    ("updated".to_string(), unknown_time()),
                    ("form".to_string(), form),
                ])));
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
    let mut out = Merger::default();
    for s in local.iter().chain(incoming) {
        out.add(s.clone());
    }
    out.list
}

/// A list being merged into, with its entries indexed by id and by the id a clash was renamed
/// from (`id-N`), so a file of 10 000 scenarios merges in one pass rather than 10 000².
#[derive(Default)]
struct Merger {
    list: Vec<SavedScenario>,
    index: std::collections::HashMap<String, Vec<usize>>,
}

impl Merger {
    fn add(&mut self, mut s: SavedScenario) {
        let found = self.index.get(&s.id).and_then(|at| {
            at.iter()
                .copied()
                .find(|&i| same_scenario(&self.list[i], &s))
        });
        match found {
            Some(i) => {
                let x = &mut self.list[i];
                if s.updated > x.updated {
                    let id = std::mem::take(&mut x.id);
                    *x = s;
                    x.id = id;
                }
            }
            None => {
                if self.taken(&s.id) {
                    let id = (2u64..)
                        .map(|n| format!("{}-{n}", s.id))
                        .find(|candidate| !self.taken(candidate));
                    s.id = id.unwrap_or(s.id);
                }
                let i = self.list.len();
                self.index.entry(s.id.clone()).or_default().push(i);
                if let Some(base) = renamed_from(&s.id) {
                    self.index.entry(base.to_string()).or_default().push(i);
                }
                self.list.push(s);
            }
        }
    }

    /// Whether an entry has exactly the id `id`.
    fn taken(&self, id: &str) -> bool {
        self.index
            .get(id)
            .is_some_and(|at| at.iter().any(|&i| self.list[i].id == id))
    }
}

/// The id `id` was renamed from after a clash (`id-N` → `id`), if it looks like one.
fn renamed_from(id: &str) -> Option<&str> {
    let (base, n) = id.rsplit_once('-')?;
    (!n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())).then_some(base)
}

/// The same scenario: its id (or the id it was given after a clash, `id-N`) and its creation time.
fn same_scenario(x: &SavedScenario, s: &SavedScenario) -> bool {
    let renamed =
        x.id.strip_prefix(s.id.as_str())
            .and_then(|rest| rest.strip_prefix('-'))
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    (x.id == s.id || renamed) && x.created == s.created
}

#[cfg(test)]
mod tests;
