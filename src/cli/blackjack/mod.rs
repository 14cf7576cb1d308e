//! Blackjack's printing: the exact solve, a chart's evaluation and the
//! simulation (reached through the Banluck commands' `--rules`).

pub mod chart_eval_out;
pub mod simulate_out;
pub mod solve_out;
