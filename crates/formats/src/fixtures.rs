//! The versioned fixture files under `tests/data/`: one `<value>  =>  <JSON>` pair a line,
//! blank lines and `#` comments skipped. Values written by earlier pages must keep decoding.

/// The `(value, JSON)` pairs of `tests/data/<file>`.
pub(crate) fn pairs(file: &str) -> Vec<(String, String)> {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let (value, want) = line.split_once("  =>  ").expect("'  =>  '");
            (value.to_owned(), want.to_owned())
        })
        .collect()
}
