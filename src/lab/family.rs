//! The typed seam between the lab and a game family: its rules
//! ([`VariantRules`]), its engines ([`Engine`]), its `[engines]` table,
//! its output columns and its grid report, as associated types of
//! [`Family`]. The lab erases a family once, whole, behind
//! [`super::GridFamily`] (every `F: Family` is one), which is what the
//! [`super::Registry`] lists.

use serde::de::DeserializeOwned;
use serde_json::Value;

use super::record::{ColumnSpec, OutputColumns, TaskOutput};
use super::rendering::GridReport;
use super::shown_rules::ShownRules;
use crate::rules::{GameKind, Override, RulesError, RulesText};

/// One variant's resolved rules, as the lab records them.
pub trait VariantRules: Send + Sync {
    /// The content hash of the rules (part of every cache key).
    fn hash(&self) -> String;

    /// The rule columns of `runs.parquet`: every rule key (dotted) with its
    /// value, in schema order.
    fn columns(&self) -> Vec<(String, Value)>;

    /// The rules as `rules show` prints them.
    fn shown(&self) -> ShownRules;
}

/// An engine of a family whose rules are `R`.
pub trait Engine<R>: Send + Sync {
    /// The engine's name, as in `[engines.<name>]` and the `engine` column.
    fn name(&self) -> &'static str;

    /// The engine's parameters as JSON (part of the cache key and of the
    /// `params` columns).
    fn params(&self) -> Value;

    /// Solves one variant.
    ///
    /// # Errors
    /// Why the engine could not solve it, in words.
    fn run(&self, rules: &R) -> Result<TaskOutput, String>;
}

impl<R, E: Engine<R> + ?Sized> Engine<R> for Box<E> {
    fn name(&self) -> &'static str {
        (**self).name()
    }

    fn params(&self) -> Value {
        (**self).params()
    }

    fn run(&self, rules: &R) -> Result<TaskOutput, String> {
        (**self).run(rules)
    }
}

/// A game family as the grid runner uses it, typed.
pub trait Family: Send + Sync + 'static {
    /// One variant's resolved rules.
    type Rules: VariantRules;
    /// One engine, run on every variant.
    type Engine: Engine<Self::Rules>;
    /// The `[engines]` table of an experiment file (its default when the
    /// file has none).
    type Engines: DeserializeOwned + Default;
    /// The family's grid report.
    type Report: GridReport;

    /// The game of the rules files this family reads.
    fn game(&self) -> GameKind;

    /// Loads the rules `rules` (read once) with `overrides` applied as
    /// `--set` would.
    ///
    /// # Errors
    /// Every problem with the rules or the overrides, as rules errors.
    fn load_rules(
        &self,
        rules: &RulesText,
        overrides: &[Override],
    ) -> Result<Self::Rules, RulesError>;

    /// The rule columns of the default rules, which type the rule columns
    /// of `runs.parquet` (so that every output folder has one schema).
    fn default_rule_columns(&self) -> Vec<(String, Value)>;

    /// The figure and decision columns the family's engines fill.
    fn columns(&self) -> OutputColumns;

    /// The columns of `convergence.parquet` after the shared ones, filled
    /// from each point's [`super::ConvergencePoint::extra`] (none by
    /// default).
    fn convergence_columns(&self) -> &'static [ColumnSpec] {
        &[]
    }

    /// The engines the `[engines]` table `spec` asks for, in run order.
    ///
    /// # Errors
    /// An engine this build cannot run, parameters that cannot run, or no
    /// engine at all, in words.
    fn engines(&self, spec: Self::Engines) -> Result<Vec<Self::Engine>, String>;

    /// The family's grid report (headline, tables, charts, templates).
    fn report(&self) -> &Self::Report;
}

/// A rule set's JSON flattened into rule columns: every leaf of `value`
/// under its dotted key (`prefix.key.inner`; no prefix when `prefix` is
/// empty), in the JSON's key order. Families build
/// [`VariantRules::columns`] with it.
pub fn dotted_columns(prefix: &str, value: &Value) -> Vec<(String, Value)> {
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
    let mut out = Vec::new();
    walk(prefix, value, &mut out);
    out
}
