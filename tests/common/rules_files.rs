//! The shipped rules files and the canonical rule table, for the rules tests.

use std::path::{Path, PathBuf};

use banluck_lab::games::banluck::rules::{RuleSet, RuleTable};

/// The path of `rules/NAME` below the crate's root.
pub fn rules_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rules")
        .join(name)
}

/// The rule table of the canonical rules (`RuleSet::default()`).
pub fn canonical() -> RuleTable {
    RuleTable::compile(RuleSet::default())
}
