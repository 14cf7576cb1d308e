//! `banluck-lab poker solve` and `poker show`: read the flags into a spot,
//! build its game ([`build_game`]) and solve it; a river spot's solution
//! is printed or saved here, a turn or flop spot's by
//! [`super::turn`] and [`super::flop`]. `poker show`
//! prints a saved one.

use serde_json::Value;

use super::solve_args::{ShowArgs, SolveArgs, Solved};
use super::solve_out::{solution_json, solution_text};
use super::spot::spot_error;
use crate::cli::CliError;
use crate::games::poker::flop::FLOP_MAGIC;
use crate::games::poker::game::{Keep, solve as solve_game, solve_sampled};
use crate::games::poker::spot::{GameOptions, MAX_MEMORY_BYTES, Readout, build_game, check_memory};
use crate::games::poker::turn::save::MAGIC;

/// `poker solve`.
pub fn solve(args: &SolveArgs) -> Result<(), CliError> {
    let options = GameOptions {
        isomorphism: !args.no_isomorphism,
        buckets: args.buckets,
        compressed: args.compress,
        max_nodes: usize::MAX,
    };
    let spot = args.spot.spot("the solver", true, options)?;
    let game = build_game(&spot).map_err(spot_error)?;
    match spot.street() {
        Some(0) => return super::flop::solve(args, &spot, &game),
        Some(1) => return super::turn::solve(args, &spot, &game),
        _ => {}
    }
    check_memory(&game, Readout::Values, MAX_MEMORY_BYTES).map_err(spot_error)?;
    let Solved {
        solution,
        name,
        seed,
        target,
    } = args.solve_with(
        game.pot(),
        |options| solve_game(&game, options, Keep::All),
        |sampling, seed, rule| solve_sampled(&game, sampling, seed, rule),
    )?;
    let json = solution_json(&spot.position, &game, &solution, name, seed, target);
    args.save(format!("{json:#}\n").as_bytes())?;
    args.print(&json)
}
/// `poker show`: a saved turn or flop solution (by its first bytes) or a
/// river one.
pub fn show(args: &ShowArgs) -> Result<(), CliError> {
    let path = args.file.display();
    let bytes = std::fs::read(&args.file).map_err(|e| CliError::input(format!("{path}: {e}")))?;
    if bytes.starts_with(MAGIC) {
        return super::turn::show(args, &bytes);
    }
    if bytes.starts_with(FLOP_MAGIC) {
        return super::flop::show(args, &bytes);
    }
    if args.turn.is_some() {
        return Err(CliError::input(format!(
            "--turn: {path} is a river solution; --turn picks the turn card of a flop solution"
        )));
    }
    if args.river.is_some() {
        return Err(CliError::input(format!(
            "--river: {path} is a river solution; --river picks the river card of a turn solution"
        )));
    }
    let hands = args.hands()?;
    let json: Value = serde_json::from_slice(&bytes)
        .map_err(|e| CliError::input(format!("{path}: not a saved solution ({e})")))?;
    let text = solution_text(&json, args.node.as_deref(), hands.as_ref())
        .map_err(|e| CliError::input(format!("{path}: {e}")))?;
    if args.json {
        println!("{:#}", shown_node(json, args.node.as_deref()));
    } else if !args.quiet {
        print!("{text}");
    }
    Ok(())
}

/// A saved river solution with only the node at `path` (the root when
/// none) left in `nodes`; `solution_text` has checked that it exists.
fn shown_node(mut json: Value, path: Option<&str>) -> Value {
    if let Some(nodes) = json["nodes"].as_array_mut() {
        let at = nodes
            .iter()
            .position(|n| path.is_none_or(|p| n["path"].as_str() == Some(p)))
            .unwrap_or(0);
        let node = nodes.swap_remove(at);
        *nodes = vec![node];
    }
    json
}
