//! The turn report's EVs at the start of the turn: per player, the mean
//! chip EV of each made-hand category with its share of the range, and
//! of each 13×13 hand class, from the reported rows of the root.

use serde::Serialize;

use super::data::Decision;
use super::grids::RANKS;
use crate::games::poker::eval::Category;
use crate::games::poker::lab::nodes::category_name;
use crate::games::poker::range::HandClass;

/// One made-hand category's share of a range and its EV.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CategoryEv {
    /// The category (`two pair`).
    pub category: String,
    /// Its share of the range (by the chance of holding it).
    pub share: f64,
    /// Its mean chip EV.
    pub ev: f64,
}

/// One row of a 13×13 EV grid.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EvRow {
    /// The row's rank.
    pub label: &'static str,
    /// 13 cells: the class's mean chip EV, whole chips, or empty.
    pub cells: Vec<String>,
}

/// A player's EV at the start of the turn, by category and by class.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerEvs {
    /// The player.
    pub player: String,
    /// The player's value (chips).
    pub value: f64,
    /// By category, strongest first.
    pub categories: Vec<CategoryEv>,
    /// By 13×13 class.
    pub grid: Vec<EvRow>,
}

/// One row per hand of `player` at `node` (its first row).
fn hands_at<'a>(rows: &[&'a Decision], node: &str, player: &str) -> Vec<&'a Decision> {
    let mut seen: Vec<&str> = Vec::new();
    let mut hands = Vec::new();
    for row in rows {
        if row.node == node && row.player == player && !seen.contains(&row.hand.as_str()) {
            seen.push(&row.hand);
            hands.push(*row);
        }
    }
    hands
}

/// The weighted mean EV and the weight of `hands`.
fn mean_ev<'a>(hands: impl Iterator<Item = &'a &'a Decision>) -> (f64, f64) {
    let (mut sum, mut weight) = (0.0, 0.0);
    for hand in hands {
        if let (Some(ev), Some(w)) = (hand.ev, hand.ev_weight) {
            sum += w * ev;
            weight += w;
        }
    }
    (if weight > 0.0 { sum / weight } else { 0.0 }, weight)
}

/// A player's EVs at the root node `root`.
pub(super) fn player_evs(rows: &[&Decision], root: &str, player: &str, value: f64) -> PlayerEvs {
    let hands = hands_at(rows, root, player);
    let (_, total) = mean_ev(hands.iter());
    let categories = Category::ALL
        .iter()
        .rev()
        .map(|&c| category_name(c))
        .filter_map(|name| {
            let of: Vec<&Decision> = hands
                .iter()
                .copied()
                .filter(|h| h.category.as_deref() == Some(name))
                .collect();
            let (ev, weight) = mean_ev(of.iter());
            (weight > 0.0).then(|| CategoryEv {
                category: name.to_string(),
                share: weight / total,
                ev,
            })
        })
        .collect();
    let grid = RANKS
        .iter()
        .enumerate()
        .map(|(r, &label)| EvRow {
            label,
            cells: (0..13)
                .map(|c| {
                    let class = HandClass::at_cell(r, c).to_string();
                    let of: Vec<&Decision> =
                        hands.iter().copied().filter(|h| h.class == class).collect();
                    let (ev, weight) = mean_ev(of.iter());
                    if weight > 0.0 {
                        format!("{ev:.0}")
                    } else {
                        String::new()
                    }
                })
                .collect(),
        })
        .collect();
    PlayerEvs {
        player: player.to_string(),
        value,
        categories,
        grid,
    }
}
