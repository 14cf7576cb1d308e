//! Banluck as a lab [`Family`]: its rules files (files without a `game`
//! key), its rule columns, the figure and decision columns of its engines
//! ([`super::record::COLUMNS`]) and its grid engines dp, cfr and sim from
//! `[engines]`, and its grid report ([`BanluckReport`]).

use std::any::Any;
use std::path::Path;

use figment::Figment;
use figment::providers::{Format, Toml};
use serde::Deserialize;
use serde_json::Value;

use super::engines::{Engine as TableEngine, EnginesSpec};
use super::record::COLUMNS;
use super::report::BanluckReport;
use super::rules::{RuleSet, RuleTable, load_rules, rules_hash};
use crate::lab::{
    Engine, EngineChoice, Family, GridReport, OutputColumns, TaskOutput, VariantRules,
};
use crate::rules::{GameKind, Override, RulesError};

/// Heads-up Banluck.
#[derive(Debug, Clone, Copy, Default)]
pub struct Banluck;

/// The rule keys of a rule set as dotted names with their JSON values, in
/// schema order (`extends` and `description` left out: they do not change
/// the game).
pub fn rule_columns(rules: &RuleSet) -> Vec<(String, Value)> {
    fn walk(prefix: &str, value: &Value, out: &mut Vec<(String, Value)>) {
        match value {
            Value::Object(map) => {
                for (key, inner) in map {
                    let dotted = if prefix.is_empty() {
                        key.clone()
                    } else {
                        format!("{prefix}.{key}")
                    };
                    walk(&dotted, inner, out);
                }
            }
            other => out.push((prefix.to_string(), other.clone())),
        }
    }
    let mut game = rules.clone();
    game.extends = None;
    game.description.clear();
    let mut out = Vec::new();
    walk(
        "",
        &serde_json::to_value(&game).unwrap_or(Value::Null),
        &mut out,
    );
    out
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
/// into a [`RuleTable`], then solved.
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
        self.0.run(&RuleTable::compile(rules.clone()))
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
