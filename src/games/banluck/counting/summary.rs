//! The study's figures from the deck records, with standard errors that
//! treat each deck as one draw ([`super::rate`]).

use serde::Serialize;

use super::rate::{Rate, ratio, ratio_difference};
use super::run::{CountTally, DeckRecord, TC_LOW};
use super::source::RUN_OUT_CLASSES;

/// One bettor's figures.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Bettor {
    /// Units won per 100 rounds.
    pub per_100_rounds: Rate,
    /// Units won per unit bet.
    pub per_unit_bet: Rate,
    /// The mean bet in units.
    pub mean_bet: f64,
}

/// The solved rounds at one true count.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct TrueCountBucket {
    /// The true count, rounded to the nearest whole number (the lowest and
    /// highest buckets also hold every count beyond them).
    pub true_count: i32,
    /// Solved rounds at this count.
    pub rounds: u64,
    /// Their mean exact EV (weighted by one over the chance of solving),
    /// with its standard error.
    pub ev: Rate,
}

/// The non-empty buckets of `sums` (rounds, Σ w, Σ w · EV, Σ w · EV²).
fn buckets(sums: &[[f64; 4]]) -> Vec<TrueCountBucket> {
    sums.iter()
        .enumerate()
        .filter(|(_, cell)| cell[0] > 0.0)
        .map(|(i, &[n, w, sum, squares])| {
            let mean = sum / w;
            let variance = if n > 1.0 {
                ((squares / w - mean * mean) * n / (n - 1.0)).max(0.0)
            } else {
                0.0
            };
            TrueCountBucket {
                true_count: TC_LOW + i as i32,
                rounds: n as u64,
                ev: Rate {
                    mean,
                    std_error: (variance / n).sqrt(),
                },
            }
        })
        .collect()
}

/// The rounds of one run-out class (every round played, seat 1 on the chart).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct RunOutSplit {
    /// The class: `none` (every card from the stub), `after seat 1` (the
    /// stub ran out once seat 1 had its cards), `seat 1` (seat 1 drew from
    /// the reshuffled discards too).
    pub class: &'static str,
    /// The share of rounds in the class.
    pub share: f64,
    /// The counter's mean bet there.
    pub mean_bet: f64,
    /// The flat bettor's units per round there.
    pub flat_per_round: Rate,
    /// The spread's units per unit bet minus the flat bettor's, there
    /// (paired on the same hands).
    pub gain_per_unit_bet: Rate,
}

const RUN_OUT_NAMES: [&str; RUN_OUT_CLASSES] = ["none", "after seat 1", "seat 1"];

