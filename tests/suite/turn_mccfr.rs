//! Monte Carlo CFR on a small turn spot: the sampled river card's chance
//! sums to one for every deal, the sampling interface agrees pair by pair
//! with the exact terminal values, sampled play averages to a profile's
//! exact value, DCFR and both samplings agree within
//! their exploitability brackets, and `poker solve --algorithm mccfr-*`
//! on a turn spot is seeded, reproducible, saved and shown.

use crate::binary;
use crate::sampled_contract;

use banluck_lab::cfr::vector::{SampledGame, Sampling};
use banluck_lab::cfr::{Algorithm, StopRule};
use banluck_lab::games::poker::chips::Chip;
use banluck_lab::games::poker::game::SolveOptions;
use banluck_lab::games::poker::game::{
    Keep, NodeKind, PokerGame, Solution, Tree, solve, solve_sampled,
};
use banluck_lab::games::poker::position::Position;
use banluck_lab::games::poker::sizes::PlayerSizes;
use banluck_lab::games::poker::sizes::Sizes;
use banluck_lab::games::poker::sizes::StreetSizes;
use binary::run;
use sampled_contract::{check_pair_payoffs, sampled_value_z};
use serde_json::Value;

/// A small turn spot: 19 and 22 combos, pot 20, stacks 100.
const SMALL_TURN: &str = "OOP:AA,KK,AKs,QJs,T9s:S100/IP:QQ,JJ,AQs,KQs,87s:S100|P20|Kh9s4c/7d||>OOP";

/// The small turn spot with a 50 % bet on the turn and a 75 % bet on the
/// river, no raises.
fn small_turn() -> PokerGame {
    let position = Position::parse(SMALL_TURN, Chip::default()).unwrap();
    let ranges = position.ranges(&[]).unwrap();
    let sizes = |bet: &str| PlayerSizes {
        bet: Sizes::parse(bet).unwrap(),
        raise: Sizes::parse("").unwrap(),
    };
    let sizes = StreetSizes {
        flop: Default::default(),
        turn: [sizes("50%"), sizes("50%")],
        river: [sizes("75%"), sizes("75%")],
    };
    let tree = Tree::build(position.street(), &position.board, &sizes, None).unwrap();
    PokerGame::new(tree, &ranges, 1.0).unwrap()
}

#[test]
fn the_sampled_river_card_sums_to_one_for_every_deal() {
    let game = small_turn();
    let tree = game.spot_tree();
    let hands = [0, 1].map(|p| game.combos(p).len());
    let mut deals = 0;
    for (node, turn_node) in tree.nodes.iter().enumerate() {
        let NodeKind::Chance { cards, .. } = &turn_node.kind else {
            continue;
        };
        deals += 1;
        for oop in 0..hands[0] {
            for ip in 0..hands[1] {
                let held = game.hand_mask(0, oop) | game.hand_mask(1, ip);
                let apart = held.count_ones() == 4;
                assert_eq!(game.deal_factor([oop, ip]), f64::from(u8::from(apart)));
                let chances: Vec<f64> = (0..cards.len())
                    .map(|k| game.chance_probability(node, k, [oop, ip]))
                    .collect();
                let sum: f64 = chances.iter().sum();
                assert!((sum - 1.0).abs() < 1e-12, "node {node}: {sum}");
                for (card, &chance) in cards.iter().zip(&chances) {
                    if held & card.bit() != 0 {
                        assert_eq!(chance, 0.0, "{card} is held");
                    } else if apart {
                        // The tree's weight, bit for bit: 1 / 44.
                        assert_eq!(chance, tree.chance_weights[0], "{card}");
                    }
                }
            }
        }
    }
    // Check-check, bet-call and check-bet-call go to the river.
    assert_eq!(deals, 3);
}

#[test]
fn pair_payoffs_match_the_turn_terminal_values() {
    check_pair_payoffs("small turn", &small_turn());
}

#[test]
fn sampled_play_on_the_turn_averages_to_the_exact_value() {
    let z = sampled_value_z(&small_turn(), 200_000);
    eprintln!("small turn: z = {z:.3}");
    assert!(z.abs() < 4.0, "z = {z}");
}

/// Sampled iterations of `sampling` on `game` with `seed`, measured once
/// at the end.
fn sampled(game: &PokerGame, sampling: Sampling, seed: u64, iterations: u64) -> Solution {
    let rule = StopRule {
        max_iterations: iterations,
        target_exploitability: 0.0,
        check_every: iterations,
    };
    solve_sampled(game, sampling, seed, &rule).unwrap()
}

