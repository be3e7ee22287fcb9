//! How close the engine comes to published measurements: the calibration table, as the
//! calibration test computes it (the test fails if this copy is out of date).
//!
//! The page does not build the table in: its guide fetches `data/accuracy.tsv` when opened (the
//! build ships it beside the app) and reads it with [`parse`], so the app's download is smaller by
//! the table (100 KB, 15 KB compressed) for everyone who never opens the guide.

/// Tab-separated: id, class, what, predicted, published, error_pct, unit, source, compared.
pub const TABLE: &str = include_str!("../data/accuracy.tsv");

/// One row of the table.
#[derive(Debug, Clone, PartialEq)]
pub struct AccuracyRow<'a> {
    pub id: &'a str,
    /// The group whose median error is held to a limit (a GPU class, a server, memory).
    pub class: &'a str,
    pub metric: &'a str,
    /// `None` where the engine could not reproduce the case (the table says why).
    pub predicted: Option<f64>,
    pub published: f64,
    pub error_pct: Option<f64>,
    pub unit: &'a str,
    pub source: &'a str,
    /// How the calibration test counts the row: "median" (in its class median), "verdict" (a
    /// fit verdict, right or wrong) or "no" (kept in view: a known gap or a scaling anchor).
    pub compared: &'a str,
}

impl<'a> AccuracyRow<'a> {
    /// The page the case can be checked on: its source when that is a web address (the page
    /// reads a fetched copy of the table, so the field is not taken on trust).
    pub fn link(&self) -> Option<&'a str> {
        crate::catalog::web_address(self.source)
    }
}

/// The rows of [`TABLE`].
pub fn rows() -> Vec<AccuracyRow<'static>> {
    parse(TABLE)
}

/// The rows of a table in [`TABLE`]'s form, after its header line; a line that is not a row
/// (too few fields, a figure that is not a number) is left out.
pub fn parse(table: &str) -> Vec<AccuracyRow<'_>> {
    table
        .lines()
        .skip(1)
        .filter_map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            let num = |i: usize| f.get(i).and_then(|v| v.parse::<f64>().ok());
            Some(AccuracyRow {
                id: f.first()?,
                class: f.get(1)?,
                metric: f.get(2)?,
                predicted: num(3),
                published: num(4)?,
                error_pct: num(5),
                unit: f.get(6)?,
                source: f.get(7)?,
                compared: f.get(8)?,
            })
        })
        .collect()
}

/// Median absolute error (percent) and case count of each class of [`TABLE`], in table order:
/// the rows the calibration test holds to a limit.
pub fn class_medians() -> Vec<(&'static str, f64, usize)> {
    class_medians_of(&rows())
}

/// [`class_medians`] of `rows`.
pub fn class_medians_of<'a>(rows: &[AccuracyRow<'a>]) -> Vec<(&'a str, f64, usize)> {
    let mut classes: Vec<&str> = Vec::new();
    for r in rows {
        if !classes.contains(&r.class) {
            classes.push(r.class);
        }
    }
    classes
        .into_iter()
        .filter_map(|class| {
            let mut errs: Vec<f64> = rows
                .iter()
                .filter(|r| r.class == class && r.compared == "median")
                .filter_map(|r| r.error_pct.map(f64::abs))
                .collect();
            if errs.is_empty() {
                return None;
            }
            crate::sort::by(&mut errs, f64::total_cmp);
            let n = errs.len();
            let m = if n % 2 == 1 {
                errs[n / 2]
            } else {
                (errs[n / 2 - 1] + errs[n / 2]) / 2.0
            };
            Some((class, m, n))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_is_a_row_and_each_class_median_counts_only_compared_rows() {
        assert!(!rows().is_empty());
        assert_eq!(rows().len(), TABLE.lines().count() - 1, "a malformed line");
        for (class, median, n) in class_medians() {
            let counted = rows()
                .iter()
                .filter(|r| r.class == class && r.compared == "median" && r.error_pct.is_some())
                .count();
            assert_eq!(n, counted, "{class}");
            assert!(median.is_finite() && median >= 0.0, "{class}: {median}");
        }
        assert!(rows()
            .iter()
            .all(|r| ["median", "verdict", "no"].contains(&r.compared)));
    }

    /// The page reads a fetched copy: whatever arrives (a cut-off file, an error page) gives
    /// the rows it holds and no panic.
    #[test]
    fn a_damaged_table_gives_the_rows_it_holds() {
        assert!(parse("").is_empty());
        assert!(parse("<!doctype html><title>404</title>").is_empty());
        let header = TABLE.lines().next().unwrap();
        let first = TABLE.lines().nth(1).unwrap();
        let cut: Vec<&str> = first.split('\t').take(4).collect();
        let cut = cut.join("\t");
        let table = format!("{header}\n{first}\nnot\ta\trow\n{cut}");
        assert_eq!(parse(&table), rows()[..1]);
        assert_eq!(parse(TABLE), rows());
        let medians = class_medians_of(&parse(&table));
        assert!(medians.len() <= 1, "{medians:?}");
    }
}
