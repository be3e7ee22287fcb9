//! When nothing fits: the configurations that would, from the engine's own inverse searches.
//!
//! A job that no offer can hold is rarely hopeless: a smaller micro-batch, full recomputation,
//! sharding (ZeRO-3) or 4-bit base weights (QLoRA) across several GPUs, a paged optimizer or a
//! shorter context usually makes it fit. Each change is tried on the whole catalog under the
//! request's own constraints, so a suggestion names an offer that meets them all, with its
//! memory and cost.

use super::{evaluate_fitting, Candidate, Request};
use crate::catalog::Catalog;
use crate::scenario::{InputError, Model, Recompute, TrainShape, Workload, ZeroStage};
use crate::sizing::fit;

/// One change to the job.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// This many sequences (samples, for classic training) per GPU per step: the largest that
    /// fits.
    MicroBatch(u32),
    /// Recompute every activation in the backward pass instead of keeping it.
    FullRecompute,
    /// Shard weights, gradients and optimizer states over the GPUs (ZeRO-3 / FSDP).
    Zero3,
    /// 4-bit NF4 base weights (QLoRA).
    Qlora,
    /// Optimizer states in pageable host memory.
    PagedOptimizer,
    /// Training sequences of this many tokens: the longest that fits.
    SeqLen(u32),
    /// Serving: this many tokens of context per sequence.
    Context(u32),
    /// Serving: this many sequences decoded together.
    Concurrency(u32),
}

/// A configuration that fits, and the pick it would give.
#[derive(Debug, Clone, PartialEq)]
pub struct Suggestion<'a> {
    /// What to change (several when no single change is enough).
    pub changes: Vec<Change>,
    /// The best candidate with those changes, under every constraint of the request: its offer,
    /// GPUs, memory per GPU and cost.
    pub pick: Candidate<'a>,
}

/// Tries at most this many values for a searched setting (micro-batch, sequence length), the
/// largest first: each try ranks the whole catalog.
const TRIES: usize = 3;

/// What would make the job fit, when memory rules out every offer: each change that works on
/// its own, else the fewest cumulative changes that do. Empty when nothing the engine can
/// change helps (or the job does not fail on memory).
pub fn suggest<'a>(
    catalog: &'a Catalog,
    request: &Request,
) -> Result<Vec<Suggestion<'a>>, InputError> {
    let model = Model::resolve(&request.scenario.model)?;
    let workload = &request.scenario.workload;
    let mut out = Vec::new();
    let mut tried: Vec<Vec<Change>> = Vec::new();
    for change in singles(&model, workload, catalog, request)? {
        let changes = vec![change];
        tried.push(changes.clone());
        // A searched setting (micro-batch, sequence length...) is tried largest first: a smaller
        // value is worth naming only when it opens a cheaper GPU than the larger ones.
        let larger: Vec<&Candidate> = out
            .iter()
            .filter(|s: &&Suggestion| same_kind(s.changes[0], change))
            .map(|s| &s.pick)
            .collect();
        if let Some(pick) = pick_with(catalog, request, &changes)? {
            let opens = larger
                .iter()
                .all(|l| l.gpu.id != pick.gpu.id && l.cost.expected > pick.cost.expected);
            if opens {
                out.push(Suggestion { changes, pick });
            }
        }
    }
    if !out.is_empty() {
        return Ok(out);
    }
    // No single change is enough: stack them, least intrusive first, and stop at the first
    // stack that fits.
    let mut stack = Vec::new();
    for change in stacked(workload) {
        stack.push(change);
        if stack.len() < 2 || tried.contains(&stack) {
            continue;
        }
        if let Some(pick) = pick_with(catalog, request, &stack)? {
            out.push(Suggestion {
                changes: stack,
                pick,
            });
            break;
        }
    }
    Ok(out)
}

/// Whether two changes set the same thing (to different values).
fn same_kind(a: Change, b: Change) -> bool {
    std::mem::discriminant(&a) == std::mem::discriminant(&b)
}

/// What a training or fine-tuning job can change to fit: its shape, ZeRO stage, optimizer
/// paging and, for LoRA, QLoRA.
struct Knobs<'a> {
    shape: &'a TrainShape,
    zero: ZeroStage,
    paged_optimizer: bool,
    /// `None` for full training, which has no QLoRA to turn on.
    qlora: Option<bool>,
}

