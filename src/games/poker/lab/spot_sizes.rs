//! The sizes of a spot file: each player's bet and raise sizes as written
//! (`"same"` resolved to the shared key's, and on the river of a turn spot
//! to the player's turn sizes, as `--river-bet` does), the key each text
//! came from, and the parsed sizes; an unreadable list is a violation of
//! that key.

use super::spot_rules::{PokerSpot, SAME};
use super::violation::{at_character, violation};
use crate::games::poker::sizes::{PlayerSizes, SizeKind, SizeSetting, Sizes, resolve_sizes};
use crate::rules::Violation;

/// Per player `[OOP, IP]` and kind `[bet, raise]`: the sizes as written.
pub type SizeText = [[String; 2]; 2];

/// The text and the key it came from, per player and kind.
type Sourced = [[(String, String); 2]; 2];

/// Each player's sizes on the three streets by the sizing rule
/// ([`resolve_sizes`]), `"same"` meaning not given, with the key of each:
/// a player's own river key, else the shared river key, else the player's
/// own key, else the shared one (the flop and the turn have no keys of
/// their own).
fn resolved(keys: &PokerSpot) -> [Sourced; 3] {
    let z = &keys.sizes;
    let key = |at: SizeSetting| -> Option<(&String, String)> {
        let street = match at.street {
            None => "",
            Some(2) => "river_",
            Some(_) => return None,
        };
        let player = at.player.map_or("", |p| ["oop_", "ip_"][p]);
        let text = match (at.street, at.player, at.kind) {
            (None, Some(0), SizeKind::Bet) => &z.oop_bet,
            (None, Some(0), SizeKind::Raise) => &z.oop_raise,
            (None, Some(_), SizeKind::Bet) => &z.ip_bet,
            (None, Some(_), SizeKind::Raise) => &z.ip_raise,
            (None, None, _) => return None,
            (Some(_), Some(0), SizeKind::Bet) => &z.river_oop_bet,
            (Some(_), Some(0), SizeKind::Raise) => &z.river_oop_raise,
            (Some(_), Some(_), SizeKind::Bet) => &z.river_ip_bet,
            (Some(_), Some(_), SizeKind::Raise) => &z.river_ip_raise,
            (Some(_), None, SizeKind::Bet) => &z.river_bet,
            (Some(_), None, SizeKind::Raise) => &z.river_raise,
        };
        Some((text, format!("sizes.{street}{player}{}", at.kind.word())))
    };
    resolve_sizes(
        |at| {
            key(at)
                .filter(|(text, _)| *text != SAME)
                .map(|(text, key)| (text.clone(), key))
        },
        |kind| match kind {
            SizeKind::Bet => (z.bet.clone(), "sizes.bet".to_string()),
            SizeKind::Raise => (z.raise.clone(), "sizes.raise".to_string()),
        },
    )
}

/// The river keys given on a river spot (they apply to turn spots only).
pub fn river_keys_given(keys: &PokerSpot) -> Vec<Violation> {
    let z = &keys.sizes;
    [
        (&z.river_bet, "river_bet", "bet"),
        (&z.river_raise, "river_raise", "raise"),
        (&z.river_oop_bet, "river_oop_bet", "oop_bet"),
        (&z.river_oop_raise, "river_oop_raise", "oop_raise"),
        (&z.river_ip_bet, "river_ip_bet", "ip_bet"),
        (&z.river_ip_raise, "river_ip_raise", "ip_raise"),
    ]
    .into_iter()
    .filter(|(text, _, _)| *text != SAME)
    .map(|(text, key, instead)| {
        violation(
            &format!("sizes.{key}"),
            text,
            format!(
                "\"same\": river sizes apply to turn spots (a four-card board); on a river spot use sizes.{instead}"
            ),
        )
    })
    .collect()
}

/// The texts of `sourced`, per player and kind.
fn texts(sourced: &Sourced) -> SizeText {
    sourced
        .each_ref()
        .map(|player| player.each_ref().map(|(text, _)| text.clone()))
}

/// Parses `sourced`; an unreadable list is a violation of the key it came
/// from (once per key).
fn parse(sourced: &Sourced, problems: &mut Vec<Violation>) -> [PlayerSizes; 2] {
    let mut sizes = [PlayerSizes::default(), PlayerSizes::default()];
    for (player, kinds) in sourced.iter().enumerate() {
        for (kind, (text, key)) in kinds.iter().enumerate() {
            let or_same = if key.contains("oop_") || key.contains("ip_") {
                ", or \"same\" (the shared key's)"
            } else if key.starts_with("sizes.river_") {
                ", or \"same\" (each player's turn sizes)"
            } else {
                ""
            };
            match Sizes::parse(text) {
                Ok(parsed) if kind == 0 => sizes[player].bet = parsed,
                Ok(parsed) => sizes[player].raise = parsed,
                Err(_) if problems.iter().any(|p| &p.key == key) => {}
                Err(error) => problems.push(violation(
                    key,
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

/// The sizes of a spot file: the street's (a river spot's, or a turn
/// spot's turn) and, on a turn spot, the river's.
pub struct SpotSizes {
    /// The street's sizes as written.
    pub text: SizeText,
    /// The street's parsed sizes.
    pub parsed: [PlayerSizes; 2],
    /// On a turn spot, the river's sizes as written and parsed.
    pub river: Option<(SizeText, [PlayerSizes; 2])>,
}

/// Resolves and parses the sizes of `keys`: with the river's on a turn
/// spot (`turn`), and on a river spot the river keys must be `"same"`
/// (`turn` is `None` when the position could not be read: the river keys
/// are parsed then, not checked). Violations go to `problems`.
pub fn spot_sizes(
    keys: &PokerSpot,
    turn: Option<bool>,
    problems: &mut Vec<Violation>,
) -> SpotSizes {
    let [_, street, river] = resolved(keys);
    let parsed = parse(&street, problems);
    let river = if turn != Some(false) {
        // A turn key that is wrong is reported once, not again for the river.
        let mut river_problems = Vec::new();
        let parsed = parse(&river, &mut river_problems);
        for problem in river_problems {
            if !problems.iter().any(|p| p.key == problem.key) {
                problems.push(problem);
            }
        }
        turn.map(|_| (texts(&river), parsed))
    } else {
        problems.extend(river_keys_given(keys));
        None
    };
    SpotSizes {
        text: texts(&street),
        parsed,
        river,
    }
}
