//! Checking a counting experiment file: the `[counting]` parameters'
//! ranges and the base rules (a finite deck, whose cards can be counted).

use super::spec::{CountingExperiment, CountingSpec};
use crate::games::banluck::dp::{MIN_CARDS_LEFT, full_deck};
use crate::games::banluck::lab::family::experiment_rules_or_problem;
use crate::games::banluck::table::play::MAX_PLAYERS;
use crate::lab::{ExperimentProblem, StudyFile};

/// The most decks sampled per penetration (each is one exact DP).
pub const MAX_DECKS: u32 = 5_000;

/// A counting experiment from its file and its section `spec`: every
/// parameter out of range and the rules' problems pushed onto `problems`
/// (after the lab's); the experiment when its rules load.
pub(super) fn load_counting(
    file: &StudyFile<'_>,
    spec: CountingSpec,
    problems: &mut Vec<ExperimentProblem>,
) -> Option<CountingExperiment> {
    if spec.penetrations.is_empty()
        || spec
            .penetrations
            .iter()
            .any(|p| !(p.is_finite() && *p > 0.0 && *p < 1.0))
    {
        problems.push(file.problem(
            "counting.penetrations",
            format!("{:?}", spec.penetrations),
            "give at least one share of the deck dealt, each strictly between 0 and 1 (e.g. 0.75)",
        ));
    }
    if !(1..=MAX_DECKS).contains(&spec.decks) {
        problems.push(file.problem(
            "counting.decks",
            spec.decks.to_string(),
            format!("allowed: 1..={MAX_DECKS} decks sampled per penetration"),
        ));
    }
    if !(spec.bin_width.is_finite() && spec.bin_width > 0.0) {
        problems.push(file.problem(
            "counting.bin_width",
            spec.bin_width.to_string(),
            "a positive width of a true-count bin (e.g. 2)",
        ));
    }
    if spec
        .info_seats
        .iter()
        .any(|&k| !(1..=MAX_PLAYERS).contains(&k))
    {
        problems.push(file.problem(
            "counting.info_seats",
            format!("{:?}", spec.info_seats),
            format!("each table size must be 1..={MAX_PLAYERS} seats"),
        ));
    }
    if spec.info_rounds == 0 {
        problems.push(file.problem("counting.info_rounds", "0".into(), "must be at least 1"));
    }
    if spec
        .sim_seats
        .iter()
        .any(|&k| !(1..=MAX_PLAYERS).contains(&k))
    {
        problems.push(file.problem(
            "counting.sim_seats",
            format!("{:?}", spec.sim_seats),
            format!("each table size must be 1..={MAX_PLAYERS} seats"),
        ));
    }
    if spec
        .sim_penetrations
        .iter()
        .any(|p| !(p.is_finite() && *p > 0.0 && *p < 1.0))
    {
        problems.push(file.problem(
            "counting.sim_penetrations",
            format!("{:?}", spec.sim_penetrations),
            "each a share of the deck dealt strictly between 0 and 1 (e.g. 0.75)",
        ));
    }
    if spec.sim_rounds == 0 {
        problems.push(file.problem("counting.sim_rounds", "0".into(), "must be at least 1"));
    }
    if !(0.0..=1.0).contains(&spec.exact_share) {
        problems.push(file.problem(
            "counting.exact_share",
            spec.exact_share.to_string(),
            "a share of the simulated rounds from 0 to 1 (e.g. 0.001)",
        ));
    }
    if !(0.0..=1.0).contains(&spec.edge_share) {
        problems.push(file.problem(
            "counting.edge_share",
            spec.edge_share.to_string(),
            "a share of the screened rounds from 0 to 1 (e.g. 0.05)",
        ));
    }
    let rules = experiment_rules_or_problem(file, problems)?;
    if rules.deck.infinite {
        problems.push(file.problem(
            "rules",
            "deck.infinite = true".into(),
            "counting needs a finite deck (an infinite deck's cards carry no information)",
        ));
    }
    let size = full_deck(&rules).map_or(0, |deck| deck.iter().sum::<u32>());
    let left = |p: f64| size.saturating_sub((p * f64::from(size)).round() as u32);
    if size > 0
        && let Some(&p) = spec
            .penetrations
            .iter()
            .find(|&&p| p > 0.0 && p < 1.0 && left(p) < MIN_CARDS_LEFT)
    {
        problems.push(file.problem(
            "counting.penetrations",
            format!("{:?}", spec.penetrations),
            format!(
                "penetration {p} leaves {} cards of {size}; the exact DP needs at least {MIN_CARDS_LEFT}",
                left(p)
            ),
        ));
    }
    Some(CountingExperiment { rules, spec })
}
