//! Banluck as a lab [`Family`]: its rules files (files without a `game`
//! key), its rule columns, the figure and decision columns of its engines
//! ([`super::record::COLUMNS`]) and its grid engines dp, cfr and sim from
//! `[engines]`, and its grid report ([`BanluckReport`]).

use std::any::Any;
use std::path::{Path, PathBuf};

use figment::Figment;
use figment::providers::{Format, Toml};
use serde::Deserialize;
use serde_json::Value;

use super::engines::{Engine as TableEngine, EnginesSpec};
use super::record::COLUMNS;
use super::report::BanluckReport;
use super::rules::{CompiledRules, RuleSet, load_rules, rules_hash};
use crate::lab::{
    Engine, EngineChoice, ExperimentProblem, Family, GridReport, OutputColumns, StudyFile,
    TaskOutput, VariantRules, dotted_columns,
};
use crate::rules::{GameKind, Override, RulesError, game_kind};

/// Heads-up Banluck.
#[derive(Debug, Clone, Copy, Default)]
pub struct Banluck;

/// The rule keys of a rule set as dotted names with their JSON values, in
/// schema order (`extends` and `description` left out: they do not change
/// the game).
pub fn rule_columns(rules: &RuleSet) -> Vec<(String, Value)> {
    let mut game = rules.clone();
    game.extends = None;
    game.description.clear();
    dotted_columns("", &serde_json::to_value(&game).unwrap_or(Value::Null))
}

impl VariantRules for RuleSet {
    fn hash(&self) -> String {
        rules_hash(self)
    }

    fn columns(&self) -> Vec<(String, Value)> {
        rule_columns(self)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// A Banluck engine as the lab drives it: the variant's rules compiled
/// into a [`CompiledRules`], then solved.
struct Grid(Box<dyn TableEngine>);

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
            .downcast_ref::<RuleSet>()
            .ok_or("not Banluck rules")?;
        self.0.run(&CompiledRules::compile(rules.clone()))
    }
}

/// The `[engines]` table of an experiment file (other keys ignored).
#[derive(Deserialize)]
struct EnginesOnly {
    engines: Option<EnginesSpec>,
}

impl Family for Banluck {
    fn game(&self) -> GameKind {
        GameKind::Banluck
    }

    fn load_rules(
        &self,
        file: &Path,
        overrides: &[Override],
    ) -> Result<Box<dyn VariantRules>, RulesError> {
        Ok(Box::new(load_rules(Some(file), overrides)?))
    }

    fn default_rule_columns(&self) -> Vec<(String, Value)> {
        rule_columns(&RuleSet::default())
    }

    fn columns(&self) -> OutputColumns {
        COLUMNS
    }

    fn engines(&self, text: &str) -> Result<EngineChoice, Box<figment::Error>> {
        let spec: EnginesOnly = Figment::from(Toml::string(text))
            .extract()
            .map_err(Box::new)?;
        let spec = spec.engines.unwrap_or_default();
        Ok(match spec.engines() {
            Ok(engines) if engines.is_empty() => {
                Err("no engine: add [engines.dp], [engines.cfr] or [engines.sim]".into())
            }
            Ok(engines) => Ok(engines
                .into_iter()
                .map(|engine| Box::new(Grid(engine)) as Box<dyn Engine>)
                .collect()),
            Err(message) => Err(message),
        })
    }

    fn report(&self) -> &'static dyn GridReport {
        &BanluckReport
    }
}

/// The base rules of an experiment file of a Banluck study (rotation,
/// compare): resolved against the file, or the problem naming `rules`.
///
/// # Errors
/// Rules of another game, or rules that do not load.
pub fn experiment_rules(file: &StudyFile<'_>) -> Result<(PathBuf, RuleSet), ExperimentProblem> {
    let rules_file = file.rules_file();
    let found = format!("\"{}\"", file.rules.display());
    match game_kind(&rules_file) {
        Ok(GameKind::Banluck) => {}
        Ok(GameKind::Blackjack | GameKind::Baccarat | GameKind::Poker) => {
            return Err(file.problem(
                "rules",
                found,
                "must be Banluck rules (a file without a `game` key)",
            ));
        }
        Err(error) => {
            return Err(file.problem(
                "rules",
                found,
                format!("the base rules do not load: {error}"),
            ));
        }
    }
    load_rules(Some(&rules_file), &[])
        .map(|rules| (rules_file, rules))
        .map_err(|error| {
            file.problem(
                "rules",
                found,
                format!("the base rules do not load: {error}"),
            )
        })
}

/// [`experiment_rules`] for a loader that gathers every problem: the base
/// rules, or `None` with their problem pushed onto `problems`.
pub fn experiment_rules_or_problem(
    file: &StudyFile<'_>,
    problems: &mut Vec<ExperimentProblem>,
) -> Option<(PathBuf, RuleSet)> {
    match experiment_rules(file) {
        Ok(found) => Some(found),
        Err(problem) => {
            problems.push(problem);
            None
        }
    }
}
