//! Compiled rules loaded from a shipped rules file with overrides.

use std::path::Path;

use banluck_lab::games::banluck::rules::CompiledRules;
use banluck_lab::games::banluck::rules::load_rules;
use banluck_lab::rules::Override;

/// The compiled rules of `rules/FILE` with the `--set` style overrides `sets`.
pub fn table(file: &str, sets: &[&str]) -> CompiledRules {
    let overrides: Vec<Override> = sets.iter().map(|s| s.parse().unwrap()).collect();
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rules")
        .join(file);
    CompiledRules::compile(load_rules(Some(&path), &overrides).unwrap())
}
