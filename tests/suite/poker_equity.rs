//! Equity at a node ([`PokerGame::equity`]): on a small river spot every
//! hand's equity equals a brute-force count over the opponent's hands
//! (seven-card strengths, card removal by hand), at the root and below a
//! bet under a solved strategy; on a turn spot it agrees with a seeded
//! Monte Carlo estimate (opponent hand by its reach, then a river card)
//! within a z-score of 4.5.

use banluck_lab::cfr::Algorithm;
use banluck_lab::games::poker::card::Card;
use banluck_lab::games::poker::chips::Chip;
use banluck_lab::games::poker::combo::{combo_cards, combo_mask};
use banluck_lab::games::poker::eval::strength;
use banluck_lab::games::poker::game::{Keep, NodeKind, PokerGame, SolveOptions, solve};
use banluck_lab::games::poker::position::Position;
use banluck_lab::games::poker::sizes::{PlayerSizes, Sizes, StreetSizes};
use banluck_lab::games::poker::spot::{GameOptions, Spot, build_game};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// The game of `position` with half-pot bets and no raises on every street.
fn game(position: &str) -> PokerGame {
    let position = Position::parse(position, Chip::default()).unwrap();
    let half = PlayerSizes {
        bet: Sizes::parse("50%").unwrap(),
        raise: Sizes::parse("").unwrap(),
    };
    let spot = Spot {
        ranges: position.ranges(&[]).unwrap(),
        position,
        sizes: StreetSizes::every_street([half.clone(), half]),
        options: GameOptions::default(),
    };
    build_game(&spot).unwrap()
}

/// The game's strategies after a short DCFR solve.
fn strategies(game: &PokerGame) -> Vec<Option<Vec<f64>>> {
    let options = SolveOptions {
        algorithm: Algorithm::DCFR,
        target: 0.0,
        max_iterations: 200,
        check_every: 50,
    };
    solve(game, &options, Keep::All).strategies
}

/// The two cards of combo `combo`.
fn cards(combo: u16) -> [Card; 2] {
    let (a, b) = combo_cards(usize::from(combo));
    [a, b]
}

/// `mine`'s share of the pot against `theirs` on the five-card `board`.
fn share(mine: u16, theirs: u16, board: &[Card]) -> f64 {
    let hand = |combo: u16| {
        let mut seven = board.to_vec();
        seven.extend(cards(combo));
        strength(&seven)
    };
    match hand(mine).cmp(&hand(theirs)) {
        std::cmp::Ordering::Greater => 1.0,
        std::cmp::Ordering::Equal => 0.5,
        std::cmp::Ordering::Less => 0.0,
    }
}

/// The first decision node after the root's first bet.
fn facing_bet(game: &PokerGame) -> usize {
    let tree = game.spot_tree();
    let NodeKind::Decision {
        actions, children, ..
    } = &tree.nodes[0].kind
    else {
        panic!("the root is a decision");
    };
    let bet = actions
        .iter()
        .position(|a| a.notation(Chip::default()).starts_with('b'));
    children[bet.expect("a bet at the root")]
}

#[test]
fn river_equity_is_the_brute_force_count() {
    let game = game(
        "OOP:AA,KK,QQ,AKs,KQs,JTs,T9s,76s:S100/IP:AK,AQs,KJs,QJs,JJ-88,A5s:S100|P20|Kh9s4c7d2s||>OOP",
    );
    let strategies = strategies(&game);
    let board: Vec<Card> = game.spot_tree().board.cards().to_vec();
    let board_mask = board.iter().fold(0, |m, c| m | c.bit());
    for node in [0, facing_bet(&game)] {
        for player in 0..2 {
            let equity = game.equity(&strategies, node, player);
            let reach = game.own_reach(&strategies, node, 1 - player);
            let theirs = game.combos(1 - player);
            for (h, &mine) in game.combos(player).iter().enumerate() {
                let (mut won, mut met) = (0.0, 0.0);
                for (k, &other) in theirs.iter().enumerate() {
                    let mask = combo_mask(usize::from(mine)) | board_mask;
                    if combo_mask(usize::from(other)) & mask != 0 {
                        continue;
                    }
                    won += reach[k] * share(mine, other, &board);
                    met += reach[k];
                }
                let expected = (met > 1e-300).then(|| won / met);
                match (equity[h], expected) {
                    (Some(got), Some(want)) => {
                        assert!(
                            (got - want).abs() < 1e-12,
                            "node {node} p{player} hand {h}: {got} vs {want}"
                        )
                    }
                    (got, want) => assert_eq!(got, want, "node {node} p{player} hand {h}"),
                }
            }
        }
    }
}

#[test]
fn turn_equity_agrees_with_monte_carlo() {
    let game =
        game("OOP:AA,KK,AKs,QJs,T9s,65s:S100/IP:QQ-TT,AQs,KQs,JTs,87s:S100|P20|Kh9s4c/7d||>OOP");
    let strategies = strategies(&game);
    let board: Vec<Card> = game.spot_tree().board.cards().to_vec();
    let board_mask = board.iter().fold(0, |m, c| m | c.bit());
    let node = facing_bet(&game);
    let player = 1;
    let equity = game.equity(&strategies, node, player);
    let reach = game.own_reach(&strategies, node, 1 - player);
    let theirs = game.combos(1 - player);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(38);
    let draws = 20_000;
    let mut checked = 0;
    for (h, &mine) in game.combos(player).iter().enumerate().step_by(7) {
        let Some(exact) = equity[h] else { continue };
        let mask = combo_mask(usize::from(mine)) | board_mask;
        let opponents: Vec<(u16, f64)> = theirs
            .iter()
            .zip(&reach)
            .filter(|&(&other, &r)| r > 0.0 && combo_mask(usize::from(other)) & mask == 0)
            .map(|(&other, &r)| (other, r))
            .collect();
        let total: f64 = opponents.iter().map(|(_, r)| r).sum();
        let (mut sum, mut squares) = (0.0, 0.0);
        for _ in 0..draws {
            let mut target = rng.random::<f64>() * total;
            let other = opponents
                .iter()
                .find(|(_, r)| {
                    target -= r;
                    target < 0.0
                })
                .unwrap_or(opponents.last().expect("an opponent"))
                .0;
            let dead = mask | combo_mask(usize::from(other));
            let river = loop {
                let card = Card::from_index(rng.random_range(0..52u8));
                if dead & card.bit() == 0 {
                    break card;
                }
            };
            let mut five = board.clone();
            five.push(river);
            let x = share(mine, other, &five);
            sum += x;
            squares += x * x;
        }
        let mean = sum / f64::from(draws);
        let variance = squares / f64::from(draws) - mean * mean;
        let error = (variance / f64::from(draws)).sqrt().max(1e-9);
        let z = (mean - exact) / error;
        assert!(
            z.abs() < 4.5,
            "hand {h}: exact {exact}, Monte Carlo {mean} ± {error} (z = {z:.2})"
        );
        checked += 1;
    }
    assert!(checked >= 5, "{checked} hands checked");
}
