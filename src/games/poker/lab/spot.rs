//! The compile step of a spot file: the position with its overrides and
//! ranges applied, each player's sizes (and on a turn or flop spot the
//! river's; a flop spot plays the `sizes.*` keys on the flop and the
//! turn), and the game (a river game, a turn game with every river card,
//! or a flop game with every turn and river card), or
//! every key that is wrong (in schema order) with what is allowed.

use serde::Serialize;
use serde_json::{Value, json};

use super::spot_game::{SpotGame, spot_game};
use super::spot_rules::PokerSpot;
use super::spot_sizes::{SizeText, spot_sizes};
use super::violation::{at_character, violation};
use crate::games::poker::chips::Chip;
use crate::games::poker::position::{Holding, Position};
use crate::games::poker::range::Range;
use crate::games::poker::sizes::StreetSizes;
use crate::games::poker::spot::{GameOptions, Spot};
use crate::rules::{POKER, Schema, Violation, content_hash};

/// A spot file compiled: the spot's game, and the texts its rule
/// columns and hash are made of.
#[derive(Debug, Clone)]
pub struct CompiledSpot {
    /// The position with the file's stack, pot and ranges applied.
    pub position: Position,
    /// Each player's range text, `[OOP, IP]` (from the position or
    /// `[ranges]`).
    pub range_text: [String; 2],
    /// Each player's sizes as written, `[OOP, IP]` × `[bet, raise]` (on a
    /// turn spot, the turn's).
    pub size_text: SizeText,
    /// On a turn spot, each player's river sizes as written; `None` on a
    /// river spot.
    pub river_size_text: Option<SizeText>,
    /// The game: the river game, or the turn game with every river card.
    pub game: SpotGame,
    /// The spot the game is built from (its position is `position`).
    pub spot: Spot,
}

/// What the content hash covers: everything that changes the game.
#[derive(Serialize)]
struct Hashed<'a> {
    game: &'static str,
    position: String,
    ranges: &'a [String; 2],
    sizes: &'a SizeText,
    /// Left out on a river spot, so that its hash is what it was before
    /// turn spots.
    #[serde(skip_serializing_if = "Option::is_none")]
    river_sizes: Option<&'a SizeText>,
    chip: String,
}

/// `amount` chips as a whole number of `chip`s, at least one.
fn units(chip: Chip, amount: f64) -> Option<u64> {
    let units = chip.units(&format!("{amount}"))?;
    (units > 0).then_some(units)
}

impl CompiledSpot {
    /// Compiles `keys`, or returns every violation found.
    ///
    /// # Errors
    /// Each key whose value cannot be read or does not fit the others.
    pub fn compile(keys: &PokerSpot) -> Result<CompiledSpot, Vec<Violation>> {
        let mut problems = Vec::new();
        if keys.game != POKER {
            problems.push(violation("game", &keys.game, "must be \"poker\""));
        }
        let s = &keys.spot;
        let chip = Chip::parse(&format!("{}", s.chip)).ok();
        if chip.is_none() {
            problems.push(Violation {
                key: "spot.chip".into(),
                found: format!("{}", s.chip),
                allowed: "a positive chip size such as 1, 0.5 or 0.25 (at most six decimals)"
                    .into(),
            });
        }
        let chip = chip.unwrap_or_default();
        let mut position = match Position::parse(&s.position, chip) {
            Ok(position) => Some(position),
            Err(error) => {
                problems.push(violation(
                    "spot.position",
                    &s.position,
                    format!(
                        "{}; the layout is POS:CARDS:STACK/POS:CARDS:STACK|P{{pot}}|{{board}}|{{history}}|>{{POS}}",
                        at_character(&error)
                    ),
                ));
                None
            }
        };
        if let Some(p) = &position
            && !matches!(p.board.cards().len(), 3..=5)
        {
            problems.push(violation(
                "spot.position",
                &s.position,
                format!(
                    "the board has {} cards; the experiment runner solves flop spots (3 cards, every turn and river card dealt), turn spots (4 cards) and river spots (5 cards)",
                    p.board.cards().len()
                ),
            ));
            position = None;
        }
        let turn = position.as_ref().map(|p| !p.board.is_river());
        let whole = |key: &str, amount: f64, problems: &mut Vec<Violation>| {
            let found = units(chip, amount);
            if found.is_none() {
                problems.push(Violation {
                    key: key.into(),
                    found: format!("{amount}"),
                    allowed: format!("a positive whole number of chips of {chip} (spot.chip)"),
                });
            }
            found
        };
        let stack = s.stack.and_then(|a| whole("spot.stack", a, &mut problems));
        let pot = s.pot.and_then(|a| whole("spot.pot", a, &mut problems));
        let range_text = resolve_ranges(keys, position.as_mut(), &mut problems);
        if let Some(p) = position.as_mut() {
            if let Some(stack) = stack {
                p.players.iter_mut().for_each(|player| player.stack = stack);
            }
            if let Some(pot) = pot {
                p.pot = pot;
            }
            // Re-read so that the history is checked against the new amounts.
            if let Err(error) = Position::parse(&p.to_string(), chip) {
                problems.push(violation(
                    "spot.position",
                    &s.position,
                    format!(
                        "with spot.stack and spot.pot applied: {}",
                        at_character(&error)
                    ),
                ));
                position = None;
            }
        }
        let sizes = spot_sizes(keys, turn, &mut problems);
        let (Some(position), Some(range_text), true) = (position, range_text, problems.is_empty())
        else {
            return Err(problems);
        };
        let ranges = position
            .ranges(&[])
            .map_err(|message| vec![violation("ranges", &range_text.join(" / "), message)])?;
        let failed = |(key, message): (&str, String)| {
            let found = match key {
                "ranges.ip" => &range_text[1],
                "spot.position" => &s.position,
                _ => &keys.sizes.bet,
            };
            vec![violation(key, found, message)]
        };
        // A river spot plays the street's sizes on the river; a turn spot
        // on the turn, a flop spot on the flop and the turn, each then
        // with the river's.
        let (street, river_size_text) = match sizes.river {
            None => (StreetSizes::every_street(sizes.parsed), None),
            Some((river_text, river)) => {
                let flop = if position.board.cards().len() == 3 {
                    sizes.parsed.clone()
                } else {
                    Default::default()
                };
                let street = StreetSizes {
                    flop,
                    turn: sizes.parsed,
                    river,
                };
                (street, Some(river_text))
            }
        };
        let spot = Spot {
            position,
            ranges,
            sizes: street,
            options: GameOptions::default(),
        };
        let game = spot_game(&spot).map_err(failed)?;
        Ok(CompiledSpot {
            position: spot.position.clone(),
            range_text,
            size_text: sizes.text,
            river_size_text,
            game,
            spot,
        })
    }

