//! Compiled rules with one change from the canonical rules, and hand look-ups.

use banluck_lab::cards::CompId;
use banluck_lab::games::banluck::rules::{CompiledRules, RuleSet};

/// The compiled rules of the canonical rules after `change`.
pub fn compile_with(change: impl FnOnce(&mut RuleSet)) -> CompiledRules {
    let mut rules = RuleSet::default();
    change(&mut rules);
    CompiledRules::compile(rules)
}

/// The composition of `hand` (rank labels separated by spaces) in `table`.
pub fn comp(table: &CompiledRules, hand: &str) -> CompId {
    table
        .find_hand(hand)
        .unwrap_or_else(|e| panic!("{hand}: {e}"))
}
