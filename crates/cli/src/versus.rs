//! `gpu-sizer versus INPUT --gpu ID --gpu ID [--offer ID]…`: the scenario's job on each of two to
//! four GPUs or offers, side by side, with the rows and words of the page's head-to-head table
//! (`gpu_sizer_markup::versus::rows`), in English.

use crate::input;
use gpu_sizer_engine::plan::versus::{head_to_head, MAX_ENTRIES};
use gpu_sizer_engine::Catalog;
use gpu_sizer_formats::form::{in_form_terms, CurrencyKey};
use gpu_sizer_formats::lists;
use gpu_sizer_markup::i18n::Lang;

/// Runs the command on its arguments (after `versus`); the table, or what is wrong.
pub fn run(args: &[String], today: Option<i64>) -> Result<String, String> {
    let mut source = None;
    let mut ids: Vec<String> = Vec::new();
    let mut currency = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--gpu" | "--offer" => match it.next() {
                Some(id) => ids.push(id.trim().to_string()),
                None => return Err(format!("{a} needs an id (gpu-sizer catalog lists them)")),
            },
            "--currency" => {
                let c = it.next().map(|c| c.to_ascii_uppercase());
                match c.as_deref().and_then(CurrencyKey::from_key) {
                    Some(c) => currency = Some(c),
                    None => return Err("--currency needs USD or CNY".into()),
                }
            }
            s if source.is_none() => source = Some(s.to_string()),
            other => return Err(format!("unexpected argument '{other}'")),
        }
    }
    let source = source.ok_or("versus needs a scenario: a JSON file, - or a share link")?;
    let mut input = input::read(&source)?;
    if input.project.is_some() {
        return Err(format!(
            "{}: a project file; versus needs one scenario",
            input.label
        ));
    }
    if let Some(c) = currency {
        input.form.currency = c;
    }
    // Without --gpu or --offer, a link's own comparison (`vs=`).
    if ids.is_empty() {
        ids = lists::parse(&input.form.versus);
    }
    if !(2..=MAX_ENTRIES).contains(&ids.len()) {
        return Err(format!(
            "versus compares 2 to {MAX_ENTRIES} GPUs or offers (--gpu ID, --offer ID); {} given",
            ids.len()
        ));
    }
    let request = input
        .form
        .to_request(today)
        .map_err(|e| format!("{}: field '{}': {}", input.label, e.field, e.message))?;
    // The own machine and MIG slices join the catalog as they do for `estimate`.
    let own = crate::input::catalog_for(&input.form, today);
    let catalog = own.as_ref().unwrap_or(Catalog::builtin());
    let sides = head_to_head(catalog, &request, &ids);
    let mut out = String::new();
    for side in &sides {
        if let Err(e) = &side.report {
            let e = in_form_terms(e.clone());
            out.push_str(&format!("{}: {}\n", side.id, e.message));
        }
    }
    let (titles, rows) =
        gpu_sizer_markup::versus::rows(catalog, &sides, request.costs.currency, Lang::En);
    out.push_str(&table(&titles, &rows));
    Ok(out)
}

/// How wide a table may be, in characters: a side's cells wrap to keep within it.
const WIDTH: usize = 120;

/// Rows of cells in columns, two spaces apart: the first column as wide as its widest name, the
/// sides' columns sharing the rest of [`WIDTH`] (at least 20 each), their cells wrapped at spaces.
fn table(titles: &[String], rows: &[(String, Vec<String>)]) -> String {
    let all: Vec<(&str, &[String])> = std::iter::once(("", titles))
        .chain(rows.iter().map(|(n, c)| (n.as_str(), c.as_slice())))
        .collect();
    let names = all
        .iter()
        .map(|(n, _)| n.chars().count())
        .max()
        .unwrap_or(0);
    let room = (WIDTH.saturating_sub(names) / titles.len().max(1))
        .saturating_sub(2)
        .max(20);
    let wrapped: Vec<Vec<Vec<String>>> = all
        .iter()
        .map(|(_, cells)| cells.iter().map(|c| wrap(c, room)).collect())
        .collect();
    let widths: Vec<usize> = (0..titles.len())
        .map(|i| {
            wrapped
                .iter()
                .filter_map(|row| row.get(i))
                .flatten()
                .map(|l| l.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for ((name, _), cells) in all.iter().zip(&wrapped) {
        let height = cells.iter().map(Vec::len).max().unwrap_or(1);
        for k in 0..height {
            let mut text = pad(if k == 0 { name } else { "" }, names);
            for (lines, width) in cells.iter().zip(&widths) {
                text.push_str("  ");
                text.push_str(&pad(lines.get(k).map_or("", String::as_str), *width));
            }
            out.push_str(text.trim_end());
            out.push('\n');
        }
    }
    out
}

/// `text` padded with spaces to `width` characters.
fn pad(text: &str, width: usize) -> String {
    let n = text.chars().count();
    format!("{text}{}", " ".repeat(width.saturating_sub(n)))
}

/// `text` in lines of at most `width` characters, broken at spaces (a longer word stays whole).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in text.split(' ') {
        let fits = current.chars().count() + 1 + word.chars().count() <= width;
        if current.is_empty() || !fits {
            if !current.is_empty() {
                lines.push(std::mem::take(&mut current));
            }
            current.push_str(word);
        } else {
            current.push(' ');
            current.push_str(word);
        }
    }
    lines.push(current);
    lines
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_line_up_whatever_the_characters() {
        let titles = vec!["A100 · x".to_string(), "H".to_string()];
        let rows = vec![(
            "Time".to_string(),
            vec!["1 h".to_string(), "0.5–2 h".to_string()],
        )];
        assert_eq!(
            table(&titles, &rows),
            "      A100 · x  H\nTime  1 h       0.5–2 h\n"
        );
    }

    #[test]
    fn long_cells_wrap_at_spaces_within_their_column() {
        let long = "4 instances × 1 GPU: NVIDIA A100 SXM4 80GB at the busiest hour".to_string();
        let titles: Vec<String> = ["A", "B", "C", "D"].map(String::from).to_vec();
        let cells = vec![long.clone(), "x".into(), "y".into(), "z".into()];
        let text = table(&titles, &[("Hardware".to_string(), cells)]);
        assert!(text.lines().all(|l| l.chars().count() <= WIDTH), "{text}");
        assert!(text.lines().count() > 2, "{text}");
        assert_eq!(wrap(&long, 20).join(" "), long);
        assert!(wrap(&long, 20).iter().all(|l| l.chars().count() <= 20));
    }
}
