//! The decision nodes a solve reports: per node the acting player's hands
//! with their reach, the average strategy, the made-hand category on the
//! node's board and, on a turn spot, each hand's EV; as `strategies` rows
//! and as each action's share of the reaching range. [`river_nodes`]
//! lists every node of a river spot (the turn spot's are in
//! [`super::turn_nodes`]).

use crate::games::poker::action::{Action, history_notation};
use crate::games::poker::card::Card;
use crate::games::poker::combo::{combo_cards, combo_mask, combo_name};
use crate::games::poker::eval::{Category, strength};
use crate::games::poker::game::path::path_notation;
use crate::games::poker::game::{NodeKind, PokerGame, Step};
use crate::games::poker::range::HandClass;
use crate::lab::Cell;

use super::spot::CompiledSpot;

/// One decision node's strategy with the acting player's reach.
#[derive(Debug, Clone)]
pub struct NodeRows {
    /// The node's number in its game's tree.
    pub index: usize,
    /// The node's path (history notation on the river, path notation with
    /// the river card on a turn spot).
    pub path: String,
    /// `OOP` or `IP`: the acting player (or the other one, without
    /// actions).
    pub role: &'static str,
    /// The actions and their notation (none for the player who does not
    /// act at the node, whose hands are listed for their EVs).
    pub actions: Vec<(Action, String)>,
    /// The acting player's combos.
    pub combos: Vec<u16>,
    /// Each hand's reach: its range weight times its own actions'
    /// frequencies on the way (0 for a hand holding the river card).
    pub reach: Vec<f64>,
    /// The average strategy, `[action × hand]`.
    pub strategy: Vec<f64>,
    /// The board at the node (four or five cards).
    pub board: Vec<Card>,
    /// Per hand, its chip EV at the node given that it is there (`None`
    /// where no opponent hand meets it) and the chance of being there with
    /// it; `None` where not computed (river spots).
    pub evs: Option<Vec<(Option<f64>, f64)>>,
}

/// The words for a made-hand category.
pub fn category_name(category: Category) -> &'static str {
    match category {
        Category::HighCard => "high card",
        Category::Pair => "pair",
        Category::TwoPair => "two pair",
        Category::Trips => "trips",
        Category::Straight => "straight",
        Category::Flush => "flush",
        Category::FullHouse => "full house",
        Category::Quads => "quads",
        Category::StraightFlush => "straight flush",
    }
}

/// The made-hand category of `combo` on `board`, `None` where they share
/// a card.
pub fn category_of(combo: usize, board: &[Card]) -> Option<&'static str> {
    let board_mask = board.iter().fold(0, |mask, card| mask | card.bit());
    if combo_mask(combo) & board_mask != 0 {
        return None;
    }
    let (a, b) = combo_cards(combo);
    let mut cards = board.to_vec();
    cards.extend([a, b]);
    Some(category_name(strength(&cards).category()))
}

/// What a street spot's report gives a decision node's rows about the
/// acting player beyond the tree (see [`NodeRows::street_decision`]).
pub struct StreetHands {
    /// The actor's combos.
    pub combos: Vec<u16>,
    /// Each hand's reach.
    pub reach: Vec<f64>,
    /// The board at the node.
    pub board: Vec<Card>,
    /// Each hand's EV and chance of being there, where reported.
    pub evs: Option<Vec<(Option<f64>, f64)>>,
}

