//! The parts of the table model ([`super::TableModel`]): a paired
//! difference, one table size's line, its reveal policy, a seat's best
//! reply and the rotation period, as the templates, the charts and the
//! headline read them.

use serde::Serialize;

use super::rotation_rows::RotationRow;
use super::rows::{DealerRow, DeviationRow, GainRow, RevealPolicyRow};

/// A paired difference as the report shows it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Diff {
    /// Per round.
    pub per_round: f64,
    /// Its standard error per round (0 when exact).
    pub std_error: f64,
    /// Per seat.
    pub per_seat: f64,
    /// Its standard error per seat.
    pub per_seat_std_error: f64,
    /// Mean over standard error (none when exact).
    pub z: Option<f64>,
}

impl Diff {
    /// The difference of a gain row at a table of `players` seats.
    pub(super) fn of(row: &GainRow, players: usize) -> Diff {
        let seats = players as f64;
        Diff {
            per_round: row.per_round,
            std_error: row.std_error,
            per_seat: row.per_seat,
            per_seat_std_error: row.std_error / seats,
            z: (row.std_error > 0.0).then(|| row.per_round / row.std_error),
        }
    }
}

/// One table size under one surrender rule.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SizeLine {
    /// Seats.
    pub players: usize,
    /// `dealer.allow_surrender`.
    pub allow_surrender: bool,
    /// `dealer.draw_choice`.
    pub draw_choice: String,
    /// `exact` or `sampled`.
    pub method: String,
    /// The four dealers' gains per round: fixed off, fixed forced,
    /// strategic forbidden, strategic (the order of `task::DEALERS`).
    pub dealers: Vec<DealerRow>,
    /// The reveal option's worth to the strategic dealer.
    pub reveal: Diff,
    /// The strategic dealer over the fixed dealer (reveal off).
    pub over_fixed: Diff,
    /// The strategic dealer forbidden to reveal over the fixed dealer.
    pub no_reveal_over_fixed: Diff,
    /// The fixed dealer's forced reveal (on minus off).
    pub forced: Diff,
    /// The reveal's share of the strategic dealer's gain over the fixed
    /// dealer (none when that gain is below 1e-4 per round: bound to the
    /// house drawing rule the strategic dealer gains next to nothing).
    pub reveal_share_of_gain: Option<f64>,
    /// The two-card hands the strategic dealer surrenders.
    pub surrenders: String,
    /// Seat keys met.
    pub seat_keys: u64,
}

/// The reveal policy at one table size (the base surrender rule).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RevealTable {
    /// Seats.
    pub players: usize,
    /// Per dealer total (hard/soft): probability of arriving facing an
    /// open 3+-card seat, and the share of arrivals at which it reveals.
    pub by_total: Vec<RevealPolicyRow>,
    /// Per total and open seat counts (probability at least 1e-4).
    pub rows: Vec<RevealPolicyRow>,
    /// Rows left out for their small probability.
    pub rare_rows: usize,
}

/// One seat's best reply to the strategic dealer at one table size, the
/// other seats on the chart.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReplyTable {
    /// Seats.
    pub players: usize,
    /// The seat's value per round on the chart.
    pub value_given: f64,
    /// What the reply gains per round.
    pub gain: f64,
    /// Its standard error (0 when exact).
    pub gain_std_error: f64,
    /// The hands where the reply leaves the chart, most reached first.
    pub rows: Vec<DeviationRow>,
}

/// The rotation period at one table under both dealers.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RotationLine {
    /// Under the rules' fixed dealer.
    pub fixed: RotationRow,
    /// Under the strategic dealer.
    pub strategic: RotationRow,
}
