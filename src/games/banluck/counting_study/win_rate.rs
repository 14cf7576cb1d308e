//! The win rate against penetration: the counting simulation
//! ([`crate::games::banluck::counting::count_study`], on the lab's one
//! Monte Carlo driver) for every table size and penetration asked for, and
//! for a fresh deck every round, as plain rows.

use serde::{Deserialize, Serialize};

use super::CountingExperiment;
use crate::games::banluck::counting::{CountParams, count_study};
use crate::games::banluck::dp;
use crate::games::banluck::rules::RuleTable;
use crate::rules::Refresh;

/// One table size and penetration: the three bettors on the same deals.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WinRateRow {
    /// Seats at the table (the counter is seat 1).
    pub seats: u32,
    /// The share of the deck dealt before a reshuffle (0: a fresh deck
    /// every round).
    pub penetration: f64,
    /// `deck.refresh` as written.
    pub refresh: String,
    /// Rounds played.
    pub rounds: u64,
    /// The flat bettor (1 unit, the chart): units won per 100 rounds.
    pub flat_per_100: f64,
    /// Its standard error.
    pub flat_std_error: f64,
    /// The counter (1–8 units by true count): units won per 100 rounds.
    pub counter_per_100: f64,
    /// Its standard error.
    pub counter_std_error: f64,
    /// The counter's mean bet.
    pub counter_mean_bet: f64,
    /// The counter's units per unit bet minus the flat bettor's (paired).
    pub gain_per_unit_bet: f64,
    /// Its standard error.
    pub gain_std_error: f64,
    /// Rounds valued by the exact DP (a random sample).
    pub exact_rounds: u64,
    /// The perfect-information bettor (8 units when the deck's exact EV is
    /// positive, else 1; each deck's optimal play), on the exact sample:
    /// units won per 100 rounds.
    pub perfect_per_100: f64,
    /// Its standard error.
    pub perfect_std_error: f64,
    /// Share of the exactly valued rounds at a positive edge.
    pub share_positive: f64,
    /// Its standard error.
    pub share_positive_std_error: f64,
    /// Share of rounds during which the stub ran out.
    pub run_out_share: f64,
}

/// Plays every table size at a fresh deck and at every penetration of
/// `[counting]`.
///
/// # Errors
/// A failed simulation, in words.
pub(super) fn win_rate_rows(experiment: &CountingExperiment) -> Result<Vec<WinRateRow>, String> {
    let spec = &experiment.spec;
    let mut refreshes = vec![(0.0, Refresh::EveryRound)];
    refreshes.extend(
        spec.sim_penetrations
            .iter()
            .map(|&p| (p, Refresh::Penetration(p))),
    );
    let mut rows = Vec::new();
    for &seats in &spec.sim_seats {
        for &(penetration, refresh) in &refreshes {
            let mut rules = experiment.rules.clone();
            rules.deck.refresh = refresh;
            let table = RuleTable::compile(rules);
            let player = dp::solve(&table).chart_player;
            let params = CountParams {
                players: seats,
                rounds: spec.sim_rounds,
                exact_share: spec.exact_share,
                seed: spec.seed,
                threads: 0,
                progress: false,
            };
            let result = count_study(&table, &player, &params).map_err(|e| e.to_string())?;
            let f = &result.figures;
            rows.push(WinRateRow {
                seats: seats as u32,
                penetration,
                refresh: result.refresh.clone(),
                rounds: f.rounds,
                flat_per_100: f.flat.per_100_rounds.mean,
                flat_std_error: f.flat.per_100_rounds.std_error,
                counter_per_100: f.counter.per_100_rounds.mean,
                counter_std_error: f.counter.per_100_rounds.std_error,
                counter_mean_bet: f.counter.mean_bet,
                gain_per_unit_bet: f.gain_per_unit_bet.mean,
                gain_std_error: f.gain_per_unit_bet.std_error,
                exact_rounds: f.exact_rounds,
                perfect_per_100: f.exact_perfect.per_100_rounds.mean,
                perfect_std_error: f.exact_perfect.per_100_rounds.std_error,
                share_positive: f.share_positive_exact.mean,
                share_positive_std_error: f.share_positive_exact.std_error,
                run_out_share: f.run_out_share,
            });
        }
    }
    Ok(rows)
}
