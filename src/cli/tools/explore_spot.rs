//! `explore` on a poker spot file (`game = "poker"`): the spot is solved
//! on the fly as `poker solve` solves it (DCFR, measured every 10
//! iterations, to `--target`, by default 0.1 % of the pot, or
//! `--iterations`, by default 100,000), with a progress bar on stderr
//! (hidden by `-q` and `--json`), and embedded as a file saved by `poker
//! solve --out` would be ([`SolvedSpot`]). `--set` overrides the spot's
//! keys as it does for `run`.

use std::path::Path;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::cfr::Algorithm;
use crate::cli::CliError;
use crate::cli::poker::solve_args::{CHECK_EVERY, DEFAULT_ITERATIONS, parse_target};
use crate::explore::{Variant, poker_data, turn_data};
use crate::games::poker::game::{Keep, PokerGame, Solution, SolveOptions, solve_observed};
use crate::games::poker::lab::{CompiledSpot, SpotGame, load_poker_spot};
use crate::games::poker::solved::{SolveRun, SolvedSpot};
use crate::rules::Override;

/// How far to solve, from `--target` and `--iterations`.
pub struct Budget<'a> {
    /// `--target`: a share of the pot (`0.1%`) or chips.
    pub target: Option<&'a str>,
    /// `--iterations`.
    pub iterations: Option<u64>,
    /// Show the progress bar.
    pub progress: bool,
}

/// Loads the spot file at `path` with `overrides`, solves it and returns
/// its page data.
pub fn spot_variant(
    path: &Path,
    overrides: &[Override],
    budget: &Budget,
) -> Result<Variant, CliError> {
    let keys =
        load_poker_spot(Some(path), overrides).map_err(|e| CliError::input(e.to_string()))?;
    let spot = CompiledSpot::compile(&keys).map_err(|problems| {
        let lines: Vec<String> = problems
            .iter()
            .map(|p| format!("{}: {} = {}: {}", path.display(), p.key, p.found, p.allowed))
            .collect();
        CliError::input(lines.join("\n"))
    })?;
    let name = path.display().to_string();
    let pot = spot.game.pot();
    let target = match (budget.target, budget.iterations) {
        (Some(text), _) => parse_target(text, pot).map_err(CliError::input)?,
        (None, Some(_)) => 0.0,
        (None, None) => 0.001 * pot,
    };
    let options = SolveOptions {
        algorithm: Algorithm::DCFR_RESTARTED,
        target,
        max_iterations: budget.iterations.unwrap_or(DEFAULT_ITERATIONS),
        check_every: CHECK_EVERY,
    };
    let run = SolveRun {
        algorithm: "dcfr".to_string(),
        seed: None,
        target,
    };
    let CompiledSpot { game, spot, .. } = spot;
    Ok(match game {
        SpotGame::River(game) => {
            let solution = solve(&game, &options, budget.progress);
            let solved = SolvedSpot::new(spot, *game, solution, run);
            Variant::Poker(Box::new(poker_data(&name, &solved)))
        }
        SpotGame::Turn(game) => {
            let solution = solve(&game, &options, budget.progress);
            let solved = SolvedSpot::new(spot, *game, solution, run);
            let data = turn_data(&name, &solved).map_err(|e| CliError::internal(e.to_string()))?;
            Variant::Turn(Box::new(data))
        }
        SpotGame::Flop(_) => {
            return Err(CliError::input(format!(
                "{name}: a flop spot; explore shows river and turn spots (solve this one with `poker solve --out FILE` and browse it with `poker show FILE`)"
            )));
        }
    })
}

/// `game` solved under `options` as `poker solve` solves it, keeping
/// every strategy, with a progress bar over the iteration limit showing
/// the last exploitability against the target.
fn solve(game: &PokerGame, options: &SolveOptions, progress: bool) -> Solution {
    let target = if progress {
        ProgressDrawTarget::stderr()
    } else {
        ProgressDrawTarget::hidden()
    };
    let bar = ProgressBar::with_draw_target(Some(options.max_iterations), target);
    bar.set_style(
        ProgressStyle::with_template(
            "solving {elapsed_precise} [{bar:40}] {human_pos}/{human_len} iterations, {msg}",
        )
        .expect("a valid progress template")
        .progress_chars("=> "),
    );
    let pot = game.pot();
    let goal = 100.0 * options.target / pot;
    let solution = solve_observed(game, options, Keep::All, &mut |row| {
        bar.set_position(row.iteration);
        bar.set_message(format!(
            "exploitability {:.3} % of the pot (target {goal:.3} %)",
            100.0 * row.exploitability / pot
        ));
    });
    bar.finish_and_clear();
    solution
}
