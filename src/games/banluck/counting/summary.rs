//! The study's figures from the deck records: ratios over decks with
//! standard errors that treat each deck as one draw (the rounds of one
//! deck are not independent).

use serde::Serialize;

use super::run::{CountTally, DeckRecord, TC_LOW};

/// An estimate and its standard error.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Rate {
    /// The estimate.
    pub mean: f64,
    /// Its standard error.
    pub std_error: f64,
}

impl Rate {
    /// The estimate in standard errors from `value` (0 when both agree
    /// exactly, infinite when they differ with no error).
    pub fn z(&self, value: f64) -> f64 {
        let difference = self.mean - value;
        if difference == 0.0 {
            0.0
        } else {
            difference / self.std_error
        }
    }

    fn scaled(self, factor: f64) -> Rate {
        Rate {
            mean: self.mean * factor,
            std_error: self.std_error * factor,
        }
    }
}

/// `Σ num / Σ den` over the decks, with the linearized (delta-method)
/// standard error of a ratio of deck sums.
pub(super) fn ratio(
    decks: &[DeckRecord],
    num: impl Fn(&DeckRecord) -> f64,
    den: impl Fn(&DeckRecord) -> f64,
) -> Rate {
    let (a, b) = decks
        .iter()
        .fold((0.0, 0.0), |(a, b), d| (a + num(d), b + den(d)));
    if b == 0.0 {
        return Rate {
            mean: 0.0,
            std_error: 0.0,
        };
    }
    let mean = a / b;
    let residuals = decks.iter().map(|d| (num(d) - mean * den(d)) / b);
    Rate {
        mean,
        std_error: spread(decks.len(), residuals),
    }
}

/// A deck record's numerator and denominator of one ratio.
type RatioOf = (fn(&DeckRecord) -> f64, fn(&DeckRecord) -> f64);

/// The difference of two ratios over the same decks, `A/B − C/D`, with
/// the standard error of the paired difference.
pub(super) fn ratio_difference(decks: &[DeckRecord], first: RatioOf, second: RatioOf) -> Rate {
    let one = ratio(decks, first.0, first.1);
    let two = ratio(decks, second.0, second.1);
    let (b, d) = decks
        .iter()
        .fold((0.0, 0.0), |(b, d), r| (b + first.1(r), d + second.1(r)));
    if b == 0.0 || d == 0.0 {
        return Rate {
            mean: 0.0,
            std_error: 0.0,
        };
    }
    let residuals = decks.iter().map(|r| {
        (first.0(r) - one.mean * first.1(r)) / b - (second.0(r) - two.mean * second.1(r)) / d
    });
    Rate {
        mean: one.mean - two.mean,
        std_error: spread(decks.len(), residuals),
    }
}

/// `sqrt(n / (n − 1) · Σ residual²)`: the standard error of a sum of `n`
/// independent deck residuals of mean 0.
fn spread(n: usize, residuals: impl Iterator<Item = f64>) -> f64 {
    if n < 2 {
        return 0.0;
    }
    let squares: f64 = residuals.map(|r| r * r).sum();
    (squares * n as f64 / (n as f64 - 1.0)).sqrt()
}

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

/// The exactly valued rounds at one true count.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct TrueCountBucket {
    /// The true count, rounded to the nearest whole number (the lowest and
    /// highest buckets also hold every count beyond them).
    pub true_count: i32,
    /// Exactly valued rounds at this count.
    pub rounds: u64,
    /// Their mean exact EV, with its standard error.
    pub ev: Rate,
}

