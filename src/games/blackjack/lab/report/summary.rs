//! The blackjack report's headline: the base game's EV, the costliest and
//! the most valuable rule change, the agreement with the published table,
//! the simulation's agreement with the exact figures and how many
//! variants change basic strategy.

use super::model::{BlackjackModel, EffectRow};
use crate::report::numbers::human;

/// Agreement within this many percentage points counts as agreeing with
/// the published table (its figures are given to 0.01 %, for an 8-deck
/// base).
pub const AGREEMENT_POINTS: f64 = 0.05;

/// A change in words: its variant name and the effect in percent.
fn effect_words(row: &EffectRow) -> String {
    format!("{} ({:+.3} %)", row.variant, row.effect * 100.0)
}

/// The headline sentences of `model`: the answer of at most three
/// sentences (the largest changes, the base game, the strategy changes),
/// then one sentence per finding.
pub fn headline(model: &BlackjackModel) -> Vec<String> {
    let findings = findings(model);
    let largest = largest_changes(model);
    let strategy = findings.last().cloned();
    let answer: Vec<String> = largest
        .into_iter()
        .chain(findings.first().cloned())
        .chain(strategy)
        .collect();
    std::iter::once(answer.join(" ")).chain(findings).collect()
}

/// The costliest and the most valuable change, against the base.
fn largest_changes(model: &BlackjackModel) -> Option<String> {
    let by_effect = |better: bool| {
        model
            .effects
            .iter()
            .filter(|r| (r.effect > 0.0) == better)
            .max_by(|a, b| a.effect.abs().total_cmp(&b.effect.abs()))
    };
    let count = model.effects.len();
    match (by_effect(false), by_effect(true)) {
        (Some(worst), Some(best)) => Some(format!(
            "Of the {count} rule changes, the costliest to the player is {} ({} % of the initial bet) and the most valuable {} ({} %).",
            worst.variant,
            human(100.0 * worst.effect, 3, true),
            best.variant,
            human(100.0 * best.effect, 3, true)
        )),
        (Some(only), None) | (None, Some(only)) => Some(format!(
            "Of the {count} rule changes, the largest is {} ({} % of the initial bet).",
            only.variant,
            human(100.0 * only.effect, 3, true)
        )),
        (None, None) => None,
    }
}

/// One sentence per finding: the base game, the largest changes, the
/// published table, the simulation and the strategy changes.
fn findings(model: &BlackjackModel) -> Vec<String> {
    let mut out = vec![format!(
        "Under the base rules ({}) the best composition-dependent player's EV is {:+.4} % of the \
         initial bet per round (exact, {} splits): a house edge of {:.4} %.",
        model.base_rules,
        model.base_ev * 100.0,
        model.base_algorithm,
        -model.base_ev * 100.0
    )];
    let by_effect = |better: bool| {
        model
            .effects
            .iter()
            .filter(|r| (r.effect > 0.0) == better)
            .max_by(|a, b| {
                let (x, y) = (a.effect.abs(), b.effect.abs());
                x.total_cmp(&y)
            })
    };
    match (by_effect(false), by_effect(true)) {
        (Some(worst), Some(best)) => out.push(format!(
            "The costliest change is {}; the most valuable is {}.",
            effect_words(worst),
            effect_words(best)
        )),
        (Some(only), None) | (None, Some(only)) => {
            out.push(format!("The largest change is {}.", effect_words(only)));
        }
        (None, None) => {}
    }
    let compared: Vec<(&EffectRow, f64)> = model
        .effects
        .iter()
        .filter_map(|r| r.difference.map(|d| (r, d * 100.0)))
        .collect();
    if let Some((far, gap)) = compared
        .iter()
        .max_by(|a, b| a.1.abs().total_cmp(&b.1.abs()))
    {
        let close = compared
            .iter()
            .filter(|(_, d)| d.abs() <= AGREEMENT_POINTS)
            .count();
        out.push(format!(
            "{close} of the {} changes the published table lists agree with it within \
             {AGREEMENT_POINTS} percentage points; the largest difference is {} ({gap:+.3} points).",
            compared.len(),
            far.variant
        ));
    }
    if let Some(sentence) = simulation_words(model) {
        out.push(sentence);
    }
    let changes = model.charts.len().saturating_sub(1);
    let most = model
        .charts
        .iter()
        .skip(1)
        .max_by_key(|c| c.grid.changes.len());
    out.push(match most {
        Some(most) => format!(
            "Basic strategy changes under {changes} of the {} changes; most under {} ({} cells).",
            model.effects.len(),
            most.variant,
            most.grid.changes.len()
        ),
        None => "No change alters basic strategy.".to_string(),
    });
    out
}

/// The largest of `values`' absolute values (0 for none).
fn max_abs(values: impl Iterator<Item = f64>) -> f64 {
    values.map(f64::abs).fold(0.0, f64::max)
}

/// The simulation check in words, if the model has one.
fn simulation_words(model: &BlackjackModel) -> Option<String> {
    let first = model.sims.first()?;
    let effects: Vec<_> = model.effects.iter().filter_map(|r| r.sim).collect();
    let se = effects.iter().map(|e| e.se * 100.0);
    let (low, high) = se.fold((f64::INFINITY, 0.0_f64), |(l, h), x| (l.min(x), h.max(x)));
    let mut sentence = format!(
        "Simulated ({} rounds per variant), every variant's mean lies within {:.2} standard errors \
         of its exact EV",
        first.rounds,
        max_abs(model.sims.iter().map(|s| s.z))
    );
    if !effects.is_empty() {
        sentence.push_str(&format!(
            ", and every rule effect within {:.2} standard errors ({low:.3} to {high:.3} \
             percentage points) of the exact effect",
            max_abs(effects.iter().map(|e| e.z))
        ));
    }
    let cells: u64 = model.sims.iter().map(|s| s.split_cells).sum();
    sentence.push_str(&format!(
        "; the split hands of {cells} pair-upcard cells within {:.2} standard errors of the exact split values.",
        max_abs(model.sims.iter().map(|s| s.split_max_abs_z))
    ));
    Some(sentence)
}
