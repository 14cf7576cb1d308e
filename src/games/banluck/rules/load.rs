//! Loading Banluck rules through the generic layers of [`crate::rules`].

use std::path::Path;

use super::schema::{
    BelowMin, BothBust, BustTiming, BustVsBonus, FiveCardTiming, FiveVsFive, RevealPolicy,
    RotationScheme, RuleSet, SurrenderPolicy,
};
use super::validate::validate;
use crate::rules::{Override, RulesError, Schema, Violation, load_layered, variants_of};

impl Schema for RuleSet {
    fn violations(&self) -> Vec<Violation> {
        validate(self)
    }

    fn enum_words(name: &str) -> Option<&'static [&'static str]> {
        Some(match name {
            "BelowMin" => variants_of::<BelowMin>(),
            "BustTiming" => variants_of::<BustTiming>(),
            "SurrenderPolicy" => variants_of::<SurrenderPolicy>(),
            "RevealPolicy" => variants_of::<RevealPolicy>(),
            "FiveCardTiming" => variants_of::<FiveCardTiming>(),
            "FiveVsFive" => variants_of::<FiveVsFive>(),
            "BothBust" => variants_of::<BothBust>(),
            "BustVsBonus" => variants_of::<BustVsBonus>(),
            "RotationScheme" => variants_of::<RotationScheme>(),
            _ => return None,
        })
    }
}

/// Loads, merges and validates a rule set from `file` (or the built-in
/// canonical rules when `file` is `None`), then the environment, then the
/// `overrides` in order.
///
/// ```
/// use banluck_lab::games::banluck::rules::{RevealPolicy, load_rules};
/// use banluck_lab::rules::Override;
/// let set: Override = "dealer.fixed.reveal=on".parse().unwrap();
/// let rules = load_rules(None, &[set]).unwrap();
/// assert_eq!(rules.dealer.fixed.reveal, RevealPolicy::On);
/// let bad: Override = "deck.decks=0".parse().unwrap();
/// let error = load_rules(None, &[bad]).unwrap_err();
/// assert!(error.names_key("deck.decks"));
/// ```
///
/// # Errors
/// Every problem found, as [`load_layered`] reports it.
pub fn load_rules(file: Option<&Path>, overrides: &[Override]) -> Result<RuleSet, RulesError> {
    load_layered(file, overrides)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_schema_enum_has_its_values() {
        for name in [
            "BelowMin",
            "BustTiming",
            "SurrenderPolicy",
            "RevealPolicy",
            "FiveCardTiming",
            "FiveVsFive",
            "BothBust",
            "BustVsBonus",
        ] {
            let values = RuleSet::enum_words(name).unwrap();
            assert_eq!(values.len(), 2, "{name}: {values:?}");
        }
        assert_eq!(
            RuleSet::enum_words("RotationScheme").unwrap(),
            ["never", "every_n", "on_ban"]
        );
        assert_eq!(RuleSet::enum_words("Unknown"), None);
    }
}
