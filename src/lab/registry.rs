//! The one list the lab is handed (built in `crate::studies::registry`):
//! the game families that run grids and the studies that run the other
//! kinds of experiment; and the one place that picks a rules file's family
//! from the `game` key of its text.

use std::fmt::Debug;

use super::grid_family::GridFamily;
use super::kinds::Study;
use crate::rules::{GameKind, RuleProblem, RulesError, RulesText};

/// The registered families and studies.
#[derive(Clone, Copy)]
pub struct Registry {
    /// The families, one per game; the first also reads the `[engines]` of
    /// an experiment whose rules' game is unknown (so that its mistakes
    /// are named in file order).
    pub families: &'static [&'static dyn GridFamily],
    /// The experiment kinds beside the grid, in the order error messages
    /// list them.
    pub studies: &'static [&'static dyn Study],
}

impl Registry {
    /// The family of the rules `rules` (read once), by the `game` key of
    /// their text.
    ///
    /// # Errors
    /// A `game` value no game has, or a game no registered family reads,
    /// naming the file and the key.
    pub fn family(&self, rules: &RulesText) -> Result<&'static dyn GridFamily, RulesError> {
        let game = rules.game()?;
        self.family_of_game(game).ok_or_else(|| {
            RulesError::single(RuleProblem::Key {
                origin: rules.path().display().to_string(),
                line: None,
                key: "game".into(),
                found: game.word().map_or_else(String::new, |w| format!("\"{w}\"")),
                allowed: "no game family of this build reads these rules".into(),
            })
        })
    }

    /// The family of the game `game`, if registered.
    pub fn family_of_game(&self, game: GameKind) -> Option<&'static dyn GridFamily> {
        self.families.iter().find(|f| f.game() == game).copied()
    }

    /// The study of the kind `kind`, if registered.
    pub fn study(&self, kind: &str) -> Option<&'static dyn Study> {
        self.studies.iter().find(|s| s.kind() == kind).copied()
    }

    /// The registered study kinds, in order.
    pub fn kinds(&self) -> Vec<&'static str> {
        self.studies.iter().map(|s| s.kind()).collect()
    }
}

impl Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Registry")
            .field(
                "families",
                &self.families.iter().map(|f| f.game()).collect::<Vec<_>>(),
            )
            .field("studies", &self.kinds())
            .finish()
    }
}
