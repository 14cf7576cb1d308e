//! Poker's commands: `poker range`, `poker tree`, `poker solve` (river, turn
//! and flop spots), `poker show` and `poker page`, with their arguments and
//! printing modules.

pub mod command;
pub mod flop;
pub mod flop_out;
pub mod memory;
pub mod page;
pub mod solve;
pub mod solve_args;
pub mod solve_out;
pub mod spot;
pub mod tree_out;
pub mod turn;
pub mod turn_out;
