//! The sizes of a spot file: each player's bet and raise sizes as written
//! (`"same"` resolved to the shared key's, and on the river of a turn spot
//! to the player's turn sizes, as `--river-bet` does), the key each text
//! came from, and the parsed sizes; an unreadable list is a violation of
//! that key.

use super::spot::{at_character, violation};
use super::spot_rules::{PokerSpot, SAME};
use crate::games::poker::sizes::PlayerSizes;
use crate::games::poker::sizes::Sizes;
use crate::rules::Violation;

/// Per player `[OOP, IP]` and kind `[bet, raise]`: the sizes as written.
pub type SizeText = [[String; 2]; 2];

/// The text and the key it came from, per player and kind.
type Sourced = [[(String, String); 2]; 2];

/// Each player's turn (or river spot's) sizes, `"same"` resolved, with
/// the key of each.
fn street_sizes(keys: &PokerSpot) -> Sourced {
    let z = &keys.sizes;
    let pick = |own: &String, own_key: &str, shared: &String, shared_key: &str| {
        if own == SAME {
            (shared.clone(), format!("sizes.{shared_key}"))
        } else {
            (own.clone(), format!("sizes.{own_key}"))
        }
    };
    [
        [
            pick(&z.oop_bet, "oop_bet", &z.bet, "bet"),
            pick(&z.oop_raise, "oop_raise", &z.raise, "raise"),
        ],
        [
            pick(&z.ip_bet, "ip_bet", &z.bet, "bet"),
            pick(&z.ip_raise, "ip_raise", &z.raise, "raise"),
        ],
    ]
}

/// Each player's river sizes on a turn spot: the player's own river key,
/// else the shared river key, else the player's turn sizes.
fn river_sizes(keys: &PokerSpot, turn: &Sourced) -> Sourced {
    let z = &keys.sizes;
    let own = [
        [
            (&z.river_oop_bet, "river_oop_bet"),
            (&z.river_oop_raise, "river_oop_raise"),
        ],
        [
            (&z.river_ip_bet, "river_ip_bet"),
            (&z.river_ip_raise, "river_ip_raise"),
        ],
    ];
    let shared = [(&z.river_bet, "river_bet"), (&z.river_raise, "river_raise")];
    [0, 1].map(|player| {
        [0, 1].map(|kind| {
            let (text, key) = own[player][kind];
            let (shared_text, shared_key) = shared[kind];
            if text != SAME {
                (text.clone(), format!("sizes.{key}"))
            } else if shared_text != SAME {
                (shared_text.clone(), format!("sizes.{shared_key}"))
            } else {
                turn[player][kind].clone()
            }
        })
    })
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
    let street = street_sizes(keys);
    let parsed = parse(&street, problems);
    let river = if turn != Some(false) {
        let river = river_sizes(keys, &street);
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
