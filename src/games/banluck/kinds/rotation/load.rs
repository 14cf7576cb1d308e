//! Checking a rotation experiment file: the `[rotation]` parameters'
//! ranges and the base rules (Banluck rules that allow what is asked).

use super::spec::{RotationExperiment, RotationSpec};
use crate::games::banluck::lab::family::experiment_rules_or_problem;
use crate::games::banluck::rotation::{EXACT_MAX_ROUNDS, MAX_PEOPLE};
use crate::games::banluck::table::play::MAX_PLAYERS;
use crate::lab::{ExperimentProblem, StudyFile};

/// A rotation experiment from its file and its section `rotation`: every
/// parameter out of range and the rules' problems pushed onto `problems`
/// (after the lab's); the experiment when its rules load.
pub(super) fn load_rotation(
    file: &StudyFile<'_>,
    rotation: RotationSpec,
    problems: &mut Vec<ExperimentProblem>,
) -> Option<RotationExperiment> {
    let list = |values: &[usize]| format!("{values:?}");
    if rotation.people.is_empty()
        || rotation
            .people
            .iter()
            .any(|&k| !(2..=MAX_PEOPLE).contains(&k))
    {
        problems.push(file.problem(
            "rotation.people",
            list(&rotation.people),
            format!("give at least one table size, each 2..={MAX_PEOPLE} people"),
        ));
    }
    if !(1..=EXACT_MAX_ROUNDS).contains(&rotation.session_rounds) {
        problems.push(file.problem(
            "rotation.session_rounds",
            rotation.session_rounds.to_string(),
            format!("allowed: 1..={EXACT_MAX_ROUNDS} rounds per session"),
        ));
    }
    if !(rotation.tolerance.is_finite() && rotation.tolerance > 0.0 && rotation.tolerance < 1.0) {
        problems.push(file.problem(
            "rotation.tolerance",
            rotation.tolerance.to_string(),
            "a fraction between 0 and 1 of a session's standard deviation (e.g. 0.01)",
        ));
    }
    if rotation
        .periods
        .iter()
        .any(|&n| n == 0 || n > rotation.session_rounds)
    {
        problems.push(file.problem(
            "rotation.periods",
            format!("{:?}", rotation.periods),
            format!(
                "every period must be 1..={} (the session length)",
                rotation.session_rounds
            ),
        ));
    }
    if rotation
        .reveal_players
        .iter()
        .any(|&n| !(1..=MAX_PLAYERS).contains(&n))
    {
        problems.push(file.problem(
            "rotation.reveal_players",
            list(&rotation.reveal_players),
            format!("each table size must be 1..={MAX_PLAYERS} players (empty: no reveal gain)"),
        ));
    }
    for (key, value) in [
        ("rotation.table_rounds", rotation.table_rounds),
        ("rotation.sessions", rotation.sessions),
    ] {
        if value == 0 {
            problems.push(file.problem(key, "0".into(), "must be at least 1"));
        }
    }
    let rules = experiment_rules_or_problem(file, problems)?;
    if !rotation.reveal_players.is_empty() && !rules.dealer.allow_reveal {
        problems.push(file.problem("rotation.reveal_players",
            list(&rotation.reveal_players),
            "the rules do not allow the reveal (dealer.allow_reveal = false): use rules that do, or reveal_players = []",
        ));
    }
    Some(RotationExperiment {
        rules,
        spec: rotation,
    })
}
