//! The seam between the lab and the games: a game [`Family`] loads its
//! rules for a grid variant, names its rule and output columns, builds its
//! engines from `[engines]` and renders its grid reports ([`GridReport`]);
//! the [`Registry`] lists the families (one line each, in
//! `crate::studies::registry`). The runner, cache, frames and report
//! dispatch see only [`VariantRules`], [`Engine`], [`GridReport`] and
//! [`super::TaskOutput`].

use std::any::Any;
use std::fmt::Debug;
use std::path::Path;

use serde_json::Value;

use super::record::{ColumnSpec, OutputColumns, TaskOutput};
use crate::rules::{GameKind, Override, RulesError};

/// One variant's resolved rules, as the lab sees them.
pub trait VariantRules: Send + Sync + Debug {
    /// The content hash of the rules (part of every cache key).
    fn hash(&self) -> String;

    /// The rule columns of `runs.parquet`: every rule key (dotted) with its
    /// value, in schema order.
    fn columns(&self) -> Vec<(String, Value)>;

    /// The rules as their family's own type (for its engines).
    fn as_any(&self) -> &dyn Any;
}

/// An engine as the runner drives it.
pub trait Engine: Send + Sync {
    /// The engine's name, as in `[engines.<name>]` and the `engine` column.
    fn name(&self) -> &'static str;

    /// The engine's parameters as JSON (part of the cache key and of the
    /// `params` column).
    fn params(&self) -> Value;

    /// Solves one variant.
    ///
    /// # Errors
    /// Why the engine could not solve it, in words.
    fn run(&self, rules: &dyn VariantRules) -> Result<TaskOutput, String>;
}

/// The engines an experiment asks for, or why it cannot have them.
pub type EngineChoice = Result<Vec<Box<dyn Engine>>, String>;

/// A rendered output folder: the headline (one sentence per finding, as
/// `run` prints it) and the two reports' text.
#[derive(Debug, Clone, PartialEq)]
pub struct Rendering {
    /// The answer, one sentence per finding.
    pub headline: Vec<String>,
    /// `report.md`.
    pub markdown: String,
    /// `report.html`.
    pub html: String,
}

/// A family's grid report: its model, headline wording, tables, charts and
/// Tera templates. The lab's report dispatch
/// (`crate::report::render_folder`) calls it with a grid output folder and
/// writes what it returns; it reads the folder with `crate::report`'s
/// readers (`Manifest::read`, `read_frames`, `report::columns`) and renders
/// with `crate::report::render_templates`.
pub trait GridReport: Send + Sync {
    /// Renders the grid output folder `folder` from its Parquet tables and
    /// `manifest` (given, so that a run renders before it writes its one
    /// complete `manifest.json`). `<name>.tera` files in `templates`, where
    /// given, replace the family's embedded templates of the same name.
    ///
    /// # Errors
    /// Why the folder could not be read or rendered, in words.
    fn render(
        &self,
        folder: &Path,
        manifest: &crate::report::Manifest,
        templates: Option<&Path>,
    ) -> Result<Rendering, String>;
}

/// A game family as the grid runner uses it.
pub trait Family: Send + Sync {
    /// The game of the rules files this family reads.
    fn game(&self) -> GameKind;

    /// Loads the rules file `file` with `overrides` applied as `--set`
    /// would.
    ///
    /// # Errors
    /// Every problem with the file or the overrides, as rules errors.
    fn load_rules(
        &self,
        file: &Path,
        overrides: &[Override],
    ) -> Result<Box<dyn VariantRules>, RulesError>;

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

    /// Reads `[engines]` from the experiment file's text. The outer error
    /// is a key the family does not know or a value of the wrong type; the
    /// inner one an engine this build cannot run or none at all.
    ///
    /// # Errors
    /// As above.
    fn engines(&self, text: &str) -> Result<EngineChoice, Box<figment::Error>>;

    /// The family's grid report (headline, tables, charts, templates).
    fn report(&self) -> &'static dyn GridReport;
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
