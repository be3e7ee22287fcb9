//! The first answer built into index.html, for a first visit.
//!
//! A visitor who opens the bare address with nothing stored gets the starting form's answer, in
//! their language. That answer depends only on the embedded catalog and on the day (a price
//! older than the engine's staleness limit adds a pitfall), so the build computes it once per
//! language, with the same engine and markup as the page, and says until which day it holds.
//! The page's start-up script shows it only when it applies (no link, no draft, no prices of the
//! user's own, the day within that limit); otherwise the first-answer module computes the answer
//! in the browser.

use crate::answer;
use crate::i18n::Lang;
use crate::keys::StorageKey;
use crate::page::{frame, starting_form, Theme};
use gpu_sizer_engine::plan::evaluate;
use gpu_sizer_engine::Catalog;

/// How far ahead the build looks for a day on which the answer changes (ten years).
const HORIZON_DAYS: i64 = 3650;

/// The prerendered first answers and what the start-up script needs to choose among them.
#[derive(Debug, Clone, PartialEq)]
pub struct Prerendered {
    /// The frame with the answer card, per language, as of the build day.
    pub frames: Vec<(Lang, String)>,
    /// The last day (days since 1970-01-01, UTC) on which every frame still reads the same.
    pub valid_through: i64,
}

impl Prerendered {
    /// The answers for a first visit on `today` (days since 1970-01-01, UTC).
    pub fn build(today: i64) -> Prerendered {
        let frames: Vec<(Lang, String)> = Lang::ALL
            .iter()
            .map(|&lang| (lang, first_frame(lang, today)))
            .collect();
        let same_on = |day: i64| frames.iter().all(|(lang, f)| first_frame(*lang, day) == *f);
        // Staleness only grows, so the answer reads the same up to one day and differs after it:
        // find that day by doubling, then bisection (`same` holds on `good`, not on `changed`).
        let horizon = today + HORIZON_DAYS;
        let (mut good, mut step) = (today, 1);
        let mut changed = loop {
            let day = (today + step).min(horizon);
            if !same_on(day) {
                break day;
            }
            good = day;
            if day == horizon {
                return Prerendered {
                    frames,
                    valid_through: horizon,
                };
            }
            step *= 2;
        };
        while changed - good > 1 {
            let mid = good + (changed - good) / 2;
            if same_on(mid) {
                good = mid;
            } else {
                changed = mid;
            }
        }
        Prerendered {
            frames,
            valid_through: good,
        }
    }

    /// The data the build writes into index.html, as JSON: the frames, the day they hold
    /// through, the storage keys whose presence means the visitor is not a first visitor, and the
    /// language tags and themes the start-up script applies.
    pub fn to_json(&self) -> String {
        let frames: Vec<String> = self
            .frames
            .iter()
            .map(|(lang, f)| format!("{}:{}", json_string(lang.key()), json_string(f)))
            .collect();
        let tags: Vec<String> = Lang::ALL
            .iter()
            .map(|l| format!("{}:{}", json_string(l.key()), json_string(l.tag())))
            .collect();
        let themes: Vec<String> = [Theme::Light, Theme::Dark]
            .iter()
            .map(|t| json_string(t.key()))
            .collect();
        format!(
            r#"{{"valid_through_day":{},"keys":{{"lang":{},"theme":{},"draft":{},"catalog_edits":{}}},"tags":{{{}}},"themes":[{}],"frames":{{{}}}}}"#,
            self.valid_through,
            json_string(StorageKey::Lang.as_str()),
            json_string(StorageKey::Theme.as_str()),
            json_string(StorageKey::Draft.as_str()),
            json_string(StorageKey::CatalogEdits.as_str()),
            tags.join(","),
            themes.join(","),
            frames.join(","),
        )
    }
}

/// The frame a first visitor reading `lang` gets on `day`.
fn first_frame(lang: Lang, day: i64) -> String {
    let report = starting_form(lang == Lang::Zh)
        .to_request(Some(day))
        .and_then(|request| evaluate(Catalog::builtin(), &request));
    frame(&answer::markup(&report, lang), lang, true)
}

/// `s` as a JSON string literal.
fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if u32::from(c) < 0x20 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpu_sizer_engine::catalog::validate::parse_date;
    use gpu_sizer_engine::plan::pitfalls::STALE_AFTER_DAYS;

    #[test]
    fn holds_until_the_day_its_answer_would_change() {
        let built = parse_date("2026-11-30").unwrap();
        let p = Prerendered::build(built);
        assert!(p.valid_through >= built);
        assert!(p.valid_through <= built + HORIZON_DAYS);
        for (lang, frame) in &p.frames {
            assert_eq!(first_frame(*lang, p.valid_through), *frame);
            assert!(frame.contains(r#"data-prerendered=""#), "{lang:?}");
            assert!(
                frame.contains("first-result"),
                "the answer card is in the frame"
            );
        }
        // The pick's price turns stale the day after; the card then warns and so differs.
        if p.valid_through < built + HORIZON_DAYS {
            assert!(p
                .frames
                .iter()
                .any(|(lang, f)| first_frame(*lang, p.valid_through + 1) != *f));
        }
        // Here the day it changes is the one the pick's price turns stale.
        let report = starting_form(false)
            .to_request(Some(built))
            .and_then(|r| evaluate(Catalog::builtin(), &r))
            .unwrap();
        let as_of = parse_date(&report.pick().unwrap().quote.as_of).unwrap();
        assert_eq!(p.valid_through, (as_of + STALE_AFTER_DAYS).max(built));
    }

    #[test]
    fn each_language_reads_in_its_own_words_and_currency() {
        let p = Prerendered::build(parse_date("2026-11-30").unwrap());
        let frame = |l| &p.frames.iter().find(|(lang, _)| *lang == l).unwrap().1;
        assert!(frame(Lang::En).contains('$'));
        assert!(frame(Lang::Zh).contains('¥'));
        assert!(frame(Lang::Zh).contains(r#"lang="zh-CN""#));
    }

    #[test]
    fn writes_valid_json_for_the_build() {
        assert_eq!(json_string("a\"b\\c\n<é>"), r#""a\"b\\c\u000a<é>""#);
        let json = Prerendered::build(20_000).to_json();
        assert!(json.starts_with(r#"{"valid_through_day":"#));
        assert!(json.contains(r#""draft":"gpu-sizer.draft""#));
        assert!(json.contains(r#""zh":"zh-CN""#));
        assert!(json.contains(r#""themes":["light","dark"]"#));
    }
}
