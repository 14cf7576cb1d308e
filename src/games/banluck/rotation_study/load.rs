//! Checking a rotation experiment file: the `[rotation]` parameters'
//! ranges and the base rules (Banluck rules that allow what is asked).

use figment::Figment;
use figment::providers::{Format, Toml};
use serde::Deserialize;

use super::RotationExperiment;
use super::spec::RotationSpec;
use crate::games::banluck::family::experiment_rules_or_problem;
use crate::games::banluck::rotation::{EXACT_MAX_ROUNDS, MAX_PEOPLE};
use crate::games::banluck::table::play::MAX_PLAYERS;
use crate::lab::{ExperimentError, StudyFile};

/// The `[rotation]` section of an experiment file's text (its defaults
/// when there is none).
///
/// # Errors
/// A key it does not know or a value of the wrong type.
pub(super) fn section(text: &str) -> Result<RotationSpec, Box<figment::Error>> {
    #[derive(Deserialize)]
    struct Section {
        rotation: Option<RotationSpec>,
    }
    let section: Section = Figment::from(Toml::string(text))
        .extract()
        .map_err(Box::new)?;
    Ok(section.rotation.unwrap_or_default())
}

/// A rotation experiment from its file: the lab's problems, then every
/// parameter out of range and the rules' problems.
pub(super) fn load_rotation(file: StudyFile<'_>) -> Result<RotationExperiment, ExperimentError> {
    let mut problems = file.problems.clone();
    let rotation = section(file.text).map_err(|e| ExperimentError {
        problems: vec![file.problem("rotation", String::new(), e.to_string())],
    })?;
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
    let rules = experiment_rules_or_problem(&file, &mut problems);
    if let Some((_, rules)) = &rules
        && !rotation.reveal_players.is_empty()
        && !rules.dealer.allow_reveal
    {
        problems.push(file.problem("rotation.reveal_players",
            list(&rotation.reveal_players),
            "the rules do not allow the reveal (dealer.allow_reveal = false): use rules that do, or reveal_players = []",
        ));
    }
    match rules {
        Some((rules_file, rules)) if problems.is_empty() => Ok(RotationExperiment {
            file: file.path.to_path_buf(),
            output: file.output,
            name: file.name,
            question: file.question,
            rules_file,
            rules,
            spec: rotation,
        }),
        _ => Err(ExperimentError { problems }),
    }
}
