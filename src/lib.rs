//! banluck-lab: game-theoretically optimal play for house-banked card games
//! whose rules live in data.
//!
//! The flow runs one way: `rules/*.toml` → [`rules::load_rules`] (defaults,
//! file with its `extends` chain, environment, `--set`) → [`rules::RuleSet`]
//! → [`rules::RuleTable::compile`] → the engines ([`solve::dp`],
//! [`solve::equilibrium`], the generic [`solve::cfr`]) → solutions → reports.
//! The simulators play the same tables: [`sim`] heads-up, [`multi`] with up
//! to seven players, and [`rotation`] passes the bank over sessions.
//! [`experiment`] runs an experiment file's grid of rule variants through
//! the engines (parallel, cached, sharded); [`report`] writes the Parquet
//! tables and the Markdown/HTML reports.

pub mod atomic;
pub mod cards;
pub mod cli;
pub mod experiment;
pub mod fingerprint;
pub mod games;
pub mod multi;
pub mod report;
pub mod rotation;
pub mod rules;
pub mod sim;
pub mod solve;
pub mod strategy;
pub mod strategy_file;
