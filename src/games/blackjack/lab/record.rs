//! The blackjack engines' output columns: the figures of a `runs` row and
//! the decision rows of `strategies` (the best-moves chart). Every engine
//! leaves the figures it has no value for null.

use crate::games::blackjack::rules::SplitAlgorithm;
use crate::lab::{ColumnSpec, ColumnType, OutputColumns};

/// The figure columns of `runs.parquet`, in file order:
///
/// - `ev`: the player's EV per round with the best composition-dependent
///   play, in units of the initial bet, under the rules' own
///   `split.algorithm` (`exact`), or the simulated mean (`sim`);
///   `ev_percent`: the same in percent;
/// - `ev_cdz`, `ev_cdp1`, `ev_cdp`: the EV with `split.algorithm` set to
///   `cdz-`, `cdp1` and `cdp`, for the algorithms the engine was asked for
///   (`[engines.exact] algorithms`);
/// - `sim` only: `se`, the mean's standard error; `z`, its difference from
///   the exact EV in standard errors; `rounds` played; `split_cells`, the
///   pair-upcard cells whose split hands were checked against the exact
///   split value, and `split_max_abs_z`, the largest |z| among them.
pub const FIGURES: &[ColumnSpec] = &[
    ColumnSpec::new("ev", ColumnType::F64),
    ColumnSpec::new("ev_percent", ColumnType::F64),
    ColumnSpec::new("ev_cdz", ColumnType::F64),
    ColumnSpec::new("ev_cdp1", ColumnType::F64),
    ColumnSpec::new("ev_cdp", ColumnType::F64),
    ColumnSpec::new("se", ColumnType::F64),
    ColumnSpec::new("z", ColumnType::F64),
    ColumnSpec::new("rounds", ColumnType::U64),
    ColumnSpec::new("split_cells", ColumnType::U64),
    ColumnSpec::new("split_max_abs_z", ColumnType::F64),
];

/// The decision columns of `strategies.parquet`: one row per cell of the
/// best-moves chart (`row` as `hard 12`, `soft 17`, `pair 8`; the upcard
/// `2`..`9`, `T`, `A`; the move's chart code S, H, Dh, Ds, P, Rh, Rs; and
/// whether some two-card hand of the cell plays otherwise).
pub const DECISIONS: &[ColumnSpec] = &[
    ColumnSpec::new("row", ColumnType::Str),
    ColumnSpec::new("upcard", ColumnType::Str),
    ColumnSpec::new("move", ColumnType::Str),
    ColumnSpec::new("mixed", ColumnType::Bool),
];

/// Blackjack's output columns.
pub const COLUMNS: OutputColumns = OutputColumns {
    figures: FIGURES,
    decisions: DECISIONS,
    hand_column: None,
};

/// The figure column of the EV under `algorithm`.
pub fn ev_column(algorithm: SplitAlgorithm) -> &'static str {
    match algorithm {
        SplitAlgorithm::CdzMinus => "ev_cdz",
        SplitAlgorithm::Cdp1 => "ev_cdp1",
        SplitAlgorithm::Cdp => "ev_cdp",
    }
}
