//! Banluck's frames read back as plain rows for its grid report: runs, chart cells and
//! convergence points.

use polars::prelude::*;

use crate::report::columns::{bools, floats, ints, strings, whole};
use crate::report::typed::params_text;
use crate::report::{Frames, ReportError};

/// One row of `runs`, without the rule columns.
#[derive(Debug, Clone, PartialEq)]
pub struct RunView {
    /// The variant's name.
    pub variant: String,
    /// The engine's name.
    pub engine: String,
    /// Player's EV per hand.
    pub ev: Option<f64>,
    /// EV of the best chart.
    pub ev_chart: Option<f64>,
    /// Standard deviation per hand.
    pub std_dev: Option<f64>,
    /// Void (surrender) rate.
    pub void_rate: Option<f64>,
    /// Exploitability.
    pub exploitability: Option<f64>,
    /// Iterations.
    pub iterations: Option<u64>,
    /// Equilibrium reveal frequency.
    pub reveal_frequency: Option<f64>,
    /// Equilibrium surrender frequency.
    pub surrender_frequency: Option<f64>,
    /// Hands simulated.
    pub hands: Option<u64>,
    /// Standard error of the simulated mean.
    pub std_err: Option<f64>,
    /// z-score of the simulated mean against the exact value.
    pub z: Option<f64>,
    /// The exact value a simulation is checked against.
    pub exact: Option<f64>,
    /// The rules hash.
    pub rules_hash: String,
    /// The engine parameters (JSON).
    pub params: String,
    /// The seed.
    pub seed: Option<u64>,
}

/// One strategy row of a chart cell (no composition): `hand` is null.
#[derive(Debug, Clone, PartialEq)]
pub struct CellView {
    /// The variant's name.
    pub variant: String,
    /// The engine's name.
    pub engine: String,
    /// `player` or `dealer`.
    pub side: String,
    /// Cards held.
    pub cards: i32,
    /// Total.
    pub total: i32,
    /// Soft total.
    pub soft: bool,
    /// Dealer's upcard, when shown.
    pub upcard: Option<String>,
    /// Player's cards (dealer rows).
    pub player_cards: Option<i32>,
    /// The action.
    pub action: String,
    /// Its frequency.
    pub frequency: f64,
    /// EV of standing.
    pub ev_stand: Option<f64>,
    /// EV of hitting.
    pub ev_hit: Option<f64>,
}

/// One row of `convergence`.
#[derive(Debug, Clone, PartialEq)]
pub struct PointView {
    /// The variant's name.
    pub variant: String,
    /// The engine's name.
    pub engine: String,
    /// Iterations done.
    pub iteration: u64,
    /// Exploitability.
    pub exploitability: f64,
    /// Game value.
    pub value: f64,
}

/// The report's view of an output folder's frames.
#[derive(Debug, Clone, PartialEq)]
pub struct ReportData {
    /// Every run.
    pub runs: Vec<RunView>,
    /// Every chart-cell strategy row.
    pub cells: Vec<CellView>,
    /// Every convergence point.
    pub points: Vec<PointView>,
}

impl ReportData {
    /// Reads the rows the report needs from `frames`.
    pub fn from_frames(frames: &Frames) -> Result<ReportData, ReportError> {
        Ok(ReportData {
            runs: runs(&frames.runs)?,
            cells: cells(&frames.strategies)?,
            points: points(&frames.convergence)?,
        })
    }

    /// The run of `variant` by `engine`, if any.
    pub fn run(&self, variant: &str, engine: &str) -> Option<&RunView> {
        self.runs
            .iter()
            .find(|r| r.variant == variant && r.engine == engine)
    }
}

fn runs(df: &DataFrame) -> PolarsResult<Vec<RunView>> {
    let variant = strings(df, "variant")?;
    let engine = strings(df, "engine")?;
    let ev = floats(df, "ev")?;
    let ev_chart = floats(df, "ev_chart")?;
    let std_dev = floats(df, "std_dev")?;
    let void_rate = floats(df, "void_rate")?;
    let exploitability = floats(df, "exploitability")?;
    let iterations = whole(df, "iterations")?;
    let reveal_frequency = floats(df, "reveal_frequency")?;
    let surrender_frequency = floats(df, "surrender_frequency")?;
    let hands = whole(df, "hands")?;
    let std_err = floats(df, "std_err")?;
    let z = floats(df, "z")?;
    let exact = floats(df, "exact")?;
    let rules_hash = strings(df, "rules_hash")?;
    let params = params_text(df)?;
    let seed = whole(df, "seed")?;
    Ok((0..df.height())
        .map(|i| RunView {
            variant: variant[i].clone().unwrap_or_default(),
            engine: engine[i].clone().unwrap_or_default(),
            ev: ev[i],
            ev_chart: ev_chart[i],
            std_dev: std_dev[i],
            void_rate: void_rate[i],
            exploitability: exploitability[i],
            iterations: iterations[i],
            reveal_frequency: reveal_frequency[i],
            surrender_frequency: surrender_frequency[i],
            hands: hands[i],
            std_err: std_err[i],
            z: z[i],
            exact: exact[i],
            rules_hash: rules_hash[i].clone().unwrap_or_default(),
            params: params[i].clone(),
            seed: seed[i],
        })
        .collect())
}

/// The chart cells: every row of `strategies` (the single compositions
/// are in `hands`, which the report does not show).
fn cells(df: &DataFrame) -> PolarsResult<Vec<CellView>> {
    let variant = strings(df, "variant")?;
    let engine = strings(df, "engine")?;
    let side = strings(df, "side")?;
    let cards = ints(df, "cards")?;
    let total = ints(df, "total")?;
    let soft = bools(df, "soft")?;
    let upcard = strings(df, "upcard")?;
    let player_cards = ints(df, "player_cards")?;
    let action = strings(df, "action")?;
    let frequency = floats(df, "frequency")?;
    let ev_stand = floats(df, "ev_stand")?;
    let ev_hit = floats(df, "ev_hit")?;
    Ok((0..df.height())
        .map(|i| CellView {
            variant: variant[i].clone().unwrap_or_default(),
            engine: engine[i].clone().unwrap_or_default(),
            side: side[i].clone().unwrap_or_default(),
            cards: cards[i].unwrap_or_default(),
            total: total[i].unwrap_or_default(),
            soft: soft[i].unwrap_or_default(),
            upcard: upcard[i].clone(),
            player_cards: player_cards[i],
            action: action[i].clone().unwrap_or_default(),
            frequency: frequency[i].unwrap_or_default(),
            ev_stand: ev_stand[i],
            ev_hit: ev_hit[i],
        })
        .collect())
}

fn points(df: &DataFrame) -> PolarsResult<Vec<PointView>> {
    let variant = strings(df, "variant")?;
    let engine = strings(df, "engine")?;
    let iteration = whole(df, "iteration")?;
    let exploitability = floats(df, "exploitability")?;
    let value = floats(df, "value")?;
    Ok((0..df.height())
        .map(|i| PointView {
            variant: variant[i].clone().unwrap_or_default(),
            engine: engine[i].clone().unwrap_or_default(),
            iteration: iteration[i].unwrap_or_default(),
            exploitability: exploitability[i].unwrap_or_default(),
            value: value[i].unwrap_or_default(),
        })
        .collect())
}
