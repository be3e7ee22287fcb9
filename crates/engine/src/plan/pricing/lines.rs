//! The lines of a candidate's bill: compute, set-up, idle hours, storage, snapshots and data
//! transfer, each a term whose formula says how it was reached.

use super::{own_or_median, serving_plan, Basis, LastFleets, Which};
use crate::catalog::{BillingMode, Currency, Offer, Provider, RefundRule};
use crate::cost::bandwidth::fixed_month_cost;
use crate::cost::billing::{billed_hours, commitment_cost, on_demand_cost};
use crate::cost::hidden::HOURS_PER_MONTH;
use crate::cost::hidden::{egress_cost, idle_billed, storage_cost};
use crate::cost::refund::refund_line;
use crate::explain::{Detail, Term};
use crate::plan::Request;

/// Where cost lines go: kept, as a candidate's bill, or only added up, as the ends of its cost
/// band are (thousands of candidates, so no list is built for them).
///
/// The sums' methods are inlined (`#[inline(always)]`): called, each takes its line as a whole
/// term copied into it, only to read its value; inlined, the rest of the term is never built.
/// Ranking adds up three bills for each of thousands of candidates; the size-optimised build
/// does not inline them by itself, and wasm-opt, after it, only some of them.
pub(super) trait Sink {
    fn push(&mut self, line: Term);

    /// A line that grows with the job's hours (what `Which::Hourly` builds).
    #[inline(always)]
    fn push_hourly(&mut self, line: Term) {
        self.push(line);
    }

    #[inline(always)]
    fn extend(&mut self, lines: impl IntoIterator<Item = Term>) {
        for line in lines {
            self.push(line);
        }
    }

    #[inline(always)]
    fn extend_hourly(&mut self, lines: impl IntoIterator<Item = Term>) {
        for line in lines {
            self.push_hourly(line);
        }
    }
}

impl Sink for Vec<Term> {
    fn push(&mut self, line: Term) {
        Vec::push(self, line);
    }
}

/// A candidate's bill as two sums: all its lines, and those that grow with the hours (the cost
/// band's ends differ from its middle by those alone). No list is kept: ranking prices thousands
/// of candidates, and the lines of the one shown are rebuilt with their formulas.
#[derive(Default)]
pub(super) struct Bill {
    pub total: f64,
    pub hourly: f64,
}

impl Sink for Bill {
    #[inline(always)]
    fn push(&mut self, line: Term) {
        self.total += line.value;
    }

    #[inline(always)]
    fn push_hourly(&mut self, line: Term) {
        self.hourly += line.value;
        self.total += line.value;
    }
}

/// The sum of the lines, without the lines.
pub(super) struct Total(pub f64);

impl Sink for Total {
    #[inline(always)]
    fn push(&mut self, line: Term) {
        self.0 += line.value;
    }
}

/// The cost lines of running `h` hours, appended to `out`.
pub(super) fn lines(
    out: &mut impl Sink,
    b: &Basis,
    request: &Request,
    h: f64,
    detail: impl Detail,
    which: Which,
) {
    let costs = &request.costs;
    let rate = costs
        .fx
        .convert(b.quote.per_hour, b.quote.currency, costs.currency);
    let serving = request.scenario.workload.is_service();
    out.push_hourly(compute(b, request, rate, h, detail));
    if let Some(back) = refund(b, request, rate, h, detail) {
        out.push_hourly(back);
    }
    // Set-up and idle time are billed at the instance rate unless a commitment covers them.
    if b.quote.mode.term_hours().is_none() && !serving && which == Which::All {
        set_up_and_idle(out, b, request, rate, detail);
    }
    kept(out, b, request, h, detail);
    if which == Which::All {
        transfer(out, b, request, detail);
    }
}

/// How often the offer is billed, in seconds.
fn increment(b: &Basis) -> u32 {
    b.offer
        .billing_increment_s
        .unwrap_or(b.provider.billing_increment_s)
}

/// The instances' own line: a service's month, a commitment's term, or the hours billed.
/// Inlined, like [`refund`]: ranking sums this line three times for each of thousands of
/// candidates, and inlined into a sum the parts of the term it does not read fold away.
#[inline(always)]
fn compute(b: &Basis, request: &Request, rate: f64, h: f64, detail: impl Detail) -> Term {
    let costs = &request.costs;
    let serving = request.scenario.workload.is_service();
    let mut compute = if serving {
        match b.plan {
            Some(p) => p.compute.clone(),
            None => serving_plan(b, request, rate, detail, &mut LastFleets::default()).compute,
        }
    } else {
        match b.quote.mode.term_hours() {
            Some(term) => commitment_cost(rate, term, h + costs.setup_h, detail),
            None => on_demand_cost(rate, h, increment(b), b.provider.billing_minimum_s, detail),
        }
    };
    if !serving && b.instances > 1 {
        compute.value *= f64::from(b.instances);
        if detail.is_full() {
            compute.formula = format!("{} instances × ({})", b.instances, compute.formula);
        }
    }
    compute
}

/// A job's monthly subscription is cancelled when the job ends: where the provider publishes a
/// refund rule, what it gives back for the last month cut short, for every instance.
#[inline(always)]
fn refund(b: &Basis, request: &Request, rate: f64, h: f64, detail: impl Detail) -> Option<Term> {
    let rule = b.provider.refund.as_ref()?;
    if b.quote.mode != BillingMode::Monthly || request.scenario.workload.is_service() {
        return None;
    }
    let hours = h + request.costs.setup_h;
    let mut line = refund_line(rule, rate * HOURS_PER_MONTH, b.on_demand, hours, detail)?;
    if b.instances > 1 {
        line.value *= f64::from(b.instances);
        if detail.is_full() {
            line.formula = format!("{} instances × ({})", b.instances, line.formula);
        }
    }
    (line.value < 0.0).then_some(line)
}

