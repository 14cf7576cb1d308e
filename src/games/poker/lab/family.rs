//! Poker as a lab [`Family`]: its spot files (`game = "poker"`), their
//! rule columns and hash ([`super::spot::Spot`]), the figure and decision
//! columns of its engine ([`super::record::COLUMNS`]), the engine `solve`
//! from `[engines.solve]` ([`super::engine`]) and its grid report
//! ([`super::report::PokerReport`]).

use std::any::Any;
use std::path::Path;

use figment::Figment;
use figment::providers::{Format, Toml};
use serde::Deserialize;
use serde_json::Value;

use super::engine::{AlgorithmRun, SolveEngine};
use super::record::{COLUMNS, CONVERGENCE};
use super::report::PokerReport;
use super::spot::Spot;
use super::spot_rules::{PokerSpot, load_poker_spot};
use crate::lab::{
    ColumnSpec, Engine, EngineChoice, Family, GridReport, OutputColumns, TaskOutput, VariantRules,
};
use crate::rules::{GameKind, Override, RulesError};

/// Heads-up poker spots: river spots and turn spots.
#[derive(Debug, Clone, Copy, Default)]
pub struct Poker;

/// One variant's spot: the file's keys and the compiled spot.
#[derive(Debug, Clone)]
pub struct SpotRules {
    /// The keys as loaded.
    pub keys: PokerSpot,
    /// The compiled spot.
    pub spot: Spot,
}

impl SpotRules {
    /// Loads and compiles the spot file `file` with `overrides`.
    ///
    /// # Errors
    /// Every problem with the file or the overrides, as rules errors.
    pub fn load(file: Option<&Path>, overrides: &[Override]) -> Result<SpotRules, RulesError> {
        let keys = load_poker_spot(file, overrides)?;
        // `load_poker_spot` validated by compiling; this cannot fail.
        let spot = Spot::compile(&keys).map_err(|violations| RulesError {
            problems: violations
                .into_iter()
                .map(|v| crate::rules::RuleProblem::Key {
                    origin: "the spot".into(),
                    line: None,
                    key: v.key,
                    found: v.found,
                    allowed: v.allowed,
                })
                .collect(),
        })?;
        Ok(SpotRules { keys, spot })
    }
}

impl VariantRules for SpotRules {
    fn hash(&self) -> String {
        self.spot.hash()
    }

    fn columns(&self) -> Vec<(String, Value)> {
        self.spot.columns()
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl Engine for AlgorithmRun {
    fn name(&self) -> &'static str {
        self.name
    }

    fn params(&self) -> Value {
        AlgorithmRun::params(self)
    }

    fn run(&self, rules: &dyn VariantRules) -> Result<TaskOutput, String> {
        let rules = rules
            .as_any()
            .downcast_ref::<SpotRules>()
            .ok_or("not a poker spot")?;
        AlgorithmRun::run(self, &rules.spot)
    }
}

/// `[engines]` of an experiment file (other keys ignored).
#[derive(Deserialize)]
struct EnginesOnly {
    engines: Option<EnginesSpec>,
}

/// `[engines]`: the poker engines.
#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct EnginesSpec {
    solve: Option<SolveEngine>,
}

impl Family for Poker {
    fn game(&self) -> GameKind {
        GameKind::Poker
    }

    fn load_rules(
        &self,
        file: &Path,
        overrides: &[Override],
    ) -> Result<Box<dyn VariantRules>, RulesError> {
        Ok(Box::new(SpotRules::load(Some(file), overrides)?))
    }

    fn default_rule_columns(&self) -> Vec<(String, Value)> {
        Spot::compile(&PokerSpot::default())
            .map(|spot| spot.columns())
            .unwrap_or_default()
    }

    fn columns(&self) -> OutputColumns {
        COLUMNS
    }

    fn convergence_columns(&self) -> &'static [ColumnSpec] {
        CONVERGENCE
    }

    fn engines(&self, text: &str) -> Result<EngineChoice, Box<figment::Error>> {
        let spec: EnginesOnly = Figment::from(Toml::string(text))
            .extract()
            .map_err(Box::new)?;
        Ok(match spec.engines.unwrap_or_default().solve {
            None => Err("no engine: add [engines.solve]".into()),
            Some(engine) => engine.check().map(|()| {
                engine
                    .runs()
                    .into_iter()
                    .map(|run| Box::new(run) as Box<dyn Engine>)
                    .collect()
            }),
        })
    }

    fn report(&self) -> &'static dyn GridReport {
        &PokerReport
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_spot_compiles_and_its_columns_are_typed() {
        let columns = Poker.default_rule_columns();
        let names: Vec<&str> = columns.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(names[..3], ["spot.position", "spot.stack", "spot.pot"]);
        assert_eq!(columns[1].1, serde_json::json!(150.0));
        assert!(names.contains(&"sizes.ip_raise"));
    }

    #[test]
    fn engines_come_from_the_engines_table() {
        let engines = Poker
            .engines("[engines.solve]\ntarget_pct_pot = 0.01\n")
            .unwrap()
            .unwrap();
        assert_eq!(engines[0].name(), "solve");
        assert_eq!(engines[0].params()["algorithm"], "dcfr");
        assert!(Poker.engines("").unwrap().is_err());
        assert!(Poker.engines("[engines.dp]\n").is_err());
        let bad = Poker.engines("[engines.solve]\ntarget_pct_pot = -1.0\n");
        assert!(matches!(bad, Ok(Err(message)) if message.contains("target_pct_pot")));
    }
}