    /// The content hash: blake3 of the position, the ranges, the sizes of
    /// each player and the chip (a description or the way a value was
    /// written, shared or per player, does not change it).
    pub fn hash(&self) -> String {
        content_hash(&Hashed {
            game: "poker",
            position: self.position.to_string(),
            ranges: &self.range_text,
            sizes: &self.size_text,
            river_sizes: self.river_size_text.as_ref(),
            chip: self.position.chip.to_string(),
        })
    }

    /// The rule columns: the resolved values of every key, in schema order
    /// (each player's river sizes are null on a river spot).
    pub fn columns(&self) -> Vec<(String, Value)> {
        let river = |player: usize, kind: usize| {
            self.river_size_text
                .as_ref()
                .map_or(Value::Null, |text| json!(text[player][kind]))
        };
        let p = &self.position;
        let chip = p.chip;
        let stack = p.oop().stack.min(p.ip().stack);
        [
            ("spot.position", json!(p.to_string())),
            ("spot.stack", json!(chip.value(stack))),
            ("spot.pot", json!(chip.value(p.pot))),
            ("spot.chip", json!(chip.value(1))),
            ("ranges.oop", json!(self.range_text[0])),
            ("ranges.ip", json!(self.range_text[1])),
            ("sizes.oop_bet", json!(self.size_text[0][0])),
            ("sizes.oop_raise", json!(self.size_text[0][1])),
            ("sizes.ip_bet", json!(self.size_text[1][0])),
            ("sizes.ip_raise", json!(self.size_text[1][1])),
            ("sizes.river_oop_bet", river(0, 0)),
            ("sizes.river_oop_raise", river(0, 1)),
            ("sizes.river_ip_bet", river(1, 0)),
            ("sizes.river_ip_raise", river(1, 1)),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect()
    }
}

/// Puts `[ranges]` into the players written `??` and returns both range
/// texts, `[OOP, IP]`; a range given twice, missing or unreadable is a
/// violation of its key.
fn resolve_ranges(
    keys: &PokerSpot,
    position: Option<&mut Position>,
    problems: &mut Vec<Violation>,
) -> Option<[String; 2]> {
    let given = [&keys.ranges.oop, &keys.ranges.ip];
    let mut parsed: [Option<Range>; 2] = [None, None];
    for (role, text) in given.iter().enumerate() {
        if let Some(text) = text {
            match Range::parse(text) {
                Ok(range) => parsed[role] = Some(range),
                Err(error) => problems.push(violation(
                    ["ranges.oop", "ranges.ip"][role],
                    text,
                    format!(
                        "{}; a range is comma-separated groups such as AA, KK-JJ, 22+, AKs, A2s+, K9o+, AsKd, with weights like AA:0.5",
                        at_character(&error)
                    ),
                )),
            }
        }
    }
    let position = position?;
    let first = position.first;
    let mut texts = [String::new(), String::new()];
    let mut ok = true;
    for role in 0..2 {
        let index = if role == 0 { first } else { 1 - first };
        let key = ["ranges.oop", "ranges.ip"][role];
        let player = &mut position.players[index];
        match (&player.holding, given[role]) {
            (Holding::Range { text, .. }, None) => texts[role] = text.clone(),
            (Holding::Range { .. }, Some(text)) => {
                problems.push(violation(
                    key,
                    text,
                    format!(
                        "{} already has cards in spot.position; write `??` there to give its range here",
                        player.name
                    ),
                ));
                ok = false;
            }
            (Holding::Unknown, Some(text)) => {
                if let Some(range) = parsed[role].take() {
                    texts[role] = text.clone();
                    player.holding = Holding::Range {
                        text: text.clone(),
                        range,
                    };
                } else {
                    ok = false;
                }
            }
            (Holding::Unknown, None) => {
                problems.push(Violation {
                    key: key.into(),
                    found: String::new(),
                    allowed: format!(
                        "missing: spot.position writes `??` for {}; give its range here, e.g. {key} = \"22+,A2s+\"",
                        player.name
                    ),
                });
                ok = false;
            }
        }
    }
    ok.then_some(texts)
}

/// A spot file's compile step is its validation: every violation
/// [`CompiledSpot::compile`] finds.
impl Schema for PokerSpot {
    fn violations(&self) -> Vec<Violation> {
        match CompiledSpot::compile(self) {
            Ok(_) => Vec::new(),
            Err(violations) => violations,
        }
    }

    fn enum_words(_name: &str) -> Option<&'static [&'static str]> {
        None
    }
}
