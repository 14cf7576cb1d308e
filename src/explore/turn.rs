//! A solved turn spot for the page: the turn's decision nodes and, below
//! each turn line that reaches the river, the river's decision nodes once
//! as a template with the data of every river card.
//!
//! Every number is rounded to what the page shows, as `poker show` prints
//! it: frequencies to 0.1 % (thousandths), EVs to 0.001 chips, a class's
//! share of the actor's range to 0.1 %. They are packed into text (see
//! [`super::pack`]); per node and, on the river, per card one block:
//!
//! - the node's total: each action's reach-weighted frequency, then the
//!   EV (weighted by each hand's chance of being there, `ev_weight`);
//!   a first frequency of [`ABSENT`] when no hand reaches the node, and
//!   nothing else then;
//! - per hand class of the actor's range (in grid order): its share of the
//!   reach, each action's frequency and its EV; a share of [`ABSENT`]
//!   when no combo of the class can be there, and nothing else then;
//! - per combo (turn nodes always; river nodes only when all of them fit
//!   in [`RIVER_COMBO_BUDGET`] characters): each action's frequency and
//!   its EV; a first frequency of [`ABSENT`] for a combo that holds the
//!   river card.
//!
//! The classes' frequencies and EVs are the class lines of `poker show
//! FILE --node PATH --river CARD`, and a combo's those of `--hand COMBO`.

use serde::Serialize;

use crate::games::poker::card::Card;
use crate::games::poker::combo::{combo_mask, combo_name};
use crate::games::poker::game::path::path_notation;
use crate::games::poker::game::{NodeKind, PokerGame, ProfileValues, Solution, Step};
use crate::games::poker::range::HandClass;
use crate::games::poker::solved::SolvedSpot;

use super::ExploreError;
use super::pack::{ABSENT, EvCode, SHORT, push, thousandths};
use super::poker::SpotHeader;

/// The most characters the river nodes' per-combo data may take; beyond
/// it (the issue-17 turn spot, `rules/turn-spot.toml`, would need about
/// 4 MB) the river shows hand classes only, which keeps a page under 2 MB.
pub const RIVER_COMBO_BUDGET: usize = 600_000;

/// A solved turn spot, as the page embeds it.
#[derive(Debug, Clone, Serialize)]
pub struct TurnData {
    /// Where it came from and what the solve found.
    #[serde(flatten)]
    pub header: SpotHeader,
    /// The iterations it ran.
    pub iterations: u64,
    /// The digits of a packed EV.
    pub ev_width: usize,
    /// What was added to an EV in thousandths before packing.
    pub ev_offset: u64,
    /// Each player's combos, 4 characters each, in the solver's order.
    pub hands: [String; 2],
    /// Each player's hand classes, in grid order (pairs and suited first
    /// by row): the order of a block's classes.
    pub classes: [Vec<String>; 2],
    /// The river cards, in the order of a river node's blocks.
    pub cards: Vec<String>,
    /// Whether river blocks carry per-combo data.
    pub river_combos: bool,
    /// The decision nodes, depth first (the root first).
    pub nodes: Vec<TurnNodeData>,
}

/// One decision node of the turn, or one river decision node below a turn
/// line (the same for every river card).
#[derive(Debug, Clone, Serialize)]
pub struct TurnNodeData {
    /// The turn actions in history notation, space separated (`x b20 c`).
    pub path: String,
    /// On the river: the river actions after the card (`""` at the
    /// river's first decision); `None` on the turn.
    pub after: Option<String>,
    /// The acting player: 0 OOP, 1 IP.
    pub player: usize,
    /// The pot at the node (chips).
    pub pot: f64,
    /// The chips each player has behind, `[OOP, IP]`.
    pub stacks: [f64; 2],
    /// The actions in history notation.
    pub actions: Vec<String>,
    /// One packed block on the turn; on the river one per card of
    /// [`TurnData::cards`].
    pub blocks: Vec<String>,
}

/// What a block is made of.
struct Packer<'a> {
    game: &'a PokerGame,
    solution: &'a Solution,
    profile: &'a ProfileValues,
    /// Per player, each hand's class number in `TurnData::classes`.
    class_of: [Vec<usize>; 2],
    classes: [usize; 2],
    ev: EvCode,
}

