//! Constraints, ranking, the Pareto front, the reason for the pick and its sensitivity.

use super::pitfalls;
use super::pricing::{bill, Published};
use super::{Candidate, Excluded, Reason, Report, Request, Served};
use crate::explain::Numbers;
use crate::sort;
use crate::warning::Warning;

/// What "best" means to the user.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Objective {
    #[default]
    Cheapest,
    Fastest,
    /// Balances both: the smallest sum of cost and time, each relative to the best of its kind.
    BestValue,
}

/// Costs closer than this (report currency) read the same: the answer shows cents.
pub const SAME_COST: f64 = 0.005;
/// Job times closer than this read the same: half a minute, in hours.
pub const SAME_HOURS: f64 = 30.0 / 3600.0;
/// Times per output token closer than this read the same: the answer shows tenths of a ms.
pub const SAME_MS: f64 = 0.05;

/// Why the pick beats the runner-up, as numbers the front ends turn into a sentence. A
/// difference below what the answer shows is a tie, not a win: see [`Why::same_cost`] and
/// [`Why::same_time`].
#[derive(Debug, Clone, PartialEq)]
pub struct Why {
    /// Index into `ranked` of the runner-up.
    pub runner_up: usize,
    /// Runner-up cost minus pick cost (report currency); positive: the pick is cheaper.
    pub saves: f64,
    /// Runner-up hours minus pick hours; positive: the pick is faster. Zero for a service,
    /// which runs the month whatever it runs on.
    pub sooner_h: f64,
    /// For a service: how much sooner the pick answers.
    pub faster: Option<Faster>,
    pub objective: Objective,
}

/// How much sooner a service's pick answers than the runner-up (see [`Why::faster`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Faster {
    /// Runner-up time minus the pick's, ms; positive: the pick answers faster.
    pub ms: f64,
    /// What the time is per: an LLM's output token or a non-LLM service's request.
    pub per: Served,
}

impl Why {
    /// The two cost the same, as far as the answer shows.
    pub fn same_cost(&self) -> bool {
        self.saves.abs() < SAME_COST
    }

    /// The two take the same time (a service: answer as fast), as far as the answer shows.
    pub fn same_time(&self) -> bool {
        match self.faster {
            Some(f) => f.ms.abs() < SAME_MS,
            None => self.sooner_h.abs() < SAME_HOURS,
        }
    }

    /// Neither is better on cost or time: the pick only comes first by the ranking's order.
    pub fn tie(&self) -> bool {
        self.same_cost() && self.same_time()
    }
}

/// One "what if" and the candidate that would then be picked.
#[derive(Debug, Clone, PartialEq)]
pub struct SensitivityCase {
    pub factor: Factor,
    /// Relative change applied to the pick alone, e.g. +0.2.
    pub change: f64,
    /// Index into `ranked` of the candidate that would win (0: the pick).
    pub winner: usize,
    /// The pick would still win.
    pub holds: bool,
}

/// What a sensitivity case moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Factor {
    /// The pick's price.
    Price,
    /// The share of peak the pick's GPUs reach.
    Efficiency,
}

/// What "faster" means for a candidate: its hours, or for a service (which runs the month
/// whatever it runs on) its time per output token.
pub(super) fn time(c: &Candidate) -> f64 {
    c.serving
        .as_ref()
        .map_or(c.hours.expected, |f| f.time_per_output_token_ms)
}

/// What ranking compares of a candidate: its cost and its time. Ranking reads these again and
/// again (sorting, the Pareto front, every sensitivity case), so they are copied into a list of
/// their own, far quicker to scan than thousands of large candidates.
#[derive(Debug, Clone, Copy)]
struct Compared {
    cost: f64,
    time: f64,
}

impl Compared {
    fn of(c: &Candidate) -> Compared {
        Compared {
            cost: c.cost.expected,
            time: time(c),
        }
    }

