//! What the page does to its list of saved scenarios: save the form, duplicate, rename, delete,
//! and take in another tab's changes. Plain values in and out, so every rule is tested natively;
//! the page supplies the clock and the random part of new ids.

use crate::store::{Deleted, Loaded, SavedScenario};
use crate::Form;
use gpu_sizer_engine::sort;

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

/// Removes the scenario `id`, recording the deletion at `now` in `deleted` (see [`merge_tabs`]).
pub fn delete(list: &mut Vec<SavedScenario>, deleted: &mut Vec<Deleted>, id: &str, now: f64) {
    for s in list.iter().filter(|s| s.id == id) {
        deleted.push(Deleted {
            id: s.id.clone(),
            created: s.created,
            at: now.max(s.updated),
        });
    }
    list.retain(|s| s.id != id);
    *deleted = union(deleted, &[]);
}

/// Scenarios taken in from a file: one deleted here before is brought back, as edited at `now`
/// (otherwise the record of its deletion would remove it again at the next merge).
pub fn revive(incoming: &mut [SavedScenario], deleted: &[Deleted], now: f64) {
    for s in incoming.iter_mut() {
        if deleted.iter().any(|d| names(d, s) && d.at >= s.updated) {
            s.updated = now.max(s.updated);
        }
    }
}

/// How many deletion records a list keeps (the latest): each is a few dozen bytes.
pub const DELETED_KEPT: usize = 1000;

/// This tab's list after another tab's write.
#[derive(Debug, Clone, PartialEq)]
pub struct Merged {
    pub scenarios: Vec<SavedScenario>,
    /// Entries kept aside by either tab.
    pub quarantined: Vec<String>,
    /// The deletions either tab recorded.
    pub deleted: Vec<Deleted>,
    /// This tab holds something the stored list lacks, so it should write the list back. Only
    /// then: two tabs settle instead of echoing each other's writes.
    pub adds: bool,
}

/// This tab's side of a merge: its list, the entries it keeps aside and the deletions it
/// recorded.
#[derive(Debug, Clone, Copy)]
pub struct Ours<'a> {
    pub scenarios: &'a [SavedScenario],
    pub quarantined: &'a [String],
    pub deleted: &'a [Deleted],
}

/// Merges what another tab stored (`theirs`) into this tab's list (`ours`).
///
/// Both sides record their deletions, so the merge needs no common ancestor and any order of
/// writes and storage events gives the same list: every scenario either side holds, the later
/// `updated` winning (ties broken by content, the same way in both tabs); then every scenario a
/// recorded deletion at or after its last edit removes. A save is never lost (a scenario the other
/// tab lacks is one it never saw) and a deletion is never undone by a tab that had not seen it;
/// an edit made after a deletion keeps the scenario.
///
/// A list written without deletion records (an older page) is judged three-way as before, against
/// `base`, the list as this tab last read or wrote it: what it lacks that this tab left unchanged
/// since `base` was deleted there. Stored text this version cannot fully read deletes nothing.
pub fn merge_tabs(base: &[SavedScenario], ours: Ours, theirs: &Loaded) -> Merged {
    let deleted = union(ours.deleted, theirs.deleted.as_deref().unwrap_or(&[]));
    let legacy = theirs.deleted.is_none() && theirs.problems.is_empty();
    // Stored order first, this tab's new ones after: the tabs settle on the stored order.
    let mut scenarios = theirs.scenarios.clone();
    for s in ours.scenarios {
        match scenarios
            .iter_mut()
            .find(|x| x.id == s.id && x.created == s.created)
        {
            Some(x) => {
                if wins(s, x) {
                    *x = s.clone();
                }
            }
            None if legacy && deleted_since(base, s) => {}
            None => scenarios.push(s.clone()),
        }
    }
    scenarios.retain(|s| !deleted.iter().any(|d| names(d, s) && d.at >= s.updated));
    let mut quarantined = ours.quarantined.to_vec();
    for entry in &theirs.quarantined {
        if !quarantined.contains(entry) {
            quarantined.push(entry.clone());
        }
    }
    let recorded = theirs.deleted.as_deref().unwrap_or(&[]);
    let adds = scenarios.len() != theirs.scenarios.len()
        || scenarios.iter().any(|m| !theirs.scenarios.contains(m))
        || quarantined.len() != theirs.quarantined.len()
        || deleted.iter().any(|d| !recorded.contains(d));
    Merged {
        scenarios,
        quarantined,
        deleted,
        adds,
    }
}

/// Whether `a` replaces `b`, the same scenario in the other tab: the later edit, and on a tie the
/// greater content, so both tabs choose alike.
fn wins(a: &SavedScenario, b: &SavedScenario) -> bool {
    if a.updated != b.updated {
        return a.updated > b.updated;
    }
    if a == b {
        return false;
    }
    let key = |s: &SavedScenario| (s.name.clone(), s.form.to_json());
    key(a) > key(b)
}

/// Whether the record `d` is of the scenario `s`.
fn names(d: &Deleted, s: &SavedScenario) -> bool {
    d.id == s.id && d.created == s.created
}

/// Both sets of deletion records as one: one record per scenario (the latest), the latest
/// [`DELETED_KEPT`] of them.
fn union(a: &[Deleted], b: &[Deleted]) -> Vec<Deleted> {
    let mut out: Vec<Deleted> = Vec::with_capacity(a.len() + b.len());
    for d in a.iter().chain(b) {
        match out
            .iter_mut()
            .find(|x| x.id == d.id && x.created == d.created)
        {
            Some(x) => x.at = x.at.max(d.at),
            None => out.push(d.clone()),
        }
    }
    sort::by(&mut out, |x, y| {
        y.at.total_cmp(&x.at)
            .then_with(|| x.id.cmp(&y.id))
            .then_with(|| x.created.total_cmp(&y.created))
    });
    out.truncate(DELETED_KEPT);
    out
}

/// The rule for a list without deletion records: it lacks `s`, which this tab held unchanged
/// since `base`, so it was deleted there.
fn deleted_since(base: &[SavedScenario], s: &SavedScenario) -> bool {
    base.iter()
        .any(|b| b.id == s.id && b.created == s.created && s.updated <= b.updated)
}

#[cfg(test)]
mod tests;
