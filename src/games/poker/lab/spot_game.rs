//! The game a spot file makes: a river game (five-card board), a turn
//! game with every river card (four-card board) or a flop game with every
//! turn and river card (three-card board), built as `poker solve` builds
//! it; a failure names the key to change and why.

use crate::games::poker::flop::FlopSettings;
use crate::games::poker::game::solve::peak_bytes;
use crate::games::poker::game::{PokerGame, Tree, memory_estimate};
use crate::games::poker::position::Position;
use crate::games::poker::range::Range;
use crate::games::poker::sizes::{PlayerSizes, StreetSizes};
use crate::games::poker::turn::spot::MAX_MEMORY_BYTES;

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

/// The river game of `position` with `sizes` between `ranges`.
pub fn river_game(
    position: &Position,
    sizes: &[PlayerSizes; 2],
    ranges: &[Range; 2],
) -> Result<SpotGame, Failure> {
    let street = StreetSizes {
        river: sizes.clone(),
        ..StreetSizes::default()
    };
    let tree = Tree::build(position.street(), &position.board, &street, None)
        .map_err(|e| ("sizes.bet", e.to_string()))?;
    let game = PokerGame::new(tree, ranges, position.chip.value(1)).map_err(|e| {
        (
            "ranges.ip",
            format!("{e}: give ranges whose hands can meet"),
        )
    })?;
    Ok(SpotGame::River(Box::new(game)))
}

/// The turn game of `position` with `sizes` between `ranges`, as `poker
/// solve` builds it (the same tree), refused where its solve would need
/// more than [`MAX_MEMORY_BYTES`] at its peak ([`peak_bytes`]: a turn
/// spot's solve here keeps every strategy and values them, for its
/// report's EVs or the explore page).
pub fn turn_game(
    position: &Position,
    sizes: &StreetSizes,
    ranges: &[Range; 2],
) -> Result<SpotGame, Failure> {
    turn_game_within(position, sizes, ranges, MAX_MEMORY_BYTES)
}

/// [`turn_game`] refused above `limit` bytes.
fn turn_game_within(
    position: &Position,
    sizes: &StreetSizes,
    ranges: &[Range; 2],
    limit: u64,
) -> Result<SpotGame, Failure> {
    if position.board.cards().len() != 4 {
        return Err(("spot.position", "a turn spot has four board cards".into()));
    }
    let tree = Tree::build(position.street(), &position.board, sizes, None)
        .map_err(|e| ("sizes.bet", e.to_string()))?;
    let game = PokerGame::new(tree, ranges, position.chip.value(1)).map_err(|e| {
        (
            "ranges.ip",
            format!("{e}: give ranges whose hands can meet"),
        )
    })?;
    check_memory(peak_bytes(&game, game.memory_bytes()), limit)?;
    Ok(SpotGame::Turn(Box::new(game)))
}

/// The flop game of `position` with `sizes` between `ranges`, as `poker
/// solve` builds it (suit isomorphism on), refused above the turn spots'
/// memory guard.
pub fn flop_game(
    position: &Position,
    sizes: StreetSizes,
    ranges: [Range; 2],
) -> Result<SpotGame, Failure> {
    let settings = FlopSettings {
        sizes,
        ranges,
        isomorphism: true,
    };
    let game = settings.build(position).map_err(|message| {
        if message.contains("ranges") {
            (
                "ranges.ip",
                format!("{message}: give ranges whose hands can meet"),
            )
        } else {
            ("sizes.bet", message)
        }
    })?;
    check_memory(memory_estimate(&game), MAX_MEMORY_BYTES)?;
    Ok(SpotGame::Flop(Box::new(game)))
}

/// `Err` on `sizes.bet`, with the estimate, where a solve needs `bytes`,
/// more than `limit`.
fn check_memory(bytes: u64, limit: u64) -> Result<(), Failure> {
    if bytes > limit {
        return Err((
            "sizes.bet",
            format!(
                "the solve would need {:.1} GB ({bytes} bytes), more than {} GB: use fewer sizes or smaller ranges",
                bytes as f64 / 1e9,
                limit >> 30
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::poker::chips::Chip;
    use crate::games::poker::game::solve::solver_bytes;
    use crate::games::poker::sizes::Sizes;

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
        let Ok(SpotGame::Turn(game)) = turn_game_within(&position, &sizes, &ranges, u64::MAX)
        else {
            panic!("a turn spot makes a turn game");
        };
        let peak = peak_bytes(game.as_ref(), game.memory_bytes());
        // The strategies read out and their values count beside the solver
        // and the tables.
        assert!(peak > solver_bytes(game.as_ref()) + game.memory_bytes() as u64);
        assert!(turn_game_within(&position, &sizes, &ranges, peak).is_ok());
        let Err((key, message)) = turn_game_within(&position, &sizes, &ranges, peak - 1) else {
            panic!("one byte under the peak is refused");
        };
        assert_eq!(key, "sizes.bet");
        assert!(message.contains(&format!("({peak} bytes)")), "{message}");
    }
}
