//! EZ Baccarat as a lab [`Family`]: its rules files (`game = "baccarat"`)
//! as [`BaccaratRules`], its rule columns, the figure and decision columns of its engines
//! ([`super::record::COLUMNS`]), its grid engines exact, sim and count from
//! `[engines]` ([`super::engines`]) and its grid report
//! ([`BaccaratReport`]).

use serde_json::Value;

use super::engines::{BaccaratEngine, EnginesSpec};
use super::record::COLUMNS;
use super::report::BaccaratReport;
use crate::games::baccarat::rules::{BaccaratRules, baccarat_rules_hash};
use crate::lab::{Family, OutputColumns, ShownRules, VariantRules, dotted_columns};
use crate::rules::{GameKind, Override, RulesError, RulesText, load_layered_text};

/// EZ Baccarat (and classic commission baccarat from the same rules).
#[derive(Debug, Clone, Copy, Default)]
pub struct Baccarat;

/// The rule keys of a rule set as dotted names with their JSON values, in
/// schema order (`game`, `extends` and `description` left out: they do not
/// change the game).
pub fn rule_columns(rules: &BaccaratRules) -> Vec<(String, Value)> {
    [
        ("shoe", serde_json::to_value(&rules.shoe)),
        ("payouts", serde_json::to_value(&rules.payouts)),
    ]
    .into_iter()
    .flat_map(|(key, value)| dotted_columns(key, &value.unwrap_or(Value::Null)))
    .collect()
}

impl VariantRules for BaccaratRules {
    fn hash(&self) -> String {
        baccarat_rules_hash(self)
    }

    fn columns(&self) -> Vec<(String, Value)> {
        rule_columns(self)
    }

    fn shown(&self) -> ShownRules {
        ShownRules::of(self.hash(), self)
    }
}

impl Family for Baccarat {
    type Rules = BaccaratRules;
    type Engine = BaccaratEngine;
    type Engines = EnginesSpec;
    type Report = BaccaratReport;

    fn game(&self) -> GameKind {
        GameKind::Baccarat
    }

    fn load_rules(
        &self,
        rules: &RulesText,
        overrides: &[Override],
    ) -> Result<BaccaratRules, RulesError> {
        load_layered_text(Some(rules), overrides)
    }

    fn default_rule_columns(&self) -> Vec<(String, Value)> {
        rule_columns(&BaccaratRules::default())
    }

    fn columns(&self) -> OutputColumns {
        COLUMNS
    }

    fn engines(&self, spec: EnginesSpec) -> Result<Vec<BaccaratEngine>, String> {
        let engines = spec.engines();
        if engines.is_empty() {
            Err("no engine: add [engines.exact], [engines.sim] or [engines.count]".into())
        } else {
            Ok(engines)
        }
    }

    fn report(&self) -> &BaccaratReport {
        &BaccaratReport
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::{Engine, read_engines};

    #[test]
    fn rule_columns_are_the_shoe_and_payout_keys() {
        let columns = rule_columns(&BaccaratRules::default());
        let names: Vec<&str> = columns.iter().map(|(k, _)| k.as_str()).collect();
        assert!(names.contains(&"shoe.decks"));
        assert!(names.contains(&"payouts.banker_rule"));
        assert!(
            !names
                .iter()
                .any(|n| n.starts_with("game") || n.starts_with("desc"))
        );
    }

    #[test]
    fn engines_come_from_the_engines_table() {
        let text = "[engines.exact]\n[engines.count]\nshoes = 3\n";
        let engines = read_engines(&Baccarat, text).unwrap().unwrap();
        let names: Vec<&str> = engines.iter().map(|e| e.name()).collect();
        assert_eq!(names, ["exact", "count"]);
        assert!(read_engines(&Baccarat, "").unwrap().is_err());
        assert!(read_engines(&Baccarat, "[engines.dp]\n").is_err());
    }
}
