//! Banluck in the experiment runner: the family ([`family::Banluck`]: its
//! rules for a grid variant, its engines dp, cfr and sim read from
//! `[engines]`), the engines ([`engines`]: each maps its solution into the
//! lab's generic task output), their typed figures and strategy rows with
//! the declared columns ([`record`]) and the grid report ([`report`]).

pub mod engines;
pub mod family;
pub mod record;
pub mod report;
pub mod starter;
