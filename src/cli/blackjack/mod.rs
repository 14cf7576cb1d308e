//! Blackjack's commands (solve, advise, simulate) and their printing: the
//! exact solve, a chart's evaluation, one hand's advice and the simulation.

pub mod advise_out;
pub mod chart_eval_out;
pub mod command;
pub mod simulate_out;
pub mod solve_out;
