//! A poker spot as a rules file (`game = "poker"`), loaded through the same
//! layers as every family's rules (defaults, file with `extends`,
//! `BANLUCK_*` environment, `--set`) with the same errors: the position in
//! the one-line notation (a five-card board: a river spot; four cards: a
//! turn spot, solved with every river card), optional overrides of its
//! stacks and pot, the ranges of players written `??`, and each player's
//! bet and raise sizes in the `"33%, 75%, a"` form (on a turn spot also
//! the river's, `"same"` by default as without `--river-bet`). Every text is read by the poker parsers
//! ([`crate::games::poker::position`], [`crate::games::poker::range`],
//! [`crate::games::poker::sizes`]); [`super::spot::CompiledSpot::compile`] turns a
//! valid file into the spot an engine solves.

use std::fmt;
use std::path::Path;

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize};

use crate::rules::{Override, POKER, RulesError, load_layered};

/// The issue's spot: 22+ and broadway-ish OOP against a wider IP range on
/// `Ks8h5d3c2h`, 60 in the pot and 150 behind.
pub const DEFAULT_POSITION: &str = "OOP:22+,A2s+,KTs+,QTs+,JTs,ATo+,KJo+:S150/IP:22+,A2s+,K9s+,Q9s+,J9s+,T8s+,A9o+,KTo+,QTo+:S150|P60|Ks8h5d3c2h||>OOP";

/// The word of a per-player size key that means "the shared key's sizes".
pub const SAME: &str = "same";

/// A poker spot file. The defaults are the issue's river spot with bets of
/// 33 % and 75 % of the pot and raises of 60 %.
///
/// ```
/// use banluck_lab::games::poker::lab::PokerSpot;
/// let spot = PokerSpot::default();
/// assert_eq!(spot.game, "poker");
/// assert_eq!(spot.sizes.bet, "33%, 75%");
/// assert_eq!(spot.sizes.oop_bet, "same");
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct PokerSpot {
    /// Must be `"poker"`: the key that routes a file to this schema.
    pub game: String,
    /// Another spot file (path relative to this one) whose values this file
    /// starts from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub extends: Option<String>,
    /// A sentence about the spot, shown in reports. Not part of the hash.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// `[spot]`: the position and its amounts.
    pub spot: SpotKeys,
    /// `[ranges]`: the ranges of players written `??` in the position.
    pub ranges: RangeKeys,
    /// `[sizes]`: bet and raise sizes.
    pub sizes: SizeKeys,
}

/// `[spot]`: the position, optional stack and pot overrides, the chip.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpotKeys {
    /// The one-line position,
    /// `POS:CARDS:STACK/POS:CARDS:STACK|P{pot}|{board}|{history}|>{POS}`;
    /// CARDS may be `??` with the range under `[ranges]`.
    #[serde(deserialize_with = "text")]
    pub position: String,
    /// Chips behind for both players, instead of the position's stacks.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "optional_amount"
    )]
    pub stack: Option<f64>,
    /// The pot at the start of the street, instead of the position's.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "optional_amount"
    )]
    pub pot: Option<f64>,
    /// The smallest chip: 1 (whole numbers) or e.g. 0.5 (halves allowed).
    pub chip: f64,
}

/// `[ranges]`: by role, OOP (the player after `>`) and IP.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RangeKeys {
    /// OOP's range, where the position writes `??` for OOP.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "optional_text"
    )]
    pub oop: Option<String>,
    /// IP's range, where the position writes `??` for IP.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "optional_text"
    )]
    pub ip: Option<String>,
}

