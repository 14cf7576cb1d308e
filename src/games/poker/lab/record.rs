//! The poker family's output columns: the figures of a `runs` row (the
//! spot's size, the solve's value, exploitability and bracket, its work,
//! and the aggregate frequencies of OOP's root and of IP's node after a
//! check), the decision rows of `strategies.parquet`, one per reported
//! decision node × hand × action, and the family's convergence columns.

use crate::lab::{ColumnSpec, ColumnType, OutputColumns};

/// The figure columns of `runs.parquet`, in file order:
///
/// - `pot`, `stack` (the effective stack), `target` (the stopping
///   exploitability): chips; `oop_combos`, `ip_combos`: hands in each
///   range off the board;
/// - `value_oop`, `value_ip`: chip EV of each player (they sum to the
///   pot); `exploitability` (chips) and `exploitability_pct_pot`;
///   `bracket_lo`, `bracket_hi`: OOP's game value lies between them;
///   `iterations`; `algorithm` (`dcfr`, `cfr+`, `mccfr-es`, `mccfr-os`);
///   `work` (terminal hand values computed by the iterations, see
///   [`super::measure`]); `river_card`: on a turn spot, the river card
///   whose first river decisions are reported (null on a river spot);
/// - `oop_root`: OOP's root frequencies as `action=share` pairs in action
///   order (`x=0.71,b20=0.18,b45=0.11`), `oop_check` and `oop_bet` (every
///   bet size together); `ip_after_check`, `ip_check_after_check` and
///   `ip_bet_after_check` the same for IP once OOP has checked. Shares are
///   weighted by each hand's reach (its range weight times its own
///   earlier actions).
pub const FIGURES: &[ColumnSpec] = &[
    ColumnSpec::new("pot", ColumnType::F64),
    ColumnSpec::new("stack", ColumnType::F64),
    ColumnSpec::new("target", ColumnType::F64),
    ColumnSpec::new("oop_combos", ColumnType::U64),
    ColumnSpec::new("ip_combos", ColumnType::U64),
    ColumnSpec::new("value_oop", ColumnType::F64),
    ColumnSpec::new("value_ip", ColumnType::F64),
    ColumnSpec::new("exploitability", ColumnType::F64),
    ColumnSpec::new("exploitability_pct_pot", ColumnType::F64),
    ColumnSpec::new("bracket_lo", ColumnType::F64),
    ColumnSpec::new("bracket_hi", ColumnType::F64),
    ColumnSpec::new("iterations", ColumnType::U64),
    ColumnSpec::new("algorithm", ColumnType::Str),
    ColumnSpec::new("work", ColumnType::U64),
    ColumnSpec::new("river_card", ColumnType::Str),
    ColumnSpec::new("oop_root", ColumnType::Str),
    ColumnSpec::new("oop_check", ColumnType::F64),
    ColumnSpec::new("oop_bet", ColumnType::F64),
    ColumnSpec::new("ip_after_check", ColumnType::Str),
    ColumnSpec::new("ip_check_after_check", ColumnType::F64),
    ColumnSpec::new("ip_bet_after_check", ColumnType::F64),
];

/// The decision columns of `strategies.parquet`: the node's path (on a
/// river spot in history notation, `""` the root, `x`, `b20`,
/// `xb45r110`; on a turn spot in path notation with the river card,
/// `x b20 c 2c`), the acting role (`OOP`, `IP`), the combo (`AsKd`) and
/// its 13×13 class (`AKo`), the action, the average strategy's frequency
/// of the action for the hand, the hand's reach weight at the node (its
/// range weight times its own actions' frequencies on the way, 0 holding
/// the river card), its made-hand category on the node's board (`pair`,
/// `flush`), and on a turn spot its chip EV at the node given that it is
/// there (`ev`, null where no opponent hand meets it) with the chance of
/// being there with it (`ev_weight`, which weighs EVs of several hands).
/// The same hand has the same reach, category and EV on every action row.
/// A turn spot reports its turn decisions and, for one river card, the
/// first river decision after each turn line.
pub const DECISIONS: &[ColumnSpec] = &[
    ColumnSpec::new("node", ColumnType::Str),
    ColumnSpec::new("player", ColumnType::Str),
    ColumnSpec::new("hand", ColumnType::Str),
    ColumnSpec::new("class", ColumnType::Str),
    ColumnSpec::new("action", ColumnType::Str),
    ColumnSpec::new("frequency", ColumnType::F64),
    ColumnSpec::new("reach", ColumnType::F64),
    ColumnSpec::new("category", ColumnType::Str),
    ColumnSpec::new("ev", ColumnType::F64),
    ColumnSpec::new("ev_weight", ColumnType::F64),
];

/// The family's columns of `convergence.parquet`, after `iteration`,
/// `exploitability` (chips) and `value` (OOP's chip EV): `work`, the
/// terminal hand values computed by the iterations so far (deterministic,
/// see [`super::measure`]), and `exploitability_pct_pot`. The seconds are
/// in the uncommitted `timings.parquet`.
pub const CONVERGENCE: &[ColumnSpec] = &[
    ColumnSpec::new("work", ColumnType::U64),
    ColumnSpec::new("exploitability_pct_pot", ColumnType::F64),
];

/// The poker family's output columns.
pub const COLUMNS: OutputColumns = OutputColumns {
    figures: FIGURES,
    decisions: DECISIONS,
    hand_column: None,
};
