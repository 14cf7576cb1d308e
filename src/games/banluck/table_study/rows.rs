//! The plain rows of a table experiment, read off each task's output: the
//! dealers' values (`runs.parquet`, with the provenance), the paired
//! gains, the reveal policy, each variant's solve and the rotation period
//! under the fixed and the strategic dealer.

use serde::{Deserialize, Serialize};

use super::spec::{TableVariant, draw_word};
use super::task::{DEALERS, GAINS, ROTATION_DEALERS, TaskSpec};
use crate::games::banluck::rotation::{PeriodRow, RoundMoments, Scheme, period_row};
use crate::games::banluck::rules::RotationScheme;
use crate::lab::{CacheKey, Cell, TaskOutput};

/// One dealer's value in one variant (`runs.parquet`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DealerRow {
    /// Seats facing the dealer.
    pub players: usize,
    /// `dealer.allow_surrender`.
    pub allow_surrender: bool,
    /// `dealer.draw_choice` (`free` or `fixed`).
    pub draw_choice: String,
    /// `fixed` or `strategic`.
    pub dealer: String,
    /// The reveal: `off`, `forced`, `forbidden` or `optimal`.
    pub reveal: String,
    /// The dealer's gain per round (all seats), player units.
    pub per_round: f64,
    /// Its standard error (0 when exact).
    pub std_error: f64,
    /// The standard deviation of one round's value (the dealer's draws
    /// integrated out).
    pub std_dev: f64,
    /// The gain per seat.
    pub per_seat: f64,
    /// Its standard error.
    pub per_seat_std_error: f64,
    /// `exact` (one seat) or `sampled`.
    pub method: String,
    /// The variant's rules hash.
    pub rules_hash: String,
    /// The engine.
    pub engine: String,
    /// The engine's parameters (JSON).
    pub params: String,
    /// The seed (null when exact and nothing was simulated).
    pub seed: Option<u64>,
    /// The crate version.
    pub version: String,
}

/// A paired difference of two dealers on the same rounds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GainRow {
    /// Seats facing the dealer.
    pub players: usize,
    /// `dealer.allow_surrender`.
    pub allow_surrender: bool,
    /// `dealer.draw_choice` (`free` or `fixed`).
    pub draw_choice: String,
    /// Which difference (`reveal_gain`, `strategic_over_fixed_off`, ...).
    pub gain: String,
    /// What it compares, in words.
    pub meaning: String,
    /// Per round.
    pub per_round: f64,
    /// Per seat.
    pub per_seat: f64,
    /// Standard error per round (0 when exact).
    pub std_error: f64,
}

/// The strategic dealer's reveal decisions in one situation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RevealPolicyRow {
    /// Seats facing the dealer.
    pub players: usize,
    /// `dealer.allow_surrender`.
    pub allow_surrender: bool,
    /// `dealer.draw_choice` (`free` or `fixed`).
    pub draw_choice: String,
    /// The dealer's total.
    pub total: i64,
    /// Whether it is soft.
    pub soft: bool,
    /// Open seats holding two cards.
    pub open_two: i64,
    /// Open seats holding three or more cards.
    pub open_three_plus: i64,
    /// Probability per round of getting there before a reveal.
    pub probability: f64,
    /// Share of those arrivals at which the dealer reveals.
    pub reveal_share: f64,
}

/// What one variant's solve reports besides the values.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SolveRow {
    /// Seats facing the dealer.
    pub players: usize,
    /// `dealer.allow_surrender`.
    pub allow_surrender: bool,
    /// `dealer.draw_choice` (`free` or `fixed`).
    pub draw_choice: String,
    /// `exact` or `sampled`.
    pub method: String,
    /// Rounds solved on (sampled), or seat outcomes enumerated (exact).
    pub training_rounds: u64,
    /// Seat keys (the dealer's views of the seats) met.
    pub seat_keys: u64,
    /// The strategic dealer's gain on the rounds it was solved on
    /// (optimistic when sampled).
    pub in_sample_strategic: f64,
    /// The probability of the dealer's two cards over every start (one).
    pub probability_total: f64,
    /// The two-card hands the strategic dealer surrenders.
    pub surrenders: String,
}

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
    /// The banker's expected gain per round.
    pub banker_ev_per_round: f64,
    /// Rounds per session.
    pub session_rounds: u32,
    /// The tolerance (fraction of a session's standard deviation).
    pub tolerance: f64,
    /// The largest N such that every period up to N is within tolerance.
    pub fair_period: Option<u32>,
    /// Every period within tolerance, comma-separated.
    pub fair_periods: String,
    /// Passing every round: the imbalance over the session's std dev.
    pub every_round_over_sd: f64,
    /// Never passing: the imbalance over the session's std dev.
    pub never_over_sd: f64,
    /// Where the moments come from.
    pub source: String,
}

