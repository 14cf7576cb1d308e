//! The baccarat engines' output columns: the figures of a `runs` row
//! (exact: each bet's EV and each outcome's probability; sim: the same
//! simulated, with standard errors and z against exact; count: per side
//! bet the counter's and the perfect-information bettor's figures) and the
//! decision rows, which for baccarat are the count study's side-bet EV by
//! true count. Every engine leaves the figures it has no value for null.

use crate::lab::{Cell, ColumnSpec, ColumnType, OutputColumns};

/// The figure columns of `runs.parquet`, in file order:
///
/// - `ev_<bet>`: EV per unit (exact, or the simulated mean);
///   `se_<bet>`: its standard error (sim);
/// - `p_<outcome>`: probability (exact) or frequency (sim) per coup, Player
///   wins including Panda 8; `z_<outcome>`: sim against exact;
///   `max_abs_z`, `hands`, `shoes`, `hands_per_shoe` (sim, count);
/// - `<side bet>_trigger` and `<side bet>_<counter|perfect>_<figure>`
///   (count): share of hands bet, edge when betting and its standard
///   error, z of that edge against the mean exact EV of the hands bet,
///   exact EV bet per shoe, units won per shoe (each with its standard
///   error).
pub const FIGURES: &[ColumnSpec] = &[
    ColumnSpec::new("ev_banker", ColumnType::F64),
    ColumnSpec::new("ev_player", ColumnType::F64),
    ColumnSpec::new("ev_tie", ColumnType::F64),
    ColumnSpec::new("ev_dragon7", ColumnType::F64),
    ColumnSpec::new("ev_panda8", ColumnType::F64),
    ColumnSpec::new("se_banker", ColumnType::F64),
    ColumnSpec::new("se_player", ColumnType::F64),
    ColumnSpec::new("se_tie", ColumnType::F64),
    ColumnSpec::new("se_dragon7", ColumnType::F64),
    ColumnSpec::new("se_panda8", ColumnType::F64),
    ColumnSpec::new("p_banker_win", ColumnType::F64),
    ColumnSpec::new("p_dragon7", ColumnType::F64),
    ColumnSpec::new("p_player_win", ColumnType::F64),
    ColumnSpec::new("p_panda8", ColumnType::F64),
    ColumnSpec::new("p_tie", ColumnType::F64),
    ColumnSpec::new("z_banker_win", ColumnType::F64),
    ColumnSpec::new("z_dragon7", ColumnType::F64),
    ColumnSpec::new("z_player_win", ColumnType::F64),
    ColumnSpec::new("z_panda8", ColumnType::F64),
    ColumnSpec::new("z_tie", ColumnType::F64),
    ColumnSpec::new("max_abs_z", ColumnType::F64),
    ColumnSpec::new("hands", ColumnType::U64),
    ColumnSpec::new("shoes", ColumnType::U64),
    ColumnSpec::new("hands_per_shoe", ColumnType::F64),
    ColumnSpec::new("dragon7_trigger", ColumnType::F64),
    ColumnSpec::new("dragon7_counter_share_bet", ColumnType::F64),
    ColumnSpec::new("dragon7_counter_edge", ColumnType::F64),
    ColumnSpec::new("dragon7_counter_edge_se", ColumnType::F64),
    ColumnSpec::new("dragon7_counter_z", ColumnType::F64),
    ColumnSpec::new("dragon7_counter_ev_per_shoe", ColumnType::F64),
    ColumnSpec::new("dragon7_counter_ev_per_shoe_se", ColumnType::F64),
    ColumnSpec::new("dragon7_counter_won_per_shoe", ColumnType::F64),
    ColumnSpec::new("dragon7_counter_won_per_shoe_se", ColumnType::F64),
    ColumnSpec::new("dragon7_perfect_share_bet", ColumnType::F64),
    ColumnSpec::new("dragon7_perfect_edge", ColumnType::F64),
    ColumnSpec::new("dragon7_perfect_edge_se", ColumnType::F64),
    ColumnSpec::new("dragon7_perfect_z", ColumnType::F64),
    ColumnSpec::new("dragon7_perfect_ev_per_shoe", ColumnType::F64),
    ColumnSpec::new("dragon7_perfect_ev_per_shoe_se", ColumnType::F64),
    ColumnSpec::new("dragon7_perfect_won_per_shoe", ColumnType::F64),
    ColumnSpec::new("dragon7_perfect_won_per_shoe_se", ColumnType::F64),
    ColumnSpec::new("panda8_trigger", ColumnType::F64),
    ColumnSpec::new("panda8_counter_share_bet", ColumnType::F64),
    ColumnSpec::new("panda8_counter_edge", ColumnType::F64),
    ColumnSpec::new("panda8_counter_edge_se", ColumnType::F64),
    ColumnSpec::new("panda8_counter_z", ColumnType::F64),
    ColumnSpec::new("panda8_counter_ev_per_shoe", ColumnType::F64),
    ColumnSpec::new("panda8_counter_ev_per_shoe_se", ColumnType::F64),
    ColumnSpec::new("panda8_counter_won_per_shoe", ColumnType::F64),
    ColumnSpec::new("panda8_counter_won_per_shoe_se", ColumnType::F64),
    ColumnSpec::new("panda8_perfect_share_bet", ColumnType::F64),
    ColumnSpec::new("panda8_perfect_edge", ColumnType::F64),
    ColumnSpec::new("panda8_perfect_edge_se", ColumnType::F64),
    ColumnSpec::new("panda8_perfect_z", ColumnType::F64),
    ColumnSpec::new("panda8_perfect_ev_per_shoe", ColumnType::F64),
    ColumnSpec::new("panda8_perfect_ev_per_shoe_se", ColumnType::F64),
    ColumnSpec::new("panda8_perfect_won_per_shoe", ColumnType::F64),
    ColumnSpec::new("panda8_perfect_won_per_shoe_se", ColumnType::F64),
];

/// The decision columns of `strategies.parquet` (count only): by side bet
/// and true-count bucket (`true_count` is the bucket's floor), the hands
/// dealt, their mean exact EV and their mean result.
pub const DECISIONS: &[ColumnSpec] = &[
    ColumnSpec::new("bet", ColumnType::Str),
    ColumnSpec::new("true_count", ColumnType::I32),
    ColumnSpec::new("hands", ColumnType::U64),
    ColumnSpec::new("mean_exact_ev", ColumnType::F64),
    ColumnSpec::new("mean_result", ColumnType::F64),
];

/// Baccarat's output columns.
pub const COLUMNS: OutputColumns = OutputColumns {
    figures: FIGURES,
    decisions: DECISIONS,
    hand_column: None,
};

/// A `runs` row being filled, by column name.
#[derive(Debug, Default)]
pub struct Row(pub Vec<(String, Cell)>);

impl Row {
    /// Sets the float figure `name`.
    pub fn float(&mut self, name: impl Into<String>, value: f64) {
        self.0.push((name.into(), Cell::F64(value)));
    }

    /// Sets the whole-number figure `name`.
    pub fn whole(&mut self, name: impl Into<String>, value: u64) {
        self.0.push((name.into(), Cell::U64(value)));
    }
}
