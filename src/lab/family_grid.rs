//! A grid experiment's family part, typed: every variant's rules and the
//! engines of one family ([`FamilyGrid`]), and its [`Grid`] face.

use serde_json::Value;

use super::experiment::Grid;
use super::family::{Engine, Family, VariantRules};
use super::record::{ColumnSpec, OutputColumns, TaskOutput};
use crate::rules::GameKind;

/// The family part of a grid experiment of the family `F`.
pub struct FamilyGrid<F: Family> {
    /// The family.
    pub family: &'static F,
    /// Every variant's rules, in variant order.
    pub rules: Vec<F::Rules>,
    /// The engines, in run order.
    pub engines: Vec<F::Engine>,
}

impl<F: Family> Grid for FamilyGrid<F> {
    fn game(&self) -> GameKind {
        self.family.game()
    }

    fn columns(&self) -> OutputColumns {
        self.family.columns()
    }

    fn convergence_columns(&self) -> &'static [ColumnSpec] {
        self.family.convergence_columns()
    }

    fn default_rule_columns(&self) -> Vec<(String, Value)> {
        self.family.default_rule_columns()
    }

    fn rule_columns(&self, variant: usize) -> Vec<(String, Value)> {
        self.rules[variant].columns()
    }

    fn run(&self, variant: usize, engine: usize) -> Result<TaskOutput, String> {
        self.engines[engine].run(&self.rules[variant])
    }
}
