//! A flop spot as settings, as the turn's ([`TurnSpot`](crate::games::poker::turn::TurnSpot)):
//! the position, the chip, each player's sizes on the three streets, both
//! ranges as weights and whether suit isomorphism is on, so that a saved
//! solution rebuilds its game exactly ([`build_game`]); saved and read
//! back by the turn's file format ([`Saved`]) under its own magic line.

use serde::{Deserialize, Serialize};

use crate::games::poker::chips::Chip;
use crate::games::poker::game::PokerGame;
use crate::games::poker::position::Position;
use crate::games::poker::range::Range;
use crate::games::poker::sizes::{PlayerSizes, Sizes, StreetSizes};
use crate::games::poker::spot::{GameOptions, Spot, build_game};
use crate::games::poker::turn::save::{Saved, SavedSpot};

/// The first bytes of a saved flop solution.
pub const FLOP_MAGIC: &[u8] = b"banluck-lab flop\n";

/// A solved flop spot as saved.
pub type SavedFlop = Saved<FlopSpot>;

/// Everything that defines a flop game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FlopSpot {
    /// The position as printed (`??` where a range came from `--range`).
    pub position: String,
    /// The chip size (`1`, `0.5`).
    pub chip: String,
    /// `[flop, turn, river][OOP, IP][bet, raise]` sizes as printed.
    pub sizes: [[[String; 2]; 2]; 3],
    /// The `[OOP, IP]` ranges: 1326 weights each, the board's combos at 0.
    pub ranges: [Vec<f32>; 2],
    /// Whether cards alike under suit exchanges are solved once.
    pub isomorphism: bool,
}

impl FlopSpot {
    /// The settings of `spot` (its card abstraction and stores are the
    /// solve's, not the game's, and are not kept).
    pub fn new(spot: &Spot) -> FlopSpot {
        let text = |street: &[PlayerSizes; 2]| {
            street
                .each_ref()
                .map(|p| [p.bet.to_string(), p.raise.to_string()])
        };
        let sizes = &spot.sizes;
        FlopSpot {
            position: spot.position.to_string(),
            chip: spot.position.chip.to_string(),
            sizes: [text(&sizes.flop), text(&sizes.turn), text(&sizes.river)],
            ranges: spot.ranges.each_ref().map(|r| r.weights().to_vec()),
            isomorphism: spot.options.isomorphism,
        }
    }
}

impl FlopSpot {
    /// The sizes as read back.
    pub fn sizes(&self) -> Result<StreetSizes, String> {
        let parse = |text: &String| Sizes::parse(text).map_err(|e| e.to_string());
        let street = |s: &[[String; 2]; 2]| -> Result<[PlayerSizes; 2], String> {
            Ok([
                PlayerSizes {
                    bet: parse(&s[0][0])?,
                    raise: parse(&s[0][1])?,
                },
                PlayerSizes {
                    bet: parse(&s[1][0])?,
                    raise: parse(&s[1][1])?,
                },
            ])
        };
        Ok(StreetSizes {
            flop: street(&self.sizes[0])?,
            turn: street(&self.sizes[1])?,
            river: street(&self.sizes[2])?,
        })
    }
}

impl SavedSpot for FlopSpot {
    const MAGIC: &'static [u8] = FLOP_MAGIC;
    const STREET: &'static str = "flop";

    fn build(&self) -> Result<(Position, PokerGame), String> {
        let chip = Chip::parse(&self.chip)?;
        let position = Position::parse(&self.position, chip).map_err(|e| e.to_string())?;
        let range = |weights: &Vec<f32>| {
            Range::from_weights(weights.clone()).ok_or("a range needs 1326 weights from 0 to 1")
        };
        let cards = position.board.cards().len();
        if cards != 3 {
            return Err(format!("the board has {cards} cards; a flop spot has 3"));
        }
        let spot = Spot {
            ranges: [range(&self.ranges[0])?, range(&self.ranges[1])?],
            sizes: self.sizes()?,
            options: GameOptions {
                isomorphism: self.isomorphism,
                ..GameOptions::default()
            },
            position,
        };
        let game = build_game(&spot).map_err(|e| e.to_string())?;
        Ok((spot.position, game))
    }
}
