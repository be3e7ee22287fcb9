//! Two tabs editing the same saved list: random interleavings of saves, renames and deletions,
//! with each tab's view of storage lagging behind the other's writes the way a browser's does
//! (a tab learns of another's write only when its `storage` event arrives, and may write over it
//! before, or keep reading its own value for a while). Whatever the order, once the events are delivered both tabs and storage hold the
//! same list: every scenario whose last edit came after its last deletion, as last edited.
//!
//! The page's code for a tab (`src/app/persist.rs`) does what [`Tab`] does, with the pure
//! functions used here.

use gpu_sizer_formats::saved_list::{self, Ours};
use gpu_sizer_formats::store::{self, Deleted, SavedScenario};
use gpu_sizer_formats::Form;
use std::collections::{BTreeMap, VecDeque};

/// Cases per run, steps per case, and the fewest cases in which a tab must have written over a
/// write it had not seen yet (the race the merge is for). Every case of a run has some.
const CASES: u64 = 40;
const STEPS: usize = 150;
const MIN_RACES: u32 = 30;

/// A small deterministic generator (SplitMix64): fixed seeds, the same cases on every run.
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
        (self.next() % n as u64) as usize
    }
}

/// One tab: its list, its deletion records, the stored text as it last read or wrote it, and its
/// (possibly stale) view of storage.
#[derive(Default)]
struct Tab {
    list: Vec<SavedScenario>,
    deleted: Vec<Deleted>,
    quarantined: Vec<String>,
    seen: Option<String>,
    /// Storage as this tab reads it, and the place of that write in storage's order.
    view: Option<String>,
    view_at: u64,
    /// `storage` events not delivered yet: the new values the other tab wrote, and where.
    events: VecDeque<(u64, String)>,
}

impl Tab {
    /// `Persist::sync`: takes in `raw`, returns whether this tab holds something it lacks.
    fn sync(&mut self, raw: Option<String>) -> bool {
        if raw == self.seen {
            return false;
        }
        let base = store::load(self.seen.as_deref().unwrap_or("")).scenarios;
        let theirs = store::load(raw.as_deref().unwrap_or(""));
        self.seen = raw;
        let merged = saved_list::merge_tabs(
            &base,
            Ours {
                scenarios: &self.list,
                quarantined: &self.quarantined,
                deleted: &self.deleted,
            },
            &theirs,
        );
        self.list = merged.scenarios;
        self.deleted = merged.deleted;
        self.quarantined = merged.quarantined;
        merged.adds
    }

    /// `Persist::write_list`: the text to store.
    fn text(&self) -> String {
        store::save_state(&self.list, &self.quarantined, &self.deleted)
    }
}

/// Two tabs and the storage they share.
struct World {
    tabs: [Tab; 2],
    stored: Option<String>,
    writes: u64,
    clock: f64,
    next_id: u32,
    /// Per scenario id: its last edit (time, record) and its last deletion time.
    edits: BTreeMap<String, (f64, SavedScenario)>,
    deletions: BTreeMap<String, f64>,
    /// Writes made while the other tab's write was still undelivered.
    races: u32,
}

impl World {
    fn new() -> World {
        World {
            tabs: [Tab::default(), Tab::default()],
            stored: None,
            writes: 0,
            clock: 1_000.0,
            next_id: 0,
            edits: BTreeMap::new(),
            deletions: BTreeMap::new(),
            races: 0,
        }
    }

    fn tick(&mut self) -> f64 {
        self.clock += 1.0;
        self.clock
    }

    /// `Persist::write_list` for tab `t`: storage takes the text, the other tab gets an event.
    fn write(&mut self, t: usize) {
        let text = self.tabs[t].text();
        if !self.tabs[1 - t].events.is_empty() || !self.tabs[t].events.is_empty() {
            self.races += 1;
        }
        self.writes += 1;
        self.stored = Some(text.clone());
        self.tabs[t].seen = Some(text.clone());
        self.tabs[t].view = Some(text.clone());
        self.tabs[t].view_at = self.writes;
        self.tabs[1 - t].events.push_back((self.writes, text));
    }

    /// `Persist::store`: take in the storage as this tab sees it, then write.
    fn store(&mut self, t: usize) {
        let view = self.tabs[t].view.clone();
        self.tabs[t].sync(view);
        self.write(t);
    }

