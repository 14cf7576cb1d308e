//! The output of `poker solve` and `poker show`: the solution as JSON, and
//! text made from that JSON (so a saved solution prints like a fresh one).

use std::fmt::Write;

use serde_json::{Value, json};

use crate::games::poker::action::history_notation;
use crate::games::poker::card::Card;
use crate::games::poker::combo::{combo_index, combo_name};
use crate::games::poker::game::{PokerGame, Solution};
use crate::games::poker::position::Position;
use crate::games::poker::range::{HandClass, Range};

/// The solution as JSON: the spot, the algorithm and its seed (`null` for
/// DCFR and CFR+), value, exploitability, bracket, and per decision node its path, actor, actions, and for each of the actor's
/// hands its reach and average strategy.
pub fn solution_json(
    position: &Position,
    game: &PokerGame,
    solution: &Solution,
    algorithm: &str,
    seed: Option<u64>,
    target: f64,
) -> Value {
    let names = [position.oop().name.as_str(), position.ip().name.as_str()];
    let tree = game.spot_tree();
    let chip = position.chip;
    let mut nodes = Vec::new();
    // Nodes are listed breadth first.
    for decision in game.decisions_breadth_first(&solution.strategies) {
        let (index, player, actions, strategy) = (
            decision.index,
            decision.player,
            decision.actions,
            decision.strategy,
        );
        let node = &tree.nodes[index];
        let hands = game.combos(player).len();
        let mut history = position.history.clone();
        history.extend(tree.actions(index));
        let per_hand: Vec<Value> = (0..hands)
            .map(|h| {
                json!(
                    (0..actions.len())
                        .map(|k| strategy[k * hands + h])
                        .collect::<Vec<_>>()
                )
            })
            .collect();
        nodes.push(json!({
            "path": history_notation(&history, chip),
            "player": names[player],
            "pot": chip.value(node.pot),
            "actions": actions.iter().map(|a| a.notation(chip)).collect::<Vec<_>>(),
            "hands": game.combos(player).iter().map(|&c| combo_name(c as usize)).collect::<Vec<_>>(),
            "reach": decision.reach,
            "strategy": per_hand,
        }));
    }
    let pot = game.pot();
    json!({
        "position": position.to_string(),
        "oop": names[0],
        "ip": names[1],
        "pot": pot,
        "algorithm": algorithm,
        "seed": seed,
        "target": target,
        "value": {"oop": solution.value[0], "ip": solution.value[1]},
        "exploitability": solution.exploitability,
        "exploitability_pct_pot": solution.exploitability_pct(pot),
        "bracket": solution.bracket,
        "iterations": solution.iterations,
        "seconds": solution.seconds,
        "nodes": nodes,
    })
}

/// A number field of `value`, or an error naming it.
fn number(value: &Value, key: &str) -> Result<f64, String> {
    value[key]
        .as_f64()
        .ok_or_else(|| format!("not a saved solution: no number `{key}`"))
}

/// A string field of `value`, or an error naming it.
fn string<'a>(value: &'a Value, key: &str) -> Result<&'a str, String> {
    value[key]
        .as_str()
        .ok_or_else(|| format!("not a saved solution: no text `{key}`"))
}

/// The class (`AA`, `AKs`) of a combo written like `AsKd`.
fn class_of(name: &str) -> Option<HandClass> {
    combo_of(name).map(HandClass::of_combo)
}

/// A share as a percentage with one decimal.
fn percent(share: f64) -> String {
    format!("{:.1} %", 100.0 * share)
}

