//! The shipped rules files and the canonical compiled rules, for the rules tests.

use std::path::{Path, PathBuf};

use banluck_lab::games::banluck::rules::{CompiledRules, RuleSet};

/// The path of `rules/NAME` below the crate's root.
pub fn rules_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rules")
        .join(name)
}

/// The compiled rules of the canonical rules (`RuleSet::default()`).
pub fn canonical() -> CompiledRules {
    CompiledRules::compile(RuleSet::default())
}
