//! banluck-lab: game-theoretically optimal play for house-banked card games
//! whose rules live in data.
//!
//! The flow runs one way: `rules/*.toml` → [`rules::load_rules`] (defaults,
//! file with its `extends` chain, environment, `--set`) → a family's rules
//! ([`games::banluck::rules::RuleSet`]) → its compiled rules
//! ([`games::banluck::rules::CompiledRules::compile`]) → the engines (Banluck's
//! [`games::banluck::dp`] and [`games::banluck::equilibrium`], the generic
//! [`cfr`], the Monte Carlo driver [`sim`]) → solutions → reports. Generic
//! modules ([`cards`], [`rules`], [`cfr`], [`sim`], [`lab`], [`report`])
//! know no game; each game family has its own
//! folder under [`games`], and [`studies`] holds what uses two families.
//! [`lab`] runs an experiment file's grid of rule variants through the
//! engines (parallel, cached, sharded); [`report`] writes the Parquet tables
//! and the Markdown/HTML reports.

pub mod atomic;
pub mod cards;
pub mod cfr;
pub mod cli;
pub mod explore;
pub mod fingerprint;
pub mod games;
pub mod guard;
pub mod input;
pub mod json_int;
pub mod lab;
pub mod limits;
pub mod report;
pub mod rules;
pub mod sim;
pub mod studies;
mod wide;
