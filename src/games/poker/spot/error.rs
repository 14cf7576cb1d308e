//! Why a spot makes no game ([`SpotError`]), and the part of the spot
//! each reason is about ([`SpotPart`]): the command line names the flag
//! of that part, a spot file the key, the page the field.

use crate::games::poker::game::{GameError, TreeError};

/// The part of a spot to change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpotPart {
    /// The position (its board).
    Position,
    /// The sizes (the tree or the solve is too large).
    Sizes,
    /// The ranges.
    Ranges,
    /// The card abstraction's bucket count.
    Buckets,
}

/// Why a spot makes no game, or a game too large to solve.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SpotError {
    /// The board has neither three, four nor five cards.
    #[error("the board has {0} cards; a spot is on the flop, the turn or the river (3, 4 or 5)")]
    Board(usize),
    /// Buckets asked of a spot whose root is on the turn or the river.
    #[error(
        "the card abstraction is for flop spots (three board cards); river and turn spots are solved exactly"
    )]
    Buckets,
    /// The tree cannot be built.
    #[error(transparent)]
    Tree(TreeError),
    /// The game cannot be built from the ranges.
    #[error(transparent)]
    Ranges(GameError),
    /// The solve would take more than `limit` bytes.
    #[error(
        "the solve would need {:.1} GB ({bytes} bytes), more than {}: use fewer sizes or smaller ranges",
        *bytes as f64 / 1e9,
        gib(*limit)
    )]
    Memory {
        /// The bytes the solve would take ([`super::memory_need`]).
        bytes: u64,
        /// The most bytes allowed.
        limit: u64,
    },
}

impl SpotError {
    /// The part of the spot to change.
    pub fn part(&self) -> SpotPart {
        match self {
            SpotError::Board(_) => SpotPart::Position,
            SpotError::Buckets => SpotPart::Buckets,
            SpotError::Tree(_) | SpotError::Memory { .. } => SpotPart::Sizes,
            SpotError::Ranges(_) => SpotPart::Ranges,
        }
    }
}

/// `bytes` in binary gigabytes, whole where they are (`8 GB`), else with
/// two decimals.
fn gib(bytes: u64) -> String {
    if bytes.is_multiple_of(1 << 30) {
        format!("{} GB", bytes >> 30)
    } else {
        format!("{:.2} GB", bytes as f64 / f64::from(1u32 << 30))
    }
}
