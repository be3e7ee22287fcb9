//! The property-test runner both the engine's unit tests and its integration tests use.

use proptest::prelude::*;
use proptest::test_runner::TestRunner;
use std::cell::Cell;

/// Runs `test` over `cases` random inputs and fails unless at least `min` of them reached its
/// assertions (`test` returns whether it did): a property whose inputs all fall through its
/// guards (an estimate that errs, a figure that is absent) would pass without checking anything.
pub fn check<S: Strategy>(
    name: &'static str,
    cases: u32,
    min: u32,
    strategy: S,
    test: impl Fn(S::Value) -> Result<bool, TestCaseError>,
) {
    let reached = Cell::new(0u32);
    let mut runner = TestRunner::new(ProptestConfig {
        cases,
        source_file: Some(file!()),
        test_name: Some(name),
        ..ProptestConfig::default()
    });
    let result = runner.run(&strategy, |value| {
        if test(value)? {
            reached.set(reached.get() + 1);
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{name}: {e}\n{runner}");
    }
    let reached = reached.get();
    eprintln!("{name}: {reached} of {cases} cases reached the assertions");
    assert!(
        reached >= min,
        "{name}: only {reached} of {cases} cases reached the assertions, {min} expected"
    );
}
