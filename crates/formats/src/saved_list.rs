//! What the page does to its list of saved scenarios: save the form, duplicate, rename, delete,
//! and take in another tab's changes. Plain values in and out, so every rule is tested natively;
//! the page supplies the clock and the random part of new ids.

use crate::store::{self, Loaded, SavedScenario};
use crate::Form;

/// A fresh id from the time (milliseconds since 1970) and a random number in [0, 1): two saves in
/// one millisecond, or in two tabs, still differ.
pub fn new_id(now_ms: f64, random: f64) -> String {
    format!("s{:x}-{:x}", now_ms as u64, (random * 1e9) as u64)
}

/// Saves `form`: over the scenario it was opened from (`current`) while it keeps that one's
/// name, else as a new one with the id `fresh` makes. Returns the id it is saved under.
pub fn save_form(
    list: &mut Vec<SavedScenario>,
    current: Option<&str>,
    form: Form,
    now: f64,
    fresh: impl FnOnce() -> String,
) -> String {
    let target = current.and_then(|id| list.iter().position(|s| s.id == id && s.name == form.name));
    match target {
        Some(i) => {
            list[i].form = form;
            list[i].updated = now;
            list[i].id.clone()
        }
        None => {
            let id = fresh();
            list.push(SavedScenario {
                id: id.clone(),
                name: form.name.clone(),
                created: now,
                updated: now,
                form,
            });
            id
        }
    }
}

/// Renames the scenario `id` (and the name its form carries); `false` when it is not there.
pub fn rename(list: &mut [SavedScenario], id: &str, name: &str, now: f64) -> bool {
    let Some(s) = list.iter_mut().find(|s| s.id == id) else {
        return false;
    };
    s.name = name.to_string();
    s.form.name = name.to_string();
    s.updated = now;
    true
}

/// Puts a copy of the scenario `id` right after it, named with `suffix`, under the id `fresh`
/// makes; `false` when it is not there.
pub fn duplicate(
    list: &mut Vec<SavedScenario>,
    id: &str,
    suffix: &str,
    now: f64,
    fresh: impl FnOnce() -> String,
) -> bool {
    let Some(i) = list.iter().position(|s| s.id == id) else {
        return false;
    };
    let mut copy = list[i].clone();
    copy.id = fresh();
    copy.name.push_str(suffix);
    copy.form.name = copy.name.clone();
    (copy.created, copy.updated) = (now, now);
    list.insert(i + 1, copy);
    true
}

/// Removes the scenario `id`.
pub fn delete(list: &mut Vec<SavedScenario>, id: &str) {
    list.retain(|s| s.id != id);
}

/// This tab's list after another tab's write.
#[derive(Debug, Clone, PartialEq)]
pub struct Merged {
    pub scenarios: Vec<SavedScenario>,
    /// Entries kept aside by either tab.
    pub quarantined: Vec<String>,
    /// This tab holds something the stored list lacks, so it should write the list back. Only
    /// then: two tabs settle instead of echoing each other's writes.
    pub adds: bool,
}

/// Merges what another tab stored (`theirs`) into this tab's list (`ours`, with the entries it
/// keeps aside), three-way against `base`, the list as this tab last read or wrote it.
///
/// What either side added or edited is kept (the later `updated` wins, see [`store::merge`]);
/// what one side deleted and the other left unchanged stays deleted. Stored text this version
/// cannot fully read deletes nothing here.
pub fn merge_tabs(
    base: &[SavedScenario],
    ours: &[SavedScenario],
    our_quarantined: &[String],
    theirs: &Loaded,
) -> Merged {
    let readable = theirs.problems.is_empty();
    let ours_kept: Vec<SavedScenario> = ours
        .iter()
        .filter(|s| !(readable && deleted(base, &theirs.scenarios, s)))
        .cloned()
        .collect();
    let theirs_kept: Vec<SavedScenario> = theirs
        .scenarios
        .iter()
        .filter(|s| !deleted(base, ours, s))
        .cloned()
        .collect();
    let scenarios = store::merge(&ours_kept, &theirs_kept);
    let mut quarantined = our_quarantined.to_vec();
    for entry in &theirs.quarantined {
        if !quarantined.contains(entry) {
            quarantined.push(entry.clone());
        }
    }
    let adds = scenarios.len() != theirs.scenarios.len()
        || scenarios.iter().any(|m| !theirs.scenarios.contains(m))
        || quarantined.len() != theirs.quarantined.len();
    Merged {
        scenarios,
        quarantined,
        adds,
    }
}

/// Whether `list` still holds `s` (same id and creation time).
fn holds(list: &[SavedScenario], s: &SavedScenario) -> bool {
    list.iter().any(|x| x.id == s.id && x.created == s.created)
}

/// Whether one side deleted `s` since `base` while the other side left it unchanged.
fn deleted(base: &[SavedScenario], other: &[SavedScenario], s: &SavedScenario) -> bool {
    !holds(other, s)
        && base
            .iter()
            .any(|b| b.id == s.id && b.created == s.created && s.updated <= b.updated)
}