/// A training job's single changes, cheapest to try first: a larger micro-batch, full
/// recompute, QLoRA, ZeRO-3, a paged optimizer, a shorter sequence.
fn training(
    out: &mut Vec<Change>,
    k: &Knobs,
    model: &Model,
    workload: &Workload,
    catalog: &Catalog,
    request: &Request,
) -> Result<(), InputError> {
    out.extend(largest_batches(
        model,
        workload,
        catalog,
        request,
        k.shape.micro_batch,
    )?);
    if k.shape.recompute != Recompute::Full {
        out.push(Change::FullRecompute);
    }
    if k.qlora == Some(false) {
        out.push(Change::Qlora);
    }
    if k.zero != ZeroStage::Zero3 {
        out.push(Change::Zero3);
    }
    if !k.paged_optimizer {
        out.push(Change::PagedOptimizer);
    }
    out.extend(longest_seqs(
        model,
        workload,
        catalog,
        request,
        k.shape.seq_len,
    )?);
    Ok(())
}

/// The single changes worth trying for `workload`, searched values already found.
fn singles(
    model: &Model,
    workload: &Workload,
    catalog: &Catalog,
    request: &Request,
) -> Result<Vec<Change>, InputError> {
    let mut out = Vec::new();
    match workload {
        Workload::Train(t) => {
            let knobs = Knobs {
                shape: &t.shape,
                zero: t.parallel.zero,
                paged_optimizer: t.paged_optimizer,
                qlora: None,
            };
            training(&mut out, &knobs, model, workload, catalog, request)?;
        }
        Workload::Lora(l) => {
            let knobs = Knobs {
                shape: &l.shape,
                zero: l.parallel.zero,
                paged_optimizer: l.paged_optimizer,
                qlora: Some(l.qlora),
            };
            training(&mut out, &knobs, model, workload, catalog, request)?;
        }
        Workload::Classic(c) => {
            out.extend(largest_batches(model, workload, catalog, request, c.batch)?);
        }
        Workload::Serve(s) => {
            out.extend(
                halvings(s.context_tokens, s.prompt_tokens + s.output_tokens).map(Change::Context),
            );
            out.extend(halvings(s.concurrency, 1).map(Change::Concurrency));
        }
        Workload::Infer(i) => {
            out.extend(largest_batches(model, workload, catalog, request, i.batch)?);
        }
        Workload::Render(_) | Workload::DevBox(_) | Workload::Science(_) => {}
    }
    Ok(out)
}

/// Halvings of `from`, down to `floor`, at most [`TRIES`] of them.
fn halvings(from: u32, floor: u32) -> impl Iterator<Item = u32> {
    std::iter::successors(Some(from / 2), |v| Some(v / 2))
        .take_while(move |v| *v >= floor.max(1))
        .take(TRIES)
}

/// GPU counts the inverse searches size at: as many as the request allows, whole
/// model-parallel groups.
fn most_gpus(workload: &Workload, request: &Request) -> u32 {
    let max = request.constraints.max_gpus.max(1);
    let group = match workload {
        Workload::Train(t) => t.parallel.model_parallel(),
        Workload::Lora(l) => l.parallel.model_parallel(),
        _ => 1,
    }
    .max(1);
    (max / group * group).max(group)
}

/// The largest micro-batches below `current` that fit some GPU of the catalog (the inverse
/// search of [`fit::max_micro_batch`] on each), largest first, at most [`TRIES`].
fn largest_batches(
    model: &Model,
    workload: &Workload,
    catalog: &Catalog,
    request: &Request,
    current: u32,
) -> Result<Vec<Change>, InputError> {
    let gpus = most_gpus(workload, request);
    let mut found = Vec::new();
    for gpu in &catalog.gpus {
        if super::needs::unmet(workload, gpu).is_some() {
            continue;
        }
        // A GPU holding the current micro-batch is left out for another reason.
        if let Some(b) = fit::max_micro_batch(model, workload, gpu, gpus)?.filter(|b| *b < current)
        {
            found.push(b);
        }
    }
    Ok(best_first(found).map(Change::MicroBatch).collect())
}

