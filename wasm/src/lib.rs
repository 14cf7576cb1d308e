//! The banluck-lab poker solver as WebAssembly: the main crate's poker
//! modules and its vector-form CFR core, compiled from the main crate's own
//! source files (`#[path]` below, so there is one copy of the solver), and a
//! plain C ABI for the page's JavaScript ([`abi`]).
//!
//! The module tree repeats the main crate's (`crate::cfr`,
//! `crate::games::poker`, `crate::limits`, `crate::wide`), so the shared
//! files compile here unchanged. Only what a solve needs is included: no lab, report, CLI,
//! polars or SQLite. `games::poker::lab` is left out, which is why the
//! poker folder's `mod.rs` is not used and its modules are listed here.

#[path = "../../src/cfr/mod.rs"]
pub mod cfr;

#[path = "../../src/limits.rs"]
pub mod limits;

/// Of the main crate's `input` module, the poker sources use only `clip`
/// (user text shortened in errors): its file stands for the module here.
#[path = "../../src/input/clip.rs"]
pub mod input;

#[path = "../../src/wide.rs"]
mod wide;

pub mod games;

pub mod abi;
mod session;
mod spot;
mod view;