/// `[sizes]`: shared sizes and per-player replacements (`"same"`: the
/// shared key's); on a turn spot the river's sizes likewise (`"same"`:
/// the turn's).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SizeKeys {
    /// Both players' bet sizes, e.g. `"33%, 75%, a"` (`""`: no bets).
    #[serde(deserialize_with = "text")]
    pub bet: String,
    /// Both players' raise sizes (`""`: no raises).
    #[serde(deserialize_with = "text")]
    pub raise: String,
    /// OOP's bet sizes, or `"same"`.
    #[serde(deserialize_with = "text")]
    pub oop_bet: String,
    /// OOP's raise sizes, or `"same"`.
    #[serde(deserialize_with = "text")]
    pub oop_raise: String,
    /// IP's bet sizes, or `"same"`.
    #[serde(deserialize_with = "text")]
    pub ip_bet: String,
    /// IP's raise sizes, or `"same"`.
    #[serde(deserialize_with = "text")]
    pub ip_raise: String,
    /// On a turn spot, both players' bet sizes on the river, or `"same"`
    /// (each player's turn bet sizes), as `--river-bet`.
    #[serde(deserialize_with = "text")]
    pub river_bet: String,
    /// On a turn spot, both players' raise sizes on the river, or `"same"`
    /// (each player's turn raise sizes), as `--river-raise`.
    #[serde(deserialize_with = "text")]
    pub river_raise: String,
    /// OOP's river bet sizes, or `"same"` (`sizes.river_bet`).
    #[serde(deserialize_with = "text")]
    pub river_oop_bet: String,
    /// OOP's river raise sizes, or `"same"` (`sizes.river_raise`).
    #[serde(deserialize_with = "text")]
    pub river_oop_raise: String,
    /// IP's river bet sizes, or `"same"` (`sizes.river_bet`).
    #[serde(deserialize_with = "text")]
    pub river_ip_bet: String,
    /// IP's river raise sizes, or `"same"` (`sizes.river_raise`).
    #[serde(deserialize_with = "text")]
    pub river_ip_raise: String,
}

impl Default for PokerSpot {
    fn default() -> Self {
        PokerSpot {
            game: POKER.to_string(),
            extends: None,
            description: String::new(),
            spot: SpotKeys {
                position: DEFAULT_POSITION.to_string(),
                stack: None,
                pot: None,
                chip: 1.0,
            },
            ranges: RangeKeys::default(),
            sizes: SizeKeys {
                bet: "33%, 75%".into(),
                raise: "60%".into(),
                oop_bet: SAME.into(),
                oop_raise: SAME.into(),
                ip_bet: SAME.into(),
                ip_raise: SAME.into(),
                river_bet: SAME.into(),
                river_raise: SAME.into(),
                river_oop_bet: SAME.into(),
                river_oop_raise: SAME.into(),
                river_ip_bet: SAME.into(),
                river_ip_raise: SAME.into(),
            },
        }
    }
}

/// Loads, merges and validates a spot file (or the defaults), the
/// environment and `overrides`.
///
/// ```
/// use banluck_lab::games::poker::lab::load_poker_spot;
/// use banluck_lab::rules::Override;
/// let set: Override = "sizes.bet=33%, 7x%".parse().unwrap();
/// let error = load_poker_spot(None, &[set]).unwrap_err();
/// assert!(error.names_key("sizes.bet"));
/// ```
pub fn load_poker_spot(
    file: Option<&Path>,
    overrides: &[Override],
) -> Result<PokerSpot, RulesError> {
    load_layered(file, overrides)
}

/// Any scalar as text: ranges and sizes are strings, but a `--set` or an
/// axis value such as `88` or `a` arrives as a number or a character.
struct Text;

impl Visitor<'_> for Text {
    type Value = String;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<String, E> {
        Ok(v.to_string())
    }

    fn visit_char<E: de::Error>(self, v: char) -> Result<String, E> {
        Ok(v.to_string())
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<String, E> {
        Ok(v.to_string())
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<String, E> {
        Ok(v.to_string())
    }
}

fn text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    deserializer.deserialize_any(Text)
}

fn optional_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
    text(deserializer).map(Some)
}

fn optional_amount<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<f64>, D::Error> {
    f64::deserialize(deserializer).map(Some)
}
