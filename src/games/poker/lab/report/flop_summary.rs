//! The flop report's answer in words: OOP's flop strategy and IP's reply
//! after a check (from the most accurate exact run), which made hands OOP
//! bets (why it plays so), the value, and what the card abstraction
//! costs: each bucketed run's full-game exploitability against the exact
//! solve's after the same work.

use super::data::{Decision, PokerData};
use super::turn_convergence::RaceRow;
use super::turn_model::{TurnModel, VariantView};
use super::turn_summary::work_words;

/// The share of the reaching range of each made-hand category that
/// `player` bets or raises at the node `path`, strongest category first:
/// (category, share of the range, share of it that bets).
fn aggressive_by_category(rows: &[&Decision], path: &str) -> Vec<(String, f64, f64)> {
    let at: Vec<&&Decision> = rows
        .iter()
        .filter(|d| d.node == path && !d.action.is_empty())
        .collect();
    let mut out: Vec<(String, f64, f64)> = Vec::new();
    let mut total = 0.0;
    let mut seen: Vec<&str> = Vec::new();
    for row in &at {
        let category = row.category.clone().unwrap_or_default();
        let entry = match out.iter().position(|(c, _, _)| *c == category) {
            Some(k) => k,
            None => {
                out.push((category, 0.0, 0.0));
                out.len() - 1
            }
        };
        if !seen.contains(&row.hand.as_str()) {
            seen.push(&row.hand);
            out[entry].1 += row.reach;
            total += row.reach;
        }
        if row.action.starts_with('b') || row.action.starts_with('r') {
            out[entry].2 += row.reach * row.frequency;
        }
    }
    for entry in &mut out {
        entry.2 = if entry.1 > 0.0 {
            entry.2 / entry.1
        } else {
            0.0
        };
        entry.1 = if total > 0.0 { entry.1 / total } else { 0.0 };
    }
    out
}

/// The strategy sentences of `view`: the root, IP after a check, and by
/// made hand which part of OOP's range bets.
fn strategy(view: &VariantView, data: &PokerData, pot: &str) -> Vec<String> {
    let mut sentences = Vec::new();
    let Some(root) = view.nodes.first() else {
        return sentences;
    };
    sentences.push(format!(
        "{}: on the flop ({} chips in the pot) {} plays {} (the {} solve, {:.3}% of the pot from equilibrium in the full game).",
        view.variant, pot, root.player, root.shares, view.reference, view.reference_pct
    ));
    if let Some(reply) = view
        .nodes
        .iter()
        .find(|n| n.path.ends_with('x') && n.player == "IP")
    {
        sentences.push(format!("Checked to, IP plays {}.", reply.shares));
    }
    let Some(best) = data
        .runs
        .iter()
        .find(|r| r.variant == view.variant && r.label() == view.reference)
    else {
        return sentences;
    };
    let rows: Vec<&Decision> = data
        .decisions
        .iter()
        .filter(|d| d.variant == best.variant && d.engine == best.engine)
        .collect();
    let path = rows.first().map(|d| d.node.clone()).unwrap_or_default();
    let mut parts = aggressive_by_category(&rows, &path);
    parts.retain(|(_, share, _)| *share >= 0.01);
    parts.sort_by(|a, b| b.2.total_cmp(&a.2));
    let listed: Vec<String> = parts
        .iter()
        .map(|(category, share, bets)| {
            format!(
                "{:.0}% of its {category} hands ({:.0}% of the range)",
                100.0 * bets,
                100.0 * share
            )
        })
        .collect();
    if !listed.is_empty() {
        sentences.push(format!(
            "Why, by made hand on the flop: {} bets {}.",
            root.player,
            listed.join(", ")
        ));
    }
    sentences
}

/// What the card abstraction costs on one variant: each bucketed run's
/// last full-game exploitability against the exact run's after the same
/// work.
fn bucketing(variant: &str, rows: &[RaceRow]) -> Option<String> {
    let exact = rows.iter().find(|r| !r.algorithm.contains("buckets"))?;
    let parts: Vec<String> = rows
        .iter()
        .filter(|r| r.algorithm.contains("buckets"))
        .map(|r| {
            let same = exact
                .at_work(r.last_work)
                .map_or(String::new(), |(_, pct)| {
                    format!(
                        ", {:.1}× the exact solve's {pct:.4}% after the same work",
                        r.last_pct / pct
                    )
                });
            format!(
                "{}: {:.4}% of the pot after {} work{same}",
                r.algorithm,
                r.last_pct,
                work_words(r.last_work)
            )
        })
        .collect();
    (!parts.is_empty()).then(|| {
        format!(
            "{variant}, what bucketing costs in full-game exploitability: {}; the exact {} ended at {:.4}% after {} work. A bucketed iteration walks every hand, so it does about the same work as an exact one (the subtrees it prunes, where the opponent never arrives, differ a little).",
            parts.join("; "),
            exact.algorithm,
            exact.last_pct,
            work_words(exact.last_work)
        )
    })
}

/// The answer in words.
pub fn flop_headline(model: &TurnModel, data: &PokerData) -> Vec<String> {
    let mut sentences = Vec::new();
    for (k, view) in model.variants.iter().enumerate() {
        let said = strategy(view, data, &model.pot);
        sentences.extend(if k == 0 {
            said
        } else {
            said.into_iter().take(1).collect()
        });
        if let Some(run) = model
            .runs
            .iter()
            .find(|r| r.variant == view.variant && r.algorithm == view.reference)
        {
            sentences.push(format!(
                "{}: OOP's value {:.2} chips, IP's {:.2} (OOP's game value lies in [{:.3}, {:.3}]).",
                view.variant, run.value[0], run.value[1], run.bracket[0], run.bracket[1]
            ));
        }
    }
    for view in &model.variants {
        sentences.extend(bucketing(&view.variant, &view.race));
    }
    sentences
}