/// The solution as text: value, exploitability and bracket (and memory,
/// if recorded), then one decision node (`node` by path, the root by
/// default) with its aggregate frequencies and a line per hand class of
/// the acting player (with its EV where the node records EVs), and a line
/// per combo of `hands` if given.
pub fn solution_text(
    solution: &Value,
    node: Option<&str>,
    hands: Option<&Range>,
) -> Result<String, String> {
    let nodes = solution["nodes"]
        .as_array()
        .ok_or("not a saved solution: no `nodes`")?;
    let chosen = match node {
        None => nodes.first().ok_or("the solution has no decision node")?,
        Some(path) => nodes.iter().find(|n| n["path"] == path).ok_or_else(|| {
            let known: Vec<&str> = nodes.iter().filter_map(|n| n["path"].as_str()).collect();
            format!(
                "--node {path}: no decision node has this path; decision nodes: {}",
                known
                    .iter()
                    .map(|p| if p.is_empty() { "\"\" (root)" } else { p })
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })?,
    };
    let (oop, ip) = (string(solution, "oop")?, string(solution, "ip")?);
    let pot = number(solution, "pot")?;
    let value = &solution["value"];
    let bracket = &solution["bracket"];
    let mut out = String::new();
    let w = &mut out;
    let _ = writeln!(w, "position  {}", string(solution, "position")?);
    let _ = writeln!(
        w,
        "value     {oop} {:.4}  {ip} {:.4}  (chips; they sum to the pot {pot})",
        number(value, "oop")?,
        number(value, "ip")?
    );
    // Monte Carlo CFR's seed after its name; none for DCFR and CFR+.
    let seed = solution["seed"]
        .as_u64()
        .map_or(String::new(), |seed| format!(" seed {seed}"));
    let _ = writeln!(
        w,
        "exploit.  {:.5} chips = {:.4} % of the pot ({}{seed}, {} iterations, {:.3} s)",
        number(solution, "exploitability")?,
        number(solution, "exploitability_pct_pot")?,
        string(solution, "algorithm")?,
        number(solution, "iterations")?,
        number(solution, "seconds")?
    );
    let _ = writeln!(
        w,
        "bracket   {oop}'s game value is in [{:.4}, {:.4}]",
        bracket[0]
            .as_f64()
            .ok_or("not a saved solution: no `bracket`")?,
        bracket[1]
            .as_f64()
            .ok_or("not a saved solution: no `bracket`")?
    );
    if let Some(bytes) = solution["memory_bytes"].as_f64() {
        let _ = writeln!(
            w,
            "memory    {:.1} MB (solver arrays and game tables)",
            bytes / 1e6
        );
    }
    if let Some(buckets) = solution["buckets"].as_u64() {
        let infosets = &solution["infosets"];
        let _ = writeln!(
            w,
            "buckets   at most {buckets} per board on the turn and river: {} information sets solved of the full game's {} (exploitability measured in the full game)",
            infosets["solved"], infosets["full"]
        );
    }
    node_text(w, chosen, hands)?;
    Ok(out)
}

/// One decision node: who acts, the aggregate frequencies, and the
/// frequencies per hand class (weighted by each hand's reach), with the
/// EV if the node has per-hand `ev` (weighted by `ev_weight`, else by
/// reach); then each combo of
/// `filter` that the actor holds.
fn node_text(w: &mut String, node: &Value, filter: Option<&Range>) -> Result<(), String> {
    let bad = || "not a saved solution: a node lacks actions, hands, reach or strategy".to_string();
    let actions: Vec<&str> = node["actions"]
        .as_array()
        .ok_or_else(bad)?
        .iter()
        .map(|a| a.as_str().ok_or_else(bad))
        .collect::<Result<_, _>>()?;
    let hands = node["hands"].as_array().ok_or_else(bad)?;
    let reach = node["reach"].as_array().ok_or_else(bad)?;
    let strategy = node["strategy"].as_array().ok_or_else(bad)?;
    let evs = node["ev"].as_array();
    let ev_weights = node["ev_weight"].as_array();
    if hands.len() != reach.len()
        || hands.len() != strategy.len()
        || evs.is_some_and(|evs| evs.len() != hands.len())
        || ev_weights.is_some_and(|weights| weights.len() != hands.len())
    {
        return Err(bad());
    }
    let player = string(node, "player")?;
    let path = string(node, "path")?;
    let _ = writeln!(
        w,
        "node      {} {player} to act, pot {}",
        if path.is_empty() { "(root)" } else { path },
        number(node, "pot")?
    );
    // Per grid cell: total reach, reach-weighted action sums, and the
    // weighted EV sum with its weight.
    let mut cells = vec![vec![Cell::new(actions.len()); 13]; 13];
    let mut total = Cell::new(actions.len());
    let mut combos = Vec::new();
    for (index, ((hand, reach), probabilities)) in hands.iter().zip(reach).zip(strategy).enumerate()
    {
        let name = hand.as_str().ok_or_else(bad)?;
        let class = class_of(name).ok_or_else(bad)?;
        let reach = reach.as_f64().ok_or_else(bad)?;
        let probabilities = probabilities.as_array().ok_or_else(bad)?;
        if probabilities.len() != actions.len() {
            return Err(bad());
        }
        let ev = evs.and_then(|evs| evs[index].as_f64());
        let ev_weight = ev_weights.and_then(|w| w[index].as_f64()).unwrap_or(reach);
        let mut single = Cell::new(actions.len());
        let (row, column) = class.cell();
        for target in [&mut cells[row][column], &mut total, &mut single] {
            target.weight += reach;
            for (sum, p) in target.sums.iter_mut().zip(probabilities) {
                *sum += reach * p.as_f64().ok_or_else(bad)?;
            }
            if let Some(ev) = ev {
                target.ev.0 += ev_weight * ev;
                target.ev.1 += ev_weight;
            }
        }
        if filter.is_some_and(|range| combo_of(name).is_some_and(|c| range.weight(c) > 0.0)) {
            combos.push((name, single, probabilities, ev));
        }
    }
    let line = |cell: &Cell| -> String {
        let mut text = actions
            .iter()
            .zip(&cell.sums)
            .map(|(action, sum)| format!("{action} {}", percent(sum / cell.weight)))
            .collect::<Vec<_>>()
            .join(", ");
        if cell.ev.1 > 0.0 {
            let _ = write!(text, " · EV {:.3}", cell.ev.0 / cell.ev.1);
        }
        text
    };
    if total.weight <= 0.0 {
        let _ = writeln!(w, "strategy  (no hand of {player} reaches this node)");
        return Ok(());
    }
    let _ = writeln!(w, "strategy  {player}: {}", line(&total));
    for (row, cells) in cells.iter().enumerate() {
        for (column, cell) in cells.iter().enumerate() {
            if cell.weight > 0.0 && filter.is_none() {
                let class = HandClass::at_cell(row, column);
                let _ = writeln!(w, "  {player} {class}: {}", line(cell));
            }
        }
    }
    if filter.is_some() && combos.is_empty() {
        let _ = writeln!(w, "hands     {player} holds none of the --hand combos here");
    }
    for (name, cell, probabilities, ev) in combos {
        let shares: Vec<String> = actions
            .iter()
            .zip(probabilities)
            .map(|(action, p)| format!("{action} {}", percent(p.as_f64().unwrap_or(0.0))))
            .collect();
        let ev = ev.map_or(String::new(), |ev| format!(" · EV {ev:.3}"));
        let _ = writeln!(
            w,
            "  {player} {name}: {}{ev} (reach {})",
            shares.join(", "),
            if cell.weight >= 1e-3 {
                format!("{:.4}", cell.weight)
            } else {
                format!("{:.3e}", cell.weight)
            }
        );
    }
    Ok(())
}

/// Reach-weighted sums over the hands of a grid cell (or all hands).
#[derive(Clone)]
struct Cell {
    /// The total reach.
    weight: f64,
    /// Per action, reach times probability.
    sums: Vec<f64>,
    /// EV weight times EV, and the EV weight of the hands with an EV.
    ev: (f64, f64),
}

impl Cell {
    /// Nothing summed, for `actions` actions.
    fn new(actions: usize) -> Cell {
        Cell {
            weight: 0.0,
            sums: vec![0.0; actions],
            ev: (0.0, 0.0),
        }
    }
}

/// The combo index of a combo written like `AsKd`.
fn combo_of(name: &str) -> Option<usize> {
    let a: Card = name.get(0..2)?.parse().ok()?;
    let b: Card = name.get(2..4)?.parse().ok()?;
    (a != b).then(|| combo_index(a, b))
}
