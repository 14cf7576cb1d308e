//! Outcome codes: the kinds of final hands counted per side and one
//! integer per (payoff value, player kind, dealer kind), so that settling a
//! hand is one table read and the tallies are integer counts.

use crate::games::banluck::rules::HandClass;

/// Names of the hand kinds counted for each side, by kind index. The dealer
/// side has one more kind, [`SURRENDERED`].
pub const KIND_NAMES: [&str; 7] = [
    "regular",
    "bust",
    "five_card",
    "five_card_21",
    "triple_seven",
    "ban_luck",
    "ban_ban",
];

/// Kind index of a dealer who surrendered (the hand is void).
pub const SURRENDERED: usize = KIND_NAMES.len();

/// Kinds per side in an outcome code (the seven of [`KIND_NAMES`] plus
/// [`SURRENDERED`]).
pub const KIND_SLOTS: usize = SURRENDERED + 1;

/// Outcome codes per payoff value: every pair of player and dealer kinds.
pub const CODES_PER_PAYOFF: usize = KIND_SLOTS * KIND_SLOTS;

/// An outcome code unpacked: which payoff value, and the kinds of both hands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// Index into [`Plan::payoffs`].
    pub payoff: usize,
    /// Kind of the player's final hand (index into [`KIND_NAMES`]).
    pub player: usize,
    /// Kind of the dealer's final hand, or [`SURRENDERED`].
    pub dealer: usize,
}

impl Outcome {
    /// Unpacks an outcome code.
    pub fn from_code(code: usize) -> Outcome {
        Outcome {
            payoff: code / CODES_PER_PAYOFF,
            player: code / KIND_SLOTS % KIND_SLOTS,
            dealer: code % KIND_SLOTS,
        }
    }

    pub(super) fn code(self) -> u16 {
        (self.payoff * CODES_PER_PAYOFF + self.player * KIND_SLOTS + self.dealer) as u16
    }
}

/// Kind index of a class (see [`KIND_NAMES`]).
pub(super) fn kind_of(class: HandClass) -> usize {
    KIND_NAMES
        .iter()
        .position(|name| *name == class.name())
        .expect("every class name is a kind")
}
