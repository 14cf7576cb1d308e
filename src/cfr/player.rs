//! The two players of a two-player zero-sum game: every solver of the
//! crate states payoffs from player 0's side and keeps one strategy per
//! player.

use serde::{Deserialize, Serialize};

/// One of the two players of a two-player zero-sum game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Player {
    /// The first player; every payoff is stated from this player's side.
    P0,
    /// The second player.
    P1,
}

impl Player {
    /// Both players, in index order.
    pub const BOTH: [Player; 2] = [Player::P0, Player::P1];

    /// 0 for [`Player::P0`], 1 for [`Player::P1`].
    pub fn index(self) -> usize {
        match self {
            Player::P0 => 0,
            Player::P1 => 1,
        }
    }

    /// The other player.
    pub fn opponent(self) -> Player {
        match self {
            Player::P0 => Player::P1,
            Player::P1 => Player::P0,
        }
    }

    /// +1 for player 0 and -1 for player 1: turns a payoff to player 0 into
    /// the payoff to this player.
    pub fn sign(self) -> f64 {
        match self {
            Player::P0 => 1.0,
            Player::P1 => -1.0,
        }
    }
}
