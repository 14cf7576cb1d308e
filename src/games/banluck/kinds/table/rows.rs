//! The plain rows of a table experiment, read off each task's output: the
//! dealers' values (`runs.parquet`, with the provenance), the paired
//! gains, the reveal policy, each variant's solve, one seat's deviations
//! from the chart, and (`rotation_rows`) the rotation period under the
//! fixed and the strategic dealer.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::rotation_rows::{RotationRow, RotationSettings, moments, rotation_row};
use super::spec::draw_word;
use super::task::{DEALERS, DEVIATION_ROW, GAINS, REVEAL_ROW, ROTATION_DEALERS, TaskSpec};
use crate::lab::{CacheKey, Cell, TaskOutput};

/// One dealer's value in one variant (`runs.parquet`): the variant and
/// the dealer, the provenance, then the figures.
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
    /// The engine.
    pub engine: String,
    /// `exact` (one seat) or `sampled`.
    pub method: String,
    /// The variant's rules hash.
    pub rules_hash: String,
    /// The seed (null when exact and nothing was simulated).
    pub seed: Option<u64>,
    /// The crate version.
    pub version: String,
    /// The engine's parameters (a JSON object: one `params_<key>` column
    /// each in the file).
    pub params: Value,
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
    pub surrenders: Vec<String>,
    /// One seat's value per round on the chart against the strategic
    /// dealer (when its reply was computed).
    pub reply_value_given: Option<f64>,
    /// What its best reply gains per round (fresh rounds).
    pub reply_gain: Option<f64>,
    /// Its standard error.
    pub reply_gain_std_error: Option<f64>,
}

/// A hand where one seat's best reply to the strategic dealer leaves the
/// strategy every seat plays (the heads-up chart).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DeviationRow {
    /// Seats facing the dealer.
    pub players: usize,
    /// `dealer.allow_surrender`.
    pub allow_surrender: bool,
    /// `dealer.draw_choice`.
    pub draw_choice: String,
    /// The hand, e.g. `T6`.
    pub hand: String,
    /// Its cards.
    pub cards: i64,
    /// Its total.
    pub total: i64,
    /// Whether it is soft.
    pub soft: bool,
    /// The chart's probability of drawing.
    pub given_hit: f64,
    /// The reply's.
    pub reply_hit: f64,
    /// Hitting minus standing for a seat holding the hand (fresh rounds).
    pub hit_minus_stand: f64,
    /// Its standard error.
    pub hit_minus_stand_std_error: f64,
    /// What the reply's action gains there.
    pub ev_difference: f64,
    /// Probability per round that a seat on the chart holds the hand.
    pub reach_given: f64,
    /// The same for a seat playing the reply.
    pub reach_reply: f64,
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
    /// Where one seat's best reply leaves the chart.
    pub deviations: Vec<DeviationRow>,
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
                engine: key.engine.clone(),
                method: method.clone(),
                rules_hash: key.rules_hash.clone(),
                seed: output.seed,
                version: key.version.clone(),
                params: key.params.clone(),
                per_round,
                std_error,
                std_dev: f64_of(output, &format!("{prefix}_std_dev"))?,
                per_seat: per_round / seats,
                per_seat_std_error: std_error / seats,
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
        let real = |row: &[Cell], i: usize| row.get(i).and_then(Cell::as_f64).unwrap_or(0.0);
        for row in &output.decisions {
            match row.first().and_then(Cell::as_str) {
                Some(REVEAL_ROW) => self.reveal_policy.push(RevealPolicyRow {
                    players: v.players,
                    allow_surrender: v.allow_surrender,
                    draw_choice: draw.to_string(),
                    total: int_of(row.get(1)),
                    soft: row.get(2).and_then(Cell::as_bool).unwrap_or(false),
                    open_two: int_of(row.get(3)),
                    open_three_plus: int_of(row.get(4)),
                    probability: real(row, 5),
                    reveal_share: real(row, 6),
                }),
                Some(DEVIATION_ROW) => self.deviations.push(DeviationRow {
                    players: v.players,
                    allow_surrender: v.allow_surrender,
                    draw_choice: draw.to_string(),
                    hand: row
                        .get(1)
                        .and_then(Cell::as_str)
                        .unwrap_or_default()
                        .to_string(),
                    cards: int_of(row.get(2)),
                    total: int_of(row.get(3)),
                    soft: row.get(4).and_then(Cell::as_bool).unwrap_or(false),
                    given_hit: real(row, 5),
                    reply_hit: real(row, 6),
                    hit_minus_stand: real(row, 7),
                    hit_minus_stand_std_error: real(row, 8),
                    ev_difference: real(row, 9),
                    reach_given: real(row, 10),
                    reach_reply: real(row, 11),
                }),
                _ => return Err("a cached decision row of an unknown kind".into()),
            }
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
            surrenders: text_of(output, "surrenders")
                .split_whitespace()
                .map(str::to_string)
                .collect(),
            reply_value_given: output.figure("reply_value_given").as_f64(),
            reply_gain: output.figure("reply_gain").as_f64(),
            reply_gain_std_error: output.figure("reply_gain_std_error").as_f64(),
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
