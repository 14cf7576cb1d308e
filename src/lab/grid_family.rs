//! A game family with its types erased, once, whole: what the
//! [`super::Registry`] lists, the experiment loader hands a grid file to
//! and the report dispatch renders a grid folder with. Every
//! [`Family`] is a [`GridFamily`].

use std::path::Path;

use super::error::ExperimentError;
use super::experiment::Experiment;
use super::family::{Family, VariantRules};
use super::grid_load::{GridSource, load_family_grid};
use super::manifest::Manifest;
use super::rendering::{GridReport, Rendering};
use super::section::read_engines;
use super::shown_rules::ShownRules;
use crate::rules::{GameKind, Override, RulesError, RulesText};

/// A game family as the registry lists it.
pub trait GridFamily: Send + Sync {
    /// The game of the rules files this family reads.
    fn game(&self) -> GameKind;

    /// Reads `[engines]` from an experiment file's text for its keys and
    /// types only (so that its mistakes are reported in file order with
    /// the shared keys').
    ///
    /// # Errors
    /// A key the family does not know or a value of the wrong type.
    fn check_engines(&self, text: &str) -> Result<(), Box<figment::Error>>;

    /// Loads the grid experiment `source` of this family.
    ///
    /// # Errors
    /// Every problem found, each naming the file and the key.
    fn load_grid(&'static self, source: GridSource<'_>) -> Result<Experiment, ExperimentError>;

    /// The content hash of the rules `rules` (read once) with `overrides`,
    /// as every cache key and `rules check` give it.
    ///
    /// # Errors
    /// Every problem with the rules or the overrides.
    fn rules_hash(&self, rules: &RulesText, overrides: &[Override]) -> Result<String, RulesError>;

    /// The rules `rules` (read once) with `overrides`, resolved as `rules
    /// show` prints them.
    ///
    /// # Errors
    /// Every problem with the rules or the overrides.
    fn shown_rules(
        &self,
        rules: &RulesText,
        overrides: &[Override],
    ) -> Result<ShownRules, RulesError>;

    /// Renders the grid output folder `folder`, described by `manifest`,
    /// with the family's grid report (see [`GridReport::render`]).
    ///
    /// # Errors
    /// Why the folder could not be read or rendered, in words.
    fn render(
        &self,
        folder: &Path,
        manifest: &Manifest,
        templates: Option<&Path>,
    ) -> Result<Rendering, String>;
}

impl<F: Family> GridFamily for F {
    fn game(&self) -> GameKind {
        Family::game(self)
    }

    fn check_engines(&self, text: &str) -> Result<(), Box<figment::Error>> {
        read_engines(self, text).map(|_| ())
    }

    fn load_grid(&'static self, source: GridSource<'_>) -> Result<Experiment, ExperimentError> {
        load_family_grid(self, source).map(Experiment::erase)
    }

    fn rules_hash(&self, rules: &RulesText, overrides: &[Override]) -> Result<String, RulesError> {
        self.load_rules(rules, overrides).map(|rules| rules.hash())
    }

    fn shown_rules(
        &self,
        rules: &RulesText,
        overrides: &[Override],
    ) -> Result<ShownRules, RulesError> {
        self.load_rules(rules, overrides).map(|rules| rules.shown())
    }

    fn render(
        &self,
        folder: &Path,
        manifest: &Manifest,
        templates: Option<&Path>,
    ) -> Result<Rendering, String> {
        self.report().render(folder, manifest, templates)
    }
}
