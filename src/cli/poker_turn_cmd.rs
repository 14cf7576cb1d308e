//! `banluck-lab poker solve` on a turn spot (four-card board) and `poker
//! show` on a saved turn solution: the turn and every river card solved in
//! one tree, saved as a versioned binary file, browsed node by node with
//! the river card (`--node "x b20 c" --river 2s`).

use super::CliError;
use super::poker_solve_args::{
    CHECK_EVERY, DEFAULT_ITERATIONS, Method, ShowArgs, SolveArgs, parse_target,
};
use super::poker_solve_out::solution_text;
use super::poker_turn_out::{find_node, node_json, turn_json, turn_summary};
use crate::atomic::write_atomic;
use crate::games::poker::card::Card;
use crate::games::poker::position::Position;
use crate::games::poker::river::SolveOptions;
use crate::games::poker::turn::path::parse_path;
use crate::games::poker::turn::{ProfileValues, SavedTurn, TurnSpot, solve as solve_game};

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
    let (algorithm, name) = match args.algorithm.method() {
        (Method::Full(algorithm), name) => (algorithm, name),
        (Method::Sampled(_), name) => {
            return Err(CliError::input(format!(
                "--algorithm {name}: MCCFR on turn spots is not there yet; use dcfr or cfr+"
            )));
        }
    };
    let options = SolveOptions {
        algorithm,
        target,
        max_iterations: args.iterations.unwrap_or(DEFAULT_ITERATIONS),
        check_every: CHECK_EVERY,
    };
    let solution = solve_game(&game, &options);
    let saved = SavedTurn {
        spot,
        algorithm: name.to_string(),
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
