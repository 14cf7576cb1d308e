//! Games written out as explicit trees, for the engine's tests.

use std::fmt;

use banluck_lab::cfr::Player;

use super::game::{Game, Turn};

/// A game tree written out node by node.
pub enum Spec {
    /// Payoff to player 0.
    Terminal(f64),
    /// Outcomes with their probabilities.
    Chance(Vec<(f64, Spec)>),
    /// A decision of `player` at information set `key`.
    Decision {
        player: Player,
        key: &'static str,
        actions: Vec<(&'static str, Spec)>,
    },
}

/// A move: the index of the branch taken and its label.
#[derive(Clone, Copy, Debug)]
pub struct Branch(usize, &'static str);

impl fmt::Display for Branch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.1)
    }
}

impl Spec {
    /// The node reached by following `path` from here.
    fn at(&self, path: &[usize]) -> &Spec {
        path.iter().fold(self, |node, &branch| match node {
            Spec::Terminal(_) => panic!("a path goes below a terminal"),
            Spec::Chance(outcomes) => &outcomes[branch].1,
            Spec::Decision { actions, .. } => &actions[branch].1,
        })
    }
}

impl Game for Spec {
    type State = Vec<usize>;
    type Action = Branch;

    fn initial_state(&self) -> Vec<usize> {
        Vec::new()
    }

    fn turn(&self, state: &Vec<usize>) -> Turn {
        match self.at(state) {
            Spec::Terminal(_) => Turn::Terminal,
            Spec::Chance(_) => Turn::Chance,
            Spec::Decision { player, .. } => Turn::Decision(*player),
        }
    }

    fn chance_outcomes(&self, state: &Vec<usize>) -> Vec<(Branch, f64)> {
        match self.at(state) {
            Spec::Chance(outcomes) => outcomes
                .iter()
                .enumerate()
                .map(|(i, (p, _))| (Branch(i, "chance"), *p))
                .collect(),
            _ => panic!("not a chance node"),
        }
    }

    fn legal_actions(&self, state: &Vec<usize>) -> Vec<Branch> {
        match self.at(state) {
            Spec::Decision { actions, .. } => actions
                .iter()
                .enumerate()
                .map(|(i, (label, _))| Branch(i, label))
                .collect(),
            _ => panic!("not a decision node"),
        }
    }

    fn next_state(&self, state: &Vec<usize>, action: &Branch) -> Vec<usize> {
        let mut next = state.clone();
        next.push(action.0);
        next
    }

    fn infoset_key(&self, state: &Vec<usize>) -> String {
        match self.at(state) {
            Spec::Decision { key, .. } => (*key).to_owned(),
            _ => panic!("not a decision node"),
        }
    }

    fn payoff(&self, state: &Vec<usize>) -> f64 {
        match self.at(state) {
            Spec::Terminal(payoff) => *payoff,
            _ => panic!("not a terminal node"),
        }
    }
}

/// A zero-sum matrix game: player 0 picks a row, player 1 a column without
/// seeing it; `payoffs[row][column]` goes to player 0.
pub fn matrix_game(payoffs: &[&[f64]]) -> Spec {
    let columns = |row: &[f64]| Spec::Decision {
        player: Player::P1,
        key: "column",
        actions: row
            .iter()
            .zip(["c0", "c1", "c2"])
            .map(|(&payoff, label)| (label, Spec::Terminal(payoff)))
            .collect(),
    };
    Spec::Decision {
        player: Player::P0,
        key: "row",
        actions: payoffs
            .iter()
            .zip(["r0", "r1", "r2"])
            .map(|(row, label)| (label, columns(row)))
            .collect(),
    }
}
