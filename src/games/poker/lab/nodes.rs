//! The decision nodes a solve reports, as the lab's `strategies` rows:
//! per node the hands of a player as the interpreter reads them
//! ([`NodeView`], [`HandRow`]: reach, average strategy and, on a turn
//! spot, EV), each with its made-hand category on the node's board; and
//! each action's share of the reaching range. Which nodes a report lists
//! is [`super::output`]'s (a turn spot's in [`super::turn_nodes`]).

use crate::games::poker::action::Action;
use crate::games::poker::card::Card;
use crate::games::poker::combo::{combo_cards, combo_mask, combo_name};
use crate::games::poker::eval::{Category, strength};
use crate::games::poker::range::HandClass;
use crate::games::poker::solved::{Aggregate, HandRow, NodeView, SolvedSpot};
use crate::lab::Cell;

/// One player's hands at a reported node.
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
    /// The player's hands, in hand order.
    pub hands: Vec<HandRow>,
    /// The board at the node (three to five cards).
    pub board: Vec<Card>,
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

impl NodeRows {
    /// The rows of `view`, a decision node of `solved`, for its actor.
    pub fn of(solved: &SolvedSpot, view: NodeView) -> NodeRows {
        let chip = solved.position().chip;
        let mut board = solved.position().board.cards().to_vec();
        board.extend(view.dealt.iter().flatten());
        NodeRows {
            index: view.index,
            path: view.path,
            role: ["OOP", "IP"][view.player],
            actions: view
                .actions
                .iter()
                .map(|&a| (a, a.notation(chip)))
                .collect(),
            hands: view.hands,
            board,
        }
    }

    /// Each action's share of the reaching range (reach-weighted; 0
    /// where nothing reaches).
    pub fn aggregate(&self) -> Vec<f64> {
        let mut total = Aggregate::new(self.actions.len());
        for row in &self.hands {
            total.add(row);
        }
        (0..self.actions.len())
            .map(|k| {
                if total.weight > 0.0 {
                    total.frequency(k)
                } else {
                    0.0
                }
            })
            .collect()
    }

    /// The decision rows: per hand, per action (per hand one row without
    /// an action or a frequency for the player who does not act).
    pub fn rows(&self) -> Vec<Vec<Cell>> {
        let mut rows = Vec::with_capacity(self.hands.len() * self.actions.len());
        for hand in &self.hands {
            let name = combo_name(hand.combo);
            let class = HandClass::of_combo(hand.combo).to_string();
            let category = category_of(hand.combo, &self.board).map(str::to_string);
            let (ev, weight) = match hand.ev {
                Some(ev) => (Cell::from(ev.ev), Cell::F64(ev.weight)),
                None => (Cell::Null, Cell::Null),
            };
            let actions: Vec<(Cell, Cell)> = if self.actions.is_empty() {
                vec![(Cell::Null, Cell::Null)]
            } else {
                self.actions
                    .iter()
                    .zip(&hand.strategy)
                    .map(|((_, action), &p)| (Cell::Str(action.clone()), Cell::F64(p)))
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
                    Cell::F64(hand.reach),
                    Cell::from(category.clone()),
                    ev.clone(),
                    weight.clone(),
                ]);
            }
        }
        rows
    }
}
