//! Tests of the list operations and of the merge of two tabs.

use super::*;
use crate::store;

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

fn side(list: &[SavedScenario]) -> Ours<'_> {
    Ours {
        scenarios: list,
        quarantined: &[],
        deleted: &[],
    }
}

/// The list as an older page stored it: no deletion records.
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
    let mut deleted = Vec::new();
    delete(&mut list, &mut deleted, "a", 11.0);
    assert_eq!(deleted.len(), 1);
    assert_eq!((deleted[0].id.as_str(), deleted[0].at), ("a", 11.0));
    assert_eq!(names(&list), ["A (copy)", "Bee"]);
}

#[test]
fn with_an_older_list_a_deletion_in_either_tab_sticks_unless_the_other_edited() {
    let base = vec![scenario("a", "A", 1.0, 1.0), scenario("b", "B", 1.0, 1.0)];
    // They deleted b; we left it as it was: gone, and nothing for us to write back.
    let theirs = stored(&base[..1]);
    let m = merge_tabs(&base, side(&base), &theirs);
    assert_eq!(names(&m.scenarios), ["A"]);
    assert!(!m.adds);
    // We deleted a (and recorded it); they left it: stays deleted.
    let (mut mine, mut deleted) = (base.clone(), Vec::new());
    delete(&mut mine, &mut deleted, "a", 2.0);
    let m = merge_tabs(
        &base,
        Ours {
            scenarios: &mine,
            quarantined: &[],
            deleted: &deleted,
        },
        &stored(&base),
    );
    assert_eq!(names(&m.scenarios), ["B"]);
    assert!(m.adds);
    // They deleted b, but we edited it since: kept, and written back.
    let mut ours = base.clone();
    ours[1].updated = 2.0;
    let m = merge_tabs(&base, side(&ours), &theirs);
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
    let m = merge_tabs(&base, side(&ours), &stored(&theirs));
    // The stored order first, then what only this tab holds.
    assert_eq!(names(&m.scenarios), ["A edited", "Theirs", "Ours"]);
    assert!(m.adds);
}

#[test]
fn text_this_version_cannot_read_deletes_nothing_and_is_kept_aside() {
    let base = vec![scenario("a", "A", 1.0, 1.0)];
    let theirs = store::load(r#"{"version": 1, "scenarios": [42]}"#);
    assert!(!theirs.problems.is_empty());
    let m = merge_tabs(
        &base,
        Ours {
            scenarios: &base,
            quarantined: &["old".into()],
            deleted: &[],
        },
        &theirs,
    );
    assert_eq!(names(&m.scenarios), ["A"]);
    assert_eq!(m.quarantined, ["old".to_string(), "42".to_string()]);
    assert!(m.adds);
}

/// The list as this version stores it, with its deletion records.
fn state(list: &[SavedScenario], deleted: &[Deleted]) -> Loaded {
    store::load(&store::save_state(list, &[], deleted))
}

#[test]
fn two_saves_at_the_same_instant_are_both_kept() {
    let base = vec![scenario("a", "A", 1.0, 1.0)];
    let mut one = base.clone();
    one.push(scenario("x", "X", 2.0, 2.0));
    let mut two = base.clone();
    two.push(scenario("y", "Y", 2.0, 2.0));
    // The second tab wrote over the first's save before seeing it; the first tab, whose last
    // write held X, takes in the second's list: X is one the second never saw, not a deletion.
    let m = merge_tabs(&one, side(&one), &state(&two, &[]));
    assert_eq!(names(&m.scenarios), ["A", "Y", "X"]);
    assert!(m.adds);
    // The second tab then takes in that list and has nothing to add: they settle.
    let m2 = merge_tabs(&two, side(&two), &state(&m.scenarios, &m.deleted));
    assert_eq!(names(&m2.scenarios), ["A", "Y", "X"]);
    assert!(!m2.adds);
}

#[test]
fn a_recorded_deletion_is_never_undone_by_a_tab_that_had_not_seen_it() {
    let base = vec![scenario("a", "A", 1.0, 1.0), scenario("b", "B", 1.0, 1.0)];
    let mut mine = base.clone();
    let mut deleted = Vec::new();
    delete(&mut mine, &mut deleted, "b", 5.0);
    // The other tab, which still holds B unchanged, stored its list after ours.
    let m = merge_tabs(
        &mine,
        Ours {
            scenarios: &mine,
            quarantined: &[],
            deleted: &deleted,
        },
        &state(&base, &[]),
    );
    assert_eq!(names(&m.scenarios), ["A"]);
    assert!(m.adds, "the deletion record goes back to storage");
    // The other tab takes in our record: B goes there too.
    let m2 = merge_tabs(&base, side(&base), &state(&mine, &deleted));
    assert_eq!(names(&m2.scenarios), ["A"]);
    assert!(!m2.adds);
    // An edit made after the deletion wins over it.
    let mut edited = base.clone();
    rename(&mut edited, "b", "B later", 6.0);
    let m3 = merge_tabs(&edited, side(&edited), &state(&mine, &deleted));
    assert_eq!(names(&m3.scenarios), ["A", "B later"]);
}

#[test]
fn equal_times_are_settled_alike_in_both_tabs() {
    let one = vec![scenario("a", "One", 1.0, 3.0)];
    let two = vec![scenario("a", "Two", 1.0, 3.0)];
    let a = merge_tabs(&one, side(&one), &state(&two, &[]));
    let b = merge_tabs(&two, side(&two), &state(&one, &[]));
    assert_eq!(a.scenarios, b.scenarios);
    assert_eq!(names(&a.scenarios), ["Two"]);
}

#[test]
fn a_scenario_imported_after_its_deletion_comes_back() {
    let deleted = vec![Deleted {
        id: "a".into(),
        created: 1.0,
        at: 5.0,
    }];
    let mut incoming = vec![scenario("a", "A", 1.0, 2.0), scenario("b", "B", 1.0, 2.0)];
    revive(&mut incoming, &deleted, 9.0);
    assert_eq!((incoming[0].updated, incoming[1].updated), (9.0, 2.0));
}

#[test]
fn deletion_records_are_bounded_and_one_per_scenario() {
    let mut list: Vec<SavedScenario> = (0..DELETED_KEPT + 10)
        .map(|i| scenario(&format!("s{i}"), "S", 1.0, 1.0))
        .collect();
    let mut deleted = Vec::new();
    for i in 0..DELETED_KEPT + 10 {
        delete(&mut list, &mut deleted, &format!("s{i}"), 10.0 + i as f64);
    }
    assert_eq!(deleted.len(), DELETED_KEPT);
    assert_eq!(
        deleted[0].at,
        10.0 + (DELETED_KEPT + 9) as f64,
        "the latest are kept"
    );
    let twice = union(&deleted, &deleted);
    assert_eq!(twice, deleted);
}
