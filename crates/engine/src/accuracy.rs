//! How close the engine comes to published measurements: the calibration table, as the
//! calibration test computes it (the test fails if this copy is out of date).

/// Tab-separated: id, metric, predicted, published, error_pct, unit, asserted.
pub const TABLE: &str = include_str!("../data/accuracy.tsv");

/// One row of the table.
#[derive(Debug, Clone, PartialEq)]
pub struct AccuracyRow<'a> {
    pub id: &'a str,
    pub metric: &'a str,
    pub predicted: f64,
    pub published: f64,
    pub error_pct: f64,
    pub unit: &'a str,
    /// False where the test explains why the case is out of scope.
    pub asserted: bool,
}

/// The rows of [`TABLE`].
pub fn rows() -> Vec<AccuracyRow<'static>> {
    TABLE
        .lines()
        .skip(1)
        .filter_map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            let num = |i: usize| f.get(i).and_then(|v| v.parse::<f64>().ok());
            Some(AccuracyRow {
                id: f.first()?,
                metric: f.get(1)?,
                predicted: num(2)?,
                published: num(3)?,
                error_pct: num(4)?,
                unit: f.get(5)?,
                asserted: *f.get(6)? == "true",
            })
        })
        .collect()
}
