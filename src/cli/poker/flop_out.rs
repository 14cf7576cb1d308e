//! The output of `poker solve` for flop spots: the solution's summary
//! (with the tree's size, the isomorphism's reduction and the memory) and
//! the flop's decision nodes (or, for `poker show`, any decision node) as
//! JSON in the river's shape, which
//! [`super::solve_out::solution_text`] prints as text.

use serde_json::{Value, json};

use crate::games::poker::combo::{combo_mask, combo_name};
use crate::games::poker::game::path::path_notation;
use crate::games::poker::game::{NodeKind, PokerGame, Solution, Step};
use crate::games::poker::position::Position;
use crate::games::poker::sizes::PlayerSizes;
use crate::games::poker::sizes::StreetSizes;

/// The solution's summary (no nodes; the caller adds the algorithm, the
/// seed and the target).
pub fn flop_summary(
    position: &Position,
    game: &PokerGame,
    sizes: &StreetSizes,
    solution: &Solution,
) -> Value {
    let pot = game.pot();
    let (decisions, deals, nodes) = game.spot_tree().counts();
    let [turn, river] = game.isomorphism();
    let street = |sizes: &[PlayerSizes; 2]| {
        let of = |p: usize| json!({"bet": sizes[p].bet.to_string(), "raise": sizes[p].raise.to_string()});
        json!({"oop": of(0), "ip": of(1)})
    };
    json!({
        "position": position.to_string(),
        "oop": position.oop().name,
        "ip": position.ip().name,
        "pot": pot,
        "value": {"oop": solution.value[0], "ip": solution.value[1]},
        "exploitability": solution.exploitability,
        "exploitability_pct_pot": solution.exploitability_pct(pot),
        "bracket": solution.bracket,
        "iterations": solution.iterations,
        "seconds": solution.seconds,
        "memory_bytes": solution.memory_bytes,
        "sizes": {"flop": street(&sizes.flop), "turn": street(&sizes.turn), "river": street(&sizes.river)},
        "tree": {
            "nodes": nodes,
            "decisions": {"flop": decisions[0], "turn": decisions[1], "river": decisions[2]},
            "deals": deals,
        },
        "isomorphism": {
            "turn": {"dealt": turn[0], "solved": turn[1]},
            "river": {"dealt": river[0], "solved": river[1]},
        },
        "buckets": game.buckets().map(|b| b.count()),
        "infosets": infosets_json(game),
    })
}

/// The information sets of the full game and of the game solved (the
/// abstract one with `--buckets`, else the same): the exploitability is
/// always measured in the full game.
pub fn infosets_json(game: &PokerGame) -> Value {
    let [full, solved] = game.infosets();
    json!({"full": full, "solved": solved})
}

/// The flop's decision nodes in preorder, each as [`node_json`] shows it.
pub fn flop_json(position: &Position, game: &PokerGame, solution: &Solution) -> Value {
    let tree = game.spot_tree();
    let nodes = (0..tree.nodes.len())
        .filter(|&index| tree.nodes[index].deals() == 0)
        .filter_map(|index| node_json(position, game, solution, index))
        .collect();
    Value::Array(nodes)
}

/// Decision node `index` (on any street; `None` elsewhere or without a
/// strategy) with its path, actor, pot, actions, and per hand of the
/// actor its reach (initial weight times its own strategy on the way; 0
/// for a hand that holds a dealt card) and average strategy.
pub fn node_json(
    position: &Position,
    game: &PokerGame,
    solution: &Solution,
    index: usize,
) -> Option<Value> {
    let tree = game.spot_tree();
    let node = &tree.nodes[index];
    let NodeKind::Decision {
        player, actions, ..
    } = &node.kind
    else {
        return None;
    };
    let strategy = solution.strategies[index].as_ref()?;
    let names = [position.oop().name.as_str(), position.ip().name.as_str()];
    let combos = game.combos(*player);
    let hands = combos.len();
    let dead = node.dead();
    let reach: Vec<f64> = game
        .own_reach(&solution.strategies, index, *player)
        .into_iter()
        .zip(combos)
        .map(|(r, &c)| {
            if combo_mask(usize::from(c)) & dead == 0 {
                r
            } else {
                0.0
            }
        })
        .collect();
    let mut steps: Vec<Step> = position.history.iter().map(|&a| Step::Action(a)).collect();
    steps.extend(tree.path(index));
    Some(json!({
        "path": path_notation(&steps, position.chip),
        "player": names[*player],
        "pot": position.chip.value(node.pot),
        "actions": actions.iter().map(|a| a.notation(position.chip)).collect::<Vec<_>>(),
        "hands": combos.iter().map(|&c| combo_name(usize::from(c))).collect::<Vec<_>>(),
        "reach": reach,
        "strategy": (0..hands)
            .map(|h| (0..actions.len()).map(|k| strategy[k * hands + h]).collect::<Vec<_>>())
            .collect::<Vec<_>>(),
    }))
}
