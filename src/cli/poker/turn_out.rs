//! The output of `poker solve` and `poker show` for turn spots: the
//! solution's summary and its decision nodes as JSON in the river's shape
//! (text is made from it by [`super::solve_out::solution_text`]),
//! node paths with the river card (`x b20 c 2s b33`), per-hand EVs.

use serde_json::{Value, json};

use crate::games::poker::action::Action;
use crate::games::poker::combo::combo_name;
use crate::games::poker::game::path::path_notation;
use crate::games::poker::game::{NodeKind, PokerGame, ProfileValues, Step};
use crate::games::poker::position::Position;
use crate::games::poker::turn::SavedTurn;

/// The solution's summary (no nodes): the spot, value, exploitability,
/// bracket, memory, the sizes on each street and the tree's size.
pub fn turn_summary(position: &Position, game: &PokerGame, saved: &SavedTurn) -> Value {
    let names = [position.oop().name.as_str(), position.ip().name.as_str()];
    let solution = &saved.solution;
    let pot = game.pot();
    let ([_, turn_decisions, _], deals, nodes) = game.spot_tree().counts();
    let sizes = |street: usize| {
        let of = |p: usize| {
            let [bet, raise] = &saved.spot.sizes[street][p];
            json!({"bet": bet, "raise": raise})
        };
        json!({"oop": of(0), "ip": of(1)})
    };
    json!({
        "position": position.to_string(),
        "oop": names[0],
        "ip": names[1],
        "pot": pot,
        "algorithm": saved.algorithm,
        "seed": saved.seed,
        "target": saved.target,
        "value": {"oop": solution.value[0], "ip": solution.value[1]},
        "exploitability": solution.exploitability,
        "exploitability_pct_pot": solution.exploitability_pct(pot),
        "bracket": solution.bracket,
        "iterations": solution.iterations,
        "seconds": solution.seconds,
        "memory_bytes": solution.memory_bytes,
        "hash": saved.spot.hash(),
        "sizes": {"turn": sizes(0), "river": sizes(1)},
        "tree": {"nodes": nodes, "turn_decisions": turn_decisions, "deals": deals},
    })
}

/// The path of `node` written out, after the position's own history.
pub fn node_path(position: &Position, game: &PokerGame, node: usize) -> String {
    let mut steps: Vec<Step> = position.history.iter().map(|&a| Step::Action(a)).collect();
    steps.extend(game.spot_tree().path(node));
    path_notation(&steps, position.chip)
}

/// Decision node `node` as JSON: path, actor, pot, river card, actions, and
/// for each of the actor's hands that can be there (not holding the river
/// card) its reach, average strategy, EV in chips and the chance of being
/// there with it (`ev_weight`, which weighs EVs of several hands).
pub fn node_json(
    position: &Position,
    game: &PokerGame,
    saved: &SavedTurn,
    profile: &ProfileValues,
    node: usize,
) -> Value {
    let names = [position.oop().name.as_str(), position.ip().name.as_str()];
    let tree_node = &game.spot_tree().nodes[node];
    let NodeKind::Decision {
        player, actions, ..
    } = &tree_node.kind
    else {
        return Value::Null;
    };
    let strategy = saved.solution.strategies[node]
        .as_ref()
        .expect("a decision node has a strategy");
    let combos = game.combos(*player);
    let hands = combos.len();
    let dead = tree_node.dead();
    let reach = profile.reach(node, *player);
    let evs = profile.hand_evs(game, node, *player);
    let live: Vec<usize> = (0..hands)
        .filter(|&h| {
            let combo = usize::from(combos[h]);
            crate::games::poker::combo::combo_mask(combo) & dead == 0
        })
        .collect();
    json!({
        "path": node_path(position, game, node),
        "player": names[*player],
        "pot": position.chip.value(tree_node.pot),
        "river": tree_node.dealt[0].map(|card| card.to_string()),
        "actions": actions.iter().map(|a| a.notation(position.chip)).collect::<Vec<_>>(),
        "hands": live.iter().map(|&h| combo_name(usize::from(combos[h]))).collect::<Vec<_>>(),
        "reach": live.iter().map(|&h| reach[h]).collect::<Vec<_>>(),
        "strategy": live
            .iter()
            .map(|&h| (0..actions.len()).map(|k| strategy[k * hands + h]).collect::<Vec<_>>())
            .collect::<Vec<_>>(),
        "ev": live.iter().map(|&h| evs[h].0).collect::<Vec<_>>(),
        "ev_weight": live.iter().map(|&h| evs[h].1).collect::<Vec<_>>(),
    })
}

