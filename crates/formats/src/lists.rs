//! Fields that hold a comma-separated list: `providers`, `regions`, `modes` and `lora_targets`.
//!
//! A list stays one text field so that a share link writes it as one `key=value` and a scenario
//! file as one string. The request for the engine and the page's checkboxes read and edit it here,
//! so "none listed" means the same everywhere.

use crate::form::ModeKey;
use gpu_sizer_engine::sort;

/// The items of a list: trimmed, empty ones dropped (`" aws, ,gcp"` holds `aws` and `gcp`).
pub fn items(list: &str) -> impl Iterator<Item = &str> {
    list.split(',').map(str::trim).filter(|s| !s.is_empty())
}

/// The items as owned strings, as the engine's request takes them.
pub fn parse(list: &str) -> Vec<String> {
    items(list).map(str::to_string).collect()
}

/// True when `item` is one of the list's items.
pub fn contains(list: &str, item: &str) -> bool {
    items(list).any(|i| i == item)
}

/// The list with `item` added at its end (`on`) or removed, the other items in their order.
pub fn toggle(list: &str, item: &str, on: bool) -> String {
    let mut kept: Vec<&str> = items(list).filter(|i| *i != item).collect();
    if on {
        kept.push(item);
    }
    kept.join(",")
}

/// True when the billing modes consider `mode`: listed, or nothing listed (every mode).
pub fn has_mode(modes: &str, mode: ModeKey) -> bool {
    items(modes).next().is_none() || contains(modes, mode.key())
}

/// The billing modes with `mode` ticked or not, among the `offered` modes a person can tick.
/// Nothing listed means every mode, so unticking one from an empty list lists the others; the
/// modes come out in the order of `offered`, and ticking the last one empties the list again.
/// A mode that is not offered but listed (from a link or a file) stays listed; an unknown key is
/// dropped.
pub fn toggle_mode(modes: &str, offered: &[ModeKey], mode: ModeKey, on: bool) -> String {
    let mut keys: Vec<ModeKey> = if items(modes).next().is_none() {
        offered.to_vec()
    } else {
        items(modes).filter_map(ModeKey::from_key).collect()
    };
    keys.retain(|k| *k != mode);
    if on {
        keys.push(mode);
    }
    // Modes not offered first, in their order; then the offered ones in theirs.
    sort::by_key(&mut keys, |k| offered.iter().position(|o| o == k));
    keys.dedup();
    if keys.len() == offered.len() && offered.iter().all(|o| keys.contains(o)) {
        return String::new();
    }
    keys.iter().map(|k| k.key()).collect::<Vec<_>>().join(",")
}

#[cfg(test)]
mod tests {
    use super::*;
    use ModeKey::*;

    const OFFERED: &[ModeKey] = &[OnDemand, Spot, Monthly, Reserved1y, Reserved3y];

    #[test]
    fn items_are_trimmed_and_empty_ones_dropped() {
        let cases: [(&str, &[&str]); 5] = [
            ("", &[]),
            (" , ,", &[]),
            ("aws", &["aws"]),
            (" aws, ,gcp ", &["aws", "gcp"]),
            ("q,k,v,o", &["q", "k", "v", "o"]),
        ];
        for (list, want) in cases {
            assert_eq!(items(list).collect::<Vec<_>>(), want, "{list:?}");
            assert_eq!(parse(list), want, "{list:?}");
        }
        assert!(contains("aws, gcp", "gcp"));
        assert!(!contains("aws, gcp", "gc"));
    }

    #[test]
    fn toggling_adds_at_the_end_and_removes_in_place() {
        let cases = [
            ("", "aws", true, "aws"),
            ("aws", "gcp", true, "aws,gcp"),
            ("aws,gcp", "aws", true, "gcp,aws"),
            ("aws, gcp ,azure", "gcp", false, "aws,azure"),
            ("aws", "aws", false, ""),
            ("aws", "gcp", false, "aws"),
        ];
        for (list, item, on, want) in cases {
            assert_eq!(toggle(list, item, on), want, "{list:?} {item} {on}");
        }
    }

    #[test]
    fn no_mode_listed_means_every_mode() {
        assert!(OFFERED.iter().all(|m| has_mode("", *m)));
        assert!(has_mode(" ", Spot));
        assert!(has_mode("spot", Spot));
        assert!(!has_mode("spot", OnDemand));
    }

    #[test]
    fn toggling_modes_keeps_their_order_and_every_mode_as_none_listed() {
        let cases = [
            ("", Spot, false, "on-demand,monthly,reserved-1y,reserved-3y"),
            ("", Spot, true, ""),
            ("spot", OnDemand, true, "on-demand,spot"),
            ("spot", Spot, false, ""),
            ("on-demand,monthly,reserved-1y,reserved-3y", Spot, true, ""),
            (
                "reserved-3y,weekly,spot",
                Monthly,
                true,
                "spot,monthly,reserved-3y",
            ),
            ("serverless", Spot, true, "serverless,spot"),
            ("spot,spot", OnDemand, true, "on-demand,spot"),
        ];
        for (modes, mode, on, want) in cases {
            assert_eq!(
                toggle_mode(modes, OFFERED, mode, on),
                want,
                "{modes:?} {mode:?} {on}"
            );
        }
    }
}
