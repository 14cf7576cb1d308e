//! The settings that rebuild a spot of any street, as a saved solve keeps
//! them: the position and chip as text, each player's sizes from the
//! root's street on as text, both ranges as weights and, on a flop, suit
//! isomorphism; with a hash that names the game.

use serde::{Deserialize, Serialize};

use crate::games::poker::chips::Chip;
use crate::games::poker::position::Position;
use crate::games::poker::range::Range;
use crate::games::poker::sizes::{PlayerSizes, Sizes, StreetSizes};
use crate::games::poker::spot::{GameOptions, Spot};

/// Everything that defines a spot's game (the solve's stores and card
/// abstraction are the solve's, not the game's, and are not kept).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SpotSettings {
    /// The position as printed (`??` where a range came from `--range`).
    pub position: String,
    /// The chip size (`1`, `0.5`).
    pub chip: String,
    /// From the root's street to the river, `[OOP, IP][bet, raise]` sizes
    /// as printed (`33%, 75%`).
    pub sizes: Vec<[[String; 2]; 2]>,
    /// The `[OOP, IP]` ranges: 1326 weights each, the board's combos at 0.
    pub ranges: [Vec<f32>; 2],
    /// On a flop spot, whether cards alike under suit exchanges are solved
    /// once; absent elsewhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub isomorphism: Option<bool>,
}

impl SpotSettings {
    /// The settings of `spot`, whose board has three, four or five cards.
    pub fn of(spot: &Spot) -> SpotSettings {
        let root = spot.street().unwrap_or(2);
        let s = &spot.sizes;
        let sizes = [&s.flop, &s.turn, &s.river][root..]
            .iter()
            .map(|street| {
                street
                    .each_ref()
                    .map(|p| [p.bet.to_string(), p.raise.to_string()])
            })
            .collect();
        SpotSettings {
            position: spot.position.to_string(),
            chip: spot.position.chip.to_string(),
            sizes,
            ranges: spot.ranges.each_ref().map(|r| r.weights().to_vec()),
            isomorphism: (root == 0).then_some(spot.options.isomorphism),
        }
    }

    /// A hash of the settings (BLAKE3 of their JSON, in hex): two spots
    /// with the same hash make the same game.
    pub fn hash(&self) -> String {
        let json = serde_json::to_vec(self).expect("settings serialise");
        blake3::hash(&json).to_hex().to_string()
    }

    /// The spot these settings make; the error says which setting is
    /// wrong.
    pub fn spot(&self) -> Result<Spot, String> {
        let chip = Chip::parse(&self.chip)?;
        let position = Position::parse(&self.position, chip).map_err(|e| e.to_string())?;
        let cards = position.board.cards().len();
        if !(3..=5).contains(&cards) {
            return Err(format!("the board has {cards} cards; a spot has 3, 4 or 5"));
        }
        let root = cards - 3;
        if self.sizes.len() != 3 - root {
            return Err(format!(
                "{} streets of sizes for a spot of {} streets",
                self.sizes.len(),
                3 - root
            ));
        }
        let parse = |text: &String| Sizes::parse(text).map_err(|e| e.to_string());
        let mut streets: [[PlayerSizes; 2]; 3] = Default::default();
        for (street, sizes) in streets[root..].iter_mut().zip(&self.sizes) {
            for (player, [bet, raise]) in street.iter_mut().zip(sizes) {
                *player = PlayerSizes {
                    bet: parse(bet)?,
                    raise: parse(raise)?,
                };
            }
        }
        let [flop, turn, river] = streets;
        let range = |weights: &Vec<f32>| {
            Range::from_weights(weights.clone()).ok_or("a range needs 1326 weights from 0 to 1")
        };
        Ok(Spot {
            ranges: [range(&self.ranges[0])?, range(&self.ranges[1])?],
            sizes: StreetSizes { flop, turn, river },
            options: GameOptions {
                isomorphism: self.isomorphism.unwrap_or(true),
                ..GameOptions::default()
            },
            position,
        })
    }
}
