//! Banluck as a lab [`Family`]: its rules files (files without a `game`
//! key) as [`RuleSet`]s, its rule columns, the figure and decision columns
//! of its engines ([`super::record::COLUMNS`]), its grid engines dp, cfr
//! and sim from `[engines]` ([`EnginesSpec`]), its grid report
//! ([`BanluckReport`]), and the base rules of its studies' files.

use serde_json::Value;

use super::engines::EnginesSpec;
use super::record::COLUMNS;
use super::report::BanluckReport;
use crate::games::banluck::rules::{CompiledRules, RuleSet, rules_hash};
use crate::lab::{
    Engine, ExperimentProblem, Family, OutputColumns, ShownRules, StudyFile, VariantRules,
    dotted_columns,
};
use crate::rules::{GameKind, Override, RulesError, RulesText, load_layered_text};

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

    fn shown(&self) -> ShownRules {
        let table = CompiledRules::compile(self.clone());
        let compositions = table.compositions().len();
        let mut shown = ShownRules::of(table.hash().to_string(), self);
        shown.facts.push((
            "compositions",
            compositions.into(),
            format!("{compositions} hand compositions of 0 to 5 cards"),
        ));
        shown
    }
}

impl Family for Banluck {
    type Rules = RuleSet;
    type Engine = Box<dyn Engine<RuleSet>>;
    type Engines = EnginesSpec;
    type Report = BanluckReport;

    fn game(&self) -> GameKind {
        GameKind::Banluck
    }

    fn load_rules(&self, rules: &RulesText, overrides: &[Override]) -> Result<RuleSet, RulesError> {
        load_layered_text(Some(rules), overrides)
    }

    fn default_rule_columns(&self) -> Vec<(String, Value)> {
        rule_columns(&RuleSet::default())
    }

    fn columns(&self) -> OutputColumns {
        COLUMNS
    }

    fn engines(&self, spec: EnginesSpec) -> Result<Vec<Box<dyn Engine<RuleSet>>>, String> {
        match spec.engines()? {
            engines if engines.is_empty() => {
                Err("no engine: add [engines.dp], [engines.cfr] or [engines.sim]".into())
            }
            engines => Ok(engines),
        }
    }

    fn report(&self) -> &BanluckReport {
        &BanluckReport
    }
}

/// The base rules of an experiment file of a Banluck study (rotation,
/// table, counting, compare), loaded from the text the lab read once, or
/// the problem naming `rules`.
///
/// # Errors
/// Rules of another game, or rules that do not load.
pub fn experiment_rules(file: &StudyFile<'_>) -> Result<RuleSet, ExperimentProblem> {
    let found = format!("\"{}\"", file.rules.display());
    let does_not_load = |error: RulesError| {
        file.problem(
            "rules",
            found.clone(),
            format!("the base rules do not load: {error}"),
        )
    };
    let rules = file
        .base_rules
        .as_ref()
        .map_err(|e| does_not_load(e.clone()))?;
    match rules.game() {
        Ok(GameKind::Banluck) => {}
        Ok(GameKind::Blackjack | GameKind::Baccarat | GameKind::Poker) => {
            return Err(file.problem(
                "rules",
                found,
                "must be Banluck rules (a file without a `game` key)",
            ));
        }
        Err(error) => return Err(does_not_load(error)),
    }
    load_layered_text(Some(rules), &[]).map_err(does_not_load)
}

/// [`experiment_rules`] for a loader that gathers every problem: the base
/// rules, or `None` with their problem pushed onto `problems`.
pub fn experiment_rules_or_problem(
    file: &StudyFile<'_>,
    problems: &mut Vec<ExperimentProblem>,
) -> Option<RuleSet> {
    match experiment_rules(file) {
        Ok(rules) => Some(rules),
        Err(problem) => {
            problems.push(problem);
            None
        }
    }
}
