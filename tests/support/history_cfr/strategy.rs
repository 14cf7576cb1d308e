//! Behaviour strategies: dense over a tree's action slots for the
//! algorithms, keyed by information set for callers.

use std::collections::BTreeMap;

use banluck_lab::cfr::Player;
use serde::{Deserialize, Serialize};

use super::tree::Tree;

/// A behaviour-strategy profile of both players: a probability for every
/// action slot of a [`Tree`].
#[derive(Clone, Debug, PartialEq)]
pub struct Profile {
    probabilities: Vec<f64>,
}

impl Profile {
    /// Every action of every information set equally likely.
    pub fn uniform(tree: &Tree) -> Profile {
        Profile::from_fn(tree, |_, labels| {
            vec![1.0 / labels.len() as f64; labels.len()]
        })
    }

    /// The profile choosing, at each information set, the probabilities
    /// `choose(key, action_labels)`.
    ///
    /// # Panics
    /// If `choose` returns a vector whose length is not the number of actions.
    pub fn from_fn(tree: &Tree, mut choose: impl FnMut(&str, &[String]) -> Vec<f64>) -> Profile {
        let mut probabilities = Vec::with_capacity(tree.num_slots());
        for infoset in 0..tree.num_infosets() {
            let labels = tree.action_labels(infoset);
            let chosen = choose(tree.infoset_key(infoset), labels);
            assert_eq!(chosen.len(), labels.len(), "one probability per action");
            probabilities.extend(chosen);
        }
        Profile { probabilities }
    }

    /// Wraps probabilities laid out by action slot.
    pub(super) fn from_slots(probabilities: Vec<f64>) -> Profile {
        Profile { probabilities }
    }

    /// The probability of every action slot.
    pub(super) fn slots(&self) -> &[f64] {
        &self.probabilities
    }

    /// The action probabilities at information set `infoset` of `tree`.
    pub fn action_probabilities(&self, tree: &Tree, infoset: usize) -> &[f64] {
        &self.probabilities[tree.action_slots(infoset)]
    }

    /// The profile keyed by information-set key, with action labels.
    pub fn to_strategy(&self, tree: &Tree) -> Strategy {
        let infosets = (0..tree.num_infosets())
            .map(|infoset| {
                let entry = InfosetStrategy {
                    player: tree.infoset_player(infoset),
                    actions: tree.action_labels(infoset).to_vec(),
                    probabilities: self.action_probabilities(tree, infoset).to_vec(),
                };
                (tree.infoset_key(infoset).to_owned(), entry)
            })
            .collect();
        Strategy { infosets }
    }
}

/// What a player does at one information set.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct InfosetStrategy {
    /// Who acts.
    pub player: Player,
    /// The action labels, in the game's order.
    pub actions: Vec<String>,
    /// The probability of each action.
    pub probabilities: Vec<f64>,
}

impl InfosetStrategy {
    /// The probability of the action labelled `action`.
    pub fn probability(&self, action: &str) -> Option<f64> {
        let position = self.actions.iter().position(|label| label == action)?;
        Some(self.probabilities[position])
    }
}

/// A behaviour-strategy profile keyed by information-set key.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Strategy {
    infosets: BTreeMap<String, InfosetStrategy>,
}

impl Strategy {
    /// The strategy at the information set with this key.
    pub fn get(&self, key: &str) -> Option<&InfosetStrategy> {
        self.infosets.get(key)
    }

    /// All information sets in key order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &InfosetStrategy)> {
        self.infosets
            .iter()
            .map(|(key, entry)| (key.as_str(), entry))
    }
}