/// The page's data for the solved turn spot `solved`, named `name`.
pub fn turn_data(name: &str, solved: &SolvedSpot) -> Result<TurnData, ExploreError> {
    let (position, game, solution) = (solved.position(), &solved.game, &solved.solution);
    let algorithm = solved.run.algorithm.as_str();
    let tree = game.spot_tree();
    let bad = |what: &str| ExploreError::Input(format!("{name}: {what}"));
    let profile = solved.profile().ok_or_else(|| bad("not a turn spot"))?;
    if solution.strategies.len() != tree.nodes.len() {
        return Err(bad("the strategies do not fit the spot's tree"));
    }
    let [(oop_classes, oop_of), (ip_classes, ip_of)] = [0, 1].map(|p| hand_classes(game, p));
    let class_names = [oop_classes, ip_classes];
    let root = position.street();
    let start = [0, 1].map(|p| root.stacks[p] - root.committed[p]);
    let chip = position.chip;
    let largest = chip.value(start[0].max(start[1])) + game.pot();
    let packer = Packer {
        game,
        solution,
        profile,
        classes: [class_names[0].len(), class_names[1].len()],
        class_of: [oop_of, ip_of],
        ev: EvCode::for_largest(largest),
    };
    let history: Vec<Step> = position.history.iter().map(|&a| Step::Action(a)).collect();
    let text = |steps: &[Step]| path_notation(&[&history[..], steps].concat(), chip);
    let mut nodes = Vec::new();
    let mut river = Vec::new();
    let mut cards: Option<Vec<Card>> = None;
    for (index, node) in tree.nodes.iter().enumerate() {
        match &node.kind {
            NodeKind::Decision {
                player, actions, ..
            } if node.deals() == 0 => nodes.push(TurnNodeData {
                path: text(&tree.path(index)),
                after: None,
                player: *player,
                pot: chip.value(node.pot),
                stacks: [0, 1].map(|p| chip.value(start[p] - node.put_in[p])),
                actions: actions.iter().map(|a| a.notation(chip)).collect(),
                blocks: vec![packer.block(index, true)],
            }),
            NodeKind::Chance {
                cards: dealt,
                children,
            } => {
                if cards.as_ref().is_some_and(|c| c != dealt) {
                    return Err(bad("the river cards differ between deals"));
                }
                cards = Some(dealt.clone());
                for offset in river_template(game, children)
                    .ok_or_else(|| bad("the river cards' subtrees differ in shape"))?
                {
                    let first = &tree.nodes[children[0] + offset];
                    let NodeKind::Decision {
                        player, actions, ..
                    } = &first.kind
                    else {
                        continue;
                    };
                    let steps = tree.path(children[0] + offset);
                    let dealt = tree.path(children[0]).len();
                    nodes.push(TurnNodeData {
                        path: text(&tree.path(index)),
                        after: Some(path_notation(&steps[dealt..], chip)),
                        player: *player,
                        pot: chip.value(first.pot),
                        stacks: [0, 1].map(|p| chip.value(start[p] - first.put_in[p])),
                        actions: actions.iter().map(|a| a.notation(chip)).collect(),
                        blocks: Vec::new(),
                    });
                    river.push((nodes.len() - 1, children.clone(), offset));
                }
            }
            _ => {}
        }
    }
    // Every river combo's frequencies and EV, were they all kept.
    let combo_chars: usize = river
        .iter()
        .map(|&(node, ref children, _)| {
            let (k, player) = (nodes[node].actions.len(), nodes[node].player);
            children.len() * game.combos(player).len() * (SHORT * k + packer.ev.width)
        })
        .sum();
    let river_combos = combo_chars <= RIVER_COMBO_BUDGET;
    for (node, children, offset) in &river {
        nodes[*node].blocks = children
            .iter()
            .map(|&child| packer.block(child + offset, river_combos))
            .collect();
    }
    if nodes.is_empty() {
        return Err(bad("no decision node"));
    }
    let names = [position.oop().name.clone(), position.ip().name.clone()];
    Ok(TurnData {
        header: SpotHeader {
            name: name.to_string(),
            position: position.to_string(),
            players: names,
            value: solution.value,
            exploitability_pct_pot: solution.exploitability_pct(game.pot()),
            algorithm: algorithm.to_string(),
        },
        iterations: solution.iterations,
        ev_width: packer.ev.width,
        ev_offset: packer.ev.offset,
        hands: [0, 1].map(|p| {
            game.combos(p)
                .iter()
                .map(|&c| combo_name(usize::from(c)))
                .collect()
        }),
        classes: class_names,
        cards: cards
            .unwrap_or_default()
            .iter()
            .map(ToString::to_string)
            .collect(),
        river_combos,
        nodes,
    })
}

/// `player`'s hand classes in grid order, and each hand's class number.
fn hand_classes(game: &PokerGame, player: usize) -> (Vec<String>, Vec<usize>) {
    let of = |&c: &u16| HandClass::of_combo(usize::from(c));
    let mut classes: Vec<HandClass> = game.combos(player).iter().map(of).collect();
    classes.sort_by_key(|class| class.cell());
    classes.dedup();
    let numbers = game
        .combos(player)
        .iter()
        .map(|c| classes.iter().position(|k| *k == of(c)).unwrap_or(0))
        .collect();
    (classes.iter().map(ToString::to_string).collect(), numbers)
}

