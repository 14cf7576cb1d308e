//! Which game a rules file describes: the top-level `game` key of the file
//! or its `extends` chain (absent for Banluck), so that the lab's registry
//! and the commands route each file to its schema and engine.

use std::path::Path;

use super::error::RulesError;
use super::origin::Origin;
use super::text::RulesText;

/// The `game` value of blackjack rules files.
pub const BLACKJACK: &str = "blackjack";

/// The `game` value of baccarat rules files.
pub const BACCARAT: &str = "baccarat";

/// The `game` value of poker spot files.
pub const POKER: &str = "poker";

/// The games whose rules files the lab reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameKind {
    /// Banluck: files without a `game` key.
    Banluck,
    /// Blackjack: `game = "blackjack"`.
    Blackjack,
    /// EZ Baccarat: `game = "baccarat"`.
    Baccarat,
    /// A heads-up poker spot: `game = "poker"`.
    Poker,
}

impl GameKind {
    /// The file's `game` value for this game (`None` for Banluck, whose
    /// files leave the key out).
    pub fn word(self) -> Option<&'static str> {
        match self {
            GameKind::Banluck => None,
            GameKind::Blackjack => Some(BLACKJACK),
            GameKind::Baccarat => Some(BACCARAT),
            GameKind::Poker => Some(POKER),
        }
    }

    /// The game of a `game` value (`None` for a value no game has).
    pub fn from_word(word: Option<&str>) -> Option<GameKind> {
        match word {
            None => Some(GameKind::Banluck),
            Some(BLACKJACK) => Some(GameKind::Blackjack),
            Some(BACCARAT) => Some(GameKind::Baccarat),
            Some(POKER) => Some(GameKind::Poker),
            Some(_) => None,
        }
    }
}

/// The game of the rules file `path` (read once, with its `extends`
/// chain); an unknown `game` value is an error naming the file, its line
/// and the allowed values.
///
/// ```
/// use std::path::Path;
/// use banluck_lab::rules::{game_kind, GameKind};
/// let root = Path::new(env!("CARGO_MANIFEST_DIR"));
/// let kind = game_kind(&root.join("rules/blackjack-1d-s17.toml")).unwrap();
/// assert_eq!(kind, GameKind::Blackjack);
/// assert_eq!(game_kind(&root.join("rules/banluck.toml")).unwrap(), GameKind::Banluck);
/// ```
pub fn game_kind(path: &Path) -> Result<GameKind, RulesError> {
    RulesText::read(path)?.game()
}

impl RulesText {
    /// The game these rules describe: the `game` key of the file or of its
    /// `extends` chain (absent for Banluck).
    ///
    /// # Errors
    /// A `game` value no game has (naming the file, its line and the
    /// allowed values) or one that is not a string.
    pub fn game(&self) -> Result<GameKind, RulesError> {
        match self.game_source()? {
            None => Ok(GameKind::Banluck),
            Some((game, file, text)) => GameKind::from_word(Some(&game)).ok_or_else(|| {
                RulesError::single(Origin::file(file, Some(text)).problem(
                    "game".into(),
                    format!("\"{game}\""),
                    "allowed values: \"blackjack\", \"baccarat\", \"poker\" (Banluck files leave `game` out)".into(),
                ))
            }),
        }
    }
}
