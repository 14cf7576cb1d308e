//! `explore` on a poker spot file (`game = "poker"`): the spot is solved
//! on the fly as `poker solve` solves it (DCFR, measured every
//! [`CHECK_EVERY`] iterations, to a target, by default 0.1 % of the pot,
//! or an iteration cap, by default [`DEFAULT_ITERATIONS`]), and embedded
//! as a file saved by `poker solve --out` would be ([`SolvedSpot`]).
//! Overrides change the spot's keys as they do for `run`.

use std::path::Path;

use super::{ExploreError, Variant};
use crate::cfr::{Algorithm, LogRow};
use crate::games::poker::budget::{CHECK_EVERY, DEFAULT_ITERATIONS, parse_target};
use crate::games::poker::game::{Keep, SolveOptions, solve_observed};
use crate::games::poker::lab::{CompiledSpot, SpotGame, load_poker_spot};
use crate::games::poker::solved::{SolveRun, SolvedSpot};
use crate::rules::{GameKind, Override, game_kind};

use super::poker::poker_data;
use super::turn::turn_data;

/// How far to solve.
pub struct Budget<'a> {
    /// A share of the pot (`0.1%`) or chips.
    pub target: Option<&'a str>,
    /// An iteration cap.
    pub iterations: Option<u64>,
}

/// Whether `path` is a poker spot file (`game = "poker"`), which
/// [`spot_variant`] solves, rather than a rules file, an output folder or
/// a saved solution.
pub fn is_spot_file(path: &Path) -> bool {
    path.is_file() && game_kind(path).ok() == Some(GameKind::Poker)
}

/// One measurement of the solve, for a progress display.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SpotProgress {
    /// Iterations done.
    pub iteration: u64,
    /// The iteration cap.
    pub cap: u64,
    /// The exploitability reached, in % of the pot.
    pub exploitability_pct: f64,
    /// The target, in % of the pot.
    pub target_pct: f64,
}

/// Loads the spot file at `path` with `overrides`, solves it and returns
/// its page data; `observe` hears each measurement.
///
/// # Errors
/// A spot file with problems (each named by file and key), a bad target,
/// or a flop spot, which the page does not show.
pub fn spot_variant(
    path: &Path,
    overrides: &[Override],
    budget: &Budget,
    observe: &mut (dyn FnMut(SpotProgress) + Send),
) -> Result<Variant, ExploreError> {
    let keys =
        load_poker_spot(Some(path), overrides).map_err(|e| ExploreError::Input(e.to_string()))?;
    let spot = CompiledSpot::compile(&keys).map_err(|problems| {
        let lines: Vec<String> = problems
            .iter()
            .map(|p| format!("{}: {} = {}: {}", path.display(), p.key, p.found, p.allowed))
            .collect();
        ExploreError::Input(lines.join("\n"))
    })?;
    let name = path.display().to_string();
    let pot = spot.game.pot();
    let target = match (budget.target, budget.iterations) {
        (Some(text), _) => parse_target(text, pot).map_err(ExploreError::Input)?,
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
    let (game, turn) = match game {
        SpotGame::River(game) => (*game, false),
        SpotGame::Turn(game) => (*game, true),
        SpotGame::Flop(_) => {
            return Err(ExploreError::Input(format!(
                "{name}: a flop spot; explore shows river and turn spots (solve this one with `poker solve --out FILE` and browse it with `poker show FILE`)"
            )));
        }
    };
    let (cap, target_pct) = (options.max_iterations, 100.0 * target / pot);
    let solution = solve_observed(&game, &options, Keep::All, &mut |row: &LogRow| {
        observe(SpotProgress {
            iteration: row.iteration,
            cap,
            exploitability_pct: 100.0 * row.exploitability / pot,
            target_pct,
        });
    });
    let solved = SolvedSpot::new(spot, game, solution, run);
    Ok(if turn {
        Variant::Turn(Box::new(turn_data(&name, &solved)?))
    } else {
        Variant::Poker(Box::new(poker_data(&name, &solved)))
    })
}
