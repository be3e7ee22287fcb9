//! `gpu-sizer doctor`: what nvidia-smi output from a running job says, and what it costs.

use gpu_sizer_engine::catalog::{BillingMode, Catalog};
use gpu_sizer_engine::cost::money::{symbol, Exchange};
use gpu_sizer_formats::form::CurrencyKey;
use gpu_sizer_markup::i18n::Lang;
use gpu_sizer_ops::doctor::{diagnose, read, words, Context, Price};
use std::io::Read;

/// The report; `Err` is the message for standard error.
pub fn run(args: &[String]) -> Result<String, String> {
    let mut source = None;
    let mut offer_id = None;
    let mut price = None;
    let mut gpus = None;
    let mut currency = CurrencyKey::Usd;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--offer" => offer_id = Some(it.next().ok_or("--offer needs an offer id")?.clone()),
            "--price" => {
                price = Some(
                    it.next()
                        .and_then(|p| p.parse::<f64>().ok())
                        .filter(|p| p.is_finite() && *p >= 0.0)
                        .ok_or("--price needs the instance's price per hour")?,
                )
            }
            "--gpus" => {
                gpus = Some(
                    it.next()
                        .and_then(|n| n.parse::<u32>().ok())
                        .filter(|n| *n >= 1)
                        .ok_or("--gpus needs a count")?,
                )
            }
            "--currency" => {
                currency = it
                    .next()
                    .and_then(|c| CurrencyKey::from_key(&c.to_ascii_uppercase()))
                    .ok_or("--currency needs USD or CNY")?
            }
            s if source.is_none() => source = Some(s.to_string()),
            other => return Err(format!("unexpected argument '{other}'")),
        }
    }
    let source = source.ok_or("doctor needs nvidia-smi output: a file, or - for standard input")?;
    let text = if source == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        text
    } else {
        std::fs::read_to_string(&source).map_err(|e| format!("cannot read {source}: {e}"))?
    };
    let reading = read(&text).map_err(|e| format!("{source}: {}", words::error(&e, Lang::En)))?;
    let catalog = Catalog::builtin();
    let offer = match &offer_id {
        Some(id) => Some(catalog.offers.iter().find(|o| o.id == *id).ok_or_else(|| {
            format!("no offer '{id}' in the catalog (gpu-sizer catalog lists them)")
        })?),
        None => None,
    };
    let currency = currency.engine();
    let price = match (price, offer) {
        (Some(p), _) => Some(Price {
            per_hour: p,
            gpus: gpus
                .or(offer.map(|o| o.gpu_count))
                .unwrap_or(reading.gpus.len() as u32),
            currency,
        }),
        (None, Some(o)) => o
            .quote(BillingMode::OnDemand)
            .or(o.prices.first())
            .map(|q| Price {
                per_hour: q.per_hour,
                gpus: o.gpu_count.max(1),
                currency: q.currency,
            }),
        (None, None) => None,
    };
    let cx = Context {
        catalog,
        price,
        gpu: offer.and_then(|o| catalog.gpu(&o.gpu)),
        currency,
        fx: Exchange::default(),
    };
    let d = diagnose(&reading, &cx);
    Ok(words::report(&reading, &d, Lang::En, symbol(currency)))
}
