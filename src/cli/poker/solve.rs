//! `banluck-lab poker solve` and `poker show`: read the flags into a spot
//! (or a saved file and a node), call the library ([`build_game`], the
//! solve, [`SolvedSpot`], [`load`], [`SolvedSpot::find`]) and print
//! through [`super::print_text`] or [`super::print_json`].

use super::dry_run::print_dry_run;
use super::memory::{format_bytes, memory_limit};
use super::print_json::solution_json;
use super::print_text::solution_text;
use super::solve_args::{AlgorithmArg, ShowArgs, SolveArgs, Solved};
use super::spot::spot_error;
use crate::cli::CliError;
use crate::games::poker::card::Card;
use crate::games::poker::game::path::parse_path;
use crate::games::poker::game::{Keep, PokerGame, solve as solve_game, solve_sampled};
use crate::games::poker::solved::{NodeView, SolveRun, SolvedSpot, load, to_bytes};
use crate::games::poker::spot::{
    GameOptions, MAX_MEMORY_BYTES, Readout, Spot, build_game, check_memory, memory_need,
};

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
    let keep = if spot.street() == Some(0) {
        match flop_budget(args, &spot, &game)? {
            Some(keep) => keep,
            None => return Ok(()),
        }
    } else {
        let limit = MAX_MEMORY_BYTES.min(crate::guard::memory_limit().bytes);
        check_memory(&game, Readout::Values, limit).map_err(spot_error)?;
        Keep::All
    };
    let Solved {
        solution,
        name,
        seed,
        target,
    } = args.solve_with(
        game.pot(),
        |options| solve_game(&game, options, keep),
        |sampling, seed, rule| solve_sampled(&game, sampling, seed, rule),
    )?;
    let run = SolveRun {
        algorithm: name.to_string(),
        seed,
        target,
    };
    let solved = SolvedSpot::new(spot, game, solution, run);
    if let Some(out) = &args.out {
        let bytes = to_bytes(&solved);
        args.save(&bytes)?;
        if !args.quiet {
            eprintln!(
                "wrote {} ({}, {} bytes)",
                out.display(),
                format_bytes(bytes.len() as u64),
                bytes.len()
            );
        }
    }
    if args.json {
        println!("{:#}", solution_json(&solved, &solved.listed_nodes()));
    } else if !args.quiet {
        print!("{}", solution_text(&solved, &root(&solved)?, None));
    }
    Ok(())
}

/// A flop spot's checks before it is solved: its algorithm, `--dry-run`
/// (printed here; `None` then) and `--memory-limit`; what the solve keeps
/// (every strategy for `--out`, else the flop's).
fn flop_budget(args: &SolveArgs, spot: &Spot, game: &PokerGame) -> Result<Option<Keep>, CliError> {
    if !matches!(args.algorithm, AlgorithmArg::Dcfr | AlgorithmArg::CfrPlus) {
        return Err(CliError::input(
            "--algorithm: a flop spot is solved by dcfr or cfr+ (MCCFR runs on river and turn spots)",
        ));
    }
    let limit = memory_limit(args.memory_limit.as_deref())?;
    // What --out saves, every decision's strategy, is kept beside the solver.
    let (readout, keep) = if args.out.is_some() {
        (Readout::Strategies, Keep::All)
    } else {
        (Readout::RootStreet, Keep::RootStreet)
    };
    let bytes = memory_need(game, readout);
    if args.dry_run {
        print_dry_run(args, &spot.position, game, bytes, &limit);
        return Ok(None);
    }
    if bytes > limit.bytes {
        return Err(CliError::input(format!(
            "the solve would need {} ({bytes} bytes), more than --memory-limit {} ({}): use fewer sizes, smaller ranges or a higher --memory-limit",
            format_bytes(bytes),
            format_bytes(limit.bytes),
            limit.source
        )));
    }
    Ok(Some(keep))
}

/// The root's decision node.
fn root(solved: &SolvedSpot) -> Result<NodeView, CliError> {
    solved
        .node(0)
        .ok_or_else(|| CliError::internal("the root has no strategy"))
}

/// `poker show`: the node of a saved solve at `--node`, with `--turn` and
/// `--river` for the cards the path does not name.
pub fn show(args: &ShowArgs) -> Result<(), CliError> {
    let path = args.file.display();
    let solved = load(&args.file).map_err(|e| CliError::input(format!("{path}: {e}")))?;
    let card = |flag: &str, text: &Option<String>| {
        text.as_deref()
            .map(|text| {
                text.trim()
                    .parse::<Card>()
                    .map_err(|e| CliError::input(format!("{flag}: {e}")))
            })
            .transpose()
    };
    let cards = [card("--turn", &args.turn)?, card("--river", &args.river)?];
    let hands = args.hands()?;
    let steps = parse_path(args.node.as_deref().unwrap_or(""), solved.position().chip)
        .map_err(|e| CliError::input(format!("--node: {e}")))?;
    let node = solved
        .find(&steps, cards)
        .map_err(|e| CliError::input(e.to_string()))?;
    let view = solved
        .node(node)
        .ok_or_else(|| CliError::input(format!("{path}: the file keeps no strategy there")))?;
    if args.json {
        println!("{:#}", solution_json(&solved, std::slice::from_ref(&view)));
    } else if !args.quiet {
        print!("{}", solution_text(&solved, &view, hands.as_ref()));
    }
    Ok(())
}
