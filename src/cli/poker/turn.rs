//! `banluck-lab poker solve` on a turn spot (four-card board) and `poker
//! show` on a saved turn solution: the turn and every river card solved in
//! one tree (by DCFR, CFR+ or seeded Monte Carlo CFR), saved as a versioned binary file, browsed node by node with
//! the river card (`--node "x b20 c" --river 2s`).

use super::solve_args::{ShowArgs, SolveArgs, Solved};
use super::solve_out::solution_text;
use super::spot::spot_error;
use super::turn_out::{find_node, node_json, turn_json, turn_summary};
use crate::cli::CliError;
use crate::games::poker::card::Card;
use crate::games::poker::game::path::parse_path;
use crate::games::poker::game::{
    Keep, PokerGame, ProfileValues, solve as solve_game, solve_sampled,
};
use crate::games::poker::spot::{MAX_MEMORY_BYTES, Readout, Spot, check_memory};
use crate::games::poker::turn::{SavedTurn, TurnSpot};

/// `poker solve` on the turn spot `spot`, whose game is `game`; refused
/// where the solve, which keeps and values every strategy, would need
/// more than [`MAX_MEMORY_BYTES`].
pub fn solve(args: &SolveArgs, spot: &Spot, game: &PokerGame) -> Result<(), CliError> {
    check_memory(game, Readout::Values, MAX_MEMORY_BYTES).map_err(spot_error)?;
    let position = &spot.position;
    let Solved {
        solution,
        name,
        seed,
        target,
    } = args.solve_with(
        game.pot(),
        |options| solve_game(game, options, Keep::All),
        |sampling, seed, rule| solve_sampled(game, sampling, seed, rule),
    )?;
    let saved = SavedTurn {
        spot: TurnSpot::new(spot),
        algorithm: name.to_string(),
        seed,
        target,
        solution,
    };
    args.save(&saved.to_bytes())?;
    let profile = ProfileValues::new(game, &saved.solution.strategies);
    args.print(&turn_json(position, game, &saved, &profile))
}

/// `poker show` on a saved turn solution (`bytes`, the file's content).
pub fn show(args: &ShowArgs, bytes: &[u8]) -> Result<(), CliError> {
    let path = args.file.display();
    if args.turn.is_some() {
        return Err(CliError::input(format!(
            "--turn: {path} is a turn solution; --turn picks the turn card of a flop solution"
        )));
    }
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
    if args.json {
        println!("{json:#}");
    } else if !args.quiet {
        print!("{text}");
    }
    Ok(())
}
