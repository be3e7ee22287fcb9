//! Searching text without core's substring search.
//!
//! `str::contains(&str)` brings core's two-way searcher into the page's wasm (2.8 KB of code
//! with a copy of `contains` per caller) for short needles in short strings: a search typed into
//! the model picker or the catalog, an architecture's name, a link's `://`, a price source's
//! `/blob/`. Comparing at each byte does the same there.

/// Whether `part` occurs in `text`, as `text.contains(part)`.
pub fn mentions(text: &str, part: &str) -> bool {
    part.is_empty()
        || text
            .as_bytes()
            .windows(part.len())
            .any(|w| w == part.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mentions_is_contains() {
        let texts = [
            "",
            "a",
            "hopper",
            "NVIDIA Hopper",
            "https://x/#v=1",
            "配额://",
            "ab",
        ];
        let parts = ["", "a", "://", "hopper", "配", "abc", "b"];
        for text in texts {
            for part in parts {
                assert_eq!(mentions(text, part), text.contains(part), "{text} {part}");
            }
        }
    }
}
