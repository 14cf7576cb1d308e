//! The turn report's answer in words: OOP's turn strategy, IP's response,
//! the value, how the variants differ, and which algorithm reached 0.1 %
//! of the pot in the least work.

use super::turn_convergence::{RaceRow, TARGETS};
use super::turn_model::{TurnModel, VariantView};

/// Work in words: `3.41e8`.
pub fn work_words(work: u64) -> String {
    format!("{:.2e}", work as f64)
}

/// The strategy sentences of `view`.
fn strategy(view: &VariantView, pot: &str) -> Vec<String> {
    let mut sentences = Vec::new();
    if let Some(root) = view.nodes.first() {
        sentences.push(format!(
            "{}: at the turn root ({} chips in the pot) {} plays {} (the {} solve, {:.3}% of the pot from equilibrium).",
            view.variant, pot, root.player, root.shares, view.reference, view.reference_pct
        ));
    }
    let replies: Vec<String> = view
        .nodes
        .iter()
        .filter(|n| !n.river && n.player == "IP" && !n.path.contains(' ') && n.path != "(root)")
        .map(|n| {
            let facing = if n.path == "x" {
                "checked to".to_string()
            } else {
                format!("facing {}", n.path.replacen('b', "a bet of ", 1))
            };
            format!("{facing}, {}", n.shares)
        })
        .collect();
    if !replies.is_empty() {
        sentences.push(format!("IP's response: {}.", replies.join("; ")));
    }
    sentences
}

/// The race sentence of one variant's rows.
fn race(variant: &str, rows: &[RaceRow]) -> Option<String> {
    let target = TARGETS.len() - 1;
    let mut reached: Vec<(&RaceRow, u64, u64)> = rows
        .iter()
        .filter_map(|r| {
            let at = &r.reached[target];
            Some((r, at.work?, at.iterations?))
        })
        .collect();
    reached.sort_by_key(|(_, work, _)| *work);
    let (winner, _, _) = reached.first()?;
    let parts: Vec<String> = rows
        .iter()
        .map(
            |r| match (r.reached[target].work, r.reached[target].iterations) {
                (Some(work), Some(iterations)) => format!(
                    "{} after {} work ({iterations} iterations)",
                    r.algorithm,
                    work_words(work)
                ),
                _ => format!(
                    "{} not within its budget ({:.3}% after {} work, {} iterations{})",
                    r.algorithm,
                    r.last_pct,
                    work_words(r.last_work),
                    r.last_iterations,
                    winner
                        .at_work(r.last_work)
                        .map_or(String::new(), |(work, pct)| format!(
                            "; {} was at {pct:.3}% after {} work",
                            winner.algorithm,
                            work_words(work)
                        ))
                ),
            },
        )
        .collect();
    Some(format!(
        "{variant}: {} reaches 0.1% of the pot in the least work; {}.",
        winner.algorithm,
        parts.join("; ")
    ))
}

/// The answer in words.
pub fn turn_headline(model: &TurnModel) -> Vec<String> {
    let mut sentences = Vec::new();
    let Some(first) = model.variants.first() else {
        return sentences;
    };
    sentences.extend(strategy(first, &model.pot));
    let best = |view: &VariantView| {
        model
            .runs
            .iter()
            .find(|r| r.variant == view.variant && r.algorithm == view.reference)
    };
    if let Some(run) = best(first) {
        sentences.push(format!(
            "Value: OOP {:.2} chips, IP {:.2} (OOP's game value lies in [{:.3}, {:.3}]).",
            run.value[0], run.value[1], run.bracket[0], run.bracket[1]
        ));
    }
    for view in model.variants.iter().skip(1) {
        sentences.extend(strategy(view, &model.pot).into_iter().take(1));
        if let (Some(a), Some(b)) = (best(first), best(view)) {
            let difference = b.value[0] - a.value[0];
            let widths = (a.bracket[1] - a.bracket[0]) + (b.bracket[1] - b.bracket[0]);
            let verdict = if difference.abs() > widths {
                "more than the two brackets' widths together"
            } else {
                "within the two brackets' widths together, so not told apart"
            };
            sentences.push(format!(
                "With {}, OOP's value is {:.2} chips against {:.2} with {}: {:+.2}, {verdict}.",
                view.variant, b.value[0], a.value[0], first.variant, difference
            ));
        }
    }
    for view in &model.variants {
        sentences.extend(race(&view.variant, &view.race));
    }
    sentences
}
