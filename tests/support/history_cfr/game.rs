//! The game abstraction the engine solves: histories, chance, information
//! sets, actions and payoffs — nothing about cards.

use std::fmt;

use banluck_lab::cfr::Player;

/// Who moves at a history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// Chance draws one of [`Game::chance_outcomes`].
    Chance,
    /// The player picks one of [`Game::legal_actions`].
    Decision(Player),
    /// The game is over; [`Game::payoff`] settles it.
    Terminal,
}

/// A finite two-player zero-sum extensive-form game with perfect recall,
/// described history by history in the style of OpenSpiel.
///
/// The engine flattens the game once (see [`Tree`](super::Tree)) and
/// never calls it again while solving.
pub trait Game {
    /// A history: everything that has happened so far, hidden or not.
    type State: Clone;
    /// A move: a player's action or a chance outcome. Its `Display` form
    /// labels the action in solutions.
    type Action: Clone + fmt::Display;

    /// The empty history.
    fn initial_state(&self) -> Self::State;

    /// Who moves at `state`.
    fn turn(&self, state: &Self::State) -> Turn;

    /// The outcomes of a chance history with their probabilities (positive,
    /// summing to one).
    fn chance_outcomes(&self, state: &Self::State) -> Vec<(Self::Action, f64)>;

    /// The actions available at a decision history, in a fixed order that is
    /// the same for every history of the information set.
    fn legal_actions(&self, state: &Self::State) -> Vec<Self::Action>;

    /// The history after `action` (a legal action or a chance outcome).
    fn next_state(&self, state: &Self::State, action: &Self::Action) -> Self::State;

    /// The information-set key of a decision history: equal keys for exactly
    /// the histories the acting player cannot tell apart.
    fn infoset_key(&self, state: &Self::State) -> String;

    /// The payoff to player 0 at a terminal history (player 1 gets minus it).
    fn payoff(&self, state: &Self::State) -> f64;
}