#[cfg(test)]
mod tests {
    use super::*;

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

    fn stored(list: &[SavedScenario]) -> Loaded {
        store::load(&store::save(list))
    }

    fn names(list: &[SavedScenario]) -> Vec<&str> {
        list.iter().map(|s| s.name.as_str()).collect()
    }

    #[test]
    fn ids_differ_by_time_and_by_chance() {
        assert_eq!(new_id(255.0, 0.5), "sff-1dcd6500");
        assert_ne!(new_id(1.0, 0.1), new_id(1.0, 0.2));
        assert_ne!(new_id(1.0, 0.1), new_id(2.0, 0.1));
    }

    #[test]
    fn saving_updates_the_opened_scenario_while_it_keeps_its_name() {
        let mut list = vec![scenario("a", "A", 1.0, 1.0)];
        let mut form = list[0].form.clone();
        form.params_b = 13.0;
        let id = save_form(&mut list, Some("a"), form.clone(), 5.0, || "new".into());
        assert_eq!(id, "a");
        assert_eq!(
            (list.len(), list[0].updated, list[0].created),
            (1, 5.0, 1.0)
        );
        assert_eq!(list[0].form.params_b, 13.0);
        // Renamed in the form: a new scenario beside the old one.
        form.name = "B".into();
        let id = save_form(&mut list, Some("a"), form.clone(), 6.0, || "new".into());
        assert_eq!(id, "new");
        assert_eq!(names(&list), ["A", "B"]);
        assert_eq!((list[1].created, list[1].updated), (6.0, 6.0));
        // Opened from nothing: always new.
        save_form(&mut list, None, form, 7.0, || "newer".into());
        assert_eq!(list.len(), 3);
    }

    #[test]
    fn a_copy_follows_its_original_and_a_rename_names_the_form_too() {
        let mut list = vec![scenario("a", "A", 1.0, 1.0), scenario("b", "B", 1.0, 1.0)];
        assert!(duplicate(&mut list, "a", " (copy)", 9.0, || "c".into()));
        assert_eq!(names(&list), ["A", "A (copy)", "B"]);
        assert_eq!(list[1].form.name, "A (copy)");
        assert_eq!((list[1].id.as_str(), list[1].created), ("c", 9.0));
        assert!(!duplicate(&mut list, "zz", " (copy)", 9.0, || "d".into()));
        assert!(rename(&mut list, "b", "Bee", 10.0));
        assert_eq!((list[2].form.name.as_str(), list[2].updated), ("Bee", 10.0));
        assert!(!rename(&mut list, "zz", "no", 10.0));
        delete(&mut list, "a");
        assert_eq!(names(&list), ["A (copy)", "Bee"]);
    }

    #[test]
    fn a_deletion_in_either_tab_sticks_unless_the_other_edited() {
        let base = vec![scenario("a", "A", 1.0, 1.0), scenario("b", "B", 1.0, 1.0)];
        // They deleted b; we left it as it was: gone, and nothing for us to write back.
        let theirs = stored(&base[..1]);
        let m = merge_tabs(&base, &base, &[], &theirs);
        assert_eq!(names(&m.scenarios), ["A"]);
        assert!(!m.adds);
        // We deleted a; they left it: stays deleted.
        let m = merge_tabs(&base, &base[1..], &[], &stored(&base));
        assert_eq!(names(&m.scenarios), ["B"]);
        assert!(m.adds);
        // They deleted b, but we edited it since: kept, and written back.
        let mut ours = base.clone();
        ours[1].updated = 2.0;
        let m = merge_tabs(&base, &ours, &[], &theirs);
        assert_eq!(names(&m.scenarios), ["A", "B"]);
        assert!(m.adds);
    }

    #[test]
    fn both_tabs_additions_and_the_later_edit_are_kept() {
        let base = vec![scenario("a", "A", 1.0, 1.0)];
        let mut ours = base.clone();
        ours.push(scenario("o", "Ours", 2.0, 2.0));
        let mut theirs = base.clone();
        theirs[0].name = "A edited".into();
        theirs[0].updated = 3.0;
        theirs.push(scenario("t", "Theirs", 2.5, 2.5));
        let m = merge_tabs(&base, &ours, &[], &stored(&theirs));
        assert_eq!(names(&m.scenarios), ["A edited", "Ours", "Theirs"]);
        assert!(m.adds);
    }

    #[test]
    fn text_this_version_cannot_read_deletes_nothing_and_is_kept_aside() {
        let base = vec![scenario("a", "A", 1.0, 1.0)];
        let theirs = store::load(r#"{"version": 1, "scenarios": [42]}"#);
        assert!(!theirs.problems.is_empty());
        let m = merge_tabs(&base, &base, &["old".into()], &theirs);
        assert_eq!(names(&m.scenarios), ["A"]);
        assert_eq!(m.quarantined, ["old".to_string(), "42".to_string()]);
        assert!(m.adds);
    }
}
