//! `banluck-lab poker solve` on a flop spot (three-card board): the flop,
//! every turn card and every river card in one tree, with suit
//! isomorphism; `--dry-run` prints the tree's size and the bytes the solve
//! would take, and `--memory-limit` refuses a bigger solve with exit 2,
//! both before the solver allocates anything.

use serde_json::json;

use super::CliError;
use super::poker_flop_out::{flop_json, flop_summary};
use super::poker_memory::{format_bytes, memory_limit};
use super::poker_solve_args::{SolveArgs, Solved};
use super::poker_solve_out::solution_text;
use crate::games::poker::flop::{FlopSettings, memory_estimate, solve as solve_game};
use crate::games::poker::position::Position;

/// `poker solve` on the flop spot `position`.
pub fn solve(args: &SolveArgs, position: &Position) -> Result<(), CliError> {
    if args.out.is_some() {
        return Err(CliError::input(
            "--out: saving a flop solution is not supported yet (river and turn spots only)",
        ));
    }
    if !matches!(
        args.algorithm,
        super::poker_solve_args::AlgorithmArg::Dcfr
            | super::poker_solve_args::AlgorithmArg::CfrPlus
    ) {
        return Err(CliError::input(
            "--algorithm: a flop spot is solved by dcfr or cfr+ (MCCFR runs on river and turn spots)",
        ));
    }
    let settings = FlopSettings {
        sizes: args.spot.flop_sizes()?,
        ranges: position
            .ranges(&args.spot.ranges)
            .map_err(CliError::input)?,
        isomorphism: !args.no_isomorphism,
    };
    let limit = memory_limit(args.memory_limit.as_deref())?;
    let game = settings
        .build(position)
        .map_err(CliError::input)?
        .with_compression(args.compress);
    let bytes = memory_estimate(&game);
    if args.dry_run {
        let (decisions, deals, nodes) = game.flop_tree().counts();
        let [turn, river] = game.isomorphism();
        let json = json!({
            "position": position.to_string(),
            "tree": {"nodes": nodes, "decisions": {"flop": decisions[0], "turn": decisions[1], "river": decisions[2]}, "deals": deals},
            "hands": {"oop": game.combos(0).len(), "ip": game.combos(1).len()},
            "isomorphism": {"turn": {"dealt": turn[0], "solved": turn[1]}, "river": {"dealt": river[0], "solved": river[1]}},
            "memory_bytes": bytes,
            "compressed": args.compress,
            "memory_limit": limit.bytes,
        });
        if args.json {
            println!("{json:#}");
        } else {
            println!("position  {}", position);
            println!(
                "tree      {nodes} nodes: {} flop, {} turn, {} river decisions, {deals} deals",
                decisions[0], decisions[1], decisions[2]
            );
            println!(
                "cards     turn {} dealt, {} solved; river {} dealt, {} solved (suit isomorphism)",
                turn[0], turn[1], river[0], river[1]
            );
            println!(
                "memory    {} needed ({} bytes); limit {} ({})",
                format_bytes(bytes),
                bytes,
                format_bytes(limit.bytes),
                limit.source
            );
        }
        return Ok(());
    }
    if bytes > limit.bytes {
        return Err(CliError::input(format!(
            "the solve would need {} ({bytes} bytes), more than --memory-limit {} ({}): use fewer sizes, smaller ranges or a higher --memory-limit",
            format_bytes(bytes),
            format_bytes(limit.bytes),
            limit.source
        )));
    }
    let Solved {
        solution,
        name,
        seed,
        target,
    } = args.solve_with(
        game.pot(),
        |options| solve_game(&game, options),
        |_, _, _| unreachable!("checked: a flop spot is solved full width"),
    )?;
    let mut json = flop_summary(position, &game, &settings.sizes, &solution);
    json["algorithm"] = json!(name);
    json["seed"] = json!(seed);
    json["target"] = json!(target);
    json["nodes"] = flop_json(position, &game, &solution);
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