    /// The smallest cost and the smallest time in `list`.
    fn least(list: &[Compared]) -> Compared {
        list.iter().fold(
            Compared {
                cost: f64::INFINITY,
                time: f64::INFINITY,
            },
            |m, c| Compared {
                cost: m.cost.min(c.cost),
                time: m.time.min(c.time),
            },
        )
    }

    /// Lower is better; `least` is [`Compared::least`] of the list ranked.
    fn score(self, objective: Objective, least: Compared) -> f64 {
        match objective {
            Objective::Cheapest => self.cost,
            Objective::Fastest => self.time,
            Objective::BestValue => {
                self.cost / least.cost.max(1e-9) + self.time / least.time.max(1e-9)
            }
        }
    }
}

/// Sorts best first and returns what was compared, in the new order. Candidates are large, so a
/// compact key is sorted and the list rebuilt once; ties break on cost, time, the offer's place
/// in the catalog, mode and instances, so the ranking is the same on every run and machine.
fn sort(objective: Objective, list: &mut Vec<Candidate>) -> Vec<Compared> {
    let compared: Vec<Compared> = list.iter().map(Compared::of).collect();
    let least = Compared::least(&compared);
    // The score alone decides almost every comparison, so the scores are sorted with their
    // index as plain integers; only runs of equal scores are then put in the full order. Every
    // offer lives in the catalog's one list, so its address is its place there.
    let tie_break = |i: usize| {
        let c = &list[i];
        (
            ordered(compared[i].cost),
            ordered(compared[i].time),
            std::ptr::from_ref(c.offer) as usize,
            c.mode as u8,
            c.instances,
        )
    };
    let mut keys: Vec<(u64, usize)> = compared
        .iter()
        .enumerate()
        .map(|(i, c)| (ordered(c.score(objective, least)), i))
        .collect();
    // By score alone: runs of equal scores are put in the full order next. This list is as long
    // as the ranking and sorted on every input, so it keeps the standard sort made for it.
    #[allow(clippy::disallowed_methods)]
    keys.sort_unstable_by_key(|k| k.0);
    for tied in keys.chunk_by_mut(|a, b| a.0 == b.0) {
        if tied.len() > 1 {
            sort::by(tied, |a, b| {
                tie_break(a.1).cmp(&tie_break(b.1)).then(a.1.cmp(&b.1))
            });
        }
    }
    let order: Vec<usize> = keys.into_iter().map(|k| k.1).collect();
    sort::permute(list, &order);
    order.into_iter().map(|i| compared[i]).collect()
}

/// A key whose integer order is the order of `x` (IEEE 754 total order).
fn ordered(x: f64) -> u64 {
    let bits = x.to_bits();
    if bits >> 63 == 1 {
        !bits
    } else {
        bits | (1 << 63)
    }
}

pub(super) fn rank<'a>(
    priced: Vec<Candidate<'a>>,
    mut excluded: Vec<Excluded<'a>>,
    request: &Request,
    published: &Published,
    warnings: Vec<Warning>,
) -> Report<'a> {
    let deadline = request.scenario.deadline_h;
    let budget = request.constraints.budget;
    // Filtered in place: candidates are large and there are thousands of them.
    let mut ranked = priced;
    ranked.retain(|c| {
        let reason = match (deadline, budget) {
            (Some(d), _) if c.hours.expected > d && !c.hours.expected.is_nan() => {
                Some(Reason::MissesDeadline {
                    late_h: c.hours.expected - d,
                })
            }
            (_, Some(b)) if c.cost.expected > b => Some(Reason::OverBudget {
                over: c.cost.expected - b,
            }),
            _ => None,
        };
        match reason {
            Some(reason) => {
                excluded.push(Excluded {
                    offer: c.offer,
                    mode: Some(c.mode),
                    gpus: c.gpus,
                    reason,
                    cost: Some(c.cost.expected),
                });
                false
            }
            None => true,
        }
    });
    let compared = sort(request.objective, &mut ranked);

    let pareto = pareto(&compared, request.objective);
    let latency = |c: &Candidate| {
        c.serving
            .as_ref()
            .map(|f| (f.time_per_output_token_ms, f.served))
    };
    let why = (ranked.len() > 1).then(|| Why {
        runner_up: 1,
        saves: ranked[1].cost.expected - ranked[0].cost.expected,
        sooner_h: ranked[1].hours.expected - ranked[0].hours.expected,
        faster: latency(&ranked[1])
            .zip(latency(&ranked[0]))
            .map(|((r, _), (p, per))| Faster { ms: r - p, per }),
        objective: request.objective,
    });
    let sensitivity = sensitivity(&ranked, &compared, request.objective);
    // Only the pick's bill is looked at line by line (its egress, idle time, compute).
    let pick_bill = ranked
        .first()
        .map(|pick| bill(pick, request, published, Numbers))
        .unwrap_or_default();
    let queue = ranked
        .first()
        .and_then(|pick| super::queue::compare(pick, request, Numbers));
    let mut pitfalls = pitfalls::find(&ranked, &pick_bill, request);
    pitfalls.extend(queue.as_ref().and_then(pitfalls::kept_up_idle));
    Report {
        ranked,
        excluded,
        pareto,
        why,
        sensitivity,
        pitfalls,
        currency: request.costs.currency,
        warnings,
        suggestions: Vec::new(),
        queue,
    }
}

