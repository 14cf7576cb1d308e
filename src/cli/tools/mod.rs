//! The game-free commands about files, pages and the shell: init, rules,
//! explore, completions and man.

pub mod explore;
pub mod explore_spot;
pub mod init;
pub mod rules;
pub mod shell;
