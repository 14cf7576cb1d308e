//! `poker solve --json` and `poker show --json`: the solved spot's
//! summary and decision nodes as JSON. Every street has the spot, the
//! solve's settings and results; a turn spot adds its memory, its
//! settings' hash, its sizes and tree; a flop spot its memory, sizes,
//! tree, suit isomorphism, buckets and information sets. A node has its
//! path, actor, pot, actions and per hand of the actor its combo, reach,
//! strategy and equity; on a turn spot also the river card and each
//! hand's EV and its weight.

use serde_json::{Value, json};

use crate::games::poker::combo::combo_name;
use crate::games::poker::game::PokerGame;
use crate::games::poker::sizes::PlayerSizes;
use crate::games::poker::solved::{NodeView, SolvedSpot, SpotSettings};

/// The solved spot's summary with `nodes`.
pub fn solution_json(solved: &SolvedSpot, nodes: &[NodeView]) -> Value {
    let solution = &solved.solution;
    let [oop, ip] = solved.names();
    let pot = solved.game.pot();
    let mut json = json!({
        "position": solved.position().to_string(),
        "oop": oop,
        "ip": ip,
        "pot": pot,
        "algorithm": solved.run.algorithm,
        "seed": solved.run.seed,
        "target": solved.run.target,
        "value": {"oop": solution.value[0], "ip": solution.value[1]},
        "exploitability": solution.exploitability,
        "exploitability_pct_pot": solution.exploitability_pct(pot),
        "bracket": solution.bracket,
        "iterations": solution.iterations,
        "seconds": solution.seconds,
        "nodes": nodes.iter().map(|view| node_json(solved, view)).collect::<Vec<_>>(),
    });
    let game = &solved.game;
    let (decisions, deals, count) = game.spot_tree().counts();
    let sizes = &solved.spot.sizes;
    match solved.street() {
        1 => {
            json["memory_bytes"] = json!(solution.memory_bytes);
            json["hash"] = json!(SpotSettings::of(&solved.spot).hash());
            json["sizes"] =
                json!({"turn": street_sizes(&sizes.turn), "river": street_sizes(&sizes.river)});
            json["tree"] = json!({"nodes": count, "turn_decisions": decisions[1], "deals": deals});
        }
        0 => {
            let [turn, river] = game.isomorphism();
            json["memory_bytes"] = json!(solution.memory_bytes);
            json["sizes"] = json!({
                "flop": street_sizes(&sizes.flop),
                "turn": street_sizes(&sizes.turn),
                "river": street_sizes(&sizes.river),
            });
            json["tree"] = json!({
                "nodes": count,
                "decisions": {"flop": decisions[0], "turn": decisions[1], "river": decisions[2]},
                "deals": deals,
            });
            json["isomorphism"] = json!({
                "turn": {"dealt": turn[0], "solved": turn[1]},
                "river": {"dealt": river[0], "solved": river[1]},
            });
            json["buckets"] = json!(game.buckets().map(|b| b.count()));
            json["infosets"] = infosets_json(game);
        }
        _ => {}
    }
    json
}

/// One street's sizes per player.
fn street_sizes(sizes: &[PlayerSizes; 2]) -> Value {
    let of =
        |p: usize| json!({"bet": sizes[p].bet.to_string(), "raise": sizes[p].raise.to_string()});
    json!({"oop": of(0), "ip": of(1)})
}

/// The information sets of the full game and of the game solved (the
/// abstract one with `--buckets`, else the same): the exploitability is
/// always measured in the full game.
pub fn infosets_json(game: &PokerGame) -> Value {
    let [full, solved] = game.infosets();
    json!({"full": full, "solved": solved})
}

/// One decision node.
fn node_json(solved: &SolvedSpot, view: &NodeView) -> Value {
    let chip = solved.position().chip;
    let hands = &view.hands;
    let mut json = json!({
        "path": view.path,
        "player": solved.names()[view.player],
        "pot": view.pot,
        "actions": view.actions.iter().map(|a| a.notation(chip)).collect::<Vec<_>>(),
        "hands": hands.iter().map(|h| combo_name(h.combo)).collect::<Vec<_>>(),
        "reach": hands.iter().map(|h| h.reach).collect::<Vec<_>>(),
        "strategy": hands.iter().map(|h| h.strategy.clone()).collect::<Vec<_>>(),
        "equity": hands.iter().map(|h| h.equity).collect::<Vec<_>>(),
    });
    if solved.street() == 1 {
        json["river"] = json!(view.dealt[0].map(|card| card.to_string()));
        json["ev"] = json!(
            hands
                .iter()
                .map(|h| h.ev.and_then(|ev| ev.ev))
                .collect::<Vec<_>>()
        );
        json["ev_weight"] = json!(
            hands
                .iter()
                .map(|h| h.ev.map_or(0.0, |ev| ev.weight))
                .collect::<Vec<_>>()
        );
    }
    json
}
