//! The property tests' runner (the hostile inputs are in `files.rs` and
//! `text.rs` beside it, included by path): a proptest runner that keeps every failure in
//! `proptest-regressions/`, and a tally printed as one summary line per
//! parser.

use std::cell::Cell;
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence, TestCaseError, TestRunner};

/// How a parser answered one input.
pub enum Answer {
    /// Accepted.
    Ok,
    /// Refused with an error of the expected shape.
    Refused,
}

/// Inputs tried, accepted and refused by one parser.
pub struct Tally {
    name: &'static str,
    ok: Cell<usize>,
    refused: Cell<usize>,
}

impl Tally {
    /// An empty tally for the parser `name`.
    pub fn new(name: &'static str) -> Tally {
        Tally {
            name,
            ok: Cell::new(0),
            refused: Cell::new(0),
        }
    }

    /// Counts one answer.
    pub fn count(&self, answer: Answer) {
        let cell = match answer {
            Answer::Ok => &self.ok,
            Answer::Refused => &self.refused,
        };
        cell.set(cell.get() + 1);
    }

    /// The summary line docs/reliability.md quotes (`panics=0` because any panic
    /// fails the test before this line is printed).
    pub fn print(&self) {
        println!(
            "proptest summary: parser={} inputs={} accepted={} refused={} panics=0",
            self.name,
            self.ok.get() + self.refused.get(),
            self.ok.get(),
            self.refused.get()
        );
    }
}

/// The longest one input may take before the parser counts as hung.
const HANG: Duration = Duration::from_secs(30);

/// The cases a parser's property test runs: `default`, or
/// `$PROPTEST_CASES` when set (proptest's own name for it; the documented
/// long run in docs/reliability.md sets 100000). The binary's property
/// tests (proptest_cli.rs) keep their fixed counts: each case is a process. A value that is not a positive
/// number fails the test instead of running a different count.
pub fn cases(default: u32) -> u32 {
    match std::env::var("PROPTEST_CASES") {
        Err(_) => default,
        Ok(text) => match text.trim().parse::<u32>() {
            Ok(n) if n > 0 => n,
            _ => panic!("PROPTEST_CASES={text:?}: expected a positive whole number"),
        },
    }
}

/// Runs `property` on `cases` inputs of `strategy` (plus every persisted
/// regression of `source`), counting the answers in `tally`; a panic or a
/// failed property is shrunk, saved under `proptest-regressions/` and
/// fails the test, and so does one input that takes longer than 30 s (a
/// hang).
pub fn check<S: Strategy>(
    source: &'static str,
    cases: u32,
    strategy: S,
    tally: &Tally,
    property: impl Fn(S::Value) -> Result<Answer, TestCaseError>,
) {
    let config = Config {
        cases,
        source_file: Some(source),
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(regressions(
            source,
        )))),
        ..Config::default()
    };
    let mut runner = TestRunner::new(config);
    let result = runner.run(&strategy, |input| {
        let started = Instant::now();
        let answer = property(input)?;
        let took = started.elapsed();
        prop_assert!(took < HANG, "one input took {took:?}: a hang");
        tally.count(answer);
        Ok(())
    });
    if let Err(error) = result {
        panic!("{}: {error}", tally.name);
    }
    tally.print();
}

/// `proptest-regressions/<test file>.txt`: where the failures found in
/// `source` are kept (and replayed first on every run).
fn regressions(source: &str) -> &'static str {
    let stem = std::path::Path::new(source)
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("proptest");
    Box::leak(format!("proptest-regressions/{stem}.txt").into_boxed_str())
}

/// Values that break numbers: huge, negative, not a number, infinite.
pub const BAD_NUMBERS: &[&str] = &[
    "1e400",
    "-1e400",
    "nan",
    "inf",
    "-inf",
    "-1",
    "0",
    "-0",
    "1.5",
    "99999999999999999999999999",
    "18446744073709551616",
    "4294967296",
    "0x10",
    "1_0",
    "",
];

/// A 10 MB string made of `piece` repeated.
pub fn ten_megabytes(piece: &str) -> String {
    piece.repeat(10_000_000 / piece.len().max(1) + 1)
}

/// A refusal in words: not empty, and at most `max` bytes whatever the
/// input.
pub fn worded(message: &str, max: usize) -> Result<Answer, TestCaseError> {
    prop_assert!(!message.trim().is_empty(), "an empty error");
    prop_assert!(
        message.len() <= max,
        "a {}-byte error: {}…",
        message.len(),
        &message[..message.floor_char_boundary(200)]
    );
    Ok(Answer::Refused)
}
