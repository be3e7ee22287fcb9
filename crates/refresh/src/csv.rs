//! A small reader for the comma-separated files SkyPilot publishes (RFC 4180 quoting).

/// The records of a CSV text, each a list of fields; quoted fields may hold commas, doubled quotes
/// and line breaks.
pub fn records(text: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut record = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') if field.is_empty() => quoted = true,
            (false, ',') => record.push(std::mem::take(&mut field)),
            (false, '\r') => {}
            (false, '\n') => {
                record.push(std::mem::take(&mut field));
                out.push(std::mem::take(&mut record));
            }
            (false, c) => field.push(c),
        }
    }
    if !field.is_empty() || !record.is_empty() {
        record.push(field);
        out.push(record);
    }
    out.retain(|r| !(r.len() == 1 && r[0].is_empty()));
    out
}

/// Rows as maps from the header's column names to values.
pub fn rows(text: &str) -> Vec<std::collections::HashMap<String, String>> {
    let mut all = records(text).into_iter();
    let Some(header) = all.next() else {
        return Vec::new();
    };
    all.map(|r| header.iter().cloned().zip(r).collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_fields_keep_commas_and_quotes() {
        let text = "a,b,c\n1,\"x, {'y': 2}\",\"say \"\"hi\"\"\"\n2,,\n";
        let r = records(text);
        assert_eq!(r.len(), 3);
        assert_eq!(r[1], vec!["1", "x, {'y': 2}", "say \"hi\""]);
        assert_eq!(r[2], vec!["2", "", ""]);
        assert_eq!(rows(text)[0]["b"], "x, {'y': 2}");
    }
}