/// Set-up and idle hours at the instance rate.
fn set_up_and_idle(
    out: &mut impl Sink,
    b: &Basis,
    request: &Request,
    rate: f64,
    detail: impl Detail,
) {
    let costs = &request.costs;
    let instances = f64::from(b.instances);
    if costs.setup_h > 0.0 {
        let billed = billed_hours(costs.setup_h, increment(b), 0);
        out.push(Term {
            key: "setup",
            value: rate * billed * instances,
            unit: "currency",
            formula: detail.text(|| {
                format!(
                    "{rate:.4}/h × {billed:.2} h set-up (environment, data download) × {} instance(s)",
                    b.instances
                )
            }),
            source: None,
        });
    }
    if costs.idle_h > 0.0 {
        let mut idle = idle_billed(
            rate * instances,
            costs.idle_h,
            costs.idle_periods,
            costs.auto_stop_h,
            detail,
        );
        if detail.is_full() {
            idle.formula = format!("{} ({} instance(s))", idle.formula, b.instances);
        }
        out.push(idle);
    }
}

/// Storage and snapshots, kept through the job, its set-up and the retention period.
fn kept(out: &mut impl Sink, b: &Basis, request: &Request, h: f64, detail: impl Detail) {
    let costs = &request.costs;
    let to_report = |amount: f64, from: Currency| costs.fx.convert(amount, from, costs.currency);
    let kept_h = h + costs.setup_h + costs.storage.retention_h;
    let gb = costs.storage.data_gb + costs.storage.checkpoints_gb;
    if gb > 0.0 {
        let own = b.storage.map(|tier| {
            let price = to_report(tier.price.price, tier.price.currency);
            let mut t = storage_cost("storage", gb, price, kept_h, detail);
            if detail.is_full() {
                t.formula = format!("{} ({})", t.formula, tier.name);
            }
            t
        });
        out.extend_hourly(own_or_median(
            own,
            b.published.storage,
            b.provider,
            detail,
            |price| storage_cost("storage", gb, price, kept_h, detail),
        ));
    }
    if costs.storage.snapshot_gb > 0.0 {
        let gb = costs.storage.snapshot_gb;
        let own = b.provider.snapshot.as_ref().map(|snap| {
            let price = to_report(snap.price, snap.currency);
            storage_cost("snapshots", gb, price, kept_h, detail)
        });
        out.extend_hourly(own_or_median(
            own,
            b.published.snapshot,
            b.provider,
            detail,
            |price| storage_cost("snapshots", gb, price, kept_h, detail),
        ));
    }
}

/// A fixed port bought (按固定带宽) where the provider sells one: its month stands for the
/// traffic line, since what crosses the port is not charged again. Elsewhere traffic is paid by
/// the GB as usual.
fn fixed_port(b: &Basis, request: &Request, detail: impl Detail) -> Option<Term> {
    let costs = &request.costs;
    if costs.bandwidth_mbps <= 0.0 {
        return None;
    }
    let mut port = fixed_month_cost(costs.bandwidth_mbps, &b.provider.bandwidth, detail)?;
    let from = b.provider.bandwidth[0].price.currency;
    port.value = costs.fx.convert(port.value, from, costs.currency);
    Some(port)
}

/// Data sent out and brought in, and moved between zones and to another cloud.
fn transfer(out: &mut impl Sink, b: &Basis, request: &Request, detail: impl Detail) {
    let costs = &request.costs;
    let port = fixed_port(b, request, detail);
    let bought = port.is_some();
    if let Some(port) = port {
        out.push(port);
    } else if costs.egress_gb > 0.0 {
        let gb = costs.egress_gb;
        let own = egress_cost(gb, &b.provider.egress, detail).map(|mut e| {
            e.value =
                costs
                    .fx
                    .convert(e.value, b.provider.egress[0].price.currency, costs.currency);
            e
        });
        out.extend(own_or_median(
            own,
            b.published.egress,
            b.provider,
            detail,
            |cost| Term {
                key: "egress",
                value: cost,
                unit: "currency",
                formula: detail.text(|| {
                    if cost < 0.005 {
                        format!("{gb:.0} GB out in the month: most providers charge nothing for that much")
                    } else {
                        format!("{gb:.0} GB out in the month")
                    }
                }),
                source: None,
            },
        ));
    }
    if costs.ingress_gb > 0.0 && b.provider.free_ingress == Some(true) {
        out.push(Term {
            key: "ingress",
            value: 0.0,
            unit: "currency",
            formula: detail
                .text(|| format!("{:.0} GB in: free at this provider", costs.ingress_gb)),
            source: None,
        });
    }
    super::transfer::lines(out, b, request, bought, detail);
}

/// The on-demand rate a refund rule prices a month cut short at, in the report currency: the
/// offer's (the user's when given), even when on-demand is not among the modes considered.
/// `None` where the provider's refund rule does not charge the cut month on demand, as nothing
/// reads it there.
pub(super) fn refund_rate(
    provider: &Provider,
    offer: &Offer,
    allowed: Option<(f64, Currency)>,
    request: &Request,
) -> Option<f64> {
    provider
        .refund
        .as_ref()
        .filter(|r| r.rule == RefundRule::OnDemandHours)?;
    let costs = &request.costs;
    let on_demand = offer.quote(BillingMode::OnDemand);
    let (p, c) = allowed.or_else(|| on_demand.map(|q| (q.per_hour, q.currency)))?;
    Some(costs.fx.convert(p, c, costs.currency))
}
