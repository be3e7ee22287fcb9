//! Prints the first answer for a first visit as JSON (see `gpu_sizer_markup::prerender`), for
//! scripts/post-build.mjs to write into index.html. The day is today's (UTC) unless given as the
//! first argument, `YYYY-MM-DD`.

use gpu_sizer_engine::catalog::validate::parse_date;
use gpu_sizer_markup::page::day_of;
use gpu_sizer_markup::prerender::Prerendered;
use std::time::{SystemTime, UNIX_EPOCH};

fn main() {
    let today = match std::env::args().nth(1) {
        Some(day) => parse_date(&day).unwrap_or_else(|| {
            eprintln!("gpu-sizer-prerender: not a date (YYYY-MM-DD): {day}");
            std::process::exit(2);
        }),
        None => {
            let ms = SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0.0, |d| d.as_millis() as f64);
            day_of(ms).unwrap_or_default()
        }
    };
    println!("{}", Prerendered::build(today).to_json());
}
