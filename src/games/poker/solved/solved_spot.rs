//! A solved spot: the spot that rebuilds its game, the game, the solution
//! and how it was solved, with what each street's views read.
//!
//! How a node's hands are read depends on the root's street, each as the
//! lab has always printed it:
//! - a river spot lists every hand, its reach multiplied from the root
//!   down, without EVs;
//! - a turn spot lists the hands that hold no card dealt on the way, with
//!   the reach (chance weights included) and EVs of the profile's values
//!   ([`ProfileValues`]);
//! - a flop spot lists every hand, its own reach multiplied from the node
//!   up ([`PokerGame::own_reach`]) and 0 for a hand that holds a dealt
//!   card, without EVs (a flop solve may keep the flop's strategies only).

use crate::games::poker::action::history_notation;
use crate::games::poker::game::path::path_notation;
use crate::games::poker::game::{PokerGame, ProfileValues, Solution, Step, Tree};
use crate::games::poker::position::Position;
use crate::games::poker::spot::Spot;

/// How a solution was found: the algorithm's name, its seed and target.
#[derive(Debug, Clone, PartialEq)]
pub struct SolveRun {
    /// The algorithm's name (`dcfr`, `cfr+`, `mccfr-es`, `mccfr-os`).
    pub algorithm: String,
    /// The seed of Monte Carlo CFR's random numbers (`None` for DCFR and
    /// CFR+, which draw none).
    pub seed: Option<u64>,
    /// The target exploitability in chips (0: none).
    pub target: f64,
}

/// How a view reads a node's hands: each street's own by default (see
/// the module's text); the lab's reports and the solver page pick theirs
/// ([`SolvedSpot::hand_rows_as`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reading {
    /// Every hand, reach multiplied from the root down (0 holding a dealt
    /// card), with the profile's EVs where the spot has a profile.
    RootDown,
    /// Live hands, the profile's reach and EVs (a spot without a profile
    /// reads [`Reading::OwnReach`]).
    Profile,
    /// Every hand, own reach from the node up (0 holding a dealt card), no EV.
    OwnReach,
}

/// A solved spot: everything the views and the save file need.
#[derive(Debug, Clone)]
pub struct SolvedSpot {
    /// The spot that rebuilds the game.
    pub spot: Spot,
    /// The game.
    pub game: PokerGame,
    /// The solution: values, exploitability, the kept strategies.
    pub solution: Solution,
    /// How it was solved.
    pub run: SolveRun,
    /// A turn spot's reach and values under the average strategies.
    profile: Option<ProfileValues>,
}

impl SolvedSpot {
    /// The solved spot; a turn spot's reach and values under the
    /// solution's strategies are computed here (the bytes
    /// [`ProfileValues::bytes`] counts).
    pub fn new(spot: Spot, game: PokerGame, solution: Solution, run: SolveRun) -> SolvedSpot {
        let profile = (game.spot_tree().root_street() == 1)
            .then(|| ProfileValues::new(&game, &solution.strategies));
        SolvedSpot {
            spot,
            game,
            solution,
            run,
            profile,
        }
    }

    /// The root's street: 0 flop, 1 turn, 2 river.
    pub fn street(&self) -> usize {
        self.game.spot_tree().root_street()
    }

    /// The position.
    pub fn position(&self) -> &Position {
        &self.spot.position
    }

    /// The players' names, `[OOP, IP]`.
    pub fn names(&self) -> [&str; 2] {
        let position = self.position();
        [position.oop().name.as_str(), position.ip().name.as_str()]
    }

    /// A turn spot's reach and values under the average strategies.
    pub fn profile(&self) -> Option<&ProfileValues> {
        self.profile.as_ref()
    }

    /// This spot with its reach and values under the solution's
    /// strategies on any street (a river or flop spot computes them here,
    /// the bytes [`ProfileValues::bytes`] counts), for views that read
    /// EVs on every street ([`Reading::Profile`]).
    pub fn with_profile(mut self) -> SolvedSpot {
        if self.profile.is_none() {
            self.profile = Some(ProfileValues::new(&self.game, &self.solution.strategies));
        }
        self
    }

    /// How this spot's views read a node's hands by default.
    pub fn reading(&self) -> Reading {
        match self.street() {
            2 => Reading::RootDown,
            1 => Reading::Profile,
            _ => Reading::OwnReach,
        }
    }

    /// Node `index`'s path after the position's own history ([`node_path`]).
    pub fn path(&self, index: usize) -> String {
        node_path(self.position(), self.game.spot_tree(), index)
    }

    /// Node `index` named in a message ([`node_place`]).
    pub fn place(&self, index: usize) -> String {
        node_place(self.position(), self.game.spot_tree(), index)
    }
}

/// Node `index` of `tree`, the tree of a spot at `position`: its path
/// after the position's own history, a river spot's in history notation
/// (`xb20`), others' as steps with the cards dealt (`x b20 c 2s`).
pub fn node_path(position: &Position, tree: &Tree, index: usize) -> String {
    if tree.root_street() == 2 {
        let mut history = position.history.clone();
        history.extend(tree.actions(index));
        return history_notation(&history, position.chip);
    }
    let mut steps: Vec<Step> = position.history.iter().map(|&a| Step::Action(a)).collect();
    steps.extend(tree.path(index));
    path_notation(&steps, position.chip)
}

/// Node `index` of `tree` named in a message: its [`node_path`] in
/// backquotes, or "the root".
pub fn node_place(position: &Position, tree: &Tree, index: usize) -> String {
    match node_path(position, tree, index) {
        path if path.is_empty() => "the root".to_string(),
        path => format!("`{path}`"),
    }
}
