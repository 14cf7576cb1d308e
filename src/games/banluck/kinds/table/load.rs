//! Checking a table experiment file: the `[table]` parameters' ranges and
//! the base rules (Banluck rules that allow the reveal, without an upcard,
//! valid with every surrender value asked for).

use super::spec::{TableExperiment, TableSpec, draw_word};
use crate::games::banluck::lab::family::experiment_rules_or_problem;
use crate::games::banluck::rotation::EXACT_MAX_ROUNDS;
use crate::games::banluck::rules::validate;
use crate::games::banluck::table::play::MAX_PLAYERS;
use crate::lab::{ExperimentProblem, StudyFile};

/// A table experiment from its file and its section `spec`: every
/// parameter out of range and the rules' problems pushed onto `problems`
/// (after the lab's); the experiment when its rules load.
pub(super) fn load_table(
    file: &StudyFile<'_>,
    spec: TableSpec,
    problems: &mut Vec<ExperimentProblem>,
) -> Option<TableExperiment> {
    let mut sorted = spec.players.clone();
    sorted.sort_unstable();
    sorted.dedup();
    if spec.players.is_empty()
        || sorted.len() < spec.players.len()
        || spec
            .players
            .iter()
            .any(|&k| !(1..=MAX_PLAYERS).contains(&k))
    {
        problems.push(file.problem(
            "table.players",
            format!("{:?}", spec.players),
            format!("give each table size once, each 1..={MAX_PLAYERS} seats"),
        ));
    }
    let surrender = &spec.allow_surrender;
    if surrender.is_empty() || surrender.len() > 2 || surrender.first() == surrender.get(1) {
        problems.push(file.problem(
            "table.allow_surrender",
            format!("{:?}", spec.allow_surrender),
            "give each of true and false at most once, e.g. [true, false]",
        ));
    }
    let draw = &spec.draw_choice;
    if draw.is_empty() || draw.len() > 2 || draw.first() == draw.get(1) {
        problems.push(file.problem(
            "table.draw_choice",
            format!(
                "{:?}",
                draw.iter().map(|&d| draw_word(d)).collect::<Vec<_>>()
            ),
            "give each of \"free\" and \"fixed\" at most once, e.g. [\"free\", \"fixed\"]",
        ));
    }
    if spec.players.iter().any(|&k| k > 1) && (spec.rounds == 0 || spec.fresh_rounds < 2) {
        problems.push(file.problem(
            "table.rounds",
            format!("{} (fresh_rounds {})", spec.rounds, spec.fresh_rounds),
            "at 2+ seats the dealer needs at least 1 round to solve on and 2 fresh rounds to be valued on",
        ));
    }
    if !(1..=EXACT_MAX_ROUNDS).contains(&spec.session_rounds) {
        problems.push(file.problem(
            "table.session_rounds",
            spec.session_rounds.to_string(),
            format!("allowed: 1..={EXACT_MAX_ROUNDS} rounds per session"),
        ));
    }
    if !(spec.tolerance.is_finite() && spec.tolerance > 0.0 && spec.tolerance < 1.0) {
        problems.push(file.problem(
            "table.tolerance",
            spec.tolerance.to_string(),
            "a fraction between 0 and 1 of a session's standard deviation (e.g. 0.01)",
        ));
    }
    let rules = experiment_rules_or_problem(file, problems)?;
    if !rules.dealer.allow_reveal || rules.dealer.upcard {
        problems.push(file.problem(
                "rules",
                format!("\"{}\"", file.rules.display()),
            "the table dealer needs rules with dealer.allow_reveal = true and dealer.upcard = false",
        ));
    }
    for variant in spec.variants().iter().take(spec.per_size()) {
        if let Some(violation) = validate(&variant.rules(&rules)).first() {
            problems.push(file.problem(
                "table.allow_surrender",
                variant.name(),
                format!(
                    "the rules do not allow it: {} = {} ({})",
                    violation.key, violation.found, violation.allowed
                ),
            ));
        }
    }
    Some(TableExperiment { rules, spec })
}
