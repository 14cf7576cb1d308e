//! A spot as the page sends it (JSON), built into a river or a turn game
//! exactly as `poker solve` builds it from its flags, and refused with its
//! memory estimate when it would not fit in the page.

use serde::Deserialize;

use crate::cfr::vector::VectorGame;
use crate::games::poker::chips::Chip;
use crate::games::poker::combo::combo_mask;
use crate::games::poker::position::Position;
use crate::games::poker::range::Range;
use crate::games::poker::river::RiverGame;
use crate::games::poker::sizes::Sizes;
use crate::games::poker::tree::{PlayerSizes, Tree};
use crate::games::poker::turn::solve::solver_bytes;
use crate::games::poker::turn::{StreetSizes, TurnGame, TurnSpot};

/// The most bytes a solve may take in the page: the solver's arrays and the
/// game's tables, plus a quarter of the arrays for the strategies read out
/// at the end. A wasm32 instance addresses 4 GiB at most, and a browser tab
/// often gets less.
pub const MAX_PAGE_BYTES: u64 = 1536 << 20;

/// What the page asks to solve.
#[derive(Debug, Deserialize)]
pub struct Request {
    /// The position, e.g. `OOP:??:S150/IP:??:S150|P60|Ks8h5d3c2h||>OOP`.
    pub position: String,
    /// Ranges by player name, for players written `??`.
    #[serde(default)]
    pub ranges: Vec<(String, String)>,
    /// Bet sizes of both players (`33%, 75%`).
    pub bet: String,
    /// Raise sizes of both players (`60%`).
    pub raise: String,
    /// River bet sizes of a turn spot (default: the turn's).
    #[serde(default)]
    pub river_bet: Option<String>,
    /// River raise sizes of a turn spot (default: the turn's).
    #[serde(default)]
    pub river_raise: Option<String>,
    /// `dcfr` (the default) or `cfr+`.
    #[serde(default)]
    pub algorithm: Option<String>,
}

/// A built spot: a river or a turn game; a flop game would be a third
/// variant here and nothing else in the bridge would change.
pub enum Built {
    /// A five-card board.
    River(RiverGame),
    /// A four-card board.
    Turn(TurnGame),
}

/// Reads `text` (or says which part is wrong) into the position and game.
pub fn build(request: &Request) -> Result<(Position, Built), String> {
    let position = Position::parse(&request.position, Chip::default())
        .map_err(|e| format!("position: {e}"))?;
    let mut extra = Vec::new();
    for (name, text) in &request.ranges {
        let range = Range::parse(text).map_err(|e| format!("{name}'s range: {e}"))?;
        extra.push((name.clone(), range));
    }
    let ranges = position.ranges(&extra)?;
    let sizes =
        |what: &str, text: &str| Sizes::parse(text).map_err(|e| format!("{what} sizes: {e}"));
    let both = |bet: Sizes, raise: Sizes| {
        let player = PlayerSizes { bet, raise };
        [player.clone(), player]
    };
    let turn = both(sizes("bet", &request.bet)?, sizes("raise", &request.raise)?);
    let cards = position.board.cards().len();
    match cards {
        5 => {
            if request.river_bet.is_some() || request.river_raise.is_some() {
                return Err(
                    "river sizes apply to turn spots; on the river use bet and raise".into(),
                );
            }
            let tree = Tree::build(position.street(), &turn).map_err(|e| e.to_string())?;
            let game = RiverGame::new(tree, &ranges, &position.board, position.chip.value(1))
                .map_err(|e| e.to_string())?;
            check_memory(&game, 0)?;
            Ok((position, Built::River(game)))
        }
        4 => {
            let river = |text: &Option<String>, what: &str, fallback: &Sizes| match text {
                Some(text) => sizes(what, text),
                None => Ok(fallback.clone()),
            };
            let street = StreetSizes {
                river: both(
                    river(&request.river_bet, "river bet", &turn[0].bet)?,
                    river(&request.river_raise, "river raise", &turn[0].raise)?,
                ),
                turn,
            };
            let (position, game) = TurnSpot::new(&position, &street, &ranges).build()?;
            check_memory(&game, game.memory_bytes())?;
            Ok((position, Built::Turn(game)))
        }
        _ => Err(format!(
            "the board has {cards} cards; the page solves turn (4 cards) and river (5 cards) spots"
        )),
    }
}

/// The bytes a solve of `game` takes at its peak in the page, its own
/// tables (`table_bytes`) included.
pub fn memory_estimate<G: VectorGame>(game: &G, table_bytes: usize) -> u64 {
    let arrays = solver_bytes(game);
    arrays + arrays / 4 + table_bytes as u64
}

/// `Err` with the estimate when `game` would take more than [`MAX_PAGE_BYTES`].
fn check_memory<G: VectorGame>(game: &G, table_bytes: usize) -> Result<(), String> {
    let bytes = memory_estimate(game, table_bytes);
    if bytes > MAX_PAGE_BYTES {
        return Err(format!(
            "the solve would need about {:.2} GB, more than the page's {:.2} GB: use fewer sizes or smaller ranges, or solve it with `banluck-lab poker solve`",
            bytes as f64 / 1e9,
            MAX_PAGE_BYTES as f64 / 1e9
        ));
    }
    Ok(())
}

/// The sum of `w_oop(h) · w_ip(h')` over the hand pairs without a shared
/// card: the divisor of the games' terminal values.
pub fn pair_weight<G: VectorGame>(game: &G, combos: [&[u16]; 2]) -> f64 {
    use crate::cfr::Player;
    let [oop, ip] = Player::BOTH.map(|p| game.initial_weights(p));
    let mut total = 0.0;
    for (h, &a) in combos[0].iter().enumerate() {
        let mask = combo_mask(usize::from(a));
        for (k, &b) in combos[1].iter().enumerate() {
            if combo_mask(usize::from(b)) & mask == 0 {
                total += oop[h] * ip[k];
            }
        }
    }
    total
}
