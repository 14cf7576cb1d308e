//! The parser of [`super::position::Position`]: each part is read with its
//! byte offset, so errors point into the whole string.

use super::action::parse_history;
use super::betting::Street;
use super::card::Board;
use super::chips::Chip;
use super::error::ParseError;
use super::position::{Holding, Player, Position};
use super::range::Range;

impl Position {
    /// Parses a position; every error points at the character.
    pub fn parse(text: &str, chip: Chip) -> Result<Position, ParseError> {
        parse(text, chip)
    }
}

/// The layout, for error messages.
const LAYOUT: &str = "POS:CARDS:STACK/POS:CARDS:STACK|P{pot}|{board}|{history}|>{POS}";

/// Parses a position string.
pub fn parse(text: &str, chip: Chip) -> Result<Position, ParseError> {
    ParseError::check_len(text, "position")?;
    let parts = split_with_offsets(text, '|');
    if !(4..=5).contains(&parts.len()) {
        let (at, len) = parts.get(5).map_or((text.len(), 1), |&(at, _)| (at - 1, 1));
        return Err(ParseError::new(
            text,
            at,
            len,
            format!("expected 4 or 5 parts separated by `|`: {LAYOUT}"),
        ));
    }
    let players_part = parts[0];
    let player_parts = split_with_offsets(players_part.1, '/');
    if player_parts.len() != 2 {
        let at = player_parts
            .get(2)
            .map_or(players_part.0 + players_part.1.len(), |&(at, _)| {
                players_part.0 + at - 1
            });
        return Err(ParseError::new(
            text,
            at,
            1,
            "expected two players separated by `/`: POS:CARDS:STACK/POS:CARDS:STACK",
        ));
    }
    let first = player(
        text,
        players_part.0 + player_parts[0].0,
        player_parts[0].1,
        chip,
    )?;
    let second = player(
        text,
        players_part.0 + player_parts[1].0,
        player_parts[1].1,
        chip,
    )?;
    if first.name == second.name {
        return Err(ParseError::new(
            text,
            players_part.0 + player_parts[1].0,
            second.name.len(),
            format!("both players are called `{}`", first.name),
        ));
    }
    let (pot_at, pot_text) = parts[1];
    let pot = amount(text, pot_at, pot_text, 'P', chip)?;
    if pot == 0 {
        return Err(ParseError::new(
            text,
            pot_at,
            pot_text.len(),
            "the pot must be more than 0",
        ));
    }
    let (board_at, board_text) = parts[2];
    let board: Board = board_text
        .parse()
        .map_err(|e: ParseError| e.within(text, board_at))?;
    let (act_at, act_text) = parts[parts.len() - 1];
    let Some(name) = act_text.strip_prefix('>') else {
        return Err(ParseError::new(
            text,
            act_at,
            1,
            "expected `>` and the player who acts first on this street, e.g. `>BB`",
        ));
    };
    let players = [first, second];
    let first = players.iter().position(|p| p.name == name).ok_or_else(|| {
        ParseError::new(
            text,
            act_at + 1,
            name.len(),
            format!(
                "`{name}` is not a player: expected `{}` or `{}`",
                players[0].name, players[1].name
            ),
        )
    })?;
    for (index, player) in players.iter().enumerate() {
        if let Holding::Range { range, .. } = &player.holding
            && range.clone().without_board(&board).is_empty()
        {
            let at = players_part.0 + player_parts[index].0 + player.name.len() + 1;
            return Err(ParseError::new(
                text,
                at,
                1,
                format!(
                    "{}'s cards: no combo is left once the board's cards are removed",
                    player.name
                ),
            ));
        }
    }
    conflicting_hands(text, &players, players_part.0 + player_parts[1].0)?;
    let history = match parts.get(3).filter(|_| parts.len() == 5) {
        Some(&(at, history_text)) => {
            let stacks = [players[first].stack, players[1 - first].stack];
            history(text, at, history_text, Street::new(pot, stacks), chip)?
        }
        None => Vec::new(),
    };
    Ok(Position {
        players,
        pot,
        board,
        history,
        first,
        chip,
    })
}