/// The non-empty buckets of `sums` (rounds, Σ EV, Σ EV²).
fn buckets(sums: &[[f64; 3]]) -> Vec<TrueCountBucket> {
    sums.iter()
        .enumerate()
        .filter(|(_, cell)| cell[0] > 0.0)
        .map(|(i, &[n, sum, squares])| {
            let mean = sum / n;
            let variance = if n > 1.0 {
                ((squares - n * mean * mean) / (n - 1.0)).max(0.0)
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

/// The figures of one run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CountFigures {
    /// Rounds played.
    pub rounds: u64,
    /// Decks (shuffles) dealt.
    pub decks: u64,
    /// The flat bettor: 1 unit every round (the seat's own results).
    pub flat: Bettor,
    /// The counter: the ramp's bet on the same hands.
    pub counter: Bettor,
    /// The counting gain: the counter's units per unit bet minus the flat
    /// bettor's, on the same hands (paired).
    pub gain_per_unit_bet: Rate,
    /// Share of all rounds whose first-order EV estimate is positive.
    pub share_positive_linear: f64,
    /// Rounds valued by the exact DP.
    pub exact_rounds: u64,
    /// Share of the exactly valued rounds with a positive exact EV.
    pub share_positive_exact: Rate,
    /// Share of the exactly valued rounds where the first-order estimate
    /// has the sign of the exact EV.
    pub sign_agreement: f64,
    /// On the exactly valued rounds, the expected win (bet × exact EV) of
    /// a flat bettor playing each deck's optimal strategy.
    pub exact_flat: Bettor,
    /// The same for the counter's bets.
    pub exact_counter: Bettor,
    /// The same for the perfect-information bettor (8 units when the exact
    /// EV is positive, else 1): the upper bound.
    pub exact_perfect: Bettor,
    /// On the exactly valued rounds, the counter's expected win minus the
    /// flat bettor's, units per 100 rounds (paired on the same decks).
    pub exact_counter_gain_per_100: Rate,
    /// The same for the perfect-information bettor.
    pub exact_perfect_gain_per_100: Rate,
    /// On the exactly valued rounds, the counter's expected win per unit
    /// bet minus the flat bettor's (paired).
    pub exact_gain_per_unit_bet: Rate,
    /// Share of rounds during which the stub ran out.
    pub run_out_share: f64,
    /// The mean exact EV of the exactly valued rounds by true count (the
    /// chart of the exact EV against the true count).
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

impl CountFigures {
    /// The figures of a run's tally.
    pub(super) fn of(tally: &CountTally) -> CountFigures {
        let decks = &tally.decks[..];
        let sum = |f: fn(&DeckRecord) -> f64| decks.iter().map(f).sum::<f64>();
        let (rounds, exact) = (sum(|d| d.rounds), sum(|d| d.exact));
        let share = |count: f64, of: f64| if of > 0.0 { count / of } else { 0.0 };
        CountFigures {
            rounds: rounds as u64,
            decks: decks.len() as u64,
            flat: bettor(decks, |d| d.flat, |d| d.rounds, |d| d.rounds),
            counter: bettor(decks, |d| d.counter_win, |d| d.counter_bet, |d| d.rounds),
            gain_per_unit_bet: ratio_difference(
                decks,
                (|d| d.counter_win, |d| d.counter_bet),
                (|d| d.flat, |d| d.rounds),
            ),
            share_positive_linear: share(sum(|d| d.linear_positive), rounds),
            exact_rounds: exact as u64,
            share_positive_exact: ratio(decks, |d| d.exact_positive, |d| d.exact),
            sign_agreement: share(sum(|d| d.sign_agrees), exact),
            exact_flat: bettor(decks, |d| d.exact_flat, |d| d.exact, |d| d.exact),
            exact_counter: bettor(
                decks,
                |d| d.exact_counter,
                |d| d.exact_counter_bet,
                |d| d.exact,
            ),
            exact_perfect: bettor(
                decks,
                |d| d.exact_perfect,
                |d| d.exact_perfect_bet,
                |d| d.exact,
            ),
            exact_counter_gain_per_100: ratio(
                decks,
                |d| d.exact_counter - d.exact_flat,
                |d| d.exact,
            )
            .scaled(100.0),
            exact_perfect_gain_per_100: ratio(
                decks,
                |d| d.exact_perfect - d.exact_flat,
                |d| d.exact,
            )
            .scaled(100.0),
            exact_gain_per_unit_bet: ratio_difference(
                decks,
                (|d| d.exact_counter, |d| d.exact_counter_bet),
                (|d| d.exact_flat, |d| d.exact),
            ),
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
            by_true_count: vec![[0.0; 3], [2.0, 0.1, 0.01]],
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
