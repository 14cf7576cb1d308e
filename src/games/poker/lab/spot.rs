//! The compile step of a spot file: the position with its overrides and
//! ranges applied, each player's sizes, the betting tree and the river
//! game, or every key that is wrong (in schema order) with what is allowed.

use serde::Serialize;
use serde_json::{Value, json};

use super::spot_rules::{PokerSpot, SAME};
use crate::games::poker::chips::Chip;
use crate::games::poker::error::ParseError;
use crate::games::poker::position::{Holding, Position};
use crate::games::poker::range::Range;
use crate::games::poker::river::RiverGame;
use crate::games::poker::sizes::Sizes;
use crate::games::poker::tree::{PlayerSizes, Tree};
use crate::rules::{POKER, Schema, Violation, content_hash};

/// A valid spot, ready to solve.
#[derive(Debug, Clone)]
pub struct Spot {
    /// The position with the file's stack, pot and ranges applied.
    pub position: Position,
    /// Each player's range text, `[OOP, IP]` (from the position or
    /// `[ranges]`).
    pub range_text: [String; 2],
    /// Each player's sizes as written, `[OOP, IP]` × `[bet, raise]`.
    pub size_text: [[String; 2]; 2],
    /// The river game (betting tree and both ranges off the board).
    pub game: RiverGame,
}

/// What the content hash covers: everything that changes the game.
#[derive(Serialize)]
struct Hashed<'a> {
    game: &'static str,
    position: String,
    ranges: &'a [String; 2],
    sizes: &'a [[String; 2]; 2],
    chip: String,
}

/// A violation of `key` with the value as TOML writes it.
fn violation(key: &str, found: &str, allowed: impl Into<String>) -> Violation {
    Violation {
        key: key.to_string(),
        found: format!("{found:?}"),
        allowed: allowed.into(),
    }
}

/// A parse error in one line: the message and the character it points at.
fn at_character(error: &ParseError) -> String {
    format!("{} (at character {})", error.message, error.column())
}

/// `amount` chips as a whole number of `chip`s, at least one.
fn units(chip: Chip, amount: f64) -> Option<u64> {
    let units = chip.units(&format!("{amount}"))?;
    (units > 0).then_some(units)
}

impl Spot {
    /// Compiles `keys`, or returns every violation found.
    ///
    /// # Errors
    /// Each key whose value cannot be read or does not fit the others.
    pub fn compile(keys: &PokerSpot) -> Result<Spot, Vec<Violation>> {
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
            && !p.board.is_river()
        {
            problems.push(violation(
                "spot.position",
                &s.position,
                format!(
                    "the board has {} cards; the experiment runner solves river spots (5 cards)",
                    p.board.cards().len()
                ),
            ));
            position = None;
        }
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
        let size_text = resolved_sizes(keys);
        let sizes = parse_sizes(keys, &size_text, &mut problems);
        let (Some(position), Some(range_text), true) = (position, range_text, problems.is_empty())
        else {
            return Err(problems);
        };
        let ranges = position
            .ranges(&[])
            .map_err(|message| vec![violation("ranges", &range_text.join(" / "), message)])?;
        let tree = Tree::build(position.street(), &sizes)
            .map_err(|e| vec![violation("sizes.bet", &keys.sizes.bet, e.to_string())])?;
        let game = RiverGame::new(tree, &ranges, &position.board, chip.value(1)).map_err(|e| {
            vec![violation(
                "ranges.ip",
                &range_text[1],
                format!("{e}: give ranges whose hands can meet"),
            )]
        })?;
        Ok(Spot {
            position,
            range_text,
            size_text,
            game,
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
            chip: self.position.chip.to_string(),
        })
    }

    /// The rule columns: the resolved values of every key, in schema order.
    pub fn columns(&self) -> Vec<(String, Value)> {
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
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect()
    }
}

/// Each player's parsed sizes; an unreadable list is a violation of the
/// key it came from (the shared key once, or the player's own key).
fn parse_sizes(
    keys: &PokerSpot,
    texts: &[[String; 2]; 2],
    problems: &mut Vec<Violation>,
) -> [PlayerSizes; 2] {
    let z = &keys.sizes;
    let own = [[&z.oop_bet, &z.oop_raise], [&z.ip_bet, &z.ip_raise]];
    let names = [["oop_bet", "oop_raise"], ["ip_bet", "ip_raise"]];
    let mut sizes = [PlayerSizes::default(), PlayerSizes::default()];
    for player in 0..2 {
        for k in 0..2 {
            let text = &texts[player][k];
            let (key, or_same) = if own[player][k] == SAME {
                (["sizes.bet", "sizes.raise"][k].to_string(), "")
            } else {
                (
                    format!("sizes.{}", names[player][k]),
                    ", or \"same\" (the shared key's)",
                )
            };
            match Sizes::parse(text) {
                Ok(parsed) if k == 0 => sizes[player].bet = parsed,
                Ok(parsed) => sizes[player].raise = parsed,
                Err(_) if problems.iter().any(|p| p.key == key) => {}
                Err(error) => problems.push(violation(
                    &key,
                    text,
                    format!(
                        "{}; sizes are percents of the pot and `a` (all-in), comma separated, e.g. \"33%, 75%, a\" (\"\": none){or_same}",
                        at_character(&error)
                    ),
                )),
            }
        }
    }
    sizes
}

/// Each player's bet and raise sizes as written, `"same"` resolved.
fn resolved_sizes(keys: &PokerSpot) -> [[String; 2]; 2] {
    let z = &keys.sizes;
    let pick = |own: &String, shared: &String| {
        if own == SAME {
            shared.clone()
        } else {
            own.clone()
        }
    };
    [
        [pick(&z.oop_bet, &z.bet), pick(&z.oop_raise, &z.raise)],
        [pick(&z.ip_bet, &z.bet), pick(&z.ip_raise, &z.raise)],
    ]
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
/// [`Spot::compile`] finds.
impl Schema for PokerSpot {
    fn violations(&self) -> Vec<Violation> {
        match Spot::compile(self) {
            Ok(_) => Vec::new(),
            Err(violations) => violations,
        }
    }

    fn enum_words(_name: &str) -> Option<&'static [&'static str]> {
        None
    }
}