/// The figures of one run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CountFigures {
    /// Rounds played.
    pub rounds: u64,
    /// Decks (shuffles) dealt.
    pub decks: u64,
    /// Played, every round: the flat bettor, 1 unit on the chart.
    pub flat: Bettor,
    /// Played, every round: the counter's bets with seat 1 on the chart
    /// (the bet spread alone).
    pub spread: Bettor,
    /// The spread's units per unit bet minus the flat bettor's, on the same
    /// hands (paired).
    pub gain_per_unit_bet: Rate,
    /// The same split by whether and where the stub ran out.
    pub by_run_out: Vec<RunOutSplit>,
    /// Share of all rounds whose first-order EV estimate is positive.
    pub share_positive_linear: f64,
    /// Share of all rounds whose first-order EV estimate is above the
    /// screen (solved with the higher chance).
    pub share_screened: f64,
    /// Share of rounds with fewer cards left than the exact DP needs
    /// (never solved; left out of the exact figures).
    pub share_short: f64,
    /// Rounds solved by the exact DP.
    pub exact_rounds: u64,
    /// Share of the solvable rounds with a positive exact EV.
    pub share_positive_exact: Rate,
    /// Share of the solvable rounds where the first-order estimate has the
    /// sign of the exact EV.
    pub sign_agreement: f64,
    /// Expected win (exact EV of the cards left) of the flat bettor: 1
    /// unit, the full deck's optimum (the best play without counting).
    pub exact_base: Bettor,
    /// The same, 1 unit on each deck's optimum.
    pub exact_flat: Bettor,
    /// The counter: the ramp's bets on each deck's optimum.
    pub exact_counter: Bettor,
    /// The perfect-information bettor (8 units when the exact EV is
    /// positive, else 1, each deck's optimum): the upper bound.
    pub exact_perfect: Bettor,
    /// The counter's expected win minus the flat bettor's, units per 100
    /// rounds (paired on the same decks).
    pub exact_counter_gain_per_100: Rate,
    /// Of which the play: 1 unit on each deck's optimum minus on the full
    /// deck's.
    pub exact_play_gain_per_100: Rate,
    /// The perfect-information bettor's expected win minus the flat
    /// bettor's, units per 100 rounds.
    pub exact_perfect_gain_per_100: Rate,
    /// The counter's expected win per unit bet minus the flat bettor's.
    pub exact_gain_per_unit_bet: Rate,
    /// On the solved rounds (unweighted), the counter's played units (each
    /// deck's optimum, the stub running out as it may) minus its exact
    /// expected win, per 100 rounds: what the rounds that ran out add, plus
    /// the noise of the play.
    pub played_minus_exact_per_100: Rate,
    /// On the solved rounds (unweighted), the counter's played units on
    /// each deck's optimum minus on the chart, same cards, per 100 rounds.
    pub played_play_gain_per_100: Rate,
    /// Share of rounds during which the stub ran out.
    pub run_out_share: f64,
    /// The mean exact EV of the solved rounds by true count.
    pub by_true_count: Vec<TrueCountBucket>,
}

fn bettor(
    decks: &[DeckRecord],
    win: fn(&DeckRecord) -> f64,
    bet: fn(&DeckRecord) -> f64,
    rounds: fn(&DeckRecord) -> f64,
) -> Bettor {
    let total_bet: f64 = decks.iter().map(bet).sum();
    let total_rounds: f64 = decks.iter().map(rounds).sum();
    Bettor {
        per_100_rounds: ratio(decks, win, rounds).scaled(100.0),
        per_unit_bet: ratio(decks, win, bet),
        mean_bet: if total_rounds > 0.0 {
            total_bet / total_rounds
        } else {
            0.0
        },
    }
}

fn run_out_splits(decks: &[DeckRecord], rounds: f64) -> Vec<RunOutSplit> {
    (0..RUN_OUT_CLASSES)
        .map(|c| {
            let n: f64 = decks.iter().map(|d| d.by_run_out[c][0]).sum();
            let bet: f64 = decks.iter().map(|d| d.by_run_out[c][2]).sum();
            RunOutSplit {
                class: RUN_OUT_NAMES[c],
                share: if rounds > 0.0 { n / rounds } else { 0.0 },
                mean_bet: if n > 0.0 { bet / n } else { 0.0 },
                flat_per_round: ratio(decks, |d| d.by_run_out[c][1], |d| d.by_run_out[c][0]),
                gain_per_unit_bet: ratio_difference(
                    decks,
                    (&|d| d.by_run_out[c][3], &|d| d.by_run_out[c][2]),
                    (&|d| d.by_run_out[c][1], &|d| d.by_run_out[c][0]),
                ),
            }
        })
        .collect()
}

