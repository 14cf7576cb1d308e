//! The bytes a solve of a spot's game takes, by what it keeps besides the
//! solver ([`Readout`]), counted from the arrays' sizes before anything
//! is allocated, and the check against a limit.

use crate::cfr::vector::strategy_bytes;
use crate::games::poker::game::solve::peak_bytes;
use crate::games::poker::game::{PokerGame, memory_estimate};

use super::error::SpotError;

/// The most bytes a solve may take where no other limit is given: a guard
/// against spots that would exhaust the machine.
pub const MAX_MEMORY_BYTES: u64 = 8 << 30;

/// What a solve keeps and computes besides the solver.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Readout {
    /// The root street's strategies ([`memory_estimate`]).
    RootStreet,
    /// Every decision's strategy, to save ([`memory_estimate`] plus the
    /// strategies beside the solver).
    Strategies,
    /// Every decision's strategy and the reach and values computed from
    /// them, to browse ([`peak_bytes`]: the larger of the solver with the
    /// strategies and the strategies with their values).
    Values,
}

/// The bytes a solve of `game` that keeps `readout` takes, the game's
/// tables included.
pub fn memory_need(game: &PokerGame, readout: Readout) -> u64 {
    match readout {
        Readout::RootStreet => memory_estimate(game),
        Readout::Strategies => memory_estimate(game) + strategy_bytes(game),
        Readout::Values => peak_bytes(game, game.memory_bytes()),
    }
}

/// The bytes a solve of `game` that keeps `readout` takes.
///
/// # Errors
/// [`SpotError::Memory`] where they are more than `limit`.
pub fn check_memory(game: &PokerGame, readout: Readout, limit: u64) -> Result<u64, SpotError> {
    let bytes = memory_need(game, readout);
    if bytes > limit {
        return Err(SpotError::Memory { bytes, limit });
    }
    Ok(bytes)
}