/// Two specific hands that share a card.
fn conflicting_hands(
    text: &str,
    players: &[Player; 2],
    second_at: usize,
) -> Result<(), ParseError> {
    let single = |player: &Player| match &player.holding {
        Holding::Range { range, .. } => range.single_combo(),
        Holding::Unknown => None,
    };
    if let (Some(a), Some(b)) = (single(&players[0]), single(&players[1]))
        && super::combo::combo_mask(a) & super::combo::combo_mask(b) != 0
    {
        return Err(ParseError::new(
            text,
            second_at + players[1].name.len() + 1,
            4,
            "the two players' hands share a card",
        ));
    }
    Ok(())
}

/// The history, checked action by action against the betting rules.
fn history(
    text: &str,
    at: usize,
    history_text: &str,
    mut street: Street,
    chip: Chip,
) -> Result<Vec<super::action::Action>, ParseError> {
    let parsed = parse_history(history_text, chip).map_err(|e| e.within(text, at))?;
    let mut actions = Vec::with_capacity(parsed.len());
    for (index, &(action, offset)) in parsed.iter().enumerate() {
        let end = parsed
            .get(index + 1)
            .map_or(history_text.len(), |&(_, next)| next);
        street.apply(action).map_err(|why| {
            ParseError::new(
                text,
                at + offset,
                end - offset,
                format!("`{}`: {}", &history_text[offset..end], why.describe(chip)),
            )
        })?;
        actions.push(action);
    }
    if street.ending.is_some() {
        return Err(ParseError::new(
            text,
            at + history_text.len().saturating_sub(1),
            1,
            "the history ends the street (a fold, a call or two checks): nothing is left to play",
        ));
    }
    Ok(actions)
}

/// `POS:CARDS:STACK`, split on the first and last `:`.
fn player(text: &str, at: usize, part: &str, chip: Chip) -> Result<Player, ParseError> {
    let (Some(first), Some(last)) = (part.find(':'), part.rfind(':')) else {
        return Err(ParseError::new(
            text,
            at,
            part.len(),
            "expected a player as POS:CARDS:STACK, e.g. BTN:AsKd:S100",
        ));
    };
    if first == last {
        return Err(ParseError::new(
            text,
            at + first,
            1,
            "expected a player as POS:CARDS:STACK (two `:`), e.g. BTN:AsKd:S100",
        ));
    }
    let name = &part[..first];
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(ParseError::new(
            text,
            at,
            name.len(),
            "expected a position name of letters, digits or `_` (BTN, BB, OOP, …)",
        ));
    }
    let cards = &part[first + 1..last];
    let holding = if cards == "??" {
        Holding::Unknown
    } else {
        // A hand may be written with a space between its cards (`Qh Jd`).
        let spaced = cards.len() == 5 && cards.as_bytes()[2] == b' ';
        let joined = if spaced {
            cards.replacen(' ', "", 1)
        } else {
            cards.to_string()
        };
        let range = Range::parse(&joined).map_err(|e| e.within(text, at + first + 1))?;
        Holding::Range {
            text: cards.to_string(),
            range,
        }
    };
    let stack = amount(text, at + last + 1, &part[last + 1..], 'S', chip)?;
    Ok(Player {
        name: name.to_string(),
        holding,
        stack,
    })
}

/// `{prefix}{amount}` in whole chips.
fn amount(text: &str, at: usize, part: &str, prefix: char, chip: Chip) -> Result<u64, ParseError> {
    let what = if prefix == 'S' { "stack" } else { "pot" };
    let Some(number) = part.strip_prefix(prefix) else {
        return Err(ParseError::new(
            text,
            at,
            1,
            format!("expected the {what} as `{prefix}` and an amount, e.g. `{prefix}100`"),
        ));
    };
    chip.units(number).ok_or_else(|| {
        ParseError::new(
            text,
            at + 1,
            number.len(),
            format!(
                "expected the {what} as a whole number of chips of size {chip}, found `{number}`"
            ),
        )
    })
}

/// `text` split on `separator`, each piece with its byte offset.
fn split_with_offsets(text: &str, separator: char) -> Vec<(usize, &str)> {
    let mut at = 0;
    text.split(separator)
        .map(|piece| {
            let start = at;
            at += piece.len() + separator.len_utf8();
            (start, piece)
        })
        .collect()
}
