//! EZ Baccarat's commands: exact, removal, simulate, count and the table game.

pub mod command;
pub mod count;
pub mod play;
pub mod rules_args;
