//! A turn spot as settings: the position, the chip, each player's sizes on
//! both streets and both ranges, written as text and weights so that a
//! saved solution can rebuild its game exactly, with a hash that names it.

use serde::{Deserialize, Serialize};

use crate::games::poker::chips::Chip;
use crate::games::poker::game::PokerGame;
use crate::games::poker::position::Position;
use crate::games::poker::range::Range;
use crate::games::poker::sizes::{PlayerSizes, Sizes, StreetSizes};
use crate::games::poker::spot::{
    GameOptions, MAX_MEMORY_BYTES, Readout, Spot, build_game, check_memory,
};

/// Everything that defines a turn game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TurnSpot {
    /// The position as printed (`??` where a range came from `--range`).
    pub position: String,
    /// The chip size (`1`, `0.5`).
    pub chip: String,
    /// `[turn, river][OOP, IP][bet, raise]` sizes as printed (`33%, 75%`).
    pub sizes: [[[String; 2]; 2]; 2],
    /// The `[OOP, IP]` ranges: 1326 weights each, the board's combos at 0.
    pub ranges: [Vec<f32>; 2],
}

impl TurnSpot {
    /// The settings of `spot` (a turn game has no options).
    pub fn new(spot: &Spot) -> TurnSpot {
        let text = |street: &[PlayerSizes; 2]| {
            street
                .each_ref()
                .map(|p| [p.bet.to_string(), p.raise.to_string()])
        };
        TurnSpot {
            position: spot.position.to_string(),
            chip: spot.position.chip.to_string(),
            sizes: [text(&spot.sizes.turn), text(&spot.sizes.river)],
            ranges: spot.ranges.each_ref().map(|r| r.weights().to_vec()),
        }
    }

    /// A hash of the settings (BLAKE3 of their JSON, in hex): two spots
    /// with the same hash make the same game.
    pub fn hash(&self) -> String {
        let json = serde_json::to_vec(self).expect("settings serialise");
        blake3::hash(&json).to_hex().to_string()
    }

    /// The position and the game these settings make ([`build_game`]); the
    /// error says which setting is wrong, or that a solve that keeps and
    /// values every strategy ([`Readout::Values`]) would take more than
    /// [`MAX_MEMORY_BYTES`].
    pub fn build(&self) -> Result<(Position, PokerGame), String> {
        let chip = Chip::parse(&self.chip)?;
        let position = Position::parse(&self.position, chip).map_err(|e| e.to_string())?;
        let street_sizes = |street: &[[String; 2]; 2]| -> Result<[PlayerSizes; 2], String> {
            let parse = |text: &String| Sizes::parse(text).map_err(|e| e.to_string());
            Ok([
                PlayerSizes {
                    bet: parse(&street[0][0])?,
                    raise: parse(&street[0][1])?,
                },
                PlayerSizes {
                    bet: parse(&street[1][0])?,
                    raise: parse(&street[1][1])?,
                },
            ])
        };
        let sizes = StreetSizes {
            flop: Default::default(),
            turn: street_sizes(&self.sizes[0])?,
            river: street_sizes(&self.sizes[1])?,
        };
        let range = |weights: &Vec<f32>| {
            Range::from_weights(weights.clone()).ok_or("a range needs 1326 weights from 0 to 1")
        };
        let ranges = [range(&self.ranges[0])?, range(&self.ranges[1])?];
        let cards = position.board.cards().len();
        if cards != 4 {
            return Err(format!("the board has {cards} cards; a turn spot has 4"));
        }
        let spot = Spot {
            position,
            ranges,
            sizes,
            options: GameOptions::default(),
        };
        let game = build_game(&spot).map_err(|e| e.to_string())?;
        check_memory(&game, Readout::Values, MAX_MEMORY_BYTES).map_err(|e| e.to_string())?;
        Ok((spot.position, game))
    }
}
