//! Blackjack as a lab [`Family`]: its rules files (`game = "blackjack"`),
//! every rule key as a column ([`columns`]), the figure and decision
//! columns of its engines ([`record`]), the engines `exact` and `sim` from
//! `[engines]` ([`engines`], [`sim_engine`]) and the rule-effects report
//! with its basic-strategy charts and simulation checks ([`report`]).

pub mod columns;
pub mod engines;
pub mod record;
pub mod report;
pub mod sim_engine;

use serde_json::Value;

use self::engines::{BlackjackEngine, EnginesSpec};
use self::report::BlackjackReport;
use super::rules::{BlackjackRules, blackjack_rules_hash};
use crate::lab::{Family, OutputColumns, ShownRules, VariantRules};
use crate::rules::{GameKind, Override, RulesError, RulesText, load_layered_text};

/// Blackjack against the dealer's fixed rule, solved exactly.
#[derive(Debug, Clone, Copy, Default)]
pub struct Blackjack;

impl VariantRules for BlackjackRules {
    fn hash(&self) -> String {
        blackjack_rules_hash(self)
    }

    fn columns(&self) -> Vec<(String, Value)> {
        columns::rule_columns(self)
    }

    fn shown(&self) -> ShownRules {
        ShownRules::of(self.hash(), self)
    }
}

impl Family for Blackjack {
    type Rules = BlackjackRules;
    type Engine = BlackjackEngine;
    type Engines = EnginesSpec;
    type Report = BlackjackReport;

    fn game(&self) -> GameKind {
        GameKind::Blackjack
    }

    fn load_rules(
        &self,
        rules: &RulesText,
        overrides: &[Override],
    ) -> Result<BlackjackRules, RulesError> {
        load_layered_text(Some(rules), overrides)
    }

    fn default_rule_columns(&self) -> Vec<(String, Value)> {
        columns::column_types()
    }

    fn columns(&self) -> OutputColumns {
        record::COLUMNS
    }

    fn engines(&self, spec: EnginesSpec) -> Result<Vec<BlackjackEngine>, String> {
        let engines = spec.engines();
        if engines.is_empty() {
            Err("no engine: add [engines.exact] and/or [engines.sim]".into())
        } else {
            Ok(engines)
        }
    }

    fn report(&self) -> &BlackjackReport {
        &BlackjackReport
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::{Engine, read_engines};

    #[test]
    fn engines_come_from_the_engines_table() {
        let text = "[engines.exact]\nalgorithms = [\"cdp1\", \"cdp\"]\n";
        let engines = read_engines(&Blackjack, text).unwrap().unwrap();
        let names: Vec<&str> = engines.iter().map(|e| e.name()).collect();
        assert_eq!(names, ["exact"]);
        assert_eq!(
            engines[0].params()["algorithms"],
            serde_json::json!(["cdp1", "cdp"])
        );
        let both = "[engines.sim]\nrounds = 10\nstrategy = \"chart\"\n[engines.exact]\n";
        let engines = read_engines(&Blackjack, both).unwrap().unwrap();
        let names: Vec<&str> = engines.iter().map(|e| e.name()).collect();
        assert_eq!(names, ["exact", "sim"]);
        assert_eq!(engines[1].params()["rounds"], serde_json::json!(10));
        assert_eq!(engines[1].params()["strategy"], serde_json::json!("chart"));
        assert!(read_engines(&Blackjack, "[engines.sim]\nrounds = -1\n").is_err());
        assert!(read_engines(&Blackjack, "[engines.sim]\nstrategy = \"best\"\n").is_err());
        assert!(read_engines(&Blackjack, "").unwrap().is_err());
        assert!(read_engines(&Blackjack, "[engines.dp]\n").is_err());
        assert!(read_engines(&Blackjack, "[engines.exact]\nalgorithms = [\"cdq\"]\n").is_err());
    }
}
