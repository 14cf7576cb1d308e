//! `banluck-lab poker solve` on a turn spot (four-card board) and `poker
//! show` on a saved turn solution: the turn and every river card solved in
//! one tree (by DCFR, CFR+ or seeded Monte Carlo CFR), saved as a versioned binary file, browsed node by node with
//! the river card (`--node "x b20 c" --river 2s`).

use super::CliError;
use super::poker_solve_args::{
    CHECK_EVERY, DEFAULT_ITERATIONS, DEFAULT_SAMPLED_ITERATIONS, Method, SAMPLED_CHECK_EVERY,
    ShowArgs, SolveArgs, parse_target,
};
use super::poker_solve_out::solution_text;
use super::poker_turn_out::{find_node, node_json, turn_json, turn_summary};
use crate::atomic::write_atomic;
use crate::cfr::StopRule;
use crate::games::poker::card::Card;
use crate::games::poker::position::Position;
use crate::games::poker::river::SolveOptions;
use crate::games::poker::turn::path::parse_path;
use crate::games::poker::turn::{
    ProfileValues, SavedTurn, TurnSpot, solve as solve_game, solve_sampled,
};

/// `poker solve` on the turn spot `position`.
pub fn solve(args: &SolveArgs, position: &Position) -> Result<(), CliError> {
    let sizes = args.spot.street_sizes()?;
    let ranges = position
        .ranges(&args.spot.ranges)
        .map_err(CliError::input)?;
    let spot = TurnSpot::new(position, &sizes, &ranges);
    let (position, game) = spot.build().map_err(CliError::input)?;
    let target = match (&args.target, args.iterations) {
        (Some(text), _) => parse_target(text, game.pot()).map_err(CliError::input)?,
        (None, Some(_)) => 0.0,
        (None, None) => 0.001 * game.pot(),
    };
    let (method, name) = args.algorithm.method();
    let (solution, seed) = match method {
        Method::Full(algorithm) => {
            let options = SolveOptions {
                algorithm,
                target,
                max_iterations: args.iterations.unwrap_or(DEFAULT_ITERATIONS),
                check_every: CHECK_EVERY,
            };
            (solve_game(&game, &options), None)
        }
        Method::Sampled(sampling) => {
            let rule = StopRule {
                max_iterations: args.iterations.unwrap_or(DEFAULT_SAMPLED_ITERATIONS),
                target_exploitability: target,
                check_every: SAMPLED_CHECK_EVERY,
            };
            let solution = solve_sampled(&game, sampling, args.seed, &rule)
                .map_err(|e| CliError::input(e.to_string()))?;
            (solution, Some(args.seed))
        }
    };
    let saved = SavedTurn {
        spot,
        algorithm: name.to_string(),
        seed,
        target,
        solution,
    };
    if let Some(path) = &args.out {
        write_atomic(path, &saved.to_bytes())
            .map_err(|e| CliError::internal(format!("--out {}: {e}", path.display())))?;
    }
    let profile = ProfileValues::new(&game, &saved.solution.strategies);
    let json = turn_json(&position, &game, &saved, &profile);
    if args.json {
        println!("{json:#}");
    } else {
        print!(
            "{}",
            solution_text(&json, None, None).map_err(CliError::internal)?
        );
    }
    Ok(())
}

/// `poker show` on a saved turn solution (`bytes`, the file's content).
pub fn show(args: &ShowArgs, bytes: &[u8]) -> Result<(), CliError> {
    let path = args.file.display();
    let hands = args.hands()?;
    let (saved, position, game) =
        SavedTurn::from_bytes(bytes).map_err(|e| CliError::input(format!("{path}: {e}")))?;
    let river = args
        .river
        .as_deref()
        .map(|text| {
            text.trim()
                .parse::<Card>()
                .map_err(|e| CliError::input(format!("--river: {e}")))
        })
        .transpose()?;
    let steps = parse_path(args.node.as_deref().unwrap_or(""), position.chip)
        .map_err(|e| CliError::input(format!("--node: {e}")))?;
    let node = find_node(&position, &game, &steps, river)
        .map_err(|e| CliError::input(format!("--node: {e}")))?;
    let profile = ProfileValues::new(&game, &saved.solution.strategies);
    let mut json = turn_summary(&position, &game, &saved);
    json["nodes"] = serde_json::json!([node_json(&position, &game, &saved, &profile, node)]);
    let text = solution_text(&json, None, hands.as_ref())
        .map_err(|e| CliError::internal(format!("{path}: {e}")))?;
    print!("{text}");
    Ok(())
}
