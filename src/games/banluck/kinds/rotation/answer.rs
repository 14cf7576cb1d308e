//! The rotation report's answer in at most three sentences: how often to
//! pass the bank, how never passing and the traditional rule compare, and
//! what the fixed dealer's reveal is worth, each with where its figures
//! come from.

use super::RotationTables;
use crate::report::numbers::human;

/// `a, b and c`.
pub(super) fn list_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// A share as a percentage for people (`12.7%`).
fn percent(share: f64) -> String {
    format!("{}%", human(100.0 * share, 1, false))
}

/// `low% to high%` of `shares` (one figure when they agree to a decimal).
fn span(shares: impl Iterator<Item = f64>) -> String {
    let (low, high) = shares.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), x| {
        (a.min(x), b.max(x))
    });
    if percent(low) == percent(high) {
        percent(low)
    } else {
        format!("{} to {}", percent(low), percent(high))
    }
}

/// Passing every round: where it is fair, and what it leaves elsewhere.
fn every_round_sentence(tables: &RotationTables) -> Option<String> {
    let first = tables.answers.first()?;
    let every_round = |people: usize| {
        tables
            .imbalance
            .iter()
            .find(|r| r.people == people && r.period == 1)
            .map(|r| r.imbalance_over_sd)
    };
    let (fair, unfair): (Vec<_>, Vec<_>) = tables
        .answers
        .iter()
        .filter_map(|a| Some((a.people, every_round(a.people)?)))
        .partition(|&(_, x)| x <= first.tolerance);
    let people = |rows: &[(usize, f64)]| {
        list_and(&rows.iter().map(|(p, _)| p.to_string()).collect::<Vec<_>>())
    };
    let exact: Vec<String> = tables
        .answers
        .iter()
        .filter(|a| a.source.starts_with("exact"))
        .map(|a| a.people.to_string())
        .collect();
    let source = if exact.is_empty() {
        "simulated".to_string()
    } else {
        format!("exact at {} people, simulated above", list_and(&exact))
    };
    let mut out = format!(
        "Pass the bank every round: over sessions of {} rounds that keeps the largest expected difference between two people's profits within {} of a session's standard deviation at {} people ({source})",
        first.session_rounds,
        percent(first.tolerance),
        if fair.is_empty() {
            "no number of".to_string()
        } else {
            people(&fair)
        },
    );
    if !unfair.is_empty() {
        let leaves: Vec<String> = unfair.iter().map(|&(_, x)| percent(x)).collect();
        out += &format!(
            ", and at {} people it leaves only {}, the extra turn at the bank that {} rounds cannot share evenly (sessions of a multiple of the table size remove it)",
            people(&unfair),
            list_and(&leaves),
            first.session_rounds
        );
    }
    out.push('.');
    Some(out)
}

/// Never passing and the traditional rule, beside the tolerance.
fn schemes_sentence(tables: &RotationTables) -> Option<String> {
    let first = tables.answers.first()?;
    let within = tables
        .answers
        .iter()
        .filter(|a| a.on_ban_within_tolerance)
        .count();
    let verdict = match within {
        0 => "outside the tolerance at every table size".to_string(),
        n if n == tables.answers.len() => "within the tolerance at every table size".to_string(),
        n => format!(
            "within the tolerance at {n} of {} table sizes",
            tables.answers.len()
        ),
    };
    Some(format!(
        "Never passing leaves {} of a standard deviation (the banker's edge is {} units per round heads-up), and passing to a player who wins with Ban Ban or Ban Luck {}: {verdict}.",
        span(tables.answers.iter().map(|a| a.never_over_sd)),
        human(first.banker_ev_per_round, 4, true),
        span(tables.answers.iter().map(|a| a.on_ban_over_sd)),
    ))
}

/// The fixed dealer's reveal with the fewest and the most players.
fn reveal_sentence(tables: &RotationTables) -> Option<String> {
    let (one, last) = (tables.reveal_gain.first()?, tables.reveal_gain.last()?);
    let (first_gain, how) = match one.exact_dealer_gain_per_round {
        Some(exact) => (exact, "exact"),
        None => (one.dealer_gain_per_round, "simulated"),
    };
    let verb = if first_gain >= 0.0 { "gains" } else { "costs" };
    let plural = if one.players == 1 { "" } else { "s" };
    Some(format!(
        "Always revealing {verb} the fixed dealer {} units per round with {} player{plural} ({how}) and {} per player with {} (simulated).",
        human(first_gain.abs(), 4, false),
        one.players,
        human(last.dealer_gain_per_player.abs(), 4, false),
        last.players
    ))
}

/// The answer: every-round passing, the other schemes, the reveal.
pub fn rotation_answer(tables: &RotationTables) -> Option<String> {
    let sentences: Vec<String> = [
        every_round_sentence(tables),
        schemes_sentence(tables),
        reveal_sentence(tables),
    ]
    .into_iter()
    .flatten()
    .collect();
    (!sentences.is_empty()).then(|| sentences.join(" "))
}
