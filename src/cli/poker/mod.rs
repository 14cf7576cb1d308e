//! Poker's commands: `poker range`, `poker tree`, `poker solve` (river, turn
//! and flop spots), `poker show` and `poker page`, with their arguments and
//! printing modules.

pub mod command;
pub mod dry_run;
pub mod memory;
pub mod page;
pub mod print_json;
pub mod print_text;
pub mod solve;
pub mod solve_args;
pub mod spot;
pub mod tree_out;
