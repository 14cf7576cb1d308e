//! Banluck's engine output, typed: the figures of its `runs` row and its
//! `strategies` rows, with the columns they fill ([`COLUMNS`]) and their
//! mapping into the lab's generic [`TaskOutput`].

use serde::{Deserialize, Serialize};

use crate::lab::{Cell, ColumnSpec, ColumnType, ConvergencePoint, OutputColumns, TaskOutput};

/// The figures of one `runs` row; `None` where the engine has no such
/// figure (it becomes a null in `runs.parquet`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Figures {
    /// The player's expected payoff per dealt hand: the exact optimum (dp),
    /// the equilibrium value (cfr) or the simulated mean (sim).
    pub ev: Option<f64>,
    /// Expected payoff per hand of the best chart (dp).
    pub ev_chart: Option<f64>,
    /// Standard deviation of the payoff per hand.
    pub std_dev: Option<f64>,
    /// Share of hands voided by a dealer surrender.
    pub void_rate: Option<f64>,
    /// How much a best response gains against the solution (cfr).
    pub exploitability: Option<f64>,
    /// Iterations run (cfr).
    pub iterations: Option<u64>,
    /// How often the dealer stops (reveals) at a reveal total facing 3+
    /// cards, over the hands that get there (cfr; `None` when the rules
    /// allow no reveal).
    pub reveal_frequency: Option<f64>,
    /// How often the dealer surrenders a dealt hard 15 (cfr; `None` when the
    /// rules allow no surrender).
    pub surrender_frequency: Option<f64>,
    /// Hands simulated (sim).
    pub hands: Option<u64>,
    /// Standard error of the simulated mean (sim).
    pub std_err: Option<f64>,
    /// (simulated mean - exact value) / standard error (sim).
    pub z: Option<f64>,
    /// The exact value the simulation is checked against (sim).
    pub exact: Option<f64>,
    /// The seed of a random engine.
    pub seed: Option<u64>,
    /// Wall-clock seconds the engine took.
    pub seconds: f64,
}

/// Whose decision a strategy row describes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The player.
    Player,
    /// The dealer (banker).
    Dealer,
}

impl Side {
    /// The name written to `strategies.parquet`.
    pub fn as_str(self) -> &'static str {
        match self {
            Side::Player => "player",
            Side::Dealer => "dealer",
        }
    }
}

/// One action in an information set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Move {
    /// Draw a card.
    Hit,
    /// Stop drawing.
    Stand,
    /// Settle 3+-card players at a reveal total (dealer).
    Reveal,
    /// Void the hand with a two-card hard 15 (dealer).
    Surrender,
    /// Play a hard 15 on instead of surrendering it (dealer).
    Play,
}

impl Move {
    /// The name written to `strategies.parquet`.
    pub fn as_str(self) -> &'static str {
        match self {
            Move::Hit => "hit",
            Move::Stand => "stand",
            Move::Reveal => "reveal",
            Move::Surrender => "surrender",
            Move::Play => "play",
        }
    }
}

/// One row of `strategies.parquet` (a chart cell) or of `hands.parquet`
/// (one composition, `hand` set), without the variant and engine: how
/// often `side` takes `action` in one information set. The actions of an
/// information set have one row each and their frequencies add up to 1.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StrategyRow {
    /// Whose decision.
    pub side: Side,
    /// Cards held by `side`.
    pub cards: u8,
    /// Their total.
    pub total: u8,
    /// Whether the total is soft.
    pub soft: bool,
    /// The dealer's upcard, when the rules show one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upcard: Option<char>,
    /// Cards the player holds (dealer rows).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player_cards: Option<u8>,
    /// The composition, ranks high to low (e.g. `A75`); `None` for a chart
    /// cell, which covers every composition with these cards and total.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand: Option<String>,
    /// The action.
    pub action: Move,
    /// How often the action is taken, 0..=1.
    pub frequency: f64,
    /// Expected payoff of standing, when the engine knows it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ev_stand: Option<f64>,
    /// Expected payoff of hitting, when the engine knows it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ev_hit: Option<f64>,
}

/// Everything one Banluck engine reports for one variant.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Output {
    /// The figures of the `runs` row.
    pub figures: Figures,
    /// The `strategies` rows.
    pub strategies: Vec<StrategyRow>,
    /// The `convergence` rows.
    pub convergence: Vec<ConvergencePoint>,
}

const fn col(name: &'static str, ty: ColumnType) -> ColumnSpec {
    ColumnSpec::new(name, ty)
}

/// The figure columns of `runs.parquet` and the decision columns of
/// `strategies.parquet` (and `hands.parquet`) that Banluck's engines fill,
/// in file order.
pub const COLUMNS: OutputColumns = OutputColumns {
    figures: &[
        col("ev", ColumnType::F64),
        col("ev_chart", ColumnType::F64),
        col("std_dev", ColumnType::F64),
        col("void_rate", ColumnType::F64),
        col("exploitability", ColumnType::F64),
        col("iterations", ColumnType::U64),
        col("reveal_frequency", ColumnType::F64),
        col("surrender_frequency", ColumnType::F64),
        col("hands", ColumnType::U64),
        col("std_err", ColumnType::F64),
        col("z", ColumnType::F64),
        col("exact", ColumnType::F64),
    ],
    decisions: &[
        col("side", ColumnType::Str),
        col("cards", ColumnType::I32),
        col("total", ColumnType::I32),
        col("soft", ColumnType::Bool),
        col("upcard", ColumnType::Str),
        col("player_cards", ColumnType::I32),
        col("hand", ColumnType::Str),
        col("action", ColumnType::Str),
        col("frequency", ColumnType::F64),
        col("ev_stand", ColumnType::F64),
        col("ev_hit", ColumnType::F64),
    ],
    // The DP engine's rows for single compositions (`hand` set) go to
    // `hands.parquet`; the chart cells (every engine) stay in
    // `strategies.parquet`.
    hand_column: Some("hand"),
};

impl StrategyRow {
    /// The row's cells in the order of [`COLUMNS`]`.decisions`.
    fn cells(&self) -> Vec<Cell> {
        vec![
            Cell::Str(self.side.as_str().into()),
            Cell::I32(i32::from(self.cards)),
            Cell::I32(i32::from(self.total)),
            Cell::Bool(self.soft),
            self.upcard.map(String::from).into(),
            self.player_cards.map(i32::from).into(),
            self.hand.clone().into(),
            Cell::Str(self.action.as_str().into()),
            Cell::F64(self.frequency),
            self.ev_stand.into(),
            self.ev_hit.into(),
        ]
    }
}

impl From<Output> for TaskOutput {
    fn from(output: Output) -> Self {
        let f = &output.figures;
        let figures = [
            ("ev", f.ev.into()),
            ("ev_chart", f.ev_chart.into()),
            ("std_dev", f.std_dev.into()),
            ("void_rate", f.void_rate.into()),
            ("exploitability", f.exploitability.into()),
            ("iterations", f.iterations.into()),
            ("reveal_frequency", f.reveal_frequency.into()),
            ("surrender_frequency", f.surrender_frequency.into()),
            ("hands", f.hands.into()),
            ("std_err", f.std_err.into()),
            ("z", f.z.into()),
            ("exact", f.exact.into()),
        ]
        .into_iter()
        .filter(|(_, cell): &(&str, Cell)| *cell != Cell::Null)
        .map(|(name, cell)| (name.to_string(), cell))
        .collect();
        TaskOutput {
            figures,
            decisions: output.strategies.iter().map(StrategyRow::cells).collect(),
            convergence: output.convergence,
            seed: f.seed,
            seconds: f.seconds,
        }
    }
}
