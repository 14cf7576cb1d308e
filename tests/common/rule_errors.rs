//! The `tests/malformed/` folder and the look-up of a key's problem in a
//! rules error.

use std::path::{Path, PathBuf};

use banluck_lab::rules::{RuleProblem, RulesError};

/// The crate's root folder.
pub fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The `tests/malformed/` corpus folder.
pub fn malformed_dir() -> PathBuf {
    manifest_dir().join("tests").join("malformed")
}

/// The problem `error` reports for `key`, if any.
pub fn key_problem<'a>(error: &'a RulesError, key: &str) -> Option<&'a RuleProblem> {
    error
        .problems
        .iter()
        .find(|p| matches!(p, RuleProblem::Key { key: k, .. } if k == key))
}
