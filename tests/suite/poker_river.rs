//! The river game's linear-time terminal values against a brute-force
//! evaluation over every hand pair, on random ranges and reaches.

use banluck_lab::cfr::Player;
use banluck_lab::cfr::vector::VectorGame;
use banluck_lab::games::poker::betting::Street;
use banluck_lab::games::poker::card::Board;
use banluck_lab::games::poker::combo::{COMBOS, combo_mask};
use banluck_lab::games::poker::game::{NodeKind, PokerGame, Tree};
use banluck_lab::games::poker::range::Range;
use banluck_lab::games::poker::ranking::RiverRanking;
use banluck_lab::games::poker::sizes::{PlayerSizes, Sizes, StreetSizes};

/// A small deterministic generator (xorshift), in [0, 1).
struct Random(u64);

impl Random {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// A random range: each combo with probability `density`, random weight.
fn random_range(random: &mut Random, density: f64) -> Range {
    let weights = (0..COMBOS)
        .map(|_| {
            if random.next() < density {
                (random.next() as f32).max(0.01)
            } else {
                0.0
            }
        })
        .collect();
    Range::from_weights(weights).unwrap()
}

/// The chip payoff to `player` (zero-sum: EV minus half the root pot) of
/// terminal `node` when its hand's rank is `mine` and the opponent's `theirs`.
fn payoff(tree: &Tree, node: usize, player: usize, mine: u32, theirs: u32) -> f64 {
    let root = &tree.nodes[0];
    let here = &tree.nodes[node];
    let put_in = |p: usize| here.put_in[p] as f64;
    let half = root.pot as f64 / 2.0;
    match here.kind {
        NodeKind::Fold(folder) if folder == player => -(half + put_in(folder)),
        NodeKind::Fold(folder) => half + put_in(folder),
        NodeKind::Showdown => match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => half + put_in(player),
            std::cmp::Ordering::Less => -(half + put_in(player)),
            std::cmp::Ordering::Equal => 0.0,
        },
        _ => unreachable!("payoffs are asked at terminals"),
    }
}

#[test]
fn terminal_values_match_the_brute_force_sum_over_hand_pairs() {
    let board: Board = "Ks8h5d3c2h".parse().unwrap();
    let ranks = RiverRanking::new(&board).unwrap().dense_ranks();
    let sizes = PlayerSizes {
        bet: Sizes::parse("50%").unwrap(),
        raise: Sizes::parse("100%").unwrap(),
    };
    let mut random = Random(0x9e37_79b9_7f4a_7c15);
    for density in [0.05, 0.3, 1.0] {
        let ranges = [0, 1].map(|_| random_range(&mut random, density).without_board(&board));
        let street = StreetSizes::every_street([sizes.clone(), sizes.clone()]);
        let tree = Tree::build(Street::new(60, [150, 150]), &board, &street, None).unwrap();
        let game = PokerGame::new(tree.clone(), &ranges, 1.0).unwrap();
        let combos = [game.combos(0).to_vec(), game.combos(1).to_vec()];
        let weights = [0, 1].map(|p| game.initial_weights(Player::BOTH[p]).to_vec());
        // The normalisation: the weight of all pairs without a shared card.
        let mut pairs = 0.0;
        for (a, wa) in combos[0].iter().zip(&weights[0]) {
            for (b, wb) in combos[1].iter().zip(&weights[1]) {
                if combo_mask(*a as usize) & combo_mask(*b as usize) == 0 {
                    pairs += wa * wb;
                }
            }
        }
        let mut terminals = 0;
        for node in 0..tree.nodes.len() {
            if !matches!(
                tree.nodes[node].kind,
                NodeKind::Fold(_) | NodeKind::Showdown
            ) {
                continue;
            }
            terminals += 1;
            for player in [0, 1] {
                let other = 1 - player;
                let reach: Vec<f64> = (0..combos[other].len()).map(|_| random.next()).collect();
                let mut fast = vec![f64::NAN; combos[player].len()];
                game.terminal_values(node, Player::BOTH[player], &reach, &mut fast);
                for (hand, &combo) in combos[player].iter().enumerate() {
                    let mine = ranks[combo as usize].unwrap();
                    let mut slow = 0.0;
                    for (&theirs, &r) in combos[other].iter().zip(&reach) {
                        if combo_mask(combo as usize) & combo_mask(theirs as usize) == 0 {
                            let theirs = ranks[theirs as usize].unwrap();
                            slow += r * payoff(&tree, node, player, mine, theirs);
                        }
                    }
                    slow /= pairs;
                    assert!(
                        (fast[hand] - slow).abs() < 1e-12,
                        "node {node} player {player} hand {hand}: {} vs {slow}",
                        fast[hand]
                    );
                }
            }
        }
        assert!(terminals >= 5);
    }
}
