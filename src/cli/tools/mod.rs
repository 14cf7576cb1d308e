//! The commands about files and the shell: init, rules, completions and man.

pub mod init;
pub mod rules;
pub mod shell;
