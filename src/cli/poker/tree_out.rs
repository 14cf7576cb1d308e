//! The output of `poker tree`: text (nodes depth first, one per line) and
//! JSON (every node, breadth first).

use std::fmt::Write;

use serde_json::{Value, json};

use crate::games::poker::action::{Action, history_notation};
use crate::games::poker::game::{NodeKind, Tree};
use crate::games::poker::position::Position;
use crate::games::poker::range::Range;
use crate::games::poker::sizes::PlayerSizes;

/// The names of OOP and IP.
fn names(position: &Position) -> [&str; 2] {
    [&position.oop().name, &position.ip().name]
}

/// Node `index`'s path: the position's history, then the actions from the
/// tree's root, in history notation (the whole street so far).
fn path(position: &Position, tree: &Tree, index: usize) -> String {
    let mut actions = position.history.clone();
    actions.extend(tree.actions(index));
    history_notation(&actions, position.chip)
}

/// The number of decision nodes and of terminal nodes of a river tree.
fn counts(tree: &Tree) -> (usize, usize) {
    let (decisions, _, nodes) = tree.counts();
    (decisions[2], nodes - decisions[2])
}

/// One action in history notation.
fn notation(position: &Position, action: Action) -> String {
    action.notation(position.chip)
}

/// The tree as JSON: the position, the sizes, and every node.
pub fn tree_json(
    position: &Position,
    ranges: Option<&[Range; 2]>,
    sizes: &[PlayerSizes; 2],
    tree: &Tree,
) -> Value {
    let chip = position.chip;
    let names = names(position);
    let (decisions, terminals) = counts(tree);
    // Nodes are listed and numbered breadth first.
    let order = tree.breadth_first();
    let mut id = vec![0; order.len()];
    for (listed, &index) in order.iter().enumerate() {
        id[index] = listed;
    }
    let nodes: Vec<Value> = order
        .iter()
        .map(|&index| {
            let node = &tree.nodes[index];
            let committed = tree.committed(index);
            let mut value = json!({
                "id": id[index],
                "path": path(position, tree, index),
                "pot": chip.value(node.pot),
                "committed": {
                    names[0]: chip.value(committed[0]),
                    names[1]: chip.value(committed[1]),
                },
            });
            match &node.kind {
                NodeKind::Decision {
                    player,
                    actions,
                    children,
                } => {
                    value["kind"] = json!("decision");
                    value["player"] = json!(names[*player]);
                    value["actions"] = actions
                        .iter()
                        .zip(children)
                        .map(|(&action, &child)| {
                            json!({"action": notation(position, action), "child": id[child]})
                        })
                        .collect();
                }
                NodeKind::Showdown => value["kind"] = json!("showdown"),
                NodeKind::Fold(folder) => {
                    value["kind"] = json!("fold");
                    value["folder"] = json!(names[*folder]);
                }
                NodeKind::Chance { .. } => value["kind"] = json!("deal"),
            }
            value
        })
        .collect();
    json!({
        "position": position.to_string(),
        "oop": names[0],
        "ip": names[1],
        "pot": chip.value(tree.root.pot_now()),
        "stacks": {
            names[0]: chip.value(tree.root.stacks[0]),
            names[1]: chip.value(tree.root.stacks[1]),
        },
        "sizes": {
            names[0]: {"bet": sizes[0].bet.to_string(), "raise": sizes[0].raise.to_string()},
            names[1]: {"bet": sizes[1].bet.to_string(), "raise": sizes[1].raise.to_string()},
        },
        "combos": ranges.map(|[oop, ip]| json!({
            names[0]: {"combos": oop.combo_count(), "weighted": oop.weighted_count()},
            names[1]: {"combos": ip.combo_count(), "weighted": ip.weighted_count()},
        })),
        "decisions": decisions,
        "terminals": terminals,
        "nodes": nodes,
    })
}

/// The tree as text: a header, then one line per node, depth first.
pub fn tree_text(
    position: &Position,
    ranges: Option<&[Range; 2]>,
    sizes: &[PlayerSizes; 2],
    tree: &Tree,
) -> String {
    let chip = position.chip;
    let names = names(position);
    let (decisions, terminals) = counts(tree);
    let mut out = String::new();
    let _ = writeln!(out, "position   {position}");
    let _ = writeln!(
        out,
        "pot {}, stacks {} {} / {} {}, chip {chip}",
        chip.format(tree.root.pot_now()),
        names[0],
        chip.format(tree.root.stacks[0]),
        names[1],
        chip.format(tree.root.stacks[1]),
    );
    for (player, name) in names.iter().enumerate() {
        let _ = write!(
            out,
            "{name:<10} bet [{}] raise [{}]",
            sizes[player].bet, sizes[player].raise
        );
        if let Some(ranges) = ranges {
            let range = &ranges[player];
            let _ = write!(
                out,
                ", range {} combos ({:.2} weighted)",
                range.combo_count(),
                range.weighted_count()
            );
        }
        let _ = writeln!(out);
    }
    let _ = writeln!(
        out,
        "nodes      {} ({decisions} decisions, {terminals} terminals)",
        tree.nodes.len()
    );
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "{:<24} {:<16} {:>8}  actions / commitments",
        "path", "node", "pot"
    );
    let mut stack = vec![0usize];
    while let Some(index) = stack.pop() {
        let node = &tree.nodes[index];
        let path = path(position, tree, index);
        let path = if path.is_empty() {
            "(root)".to_string()
        } else {
            path
        };
        let (what, detail) = match &node.kind {
            NodeKind::Decision {
                player,
                actions,
                children,
            } => {
                stack.extend(children.iter().rev());
                let list: Vec<String> = actions.iter().map(|&a| notation(position, a)).collect();
                (format!("{} acts", names[*player]), list.join(" "))
            }
            NodeKind::Showdown | NodeKind::Fold(_) | NodeKind::Chance { .. } => {
                let what = match node.kind {
                    NodeKind::Fold(folder) => format!("{} folds", names[folder]),
                    _ => "showdown".to_string(),
                };
                let committed = tree.committed(index);
                let detail = format!(
                    "{} {} / {} {}",
                    names[0],
                    chip.format(committed[0]),
                    names[1],
                    chip.format(committed[1])
                );
                (what, detail)
            }
        };
        let _ = writeln!(
            out,
            "{path:<24} {what:<16} {:>8}  {detail}",
            chip.format(node.pot)
        );
    }
    out
}
