//! The poker family's output columns: the figures of a `runs` row (the
//! spot's size, the solve's value, exploitability and bracket, and the
//! aggregate frequencies of OOP's root and of IP's node after a check) and
//! the decision rows of `strategies.parquet`, one per decision node × hand
//! × action.

use crate::lab::{ColumnSpec, ColumnType, OutputColumns};

/// The figure columns of `runs.parquet`, in file order:
///
/// - `pot`, `stack` (the effective stack), `target` (the stopping
///   exploitability): chips; `oop_combos`, `ip_combos`: hands in each
///   range off the board;
/// - `value_oop`, `value_ip`: chip EV of each player (they sum to the
///   pot); `exploitability` (chips) and `exploitability_pct_pot`;
///   `bracket_lo`, `bracket_hi`: OOP's game value lies between them;
///   `iterations`;
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
    ColumnSpec::new("oop_root", ColumnType::Str),
    ColumnSpec::new("oop_check", ColumnType::F64),
    ColumnSpec::new("oop_bet", ColumnType::F64),
    ColumnSpec::new("ip_after_check", ColumnType::Str),
    ColumnSpec::new("ip_check_after_check", ColumnType::F64),
    ColumnSpec::new("ip_bet_after_check", ColumnType::F64),
];

/// The decision columns of `strategies.parquet`: the node's path in
/// history notation (`""` the root, `x`, `b20`, `xb45r110`), the acting
/// role (`OOP`, `IP`), the combo (`AsKd`) and its 13×13 class (`AKo`), the
/// action, the average strategy's frequency of the action for the hand,
/// and the hand's reach weight at the node (its range weight times its own
/// actions' frequencies on the way; the same on every action row).
pub const DECISIONS: &[ColumnSpec] = &[
    ColumnSpec::new("node", ColumnType::Str),
    ColumnSpec::new("player", ColumnType::Str),
    ColumnSpec::new("hand", ColumnType::Str),
    ColumnSpec::new("class", ColumnType::Str),
    ColumnSpec::new("action", ColumnType::Str),
    ColumnSpec::new("frequency", ColumnType::F64),
    ColumnSpec::new("reach", ColumnType::F64),
];

/// The poker family's output columns.
pub const COLUMNS: OutputColumns = OutputColumns {
    figures: FIGURES,
    decisions: DECISIONS,
};
