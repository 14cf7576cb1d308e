//! The counting report's answer in at most three sentences: whether a
//! counter beats the game on a deck dealt through, what a fresh deck
//! leaves to count, and what a seat sees within a round.

use super::WinRateRow;
use super::run::CountingTables;
use crate::report::numbers::human;

/// The simulated win-rate row nearest 75 % penetration at a table of 4
/// (a deck dealt through, not the fresh deck).
pub(super) fn deep_row(tables: &CountingTables) -> Option<&WinRateRow> {
    let distance = |r: &WinRateRow| (r.penetration - 0.75).abs() + f64::from(r.seats.abs_diff(4));
    tables
        .win_rate
        .iter()
        .filter(|r| r.penetration > 0.0)
        .min_by(|a, b| distance(a).total_cmp(&distance(b)))
}

/// `x ± se` for people.
fn with_error(x: f64, se: f64, decimals: usize) -> String {
    format!(
        "{} ± {}",
        human(x, decimals, true),
        human(se, decimals, false)
    )
}

/// The answer: the counter on a deck dealt through, the fresh deck, and
/// the other seats' specials within a round (each where the tables hold
/// it).
pub fn counting_answer(tables: &CountingTables) -> Option<String> {
    let mut sentences = Vec::new();
    if let Some(r) = deep_row(tables) {
        let verdict = if r.counter_per_100 + 2.0 * r.counter_std_error < 0.0 {
            "A Banluck counter still loses"
        } else if r.counter_per_100 - 2.0 * r.counter_std_error > 0.0 {
            "A Banluck counter wins"
        } else {
            "A Banluck counter about breaks even"
        };
        let result = if r.counter_per_100 < 0.0 {
            "loses"
        } else {
            "wins"
        };
        sentences.push(format!(
            "{verdict}: dealt to {}% of the deck at a table of {}, a 1–8 bet spread that plays the best strategy for the cards left {result} {} ± {} units per 100 rounds, {} better than a flat bettor (simulated rounds, each valued exactly from the cards left).",
            human(100.0 * r.penetration, 0, false),
            r.seats,
            human(r.counter_per_100.abs(), 2, false),
            human(r.counter_std_error, 2, false),
            with_error(r.counter_gain_per_100, r.counter_gain_std_error, 2),
        ));
    }
    if let Some(count) = tables.count.first() {
        sentences.push(if count.fresh_deck_gain == 0.0 {
            "With a fresh deck every round counting is worth exactly 0: no card of the round's deck is seen before the bet.".to_string()
        } else {
            format!(
                "With a fresh deck every round counting is worth {} units per round.",
                human(count.fresh_deck_gain, 6, true)
            )
        });
    }
    let at_four = tables.within_round.iter().find(|r| r.seats == 4);
    if let Some(row) = at_four.or_else(|| tables.within_round.iter().max_by_key(|r| r.seats)) {
        sentences.push(format!(
            "Seeing the other seats' Ban Ban and Ban Luck within a round is worth {} units per round at a table of {} (exact).",
            human(row.exact_gain, 4, true),
            row.seats
        ));
    }
    (!sentences.is_empty()).then(|| sentences.join(" "))
}
