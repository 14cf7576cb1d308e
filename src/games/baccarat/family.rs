//! EZ Baccarat as a lab [`Family`]: its rules files (`game = "baccarat"`),
//! its rule columns, the figure and decision columns of its engines
//! ([`super::record::COLUMNS`]), its grid engines exact, sim and count from
//! `[engines]` ([`super::engines`]) and its grid report
//! ([`BaccaratReport`]).

use std::any::Any;
use std::path::Path;

use figment::Figment;
use figment::providers::{Format, Toml};
use serde::Deserialize;
use serde_json::Value;

use super::engines::{Engine as RulesEngine, EnginesSpec};
use super::record::COLUMNS;
use super::report::BaccaratReport;
use super::rules::{BaccaratRules, baccarat_rules_hash, load_baccarat_rules};
use crate::lab::{
    Engine, EngineChoice, Family, GridReport, OutputColumns, TaskOutput, VariantRules,
    dotted_columns,
};
use crate::rules::{GameKind, Override, RulesError};

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

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// A baccarat engine as the lab drives it.
struct Grid(Box<dyn RulesEngine>);

impl Engine for Grid {
    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn params(&self) -> Value {
        self.0.params()
    }

    fn run(&self, rules: &dyn VariantRules) -> Result<TaskOutput, String> {
        let rules = rules
            .as_any()
            .downcast_ref::<BaccaratRules>()
            .ok_or("not baccarat rules")?;
        self.0.run(rules)
    }
}

/// The `[engines]` table of an experiment file (other keys ignored).
#[derive(Deserialize)]
struct EnginesOnly {
    engines: Option<EnginesSpec>,
}

impl Family for Baccarat {
    fn game(&self) -> GameKind {
        GameKind::Baccarat
    }

    fn load_rules(
        &self,
        file: &Path,
        overrides: &[Override],
    ) -> Result<Box<dyn VariantRules>, RulesError> {
        Ok(Box::new(load_baccarat_rules(Some(file), overrides)?))
    }

    fn default_rule_columns(&self) -> Vec<(String, Value)> {
        rule_columns(&BaccaratRules::default())
    }

    fn columns(&self) -> OutputColumns {
        COLUMNS
    }

    fn engines(&self, text: &str) -> Result<EngineChoice, Box<figment::Error>> {
        let spec: EnginesOnly = Figment::from(Toml::string(text))
            .extract()
            .map_err(Box::new)?;
        let engines = spec.engines.unwrap_or_default().engines();
        Ok(if engines.is_empty() {
            Err("no engine: add [engines.exact], [engines.sim] or [engines.count]".into())
        } else {
            Ok(engines
                .into_iter()
                .map(|engine| Box::new(Grid(engine)) as Box<dyn Engine>)
                .collect())
        })
    }

    fn report(&self) -> &'static dyn GridReport {
        &BaccaratReport
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let engines = Baccarat.engines(text).unwrap().unwrap();
        let names: Vec<&str> = engines.iter().map(|e| e.name()).collect();
        assert_eq!(names, ["exact", "count"]);
        assert!(Baccarat.engines("").unwrap().is_err());
        assert!(Baccarat.engines("[engines.dp]\n").is_err());
    }
}