/// The solution as JSON: the summary and every decision node on the turn
/// (the river's nodes are many; `poker show` reads them from the file).
pub fn turn_json(
    position: &Position,
    game: &PokerGame,
    saved: &SavedTurn,
    profile: &ProfileValues,
) -> Value {
    let mut json = turn_summary(position, game, saved);
    let nodes: Vec<Value> = game
        .spot_tree()
        .nodes
        .iter()
        .enumerate()
        .filter(|(_, n)| n.deals() == 0 && matches!(n.kind, NodeKind::Decision { .. }))
        .map(|(index, _)| node_json(position, game, saved, profile, index))
        .collect();
    json["nodes"] = Value::Array(nodes);
    json
}

/// The node that `steps` lead to from the root, after the position's
/// history (which `steps` may repeat); at the deal `river` stands in for a
/// missing card. It must be a decision node.
pub fn find_node(
    position: &Position,
    game: &PokerGame,
    steps: &[Step],
    river: Option<crate::games::poker::card::Card>,
) -> Result<usize, String> {
    let history: Vec<Step> = position.history.iter().map(|&a| Step::Action(a)).collect();
    let steps = steps.strip_prefix(&history[..]).unwrap_or(steps);
    let tree = game.spot_tree();
    let chip = position.chip;
    let mut at = 0;
    let mut river_used = false;
    let mut steps = steps.iter().copied().peekable();
    loop {
        let next = match (&tree.nodes[at].kind, steps.peek()) {
            (NodeKind::Chance { .. }, Some(Step::Deal(card))) => {
                let card = *card;
                steps.next();
                if river.is_some_and(|r| r != card) {
                    return Err(format!("the path deals {card} but --river says otherwise"));
                }
                Step::Deal(card)
            }
            (NodeKind::Chance { .. }, _) if river.is_some() && !river_used => {
                river_used = true;
                Step::Deal(river.expect("checked"))
            }
            (_, Some(&step)) => {
                steps.next();
                step
            }
            (_, None) => break,
        };
        river_used |= matches!(next, Step::Deal(_));
        at = match tree.find_from(at, next) {
            Some(child) => child,
            None => {
                let here = node_path(position, game, at);
                let here = if here.is_empty() {
                    "the root".to_string()
                } else {
                    format!("`{here}`")
                };
                return Err(match &tree.nodes[at].kind {
                    NodeKind::Decision { actions, .. } => format!(
                        "`{}` is no action at {here}; the actions there: {}",
                        next.notation(chip),
                        actions
                            .iter()
                            .map(|a: &Action| a.notation(chip))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                    NodeKind::Chance { .. } => format!(
                        "at {here} the river is dealt: `{}` is no card left in the deck",
                        next.notation(chip)
                    ),
                    _ => format!("the hand is over at {here}"),
                });
            }
        };
    }
    if river.is_some() && !river_used {
        return Err("--river: the path does not reach the river".to_string());
    }
    let here = node_path(position, game, at);
    match tree.nodes[at].kind {
        NodeKind::Decision { .. } => Ok(at),
        NodeKind::Chance { .. } => Err(format!(
            "`{here}` reaches the deal: add the river card to the path (`{here} 2s`) or give --river"
        )),
        _ => Err(format!("`{here}` ends the hand: no decision to show")),
    }
}