/// Every row of a table experiment.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TableTables {
    /// The dealers' values (`runs.parquet`).
    pub runs: Vec<DealerRow>,
    /// The paired gains.
    pub gains: Vec<GainRow>,
    /// The strategic dealer's reveal policy.
    pub reveal_policy: Vec<RevealPolicyRow>,
    /// Each variant's solve.
    pub solves: Vec<SolveRow>,
    /// The rotation period per table and dealer.
    pub rotation: Vec<RotationRow>,
}

fn f64_of(output: &TaskOutput, name: &str) -> Result<f64, String> {
    output
        .figure(name)
        .as_f64()
        .ok_or_else(|| format!("the cached result has no figure `{name}`"))
}

fn text_of(output: &TaskOutput, name: &str) -> String {
    output.figure(name).as_str().unwrap_or_default().to_string()
}

fn int_of(cell: Option<&Cell>) -> i64 {
    cell.and_then(Cell::as_i32).map_or(0, i64::from)
}

/// The moments of `dealer` stored in `output`, if the task simulated them.
fn moments(output: &TaskOutput, dealer: &str, players: usize, rounds: u64) -> Option<RoundMoments> {
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
fn rotation_row(
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
        banker_ev_per_round: moments.banker_mean(),
        session_rounds,
        tolerance,
        fair_period,
        fair_periods: rows
            .iter()
            .filter(|r| r.within_tolerance)
            .map(|r| r.period.to_string())
            .collect::<Vec<_>>()
            .join(", "),
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

impl TableTables {
    /// Adds the rows of one task.
    ///
    /// # Errors
    /// A cached output that lacks a figure.
    pub fn add(
        &mut self,
        task: &TaskSpec,
        key: &CacheKey,
        output: &TaskOutput,
        rotation: RotationSettings,
    ) -> Result<(), String> {
        let v = task.variant;
        let draw = draw_word(v.draw_choice);
        let seats = v.players as f64;
        let method = text_of(output, "method");
        for (prefix, dealer, reveal) in DEALERS {
            let per_round = f64_of(output, &format!("{prefix}_per_round"))?;
            let std_error = f64_of(output, &format!("{prefix}_std_error"))?;
            self.runs.push(DealerRow {
                players: v.players,
                allow_surrender: v.allow_surrender,
                draw_choice: draw.to_string(),
                dealer: dealer.to_string(),
                reveal: reveal.to_string(),
                per_round,
                std_error,
                std_dev: f64_of(output, &format!("{prefix}_std_dev"))?,
                per_seat: per_round / seats,
                per_seat_std_error: std_error / seats,
                method: method.clone(),
                rules_hash: key.rules_hash.clone(),
                engine: key.engine.clone(),
                params: key.params.to_string(),
                seed: output.seed,
                version: key.version.clone(),
            });
        }
        for (prefix, meaning) in GAINS {
            let per_round = f64_of(output, prefix)?;
            self.gains.push(GainRow {
                players: v.players,
                allow_surrender: v.allow_surrender,
                draw_choice: draw.to_string(),
                gain: prefix.to_string(),
                meaning: meaning.to_string(),
                per_round,
                per_seat: per_round / seats,
                std_error: f64_of(output, &format!("{prefix}_std_error"))?,
            });
        }
        for row in &output.decisions {
            self.reveal_policy.push(RevealPolicyRow {
                players: v.players,
                allow_surrender: v.allow_surrender,
                draw_choice: draw.to_string(),
                total: int_of(row.first()),
                soft: row.get(1).and_then(Cell::as_bool).unwrap_or(false),
                open_two: int_of(row.get(2)),
                open_three_plus: int_of(row.get(3)),
                probability: row.get(4).and_then(Cell::as_f64).unwrap_or(0.0),
                reveal_share: row.get(5).and_then(Cell::as_f64).unwrap_or(0.0),
            });
        }
        self.solves.push(SolveRow {
            players: v.players,
            allow_surrender: v.allow_surrender,
            draw_choice: draw.to_string(),
            method,
            training_rounds: output.figure("training_rounds").as_u64().unwrap_or(0),
            seat_keys: output.figure("seat_keys").as_u64().unwrap_or(0),
            in_sample_strategic: f64_of(output, "in_sample_strategic")?,
            probability_total: f64_of(output, "probability_total")?,
            surrenders: text_of(output, "surrenders"),
        });
        for dealer in ROTATION_DEALERS {
            if let Some(m) = moments(output, dealer, v.players, rotation.rounds) {
                self.rotation.push(rotation_row(
                    v,
                    dealer,
                    &m,
                    rotation.session_rounds,
                    rotation.tolerance,
                ));
            }
        }
        Ok(())
    }
}