/// The offsets (from each river card's first node) of the decision nodes
/// below a deal whose cards lead to `children`, or `None` if the cards'
/// subtrees are not all alike (the same nodes, actors and actions).
fn river_template(game: &PokerGame, children: &[usize]) -> Option<Vec<usize>> {
    let tree = game.spot_tree();
    let first = *children.first()?;
    let size = subtree_end(game, first) - first;
    let shape = |node: usize| match &tree.nodes[node].kind {
        NodeKind::Decision {
            player, actions, ..
        } => Some((*player, actions.clone())),
        _ => None,
    };
    for &child in children {
        if subtree_end(game, child) - child != size
            || (0..size).any(|o| shape(child + o) != shape(first + o))
        {
            return None;
        }
    }
    Some((0..size).filter(|&o| shape(first + o).is_some()).collect())
}

/// The number after the last node of `node`'s subtree (nodes are in
/// preorder, so a subtree is one range).
fn subtree_end(game: &PokerGame, node: usize) -> usize {
    match &game.spot_tree().nodes[node].kind {
        NodeKind::Decision { children, .. } | NodeKind::Chance { children, .. } => children
            .last()
            .map_or(node + 1, |&last| subtree_end(game, last)),
        _ => node + 1,
    }
}

/// Reach-weighted sums over some of the actor's hands.
struct Sums {
    weight: f64,
    actions: Vec<f64>,
    /// EV weight times EV, and the EV weight, of the hands with an EV.
    ev: (f64, f64),
}

impl Sums {
    fn new(actions: usize) -> Sums {
        Sums {
            weight: 0.0,
            actions: vec![0.0; actions],
            ev: (0.0, 0.0),
        }
    }

    fn add(&mut self, reach: f64, ps: impl Iterator<Item = f64>, ev: Option<f64>, ev_weight: f64) {
        self.weight += reach;
        for (sum, p) in self.actions.iter_mut().zip(ps) {
            *sum += reach * p;
        }
        if let Some(ev) = ev {
            self.ev.0 += ev_weight * ev;
            self.ev.1 += ev_weight;
        }
    }

    /// Appends each action's frequency and the EV.
    fn pack(&self, out: &mut String, code: &EvCode) {
        for sum in &self.actions {
            push(out, thousandths(sum / self.weight), SHORT);
        }
        code.push(out, (self.ev.1 > 0.0).then(|| self.ev.0 / self.ev.1));
    }
}

impl Packer<'_> {
    /// The packed block of decision node `node` (see the module's notes),
    /// with each combo's data if `combos`.
    fn block(&self, node: usize, combos: bool) -> String {
        let tree_node = &self.game.spot_tree().nodes[node];
        let NodeKind::Decision {
            player, actions, ..
        } = &tree_node.kind
        else {
            return String::new();
        };
        let player = *player;
        let k = actions.len();
        let Some(strategy) = self.solution.strategies[node].as_ref() else {
            return String::new();
        };
        let hands = self.game.combos(player);
        let n = hands.len();
        let dead = tree_node.dead();
        let live = |h: usize| combo_mask(usize::from(hands[h])) & dead == 0;
        let reach = self.profile.reach(node, player);
        let evs = self.profile.hand_evs(self.game, node, player);
        let p = |h: usize| (0..k).map(move |a| strategy[a * n + h]);
        let mut total = Sums::new(k);
        let mut classes: Vec<Sums> = (0..self.classes[player]).map(|_| Sums::new(k)).collect();
        let mut seen = vec![false; self.classes[player]];
        for h in (0..n).filter(|&h| live(h)) {
            let (ev, ev_weight) = evs[h];
            total.add(reach[h], p(h), ev, ev_weight);
            let class = self.class_of[player][h];
            classes[class].add(reach[h], p(h), ev, ev_weight);
            seen[class] = true;
        }
        let mut out = String::new();
        if total.weight <= 0.0 {
            push(&mut out, u64::from(ABSENT), SHORT);
            return out;
        }
        total.pack(&mut out, &self.ev);
        for (class, sums) in classes.iter().enumerate() {
            if !seen[class] || sums.weight <= 0.0 {
                push(&mut out, u64::from(ABSENT), SHORT);
                continue;
            }
            push(&mut out, thousandths(sums.weight / total.weight), SHORT);
            sums.pack(&mut out, &self.ev);
        }
        if combos {
            for (h, &(ev, _)) in evs.iter().enumerate() {
                if !live(h) {
                    push(&mut out, u64::from(ABSENT), SHORT);
                    continue;
                }
                for q in p(h) {
                    push(&mut out, thousandths(q), SHORT);
                }
                self.ev.push(&mut out, ev);
            }
        }
        out
    }
}

#[cfg(test)]
#[path = "turn_tests.rs"]
mod tests;
