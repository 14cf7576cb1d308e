//! A flop solution saved by `poker solve --out` and read back: the file
//! holds every decision's strategy bit for bit (the library round trip),
//! whose bytes the memory check counts exactly, and `poker show` prints
//! the same value and root strategy as the solve, and any turn or river
//! node with the turn and river cards chosen.

use crate::binary;

use banluck_lab::cfr::Algorithm;
use banluck_lab::cfr::vector::strategy_bytes;
use banluck_lab::games::poker::chips::Chip;
use banluck_lab::games::poker::game::SolveOptions;
use banluck_lab::games::poker::game::{Keep, NodeKind, solve};
use banluck_lab::games::poker::position::Position;
use banluck_lab::games::poker::sizes::PlayerSizes;
use banluck_lab::games::poker::sizes::Sizes;
use banluck_lab::games::poker::sizes::StreetSizes;
use banluck_lab::games::poker::solved::{SolveRun, SolvedSpot, from_bytes, to_bytes};
use banluck_lab::games::poker::spot::{GameOptions, Spot, build_game};
use binary::run;
use serde_json::Value;

/// The seed's flop example with one size and no raises.
const SPOT: &str = "OOP:AA,AKs:S100/IP:KK-JJ,AQs-AJs:S100|P30|Th9h2c||>OOP";

#[test]
fn a_saved_flop_solution_reads_back_bit_for_bit() {
    let position = Position::parse(SPOT, Chip::default()).unwrap();
    let one = PlayerSizes {
        bet: Sizes::parse("50%").unwrap(),
        raise: Sizes::parse("").unwrap(),
    };
    let street = [one.clone(), one];
    let spot = Spot {
        position: position.clone(),
        sizes: StreetSizes {
            flop: street.clone(),
            turn: street.clone(),
            river: street,
        },
        ranges: position.ranges(&[]).unwrap(),
        options: GameOptions {
            isomorphism: true,
            ..GameOptions::default()
        },
    };
    let game = build_game(&spot).unwrap();
    let options = SolveOptions {
        algorithm: Algorithm::DCFR,
        target: 0.0,
        max_iterations: 20,
        check_every: 10,
    };
    let solution = solve(&game, &options, Keep::All);
    // Every street's decisions are kept, not only the flop's.
    let tree = &game.spot_tree().nodes;
    for (node, strategy) in tree.iter().zip(&solution.strategies) {
        let decision = matches!(node.kind, NodeKind::Decision { .. });
        assert_eq!(strategy.is_some(), decision);
    }
    // What the memory check of `--out` counts for them is exact.
    let kept: usize = solution.strategies.iter().flatten().map(Vec::len).sum();
    assert_eq!(8 * kept as u64, strategy_bytes(&game));
    let run = SolveRun {
        algorithm: "dcfr".to_string(),
        seed: None,
        target: 0.0,
    };
    let saved = SolvedSpot::new(spot, game, solution, run);
    let bytes = to_bytes(&saved);
    assert!(bytes.starts_with(b"banluck-lab poker-solve 1 flop\n"));
    let read = from_bytes(&bytes).unwrap();
    assert_eq!(read.solution.strategies, saved.solution.strategies);
    assert_eq!(read.run, saved.run);
    assert_eq!(read.position(), &position);
    assert_eq!(read.game.spot_tree(), saved.game.spot_tree());
    // A damaged or a cut file is refused, with the reason.
    let mut damaged = bytes.clone();
    let last = damaged.len() - 40;
    damaged[last] ^= 1;
    let error = from_bytes(&damaged).unwrap_err().to_string();
    assert!(error.contains("damaged"), "{error}");
    let error = from_bytes(&bytes[..bytes.len() / 2])
        .unwrap_err()
        .to_string();
    assert!(error.contains("cut short"), "{error}");
}

/// `poker show FILE --json` and `args`; the JSON.
fn show(file: &str, args: &[&str]) -> Value {
    let mut all = vec!["poker", "show", file, "--json"];
    all.extend(args);
    let (code, out, err) = run(&all);
    assert_eq!(code, Some(0), "{args:?}: {err}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn poker_show_browses_a_saved_flop_solution_with_the_turn_and_river_cards() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("flop.bin");
    let file = file.to_str().unwrap();
    let sizes = ["--bet", "50%", "--raise", ""];
    let mut args = vec![
        "poker", "solve", SPOT, "--target", "0.5%", "--json", "--out", file,
    ];
    args.extend(sizes);
    let (code, out, err) = run(&args);
    assert_eq!(code, Some(0), "{err}");
    let solved: Value = serde_json::from_str(&out).unwrap();

    // The root: the same summary and the same strategies as the solve.
    let root = show(file, &[]);
    for key in [
        "value",
        "exploitability",
        "bracket",
        "iterations",
        "target",
        "isomorphism",
    ] {
        assert_eq!(root[key], solved[key], "{key}");
    }
    assert_eq!(root["nodes"][0], solved["nodes"][0]);

    // A turn node, the card given by --turn or in the path.
    let turn = show(file, &["--node", "x x", "--turn", "Ad"]);
    assert_eq!(turn["nodes"][0]["path"], "x x Ad");
    assert_eq!(turn["nodes"][0]["player"], "OOP");
    assert_eq!(show(file, &["--node", "x x Ad"])["nodes"], turn["nodes"]);
    // Hands that hold the turn card do not reach it.
    let node = &turn["nodes"][0];
    let hands = node["hands"].as_array().unwrap();
    for (hand, reach) in hands.iter().zip(node["reach"].as_array().unwrap()) {
        if hand.as_str().unwrap().contains("Ad") {
            assert_eq!(reach.as_f64(), Some(0.0), "{hand}");
        }
    }
    // A river node after a turn bet and call: each hand's strategy sums to 1.
    let river = show(
        file,
        &["--node", "x x Ad b15 c", "--river", "3d", "--hand", "KK"],
    );
    let node = &river["nodes"][0];
    assert_eq!(node["path"], "x x Ad b15 c 3d");
    for strategy in node["strategy"].as_array().unwrap() {
        let sum: f64 = strategy
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_f64().unwrap())
            .sum();
        assert!((sum - 1.0).abs() < 1e-9, "{strategy}");
    }

    // A card solved as another (spades as diamonds here), a missing card,
    // a card the path never reaches: exit 2 with the reason.
    for (args, message) in [
        (vec!["--node", "x x", "--turn", "As"], "solved as Ad"),
        (vec!["--node", "x x"], "give --turn"),
        (
            vec!["--node", "x", "--turn", "Ad"],
            "--turn: the path does not reach",
        ),
    ] {
        let mut all = vec!["poker", "show", file];
        all.extend(&args);
        let (code, _, err) = run(&all);
        assert_eq!(code, Some(2), "{args:?}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
}
