//! What the numbers of a saved solve must be, checked by [`super::file`]
//! on every read after the checksum, so that a file whose checksum was
//! recomputed over impossible numbers is refused as well:
//!
//! - every strategy number finite and a probability in [0, 1], each
//!   hand's probabilities at a decision summing to one within
//!   [`SUM_TOLERANCE`];
//! - the values, exploitability, bracket, target and seconds finite; the
//!   two values summing to the pot and the exploitability and target not
//!   below zero (within [`SUM_TOLERANCE`] of the pot), the bracket's low
//!   end not above its high end; at least one iteration and at most
//!   [`MAX_ITERATIONS`]; the algorithm's name a short word.
//!
//! The shapes (one block of the tree's decisions, each actions × hands)
//! are checked by the reader before any number is read. An error says
//! what is wrong and where: the node's path, the hand, the action and
//! the number found.

use crate::games::poker::combo::combo_name;
use crate::games::poker::game::{NodeKind, PokerGame, Solution, Step};
use crate::games::poker::position::Position;
use crate::limits::MAX_ITERATIONS;

use super::solved_spot::{SolveRun, node_place};

/// How far a hand's probabilities at a decision may sum from one, and
/// how far (as a share of the pot) the values may sum from the pot and
/// the exploitability and target may fall below zero. A solve writes
/// sums within about 1e-15 of one; the tolerance leaves room for any
/// rounding a later solver may add, far below what a view prints.
pub const SUM_TOLERANCE: f64 = 1e-6;

/// The longest algorithm name a file may give.
const MAX_ALGORITHM_BYTES: usize = 32;

/// `x` as a message shows it: plainly, or in exponent form when very
/// large or small (`1e300`), never hundreds of digits.
fn shown(x: f64) -> String {
    if x != 0.0 && x.is_finite() && !(1e-6..1e9).contains(&x.abs()) {
        format!("{x:e}")
    } else {
        format!("{x}")
    }
}

/// Checks `solution` and `run`, read for a spot at `position` whose
/// game is `game` (the strategies already laid out per node as the tree
/// says).
///
/// # Errors
/// What is wrong and where, e.g. ``at node `x b50`, hand AhKh, action
/// `c`: the probability -8 is not in [0, 1]``.
pub fn check_solution(
    position: &Position,
    game: &PokerGame,
    solution: &Solution,
    run: &SolveRun,
) -> Result<(), String> {
    check_results(game.pot(), solution)?;
    check_run(run)?;
    check_strategies(position, game, &solution.strategies)
}

/// The results of a solve: finite, the values summing to `pot`, the
/// exploitability not below zero, the bracket in order, the iterations
/// within bounds.
fn check_results(pot: f64, solution: &Solution) -> Result<(), String> {
    let slack = SUM_TOLERANCE * pot;
    let named = [
        ("value", &solution.value[..]),
        ("exploitability", &[solution.exploitability][..]),
        ("bracket", &solution.bracket[..]),
        ("seconds", &[solution.seconds][..]),
    ];
    for (name, numbers) in named {
        if let Some(bad) = numbers.iter().find(|x| !x.is_finite()) {
            return Err(format!("`{name}` is {bad}, not a finite number"));
        }
    }
    let [oop, ip] = solution.value;
    if (oop + ip - pot).abs() > slack {
        return Err(format!(
            "`value` [{}, {}] sums to {}, not to the pot {} (within {SUM_TOLERANCE} of it)",
            shown(oop),
            shown(ip),
            shown(oop + ip),
            shown(pot)
        ));
    }
    if solution.exploitability < -slack {
        return Err(format!(
            "`exploitability` is {}, below zero",
            shown(solution.exploitability)
        ));
    }
    let [low, high] = solution.bracket;
    if low > high + slack {
        return Err(format!(
            "`bracket` [{}, {}] has its low end above its high end",
            shown(low),
            shown(high)
        ));
    }
    if solution.seconds < 0.0 {
        return Err(format!(
            "`seconds` is {}, below zero",
            shown(solution.seconds)
        ));
    }
    if !(1..=MAX_ITERATIONS).contains(&solution.iterations) {
        return Err(format!(
            "`iterations` is {}, not from 1 to {MAX_ITERATIONS}",
            solution.iterations
        ));
    }
    Ok(())
}

/// How the solve ran: a short printable algorithm name, a finite target
/// not below zero.
fn check_run(run: &SolveRun) -> Result<(), String> {
    let name = &run.algorithm;
    let printable = name.bytes().all(|b| b.is_ascii_graphic());
    if name.is_empty() || name.len() > MAX_ALGORITHM_BYTES || !printable {
        let start: String = name.chars().take(MAX_ALGORITHM_BYTES).collect();
        return Err(format!(
            "`algorithm` {start:?} is no algorithm's name (1 to {MAX_ALGORITHM_BYTES} printable ASCII characters)"
        ));
    }
    if !run.target.is_finite() || run.target < 0.0 {
        return Err(format!(
            "`target` is {}, not a finite number from 0 up",
            shown(run.target)
        ));
    }
    Ok(())
}

/// Every decision's strategy: each number a probability, each hand's
/// probabilities summing to one.
fn check_strategies(
    position: &Position,
    game: &PokerGame,
    strategies: &[Option<Vec<f64>>],
) -> Result<(), String> {
    let tree = game.spot_tree();
    for (index, node) in tree.nodes.iter().enumerate() {
        let (
            NodeKind::Decision {
                player, actions, ..
            },
            Some(strategy),
        ) = (&node.kind, &strategies[index])
        else {
            continue;
        };
        let combos = game.combos(*player);
        let place = || node_place(position, tree, index);
        let action = |a: usize| Step::Action(actions[a]).notation(position.chip);
        for (hand, &combo) in combos.iter().enumerate() {
            let mut sum = 0.0;
            for a in 0..actions.len() {
                let p = strategy[a * combos.len() + hand];
                if !(0.0..=1.0).contains(&p) {
                    return Err(format!(
                        "at node {}, hand {}, action `{}`: the probability {} is not in [0, 1]",
                        place(),
                        combo_name(combo.into()),
                        action(a),
                        shown(p)
                    ));
                }
                sum += p;
            }
            if (sum - 1.0).abs() > SUM_TOLERANCE {
                return Err(format!(
                    "at node {}, hand {}: the probabilities sum to {}, not to 1 (within {SUM_TOLERANCE})",
                    place(),
                    combo_name(combo.into()),
                    shown(sum)
                ));
            }
        }
    }
    Ok(())
}
