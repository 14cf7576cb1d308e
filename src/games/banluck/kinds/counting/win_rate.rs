//! The win rate against penetration: the counting simulation
//! ([`crate::games::banluck::counting::count_study`], on the lab's one
//! Monte Carlo driver) for every table size and penetration asked for, and
//! for a fresh deck every round, as plain rows.

use serde::{Deserialize, Serialize};

use super::spec::CountingExperiment;
use crate::games::banluck::counting::{CountParams, count_study};
use crate::games::banluck::dp;
use crate::games::banluck::rules::CompiledRules;
use crate::rules::Refresh;

/// One table size and penetration: the bettors on the same deals.
///
/// `played` figures come from every round played out with seat 1 on the
/// chart; `exact` figures from the solved rounds, each worth its expected
/// win (bet × the exact EV of the cards left, seat 1 and the dealer dealt
/// from them), weighted by one over its chance of being solved.
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
    /// Played: the flat bettor (1 unit, the chart), units per 100 rounds.
    pub flat_per_100: f64,
    /// Its standard error.
    pub flat_std_error: f64,
    /// Played: the ramp's bets on the chart's payoffs, units per unit bet
    /// minus the flat bettor's (paired; the spread alone).
    pub spread_gain_per_unit_bet: f64,
    /// Its standard error.
    pub spread_gain_std_error: f64,
    /// The same over the rounds dealt from the stub alone.
    pub stub_gain_per_unit_bet: f64,
    /// Its standard error.
    pub stub_gain_std_error: f64,
    /// Share of rounds where the stub ran out after seat 1 had its cards.
    pub after_seat_share: f64,
    /// The spread's gain per unit bet in those rounds.
    pub after_seat_gain_per_unit_bet: f64,
    /// Its standard error.
    pub after_seat_gain_std_error: f64,
    /// The counter's mean bet in those rounds.
    pub after_seat_mean_bet: f64,
    /// Share of rounds where seat 1 drew from the reshuffled discards.
    pub seat_share: f64,
    /// The spread's gain per unit bet in those rounds.
    pub seat_gain_per_unit_bet: f64,
    /// Its standard error.
    pub seat_gain_std_error: f64,
    /// Share of rounds during which the stub ran out.
    pub run_out_share: f64,
    /// Rounds solved by the exact DP.
    pub exact_rounds: u64,
    /// Share of rounds with too few cards left for the DP (not solved).
    pub short_share: f64,
    /// Exact: the flat bettor (1 unit, the full deck's optimum), units per
    /// 100 rounds.
    pub base_per_100: f64,
    /// Its standard error.
    pub base_std_error: f64,
    /// Exact: the counter (1–8 units by true count, each deck's optimum),
    /// units per 100 rounds.
    pub counter_per_100: f64,
    /// Its standard error.
    pub counter_std_error: f64,
    /// The counter's mean bet.
    pub counter_mean_bet: f64,
    /// Exact: the counter minus the flat bettor, units per 100 rounds
    /// (paired).
    pub counter_gain_per_100: f64,
    /// Its standard error.
    pub counter_gain_std_error: f64,
    /// Of which the play (1 unit on each deck's optimum minus on the full
    /// deck's).
    pub play_gain_per_100: f64,
    /// Its standard error.
    pub play_gain_std_error: f64,
    /// Exact: the counter's units per unit bet minus the flat bettor's.
    pub gain_per_unit_bet: f64,
    /// Its standard error.
    pub gain_std_error: f64,
    /// Exact: the perfect-information bettor (8 units when the deck's
    /// exact EV is positive, else 1; each deck's optimum), units per 100
    /// rounds.
    pub perfect_per_100: f64,
    /// Its standard error.
    pub perfect_std_error: f64,
    /// The perfect-information bettor minus the flat bettor (paired).
    pub perfect_gain_per_100: f64,
    /// Its standard error.
    pub perfect_gain_std_error: f64,
    /// Share of the solvable rounds at a positive edge.
    pub share_positive: f64,
    /// Its standard error.
    pub share_positive_std_error: f64,
    /// On the solved rounds, the counter's units played out (its optimum,
    /// the stub running out as it may) minus its exact expected win, per
    /// 100 rounds.
    pub played_minus_exact_per_100: f64,
    /// Its standard error.
    pub played_minus_exact_std_error: f64,
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
            let table = CompiledRules::compile(rules);
            let player = dp::solve(&table).chart_player;
            let params = CountParams {
                players: seats,
                rounds: spec.sim_rounds,
                exact_share: spec.exact_share,
                edge_share: spec.edge_share,
                seed: spec.seed,
                threads: 0,
                progress: false,
            };
            let result = count_study(&table, &player, &params).map_err(|e| e.to_string())?;
            let f = &result.figures;
            let split = |i: usize| f.by_run_out[i];
            rows.push(WinRateRow {
                seats: seats as u32,
                penetration,
                refresh: result.refresh.clone(),
                rounds: f.rounds,
                flat_per_100: f.flat.per_100_rounds.mean,
                flat_std_error: f.flat.per_100_rounds.std_error,
                spread_gain_per_unit_bet: f.gain_per_unit_bet.mean,
                spread_gain_std_error: f.gain_per_unit_bet.std_error,
                stub_gain_per_unit_bet: split(0).gain_per_unit_bet.mean,
                stub_gain_std_error: split(0).gain_per_unit_bet.std_error,
                after_seat_share: split(1).share,
                after_seat_gain_per_unit_bet: split(1).gain_per_unit_bet.mean,
                after_seat_gain_std_error: split(1).gain_per_unit_bet.std_error,
                after_seat_mean_bet: split(1).mean_bet,
                seat_share: split(2).share,
                seat_gain_per_unit_bet: split(2).gain_per_unit_bet.mean,
                seat_gain_std_error: split(2).gain_per_unit_bet.std_error,
                run_out_share: f.run_out_share,
                exact_rounds: f.exact_rounds,
                short_share: f.share_short,
                base_per_100: f.exact_base.per_100_rounds.mean,
                base_std_error: f.exact_base.per_100_rounds.std_error,
                counter_per_100: f.exact_counter.per_100_rounds.mean,
                counter_std_error: f.exact_counter.per_100_rounds.std_error,
                counter_mean_bet: f.exact_counter.mean_bet,
                counter_gain_per_100: f.exact_counter_gain_per_100.mean,
                counter_gain_std_error: f.exact_counter_gain_per_100.std_error,
                play_gain_per_100: f.exact_play_gain_per_100.mean,
                play_gain_std_error: f.exact_play_gain_per_100.std_error,
                gain_per_unit_bet: f.exact_gain_per_unit_bet.mean,
                gain_std_error: f.exact_gain_per_unit_bet.std_error,
                perfect_per_100: f.exact_perfect.per_100_rounds.mean,
                perfect_std_error: f.exact_perfect.per_100_rounds.std_error,
                perfect_gain_per_100: f.exact_perfect_gain_per_100.mean,
                perfect_gain_std_error: f.exact_perfect_gain_per_100.std_error,
                share_positive: f.share_positive_exact.mean,
                share_positive_std_error: f.share_positive_exact.std_error,
                played_minus_exact_per_100: f.played_minus_exact_per_100.mean,
                played_minus_exact_std_error: f.played_minus_exact_per_100.std_error,
            });
        }
    }
    Ok(rows)
}
