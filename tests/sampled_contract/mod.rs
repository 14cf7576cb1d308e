//! The [`SampledGame`] contract checked pair by pair against the exact
//! vector form, for the test files of Monte Carlo CFR (the river and toys
//! in `mccfr.rs`, the turn in `turn_mccfr.rs`).

use banluck_lab::cfr::Player;
use banluck_lab::cfr::vector::{DealSampler, NodeKind, SampledGame, VectorGame};

/// Per node, the parent and the index of the node among its children.
fn parents(game: &impl VectorGame) -> Vec<Option<(usize, usize)>> {
    let tree = game.tree();
    let mut parents = vec![None; tree.num_nodes()];
    for node in 0..tree.num_nodes() {
        for (k, &child) in tree.children(node).iter().enumerate() {
            parents[child] = Some((node, k));
        }
    }
    parents
}

/// Checks every terminal node and hand pair of `game`: the pair's deal
/// probability, chance probabilities and payoff against the terminal values
/// with a one-hot opponent reach, for both players; and that deal
/// probabilities sum to 1.
pub fn check_pair_payoffs(name: &str, game: &impl SampledGame) {
    let tree = game.tree();
    let parents = parents(game);
    let deals = DealSampler::new(game).unwrap();
    let weights = Player::BOTH.map(|p| game.initial_weights(p));
    let mut total = 0.0;
    for h0 in 0..weights[0].len() {
        for h1 in 0..weights[1].len() {
            total += deals.probability(game, [h0, h1]);
        }
    }
    assert!((total - 1.0).abs() < 1e-9, "{name}: deals sum to {total}");
    for node in (0..tree.num_nodes()).filter(|&n| tree.kind(n) == NodeKind::Terminal) {
        // The chance outcomes on the way, and the tree's weight of them.
        let mut path = Vec::new();
        let mut at = node;
        while let Some((parent, k)) = parents[at] {
            if tree.kind(parent) == NodeKind::Chance {
                path.push((parent, k));
            }
            at = parent;
        }
        let tree_weight: f64 = path.iter().map(|&(c, k)| tree.weights(c)[k]).product();
        for player in Player::BOTH {
            let (me, other) = (player.index(), 1 - player.index());
            let mut reach = vec![0.0; weights[other].len()];
            let mut out = vec![0.0; weights[me].len()];
            for theirs in 0..weights[other].len() {
                reach.fill(0.0);
                reach[theirs] = tree_weight;
                game.terminal_values(node, player, &reach, &mut out);
                for (mine, &value) in out.iter().enumerate() {
                    let mut hands = [0; 2];
                    (hands[me], hands[other]) = (mine, theirs);
                    let chance: f64 = path
                        .iter()
                        .map(|&(c, k)| game.chance_probability(c, k, hands))
                        .product();
                    let expected = deals.probability(game, hands)
                        * chance
                        * player.sign()
                        * game.payoff(node, hands);
                    let got = weights[me][mine] * weights[other][theirs] * value;
                    assert!(
                        (got - expected).abs() < 1e-12,
                        "{name}: node {node}, {player:?}, hands {hands:?}: {got} vs {expected}"
                    );
                }
            }
        }
    }
}
