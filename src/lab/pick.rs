//! The one place a command learns the game of its rules file: the `game`
//! key of the file's text, checked against the games the command reads;
//! a file of another game is answered with the command that reads it.

use std::fmt;
use std::path::Path;

use crate::rules::{GameKind, RulesError, RulesText};

/// Why a command does not read a rules file.
#[derive(Debug)]
pub enum PickError {
    /// The file cannot be read, or its `game` key names no game.
    Rules(RulesError),
    /// The file is of a game the command does not read.
    OtherGame {
        /// The file, as given.
        file: String,
        /// Its game.
        game: GameKind,
        /// The game the command reads (the first it reads).
        wanted: GameKind,
    },
}

impl From<RulesError> for PickError {
    fn from(error: RulesError) -> Self {
        PickError::Rules(error)
    }
}

impl fmt::Display for PickError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PickError::Rules(error) => write!(f, "{error}"),
            PickError::OtherGame { file, game, wanted } => write!(
                f,
                "{file} is a {} rules file, not a {} rules file: run `banluck-lab {} {file}`",
                game_name(*game),
                game_name(*wanted),
                home_command(*game)
            ),
        }
    }
}

impl std::error::Error for PickError {}

/// The game's name in messages.
pub fn game_name(game: GameKind) -> &'static str {
    match game {
        GameKind::Banluck => "Banluck",
        GameKind::Blackjack => "blackjack",
        GameKind::Baccarat => "baccarat",
        GameKind::Poker => "poker",
    }
}

/// The command (without the file) that reads a rules file of `game`:
/// `banluck-lab <this> FILE` is the command a mismatch points to.
pub fn home_command(game: GameKind) -> &'static str {
    match game {
        GameKind::Banluck => "banluck solve --rules",
        GameKind::Blackjack => "blackjack solve --rules",
        GameKind::Baccarat => "baccarat exact --rules",
        GameKind::Poker => "explore --rules",
    }
}

/// The game of the rules `text` (read once) when it is one of `takes`, the
/// games a command reads.
///
/// # Errors
/// A `game` value no game has; a game not in `takes` (the message names
/// the command that reads the file).
pub fn pick_game(text: &RulesText, takes: &[GameKind]) -> Result<GameKind, PickError> {
    let game = text.game()?;
    if takes.contains(&game) {
        return Ok(game);
    }
    Err(PickError::OtherGame {
        file: text.path().display().to_string(),
        game,
        wanted: takes.first().copied().unwrap_or(GameKind::Banluck),
    })
}

/// [`pick_game`] for a command whose rules file is optional, reading the
/// file once: its game and its text (to load the rules from), or, for
/// `None` (the command's built-in rules), the first game of `takes` and
/// no text.
///
/// # Errors
/// As [`pick_game`], and a file that cannot be read.
pub fn pick_file(
    file: Option<&Path>,
    takes: &[GameKind],
) -> Result<(GameKind, Option<RulesText>), PickError> {
    match file {
        None => Ok((takes.first().copied().unwrap_or(GameKind::Banluck), None)),
        Some(path) => {
            let text = RulesText::read(path)?;
            Ok((pick_game(&text, takes)?, Some(text)))
        }
    }
}