impl CountFigures {
    /// The figures of a run's tally.
    pub(super) fn of(tally: &CountTally) -> CountFigures {
        let decks = &tally.decks[..];
        let sum = |f: fn(&DeckRecord) -> f64| decks.iter().map(f).sum::<f64>();
        let (rounds, weight) = (sum(|d| d.rounds), sum(|d| d.weight));
        let share = |count: f64, of: f64| if of > 0.0 { count / of } else { 0.0 };
        let per_100 = |num: fn(&DeckRecord) -> f64| ratio(decks, num, |d| d.weight).scaled(100.0);
        CountFigures {
            rounds: rounds as u64,
            decks: decks.len() as u64,
            flat: bettor(decks, |d| d.flat, |d| d.rounds, |d| d.rounds),
            spread: bettor(decks, |d| d.counter_win, |d| d.counter_bet, |d| d.rounds),
            gain_per_unit_bet: ratio_difference(
                decks,
                (&|d| d.counter_win, &|d| d.counter_bet),
                (&|d| d.flat, &|d| d.rounds),
            ),
            by_run_out: run_out_splits(decks, rounds),
            share_positive_linear: share(sum(|d| d.linear_positive), rounds),
            share_screened: share(sum(|d| d.screened), rounds),
            share_short: share(sum(|d| d.short), rounds),
            exact_rounds: sum(|d| d.exact) as u64,
            share_positive_exact: ratio(decks, |d| d.exact_positive, |d| d.weight),
            sign_agreement: share(sum(|d| d.sign_agrees), weight),
            exact_base: bettor(decks, |d| d.exact_base, |d| d.weight, |d| d.weight),
            exact_flat: bettor(decks, |d| d.exact_flat, |d| d.weight, |d| d.weight),
            exact_counter: bettor(
                decks,
                |d| d.exact_counter,
                |d| d.exact_counter_bet,
                |d| d.weight,
            ),
            exact_perfect: bettor(
                decks,
                |d| d.exact_perfect,
                |d| d.exact_perfect_bet,
                |d| d.weight,
            ),
            exact_counter_gain_per_100: per_100(|d| d.exact_counter - d.exact_base),
            exact_play_gain_per_100: per_100(|d| d.exact_flat - d.exact_base),
            exact_perfect_gain_per_100: per_100(|d| d.exact_perfect - d.exact_base),
            exact_gain_per_unit_bet: ratio_difference(
                decks,
                (&|d| d.exact_counter, &|d| d.exact_counter_bet),
                (&|d| d.exact_base, &|d| d.weight),
            ),
            played_minus_exact_per_100: ratio(
                decks,
                |d| d.played_optimum - d.played_exact,
                |d| d.exact,
            )
            .scaled(100.0),
            played_play_gain_per_100: ratio(
                decks,
                |d| d.played_optimum - d.played_chart,
                |d| d.exact,
            )
            .scaled(100.0),
            run_out_share: share(sum(|d| d.run_outs), rounds),
            by_true_count: buckets(&tally.by_true_count),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ratio_of_equal_decks_has_no_error_and_a_paired_difference_cancels() {
        let deck = DeckRecord {
            rounds: 2.0,
            flat: -1.0,
            counter_bet: 2.0,
            counter_win: -1.0,
            ..DeckRecord::default()
        };
        let decks = vec![deck; 5];
        let rate = ratio(&decks, |d| d.flat, |d| d.rounds);
        assert_eq!((rate.mean, rate.std_error), (-0.5, 0.0));
        let figures = CountFigures::of(&CountTally {
            decks,
            by_true_count: vec![[0.0; 4], [2.0, 2.0, 0.1, 0.01]],
        });
        assert_eq!(figures.by_true_count.len(), 1);
        assert_eq!(figures.by_true_count[0].true_count, TC_LOW + 1);
        assert!((figures.by_true_count[0].ev.mean - 0.05).abs() < 1e-15);
        assert_eq!(figures.gain_per_unit_bet.mean, 0.0);
        assert_eq!(figures.flat.per_100_rounds.mean, -50.0);
        assert_eq!(figures.rounds, 10);
        assert_eq!(figures.decks, 5);
    }

    #[test]
    fn the_ratio_error_matches_independent_rounds() {
        // One round per deck, payoffs ±1: the error is the sample
        // standard deviation over sqrt(n).
        let decks: Vec<DeckRecord> = (0..100)
            .map(|i| DeckRecord {
                rounds: 1.0,
                flat: if i % 2 == 0 { 1.0 } else { -1.0 },
                ..DeckRecord::default()
            })
            .collect();
        let rate = ratio(&decks, |d| d.flat, |d| d.rounds);
        let expected = (100.0f64 / 99.0).sqrt() / 10.0;
        assert!((rate.std_error - expected).abs() < 1e-12);
        assert_eq!(rate.z(0.0), 0.0);
    }
}