impl NodeRows {
    /// Decision node `index` of a street tree (a turn or flop spot's) of
    /// the solved `spot`, or `None` where the node (of kind `kind`) is no
    /// decision or has no strategy: its path is the spot's history then
    /// `steps` (the node's path from the tree's root), its actions and
    /// strategy the node's, and its hands what `hands(actor)` gives.
    pub fn street_decision(
        spot: &CompiledSpot,
        index: usize,
        kind: &NodeKind,
        steps: Vec<Step>,
        strategies: &[Option<Vec<f64>>],
        hands: impl FnOnce(usize) -> StreetHands,
    ) -> Option<NodeRows> {
        let NodeKind::Decision {
            player, actions, ..
        } = kind
        else {
            return None;
        };
        let strategy = strategies[index].clone()?;
        let chip = spot.position.chip;
        let mut path: Vec<Step> = spot
            .position
            .history
            .iter()
            .map(|&a| Step::Action(a))
            .collect();
        path.extend(steps);
        let StreetHands {
            combos,
            reach,
            board,
            evs,
        } = hands(*player);
        Some(NodeRows {
            index,
            path: path_notation(&path, chip),
            role: ["OOP", "IP"][*player],
            actions: actions.iter().map(|&a| (a, a.notation(chip))).collect(),
            combos,
            reach,
            strategy,
            board,
            evs,
        })
    }

    /// Each action's share of the reaching range (reach-weighted).
    pub fn aggregate(&self) -> Vec<f64> {
        let hands = self.combos.len();
        let total: f64 = self.reach.iter().sum();
        (0..self.actions.len())
            .map(|k| {
                let sum: f64 = (0..hands)
                    .map(|h| self.reach[h] * self.strategy[k * hands + h])
                    .sum();
                if total > 0.0 { sum / total } else { 0.0 }
            })
            .collect()
    }

    /// The decision rows: per hand, per action (per hand one row without
    /// an action or a frequency for the player who does not act).
    pub fn rows(&self) -> Vec<Vec<Cell>> {
        let hands = self.combos.len();
        let mut rows = Vec::with_capacity(hands * self.actions.len());
        for (h, &combo) in self.combos.iter().enumerate() {
            let name = combo_name(combo as usize);
            let class = HandClass::of_combo(combo as usize).to_string();
            let category = category_of(combo as usize, &self.board).map(str::to_string);
            let (ev, weight) = match &self.evs {
                Some(evs) => (Cell::from(evs[h].0), Cell::F64(evs[h].1)),
                None => (Cell::Null, Cell::Null),
            };
            let actions: Vec<(Cell, Cell)> = if self.actions.is_empty() {
                vec![(Cell::Null, Cell::Null)]
            } else {
                self.actions
                    .iter()
                    .enumerate()
                    .map(|(k, (_, action))| {
                        (
                            Cell::Str(action.clone()),
                            Cell::F64(self.strategy[k * hands + h]),
                        )
                    })
                    .collect()
            };
            for (action, frequency) in actions {
                rows.push(vec![
                    Cell::Str(self.path.clone()),
                    Cell::Str(self.role.to_string()),
                    Cell::Str(name.clone()),
                    Cell::Str(class.clone()),
                    action,
                    frequency,
                    Cell::F64(self.reach[h]),
                    Cell::from(category.clone()),
                    ev.clone(),
                    weight.clone(),
                ]);
            }
        }
        rows
    }
}

/// Every decision node of a solved river spot, in tree order, with each
/// acting hand's reach (initial weight times its own action frequencies
/// on the way, as `poker solve --json` reports it).
pub fn river_nodes(
    spot: &CompiledSpot,
    game: &PokerGame,
    strategies: &[Option<Vec<f64>>],
) -> Vec<NodeRows> {
    let tree = game.spot_tree();
    let chip = spot.position.chip;
    let mut nodes = Vec::new();
    // A river spot's nodes are listed breadth first.
    for decision in game.decisions_breadth_first(strategies) {
        let (index, player) = (decision.index, decision.player);
        let mut history = spot.position.history.clone();
        history.extend(tree.actions(index));
        nodes.push(NodeRows {
            index,
            path: history_notation(&history, chip),
            role: ["OOP", "IP"][player],
            actions: decision
                .actions
                .iter()
                .map(|&a| (a, a.notation(chip)))
                .collect(),
            combos: game.combos(player).to_vec(),
            reach: decision.reach,
            strategy: decision.strategy.to_vec(),
            board: spot.position.board.cards().to_vec(),
            evs: None,
        });
    }
    nodes
}
