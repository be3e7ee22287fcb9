//! The first answer built into index.html, for a first visit.
//!
//! A visitor who opens the bare address with nothing stored gets the starting form's answer, in
//! their language. That answer depends only on the embedded catalog and on the day (a price
//! older than the engine's staleness limit adds a pitfall), so the build computes it once per
//! language, with the same engine and markup as the page, and says until which day it holds.
//! The page's start-up script shows it only when it applies (no link, no draft, no prices of the
//! user's own, the day within that limit); otherwise the app computes the answer in the browser
//! and paints it before it builds its form.

use crate::answer;
use crate::i18n::Lang;
use crate::keys::{StorageKey, VIEW_PARAM};
use crate::page::{frame, starting_form, Theme, View};
use gpu_sizer_engine::plan::evaluate;
use gpu_sizer_engine::Catalog;
use serde_json::{json, Map, Value};

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
        // bisect for that day (`same_on` holds on `good`, not on `changed`).
        let (mut good, mut changed) = (today, today + HORIZON_DAYS);
        if same_on(changed) {
            good = changed;
        }
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
    /// languages (their tags, and the one for a browser in none of them) and themes the start-up
    /// script (`boot/gate.js`) applies, and the link parameter naming a page other than the
    /// calculator (whose frame the page then does not show). Beside them, `pages`: the files the
    /// build ships for the app to fetch when a page opens (the guide's sections in each language,
    /// `guide-<lang>`).
    pub fn to_json(&self) -> String {
        let pages: Map<String, Value> = Lang::ALL
            .iter()
            .map(|&lang| {
                let html = crate::guide::markup(lang).finish();
                (crate::guide::data_name(lang), html.into())
            })
            .collect();
        let frames: Map<String, Value> = self
            .frames
            .iter()
            .map(|(lang, f)| (lang.key().to_string(), f.as_str().into()))
            .collect();
        let tags: Map<String, Value> = Lang::ALL
            .iter()
            .map(|l| (l.key().to_string(), l.tag().into()))
            .collect();
        json!({
            "valid_through_day": self.valid_through,
            "keys": {
                "lang": StorageKey::Lang.as_str(),
                "theme": StorageKey::Theme.as_str(),
                "draft": StorageKey::Draft.as_str(),
                "catalog_edits": StorageKey::CatalogEdits.as_str(),
            },
            "tags": tags,
            "default_lang": Lang::default().key(),
            "themes": [Theme::Light.key(), Theme::Dark.key()],
            "view": { "param": VIEW_PARAM, "calculator": View::Calculator.key() },
            "frames": frames,
            "pages": pages,
        })
        .to_string()
    }
}

/// The frame a first visitor reading `lang` gets on `day`.
fn first_frame(lang: Lang, day: i64) -> String {
    let report = starting_form(lang == Lang::Zh)
        .to_request(Some(day))
        .and_then(|request| evaluate(Catalog::builtin(), &request));
    frame(&answer::card(&report, lang), lang, true)
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
        let quote = &report.pick().unwrap().quote;
        match quote.as_of.as_deref().and_then(parse_date) {
            Some(as_of) if !quote.undated => {
                assert_eq!(p.valid_through, (as_of + STALE_AFTER_DAYS).max(built))
            }
            // An undated price is flagged from the start: nothing changes with the days.
            _ => assert_eq!(p.valid_through, built + HORIZON_DAYS),
        }
    }

    #[test]
    fn each_language_reads_in_its_own_words_and_currency() {
        let p = Prerendered::build(parse_date("2026-11-30").unwrap());
        let frame = |l| &p.frames.iter().find(|(lang, _)| *lang == l).unwrap().1;
        assert!(frame(Lang::En).contains('$'));
        assert!(frame(Lang::Zh).contains('¥'));
        assert!(frame(Lang::Zh).contains(r#"lang="zh-CN""#));
        // Its answer is marked, for the page to hide it from any visitor but a first one.
        for lang in Lang::ALL {
            assert!(frame(lang).contains(r#"<div class="results" data-built-in><section"#));
        }
    }

    #[test]
    fn writes_valid_json_for_the_build() {
        let built = Prerendered::build(20_000);
        let json = built.to_json();
        let read: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(read["valid_through_day"], built.valid_through);
        // The frames, full of quotes and markup, come back as they were.
        for (lang, frame) in &built.frames {
            assert_eq!(read["frames"][lang.key()], frame.as_str());
        }
        assert!(json.contains(r#""draft":"gpu-sizer.draft""#));
        assert!(json.contains(r#""zh":"zh-CN""#));
        assert!(json.contains(r#""default_lang":"en""#));
        assert!(json.contains(r#""themes":["light","dark"]"#));
        assert!(json.contains(r#""view":{"calculator":"calculator","param":"view"}"#));
        // The guide's sections, one page per language, as the guide markup writes them.
        for lang in Lang::ALL {
            let page = &read["pages"][crate::guide::data_name(lang)];
            assert_eq!(page, crate::guide::markup(lang).finish().as_str());
        }
    }
}