/// The longest training sequences below `current` that fit some GPU (the inverse search of
/// [`fit::max_seq_len`]), longest first, rounded down to a multiple of 128 tokens; none shorter
/// than an eighth of `current` or 256 tokens.
fn longest_seqs(
    model: &Model,
    workload: &Workload,
    catalog: &Catalog,
    request: &Request,
    current: u32,
) -> Result<Vec<Change>, InputError> {
    let gpus = most_gpus(workload, request);
    let mut found = Vec::new();
    for gpu in &catalog.gpus {
        if super::needs::unmet(workload, gpu).is_some() {
            continue;
        }
        // A sequence far shorter than asked for is another job: no less than an eighth, and
        // no less than 256 tokens.
        let floor = (current / 8).max(256);
        if let Some(len) =
            fit::max_seq_len(model, workload, gpu, gpus)?.filter(|l| *l < current && *l >= floor)
        {
            found.push(len / 128 * 128);
        }
    }
    Ok(best_first(found).map(Change::SeqLen).collect())
}

/// Distinct positive values, largest first, at most [`TRIES`] (picked one by one: the list is
/// short, and a sort would be more code in the page's main module).
fn best_first(values: Vec<u32>) -> impl Iterator<Item = u32> {
    std::iter::successors(values.iter().copied().max(), move |last| {
        values.iter().copied().filter(|v| v < last).max()
    })
    .filter(|v| *v > 0)
    .take(TRIES)
}

/// Changes stacked when no single one is enough, least intrusive first.
fn stacked(workload: &Workload) -> Vec<Change> {
    match workload {
        Workload::Train(_) => vec![
            Change::FullRecompute,
            Change::MicroBatch(1),
            Change::Zero3,
            Change::PagedOptimizer,
        ],
        Workload::Lora(_) => vec![
            Change::FullRecompute,
            Change::MicroBatch(1),
            Change::Qlora,
            Change::PagedOptimizer,
            Change::Zero3,
        ],
        Workload::Serve(s) => vec![
            Change::Concurrency(1),
            Change::Context(s.prompt_tokens + s.output_tokens),
        ],
        _ => Vec::new(),
    }
}

/// `request` with `changes` made.
pub fn apply(request: &Request, changes: &[Change]) -> Request {
    let mut out = request.clone();
    for change in changes {
        let w = &mut out.scenario.workload;
        let shape = match w {
            Workload::Train(t) => Some(&mut t.shape),
            Workload::Lora(l) => Some(&mut l.shape),
            _ => None,
        };
        match (change, shape) {
            (Change::MicroBatch(b), Some(shape)) => shape.micro_batch = *b,
            (Change::FullRecompute, Some(shape)) => shape.recompute = Recompute::Full,
            (Change::SeqLen(len), Some(shape)) => shape.seq_len = *len,
            _ => {}
        }
        match (change, w) {
            (Change::MicroBatch(b), Workload::Classic(c)) => c.batch = *b,
            (Change::MicroBatch(b), Workload::Infer(i)) => i.batch = *b,
            (Change::Zero3, Workload::Train(t)) => t.parallel.zero = ZeroStage::Zero3,
            (Change::Zero3, Workload::Lora(l)) => l.parallel.zero = ZeroStage::Zero3,
            (Change::PagedOptimizer, Workload::Train(t)) => t.paged_optimizer = true,
            (Change::PagedOptimizer, Workload::Lora(l)) => l.paged_optimizer = true,
            (Change::Qlora, Workload::Lora(l)) => l.qlora = true,
            (Change::Context(c), Workload::Serve(s)) => s.context_tokens = *c,
            (Change::Concurrency(n), Workload::Serve(s)) => s.concurrency = *n,
            _ => {}
        }
    }
    out
}

/// The best candidate with `changes` made, if any meets every constraint.
fn pick_with<'a>(
    catalog: &'a Catalog,
    request: &Request,
    changes: &[Change],
) -> Result<Option<Candidate<'a>>, InputError> {
    let changed = apply(request, changes);
    if changed.scenario.workload.check().is_err() {
        return Ok(None);
    }
    let report = evaluate_fitting(catalog, &changed)?;
    Ok(report.ranked.into_iter().next())
}
