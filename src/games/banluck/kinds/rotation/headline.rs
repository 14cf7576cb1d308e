//! The headline of a rotation report: its answers in sentences.

use super::RotationTables;
use super::answer::{list_and, rotation_answer};
use crate::games::banluck::rotation::RevealGainRow;

/// The headline of a rotation report, from its tables: the answer of at
/// most three sentences ([`rotation_answer`]) first, then the findings.
pub fn rotation_headline(tables: &RotationTables) -> Vec<String> {
    let mut out: Vec<String> = rotation_answer(tables).into_iter().collect();
    let Some(first) = tables.answers.first() else {
        return out;
    };
    let tol = 100.0 * first.tolerance;
    let periods: Vec<String> = tables
        .answers
        .iter()
        .map(|a| match a.fair_period {
            Some(n) => format!("{} people N = {n}", a.people),
            None => format!("{} people no N", a.people),
        })
        .collect();
    let mut sentence = format!(
        "Fair rotation period for sessions of {} rounds — the largest N such that passing the bank every N′ ≤ N rounds keeps the largest expected difference between two people's session profits within {tol:.2}% of a session's standard deviation: {}.",
        first.session_rounds,
        list_and(&periods)
    );
    let unfair: Vec<String> = tables
        .answers
        .iter()
        .filter(|a| a.fair_period.is_none())
        .filter_map(|a| {
            let every_round = tables
                .imbalance
                .iter()
                .find(|r| r.people == a.people && r.period == 1)?;
            Some(format!(
                "{} people {:.1}%",
                a.people,
                100.0 * every_round.imbalance_over_sd
            ))
        })
        .collect();
    if !unfair.is_empty() {
        sentence += &format!(
            " Where there is no such N, {} rounds do not split evenly among the people: even passing every round leaves someone an extra turn at the bank ({}); a session of a multiple of the table size removes that.",
            first.session_rounds,
            list_and(&unfair)
        );
    }
    out.push(sentence);
    let never: Vec<String> = tables
        .answers
        .iter()
        .map(|a| format!("{:.0}%", 100.0 * a.never_over_sd))
        .collect();
    out.push(format!(
        "Never passing the bank is far from fair: the banker's edge ({:+.4} bets per round heads-up) piles up to an imbalance of {} of a session's standard deviation ({} people).",
        first.banker_ev_per_round,
        list_and(&never),
        list_and(&tables.answers.iter().map(|a| a.people.to_string()).collect::<Vec<_>>()),
    ));
    let within = tables
        .answers
        .iter()
        .filter(|a| a.on_ban_within_tolerance)
        .count();
    let on_ban: Vec<String> = tables
        .answers
        .iter()
        .map(|a| {
            let equivalent = match a.on_ban_equivalent_period {
                Some(n) => format!("as fair as every N ≤ {n}"),
                None => "less fair than passing every round".to_string(),
            };
            format!(
                "{} people {:.1}% ({equivalent})",
                a.people,
                100.0 * a.on_ban_over_sd
            )
        })
        .collect();
    let verdict = match within {
        0 => format!("outside the {tol:.2}% tolerance at every table size"),
        n if n == tables.answers.len() => {
            format!("within the {tol:.2}% tolerance at every table size")
        }
        n => format!(
            "within the {tol:.2}% tolerance at {n} of {} table sizes",
            tables.answers.len()
        ),
    };
    let fairer_than_never = tables
        .answers
        .iter()
        .all(|a| a.on_ban_imbalance < a.never_imbalance);
    let short_is_fairer = tables
        .answers
        .iter()
        .all(|a| a.on_ban_equivalent_period.is_some());
    let comparison = match (fairer_than_never, short_is_fairer) {
        (true, true) => {
            " It is fairer than never passing, but passing the bank every round, or every few rounds, is fairer still."
        }
        (true, false) => " It is fairer than never passing.",
        (false, true) => " Passing the bank every round, or every few rounds, is fairer.",
        (false, false) => "",
    };
    out.push(format!(
        "The traditional rule — pass the bank to a player who wins with Ban Ban or Ban Luck — is {verdict}: its expected imbalance is {}.{comparison}",
        list_and(&on_ban)
    ));
    if let (Some(one), Some(last)) = (tables.reveal_gain.first(), tables.reveal_gain.last()) {
        out.push(reveal_sentence(one, last));
    }
    out.push(exact_and_simulated(tables));
    out
}

/// "gains the dealer 0.0123" or "costs the dealer 0.0123".
fn worth(gain: f64) -> String {
    if gain >= 0.0 {
        format!("gains the dealer {gain:.4}")
    } else {
        format!("costs the dealer {:.4}", -gain)
    }
}

/// The reveal gain with the fewest players (`one`; its exact value where
/// the table holds one) and with the most (`last`, simulated).
fn reveal_sentence(one: &RevealGainRow, last: &RevealGainRow) -> String {
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let first = match one.exact_dealer_gain_per_round {
        Some(exact) => format!(
            "{} bets per round with {} player{} (exact, by the exact solver; simulated: {} ± {:.4})",
            worth(exact),
            one.players,
            plural(one.players),
            // In the exact figure's words: what it gains or costs the dealer.
            format_args!(
                "{:.4}",
                if exact < 0.0 {
                    -one.dealer_gain_per_round
                } else {
                    one.dealer_gain_per_round
                }
            ),
            one.std_error,
        ),
        None => format!(
            "{} bets per round (simulated, ± {:.4} standard error) with {} player{}",
            worth(one.dealer_gain_per_round),
            one.std_error,
            one.players,
            plural(one.players),
        ),
    };
    format!(
        "Always revealing (the fixed dealer settling 3+-card players at its reveal totals, `dealer.fixed.reveal = \"on\"` against \"off\") {first}; with {} players it {} per round ({:.4} per player, simulated, ± {:.4}).",
        last.players,
        worth(last.dealer_gain_per_round),
        last.dealer_gain_per_player.abs(),
        last.std_error,
    )
}

/// Which of the headline's figures are exact and which simulated, from
/// the tables' methods.
fn exact_and_simulated(tables: &RotationTables) -> String {
    let people = |exact: bool| -> Vec<String> {
        tables
            .answers
            .iter()
            .filter(|a| a.source.starts_with("exact") == exact)
            .map(|a| a.people.to_string())
            .collect()
    };
    let players = |exact: bool| -> Vec<String> {
        tables
            .reveal_gain
            .iter()
            .filter(|r| r.exact_dealer_gain_per_round.is_some() == exact)
            .map(|r| r.players.to_string())
            .collect()
    };
    let part = |tables: Vec<String>, reveal: Vec<String>| -> String {
        let mut parts = Vec::new();
        if !tables.is_empty() {
            parts.push(format!("the tables of {} people", list_and(&tables)));
        }
        if !reveal.is_empty() {
            parts.push(format!(
                "the reveal gain with {} player{}",
                list_and(&reveal),
                if reveal.len() == 1 && reveal[0] == "1" {
                    ""
                } else {
                    "s"
                }
            ));
        }
        if parts.is_empty() {
            "none".to_string()
        } else {
            parts.join(" and ")
        }
    };
    format!(
        "Exact figures (the exact solver's per-hand law): {}. Simulated figures (rounds, sessions and seed in each table; ± is one standard error): {}.",
        part(people(true), players(true)),
        part(people(false), players(false)),
    )
}
