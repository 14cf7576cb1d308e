//! The turn solver's game on spots with known answers: chance weights that
//! sum to one for every pair of hands, terminal values against a pair by
//! pair brute force, a clairvoyance spot (one side has the nuts on every
//! river) against its closed form, a checked-down spot against the exact
//! river equities, and values inside their brackets.

use banluck_lab::cfr::vector::{NodeKind, VectorGame};
use banluck_lab::cfr::{Algorithm, Player};
use banluck_lab::games::poker::card::Card;
use banluck_lab::games::poker::chips::Chip;
use banluck_lab::games::poker::combo::{combo_cards, combo_mask, combo_name};
use banluck_lab::games::poker::eval::strength;
use banluck_lab::games::poker::game::NodeKind as TreeKind;
use banluck_lab::games::poker::game::SolveOptions;
use banluck_lab::games::poker::game::{Keep, PokerGame, ProfileValues, Solution, Tree, solve};
use banluck_lab::games::poker::position::Position;
use banluck_lab::games::poker::sizes::PlayerSizes;
use banluck_lab::games::poker::sizes::Sizes;
use banluck_lab::games::poker::sizes::StreetSizes;

/// The game of `position` with both players' `[bet, raise]` sizes on the
/// turn and on the river.
fn game(position: &str, turn: [&str; 2], river: [&str; 2]) -> PokerGame {
    let position = Position::parse(position, Chip::default()).unwrap();
    let ranges = position.ranges(&[]).unwrap();
    let sizes = |[bet, raise]: [&str; 2]| PlayerSizes {
        bet: Sizes::parse(bet).unwrap(),
        raise: Sizes::parse(raise).unwrap(),
    };
    let sizes = StreetSizes {
        flop: Default::default(),
        turn: [sizes(turn), sizes(turn)],
        river: [sizes(river), sizes(river)],
    };
    let tree = Tree::build(position.street(), &position.board, &sizes, None).unwrap();
    PokerGame::new(tree, &ranges, 1.0).unwrap()
}

/// Solves to `target` chips (or `max` iterations) and checks the value
/// against its bracket and the pot.
fn solved(game: &PokerGame, target: f64, max: u64) -> Solution {
    let options = SolveOptions {
        algorithm: Algorithm::DCFR,
        target,
        max_iterations: max,
        check_every: 10,
    };
    let solution = solve(game, &options, Keep::All);
    let [low, high] = solution.bracket;
    assert!(
        low <= solution.value[0] + 1e-9 && solution.value[0] <= high + 1e-9,
        "{:?} outside {:?}",
        solution.value,
        solution.bracket
    );
    assert!((solution.value[0] + solution.value[1] - game.pot()).abs() < 1e-9);
    solution
}

/// Whether two hands (combo indices) share no card.
fn apart(a: u16, b: u16) -> bool {
    combo_mask(usize::from(a)) & combo_mask(usize::from(b)) == 0
}

const MIXED: &str =
    "OOP:AA,KQs,T9s,76s,A5s,QJo:S100/IP:QQ-99,AJs,KJs,87s,J8s:S100|P30|Td9d6h/Qc||>OOP";

#[test]
fn the_chance_weights_sum_to_one_for_every_pair_of_hands() {
    let game = game(MIXED, ["50%", "100%"], ["75%", ""]);
    let tree = game.spot_tree();
    // 48 river cards; with both hands' four cards gone, 44 remain.
    assert!((tree.chance_weights[0] - 1.0 / 44.0).abs() < 1e-15);
    let mut deals = 0;
    for (index, node) in tree.nodes.iter().enumerate() {
        let TreeKind::Chance { cards, .. } = &node.kind else {
            continue;
        };
        deals += 1;
        assert_eq!(cards.len(), 48);
        let weights = game.tree().weights(index);
        for &oop in game.combos(0) {
            for &ip in game.combos(1).iter().filter(|&&ip| apart(oop, ip)) {
                let held = combo_mask(usize::from(oop)) | combo_mask(usize::from(ip));
                let sum: f64 = cards
                    .iter()
                    .zip(weights)
                    .filter(|(card, _)| card.bit() & held == 0)
                    .map(|(_, weight)| weight)
                    .sum();
                assert!((sum - 1.0).abs() < 1e-12, "{oop} {ip}: {sum}");
            }
        }
    }
    assert!(deals > 3, "{deals}");
}

#[test]
fn the_tree_is_numbered_so_each_river_card_has_a_contiguous_subtree() {
    let game = game(MIXED, ["50%", ""], ["75%", ""]);
    let tree = game.spot_tree();
    let public = game.tree();
    // Preorder: a node's subtree is the range up to its next sibling.
    for (index, node) in tree.nodes.iter().enumerate() {
        if let TreeKind::Chance { children, .. } = &node.kind {
            for (k, &child) in children.iter().enumerate() {
                let end = children.get(k + 1).copied().unwrap_or_else(|| {
                    (child..tree.nodes.len())
                        .find(|&n| n > child && tree.nodes[n].deals() == 0)
                        .unwrap_or(tree.nodes.len())
                });
                let river = tree.nodes[child].dealt;
                assert!((child..end).all(|n| tree.nodes[n].dealt == river));
                assert!((child + 1..end).all(|n| tree.nodes[n].parent.unwrap().0 >= child));
            }
            assert_eq!(public.kind(index), NodeKind::Chance);
        }
    }
}

