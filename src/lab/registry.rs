//! The one list the lab is handed (built in `crate::studies::registry`):
//! the game families that run grids and the studies that run the other
//! kinds of experiment.

use std::fmt::Debug;
use std::path::Path;

use super::kinds::Study;
use super::study::Family;
use crate::rules::{GameKind, game_kind};

/// The registered families and studies.
#[derive(Clone, Copy)]
pub struct Registry {
    /// The families; the first reads the files of an unregistered game
    /// (its rules loader then names the problem).
    pub families: &'static [&'static dyn Family],
    /// The experiment kinds beside the grid, in the order error messages
    /// list them.
    pub studies: &'static [&'static dyn Study],
}

impl Registry {
    /// The family of the rules file `file` (by its `game` key).
    pub fn family_for(&self, file: &Path) -> Option<&'static dyn Family> {
        let game = game_kind(file).ok();
        self.families
            .iter()
            .find(|f| Some(f.game()) == game)
            .or(self.families.first())
            .copied()
    }

    /// The family of the game `game`, if registered.
    pub fn family_of_game(&self, game: GameKind) -> Option<&'static dyn Family> {
        self.families.iter().find(|f| f.game() == game).copied()
    }

    /// The study of the kind `kind`, if registered.
    pub fn study(&self, kind: &str) -> Option<&'static dyn Study> {
        self.studies.iter().find(|s| s.kind() == kind).copied()
    }
}

impl Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Registry")
            .field(
                "families",
                &self.families.iter().map(|f| f.game()).collect::<Vec<_>>(),
            )
            .field(
                "studies",
                &self.studies.iter().map(|s| s.kind()).collect::<Vec<_>>(),
            )
            .finish()
    }
}