    /// Delivers the next `storage` event to tab `t`; `false` when none waits. The tab's storage
    /// takes the other's write only if it came after the tab's own last one, and not always then
    /// (`stale`: a browser keeps a tab's own value while its write is under way). The page takes
    /// in the event's value, then its storage as read (`persist::start`).
    fn deliver(&mut self, t: usize, stale: bool) -> bool {
        let Some((at, value)) = self.tabs[t].events.pop_front() else {
            return false;
        };
        let tab = &mut self.tabs[t];
        if at > tab.view_at && !stale {
            (tab.view, tab.view_at) = (Some(value.clone()), at);
        }
        let theirs = tab.sync(Some(value));
        let view = tab.view.clone();
        if tab.sync(view) | theirs {
            self.write(t);
        }
        true
    }

    fn record(&mut self, t: usize, id: &str, now: f64) {
        if let Some(s) = self.tabs[t].list.iter().find(|s| s.id == id) {
            self.edits.insert(id.to_string(), (now, s.clone()));
        }
    }

    /// One operation of a person in tab `t`.
    fn act(&mut self, t: usize, rng: &mut Rng) {
        let now = self.tick();
        let len = self.tabs[t].list.len();
        let pick = (len > 0).then(|| self.tabs[t].list[rng.below(len)].id.clone());
        match (rng.below(4), pick) {
            (1, Some(id)) => {
                let name = format!("renamed {}", rng.below(1000));
                saved_list::rename(&mut self.tabs[t].list, &id, &name, now);
                self.record(t, &id, now);
            }
            (2, Some(id)) => {
                let tab = &mut self.tabs[t];
                let s = tab.list.iter().find(|s| s.id == id).cloned();
                let mut form = s.map(|s| s.form).unwrap_or_default();
                form.params_b = 1.0 + rng.below(70) as f64;
                saved_list::save_form(&mut tab.list, Some(&id), form, now, unreachable);
                self.record(t, &id, now);
            }
            (3, Some(id)) => {
                let tab = &mut self.tabs[t];
                saved_list::delete(&mut tab.list, &mut tab.deleted, &id, now);
                self.deletions.insert(id, now);
            }
            _ => {
                self.next_id += 1;
                let id = format!("s{}-{t}", self.next_id);
                let form = Form {
                    name: format!("scenario {}", self.next_id),
                    ..Form::default()
                };
                let fresh = id.clone();
                saved_list::save_form(&mut self.tabs[t].list, None, form, now, || fresh);
                self.record(t, &id, now);
            }
        }
        self.store(t);
    }

    /// What both tabs must end with, by id.
    fn expected(&self) -> BTreeMap<String, SavedScenario> {
        self.edits
            .iter()
            .filter(|(id, (at, _))| self.deletions.get(*id).is_none_or(|d| d < at))
            .map(|(id, (_, s))| (id.clone(), s.clone()))
            .collect()
    }
}

fn unreachable() -> String {
    panic!("saving over an opened scenario makes no new id")
}

fn by_id(list: &[SavedScenario]) -> BTreeMap<String, SavedScenario> {
    list.iter().map(|s| (s.id.clone(), s.clone())).collect()
}

#[test]
fn two_tabs_end_with_every_save_and_no_undone_deletion() {
    let mut reached = 0;
    let mut races = 0;
    for seed in 0..CASES {
        let mut rng = Rng(seed);
        let mut world = World::new();
        for _ in 0..STEPS {
            match rng.below(5) {
                0 | 1 => world.act(rng.below(2), &mut rng),
                t => {
                    let stale = rng.below(3) == 0;
                    world.deliver(t % 2, stale);
                }
            }
        }
        // Every event delivered; tabs that still hold more write again, so this settles.
        let mut rounds = 0;
        while world.deliver(0, false) | world.deliver(1, false) {
            rounds += 1;
            assert!(rounds < 10 * STEPS, "seed {seed}: the tabs never settle");
        }
        let expected = world.expected();
        for (t, tab) in world.tabs.iter().enumerate() {
            assert_eq!(by_id(&tab.list), expected, "seed {seed}, tab {t}");
        }
        let stored = store::load(world.stored.as_deref().unwrap_or(""));
        assert_eq!(by_id(&stored.scenarios), expected, "seed {seed}: storage");
        assert_eq!(world.tabs[0].list, world.tabs[1].list, "seed {seed}: order");
        reached += 1;
        races += u32::from(world.races > 0);
    }
    eprintln!("{reached} cases reached the assertions, {races} of them raced");
    assert_eq!(reached, CASES);
    assert!(races >= MIN_RACES, "only {races} cases raced");
}
