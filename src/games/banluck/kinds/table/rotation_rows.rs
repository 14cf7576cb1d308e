//! The rotation section's rows: each dealer's per-round moments, read
//! back from a task's output, through `rotation::period_row` for every
//! period of the session.

use serde::{Deserialize, Serialize};

use super::spec::{TableVariant, draw_word};
use crate::games::banluck::rotation::{PeriodRow, RoundMoments, Scheme, period_row};
use crate::games::banluck::rules::RotationScheme;
use crate::lab::TaskOutput;

/// The rotation period at one table under one dealer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RotationRow {
    /// Seats facing the dealer (the people are one more).
    pub players: usize,
    /// People taking turns at the bank.
    pub people: usize,
    /// `dealer.allow_surrender`.
    pub allow_surrender: bool,
    /// `dealer.draw_choice` (`free` or `fixed`).
    pub draw_choice: String,
    /// `fixed` or `strategic`.
    pub dealer: String,
    /// Rounds per session.
    pub session_rounds: u32,
    /// The tolerance (fraction of a session's standard deviation).
    pub tolerance: f64,
    /// The banker's expected gain per round.
    pub banker_ev_per_round: f64,
    /// The largest N such that every period up to N is within tolerance.
    pub fair_period: Option<u32>,
    /// Every period within tolerance.
    pub fair_periods: Vec<u32>,
    /// Passing every round: the imbalance over the session's std dev.
    pub every_round_over_sd: f64,
    /// Never passing: the imbalance over the session's std dev.
    pub never_over_sd: f64,
    /// Where the moments come from.
    pub source: String,
}

/// The moments of `dealer` stored in `output`, if the task simulated them.
pub(super) fn moments(
    output: &TaskOutput,
    dealer: &str,
    players: usize,
    rounds: u64,
) -> Option<RoundMoments> {
    let banker_variance = output
        .figure(&format!("rotation_{dealer}_banker_variance"))
        .as_f64()?;
    let seat = |seat: usize, what: &str| {
        output
            .figure(&format!("rotation_{dealer}_seat{seat}_{what}"))
            .as_f64()
    };
    Some(RoundMoments {
        seat_means: (0..players)
            .map(|s| seat(s, "mean"))
            .collect::<Option<_>>()?,
        seat_variances: (0..players)
            .map(|s| seat(s, "variance"))
            .collect::<Option<_>>()?,
        banker_variance,
        source: format!("simulation of {rounds} rounds"),
    })
}

/// The fair rotation period of a table with `moments`.
pub(super) fn rotation_row(
    variant: TableVariant,
    dealer: &str,
    moments: &RoundMoments,
    session_rounds: u32,
    tolerance: f64,
) -> RotationRow {
    let every = |period| Scheme {
        scheme: RotationScheme::EveryN,
        period,
    };
    let rows: Vec<PeriodRow> = (1..=session_rounds)
        .map(|n| period_row(moments, session_rounds, every(n), tolerance))
        .collect();
    let fair_period = rows
        .iter()
        .take_while(|r| r.within_tolerance)
        .last()
        .map(|r| r.period);
    let never = Scheme {
        scheme: RotationScheme::Never,
        period: 1,
    };
    RotationRow {
        players: variant.players,
        people: variant.players + 1,
        allow_surrender: variant.allow_surrender,
        draw_choice: draw_word(variant.draw_choice).to_string(),
        dealer: dealer.to_string(),
        session_rounds,
        tolerance,
        banker_ev_per_round: moments.banker_mean(),
        fair_period,
        fair_periods: rows
            .iter()
            .filter(|r| r.within_tolerance)
            .map(|r| r.period)
            .collect(),
        every_round_over_sd: rows.first().map_or(0.0, |r| r.imbalance_over_sd),
        never_over_sd: period_row(moments, session_rounds, never, tolerance).imbalance_over_sd,
        source: moments.source.clone(),
    }
}

/// Where the rotation rows' parameters come from.
#[derive(Debug, Clone, Copy)]
pub struct RotationSettings {
    /// Rounds per session.
    pub session_rounds: u32,
    /// The tolerance.
    pub tolerance: f64,
    /// Rounds per table simulation.
    pub rounds: u64,
}
