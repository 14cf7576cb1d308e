//! One engine run on one spot, mapped into the lab's [`TaskOutput`] in the
//! columns of [`super::record`]: the `runs` figures (the solution read
//! back in chips as `poker solve` reads it, the work, and the aggregate
//! frequencies of OOP's root and of IP's node after a check), the decision
//! rows and the convergence rows.

use std::time::Instant;

use super::engine::{AlgorithmRun, CHECK_EVERY, Method};
use super::measure::{Measured, Schedule, Stop};
use super::nodes::NodeRows;
use super::solved::{full_width, sampled};
use super::spot::CompiledSpot;
use super::spot_game::SpotGame;
use super::turn_nodes::{first_river_card, turn_nodes};
use crate::games::poker::action::Action;
use crate::games::poker::card::Card;
use crate::games::poker::game::NodeKind;
use crate::games::poker::solved::{SolveRun, SolvedSpot};
use crate::lab::{Cell, ConvergencePoint, TaskOutput};

impl AlgorithmRun {
    /// Solves `spot` into one `runs` row, its decision rows and its
    /// convergence rows.
    ///
    /// # Errors
    /// A river card that a turn spot cannot report (on the board, or given
    /// for a river spot), or an MCCFR sampler that cannot deal.
    pub fn run(&self, spot: &CompiledSpot) -> Result<TaskOutput, String> {
        let started = Instant::now();
        let method = self.algorithm.method();
        let stop = Stop {
            target: self.target_pct_pot / 100.0 * spot.game.pot(),
            max_iterations: self.iterations,
            schedule: match method {
                Method::Full(_) => Schedule::Every(CHECK_EVERY),
                Method::Sampled(_) => Schedule::Doubling,
            },
        };
        let seed = self.seed.unwrap_or_default();
        if self.buckets.is_some() && !matches!(spot.game, SpotGame::Flop(_)) {
            return Err("engines.solve.buckets applies to flop spots (a three-card board)".into());
        }
        let (solved, river) = match &spot.game {
            SpotGame::River(game) => {
                let game = game.as_ref();
                if self.river_card.is_some() {
                    return Err(
                        "engines.solve.river_card applies to turn spots (a four-card board)".into(),
                    );
                }
                let solved = match method {
                    Method::Full(algorithm) => full_width(game, algorithm, &stop),
                    Method::Sampled(sampling) => sampled(game, sampling, seed, &stop)?,
                };
                (solved, None)
            }
            SpotGame::Turn(game) => {
                let game = game.as_ref();
                let river = match self.river_card {
                    Some(card) if spot.position.board.mask() & card.bit() != 0 => {
                        return Err(format!(
                            "engines.solve.river_card = {card:?}: the card is on the board"
                        ));
                    }
                    Some(card) => card,
                    None => first_river_card(game)
                        .ok_or("no river card is dealt: every turn line ends in a fold")?,
                };
                let solved = match method {
                    Method::Full(algorithm) => full_width(game, algorithm, &stop),
                    Method::Sampled(sampling) => sampled(game, sampling, seed, &stop)?,
                };
                (solved, Some(river))
            }
            SpotGame::Flop(game) => {
                let Method::Full(algorithm) = method else {
                    return Err("a flop spot is solved by dcfr or cfr+ (full width)".into());
                };
                if self.river_card.is_some() {
                    return Err(
                        "engines.solve.river_card applies to turn spots (a four-card board)".into(),
                    );
                }
                let solved = match self.buckets {
                    Some(count) => {
                        let bucketed = game.as_ref().clone().with_buckets(count);
                        full_width(&bucketed, algorithm, &stop)
                    }
                    None => full_width(game.as_ref(), algorithm, &stop),
                };
                (solved, None)
            }
        };
        let run = SolveRun {
            algorithm: self.algorithm.word().to_string(),
            seed: matches!(method, Method::Sampled(_)).then_some(seed),
            target: stop.target,
        };
        let (points, solved) = solved.into_solved_spot(spot, run);
        let nodes = reported_nodes(&solved, river);
        let mut figures = self.figures(spot, &points, river);
        figures.extend(root_figures(spot, &nodes));
        let pot = spot.game.pot();
        let convergence = points
            .iter()
            .map(|point| ConvergencePoint {
                iteration: point.row.iteration,
                seconds: point.row.seconds,
                exploitability: point.row.exploitability,
                value: pot / 2.0 + point.row.value,
                extra: vec![
                    Cell::U64(point.work),
                    Cell::F64(100.0 * point.row.exploitability / pot),
                ],
            })
            .collect();
        Ok(TaskOutput {
            figures: figures
                .into_iter()
                .map(|(name, cell)| (name.to_string(), cell))
                .collect(),
            decisions: nodes.iter().flat_map(NodeRows::rows).collect(),
            convergence,
            seed: self.seed,
            seconds: started.elapsed().as_secs_f64(),
        })
    }

