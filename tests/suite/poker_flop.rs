//! The flop solver against what it must agree with: with no bets its
//! value is the pot times the equity over every runout; a flop spot whose
//! flop has no bets is the turn spots of its turn cards, weighted by their
//! hand pairs (so its equilibrium value lies in their weighted bracket);
//! the exploitability falls with the iterations; every deal's weights sum
//! to one for each pair of hands; permuting the suits of a spot gives the
//! same value; the isomorphic solve equals the full one.

use banluck_lab::cfr::Algorithm;
use banluck_lab::games::poker::card::Card;
use banluck_lab::games::poker::chips::Chip;
use banluck_lab::games::poker::combo::{COMBOS, combo_mask};
use banluck_lab::games::poker::game::SolveOptions;
use banluck_lab::games::poker::game::{Keep, NodeKind, PokerGame, solve};
use banluck_lab::games::poker::position::Position;
use banluck_lab::games::poker::ranking::RiverRanking;
use banluck_lab::games::poker::sizes::PlayerSizes;
use banluck_lab::games::poker::sizes::Sizes;
use banluck_lab::games::poker::sizes::StreetSizes;
use banluck_lab::games::poker::spot::{GameOptions, Spot, build_game};

fn sizes(bet: &str, raise: &str) -> [PlayerSizes; 2] {
    let one = PlayerSizes {
        bet: Sizes::parse(bet).unwrap(),
        raise: Sizes::parse(raise).unwrap(),
    };
    [one.clone(), one]
}

fn options(target: f64, max_iterations: u64) -> SolveOptions {
    SolveOptions {
        algorithm: Algorithm::DCFR,
        target,
        max_iterations,
        check_every: 10,
    }
}

fn game(text: &str, sizes: &StreetSizes, isomorphism: bool) -> (Position, PokerGame) {
    let position = Position::parse(text, Chip::default()).unwrap();
    let spot = Spot {
        position: position.clone(),
        sizes: sizes.clone(),
        ranges: position.ranges(&[]).unwrap(),
        options: GameOptions {
            isomorphism,
            ..GameOptions::default()
        },
    };
    let game = build_game(&spot).unwrap();
    (position, game)
}

fn small_sizes() -> StreetSizes {
    StreetSizes {
        flop: sizes("50%", ""),
        turn: sizes("50%", ""),
        river: sizes("75%", ""),
    }
}

#[test]
fn with_no_flop_bets_the_flop_is_its_turn_spots_weighted_by_their_hand_pairs() {
    let flop = "OOP:AA,KQs,T9s:S60/IP:KK,QJs,98s:S60|P20|Th7h2c||>OOP";
    let street = StreetSizes {
        flop: sizes("", ""),
        turn: sizes("50%", ""),
        river: sizes("50%", ""),
    };
    let (position, game) = game(flop, &street, true);
    let solved = solve(&game, &options(0.0001 * 20.0, 3000), Keep::RootStreet);
    let ranges = position.ranges(&[]).unwrap();
    let (mut weights, mut lower, mut upper, mut value) = (0.0, 0.0, 0.0, 0.0);
    for index in 0..52 {
        let card = Card::from_index(index);
        if position.board.mask() & card.bit() != 0 {
            continue;
        }
        let text = flop.replace("Th7h2c", &format!("Th7h2c{card}"));
        let turn_position = Position::parse(&text, Chip::default()).unwrap();
        let streets = StreetSizes {
            flop: Default::default(),
            turn: street.turn.clone(),
            river: street.river.clone(),
        };
        let turn_spot = Spot {
            position: turn_position,
            ranges: ranges.clone(),
            sizes: streets,
            options: GameOptions::default(),
        };
        let turn_game = build_game(&turn_spot).unwrap();
        let turn_solved = solve(&turn_game, &options(0.0001 * 20.0, 3000), Keep::All);
        let pairs = turn_game.pair_weight();
        weights += pairs;
        lower += pairs * turn_solved.bracket[0];
        upper += pairs * turn_solved.bracket[1];
        value += pairs * turn_solved.value[0];
    }
    let (lower, upper, value) = (lower / weights, upper / weights, value / weights);
    let [flop_lower, flop_upper] = solved.bracket;
    // Both brackets hold the same equilibrium value.
    assert!(
        flop_lower <= upper + 1e-9 && lower <= flop_upper + 1e-9,
        "flop [{flop_lower}, {flop_upper}], turns [{lower}, {upper}]"
    );
    assert!(
        (solved.value[0] - value).abs() < 0.01,
        "{} {value}",
        solved.value[0]
    );
}

