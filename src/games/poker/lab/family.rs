//! Poker as a lab [`Family`]: its spot files (`game = "poker"`), their
//! rule columns and hash ([`super::spot::CompiledSpot`]), the figure and decision
//! columns of its engine ([`super::record::COLUMNS`]), the engine `solve`
//! from `[engines.solve]` ([`super::engine`]) and its grid report
//! ([`super::report::PokerReport`]).

use std::path::Path;

use serde::Deserialize;
use serde_json::Value;

use super::engine::{AlgorithmRun, SolveEngine};
use super::record::{COLUMNS, CONVERGENCE};
use super::report::PokerReport;
use super::spot::CompiledSpot;
use super::spot_rules::PokerSpot;
use crate::lab::{ColumnSpec, Engine, Family, OutputColumns, ShownRules, TaskOutput, VariantRules};
use crate::rules::{GameKind, Override, RuleProblem, RulesError, RulesText, load_layered_text};

/// Heads-up poker spots: river spots and turn spots.
#[derive(Debug, Clone, Copy, Default)]
pub struct Poker;

/// One variant's spot: the file's keys and the compiled spot.
#[derive(Debug, Clone)]
pub struct SpotRules {
    /// The keys as loaded.
    pub keys: PokerSpot,
    /// The compiled spot.
    pub spot: CompiledSpot,
}

impl SpotRules {
    /// Loads and compiles the spot file `file` (the built-in spot when
    /// `None`) with `overrides`.
    ///
    /// # Errors
    /// Every problem with the file or the overrides, as rules errors.
    pub fn load(file: Option<&Path>, overrides: &[Override]) -> Result<SpotRules, RulesError> {
        let rules = file.map(RulesText::read).transpose()?;
        SpotRules::from_text(rules.as_ref(), overrides)
    }

    /// Loads and compiles the spot file read once as `rules` (the built-in
    /// spot when `None`) with `overrides`.
    ///
    /// # Errors
    /// Every problem with the file or the overrides, as rules errors.
    pub fn from_text(
        rules: Option<&RulesText>,
        overrides: &[Override],
    ) -> Result<SpotRules, RulesError> {
        let keys: PokerSpot = load_layered_text(rules, overrides)?;
        // Loading validated by compiling; this cannot fail.
        let spot = CompiledSpot::compile(&keys).map_err(|violations| RulesError {
            problems: violations
                .into_iter()
                .map(|v| RuleProblem::Key {
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

    fn shown(&self) -> ShownRules {
        ShownRules::of(self.hash(), &self.keys)
    }
}

impl Engine<SpotRules> for AlgorithmRun {
    fn name(&self) -> &'static str {
        self.name
    }

    fn params(&self) -> Value {
        AlgorithmRun::params(self)
    }

    fn run(&self, rules: &SpotRules) -> Result<TaskOutput, String> {
        AlgorithmRun::run(self, &rules.spot)
    }
}

/// `[engines]`: the poker engines.
#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnginesSpec {
    solve: Option<SolveEngine>,
}

impl Family for Poker {
    type Rules = SpotRules;
    type Engine = AlgorithmRun;
    type Engines = EnginesSpec;
    type Report = PokerReport;

    fn game(&self) -> GameKind {
        GameKind::Poker
    }

    fn load_rules(
        &self,
        rules: &RulesText,
        overrides: &[Override],
    ) -> Result<SpotRules, RulesError> {
        SpotRules::from_text(Some(rules), overrides)
    }

    fn default_rule_columns(&self) -> Vec<(String, Value)> {
        CompiledSpot::compile(&PokerSpot::default())
            .map(|spot| spot.columns())
            .unwrap_or_default()
    }

    fn columns(&self) -> OutputColumns {
        COLUMNS
    }

    fn convergence_columns(&self) -> &'static [ColumnSpec] {
        CONVERGENCE
    }

    fn engines(&self, spec: EnginesSpec) -> Result<Vec<AlgorithmRun>, String> {
        match spec.solve {
            None => Err("no engine: add [engines.solve]".into()),
            Some(engine) => engine.check().map(|()| engine.runs()),
        }
    }

    fn report(&self) -> &PokerReport {
        &PokerReport
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::read_engines;

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
        let engines = read_engines(&Poker, "[engines.solve]\ntarget_pct_pot = 0.01\n")
            .unwrap()
            .unwrap();
        assert_eq!(engines[0].name(), "solve");
        assert_eq!(engines[0].params()["algorithm"], "dcfr");
        assert!(read_engines(&Poker, "").unwrap().is_err());
        assert!(read_engines(&Poker, "[engines.dp]\n").is_err());
        let bad = read_engines(&Poker, "[engines.solve]\ntarget_pct_pot = -1.0\n");
        assert!(matches!(bad, Ok(Err(message)) if message.contains("target_pct_pot")));
    }
}
