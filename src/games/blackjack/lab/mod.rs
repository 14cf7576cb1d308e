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

use std::any::Any;
use std::path::Path;

use figment::Figment;
use figment::providers::{Format, Toml};
use serde::Deserialize;
use serde_json::Value;

use self::engines::EnginesSpec;
use self::report::BlackjackReport;
use super::rules::{BlackjackRules, blackjack_rules_hash, load_blackjack_rules};
use crate::lab::{EngineChoice, Family, GridReport, OutputColumns, VariantRules};
use crate::rules::{GameKind, Override, RulesError};

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

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// The `[engines]` table of an experiment file (other keys ignored).
#[derive(Deserialize)]
struct EnginesOnly {
    engines: Option<EnginesSpec>,
}

impl Family for Blackjack {
    fn game(&self) -> GameKind {
        GameKind::Blackjack
    }

    fn load_rules(
        &self,
        file: &Path,
        overrides: &[Override],
    ) -> Result<Box<dyn VariantRules>, RulesError> {
        Ok(Box::new(load_blackjack_rules(Some(file), overrides)?))
    }

    fn default_rule_columns(&self) -> Vec<(String, Value)> {
        columns::column_types()
    }

    fn columns(&self) -> OutputColumns {
        record::COLUMNS
    }

    fn engines(&self, text: &str) -> Result<EngineChoice, Box<figment::Error>> {
        let spec: EnginesOnly = Figment::from(Toml::string(text))
            .extract()
            .map_err(Box::new)?;
        let engines = spec.engines.unwrap_or_default().engines();
        Ok(if engines.is_empty() {
            Err("no engine: add [engines.exact] and/or [engines.sim]".into())
        } else {
            Ok(engines)
        })
    }

    fn report(&self) -> &'static dyn GridReport {
        &BlackjackReport
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engines_come_from_the_engines_table() {
        let text = "[engines.exact]\nalgorithms = [\"cdp1\", \"cdp\"]\n";
        let engines = Blackjack.engines(text).unwrap().unwrap();
        let names: Vec<&str> = engines.iter().map(|e| e.name()).collect();
        assert_eq!(names, ["exact"]);
        assert_eq!(
            engines[0].params()["algorithms"],
            serde_json::json!(["cdp1", "cdp"])
        );
        let both = "[engines.sim]\nrounds = 10\nstrategy = \"chart\"\n[engines.exact]\n";
        let engines = Blackjack.engines(both).unwrap().unwrap();
        let names: Vec<&str> = engines.iter().map(|e| e.name()).collect();
        assert_eq!(names, ["exact", "sim"]);
        assert_eq!(engines[1].params()["rounds"], serde_json::json!(10));
        assert_eq!(engines[1].params()["strategy"], serde_json::json!("chart"));
        assert!(Blackjack.engines("[engines.sim]\nrounds = -1\n").is_err());
        assert!(
            Blackjack
                .engines("[engines.sim]\nstrategy = \"best\"\n")
                .is_err()
        );
        assert!(Blackjack.engines("").unwrap().is_err());
        assert!(Blackjack.engines("[engines.dp]\n").is_err());
        assert!(
            Blackjack
                .engines("[engines.exact]\nalgorithms = [\"cdq\"]\n")
                .is_err()
        );
    }
}
