//! Banluck's commands: solve, advise, simulate, count, table and rotation, with
//! their arguments and printing modules.

pub mod advise;
pub mod cfr_chart_out;
pub mod cfr_log;
pub mod command;
pub mod count;
pub mod rotation;
pub mod simulate;
pub mod simulate_args;
pub mod solve;
pub mod solve_args;
pub mod solve_out;
pub mod solve_remove;
pub mod strategy_eval_out;
pub mod table;
pub mod table_args;
pub mod table_counting_out;
pub mod table_dealer_out;
pub mod table_eq_out;
pub mod table_info_out;
pub mod table_strategy;