/// Indices of candidates no other beats on both time and cost, fastest first. Of candidates
/// equal on both, the first in the ranking stands for them. `list` is what was compared of the
/// ranking, in its order.
fn pareto(list: &[Compared], objective: Objective) -> Vec<usize> {
    // Walked cheapest first (ties: faster, then ranked order), a candidate is on the front when
    // it is faster than every cheaper one. The cheapest ranking is already in that order.
    let mut front = Vec::new();
    let mut best_time = f64::INFINITY;
    let mut visit = |i: usize| {
        let c = list[i];
        if c.time < best_time && !c.cost.is_nan() {
            best_time = c.time;
            front.push(i);
        }
    };
    if objective == Objective::Cheapest {
        (0..list.len()).for_each(&mut visit);
    } else {
        let mut keys: Vec<(u64, u64, usize)> = list
            .iter()
            .enumerate()
            .map(|(i, c)| (ordered(c.cost), ordered(c.time), i))
            .collect();
        sort::by(&mut keys, Ord::cmp);
        keys.into_iter().for_each(|k| visit(k.2));
    }
    front.reverse();
    front
}

/// Re-ranks with the pick's price, then its efficiency, moved by ±20 %. Works on what was
/// compared (`compared`, in ranked order) only: the candidates themselves are not copied.
fn sensitivity(
    ranked: &[Candidate],
    compared: &[Compared],
    objective: Objective,
) -> Vec<SensitivityCase> {
    let Some(pick) = ranked.first() else {
        return Vec::new();
    };
    let others = &compared[1..];
    let least_other = Compared::least(others);
    let mut out = Vec::new();
    for (factor, change) in [
        (Factor::Price, 0.2),
        (Factor::Price, -0.2),
        (Factor::Efficiency, -0.2),
        (Factor::Efficiency, 0.2),
    ] {
        let moved = match factor {
            Factor::Price => Compared {
                cost: compared[0].cost * (1.0 + change),
                time: compared[0].time,
            },
            Factor::Efficiency => {
                // Less efficiency: proportionally longer; time-billed modes cost more too.
                let k = 1.0 / (1.0 + change);
                Compared {
                    cost: if pick.mode.term_hours().is_none() {
                        compared[0].cost * k
                    } else {
                        compared[0].cost
                    },
                    time: compared[0].time * k,
                }
            }
        };
        let least = Compared::least(&[least_other, moved]);
        let score = |c: Compared| c.score(objective, least);
        // Ties keep the current order, as the full sort would (its tie-break is the same).
        let mut winner = 0;
        let mut best = score(moved);
        for (i, c) in others.iter().enumerate() {
            let s = score(*c);
            if s < best {
                (winner, best) = (i + 1, s);
            }
        }
        out.push(SensitivityCase {
            factor,
            change,
            winner,
            holds: winner == 0,
        });
    }
    out
}
