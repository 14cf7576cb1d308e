//! The one-line position notation:
//! `POS:CARDS:STACK/POS:CARDS:STACK|P{pot}|{board}|{history}|>{POS}`.
//!
//! - CARDS is a hand (`AsKd`, or `Qh Jd` with a space), a range (`QQ+,AKs:0.5`) or `??` (the range
//!   comes from elsewhere, e.g. `--range POS=RANGE`). A player splits on its
//!   first and last `:`, so weights inside a range are fine.
//! - STACK is `S{amount}`: the chips behind at the start of this street.
//! - `P{pot}` is the pot at the start of the street; the board has 0, 3, 4
//!   or 5 cards; the history (this street's actions, may be empty or left
//!   out) must follow the betting rules of [`super::betting`].
//! - The player after `>` acts first on this street: OOP.
//!
//! Amounts are whole numbers of the chip ([`Chip`], 1 by default).

use std::fmt;

use super::action::{Action, history_notation};
use super::betting::Street;
use super::card::Board;
use super::chips::Chip;
use super::range::Range;

/// A player's cards as written.
#[derive(Debug, Clone, PartialEq)]
pub enum Holding {
    /// `??`: the range is given separately.
    Unknown,
    /// A hand or a range, with its text.
    Range {
        /// The text as written.
        text: String,
        /// The parsed range (board cards not yet removed).
        range: Range,
    },
}

/// One player of the position.
#[derive(Debug, Clone, PartialEq)]
pub struct Player {
    /// The position label (`BTN`, `OOP`, …).
    pub name: String,
    /// The cards or range.
    pub holding: Holding,
    /// Chips behind at the start of the street.
    pub stack: u64,
}

/// A parsed position.
#[derive(Debug, Clone, PartialEq)]
pub struct Position {
    /// The two players in the order written.
    pub players: [Player; 2],
    /// The pot at the start of the street.
    pub pot: u64,
    /// The board.
    pub board: Board,
    /// This street's actions so far.
    pub history: Vec<Action>,
    /// Which of `players` acts first on the street (OOP).
    pub first: usize,
    /// The chip size the amounts are counted in.
    pub chip: Chip,
}

impl Position {
    /// OOP (acts first on the street).
    pub fn oop(&self) -> &Player {
        &self.players[self.first]
    }

    /// IP (acts second).
    pub fn ip(&self) -> &Player {
        &self.players[1 - self.first]
    }

    /// The betting state after the history (player 0 OOP, 1 IP).
    pub fn street(&self) -> Street {
        let mut street = Street::new(self.pot, [self.oop().stack, self.ip().stack]);
        for &action in &self.history {
            // The parser checked every action against the rules.
            let applied = street.apply(action);
            debug_assert!(applied.is_ok());
        }
        street
    }

    /// The `[OOP, IP]` ranges without the board's combos. `extra` gives
    /// ranges by position name (`--range POS=RANGE`); a player written as
    /// `??` needs one, and a name that is not a player is an error.
    pub fn ranges(&self, extra: &[(String, Range)]) -> Result<[Range; 2], String> {
        if let Some((name, _)) = extra
            .iter()
            .find(|(name, _)| self.players.iter().all(|p| &p.name != name))
        {
            return Err(format!(
                "--range {name}=…: no player is called {name} (the players are {} and {})",
                self.players[0].name, self.players[1].name
            ));
        }
        let range_of = |player: &Player| -> Result<Range, String> {
            let given = extra.iter().find(|(name, _)| name == &player.name);
            let range = match (&player.holding, given) {
                (Holding::Range { .. }, Some(_)) => {
                    return Err(format!(
                        "--range {0}=…: {0} already has cards in the position; write `??` there to give a range",
                        player.name
                    ));
                }
                (Holding::Range { range, .. }, None) => range.clone(),
                (Holding::Unknown, Some((_, range))) => range.clone(),
                (Holding::Unknown, None) => {
                    return Err(format!(
                        "{0} is `??`: give a range with --range {0}=RANGE",
                        player.name
                    ));
                }
            };
            let range = range.without_board(&self.board);
            if range.is_empty() {
                return Err(format!(
                    "{}'s range has no combo left once the board's cards are removed",
                    player.name
                ));
            }
            Ok(range)
        };
        Ok([range_of(self.oop())?, range_of(self.ip())?])
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, player) in self.players.iter().enumerate() {
            let cards = match &player.holding {
                Holding::Unknown => "??",
                Holding::Range { text, .. } => text,
            };
            let separator = if index == 0 { "" } else { "/" };
            write!(
                f,
                "{separator}{}:{cards}:S{}",
                player.name,
                self.chip.format(player.stack)
            )?;
        }
        write!(
            f,
            "|P{}|{}|{}|>{}",
            self.chip.format(self.pot),
            self.board,
            history_notation(&self.history, self.chip),
            self.oop().name
        )
    }
}

/// Reads `--range POS=RANGE`.
pub fn parse_range_flag(text: &str) -> Result<(String, Range), String> {
    let (name, range) = text
        .split_once('=')
        .ok_or_else(|| format!("--range {text}: expected POS=RANGE, e.g. BB=22+,A2s+"))?;
    let range = Range::parse(range)
        .map_err(|e| format!("--range {text}: {}", e.within(text, name.len() + 1)))?;
    Ok((name.to_string(), range))
}