/// A small generator of numbers in 0..1 (a fixed sequence).
fn uniform(state: &mut u64) -> f64 {
    *state = state
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (*state >> 11) as f64 / (1u64 << 53) as f64
}

#[test]
fn terminal_values_match_the_pair_by_pair_payoffs() {
    let game = game(MIXED, ["50%", ""], ["75%", ""]);
    let public = game.tree();
    let mut state = 7;
    let mut checked = 0;
    for node in (0..public.num_nodes()).filter(|&n| public.kind(n) == NodeKind::Terminal) {
        // Every turn terminal, and every 7th river terminal.
        if game.spot_tree().nodes[node].deals() > 0 && node % 7 != 0 {
            continue;
        }
        for player in Player::BOTH {
            let me = player.index();
            let reach: Vec<f64> = (0..game.combos(1 - me).len())
                .map(|_| uniform(&mut state))
                .collect();
            // The reach holds the chance weights on the way; the game adds none.
            let mut out = vec![f64::NAN; game.combos(me).len()];
            game.terminal_values(node, player, &reach, &mut out);
            for (h, &value) in out.iter().enumerate() {
                let expected: f64 = (0..reach.len())
                    .map(|o| {
                        let (oop, ip) = if me == 0 { (h, o) } else { (o, h) };
                        let payoff = game.pair_payoff(node, oop, ip).unwrap_or(0.0);
                        let sign = if me == 0 { 1.0 } else { -1.0 };
                        reach[o] * sign * payoff
                    })
                    .sum::<f64>()
                    / game.pair_weight();
                assert!(
                    (value - expected).abs() < 1e-12,
                    "node {node}: {value} {expected}"
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 50, "{checked}");
}

#[test]
fn a_clairvoyance_spot_with_the_nuts_on_every_river_matches_its_closed_form() {
    // Board KsKdKh2c: OOP's KcQc is quads on every river, its 4c3c loses to
    // IP's AhAd (kings full of aces) on every river. OOP holds the nuts
    // with weight 1 and air with 0.5 (x = 2/3 of the pairs). OOP may bet
    // 50 % on the turn, IP may only call or fold, the river is checked
    // down. With pot P and bet B, OOP's EV is x P (P + 2B) / (P + B), IP
    // calls P / (P + B) and air bluffs x B / ((1 - x)(P + B)).
    let spot = "OOP:KcQc,4c3c:0.5:S150/IP:AhAd:S150|P60|KsKdKh/2c||>OOP";
    let position = Position::parse(spot, Chip::default()).unwrap();
    let ranges = position.ranges(&[]).unwrap();
    let none = PlayerSizes::default();
    let bet = PlayerSizes {
        bet: Sizes::parse("50%").unwrap(),
        raise: Sizes::default(),
    };
    let sizes = StreetSizes {
        flop: Default::default(),
        turn: [bet, none.clone()],
        river: [none.clone(), none],
    };
    let tree = Tree::build(position.street(), &position.board, &sizes, None).unwrap();
    let game = PokerGame::new(tree, &ranges, 1.0).unwrap();
    let (pot, bet, x) = (60.0, 30.0, 2.0 / 3.0);
    // About 6000 iterations reach 1e-4 chips; the value is then within
    // 1e-9 of the closed form.
    let solution = solved(&game, 1e-4, 200_000);
    assert!(solution.exploitability <= 1e-4, "{solution:?}");
    let value = x * pot * (pot + 2.0 * bet) / (pot + bet);
    assert!(
        (solution.value[0] - value).abs() < 1e-6,
        "{:?} vs {value}",
        solution.value
    );
    assert!(solution.bracket[0] <= value + 1e-9 && value <= solution.bracket[1] + 1e-9);
    let tree = game.spot_tree();
    let TreeKind::Decision { children, .. } = &tree.nodes[0].kind else {
        panic!("the root is a decision")
    };
    let names: Vec<String> = game
        .combos(0)
        .iter()
        .map(|&c| combo_name(c.into()))
        .collect();
    let (nuts, air) = (
        names.iter().position(|n| n == "KcQc").unwrap(),
        names.iter().position(|n| n == "4c3c").unwrap(),
    );
    let root = solution.strategies[0].as_ref().unwrap();
    assert!((root[2 + nuts] - 1.0).abs() < 1e-3, "{root:?}");
    let bluff = x * bet / ((1.0 - x) * (pot + bet));
    assert!((root[2 + air] - bluff).abs() < 1e-3, "{root:?} vs {bluff}");
    let facing = solution.strategies[children[1]].as_ref().unwrap();
    assert!((facing[1] - pot / (pot + bet)).abs() < 1e-2, "{facing:?}");
}

#[test]
fn a_checked_down_turn_is_worth_the_exact_river_equity() {
    // No bets on either street: OOP's value is the pot times its equity
    // over every pair of hands and every river card they leave, counted
    // hand by hand with the seven-card evaluator.
    let game = game(MIXED, ["", ""], ["", ""]);
    let solution = solved(&game, 0.0, 1);
    let board: Vec<Card> = game.spot_tree().board.cards().to_vec();
    let (mut share, mut weight) = (0.0, 0.0);
    for (o, &oop) in game.combos(0).iter().enumerate() {
        for (i, &ip) in game.combos(1).iter().enumerate() {
            if !apart(oop, ip) {
                continue;
            }
            let held = combo_mask(oop.into()) | combo_mask(ip.into());
            let (a, b) = combo_cards(oop.into());
            let (c, d) = combo_cards(ip.into());
            let pair = game.weights(0)[o] * game.weights(1)[i];
            for river in (0..52).map(Card::from_index) {
                if held & river.bit() != 0 || board.contains(&river) {
                    continue;
                }
                let mut seven = board.clone();
                seven.push(river);
                let (mut first, mut second) = (seven.clone(), seven);
                first.extend([a, b]);
                second.extend([c, d]);
                let outcome = match strength(&first).cmp(&strength(&second)) {
                    std::cmp::Ordering::Greater => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Less => 0.0,
                };
                share += pair * outcome / 44.0;
                weight += pair / 44.0;
            }
        }
    }
    let equity = game.pot() * share / weight;
    assert!(
        (solution.value[0] - equity).abs() < 1e-9,
        "{:?} vs {equity}",
        solution.value
    );
    assert!(solution.exploitability.abs() < 1e-9, "{solution:?}");
}

#[test]
fn saved_strategies_give_back_the_solved_value_and_hand_evs() {
    let game = game(MIXED, ["33%, 75%", "60%"], ["33%, 75%", "60%"]);
    let solution = solved(&game, 0.01, 10_000);
    let profile = ProfileValues::new(&game, &solution.strategies);
    for (player, value) in Player::BOTH.into_iter().zip(solution.value) {
        let root = profile.root_value(&game, player, game.pot());
        assert!((root - value).abs() < 1e-9, "{root} vs {value}");
        // The hands' EVs weighted by their chance average to the value.
        let evs = profile.hand_evs(&game, 0, player.index());
        let (sum, weight) = evs.iter().fold((0.0, 0.0), |(s, w), &(ev, chance)| {
            (s + ev.unwrap_or(0.0) * chance, w + chance)
        });
        assert!(
            (sum / weight - value).abs() < 1e-9,
            "{} vs {value}",
            sum / weight
        );
    }
}

#[test]
fn paired_fold_and_showdown_values_equal_the_terminals_valued_one_by_one() {
    // Ranges that share combos, whose copies of a hand the fold adds back.
    let overlapping =
        "OOP:AA,KK,AQs,QJs,T9s,A5s,87o:S100/IP:AA,KK,QQ,AQs,QJs,J8s,87o:S100|P30|Td9d6h/Qc||>OOP";
    let game = game(overlapping, ["50%", "100%"], ["75%", "100%"]);
    let tree = game.tree();
    let mut pairs = 0;
    for node in 0..tree.num_nodes() {
        let Some(pair) = game.paired_terminals(node) else {
            continue;
        };
        let NodeKind::Decision(actor) = tree.kind(node) else {
            panic!("node {node} pairs terminals but is no decision");
        };
        pairs += 1;
        let nodes = pair.map(|index| tree.children(node)[index]);
        assert!(nodes.iter().all(|&n| tree.kind(n) == NodeKind::Terminal));
        for player in Player::BOTH {
            let opponent = Player::BOTH[1 - player.index()];
            // A reach with zeros and every size, as strategies make it.
            let reach: Vec<f64> = game
                .initial_weights(opponent)
                .iter()
                .enumerate()
                .map(|(h, w)| w * [0.0, 0.37, 1.0, 1e-3, 0.81][(h + node) % 5])
                .collect();
            let width = game.initial_weights(player).len();
            let mut alone = [vec![0.0; width], vec![0.0; width]];
            for (&n, out) in nodes.iter().zip(&mut alone) {
                game.terminal_values(n, player, &reach, out);
            }
            let [mut first, mut second] = [vec![7.0; width], vec![7.0; width]];
            game.paired_values(nodes, player, &reach, [&mut first, &mut second]);
            for (together, alone) in [first, second].iter().zip(&alone) {
                for (h, (t, a)) in together.iter().zip(alone).enumerate() {
                    assert!(
                        (t - a).abs() <= 1e-12 * (1.0 + a.abs()),
                        "node {node} ({actor:?}), {player:?}'s hand {h}: {t} paired, {a} alone"
                    );
                }
            }
        }
    }
    // Every river decision facing a bet has a fold and a call.
    assert!(pairs > 100, "{pairs} pairs");
}