/// DCFR, external and outcome sampling on the small turn spot. Each
/// bracket `[lo, hi] = [pot − BR_IP, BR_OOP]` holds the game value `v*`,
/// and each solver's value `V` (OOP's EV under its average strategies)
/// lies in its own bracket; so, precisely:
/// - the three brackets have a point in common (`max lo ≤ min hi`: `v*`);
/// - for any two solvers `s` and `t`, `|V_s − V_t| ≤ (hi_s − lo_s) +
///   (hi_t − lo_t)` (both lie within their bracket's width of `v*`), that
///   is `V_s` is inside `t`'s bracket widened by `s`'s own width on each
///   side.
///
/// MCCFR's exploitability must also be small (1 % of the pot for external
/// sampling, 3 % for outcome sampling), so that the check has teeth.
#[test]
fn dcfr_and_both_samplings_agree_within_their_brackets() {
    let game = small_turn();
    let pot = game.pot();
    let options = SolveOptions {
        algorithm: Algorithm::DCFR,
        target: 1e-4 * pot,
        max_iterations: 2000,
        check_every: 10,
    };
    let runs = [
        ("dcfr", solve(&game, &options, Keep::All), 1e-4),
        (
            "mccfr-es",
            sampled(&game, Sampling::External, 3, 500_000),
            0.01,
        ),
        (
            "mccfr-os",
            sampled(&game, Sampling::OUTCOME, 3, 1_000_000),
            0.03,
        ),
    ];
    for (name, solution, bound) in &runs {
        let [lo, hi] = solution.bracket;
        let value = solution.value[0];
        eprintln!(
            "{name}: value {value:.5} in [{lo:.5}, {hi:.5}], exploitability {:.4} % of the pot, {:.3} s, {} iterations",
            solution.exploitability_pct(pot),
            solution.seconds,
            solution.iterations
        );
        assert!(lo - 1e-9 <= value && value <= hi + 1e-9, "{name}");
        assert!(
            solution.exploitability <= bound * pot,
            "{name}: {}",
            solution.exploitability
        );
    }
    let lowest_high = runs.iter().map(|r| r.1.bracket[1]).fold(f64::MAX, f64::min);
    let highest_low = runs.iter().map(|r| r.1.bracket[0]).fold(f64::MIN, f64::max);
    assert!(highest_low <= lowest_high + 1e-9, "disjoint brackets");
    for (s, first) in runs.iter().enumerate() {
        for second in &runs[s + 1..] {
            let width = |solution: &Solution| solution.bracket[1] - solution.bracket[0];
            let gap = (first.1.value[0] - second.1.value[0]).abs();
            assert!(
                gap <= width(&first.1) + width(&second.1) + 1e-9,
                "{} and {}: {gap} apart",
                first.0,
                second.0
            );
        }
    }
}

/// `poker solve SMALL_TURN --algorithm algorithm --seed seed --json`
/// (and `--out file` if given): its JSON without the timing.
fn solve_json(algorithm: &str, seed: &str, out: Option<&str>) -> Value {
    let mut args = vec![
        "poker",
        "solve",
        SMALL_TURN,
        "--bet",
        "50%",
        "--raise",
        "",
        "--algorithm",
        algorithm,
        "--seed",
        seed,
        "--iterations",
        "20000",
        "--json",
    ];
    if let Some(file) = out {
        args.extend(["--out", file]);
    }
    let (code, out, err) = run(&args);
    assert_eq!(code, Some(0), "{args:?}: {err}");
    let mut json: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["algorithm"], algorithm);
    assert_eq!(json["seed"].to_string(), seed);
    assert_eq!(json["iterations"], 20000);
    json.as_object_mut().unwrap().remove("seconds");
    json
}

#[test]
fn poker_solve_runs_mccfr_on_a_turn_spot_with_a_seed() {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("turn.bin");
    let file = file.to_str().unwrap();
    for algorithm in ["mccfr-es", "mccfr-os"] {
        let first = solve_json(algorithm, "7", Some(file));
        assert_eq!(first, solve_json(algorithm, "7", None), "{algorithm}");
        assert_ne!(
            first["value"],
            solve_json(algorithm, "8", None)["value"],
            "{algorithm}"
        );
        // The saved file shows the algorithm, the seed and the same value.
        let (code, text, err) = run(&["poker", "show", file, "--node", "x"]);
        assert_eq!(code, Some(0), "{err}");
        assert!(text.contains(&format!("({algorithm} seed 7, 20000 iterations")));
        let value = first["value"]["oop"].as_f64().unwrap();
        assert!(
            text.contains(&format!("value     OOP {value:.4}")),
            "{text}"
        );
        assert!(text.contains("node      x IP to act"), "{text}");
    }
    // DCFR draws no random numbers: its seed is null and not printed.
    let (code, out, err) = run(&[
        "poker",
        "solve",
        SMALL_TURN,
        "--bet",
        "50%",
        "--iterations",
        "20",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("(dcfr, 20 iterations"), "{out}");
}
