//! The rotation answer: for k people and sessions of S rounds, the periods N
//! of `every_n` that keep the expected imbalance between people under a
//! tolerance, set against never passing and the traditional pass on a ban.
//!
//! For the deterministic schemes (`never`, `every_n`) each person's expected
//! profit and variance follow exactly from the per-round moments of each
//! role (banker, seat 1..k-1), since rounds are independent.

use serde::{Deserialize, Serialize};

use super::exact::RoundLaw;
use super::schedule::{Bank, Scheme};
use super::summary::SessionSummary;
use crate::games::banluck::rules::RotationScheme;
use crate::games::banluck::table::play::TableStats;

/// The per-round moments of each role at a table of k people.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RoundMoments {
    /// Expected payoff of each seat (k - 1 of them), from the player's side.
    pub seat_means: Vec<f64>,
    /// Variance of each seat's payoff.
    pub seat_variances: Vec<f64>,
    /// Variance of the banker's result (minus the sum of the seats).
    pub banker_variance: f64,
    /// Where the moments come from: `exact` or a simulation.
    pub source: String,
}

impl RoundMoments {
    /// Heads-up moments from an exact law.
    pub fn heads_up(law: &RoundLaw) -> RoundMoments {
        RoundMoments {
            seat_means: vec![law.mean()],
            seat_variances: vec![law.variance()],
            banker_variance: law.variance(),
            source: "exact (dp)".into(),
        }
    }

    /// Moments estimated by a multi-player simulation.
    pub fn from_table(stats: &TableStats) -> RoundMoments {
        RoundMoments {
            seat_means: stats.seats.iter().map(|s| s.mean).collect(),
            seat_variances: stats.seats.iter().map(|s| s.std_dev * s.std_dev).collect(),
            banker_variance: stats.table.std_dev * stats.table.std_dev,
            source: format!("simulation of {} rounds", stats.rounds),
        }
    }

    /// The banker's expected gain per round.
    pub fn banker_mean(&self) -> f64 {
        -self.seat_means.iter().sum::<f64>()
    }

    /// People at the table (seats plus the banker).
    pub fn people(&self) -> usize {
        self.seat_means.len() + 1
    }
}

/// One deterministic schedule's expected imbalance.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PeriodRow {
    /// People at the table.
    pub people: usize,
    /// Rounds per session.
    pub session_rounds: u32,
    /// The scheme, e.g. `every_n(3)` or `never`.
    pub scheme: String,
    /// Rounds between passes (the session length for `never`).
    pub period: u32,
    /// Largest difference between two people's expected session profits.
    pub imbalance: f64,
    /// Root mean square over people of the session profit's standard deviation.
    pub session_std_dev: f64,
    /// `imbalance / session_std_dev`.
    pub imbalance_over_sd: f64,
    /// Most rounds banked by one person.
    pub max_banked: u32,
    /// Fewest rounds banked by one person.
    pub min_banked: u32,
    /// Whether `imbalance_over_sd` is at most the tolerance.
    pub within_tolerance: bool,
}

/// Each person's expected profit, variance and rounds banked under a
/// deterministic scheme (`never` or `every_n`).
pub fn schedule_moments(
    moments: &RoundMoments,
    rounds: u32,
    scheme: Scheme,
) -> Vec<(f64, f64, u32)> {
    let people = moments.people();
    let mut out = vec![(0.0, 0.0, 0u32); people];
    let mut bank = Bank::new(people);
    let banker_mean = moments.banker_mean();
    for _ in 0..rounds {
        let banker = bank.banker();
        out[banker].0 += banker_mean;
        out[banker].1 += moments.banker_variance;
        out[banker].2 += 1;
        for seat in 0..people - 1 {
            let person = bank.person_at(seat);
            out[person].0 += moments.seat_means[seat];
            out[person].1 += moments.seat_variances[seat];
        }
        bank.end_round(scheme, None);
    }
    out
}

/// The imbalance of a deterministic scheme against `tolerance` (a fraction
/// of the session's standard deviation).
pub fn period_row(
    moments: &RoundMoments,
    rounds: u32,
    scheme: Scheme,
    tolerance: f64,
) -> PeriodRow {
    let persons = schedule_moments(moments, rounds, scheme);
    let means = persons.iter().map(|p| p.0);
    let imbalance =
        means.clone().fold(f64::NEG_INFINITY, f64::max) - means.fold(f64::INFINITY, f64::min);
    let sd = (persons.iter().map(|p| p.1).sum::<f64>() / persons.len() as f64).sqrt();
    let ratio = if sd > 0.0 { imbalance / sd } else { 0.0 };
    PeriodRow {
        people: persons.len(),
        session_rounds: rounds,
        scheme: scheme.label(),
        period: if scheme.scheme == RotationScheme::Never {
            rounds
        } else {
            scheme.period
        },
        imbalance,
        session_std_dev: sd,
        imbalance_over_sd: ratio,
        max_banked: persons.iter().map(|p| p.2).max().unwrap_or(0),
        min_banked: persons.iter().map(|p| p.2).min().unwrap_or(0),
        within_tolerance: ratio <= tolerance,
    }
}

