//! The [`SampledGame`] contract checked against the exact vector form, for
//! the test files of Monte Carlo CFR (the river and toys in `mccfr.rs`,
//! the turn in `turn_mccfr.rs`): pair by pair against the terminal values,
//! and sampled play against the exact value of a profile.

use banluck_lab::cfr::vector::{
    DealSampler, NodeKind, SampledGame, VectorGame, VectorSolver, pick,
};
use banluck_lab::cfr::{Algorithm, Bounds, Iterate, Player};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

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

/// DCFR's average strategy after `iterations`, per node, and its exact
/// value and bounds.
pub fn dcfr_profile(game: &impl VectorGame, iterations: u64) -> (Vec<Option<Vec<f64>>>, Bounds) {
    let mut solver = VectorSolver::new(game, Algorithm::DCFR);
    for _ in 0..iterations {
        solver.iterate();
    }
    let bounds = solver.measure();
    let nodes = game.tree().num_nodes();
    (
        (0..nodes).map(|n| solver.average_strategy(n)).collect(),
        bounds,
    )
}

/// Plays one sampled deal under `profile`; the payoff to player 0.
fn play(
    game: &impl SampledGame,
    deals: &DealSampler,
    profile: &[Option<Vec<f64>>],
    rng: &mut Xoshiro256PlusPlus,
) -> f64 {
    let tree = game.tree();
    let hands = deals.sample(game, rng);
    let mut node = 0;
    loop {
        let children = tree.children(node);
        let next = match tree.kind(node) {
            NodeKind::Terminal => return game.payoff(node, hands),
            NodeKind::Chance => {
                let weights: Vec<f64> = (0..children.len())
                    .map(|k| game.chance_probability(node, k, hands))
                    .collect();
                pick(&weights, rng)
            }
            NodeKind::Decision(actor) => {
                let strategy = profile[node].as_ref().unwrap();
                let width = game.initial_weights(actor).len();
                let hand = hands[actor.index()];
                let weights: Vec<f64> = (0..children.len())
                    .map(|a| strategy[a * width + hand])
                    .collect();
                pick(&weights, rng)
            }
        };
        node = children[next];
    }
}

/// The z-score of sampled play under DCFR's average profile against the
/// profile's exact vector-form value.
pub fn sampled_value_z(game: &impl SampledGame, samples: usize) -> f64 {
    let (profile, bounds) = dcfr_profile(game, 30);
    let deals = DealSampler::new(game).unwrap();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(17);
    let (mut sum, mut squares) = (0.0, 0.0);
    for _ in 0..samples {
        let payoff = play(game, &deals, &profile, &mut rng);
        sum += payoff;
        squares += payoff * payoff;
    }
    let n = samples as f64;
    let mean = sum / n;
    let variance = (squares / n - mean * mean) * n / (n - 1.0);
    (mean - bounds.value) / (variance / n).sqrt()
}
