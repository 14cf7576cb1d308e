//! A checked grid experiment: what it names (file, question, rules, output,
//! axes, variants, engines) and its family's part, typed
//! ([`super::FamilyGrid`]) or, as the runner, the frames and the manifest
//! use it, behind the object-safe [`Grid`].

use std::path::PathBuf;

use serde_json::Value;

use super::grid::{Axis, Variant};
use super::record::{ColumnSpec, OutputColumns, TaskOutput};
use crate::rules::GameKind;

/// A grid's family part: its variants' rules and its engines, as the
/// runner, the frames and the manifest use them. Variants and engines are
/// numbered as in [`Experiment::variants`] and [`Experiment::engines`].
pub trait Grid: Send + Sync {
    /// The game of the rules.
    fn game(&self) -> GameKind;

    /// The figure and decision columns the engines fill.
    fn columns(&self) -> OutputColumns;

    /// The family's own columns of `convergence.parquet`.
    fn convergence_columns(&self) -> &'static [ColumnSpec];

    /// The rule columns of the default rules (which type the rule columns
    /// of `runs.parquet`).
    fn default_rule_columns(&self) -> Vec<(String, Value)>;

    /// The rule columns of variant `variant`.
    fn rule_columns(&self, variant: usize) -> Vec<(String, Value)>;

    /// Runs engine `engine` on variant `variant`.
    ///
    /// # Errors
    /// Why the engine could not solve it, in words.
    fn run(&self, variant: usize, engine: usize) -> Result<TaskOutput, String>;
}

/// One engine of an experiment, as it names itself.
#[derive(Debug, Clone, PartialEq)]
pub struct EngineInfo {
    /// The engine's name, as in `[engines.<name>]` and the `engine` column.
    pub name: &'static str,
    /// Its parameters (part of the cache key and of the `params` columns).
    pub params: Value,
}

/// A checked grid experiment: every variant's rules resolved, every engine
/// available. `G` is its family's part: [`super::FamilyGrid`] when loaded
/// for one family ([`super::load_grid`]), `dyn Grid` (the default) when
/// loaded for any ([`super::load_experiment`]).
pub struct Experiment<G: Grid + ?Sized = dyn Grid> {
    /// The experiment file.
    pub file: PathBuf,
    /// The blake3 hash (hex) of the file's bytes, as read.
    pub file_hash: String,
    /// Its short name.
    pub name: String,
    /// The question it answers.
    pub question: String,
    /// The file's `notes`, trimmed.
    pub notes: Option<String>,
    /// The base rules file (resolved against the experiment file).
    pub rules_file: PathBuf,
    /// The base rules file's `description`, as read.
    pub rules_description: Option<String>,
    /// The output folder.
    pub output: PathBuf,
    /// The axes, in file order.
    pub axes: Vec<Axis>,
    /// The variants: the product of the axes, the base variant first.
    pub variants: Vec<Variant>,
    /// The engines to run on every variant, in run order.
    pub engines: Vec<EngineInfo>,
    /// The family's part: the variants' rules and the engines.
    pub grid: Box<G>,
}

impl<G: Grid + 'static> Experiment<G> {
    /// The experiment with its family's part behind [`Grid`].
    pub fn erase(self) -> Experiment {
        Experiment {
            file: self.file,
            file_hash: self.file_hash,
            name: self.name,
            question: self.question,
            notes: self.notes,
            rules_file: self.rules_file,
            rules_description: self.rules_description,
            output: self.output,
            axes: self.axes,
            variants: self.variants,
            engines: self.engines,
            grid: self.grid,
        }
    }
}

impl<G: Grid + ?Sized> std::fmt::Debug for Experiment<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Experiment")
            .field("file", &self.file)
            .field("name", &self.name)
            .field("game", &self.grid.game())
            .field("variants", &self.variants.len())
            .field(
                "engines",
                &self.engines.iter().map(|e| e.name).collect::<Vec<_>>(),
            )
            .finish()
    }
}