/// The answer to "how often should the bank pass?".
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RotationAnswer {
    /// People taking turns at the bank.
    pub people: usize,
    /// Rounds per session.
    pub session_rounds: u32,
    /// The tolerance, as a fraction of the session's standard deviation.
    pub tolerance: f64,
    /// The per-round moments used.
    pub round: RoundMoments,
    /// `every_n` for every period from 1 to the session length.
    pub periods: Vec<PeriodRow>,
    /// The largest N such that passing every N' <= N rounds stays within the
    /// tolerance (`None` when even passing every round does not).
    pub fair_period: Option<u32>,
    /// Every period within the tolerance (those above `fair_period` divide
    /// the session into whole turns for everyone, or nearly).
    pub fair_periods: Vec<u32>,
    /// Never passing the bank.
    pub never: PeriodRow,
    /// Passing the bank to a player who wins with Ban Ban or Ban Luck.
    pub on_ban: SessionSummary,
    /// Whether `on_ban` stays within the tolerance.
    pub on_ban_within_tolerance: bool,
    /// The largest N such that no `every_n` period up to N leaves more
    /// imbalance than `on_ban` (`None` when even every round does).
    pub on_ban_equivalent_period: Option<u32>,
    /// The answer in words.
    pub statement: String,
}

/// Builds the answer from per-round moments and an analysis of the
/// pass-on-ban scheme (exact heads-up, simulated otherwise).
pub fn rotation_answer(
    moments: RoundMoments,
    rounds: u32,
    tolerance: f64,
    on_ban: SessionSummary,
) -> RotationAnswer {
    let every = |period| Scheme {
        scheme: RotationScheme::EveryN,
        period,
    };
    let periods: Vec<PeriodRow> = (1..=rounds)
        .map(|n| period_row(&moments, rounds, every(n), tolerance))
        .collect();
    let fair_period = periods
        .iter()
        .take_while(|row| row.within_tolerance)
        .last()
        .map(|row| row.period);
    let fair_periods: Vec<u32> = periods
        .iter()
        .filter(|row| row.within_tolerance)
        .map(|row| row.period)
        .collect();
    let never = period_row(
        &moments,
        rounds,
        Scheme {
            scheme: RotationScheme::Never,
            period: 1,
        },
        tolerance,
    );
    let on_ban_ratio = on_ban.imbalance / on_ban.session_std_dev;
    let on_ban_within_tolerance = on_ban_ratio <= tolerance;
    let on_ban_equivalent_period = periods
        .iter()
        .take_while(|row| row.imbalance <= on_ban.imbalance)
        .last()
        .map(|row| row.period);
    let people = moments.people();
    let mut statement = format!(
        "With {people} people taking turns at the bank ({} playing each round) and sessions of {rounds} rounds, \
         the banker gains {:+.4} bets per round ({:+.4} per player). ",
        people - 1,
        moments.banker_mean(),
        moments.banker_mean() / (people - 1) as f64,
    );
    statement += &match fair_period {
        Some(n) => format!(
            "Passing the bank every N rounds for any N up to {n} keeps the largest expected difference between two people under {:.2}% of a session's standard deviation ({:.3} of {:.2} bets). ",
            100.0 * tolerance,
            tolerance * periods[n as usize - 1].session_std_dev,
            periods[n as usize - 1].session_std_dev,
        ),
        None => format!(
            "No rotation period keeps the imbalance under {:.2}% of a session's standard deviation (every round: {:.2}%): \
             {rounds} rounds cannot be shared evenly by {people} people; a session of a multiple of {people} rounds can. ",
            100.0 * tolerance,
            100.0 * periods[0].imbalance_over_sd,
        ),
    };
    let larger: Vec<String> = fair_periods
        .iter()
        .filter(|&&n| Some(n) > fair_period)
        .map(u32::to_string)
        .collect();
    if !larger.is_empty() {
        let more = larger.len().saturating_sub(12);
        statement += &format!(
            "Longer periods that happen to share the session (nearly) evenly also do: N = {}{}. ",
            larger[..larger.len() - more].join(", "),
            if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            }
        );
    }
    statement += &format!(
        "Never passing leaves an imbalance of {:.3} bets ({:.1}% of the standard deviation). \
         Passing on Ban Ban or Ban Luck leaves {:.3} bets ({:.2}%{}), {} the tolerance; the first banker banks {:.1} of {rounds} rounds on average.",
        never.imbalance,
        100.0 * never.imbalance_over_sd,
        on_ban.imbalance,
        100.0 * on_ban_ratio,
        on_ban
            .imbalance_std_error
            .map(|se| format!(", ± {:.3} bets standard error", se))
            .unwrap_or_default(),
        if on_ban_within_tolerance {
            "within"
        } else {
            "outside"
        },
        on_ban.persons[0].rounds_banked,
    );
    if let Some(n) = on_ban_equivalent_period {
        statement +=
            &format!(" Passing every N rounds does at least as well for every N up to {n}.");
    }
    RotationAnswer {
        people,
        session_rounds: rounds,
        tolerance,
        round: moments,
        periods,
        fair_period,
        fair_periods,
        never,
        on_ban,
        on_ban_within_tolerance,
        on_ban_equivalent_period,
        statement,
    }
}