    /// The figures of the solution (the last measurement), in chips.
    fn figures(
        &self,
        spot: &CompiledSpot,
        points: &[Measured],
        river: Option<Card>,
    ) -> Vec<(&'static str, Cell)> {
        let game = &spot.game;
        let pot = game.pot();
        let half = pot / 2.0;
        let last = points
            .last()
            .expect("a run measures before its first iteration");
        let p = &spot.position;
        vec![
            ("pot", Cell::F64(pot)),
            (
                "stack",
                Cell::F64(p.chip.value(p.oop().stack.min(p.ip().stack))),
            ),
            ("target", Cell::F64(self.target_pct_pot / 100.0 * pot)),
            ("oop_combos", Cell::U64(game.combos(0).len() as u64)),
            ("ip_combos", Cell::U64(game.combos(1).len() as u64)),
            ("value_oop", Cell::F64(half + last.row.value)),
            ("value_ip", Cell::F64(half - last.row.value)),
            ("exploitability", Cell::F64(last.row.exploitability)),
            (
                "exploitability_pct_pot",
                Cell::F64(100.0 * last.row.exploitability / pot),
            ),
            ("bracket_lo", Cell::F64(half + last.row.lower)),
            ("bracket_hi", Cell::F64(half + last.row.upper)),
            ("iterations", Cell::U64(last.row.iteration)),
            ("algorithm", Cell::Str(self.algorithm.word().to_string())),
            ("work", Cell::U64(last.work)),
            ("river_card", Cell::from(river.map(|c| c.to_string()))),
        ]
    }
}

/// The nodes a report lists: a turn spot's turn decisions and first
/// decisions on `river` ([`turn_nodes`]), a river or flop spot's the
/// interpreter lists, read as it reads them (a river spot's every
/// decision root down, a flop spot's flop decisions with their own reach).
fn reported_nodes(solved: &SolvedSpot, river: Option<Card>) -> Vec<NodeRows> {
    match river {
        Some(card) => turn_nodes(solved, card),
        None => solved
            .listed_nodes()
            .into_iter()
            .map(|view| NodeRows::of(solved, view))
            .collect(),
    }
}

/// The node after OOP checks at the root, if the root is OOP's.
fn after_check(game: &SpotGame) -> Option<usize> {
    let NodeKind::Decision {
        actions, children, ..
    } = &game.game().spot_tree().nodes.first()?.kind
    else {
        return None;
    };
    let k = actions.iter().position(|&a| a == Action::Check)?;
    Some(children[k])
}

/// The aggregate frequencies of OOP's root and of IP's node after a check
/// (left out when the spot's history puts the tree elsewhere).
fn root_figures(spot: &CompiledSpot, nodes: &[NodeRows]) -> Vec<(&'static str, Cell)> {
    let mut figures = Vec::new();
    let checked = after_check(&spot.game);
    for (index, role, prefix, check, bet) in [
        (Some(0), "OOP", "oop_root", "oop_check", "oop_bet"),
        (
            checked,
            "IP",
            "ip_after_check",
            "ip_check_after_check",
            "ip_bet_after_check",
        ),
    ] {
        let Some(node) = nodes
            .iter()
            .find(|n| Some(n.index) == index && n.role == role)
        else {
            continue;
        };
        let shares = node.aggregate();
        let listed: Vec<String> = node
            .actions
            .iter()
            .zip(&shares)
            .map(|(a, s)| format!("{}={s}", a.1))
            .collect();
        let sum = |kind: fn(&Action) -> bool| {
            node.actions
                .iter()
                .zip(&shares)
                .filter(|(a, _)| kind(&a.0))
                .map(|(_, s)| s)
                .sum::<f64>()
        };
        figures.push((prefix, Cell::Str(listed.join(","))));
        figures.push((check, Cell::F64(sum(|a| *a == Action::Check))));
        figures.push((bet, Cell::F64(sum(|a| matches!(a, Action::Bet(_))))));
    }
    figures
}
