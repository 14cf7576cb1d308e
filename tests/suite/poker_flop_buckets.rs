//! The seed's card abstraction on flop spots (`--buckets N`): with at
//! least as many buckets as hands it is the exact solve, bit for bit; the
//! bucket assignment is the same on every build; a coarse abstraction's
//! strategy, measured in the full game, is more exploitable than the
//! exact solve's; and `poker solve --buckets` reports the abstraction and
//! refuses it on a turn spot.

use crate::binary;

use banluck_lab::cfr::Algorithm;
use banluck_lab::cfr::vector::UNTIED;
use banluck_lab::games::poker::chips::Chip;
use banluck_lab::games::poker::game::SolveOptions;
use banluck_lab::games::poker::game::{Keep, NodeKind, PokerGame, solve};
use banluck_lab::games::poker::position::Position;
use banluck_lab::games::poker::sizes::PlayerSizes;
use banluck_lab::games::poker::sizes::Sizes;
use banluck_lab::games::poker::sizes::StreetSizes;
use banluck_lab::games::poker::spot::{GameOptions, Spot, build_game};
use binary::run;
use serde_json::Value;

/// Small ranges on a two-tone flop, 10 behind a pot of 20: a half-pot
/// bet is all-in, so every street is check or shove (about 9 000 nodes).
const SPOT: &str = "OOP:AA,KQs,T9s,87s,A5s:S10/IP:KK,QJs,98s,JTs,76s:S10|P20|Th7h2c||>OOP";

fn game(buckets: Option<u32>) -> PokerGame {
    let position = Position::parse(SPOT, Chip::default()).unwrap();
    let one = |bet: &str| {
        let sizes = PlayerSizes {
            bet: Sizes::parse(bet).unwrap(),
            raise: Sizes::parse("").unwrap(),
        };
        [sizes.clone(), sizes]
    };
    let spot = Spot {
        position: position.clone(),
        sizes: StreetSizes {
            flop: one("50%"),
            turn: one("50%"),
            river: one("50%"),
        },
        ranges: position.ranges(&[]).unwrap(),
        options: GameOptions {
            isomorphism: true,
            ..GameOptions::default()
        },
    };
    let game = build_game(&spot).unwrap();
    match buckets {
        Some(count) => game.with_buckets(count),
        None => game,
    }
}

fn options(target: f64, max_iterations: u64) -> SolveOptions {
    SolveOptions {
        algorithm: Algorithm::DCFR,
        target,
        max_iterations,
        check_every: 10,
    }
}

#[test]
fn as_many_buckets_as_hands_is_the_exact_solve() {
    let exact = game(None);
    let hands = exact.combos(0).len().max(exact.combos(1).len()) as u32;
    let bucketed = game(Some(hands));
    assert_eq!(bucketed.infosets(), exact.infosets());
    let (a, b) = (
        solve(&exact, &options(0.0, 60), Keep::RootStreet),
        solve(&bucketed, &options(0.0, 60), Keep::RootStreet),
    );
    assert_eq!(a.value, b.value);
    assert_eq!(a.exploitability, b.exploitability);
    assert_eq!(a.strategies, b.strategies);
}

#[test]
fn bucket_assignment_is_deterministic_and_within_n() {
    let (first, second) = (game(Some(4)), game(Some(4)));
    let (a, b) = (first.buckets().unwrap(), second.buckets().unwrap());
    let nodes = first.spot_tree().nodes.len();
    let mut bucketed = 0;
    for node in 0..nodes {
        let decision = matches!(
            first.spot_tree().nodes[node].kind,
            NodeKind::Decision { .. }
        );
        for player in 0..2 {
            assert_eq!(a.of(node, player), b.of(node, player));
            if let (Some(buckets), true) = (a.of(node, player), decision) {
                bucketed += 1;
                assert_eq!(buckets.len(), first.combos(player).len());
                assert!(buckets.iter().all(|&b| b < 4 || b == UNTIED));
            }
        }
    }
    // Only the turn's and the river's decisions are bucketed.
    let (decisions, _, _) = first.spot_tree().counts();
    assert_eq!(bucketed, 2 * (decisions[1] + decisions[2]));
    let [full, solved] = first.infosets();
    // 4 buckets of about 28 hands, plus the hands a board card removes.
    assert!(solved < full / 3, "{solved} of {full}");
}

#[test]
fn a_coarse_abstraction_is_more_exploitable_in_the_full_game() {
    let pot = 20.0;
    let exact = solve(&game(None), &options(0.001 * pot, 1000), Keep::RootStreet);
    assert!(exact.exploitability <= 0.001 * pot);
    // Two buckets per board: strong and weak hands play alike.
    let coarse = solve(&game(Some(2)), &options(0.001 * pot, 200), Keep::RootStreet);
    assert!(
        coarse.exploitability > exact.exploitability,
        "{} {}",
        coarse.exploitability,
        exact.exploitability
    );
    assert!(
        coarse.exploitability > 0.01 * pot,
        "{}",
        coarse.exploitability
    );
    // Both brackets hold the game value.
    let lower = coarse.bracket[0].max(exact.bracket[0]);
    let upper = coarse.bracket[1].min(exact.bracket[1]);
    assert!(lower <= upper + 1e-9, "{lower} {upper}");
}

#[test]
fn poker_solve_reports_the_abstraction_and_refuses_it_on_a_turn_spot() {
    let args = [
        "poker",
        "solve",
        SPOT,
        "--bet",
        "50%",
        "--raise",
        "",
        "--iterations",
        "20",
        "--json",
        "--buckets",
        "3",
    ];
    let (code, out, err) = run(&args);
    assert_eq!(code, Some(0), "{err}");
    let json: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["buckets"], 3);
    let (full, solved) = (&json["infosets"]["full"], &json["infosets"]["solved"]);
    assert!(
        solved.as_u64().unwrap() < full.as_u64().unwrap(),
        "{solved} {full}"
    );
    assert!(json["exploitability"].as_f64().unwrap() > 0.0);
    let turn = SPOT.replace("Th7h2c", "Th7h2c3d");
    let (code, _, err) = run(&["poker", "solve", &turn, "--buckets", "3"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--buckets"), "{err}");
    let (code, _, err) = run(&["poker", "solve", SPOT, "--buckets", "0"]);
    assert_eq!(code, Some(2), "{err}");
}
