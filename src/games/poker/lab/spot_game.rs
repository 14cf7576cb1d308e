//! The game a spot file makes: a river game (five-card board), a turn
//! game with every river card (four-card board) or a flop game with every
//! turn and river card (three-card board), built by the one builder
//! ([`build_game`]) and refused where its solve here would need more than
//! [`MAX_MEMORY_BYTES`] or than the machine has available
//! ([`crate::guard::memory_limit`]); a failure names the key to change
//! and why.

use crate::games::poker::game::PokerGame;
use crate::games::poker::spot::{
    MAX_MEMORY_BYTES, Readout, Spot, SpotError, SpotPart, build_game, check_memory,
};

/// The game a spot makes.
#[derive(Debug, Clone)]
pub enum SpotGame {
    /// A river spot (five-card board): the betting tree and both ranges.
    River(Box<PokerGame>),
    /// A turn spot (four-card board): the turn betting, every river card
    /// and the river betting in one tree.
    Turn(Box<PokerGame>),
    /// A flop spot (three-card board): the flop betting, every turn card,
    /// the turn betting, every river card and the river betting, with
    /// suit isomorphism.
    Flop(Box<PokerGame>),
}

impl SpotGame {
    /// The game, whatever its root's street.
    pub fn game(&self) -> &PokerGame {
        match self {
            SpotGame::River(game) | SpotGame::Turn(game) | SpotGame::Flop(game) => game,
        }
    }

    /// The pot at the root, in chips.
    pub fn pot(&self) -> f64 {
        self.game().pot()
    }

    /// The combo indices of `player`'s hands (0 OOP, 1 IP).
    pub fn combos(&self, player: usize) -> &[u16] {
        self.game().combos(player)
    }
}

/// A key to change and why.
type Failure = (&'static str, String);

/// The game of `spot`, as `poker solve` builds it, refused where its
/// solve would need more than [`MAX_MEMORY_BYTES`] or than the machine
/// has available ([`crate::guard::memory_limit`]): a river or turn
/// spot's solve here keeps every strategy and values them, for its
/// report's EVs or the explore page ([`Readout::Values`]); a flop spot's
/// keeps the flop's ([`Readout::RootStreet`]).
pub fn spot_game(spot: &Spot) -> Result<SpotGame, Failure> {
    spot_game_within(
        spot,
        MAX_MEMORY_BYTES.min(crate::guard::memory_limit().bytes),
    )
}

/// [`spot_game`] refused above `limit` bytes.
fn spot_game_within(spot: &Spot, limit: u64) -> Result<SpotGame, Failure> {
    let game = Box::new(build_game(spot).map_err(failure)?);
    let (readout, game) = match spot.street() {
        Some(2) => (Readout::Values, SpotGame::River(game)),
        Some(1) => (Readout::Values, SpotGame::Turn(game)),
        _ => (Readout::RootStreet, SpotGame::Flop(game)),
    };
    check_memory(game.game(), readout, limit).map_err(failure)?;
    Ok(game)
}

/// The key of a spot file to change for `error`, and why.
fn failure(error: SpotError) -> Failure {
    match error.part() {
        SpotPart::Ranges => (
            "ranges.ip",
            format!("{error}: give ranges whose hands can meet"),
        ),
        SpotPart::Position => ("spot.position", error.to_string()),
        SpotPart::Sizes | SpotPart::Buckets => ("sizes.bet", error.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::poker::chips::Chip;
    use crate::games::poker::game::solve::{peak_bytes, solver_bytes};
    use crate::games::poker::position::Position;
    use crate::games::poker::sizes::{PlayerSizes, Sizes, StreetSizes};
    use crate::games::poker::spot::GameOptions;

    #[test]
    fn a_turn_spot_is_refused_one_byte_under_its_peak_and_built_at_it() {
        let position = Position::parse(
            "OOP:AA,KK,AKs,QJs,T9s,65s:S100/IP:QQ-TT,AQs,KQs,JTs,87s:S100|P20|Kh9s4c/7d||>OOP",
            Chip::default(),
        )
        .unwrap();
        let ranges = position.ranges(&[]).unwrap();
        // Half-pot bets on both streets, no raises.
        let half = PlayerSizes {
            bet: Sizes::parse("50%").unwrap(),
            raise: Sizes::parse("").unwrap(),
        };
        let sizes = StreetSizes {
            flop: Default::default(),
            turn: [half.clone(), half.clone()],
            river: [half.clone(), half],
        };
        let spot = Spot {
            position,
            ranges,
            sizes,
            options: GameOptions::default(),
        };
        let Ok(SpotGame::Turn(game)) = spot_game_within(&spot, u64::MAX) else {
            panic!("a turn spot makes a turn game");
        };
        let peak = peak_bytes(game.as_ref(), game.memory_bytes());
        // The strategies read out and their values count beside the solver
        // and the tables.
        assert!(peak > solver_bytes(game.as_ref()) + game.memory_bytes() as u64);
        assert!(spot_game_within(&spot, peak).is_ok());
        let Err((key, message)) = spot_game_within(&spot, peak - 1) else {
            panic!("one byte under the peak is refused");
        };
        assert_eq!(key, "sizes.bet");
        assert!(message.contains(&format!("({peak} bytes)")), "{message}");
    }
}
