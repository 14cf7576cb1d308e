//! Banluck's experiment kinds beside the grid, each a lab study with its
//! section, computation, tables and report: the rotating bank
//! ([`rotation`], `kind = "rotation"`), the strategic dealer at a table of K
//! seats ([`table`], `kind = "table"`) and card counting ([`counting`],
//! `kind = "counting"`).

pub mod counting;
pub mod rotation;
pub mod table;
