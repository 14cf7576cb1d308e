//! `explore` on a poker spot file (`game = "poker"`): the spot is solved
//! on the fly as `poker solve` solves it (DCFR, measured every 10
//! iterations, to `--target`, by default 0.1 % of the pot, or
//! `--iterations`, by default 100,000), with a progress bar on stderr
//! (hidden by `-q` and `--json`), and embedded as a saved solution would
//! be: a river spot as the JSON `poker solve --out` writes, a turn spot as
//! the solution a saved turn file holds. `--set` overrides the spot's keys
//! as it does for `run`.

use std::path::Path;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::CliError;
use super::poker_solve_args::{CHECK_EVERY, DEFAULT_ITERATIONS, parse_target};
use super::poker_solve_out::solution_json;
use crate::cfr::vector::{VectorGame, VectorSolver};
use crate::cfr::{Algorithm, Convergence, StopRule, converge_observed};
use crate::explore::{Variant, poker_data, turn_data};
use crate::games::poker::lab::{Spot, SpotGame, load_poker_spot};
use crate::games::poker::river::RiverSolution;
use crate::games::poker::turn::solve::{solution as turn_solution, solver_bytes};
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
    let spot = Spot::compile(&keys).map_err(|problems| {
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
    let rule = StopRule {
        max_iterations: budget.iterations.unwrap_or(DEFAULT_ITERATIONS),
        target_exploitability: target,
        check_every: CHECK_EVERY,
    };
    let position = &spot.position;
    Ok(match &spot.game {
        SpotGame::River(game) => {
            let (run, strategies) = solve(game.as_ref(), &rule, pot, budget.progress);
            let last = run.log.last().expect("the loop measures at least once");
            let half = pot / 2.0;
            let solution = RiverSolution {
                value: [half + last.value, half - last.value],
                exploitability: last.exploitability,
                bracket: [half + last.lower, half + last.upper],
                iterations: run.iterations,
                seconds: run.seconds,
                strategies,
            };
            let json = solution_json(position, game, &solution, "dcfr", None, target);
            Variant::Poker(Box::new(
                poker_data(&name, &json).map_err(|e| CliError::internal(e.to_string()))?,
            ))
        }
        SpotGame::Turn(game) => {
            let (run, strategies) = solve(game.as_ref(), &rule, pot, budget.progress);
            let memory = solver_bytes(game.as_ref()) + game.memory_bytes() as u64;
            let nodes = strategies.len();
            let solution = turn_solution(pot, nodes, &run, memory, |n| strategies[n].clone());
            let data = turn_data(&name, position, game, &solution, "dcfr")
                .map_err(|e| CliError::internal(e.to_string()))?;
            Variant::Turn(Box::new(data))
        }
        SpotGame::Flop(_) => {
            return Err(CliError::input(format!(
                "{name}: a flop spot; explore shows river and turn spots (solve this one with `poker solve --out FILE` and browse it with `poker show FILE`)"
            )));
        }
    })
}

/// DCFR on `game` until `rule` stops it, as `poker solve` runs it (the
/// same loop, inside rayon's pool), with a progress bar over the
/// iteration limit showing the last exploitability against the target;
/// returns the log and every node's average strategy.
fn solve<G: VectorGame>(
    game: &G,
    rule: &StopRule,
    pot: f64,
    progress: bool,
) -> (Convergence, Vec<Option<Vec<f64>>>) {
    let target = if progress {
        ProgressDrawTarget::stderr()
    } else {
        ProgressDrawTarget::hidden()
    };
    let bar = ProgressBar::with_draw_target(Some(rule.max_iterations), target);
    bar.set_style(
        ProgressStyle::with_template(
            "solving {elapsed_precise} [{bar:40}] {human_pos}/{human_len} iterations, {msg}",
        )
        .expect("a valid progress template")
        .progress_chars("=> "),
    );
    let goal = 100.0 * rule.target_exploitability / pot;
    let mut solver = VectorSolver::new(game, Algorithm::DCFR_RESTARTED);
    let run = rayon::scope(|_| {
        converge_observed(&mut solver, rule, &mut |row| {
            bar.set_position(row.iteration);
            bar.set_message(format!(
                "exploitability {:.3} % of the pot (target {goal:.3} %)",
                100.0 * row.exploitability / pot
            ));
        })
    });
    bar.finish_and_clear();
    let strategies = (0..game.tree().num_nodes())
        .map(|node| solver.average_strategy(node))
        .collect();
    (run, strategies)
}