#[test]
fn with_no_bets_the_value_is_the_pot_times_the_equity_over_every_runout() {
    let spot = "OOP:AA,KQs:S100/IP:KK,QJs,65s:S100|P100|Th7h2c||>OOP";
    let none = StreetSizes {
        flop: sizes("", ""),
        turn: sizes("", ""),
        river: sizes("", ""),
    };
    let (position, game) = game(spot, &none, true);
    let solved = solve(&game, &options(0.0, 1), Keep::RootStreet);
    // By hand: every pair of combos without a shared card, every runout of
    // two of the cards left, a win 1, a tie 1/2.
    let board: Vec<Card> = position.board.cards().to_vec();
    let ranges = position.ranges(&[]).unwrap();
    let combos = |p: usize| -> Vec<usize> {
        (0..COMBOS)
            .filter(|&c| ranges[p].weight(c) > 0.0 && combo_mask(c) & position.board.mask() == 0)
            .collect()
    };
    let (mut wins, mut total) = (0.0, 0.0);
    for &oop in &combos(0) {
        for &ip in &combos(1) {
            let held = combo_mask(oop) | combo_mask(ip);
            if combo_mask(oop) & combo_mask(ip) != 0 {
                continue;
            }
            for turn in 0..52_u8 {
                for river in turn + 1..52 {
                    let runout = (1_u64 << turn) | (1_u64 << river);
                    if runout & (held | position.board.mask()) != 0 {
                        continue;
                    }
                    let five = [
                        board[0],
                        board[1],
                        board[2],
                        Card::from_index(turn),
                        Card::from_index(river),
                    ];
                    let ranking = RiverRanking::of_cards(&five);
                    let (a, b) = (ranking.strength(oop), ranking.strength(ip));
                    wins += match a.cmp(&b) {
                        std::cmp::Ordering::Greater => 1.0,
                        std::cmp::Ordering::Equal => 0.5,
                        std::cmp::Ordering::Less => 0.0,
                    };
                    total += 1.0;
                }
            }
        }
    }
    let equity = wins / total;
    assert!(
        (solved.value[0] - 100.0 * equity).abs() < 1e-9,
        "{} {equity}",
        solved.value[0]
    );
    assert!(solved.exploitability.abs() < 1e-9);
}

#[test]
fn the_exploitability_falls_with_the_iterations() {
    let spot = "OOP:AA,KQs,T9s,65s:S100/IP:KK,QJs,98s,A5s:S100|P20|Th7h2c||>OOP";
    let (_, game) = game(spot, &small_sizes(), true);
    let runs: Vec<f64> = [1, 10, 100]
        .map(|n| solve(&game, &options(0.0, n), Keep::RootStreet).exploitability)
        .to_vec();
    assert!(runs[0] > runs[1] && runs[1] > runs[2], "{runs:?}");
    assert!(runs[2] < 0.01 * 20.0, "{runs:?}");
}

#[test]
fn every_deal_weighs_its_cards_to_one_for_each_pair_of_hands() {
    for isomorphism in [false, true] {
        let spot = "OOP:AA,KQs:S100/IP:KK,QJs:S100|P20|Th7h2h||>OOP";
        let (_, game) = game(spot, &small_sizes(), isomorphism);
        let tree = game.spot_tree();
        let mut mirrored = vec![0_usize; tree.nodes.len()];
        for mirror in &tree.mirrors {
            mirrored[mirror.chance] += 1;
        }
        let mut deals = 0;
        for (index, node) in tree.nodes.iter().enumerate() {
            if let NodeKind::Chance { cards, .. } = &node.kind {
                deals += 1;
                // A pair of hands holds 4 of the cards left: the rest sum to 1.
                let left = cards.len() + mirrored[index];
                let street = node.deals();
                assert_eq!(left, [49, 48][street]);
                let total = (left - 4) as f64 * tree.chance_weights[street];
                assert!((total - 1.0).abs() < 1e-12, "{total}");
            }
        }
        assert!(deals > 49);
        assert_eq!(tree.mirrors.is_empty(), !isomorphism);
    }
}

/// Solves `game` for 2 iterations (before float rounding in regret ties
/// can tell two equal games apart) and to 0.1 % of the pot.
fn early_and_late(game: &PokerGame) -> [[f64; 3]; 2] {
    [options(0.0, 2), options(0.001 * 20.0, 2000)].map(|options| {
        let solved = solve(game, &options, Keep::RootStreet);
        [solved.value[0], solved.bracket[0], solved.bracket[1]]
    })
}

/// The two results agree: after 2 iterations to 1e-9 (value and both best
/// responses), and once solved within their brackets.
fn agree(a: [[f64; 3]; 2], b: [[f64; 3]; 2]) {
    for (x, y) in a[0].iter().zip(&b[0]) {
        assert!((x - y).abs() < 1e-9, "{a:?} {b:?}");
    }
    let ([_, a_low, a_high], [_, b_low, b_high]) = (a[1], b[1]);
    assert!(
        a_low <= b_high + 1e-9 && b_low <= a_high + 1e-9,
        "{a:?} {b:?}"
    );
    assert!((a[1][0] - b[1][0]).abs() < 0.05, "{a:?} {b:?}");
}

#[test]
fn permuting_the_suits_of_a_spot_keeps_its_value() {
    let spot = "OOP:AhKh,QQ,Tc9c:S100/IP:JJ,AQs,8h7h:S100|P20|Th9h2c||>OOP";
    // Hearts → spades, clubs → diamonds.
    let permuted = "OOP:AsKs,QQ,Td9d:S100/IP:JJ,AQs,8s7s:S100|P20|Ts9s2d||>OOP";
    let (_, game_a) = game(spot, &small_sizes(), true);
    let (_, game_b) = game(permuted, &small_sizes(), true);
    agree(early_and_late(&game_a), early_and_late(&game_b));
}

#[test]
fn the_isomorphic_solve_equals_the_full_solve() {
    // A monotone flop with suit-symmetric ranges: one of three off-suits.
    let spot = "OOP:AA,KQs,T9s:S100/IP:KK,QJs,98s:S100|P20|Th7h2h||>OOP";
    let (_, full) = game(spot, &small_sizes(), false);
    let (_, iso) = game(spot, &small_sizes(), true);
    let [turn, river] = iso.isomorphism();
    // Three flop lines deal the turn: 10 hearts and 13 of the 39 off-suit
    // cards are solved at each.
    assert_eq!(turn, [3 * 49, 3 * 23]);
    assert_eq!(river[0], full.isomorphism()[1][0]);
    assert!(river[1] * 2 < river[0], "{river:?}");
    assert!(iso.spot_tree().nodes.len() * 2 < full.spot_tree().nodes.len());
    agree(early_and_late(&full), early_and_late(&iso));
}
